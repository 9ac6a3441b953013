#if MOTIONSYNC_SWIFTSYNTAX
import MotionSwiftSourceModel
internal import SwiftSyntax

// MARK: - AsyncAfterDelay

/// How much later than its action a piece of code runs because `DispatchQueue.main.asyncAfter(deadline:)`
/// closures are wrapped around it, or `Task.sleep` calls come before it in the same task or
/// async body: the sum of their `T`s, seconds. Shared by the haptics (`SensoryFeedbackPairing`),
/// the implicit animations (`ImplicitAnimationExtraction`) and the UIKit and Core Animation ones
/// (`LayerAnimationExtraction`), so a haptic and an animation in the same closure start together.
struct AsyncAfterDelay {
    /// Seconds after the action (0 without an `asyncAfter` around the code or a sleep before it).
    var seconds: Double = 0
    /// The `asyncAfter` calls whose deadline is not `.now() + T` (not counted; the caller reports them).
    var unread: [(call: FunctionCallExprSyntax, deadline: ExprSyntax?)] = []
    /// The `Task.sleep` calls whose duration is not a literal (`for: .seconds(delay)`, `until:`):
    /// not counted, so the start is an estimate (`sleepReasons`; the caller reports them).
    var unreadSleeps: [FunctionCallExprSyntax] = []

    /// Why the start is an estimate, one reason per unread sleep, for the row's `estimates`.
    var sleepReasons: [String] {
        unreadSleeps.map { call in
            guard Evaluator.sleepCall(ExprSyntax(call)) == nil else {
                return "`\(call.trimmedDescription)` before the animation is not a literal duration; counted as 0 s, so the start is an estimate"
            }
            // An app's delaying function around the animation (`doThisAfter(delay) { … }`).
            let written = call.calledExpression.trimmedDescription + "(" + call.arguments.trimmedDescription + ")"
            return "`\(written)` around the animation delays it by seconds that are not a literal; counted as 0 s, so the start is an estimate"
        }
    }
}

