#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - UIKit animations whose parts are written apart

extension LayerAnimationExtraction {
    /// The reason a UIKit animation whose changes are not written at the call is an estimate:
    /// its animations are a function or a closure held in a name (`animations: setAlpha`, a
    /// parameter), so what moves is not in the call; its timing is. Reported too.
    func heldAnimations(_ body: ExprSyntax?, at call: FunctionCallExprSyntax, what: String) -> String {
        let reason: String
        if let body {
            reason =
                "\(what): the animations are `\(code(body))`, not a closure written here; what moves is not read: progress 0 → 1 over the call's timing"
        } else {
            reason = "\(what): no animations closure; what moves is not read: progress 0 → 1 over the call's timing"
        }
        report(body ?? ExprSyntax(call), reason)
        return reason
    }

    /// `x.addAnimations { … }` on an animator not made with `UIViewPropertyAnimator(…)` earlier in
    /// the same function (those are read with it): a stored animator, a parameter, one a factory
    /// method returns. Its own row, timed by the animator's constructor when the file shows which
    /// one makes it (`animatorConstructor`), else by Core Animation's 0.25 s, marked estimated.
    func addedAnimations(_ call: FunctionCallExprSyntax, _ access: MemberAccessExprSyntax) {
        guard let base = access.base else { return }
        let receiver = Self.receiverName(base)
        if let receiver, madeInFunction(receiver, before: call) { return }
        var gaps: [AnimationDiff.Unreadable] = []
        var reasons: [String] = []
        var timing = MediaTiming()
        var uiTiming: UIKitTiming = .curve(.easeInOut)
        if let receiver, let constructor = animatorConstructor(receiver, around: call) {
            (timing, uiTiming) = animatorTiming(Arguments(constructor), gaps: &gaps)
        } else {
            let reason =
                "addAnimations on `\(code(base))`: the animator is made where this file does not show; its timing is not read: Core Animation's 0.25 s and ease-in-ease-out stand in"
            report(access.declName, reason)
            reasons.append(reason)
        }
        let arguments = Arguments(call)
        if let e = arguments["delayFactor"] {
            if let f = evaluator.layerNumber(e), (0..<1).contains(f) {
                timing.beginTime = f * timing.basicDuration
                timing.duration = (1 - f) * timing.basicDuration
            } else {
                unreadable(
                    e, property: "", field: "delayFactor", "addAnimations delayFactor `\(code(e))` is not a literal in 0..<1; no delay used",
                    gaps: &gaps)
            }
        }
        let body = arguments.unlabeled(0)
        var found: [Change]?
        if let closure = body?.as(ClosureExprSyntax.self) {
            found = changes(in: closure, before: call, gaps: &gaps)
        } else {
            reasons.append(heldAnimations(body, at: call, what: "addAnimations"))
        }
        let motion = motion(found, timing: timing, uiTiming: uiTiming, closure: body ?? ExprSyntax(call), what: "addAnimations")
        record(access.declName, motion: motion, gaps: gaps, reasons: reasons)
    }

