#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax
import MotionCore

// MARK: - CompletionSequence

/// `withAnimation(A) { x = 1.3 } completion: { withAnimation(B) { x = 1 } }`: B runs when A is
/// complete (iOS 17's `withAnimation(_:completionCriteria:_:completion:)`), from where A left the
/// state. The calls a `completion:` closure holds follow the call that owns it.
enum CompletionSequence {
    /// The `completion:` closure of `call`, if it has one.
    static func completion(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        Arguments(call)["completion"]?.as(ClosureExprSyntax.self)
    }

    /// The nearest `withAnimation` / `withTransaction` call whose `completion:` closure holds
    /// `node`, or nil. O(depth).
    static func owner(of node: some SyntaxProtocol) -> FunctionCallExprSyntax? {
        var current = node.parent
        while let n = current {
            if let call = n.as(FunctionCallExprSyntax.self), isTransactionCall(call),
                let closure = completion(of: call), closure.position <= node.position, node.endPosition <= closure.endPosition
            {
                return call
            }
            current = n.parent
        }
        return nil
    }

    /// Whether `call` is `withAnimation(…)` or `withTransaction(…)` as written: its called
    /// expression is that bare name. Read from the name token, not the called expression's text,
    /// which for a modifier is its whole receiver (a view with n such calls inside made each
    /// ancestor walk n long).
    static func isTransactionCall(_ call: FunctionCallExprSyntax) -> Bool {
        guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return false }
        return ["withAnimation", "withTransaction"].contains(reference.baseName.text)
    }

    /// When (s after its own start) `animation` reports completion: `.logicallyComplete` (the
    /// default; a curve's end, a spring's response: `PhaseAnimation.logicalDuration`) or
    /// `.removed` (the motion over: the spring settled). A repetition completes with its last run;
    /// nil for one that repeats forever (its completion never runs).
    static func completionTime(of animation: ImplicitAnimation, removed: Bool) -> Double? {
        let last = removed ? animation.run.settlingDuration : animation.run.logicalDuration
        switch animation.repetition {
        case .once: return last
        case .count(let n, _): return animation.startDelay + Double(n - 1) * animation.runLength + last
        case .forever: return nil
        }
    }

    /// Whether `call` asks for completion once its animation is removed (`completionCriteria: .removed`).
    static func waitsForRemoval(_ call: FunctionCallExprSyntax) -> Bool {
        Arguments(call)["completionCriteria"]?.trimmedDescription.hasSuffix("removed") ?? false
    }
}
#endif
