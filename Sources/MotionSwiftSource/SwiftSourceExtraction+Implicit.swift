#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - Implicit animations, Reduce Motion around animators, feedback (issue 17)

extension SwiftSourceExtraction {
    /// After the animators are read: adds the file's implicit animations and its Core Animation
    /// and UIKit ones (`layer`, each with the node it was read at), marks animators shown only
    /// without Reduce Motion (`if !reduceMotion { view.phaseAnimator(…) }`: `static`), pairs the
    /// haptics the code fires with the animations on their trigger or in their action, and makes
    /// ids unique per screen. Returns the haptics that pair with nothing. Animations end in
    /// source order.
    func extractImplicitAnimations(
        animators: [(index: Int, call: FunctionCallExprSyntax, typeName: String)],
        layer: [(animation: SwiftSourceAnimation, node: Syntax)] = [],
        animations: inout [SwiftSourceAnimation]
    ) -> [UnpairedFeedback] {
        // Each part below walks the whole tree; one the file's bytes rule out is skipped, and the
        // type index is built only when a part asks for it.
        lazy var index = builtTypeIndex ?? SwiftTypeIndex(tree)
        lazy var triggers = TriggerResolution(index: index, module: evaluator.module)
        var candidates: [SensoryFeedbackPairing.Candidate] = []
        for animator in animators {
            let info = index.typeName(around: animator.call).flatMap { index.types[$0] }
            let reader = ImplicitAnimationReader(evaluator: evaluator, reduceMotionNames: info?.reduceMotionNames ?? [], computed: [:])
            if animations[animator.index].spec.reduceMotion == nil, Self.isShownOnlyWithoutReduceMotion(animator.call, reader: reader) {
                // With a Reduce Motion version in the other branch: a crossfade when that moves
                // only the opacity, else a shortened version; with none: static.
                let branch = Self.reduceMotionIf(of: animator.call, reader: reader)
                let version = branch.flatMap { ifExpr in reducedVersions.first { ifExpr.range.contains($0.range.lowerBound) } }
                animations[animator.index].spec.reduceMotion = version.map { $0.properties == ["opacity"] ? .crossfade : .shortened } ?? .static
            }
            let keys = animatorKeys(animator.call)
            // Nothing keys it (a scrubbed `KeyframeTimeline`): a `// motionsync: trigger=…`
            // comment on the type names what moves it (scroll, drag).
            if keys.isEmpty, animations[animator.index].spec.trigger != .repeating, let named = info?.triggerOverride {
                animations[animator.index].spec.trigger = named
            }
            let found =
                keys.isEmpty ? [] : animatorActions(animator.call, keys: keys, info: info, triggers: triggers, spec: &animations[animator.index].spec)
            let actions = found.map(\.node)
            candidates.append(.init(index: animator.index, typeName: animator.typeName, keys: keys, actions: actions))
        }
        if SwiftSourceScan.mayContainImplicitAnimation(bytes) {
            for found in ImplicitAnimationExtraction(host: self, index: index).run() {
                candidates.append(.init(index: animations.count, typeName: found.typeName, keys: found.keys, actions: found.actions))
                animations.append(found.animation)
            }
        }
        // (Found after the parts above, which report in this order.)
        let sites = SwiftSourceScan.mayFireHaptic(bytes) ? FeedbackSites.find(in: tree, host: self) : []
        // A UIKit or Core Animation animation pairs with a haptic run by the same action: the
        // method that calls `UIView.animate` or adds the layer animation, or what calls it (looked
        // for only when the file fires a haptic: the actions serve the pairing alone).
        for (animation, node) in layer {
            let typeName = sites.isEmpty ? nil : index.typeName(around: node)
            let actions = sites.isEmpty ? [] : triggers.actions(running: node, typeName: typeName).map(\.node)
            candidates.append(
                .init(index: animations.count, typeName: animation.spec.component ?? typeName ?? "", keys: [], actions: actions, node: node))
            animations.append(animation)
        }
        var unpaired: [UnpairedFeedback] = []
        if sites.isEmpty {
            SensoryFeedbackPairing.setFeedback([:], of: candidates, in: &animations)
        } else {
            unpaired = SensoryFeedbackPairing(host: self, triggers: triggers).pair(candidates, sites: sites, animations: &animations)
        }
        animations = Self.inSourceOrderWithUniqueIDs(animations)
        return unpaired
    }

