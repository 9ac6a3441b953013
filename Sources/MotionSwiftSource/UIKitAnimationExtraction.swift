#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - UIKit's view animations

extension LayerAnimationExtraction {
    /// How a UIKit animation times its changes.
    enum UIKitTiming {
        /// A Bézier curve (`UIView.animate(withDuration:…)` with a curve option, a property
        /// animator's curve or control points).
        case curve(UnitCurve)
        /// A spring (`usingSpringWithDamping:`, `springDuration:bounce:`, `UISpringTimingParameters`).
        case spring(LayerSpring, velocity: Double, settles: Bool)
    }

    /// One property a UIKit animations closure changes: its name (a layer key path: `opacity`,
    /// `position`, `transform.scale`, …), components, start (when the code shows it) and end.
    struct Change {
        var receiver: String
        var name: String
        var components: [String]
        var from: [Double]?
        var to: [Double]
        /// The end is a transform's identity (`.identity`) of a kind the change alone does not say.
        var identity = false
    }

    /// `UIView.animate…`, `UIView.animateKeyframes`, `UIViewPropertyAnimator.runningPropertyAnimator`
    /// and a `UIViewPropertyAnimator(…)` that is not kept in a local variable (those are read with
    /// their `addAnimations` in `propertyAnimators(in:)`).
    func uiKitCall(_ call: FunctionCallExprSyntax) {
        if let type = evaluator.typeName(call.calledExpression), type == "UIViewPropertyAnimator" {
            if !Self.isLocalBinding(call) { assignedAnimator(call) }
            return
        }
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self) else { return }
        if access.declName.baseName.text == "addAnimations", access.base != nil {
            addedAnimations(call, access)
            return
        }
        guard let base = access.base?.as(DeclReferenceExprSyntax.self) else { return }
        let receiver = base.baseName.text
        let method = access.declName.baseName.text
        if receiver == "UIViewPropertyAnimator", method == "runningPropertyAnimator" {
            viewAnimate(call, running: true)
            return
        }
        if receiver == "UIView", method == "transition" {
            viewTransition(call)
            return
        }
        guard receiver == "UIView" || (receiver.first?.isUppercase == true && receiver.hasSuffix("View")) else { return }
        switch method {
        case "animate": viewAnimate(call, running: false)
        case "animateKeyframes": viewKeyframes(call)
        default: break
        }
    }

    /// `let a = UIViewPropertyAnimator(…)` (a local binding: its `addAnimations` follow it).
    static func isLocalBinding(_ call: FunctionCallExprSyntax) -> Bool {
        guard let clause = call.parent?.as(InitializerClauseSyntax.self), let binding = clause.parent?.as(PatternBindingSyntax.self) else {
            return false
        }
        return binding.parent?.parent?.as(VariableDeclSyntax.self)?.parent?.is(CodeBlockItemSyntax.self) ?? false
    }

    // MARK: UIView.animate

    /// `UIView.animate(withDuration:delay:options:animations:completion:)`, its spring form
    /// `(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:…)`, the iOS 17
    /// `(springDuration:bounce:initialSpringVelocity:delay:options:…)`, the iOS 18 form with a
    /// SwiftUI `Animation`, and `UIViewPropertyAnimator.runningPropertyAnimator(withDuration:…)`.
    func viewAnimate(_ call: FunctionCallExprSyntax, running: Bool) {
        let arguments = Arguments(call)
        var gaps: [AnimationDiff.Unreadable] = []
        var timing = MediaTiming()
        let uiTiming: UIKitTiming
        var body: ExprSyntax?
        func number(_ label: String, default value: Double) -> Double { argument(arguments[label], label, default: value, gaps: &gaps) }
        if let animation = arguments.unlabeled(0), !animation.is(ClosureExprSyntax.self) {
            // UIView.animate(.spring(duration: 0.4, bounce: 0.2)) { … }: a SwiftUI animation.
            guard let read = evaluator.animation(animation, nil), let phase = read else {
                report(animation, "UIView.animate(`\(code(animation))`): the animation is not understood; animation skipped")
                return
            }
            timing.beginTime = phase.delay
            switch phase.curve {
            case .bezier(let curve, let d):
                timing.duration = d / phase.speed
                uiTiming = .curve(curve)
            case .spring(let s):
                timing.speed = phase.speed
                uiTiming = .spring(.physical(s, allowsOverdamping: true), velocity: 0, settles: true)
            }
            body = arguments["changes"] ?? arguments.unlabeled(1)
        } else if arguments["springDuration"] != nil || arguments["bounce"] != nil {
            let d = number("springDuration", default: 0.5), bounce = number("bounce", default: 0)
            timing.beginTime = number("delay", default: 0)
            uiTiming = .spring(
                .physical(Spring(duration: max(d, 1e-3), bounce: max(bounce, -0.99)), allowsOverdamping: true),
                velocity: number("initialSpringVelocity", default: 0), settles: true)
            body = arguments["animations"] ?? arguments.unlabeled(0)
        } else {
            guard arguments["withDuration"] != nil else { return }
            timing.duration = number("withDuration", default: 0.2)
            timing.beginTime = number("delay", default: 0)
            if arguments["usingSpringWithDamping"] != nil {
                uiTiming = .spring(
                    .dampingDuration(ratio: number("usingSpringWithDamping", default: 1)), velocity: number("initialSpringVelocity", default: 0),
                    settles: false)
            } else {
                uiTiming = .curve(.easeInOut)
            }
            body = arguments["animations"] ?? arguments.unlabeled(0)
        }
        if let options = arguments["options"] { applyOptions(options, to: &timing, curve: nil, gaps: &gaps) }
        var finalTiming = uiTiming
        if case .curve = uiTiming, let options = arguments["options"], let curve = optionCurve(options) { finalTiming = .curve(curve) }
        let what = running ? "UIViewPropertyAnimator.runningPropertyAnimator" : "UIView.animate"
        guard let closure = body?.as(ClosureExprSyntax.self) else {
            let reason = heldAnimations(body, at: call, what: what)
            record(
                call.calledExpression, motion: motion(nil, timing: timing, uiTiming: finalTiming, closure: call, what: what), gaps: gaps,
                reasons: [reason])
            return
        }
        if running {
            reportRepetition(in: closure, what: "UIViewPropertyAnimator.runningPropertyAnimator")
        } else {
            applyRepetition(in: closure, to: &timing, gaps: &gaps)
        }
        let changes = self.changes(in: closure, before: call, gaps: &gaps)
        record(call.calledExpression, motion: motion(changes, timing: timing, uiTiming: finalTiming, closure: closure, what: what), gaps: gaps)
    }

    /// A repetition written inside the animations closure: `UIView.modifyAnimations(withRepeatCount:
    /// autoreverses:) { … }` (iOS 13) or the older `UIView.setAnimationRepeatCount(n)` and
    /// `UIView.setAnimationRepeatAutoreverses(b)`. UIKit hands them to the Core Animation
    /// animations it makes (`repeatCount`, `autoreverses`), so they time like those. A
    /// `modifyAnimations` beside other changes repeats only its own: reported, and read as
    /// repeating the whole animation.
    func applyRepetition(in closure: ClosureExprSyntax, to timing: inout MediaTiming, gaps: inout [AnimationDiff.Unreadable]) {
        var modified = false
        var others = false
        for item in closure.statements {
            guard let expr = expression(of: item), let call = expr.as(FunctionCallExprSyntax.self), let name = Self.viewClassMethod(call) else {
                others = others || expression(of: item).flatMap(Evaluator.assignmentParts) != nil
                continue
            }
            let arguments = Arguments(call)
            switch name {
            case "modifyAnimations":
                modified = true
                if let e = arguments["withRepeatCount"] {
                    if let n = evaluator.layerNumber(e) {
                        timing.repeatCount = n
                    } else {
                        unreadable(
                            e, property: "", field: "repeatCount",
                            "UIView.modifyAnimations withRepeatCount: `\(code(e))` is not a literal; read without repeating", gaps: &gaps)
                    }
                }
                if let e = arguments["autoreverses"] {
                    if let b = evaluator.boolLiteral(e) {
                        timing.autoreverses = b
                    } else {
                        unreadable(
                            e, property: "", field: "autoreverses",
                            "UIView.modifyAnimations autoreverses: `\(code(e))` is not a literal; read without reversing", gaps: &gaps)
                    }
                }
            case "setAnimationRepeatCount":
                if let e = arguments.unlabeled(0) {
                    if let n = evaluator.layerNumber(e) {
                        timing.repeatCount = n
                    } else {
                        unreadable(
                            e, property: "", field: "repeatCount",
                            "UIView.setAnimationRepeatCount `\(code(e))` is not a literal; read without repeating", gaps: &gaps)
                    }
                }
            case "setAnimationRepeatAutoreverses":
                if let e = arguments.unlabeled(0), let b = evaluator.boolLiteral(e) { timing.autoreverses = b }
            default:
                continue
            }
        }
        if modified && others {
            report(
                closure,
                "UIView.modifyAnimations repeats only the changes inside it, and this closure makes others beside it; all are read as repeating")
        }
    }

    /// A repetition call in a property animator's closure, whose effect there is not read: said.
    func reportRepetition(in closure: ClosureExprSyntax, what: String) {
        for item in closure.statements {
            guard let call = expression(of: item)?.as(FunctionCallExprSyntax.self), let name = Self.viewClassMethod(call) else { continue }
            report(call, "UIView.\(name) in a \(what) closure: the repetition is not read there (only in UIView.animate); the changes are read once")
        }
    }

    /// `UIView.name(…)`'s name, for the repetition calls an animations closure may make.
    static func viewClassMethod(_ call: FunctionCallExprSyntax) -> String? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "UIView" else { return nil }
        let name = access.declName.baseName.text
        return ["modifyAnimations", "setAnimationRepeatCount", "setAnimationRepeatAutoreverses"].contains(name) ? name : nil
    }

    /// `CATransaction.animationDuration()`: the duration of the transaction around the call,
    /// which is Core Animation's default 0.25 s unless a caller set another.
    static func isTransactionDuration(_ expr: ExprSyntax) -> Bool {
        guard let call = expr.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "animationDuration"
        else { return false }
        return access.base?.trimmedDescription == "CATransaction"
    }

    /// A number `UIView.animate` is given under `label` (nil: not written, `value`). One the code
    /// does not spell as a literal is said, with what stands in for it.
    private func argument(_ e: ExprSyntax?, _ label: String, default value: Double, gaps: inout [AnimationDiff.Unreadable]) -> Double {
        guard let e else { return value }
        if let n = evaluator.layerNumber(e) { return n }
        if ["withDuration", "springDuration"].contains(label), let n = evaluator.conditionalDuration(e) { return n }
        let unit = ["withDuration", "springDuration", "delay"].contains(label) ? " s" : ""
        if let n = parameterDefault(e, property: "", field: label, what: "UIView.animate \(label):", unit: unit, gaps: &gaps) { return n }
        if label == "withDuration", Self.isTransactionDuration(e) {
            unreadable(
                e, property: "", field: label,
                "UIView.animate withDuration: `\(code(e))` is the duration of the Core Animation transaction the call runs in, "
                    + "not known here; Core Animation's default 0.25 s is used, so the timeline is an estimate",
                standIn: "0.25 s, Core Animation's default", gaps: &gaps)
            return MediaTiming.defaultDuration
        }
        let why = evaluator.unreadReason(e).map { " (" + $0 + ")" } ?? ""
        unreadable(
            e, property: "", field: label,
            "UIView.animate \(label): `\(code(e))` is not a literal\(why); \(Self.standIn(label, value)), so the timeline is an estimate",
            standIn: Self.standInFigure(label, value), gaps: &gaps)
        return value
    }

    /// What stands in for an argument the code does not spell as a literal, in words: UIKit's
    /// own default where the method has one (`springDuration:` 0.5 s, `bounce:` 0), no delay for
    /// `delay:`, else a value of motionsync's choosing (`withDuration:` has no default in UIKit).
    static func standIn(_ label: String, _ value: Double) -> String {
        switch label {
        case "withDuration":
            "a stand-in of \(MotionLimits.figure(value)) s is used (motionsync's choice: UIKit has no default duration)"
        case "springDuration", "bounce":
            "UIKit's default \(label) \(MotionLimits.figure(value))\(label == "bounce" ? "" : " s") is used"
        case "delay":
            "no delay (0 s) is used in its place"
        default:
            "a stand-in of \(MotionLimits.figure(value)) is used (motionsync's choice)"
        }
    }

    /// The stand-in as the estimate names it: `0.2 s, motionsync's choice`, `0.5 s, UIKit's default`.
    static func standInFigure(_ label: String, _ value: Double) -> String {
        switch label {
        case "withDuration": "\(MotionLimits.figure(value)) s, motionsync's choice"
        case "springDuration": "\(MotionLimits.figure(value)) s, UIKit's default"
        case "bounce": "\(MotionLimits.figure(value)), UIKit's default"
        case "delay": "0 s"
        default: "\(MotionLimits.figure(value)), motionsync's choice"
        }
    }

    /// `.repeat`, `.autoreverse` and unknown options (`[.curveEaseOut, .allowUserInteraction]`).
    func applyOptions(_ expr: ExprSyntax, to timing: inout MediaTiming, curve: UnitCurve?, gaps: inout [AnimationDiff.Unreadable]) {
        guard let names = optionNames(expr) else {
            unreadable(expr, property: "", field: "options", "options `\(code(expr))` are not literal; none read", gaps: &gaps)
            return
        }
        if names.contains("repeat") { timing.repeatCount = .infinity }
        if names.contains("autoreverse") { timing.autoreverses = true }
        if timing.isForever, timing.beginTime != 0 {
            report(
                expr,
                "repeats forever after a delay of \(MotionLimits.figure(timing.beginTime)) s: the delay happens once, which a loop cannot hold; read without it"
            )
            timing.beginTime = 0
        }
    }

    /// The member names of an option set literal (`.a`, `[.a, .b]`, `Type.a`,
    /// `UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)`),
    /// also through a name the file binds with `let` to one (`let opts: UIView.AnimationOptions =
    /// .autoreverse`, `Evaluator.boundExpression`).
    func optionNames(_ expr: ExprSyntax, depth: Int = 0) -> [String]? {
        guard depth < 8 else { return nil }
        let e = evaluator.unwrap(expr)
        if let array = e.as(ArrayExprSyntax.self) {
            var names: [String] = []
            for element in array.elements {
                guard let inner = optionNames(element.expression, depth: depth + 1) else { return nil }
                names += inner
            }
            return names
        }
        if let ref = e.as(DeclReferenceExprSyntax.self), let bound = evaluator.boundExpression(ExprSyntax(ref)) {
            return optionNames(bound, depth: depth + 1)
        }
        if let access = e.as(MemberAccessExprSyntax.self) {
            if access.declName.baseName.text == "rawValue", let base = access.base { return optionNames(base, depth: depth + 1) }
            if access.base?.is(DeclReferenceExprSyntax.self) == true, let bound = evaluator.boundExpression(e) {
                // `self.opts`, `Style.opts`: a constant the file binds, not an option's name.
                return optionNames(bound, depth: depth + 1)
            }
            return [access.declName.baseName.text]
        }
        if let call = e.as(FunctionCallExprSyntax.self), let raw = Arguments(call)["rawValue"] { return optionNames(raw, depth: depth + 1) }
        return nil
    }

    /// The curve an options set names (`curveEaseIn`, …), if any.
    func optionCurve(_ expr: ExprSyntax) -> UnitCurve? {
        for name in optionNames(expr) ?? [] {
            switch name {
            case "curveEaseInOut": return .easeInOut
            case "curveEaseIn": return .easeIn
            case "curveEaseOut": return .easeOut
            case "curveLinear": return .linear
            default: continue
            }
        }
        return nil
    }

    // MARK: Changes in a closure

    /// The property changes of an animations closure: `target.property = value` statements. A
    /// change's start is the literal the enclosing method last set the same target to before
    /// `call` (the "set the start, then animate" pattern), when there is one.
    func changes(in closure: ClosureExprSyntax, before call: some SyntaxProtocol, gaps: inout [AnimationDiff.Unreadable]) -> [Change]? {
        changes(in: Array(closure.statements), region: closure.position..<closure.endPosition, before: call, gaps: &gaps)
    }

    /// `changes(in:before:gaps:)` of statements that play as one animation (a closure's, or
    /// those after `CATransaction.setAnimationDuration`), which span `region`.
    func changes(
        in statements: [CodeBlockItemSyntax], region: Range<AbsolutePosition>, before call: some SyntaxProtocol,
        gaps: inout [AnimationDiff.Unreadable]
    ) -> [Change]? {
        var changes: [Change] = []
        var unknown = false
        for item in statements {
            // A transaction's settings inside the closure change no property.
            guard let expr = expression(of: item), transactionCall(item, nil) == nil else { continue }
            if let (target, value) = Evaluator.assignmentParts(expr) {
                guard let change = assignedChange(item, target: target, value: value, before: call, outside: region, gaps: &gaps) else {
                    unknown = true
                    continue
                }
                changes.removeAll { $0.receiver == change.receiver && $0.name == change.name }
                changes.append(change)
            } else if let repetition = expr.as(FunctionCallExprSyntax.self), let name = Self.viewClassMethod(repetition) {
                // Read by `applyRepetition`; the changes inside `modifyAnimations { … }` are this closure's.
                guard name == "modifyAnimations",
                    let inner = Arguments(repetition).all.last(where: { $0.expr.is(ClosureExprSyntax.self) })?.expr.as(ClosureExprSyntax.self),
                    let found = self.changes(in: inner, before: call, gaps: &gaps)
                else { continue }
                for change in found {
                    if change.name == "progress" {
                        unknown = true
                        continue
                    }
                    changes.removeAll { $0.receiver == change.receiver && $0.name == change.name }
                    changes.append(change)
                }
            } else if let call = expr.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
                ["layoutIfNeeded", "layoutSubviews", "setNeedsLayout"].contains(access.declName.baseName.text)
            {
                unknown = true // a layout pass: the constraints' motion, read as progress
            } else if let (target, op) = Self.compoundAssignment(expr), let (_, property) = Self.viewProperty(target) {
                // `v.center.y += 100`: a change relative to the value the view has when the animation starts.
                report(
                    item,
                    "`\(code(item))` moves \(property) by `\(op)` from the view's current value, which the code does not set before the animation; the animation's timing is read as progress"
                )
                unknown = true
            } else {
                report(item, "`\(code(item))` in the animations closure is not a property change; the animation's timing is read as progress")
                unknown = true
            }
        }
        if changes.isEmpty && !unknown { return nil }
        if unknown { changes.append(Change(receiver: "", name: "progress", components: [], from: nil, to: [1])) }
        return changes
    }

    /// The change one assignment `item` (`target = value`) in the animations closure makes:
    /// the view property, its end and its start (a literal set before `call` outside the closure,
    /// or none). nil (reported) when it is not a numeric view property or its value is not
    /// literal: the animation's timing is then read as progress.
    func assignedChange(
        _ item: CodeBlockItemSyntax, target: ExprSyntax, value: ExprSyntax, before call: some SyntaxProtocol,
        outside region: Range<AbsolutePosition>, gaps: inout [AnimationDiff.Unreadable]
    ) -> Change? {
        guard let (receiver, property) = Self.viewProperty(target) else {
            report(target, "`\(code(target))` is not a view property motionsync reads; the animation's timing is read as progress")
            return nil
        }
        if ["backgroundColor", "tintColor", "textColor", "isHidden", "image", "text"].contains(
            property.split(separator: ".").last.map(String.init) ?? "")
        {
            report(target, "`\(code(target))` is not a number: not analysed (the animation's timing is kept)")
            return nil
        }
        if evaluator.boolLiteral(value) != nil {
            report(item, "`\(code(item))` sets a Bool, which has no in-between values to animate: not analysed (the animation's timing is kept)")
            return nil
        }
        guard let end = evaluator.layerValue(value) else {
            unreadable(
                value, property: property, field: "to", "`\(code(item))`: the value is not a literal; the animation is read as progress 0 → 1",
                gaps: &gaps)
            return nil
        }
        let start = startValue(of: target, before: call, outside: region)
        if end.shape == .identity, start == nil || start?.shape == .identity {
            // `.identity` alone: its kind comes from the keyframes around it, if any.
            return Change(receiver: receiver, name: property, components: [], from: nil, to: [], identity: true)
        }
        var name = property
        guard let shaped = Self.shape([start, end].compactMap { $0 }, keyPath: &name) else {
            report(item, "`\(code(item))`: the start and end are different kinds of value; read as progress")
            return nil
        }
        let components = shaped.components
        let to = shaped.values.last!
        let from = start == nil ? nil : shaped.values.first
        return Change(receiver: receiver, name: name, components: components, from: from, to: to)
    }

    /// `target op= value` (`+=`, `-=`, `*=`, `/=`): the target and the operator with its operand
    /// (`+= 100`).
    static func compoundAssignment(_ expr: ExprSyntax) -> (target: ExprSyntax, change: String)? {
        guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let items = Array(sequence.elements)
        guard let op = items[1].as(BinaryOperatorExprSyntax.self)?.operator.text, ["+=", "-=", "*=", "/="].contains(op) else { return nil }
        return (items[0], "\(op) \(items[2].trimmedDescription)")
    }

    /// `view.alpha` → (`view`, `opacity`); `self.badge.center` → (`badge`, `position`);
    /// `label.transform` → (`label`, `transform`); `view.layer.cornerRadius` → `cornerRadius`;
    /// `heightConstraint.constant` → `heightConstraint.constant`; `view.frame.origin.y` →
    /// `frame.origin.y`. UIKit's names become the layer key paths they animate.
    static func viewProperty(_ target: ExprSyntax) -> (receiver: String, property: String)? {
        // `self?.view.alpha` (in a `[weak self]` closure) and `view!.alpha` set the property
        // whenever the receiver is there: read as `self.view.alpha`.
        var parts = target.trimmedDescription.filter { !$0.isWhitespace }.split(separator: ".").map { part in
            String(part.hasSuffix("?") || part.hasSuffix("!") ? part.dropLast() : part)
        }
        if parts.first == "self" { parts.removeFirst() }
        guard parts.count >= 1, parts.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else { return nil }
        let views: [String: String] = ["alpha": "opacity", "center": "position", "frame": "frame", "bounds": "bounds", "transform": "transform"]
        for (k, part) in parts.enumerated() where k > 0 || parts.count == 1 {
            if part == "layer", k + 1 < parts.count {
                return (parts[..<k].joined(separator: "."), parts[(k + 1)...].joined(separator: "."))
            }
            if let mapped = views[part] {
                return (parts[..<k].joined(separator: "."), ([mapped] + parts[(k + 1)...]).joined(separator: "."))
            }
        }
        if parts.last == "constant", parts.count >= 2 {
            return (parts.dropLast().joined(separator: "."), parts.suffix(2).joined(separator: "."))
        }
        guard parts.count >= 2 else { return nil }
        return (parts.dropLast().joined(separator: "."), parts.last!)
    }

    /// The literal the enclosing method last assigns to `target` before `call`, outside `inside`
    /// (the animation's own statements).
    func startValue(of target: ExprSyntax, before call: some SyntaxProtocol, outside inside: Range<AbsolutePosition>) -> LayerValue? {
        guard let body = enclosingBody else { return nil }
        let wanted = target.trimmedDescription.filter { !$0.isWhitespace }.removing("self.")
        let limit = call.positionAfterSkippingLeadingTrivia
        var best: LayerValue?
        for sequence in body.tokens(viewMode: .sourceAccurate).lazy.compactMap({
            $0.parent?.as(AssignmentExprSyntax.self)?.parent?.parent?.as(SequenceExprSyntax.self)
        }) {
            guard let (assigned, value) = Evaluator.assignmentParts(ExprSyntax(sequence)),
                sequence.positionAfterSkippingLeadingTrivia < limit, !inside.contains(sequence.position)
            else { continue }
            guard assigned.trimmedDescription.filter({ !$0.isWhitespace }).removing("self.") == wanted else { continue }
            if let value = evaluator.layerValue(value) { best = value }
        }
        return best
    }

    /// The layer motion of a UIKit animation's changes under one timing.
    func motion(_ changes: [Change]?, timing: MediaTiming, uiTiming: UIKitTiming, closure: some SyntaxProtocol, what: String) -> LayerMotion {
        var changes = changes ?? [Change(receiver: "", name: "progress", components: [], from: nil, to: [1])]
        // Two views with the same property: each named after its view.
        let names = changes.map(\.name)
        for k in changes.indices where names.filter({ $0 == changes[k].name }).count > 1 && !changes[k].receiver.isEmpty {
            changes[k].name = (changes[k].receiver.split(separator: ".").last.map(String.init) ?? changes[k].receiver) + "." + changes[k].name
        }
        var animations: [LayerAnimation] = []
        var unknownStart: [String] = []
        for change in changes {
            let from: [Double]
            var name = change.name
            if change.identity {
                unknownStart.append(change.name)
                continue
            }
            if let start = change.from {
                from = start
            } else if change.name == "progress" {
                from = [0]
            } else {
                unknownStart.append(change.name)
                continue
            }
            var t = timing
            let content: LayerContent
            switch uiTiming {
            case .curve(let curve):
                t.timingFunction = curve
                content = .basic(from: from, to: change.to)
            case .spring(let spring, let velocity, let settles):
                content = .spring(from: from, to: change.to, spring: spring, initialVelocity: velocity, settles: settles)
            }
            if name.isEmpty { name = "progress" }
            animations.append(LayerAnimation(keyPath: name, components: change.components, timing: t, content: content))
        }
        if !unknownStart.isEmpty {
            report(
                closure,
                "\(what): the start of \(unknownStart.joined(separator: ", ")) is the \(what == "CATransaction" ? "layer" : "view")'s current value, which the code does not set before the animation; read as progress 0 → 1"
            )
            if !animations.contains(where: { $0.keyPath == "progress" }) {
                var t = timing
                let content: LayerContent
                switch uiTiming {
                case .curve(let curve):
                    t.timingFunction = curve
                    content = .basic(from: [0], to: [1])
                case .spring(let spring, let velocity, let settles):
                    content = .spring(from: [0], to: [1], spring: spring, initialVelocity: velocity, settles: settles)
                }
                animations.append(LayerAnimation(keyPath: "progress", timing: t, content: content))
            }
        }
        return LayerMotion(animations: animations)
    }

    // MARK: UIView.animateKeyframes

    /// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)` with
    /// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)` inside: one
    /// `CAKeyframeAnimation` per property, its key times from the keyframes' relative times, the
    /// calculation mode from the options, and UIKit's ease-in-ease-out over the whole (another
    /// curve when the options carry one).
    func viewKeyframes(_ call: FunctionCallExprSyntax) {
        let arguments = Arguments(call)
        var gaps: [AnimationDiff.Unreadable] = []
        let (timing, mode) = keyframesTiming(arguments, gaps: &gaps)
        let body = arguments["animations"] ?? arguments.unlabeled(0)
        guard let closure = body?.as(ClosureExprSyntax.self) else {
            let reason = heldAnimations(body, at: call, what: "UIView.animateKeyframes")
            let progress = LayerAnimation(keyPath: "progress", timing: timing, content: .basic(from: [0], to: [1]))
            record(call.calledExpression, motion: LayerMotion(animations: [progress]), gaps: gaps, reasons: [reason])
            return
        }
        var frames = addedKeyframes(in: closure, of: call, gaps: &gaps)
        Self.resolveIdentities(in: &frames)
        var animations = keyframeAnimations(frames, mode: mode, timing: timing, closure: closure)
        if animations.isEmpty {
            report(call, "UIView.animateKeyframes: no property change read; read as progress 0 → 1")
            animations.append(LayerAnimation(keyPath: "progress", timing: timing, content: .basic(from: [0], to: [1])))
        }
        record(call.calledExpression, motion: LayerMotion(animations: animations), gaps: gaps)
    }

    /// `animateKeyframes`' timing (its duration, 0.2 s when not given, its delay and options)
    /// and the calculation mode its options name (linear when none).
    func keyframesTiming(_ arguments: Arguments, gaps: inout [AnimationDiff.Unreadable]) -> (timing: MediaTiming, mode: LayerKeyframes.Mode) {
        var timing = MediaTiming(duration: 0.2, timingFunction: .easeInOut)
        if let e = arguments["withDuration"] {
            if let d = durationValue(e, field: "withDuration", what: "animateKeyframes withDuration", gaps: &gaps) {
                timing.duration = d
            } else {
                unreadable(
                    e, property: "", field: "withDuration",
                    "animateKeyframes withDuration `\(code(e))` is not a literal; \(Self.standIn("withDuration", 0.2)), so the timeline is an estimate",
                    standIn: Self.standInFigure("withDuration", 0.2), gaps: &gaps)
            }
        }
        if let e = arguments["delay"] {
            if let d = evaluator.layerNumber(e) {
                timing.beginTime = d
            } else {
                unreadable(e, property: "", field: "delay", "animateKeyframes delay `\(code(e))` is not a literal; 0 used", gaps: &gaps)
            }
        }
        var mode = LayerKeyframes.Mode.linear
        if let options = arguments["options"] {
            applyOptions(options, to: &timing, curve: nil, gaps: &gaps)
            if let curve = optionCurve(options) { timing.timingFunction = curve }
            for name in optionNames(options) ?? [] where name.hasPrefix("calculationMode") {
                let rest = name.dropFirst("calculationMode".count)
                if let m = LayerKeyframes.Mode(rawValue: rest.prefix(1).lowercased() + rest.dropFirst()) { mode = m }
            }
        }
        return (timing, mode)
    }

    /// The `UIView.addKeyframe` calls of an `animateKeyframes` closure, sorted by start: relative
    /// start, relative duration and the changes of each (their starts set before `call`). Any
    /// other statement, or a keyframe whose relative times are not literals in 0…1, is reported
    /// and not read.
    func addedKeyframes(
        in closure: ClosureExprSyntax, of call: FunctionCallExprSyntax, gaps: inout [AnimationDiff.Unreadable]
    )
        -> [(start: Double, length: Double, changes: [Change])]
    {
        var frames: [(start: Double, length: Double, changes: [Change])] = []
        for item in closure.statements {
            guard let inner = expression(of: item)?.as(FunctionCallExprSyntax.self),
                let access = inner.calledExpression.as(MemberAccessExprSyntax.self),
                access.declName.baseName.text == "addKeyframe"
            else {
                report(item, "`\(code(item))` in animateKeyframes is not a UIView.addKeyframe; not read")
                continue
            }
            let a = Arguments(inner)
            guard let s = a["withRelativeStartTime"].flatMap(evaluator.layerNumber), let d = a["relativeDuration"].flatMap(evaluator.layerNumber),
                (0...1).contains(s), d >= 0, s + d <= 1 + 1e-9
            else {
                unreadable(
                    inner, property: "", field: "keyframe", "`\(code(inner))`: the relative times are not literals in 0…1; keyframe skipped",
                    gaps: &gaps)
                continue
            }
            guard let body = (a["animations"] ?? a.unlabeled(0))?.as(ClosureExprSyntax.self) else { continue }
            let found = changes(in: body, before: call, gaps: &gaps) ?? []
            frames.append((s, d, found.filter { $0.name != "progress" }))
        }
        frames.sort { $0.start < $1.start }
        return frames
    }

    /// `.identity` takes the kind of the same view's other transform keyframes (`transform` →
    /// `transform.scale`); one no other keyframe gives a kind to is dropped.
    static func resolveIdentities(in frames: inout [(start: Double, length: Double, changes: [Change])]) {
        for f in frames.indices {
            for c in frames[f].changes.indices where frames[f].changes[c].identity {
                let change = frames[f].changes[c]
                let kinds = frames.flatMap(\.changes).filter {
                    $0.receiver == change.receiver && !$0.identity && $0.name.hasPrefix(change.name + ".")
                }
                guard let other = kinds.first else { continue }
                let kind = other.name.dropFirst(change.name.count + 1).split(separator: ".").first.map(String.init) ?? ""
                frames[f].changes[c] = Change(
                    receiver: change.receiver, name: other.name, components: other.components, from: nil,
                    to: LayerValue.identity(of: kind))
            }
            frames[f].changes.removeAll { $0.identity }
        }
    }

    /// One `CAKeyframeAnimation` per property the keyframes change (`frames`: relative start,
    /// relative duration, changes, sorted by start): between keyframes a property holds its
    /// value; it starts at the value set before the call, else at its last keyframe's.
    func keyframeAnimations(
        _ frames: [(start: Double, length: Double, changes: [Change])], mode: LayerKeyframes.Mode, timing: MediaTiming,
        closure: ClosureExprSyntax
    ) -> [LayerAnimation] {
        var animations: [LayerAnimation] = []
        var properties: [(name: String, components: [String])] = []
        for f in frames { for c in f.changes where !properties.contains(where: { $0.name == c.name }) { properties.append((c.name, c.components)) } }
        for property in properties {
            let mine = frames.compactMap { f in f.changes.first { $0.name == property.name }.map { (f.start, f.length, $0) } }
            var start = mine.first?.2.from
            if start == nil {
                start = mine.last?.2.to
                report(
                    closure,
                    "animateKeyframes: the start of \(property.name) is the view's current value, which the code does not set before the animation; read as its last keyframe's value (it returns to where it started)"
                )
            }
            guard let v0 = start else { continue }
            var times = [0.0], values = [v0]
            var current = v0, cursor = 0.0
            for (s, d, change) in mine {
                if mode == .discrete {
                    times.append(s)
                    values.append(change.to)
                } else {
                    if s > cursor {
                        times.append(s)
                        values.append(current)
                    }
                    times.append(max(s, cursor) + d)
                    values.append(change.to)
                }
                current = change.to
                cursor = max(cursor, s + d)
            }
            if mode == .discrete {
                times.append(1)
            } else if cursor < 1 {
                times.append(1)
                values.append(current)
            }
            times = times.map { min(max($0, 0), 1) }
            let keyframes = LayerKeyframes(values: values, keyTimes: times, mode: mode)
            animations.append(LayerAnimation(keyPath: property.name, components: property.components, timing: timing, content: .keyframes(keyframes)))
        }
        return animations
    }

    // MARK: UIViewPropertyAnimator

    /// `let a = UIViewPropertyAnimator(…)` in a code block, with the `a.addAnimations { … }` that
    /// follow it in the same function, also inside `if`, `guard` or `switch` cases.
    func propertyAnimators(in list: CodeBlockItemListSyntax) {
        for item in list {
            guard let decl = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in decl.bindings {
                guard let id = binding.pattern.as(IdentifierPatternSyntax.self),
                    let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                    evaluator.typeName(call.calledExpression) == "UIViewPropertyAnimator"
                else { continue }
                let name = id.identifier.text
                let (added, startDelay) = animatorCalls(name, in: Syntax(list), after: item.endPosition)
                propertyAnimator(call, name: name, added: added, startDelay: startDelay)
            }
        }
    }

    /// What the code after an animator is made does with it: `name.addAnimations(…)` (with its
    /// `delayFactor`) and `name.startAnimation(afterDelay:)`, in `root` (nested blocks included)
    /// after `after`.
    func animatorCalls(
        _ name: String, in root: Syntax, after: AbsolutePosition
    ) -> (added: [(body: ExprSyntax, delayFactor: Double)], startDelay: Double) {
        var added: [(body: ExprSyntax, delayFactor: Double)] = []
        var startDelay = 0.0
        for (c, method) in MemberCalls.find(on: name, in: root) where c.position >= after {
            let a = Arguments(c)
            switch method {
            case "addAnimations":
                guard let body = a.unlabeled(0) else { continue }
                added.append((body, a["delayFactor"].flatMap(evaluator.layerNumber) ?? 0))
            case "startAnimation":
                // `startAnimation(afterDelay: T)`: every animation starts T later.
                guard let e = a["afterDelay"] else { continue }
                if let d = evaluator.layerNumber(e), d >= 0 {
                    startDelay = d
                } else {
                    report(
                        e,
                        "UIViewPropertyAnimator \(name).startAnimation(afterDelay: `\(code(e))`): the delay is not a literal; the animation is taken to start at once"
                    )
                }
            default:
                continue
            }
        }
        return (added, startDelay)
    }

    /// `name = UIViewPropertyAnimator(…)` (or `self.name = …`) in a function: the animator with the
    /// `addAnimations` that follow it there; any other constructor alone.
    func assignedAnimator(_ call: FunctionCallExprSyntax) {
        guard let sequence = call.parent?.as(SequenceExprSyntax.self), let (target, value) = Evaluator.assignmentParts(ExprSyntax(sequence)),
            value.id == ExprSyntax(call).id, let name = Self.receiverName(target), let body = enclosingBody
        else {
            propertyAnimator(call, name: nil, added: [])
            return
        }
        let (added, startDelay) = animatorCalls(name, in: body, after: call.endPosition)
        propertyAnimator(call, name: name, added: added, startDelay: startDelay)
    }

    /// A property animator's timing: `duration:` with `curve:`, `controlPoint1:controlPoint2:`,
    /// `dampingRatio:` or `timingParameters:` (`UICubicTimingParameters`, `UISpringTimingParameters`).
    func animatorTiming(_ arguments: Arguments, gaps: inout [AnimationDiff.Unreadable]) -> (MediaTiming, UIKitTiming) {
        var timing = MediaTiming()
        if let e = arguments["duration"] {
            if let d = durationValue(e, field: "duration", what: "UIViewPropertyAnimator duration", gaps: &gaps) {
                timing.duration = d
            } else {
                unreadable(
                    e, property: "", field: "duration", "UIViewPropertyAnimator duration `\(code(e))` is not a literal; 0.25 used", gaps: &gaps)
            }
        }
        var uiTiming: UIKitTiming = .curve(.easeInOut)
        if let e = arguments["curve"] {
            if let name = evaluator.memberName(e, types: ["UIView.AnimationCurve", "AnimationCurve"]), let curve = Self.animationCurve(name) {
                uiTiming = .curve(curve)
            } else {
                unreadable(e, property: "", field: "curve", "UIViewPropertyAnimator curve `\(code(e))` not understood; easeInOut used", gaps: &gaps)
            }
        } else if let p1 = arguments["controlPoint1"], let p2 = arguments["controlPoint2"] {
            if let a = evaluator.layerValue(p1), let b = evaluator.layerValue(p2), a.shape == .point, b.shape == .point,
                let curve = UnitCurve(x1: a.components[0], y1: a.components[1], x2: b.components[0], y2: b.components[1])
            {
                uiTiming = .curve(curve)
            } else {
                unreadable(
                    p1, property: "", field: "controlPoints",
                    "UIViewPropertyAnimator control points `\(code(p1)), \(code(p2))` are not literal points; easeInOut used", gaps: &gaps)
            }
        } else if let e = arguments["dampingRatio"] {
            if let ratio = evaluator.layerNumber(e) {
                uiTiming = .spring(.dampingDuration(ratio: ratio), velocity: 0, settles: false)
            } else {
                unreadable(
                    e, property: "", field: "dampingRatio", "UIViewPropertyAnimator dampingRatio `\(code(e))` is not a literal; easeInOut used",
                    gaps: &gaps)
            }
        } else if let e = arguments["timingParameters"] {
            if let read = timingParameters(e, gaps: &gaps) {
                uiTiming = read
            } else {
                unreadable(
                    e, property: "", field: "timingParameters", "UIViewPropertyAnimator timingParameters `\(code(e))` not understood; easeInOut used",
                    gaps: &gaps)
            }
        }
        return (timing, uiTiming)
    }

    /// A property animator: its timing (`animatorTiming`) and its animations (the initializer's
    /// closure and those added later, each delayed by its `delayFactor` of the remaining
    /// duration), all of them `startDelay` seconds after the trigger (`startAnimation(afterDelay:)`).
    /// An animator with no animations here (they are added in other methods) keeps its row:
    /// progress 0 → 1 over its timing, marked estimated.
    func propertyAnimator(_ call: FunctionCallExprSyntax, name: String?, added: [(body: ExprSyntax, delayFactor: Double)], startDelay: Double = 0) {
        let arguments = Arguments(call)
        var gaps: [AnimationDiff.Unreadable] = []
        let (timing, uiTiming) = animatorTiming(arguments, gaps: &gaps)
        var bodies = added
        if let initial = arguments["animations"] ?? arguments.all.last(where: { $0.label == nil })?.expr { bodies.insert((initial, 0), at: 0) }
        var reasons: [String] = []
        if bodies.isEmpty {
            let named = name.map { " " + $0 } ?? ""
            let reason =
                "UIViewPropertyAnimator\(named): no animations are added to it in this function (they are added elsewhere); what moves is not read: progress 0 → 1 over its timing"
            report(call, reason)
            reasons.append(reason)
        }
        var animations: [LayerAnimation] = []
        for (body, delayFactor) in bodies.isEmpty ? [(ExprSyntax(call), 0)] : bodies {
            var t = timing
            if delayFactor > 0 {
                // addAnimations(_:delayFactor:): starts after that fraction of the duration and
                // plays in what remains.
                t.beginTime = delayFactor * t.basicDuration
                t.duration = (1 - delayFactor) * t.basicDuration
            }
            t.beginTime += startDelay
            var found: [Change]?
            if let closure = body.as(ClosureExprSyntax.self) {
                reportRepetition(in: closure, what: "UIViewPropertyAnimator")
                found = changes(in: closure, before: closure, gaps: &gaps) // the start set before this closure is added
            } else if !bodies.isEmpty {
                reasons.append(heldAnimations(body, at: call, what: "UIViewPropertyAnimator"))
            }
            for a in motion(found, timing: t, uiTiming: uiTiming, closure: body, what: "UIViewPropertyAnimator").animations
            where !animations.contains(where: { $0.keyPath == a.keyPath }) {
                animations.append(a)
            }
        }
        var motion = LayerMotion(animations: animations)
        if let e = arguments["timingParameters"],
            (evaluator.boundExpression(e) ?? e).trimmedDescription.filter({ !$0.isWhitespace }) == "UISpringTimingParameters()"
        {
            motion.estimate =
                "UISpringTimingParameters(): Apple documents only its damping ratio 4.56; the spring mass 3, stiffness 1000, damping 500 is the widely reported one"
        }
        record(call.calledExpression, motion: motion, gaps: gaps, reasons: reasons)
    }

    static func animationCurve(_ name: String) -> UnitCurve? {
        switch name {
        case "easeInOut": .easeInOut
        case "easeIn": .easeIn
        case "easeOut": .easeOut
        case "linear": .linear
        default: nil
        }
    }

    /// `UICubicTimingParameters(animationCurve:)`, `(controlPoint1:controlPoint2:)`, `()`;
    /// `UISpringTimingParameters(dampingRatio:)`, `(dampingRatio:initialVelocity:)`,
    /// `(mass:stiffness:damping:initialVelocity:)`, `(duration:bounce:)`,
    /// `(duration:bounce:initialVelocity:)`, `()`.
    func timingParameters(_ expr: ExprSyntax, gaps: inout [AnimationDiff.Unreadable]) -> UIKitTiming? {
        // A name the function or type binds with `let` (`let timing = UISpringTimingParameters(…)`) is read as its value.
        let written = evaluator.boundExpression(expr) ?? expr
        guard let call = evaluator.unwrap(written).as(FunctionCallExprSyntax.self), let type = evaluator.typeName(call.calledExpression) else {
            return nil
        }
        let a = Arguments(call)
        func velocity() -> Double? {
            guard let v = a["initialVelocity"] else { return 0 }
            if let zero = evaluator.unwrap(v).as(MemberAccessExprSyntax.self), zero.declName.baseName.text == "zero",
                zero.base.map({ evaluator.typeName($0) == "CGVector" }) ?? true
            {
                return 0 // `.zero`, `CGVector.zero`
            }
            // CGVector(dx:dy:): one axis moves (the other 0), or both the same.
            guard let c = evaluator.unwrap(v).as(FunctionCallExprSyntax.self) else { return nil }
            let ca = Arguments(c)
            guard let dx = ca["dx"].flatMap(evaluator.layerNumber), let dy = ca["dy"].flatMap(evaluator.layerNumber) else { return nil }
            if dx == 0 || dy == 0 || dx == dy { return dx == 0 ? dy : dx }
            report(v, "initialVelocity `\(code(v))` differs per axis; dx used")
            return dx
        }
        switch type {
        case "UICubicTimingParameters":
            if a.all.isEmpty { return .curve(.easeInOut) }
            if let e = a["animationCurve"] {
                return evaluator.memberName(e, types: ["UIView.AnimationCurve", "AnimationCurve"]).flatMap(Self.animationCurve).map { .curve($0) }
            }
            if let p1 = a["controlPoint1"].flatMap(evaluator.layerValue), let p2 = a["controlPoint2"].flatMap(evaluator.layerValue),
                p1.shape == .point, p2.shape == .point
            {
                return UnitCurve(x1: p1.components[0], y1: p1.components[1], x2: p2.components[0], y2: p2.components[1]).map { .curve($0) }
            }
            return nil
        case "UISpringTimingParameters":
            if a.all.isEmpty {
                return .spring(.physical(Spring(mass: 3, stiffness: 1000, damping: 500), allowsOverdamping: true), velocity: 0, settles: true)
            }
            guard let v0 = velocity() else { return nil }
            if let r = a["dampingRatio"] {
                return evaluator.layerNumber(r).map { .spring(.dampingDuration(ratio: $0), velocity: v0, settles: false) }
            }
            if a["mass"] != nil || a["stiffness"] != nil {
                guard let m = a["mass"].flatMap(evaluator.layerNumber), let k = a["stiffness"].flatMap(evaluator.layerNumber),
                    let c = a["damping"].flatMap(evaluator.layerNumber), c >= 0,
                    let spring = Evaluator.physicalSpring(mass: m, stiffness: k, damping: c)
                else { return nil }
                // The animator's duration is ignored: the spring plays until it settles.
                return .spring(.physical(spring, allowsOverdamping: true), velocity: v0, settles: true)
            }
            if let d = a["duration"].flatMap(evaluator.layerNumber) {
                let b = a["bounce"].flatMap(evaluator.layerNumber) ?? 0
                guard d > 0, b > -1 else { return nil }
                return .spring(.physical(Spring(duration: d, bounce: b), allowsOverdamping: true), velocity: v0, settles: true)
            }
            return nil
        default:
            return nil
        }
    }
}
#endif
