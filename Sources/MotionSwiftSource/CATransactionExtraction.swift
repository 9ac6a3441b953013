#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - Implicit layer animations of a transaction

extension LayerAnimationExtraction {
    /// `CATransaction.setAnimationDuration(d)` in a block (between `begin()` and `commit()`, or in
    /// the run loop's own transaction): Core Animation animates what the block changes after it on
    /// standalone layers (implicit animations) over `d` seconds, paced by the transaction's
    /// timing function (`setAnimationTimingFunction`). A view's properties, and those of the
    /// layer a view owns, do not animate so: UIKit turns their implicit animations off. One
    /// animation per call; none (said) when the transaction disables actions or lasts 0 s, and
    /// none inside a UIView animation's closure, whose animation it is part of. O(statements).
    func transactions(in list: CodeBlockItemListSyntax) {
        let items = Array(list)
        for (k, item) in items.enumerated() {
            guard let call = transactionCall(item, "setAnimationDuration"), !Self.insideViewAnimation(call) else { continue }
            let begin = items[..<k].lastIndex { transactionCall($0, "begin") != nil }.map { $0 + 1 } ?? 0
            let end = items[(k + 1)...].firstIndex { transactionCall($0, "commit") != nil } ?? items.count
            transaction(call, block: Array(items[begin..<end]), after: Array(items[(k + 1)..<end]))
        }
    }

    /// The animation of one `setAnimationDuration` call: `block` is its transaction's statements,
    /// `after` those that follow the call.
    private func transaction(_ call: FunctionCallExprSyntax, block: [CodeBlockItemSyntax], after: [CodeBlockItemSyntax]) {
        var gaps: [AnimationDiff.Unreadable] = []
        if block.contains(where: {
            transactionCall($0, "setDisableActions").flatMap { Arguments($0).unlabeled(0) }.flatMap(evaluator.boolLiteral) == true
        }) {
            report(call, "CATransaction.setAnimationDuration with actions disabled (setDisableActions(true)): nothing animates; not read")
            return
        }
        guard let duration = transactionDuration(call, gaps: &gaps) else { return }
        var reasons: [String] = []
        var curve = UnitCurve.linear
        if let set = block.lazy.compactMap({ self.transactionCall($0, "setAnimationTimingFunction") }).last, let e = Arguments(set).unlabeled(0) {
            if let read = evaluator.mediaTimingFunction(e) {
                curve = read
            } else {
                unreadable(
                    e, property: "", field: "timingFunction", "CATransaction timing function `\(code(e))` is not understood; read as linear",
                    gaps: &gaps)
            }
        } else {
            reasons.append(
                "the transaction sets no timing function: its implicit animations are read with linear pacing, Core Animation's documented pacing for an animation without one"
            )
        }
        let animated = after.filter { transactionCall($0, nil) == nil && implicitlyAnimated($0) }
        guard !animated.isEmpty else {
            report(
                call,
                "CATransaction.setAnimationDuration: nothing after it in the transaction changes a standalone layer, so nothing animates; not read")
            return
        }
        let region = animated.first!.position..<animated.last!.endPosition
        let changes = self.changes(in: animated, region: region, before: call, gaps: &gaps)
        let timing = MediaTiming(duration: duration)
        record(
            call.calledExpression, motion: motion(changes, timing: timing, uiTiming: .curve(curve), closure: call, what: "CATransaction"),
            gaps: gaps, reasons: reasons)
    }

    /// The transaction's duration in seconds, or nil (said) when it is 0: the changes are then
    /// made at once. A duration the code does not spell as a literal is the default 0.25 s (or a
    /// parameter's default), marked as an estimate.
    private func transactionDuration(_ call: FunctionCallExprSyntax, gaps: inout [AnimationDiff.Unreadable]) -> Double? {
        guard let e = Arguments(call).unlabeled(0) else { return nil }
        let duration: Double
        if let d = durationValue(e, field: "duration", what: "CATransaction.setAnimationDuration", gaps: &gaps) {
            duration = d
        } else {
            duration = MediaTiming.defaultDuration
            unreadable(
                e, property: "", field: "duration",
                "CATransaction.setAnimationDuration `\(code(e))` is not a literal; Core Animation's default 0.25 s is used, so the timeline is an estimate",
                standIn: "0.25 s, Core Animation's default", gaps: &gaps)
        }
        guard duration > 0, duration.isFinite else {
            report(call, "CATransaction.setAnimationDuration(`\(code(e))`): a duration of 0 makes the changes at once; nothing animates")
            return nil
        }
        return duration
    }

    /// Whether a statement after `setAnimationDuration` may animate implicitly: an assignment to
    /// a property of a standalone layer, or another statement (a call may change layers; read as
    /// progress). An assignment to anything else (a view's property, or its own `layer`'s) does
    /// not animate: said.
    private func implicitlyAnimated(_ item: CodeBlockItemSyntax) -> Bool {
        guard let expr = expression(of: item), let (target, _) = Evaluator.assignmentParts(expr) else { return true }
        var path = target.trimmedDescription.filter { !$0.isWhitespace }.split(separator: ".").map(String.init)
        if path.first == "self" { path.removeFirst() }
        if path.count >= 2, isStandaloneLayer(path[path.count - 2], root: path.count == 2, at: Syntax(item)) { return true }
        report(
            item, "`\(code(item))` in a CATransaction: not a standalone layer's property, which is all a transaction animates implicitly; not read")
        return false
    }

    /// Whether `name` (the receiver of a property change) is a layer no view owns: named `…Layer`
    /// (not a view's own `layer`), or, when it is the first name of the path (`root`), bound in
    /// the file to a new Core Animation layer (`let shade = CAShapeLayer()`).
    private func isStandaloneLayer(_ name: String, root: Bool, at node: Syntax) -> Bool {
        if name != "layer", name.lowercased().hasSuffix("layer") { return true }
        guard root, case .constant(let value) = evaluator.binding(of: name, from: node),
            let call = evaluator.unwrap(value).as(FunctionCallExprSyntax.self), let type = evaluator.typeName(call.calledExpression)
        else { return false }
        return type.hasPrefix("CA") && type.hasSuffix("Layer")
    }

    /// `CATransaction.name(…)` as the statement `item` (any name when `name` is nil).
    func transactionCall(_ item: CodeBlockItemSyntax, _ name: String?) -> FunctionCallExprSyntax? {
        guard let call = expression(of: item)?.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "CATransaction"
        else { return nil }
        return name == nil || access.declName.baseName.text == name ? call : nil
    }

    /// Whether `call` is written inside the closure of a UIView animation (`UIView.animate`,
    /// `animateKeyframes`, `transition`) or of a property animator, within its function. A
    /// `completion:` closure runs after that animation: not inside it.
    private static func insideViewAnimation(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node, !current.is(FunctionDeclSyntax.self) {
            if let closure = current.as(ClosureExprSyntax.self), let (outer, label) = TriggerResolution.owner(of: closure), label != "completion" {
                let callee = outer.calledExpression.trimmedDescription
                if callee.hasPrefix("UIView.") || callee.hasSuffix("addAnimations") || callee.contains("PropertyAnimator") { return true }
            }
            node = current.parent
        }
        return false
    }
}
#endif