    /// The states an animator's `trigger:` names: a plain state, or those an expression reads
    /// (`trigger: items.count > 3` plays when `items.count` changes it), said; none without
    /// `trigger:` or when the expression reads no state (said unless it is a literal).
    func animatorKeys(_ call: FunctionCallExprSyntax) -> [String] {
        guard let trigger = Arguments(call)["trigger"] else { return [] }
        if let key = statePath(trigger) { return [key] }
        let keys = statePaths(readBy: trigger)
        let what = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? call.calledExpression.trimmedDescription
        if keys.isEmpty {
            if !Self.isLiteral(trigger) {
                report(trigger, "\(what)(trigger: `\(code(trigger))`) names no state (its value may change at every update); trigger left as tap")
            }
        } else {
            let names = keys.map { "`\($0)`" }.joined(separator: ", ")
            report(trigger, "\(what)(trigger: `\(code(trigger))`) keys on an expression: read as keyed on the states it reads, \(names)")
        }
        return keys
    }

    /// A number, string or Boolean literal: a trigger that never changes, written where the
    /// trigger does not matter (previews, fixtures); not worth a line of its own.
    static func isLiteral(_ expr: ExprSyntax) -> Bool {
        expr.is(IntegerLiteralExprSyntax.self) || expr.is(FloatLiteralExprSyntax.self) || expr.is(BooleanLiteralExprSyntax.self)
            || expr.is(StringLiteralExprSyntax.self)
    }

    /// The actions that change an animator's keys (a drag for a `@GestureState`), and the
    /// trigger they give it, set on `spec` unless it repeats or the type names its trigger.
    /// O(keys × the type's mutations).
    private func animatorActions(
        _ call: FunctionCallExprSyntax, keys: [String], info: SwiftTypeIndex.TypeInfo?, triggers: TriggerResolution, spec: inout AnimationSpec
    ) -> [TriggerResolution.Action] {
        var found: [TriggerResolution.Action] = []
        for key in keys {
            if let member = info?.members[ImplicitAnimationExtraction.root(key)], member.wrapper == "GestureState" {
                let gesture = triggers.gestureStateTrigger(key: ImplicitAnimationExtraction.root(key), typeName: info?.name)
                found.append(TriggerResolution.Action(node: Syntax(call), trigger: gesture, position: call.positionAfterSkippingLeadingTrivia))
            }
            for m in animatorMutations.affecting(key, in: info) {
                found += triggers.actions(running: m.node, typeName: info?.name)
            }
            found += triggers.bindingActions(key: key, typeName: info?.name)
        }
        // The trigger is where the state changes, as for implicit animations.
        guard spec.trigger != .repeating else { return found }
        if let named = info?.triggerOverride {
            // `// motionsync: trigger=…` on the type: what the code cannot show, named.
            spec.trigger = named
            return found
        }
        let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName
        let place = name.map(Syntax.init) ?? Syntax(call.calledExpression)
        let what = name?.text ?? call.calledExpression.trimmedDescription
        let key = keys.joined(separator: ", ")
        if let unified = TriggerResolution.unify(found, converter: converter) {
            spec.trigger = unified.trigger
            if let note = unified.note { report(place, "\(what) on \(key): \(note)") }
        } else {
            let event = ImplicitAnimationExtraction.last(keys[0])
            spec.trigger = .event(event)
            report(place, "\(what)(trigger: \(key)): `\(key)` is not changed in this file (a binding or a model's property?); trigger event:\(event)")
        }
        return found
    }

