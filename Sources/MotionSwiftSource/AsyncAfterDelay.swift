#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - AsyncAfterDelay

/// How much later than its action a piece of code runs because `DispatchQueue.main.asyncAfter(deadline:)`
/// closures are wrapped around it: the sum of their `T`s, seconds. Shared by the haptics
/// (`SensoryFeedbackPairing`) and the implicit animations (`ImplicitAnimationExtraction`), so a
/// haptic and an animation in the same closure start together.
struct AsyncAfterDelay {
    /// Seconds after the action (0 without an `asyncAfter` around the code).
    var seconds: Double = 0
    /// The `asyncAfter` calls whose deadline is not `.now() + T` (not counted; the caller reports them).
    var unread: [(call: FunctionCallExprSyntax, deadline: ExprSyntax?)] = []
}

extension Evaluator {
    /// The `asyncAfter(deadline: .now() + T)` closures around `node`, innermost first, summed.
    /// `T` is anything `number` reads (seconds), or `.seconds(n)`, `.milliseconds(n)`,
    /// `.microseconds(n)`, `.nanoseconds(n)` (`DispatchTimeInterval`). O(depth).
    func asyncAfterDelay(of node: some SyntaxProtocol) -> AsyncAfterDelay {
        var delay = AsyncAfterDelay()
        var current = node.parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), let (call, _) = TriggerResolution.owner(of: closure),
               call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "asyncAfter" {
                let deadline = Arguments(call)["deadline"]
                if let deadline, let seconds = secondsAfterNow(deadline) {
                    delay.seconds += seconds
                } else {
                    delay.unread.append((call, deadline))
                }
            }
            current = n.parent
        }
        return delay
    }

    /// `T` of `.now() + T` (also `DispatchTime.now() + T`), seconds; nil for any other deadline.
    private func secondsAfterNow(_ deadline: ExprSyntax) -> Double? {
        guard let sequence = unwrap(deadline).as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+",
              let now = unwrap(elements[0]).as(FunctionCallExprSyntax.self), now.arguments.isEmpty,
              let access = now.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "now",
              isTypeName(access.base, ["DispatchTime"]) else { return nil }
        let rest = Array(elements.dropFirst(2))
        if rest.count == 1, let interval = dispatchInterval(rest[0]) { return interval }
        let t = rest.count == 1 ? rest[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(rest)))
        return number(t, nil)
    }

    /// `.seconds(n)`, `.milliseconds(n)`, `.microseconds(n)`, `.nanoseconds(n)` in seconds.
    private func dispatchInterval(_ expr: ExprSyntax) -> Double? {
        guard let call = unwrap(expr).as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
              isTypeName(access.base, ["DispatchTimeInterval"]), call.arguments.count == 1, let only = call.arguments.first, only.label == nil,
              let n = number(only.expression, nil) else { return nil }
        switch access.declName.baseName.text {
        case "seconds": return n
        case "milliseconds": return n / 1e3
        case "microseconds": return n / 1e6
        case "nanoseconds": return n / 1e9
        default: return nil
        }
    }
}
#endif