    /// `animator`, `self.animator`: the name an animator is held in.
    static func receiverName(_ base: ExprSyntax) -> String? {
        if let ref = base.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let access = base.as(MemberAccessExprSyntax.self), access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return access.declName.baseName.text
        }
        return nil
    }

    /// Whether the function around `call` makes `name` with `UIViewPropertyAnimator(…)` before it
    /// (`let name = …` or `name = …`): then `propertyAnimators(in:)` reads the call with it.
    func madeInFunction(_ name: String, before call: FunctionCallExprSyntax) -> Bool {
        guard let body = enclosingBody else { return false }
        return Self.constructors(of: name, in: body, evaluator: evaluator).contains { $0.position < call.position && $0.isDirect }
    }

    /// The `UIViewPropertyAnimator(…)` that makes the animator `name`: bound or assigned in the
    /// function around `call`, or in the file (a stored property), directly or through a method of
    /// the file that returns one (`let animator = Self.animator()`). The last before the call in
    /// the function wins, else the first in the file.
    func animatorConstructor(_ name: String, around call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        if let body = enclosingBody,
            let local = Self.constructors(of: name, in: body, evaluator: evaluator).last(where: { $0.position < call.position })
        {
            return local.isDirect ? local.call : factoryConstructor(local.call)
        }
        guard let any = Self.constructors(of: name, in: Syntax(tree), evaluator: evaluator).first else { return nil }
        return any.isDirect ? any.call : factoryConstructor(any.call)
    }

    /// The `UIViewPropertyAnimator(…)` a method of this file named like `call`'s callee returns.
    func factoryConstructor(_ call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        let callee =
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard let callee else { return nil }
        for function in tree.tokens(viewMode: .sourceAccurate).lazy.compactMap({ $0.parent?.as(FunctionDeclSyntax.self) })
        where function.name.text == callee {
            guard let body = function.body else { continue }
            let made = body.tokens(viewMode: .sourceAccurate).lazy.compactMap { $0.parent?.parent?.as(FunctionCallExprSyntax.self) }
            if let first = made.first(where: { self.evaluator.typeName($0.calledExpression) == "UIViewPropertyAnimator" }) { return first }
        }
        return nil
    }

    /// One place `name` is given a value: `let/var name = value` or `name = value` (also
    /// `self.name = value`), and whether the value is a `UIViewPropertyAnimator(…)` itself.
    struct AnimatorBinding {
        var call: FunctionCallExprSyntax
        var position: AbsolutePosition
        var isDirect: Bool
    }

    /// The calls `name` is bound or assigned to in `scope`, in source order.
    static func constructors(of name: String, in scope: Syntax, evaluator: Evaluator) -> [AnimatorBinding] {
        var found: [AnimatorBinding] = []
        for token in scope.tokens(viewMode: .sourceAccurate) where token.text == name {
            var value: ExprSyntax?
            if let binding = token.parent?.as(IdentifierPatternSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
                value = binding.initializer?.value
            } else if let ref = token.parent?.as(DeclReferenceExprSyntax.self) {
                let target = ref.parent?.as(MemberAccessExprSyntax.self).map(ExprSyntax.init) ?? ExprSyntax(ref)
                if let sequence = target.parent?.parent?.as(SequenceExprSyntax.self),
                    let (assigned, v) = Evaluator.assignmentParts(ExprSyntax(sequence)),
                    assigned.id == target.id
                {
                    value = v
                }
            }
            guard let call = value.map(evaluator.unwrap)?.as(FunctionCallExprSyntax.self) else { continue }
            found.append(
                AnimatorBinding(call: call, position: token.position, isDirect: evaluator.typeName(call.calledExpression) == "UIViewPropertyAnimator")
            )
        }
        return found
    }

    // MARK: UIView.transition

    /// `UIView.transition(with:duration:options:animations:completion:)` and
    /// `UIView.transition(from:to:duration:options:completion:)`: UIKit plays the options'
    /// transition (a cross-dissolve, a flip, a curl) over `duration` with the options' curve
    /// (ease-in-ease-out when they name none). What changes is a snapshot of the view, read as
    /// progress 0 → 1; duration and curve are exact when written as literals.
    func viewTransition(_ call: FunctionCallExprSyntax) {
        let arguments = Arguments(call)
        var gaps: [AnimationDiff.Unreadable] = []
        var timing = MediaTiming(duration: 0.2, timingFunction: .easeInOut)
        if let e = arguments["duration"] {
            if let d = durationValue(e, field: "withDuration", what: "UIView.transition duration", gaps: &gaps) {
                timing.duration = d
            } else {
                unreadable(
                    e, property: "", field: "withDuration",
                    "UIView.transition duration `\(code(e))` is not a literal; \(Self.standIn("withDuration", 0.2)), so the timeline is an estimate",
                    standIn: Self.standInFigure("withDuration", 0.2), gaps: &gaps)
            }
        }
        var kind = "transition"
        if let options = arguments["options"] {
            applyOptions(options, to: &timing, curve: nil, gaps: &gaps)
            if let curve = optionCurve(options) { timing.timingFunction = curve }
            if let name = optionNames(options)?.first(where: { $0.hasPrefix("transition") && $0 != "transitionNone" }) { kind = name }
        }
        let subject =
            arguments["with"].map { "`\(code($0))`" } ?? arguments["from"].map { "`\(code($0))` to `\(arguments["to"].map(code) ?? "?")`" }
            ?? "the view"
        report(
            call,
            "UIView.transition (\(kind)) of \(subject): UIKit animates a snapshot, read as progress 0 → 1 over the transition's duration and curve")
        let animation = LayerAnimation(keyPath: "progress", timing: timing, content: .basic(from: [0], to: [1]))
        record(call.calledExpression, motion: LayerMotion(animations: [animation]), gaps: gaps)
    }
}

// MARK: - MemberCalls

/// The calls `receiver.method(…)` in a subtree (nested blocks included), with their method names.
final class MemberCalls: SyntaxVisitor {
    let receiver: String
    private(set) var calls: [(call: FunctionCallExprSyntax, method: String)] = []

    init(_ receiver: String) {
        self.receiver = receiver
        super.init(viewMode: .sourceAccurate)
    }

    static func find(on receiver: String, in node: Syntax) -> [(call: FunctionCallExprSyntax, method: String)] {
        let finder = MemberCalls(receiver)
        finder.walk(node)
        return finder.calls
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let access = node.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
            LayerAnimationExtraction.receiverName(base) == receiver
        {
            calls.append((node, access.declName.baseName.text))
        }
        return .visitChildren
    }
}
#endif