    /// `animations` in source order, then with ids unique per screen (`-2`, `-3`, …): an animator
    /// and a state may kebab alike.
    static func inSourceOrderWithUniqueIDs(_ animations: [SwiftSourceAnimation]) -> [SwiftSourceAnimation] {
        var ordered = animations.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        var seen: Set<String> = []
        for k in ordered.indices {
            let base = ordered[k].spec.id
            var id = base, n = 1
            while !seen.insert(ordered[k].screen + "\u{0}" + id).inserted {
                n += 1
                id = "\(base)-\(n)"
            }
            ordered[k].spec.id = id
        }
        return ordered
    }

    /// The `if reduceMotion` / `if !reduceMotion` around a call (within its declaration), if any.
    static func reduceMotionIf(of call: FunctionCallExprSyntax, reader: ImplicitAnimationReader) -> IfExprSyntax? {
        var current = call.parent
        while let n = current {
            if let ifExpr = n.as(IfExprSyntax.self), ifExpr.conditions.count == 1, let first = ifExpr.conditions.first,
                case .expression(let condition) = first.condition, reader.reduceMotionCondition(condition) != nil
            {
                return ifExpr
            }
            if n.is(FunctionDeclSyntax.self) || n.is(StructDeclSyntax.self) || n.is(ClassDeclSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }

    /// Whether an animator is shown only with Reduce Motion on (`if reduceMotion { … }`, or the
    /// `else` of `if !reduceMotion`): the Reduce Motion version of the animator in the other branch.
    static func isReduceMotionVersion(_ call: FunctionCallExprSyntax, index: SwiftTypeIndex, evaluator: Evaluator) -> Bool {
        let info = index.typeName(around: call).flatMap { index.types[$0] }
        guard let names = info?.reduceMotionNames, !names.isEmpty else { return false }
        let reader = ImplicitAnimationReader(evaluator: evaluator, reduceMotionNames: names, computed: [:])
        guard let ifExpr = reduceMotionIf(of: call, reader: reader), let first = ifExpr.conditions.first,
            case .expression(let condition) = first.condition, let rm = reader.reduceMotionCondition(condition)
        else { return false }
        let inThen = call.position >= ifExpr.body.position && call.endPosition <= ifExpr.body.endPosition
        return inThen == rm
    }

    /// The properties an animation moves (tracks, or phase values that differ between phases).
    static func movedProperties(_ spec: AnimationSpec) -> [String] {
        switch spec.motion {
        case .keyframes(_, let tracks, _): return tracks.map(\.property)
        case .phases(let phases):
            var names: [String] = []
            for p in phases { for n in p.order where !names.contains(n) { names.append(n) } }
            return names.filter { n in Set(phases.map { $0.values[n] ?? phases[0].values[n] ?? 0 }).count > 1 }
        case .layer(let motion): return motion.properties
        case .implicit(let motion): return motion.values.map(\.name)
        }
    }

    /// Whether an animator sits in `if !reduceMotion { … }` (or the `else` of `if reduceMotion`).
    static func isShownOnlyWithoutReduceMotion(_ call: FunctionCallExprSyntax, reader: ImplicitAnimationReader) -> Bool {
        var current = call.parent
        while let n = current {
            if let ifExpr = n.as(IfExprSyntax.self), ifExpr.conditions.count == 1, let first = ifExpr.conditions.first,
                case .expression(let condition) = first.condition, let rm = reader.reduceMotionCondition(condition)
            {
                let inThen = call.position >= ifExpr.body.position && call.endPosition <= ifExpr.body.endPosition
                return inThen != rm
            }
            if n.is(FunctionDeclSyntax.self) || n.is(StructDeclSyntax.self) || n.is(ClassDeclSyntax.self) { return false }
            current = n.parent
        }
        return false
    }
}

#endif