extension Evaluator {
    /// The `asyncAfter(deadline: .now() + T)` closures around `node`, innermost first, summed,
    /// plus the `Task.sleep`s before it (`taskSleeps`). `T` is anything `number` reads (seconds),
    /// or `.seconds(n)`, `.milliseconds(n)`, `.microseconds(n)`, `.nanoseconds(n)`
    /// (`DispatchTimeInterval`). O(depth + the statements before `node` in its bodies).
    func asyncAfterDelay(of node: some SyntaxProtocol) -> AsyncAfterDelay {
        var delay = AsyncAfterDelay()
        taskSleeps(before: node, into: &delay)
        var current = node.parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), let (call, _) = TriggerResolution.owner(of: closure),
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "asyncAfter"
            {
                let deadline = Arguments(call)["deadline"]
                if let deadline, let seconds = secondsAfterNow(deadline) {
                    delay.seconds += seconds
                } else {
                    delay.unread.append((call, deadline))
                }
            } else if let closure = n.as(ClosureExprSyntax.self), let (call, _) = TriggerResolution.owner(of: closure),
                let fact = delayingFunction(call),
                let given = fact.label == "_" ? Arguments(call).unlabeled(fact.position) : Arguments(call)[fact.label],
                !given.is(ClosureExprSyntax.self)
            {
                // (A call without the seconds argument is another function of that name.)
                if let seconds = number(given, nil) ?? dispatchInterval(given) { delay.seconds += seconds } else { delay.unreadSleeps.append(call) }
            }
            current = n.parent
        }
        return delay
    }

    /// The app's function `call` calls when it is one that runs its closure later
    /// (`SwiftModuleConstants.delays`: `doThisAfter(0.1) { … }`, `Utils.delay(0.3) { … }`), the
    /// file's own first; another file's is recorded in `module.used`, so the file is read again
    /// when it changes.
    func delayingFunction(_ call: FunctionCallExprSyntax) -> SwiftDelayFact? {
        let access = call.calledExpression.as(MemberAccessExprSyntax.self)
        // A platform type's method (`UIView.animate(…)`) is never the app's, whatever its name.
        if let base = access?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, SwiftFactsScan.isPlatformType(base) { return nil }
        let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? access?.declName.baseName.text
        guard let name, name != "asyncAfter" else { return nil }
        if let own = module.own.delays[name] { return own }
        guard let fact = module.constants.delays[name] else { return nil }
        module.used["delay:" + name] = ModuleConstantReading.digest("\(fact.label) \(fact.position)")
        return fact
    }

    /// Closures whose body runs as soon as the code around them reaches it, so a sleep before
    /// them in that code delays their body: a `Task`, `MainActor.run`, a dispatch to a queue.
    static let runsInline: Set<String> = ["Task", "detached", "run", "async", "asyncAfter"]

    /// The `Task.sleep`s that run before `node`: in each block around it, up to its function or
    /// a closure that does not run inline (`runsInline`: a handler runs later), the statements
    /// before the one holding `node` that are `try await Task.sleep(…)`. Read: `nanoseconds: n`,
    /// `for: .seconds(x)` (and `.milliseconds`, `.microseconds`, `.nanoseconds`); any other is
    /// put in `unreadSleeps`.
    func taskSleeps(before node: some SyntaxProtocol, into delay: inout AsyncAfterDelay) {
        var child = Syntax(node)
        var current = node.parent
        while let n = current {
            if n.is(FunctionDeclSyntax.self) || n.is(AccessorBlockSyntax.self) || n.is(MemberBlockSyntax.self) { return }
            if let closure = n.as(ClosureExprSyntax.self) {
                guard let (call, _) = TriggerResolution.owner(of: closure) else { return }
                let callee =
                    call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? call.calledExpression.as(
                        DeclReferenceExprSyntax.self)?.baseName.text ?? ""
                guard Self.runsInline.contains(callee) else { return }
            }
            if let list = n.as(CodeBlockItemListSyntax.self) {
                for (end, sleep) in sleeps(in: list) where end <= child.position {
                    if let seconds = sleepSeconds(sleep) { delay.seconds += seconds } else { delay.unreadSleeps.append(sleep) }
                }
            }
            child = n
            current = n.parent
        }
    }

    /// The `Task.sleep` statements of `list` with where each ends, found once per block: a block
    /// of n animations would otherwise be read n times over. O(statements) the first time.
    func sleeps(in list: CodeBlockItemListSyntax) -> [(end: AbsolutePosition, call: FunctionCallExprSyntax)] {
        if let known = index.sleepStatements[list.id] { return known }
        let found = list.compactMap { item in expression(of: item).flatMap(Self.sleepCall).map { (item.endPosition, $0) } }
        index.sleepStatements[list.id] = found
        return found
    }

    /// `Task.sleep(…)` under `try`/`try?`/`await`, nil for any other expression.
    static func sleepCall(_ expr: ExprSyntax) -> FunctionCallExprSyntax? {
        var e = expr
        while true {
            if let t = e.as(TryExprSyntax.self) { e = t.expression } else if let a = e.as(AwaitExprSyntax.self) { e = a.expression } else { break }
        }
        guard let call = e.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "sleep", access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
        else { return nil }
        return call
    }

    /// A `Task.sleep`'s seconds: `nanoseconds: n` (or the old unlabeled `n`), `for: .seconds(x)`,
    /// `.milliseconds(x)`, `.microseconds(x)`, `.nanoseconds(x)`; nil for anything else.
    func sleepSeconds(_ call: FunctionCallExprSyntax) -> Double? {
        let arguments = Arguments(call)
        if let n = arguments["nanoseconds"] ?? arguments.unlabeled(0) { return number(n, nil).map { $0 / 1e9 } }
        guard let duration = arguments["for"], let inner = unwrap(duration).as(FunctionCallExprSyntax.self),
            let access = inner.calledExpression.as(MemberAccessExprSyntax.self), isTypeName(access.base, ["Duration"]),
            inner.arguments.count == 1, let only = inner.arguments.first, only.label == nil, let n = number(only.expression, nil), n >= 0
        else { return nil }
        switch access.declName.baseName.text {
        case "seconds": return n
        case "milliseconds": return n / 1e3
        case "microseconds": return n / 1e6
        case "nanoseconds": return n / 1e9
        default: return nil
        }
    }

    /// `T` of `.now() + T` (also `DispatchTime.now() + T`), seconds; nil for any other deadline.
    private func secondsAfterNow(_ deadline: ExprSyntax) -> Double? {
        guard let sequence = unwrap(deadline).as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+",
            let now = unwrap(elements[0]).as(FunctionCallExprSyntax.self), now.arguments.isEmpty,
            let access = now.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "now",
            isTypeName(access.base, ["DispatchTime"])
        else { return nil }
        let rest = Array(elements.dropFirst(2))
        if rest.count == 1, let interval = dispatchInterval(rest[0]) { return interval }
        let t = rest.count == 1 ? rest[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(rest)))
        return number(t, nil)
    }

    /// `.seconds(n)`, `.milliseconds(n)`, `.microseconds(n)`, `.nanoseconds(n)` in seconds.
    func dispatchInterval(_ expr: ExprSyntax) -> Double? {
        guard let call = unwrap(expr).as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            isTypeName(access.base, ["DispatchTimeInterval"]), call.arguments.count == 1, let only = call.arguments.first, only.label == nil,
            let n = number(only.expression, nil)
        else { return nil }
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
