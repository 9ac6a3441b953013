#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - ImplicitAnimationExtraction

/// Finds a file's implicit animations: `withAnimation(ANIMATION) { … }` (with or without
/// `completionCriteria:` and `completion:`), `withTransaction`, `.animation(ANIMATION, value: X)`
/// and `.transaction { $0.animation = … }`, one animation per site.
///
/// - **Named** after the view and what it animates: `LikeButton` animating `isLiked` is
///   `like-button-is-liked` (`-2`, `-3` for further sites of the same pair).
/// - **Keys**: the state a site keys on (`value:`, or the states changed inside `withAnimation`).
/// - **Trigger**: where that state changes (`TriggerResolution`); a state changed nowhere in the
///   file (a binding, a model's property) is `event:<state>` and reported with file:line.
/// - **Values**: for each key, the animatable modifiers (`AnimatableModifiers`) that read it as
///   `key ? a : b` (or `!key`, `key == .x`) with literal branches move from the branch before the
///   change to the one after (a `Bool` turning on, or the value the `withAnimation` assigns); a
///   modifier that reads the key directly (`.scaleEffect(scale)`) moves from the state's written
///   initial value to a literal the `withAnimation` assigns. Scope: the whole view for
///   `withAnimation`, the modified view (the receiver, with everything inside it) for
///   `.animation` and `.transaction`. Without readable values: one `progress` track 0 → 1.
/// - **Reduce Motion**: `reduceMotion ? A : B` in the animation (A none: `instant`; an animation:
///   `shortened` with A kept as the Reduce Motion animation), `if reduceMotion { … } else {
///   withAnimation … }` (the same, from the other branch), or a modifier that keeps a motion still
///   under Reduce Motion (`.offset(y: reduceMotion ? 0 : …)`: `crossfade` when an opacity still
///   changes, `static` when nothing does).
final class ImplicitAnimationExtraction {
    /// An implicit animation and what pairing needs to know about it.
    struct Found {
        var animation: SwiftSourceAnimation
        var typeName: String
        /// State paths it keys on.
        var keys: [String]
        /// The handlers (closures, methods) that start it.
        var actions: [Syntax]
    }

    let host: SwiftSourceExtraction
    let index: SwiftTypeIndex
    let triggers: TriggerResolution
    private var counts: [String: Int] = [:]
    /// Per view type (by name), found once: its modifier calls, its mutations, its sites.
    private var modifierCache: [String: [(name: TokenSyntax, call: FunctionCallExprSyntax)]] = [:]
    private let typeMutations = TypeMutations()
    private var keyedModifierCache: [String: [String: [Range<AbsolutePosition>]]] = [:]

    /// The views `.animation(_:value:)` and `.transaction(value:)` modifiers of `scope` modify,
    /// by the state each keys on: cached per view type and kept by state, so each `withAnimation`
    /// of a type with n of them neither walks the type's sites again nor passes over all n.
    private func keyedModifiers(_ scope: [Syntax], typeName: String?) -> [String: [Range<AbsolutePosition>]] {
        if let typeName, let known = keyedModifierCache[typeName] { return known }
        var found: [String: [Range<AbsolutePosition>]] = [:]
        for other in scope.flatMap({ ImplicitSites.find(in: $0) }) {
            guard other.kind == .animationModifier || other.kind == .transactionModifier,
                let value = Arguments(other.call)["value"].flatMap(statePath),
                let receiver = other.call.calledExpression.as(MemberAccessExprSyntax.self)?.base
            else { continue }
            found[value, default: []].append(receiver.position..<receiver.endPosition)
        }
        if let typeName { keyedModifierCache[typeName] = found }
        return found
    }

    /// The animatable modifier calls of `scope` (`AnimatableModifiers`): cached when it is a
    /// whole type (`typeName`).
    private func modifierCalls(_ scope: [Syntax], typeName: String?) -> [(name: TokenSyntax, call: FunctionCallExprSyntax)] {
        if let typeName, let known = modifierCache[typeName] { return known }
        // Only the animatable ones are ever looked at: a type's n other calls would be passed
        // over again by each of its n sites.
        let calls = scope.flatMap { ModifierCalls.find(in: $0) }.filter { AnimatableModifiers.names.contains($0.name.text) }
        if let typeName { modifierCache[typeName] = calls }
        return calls
    }

    /// A view type's animatable modifier arguments (`modifierCalls`), read once per type: the
    /// reader is the type's, the same for each of its sites.
    private var argumentCache: [String: ModifierArguments] = [:]
    /// The modifier arguments and the mutations the sites have passed over, in all: work a test
    /// bounds per site (each site passing over all of its type's makes n sites n² work).
    private(set) var argumentsRead = 0
    var mutationsRead: Int { typeMutations.read }

    private func typeArguments(_ scope: [Syntax], typeName: String, reader: ImplicitAnimationReader) -> ModifierArguments {
        if let known = argumentCache[typeName] { return known }
        let read = ModifierArguments(modifierCalls(scope, typeName: typeName), reader: reader)
        argumentCache[typeName] = read
        return read
    }

    /// The file's calls of animatable modifiers (`AnimatableModifiers.names`), by name position,
    /// found once: a modifier's receiver asks for those inside it by binary search, where a walk
    /// of each receiver made a chain of n `.animation(_:value:)` n² work.
    private var fileModifiers: [(name: TokenSyntax, call: FunctionCallExprSyntax, at: AbsolutePosition)]?

    /// `ModifierCalls.find(in: node)` limited to animatable modifiers, from `fileModifiers`:
    /// the calls whose name lies in `node` and which lie in it whole. O(log n + found).
    private func animatableModifierCalls(in node: Syntax) -> [(name: TokenSyntax, call: FunctionCallExprSyntax)] {
        if fileModifiers == nil {
            fileModifiers = ModifierCalls.find(in: Syntax(host.tree)).filter { AnimatableModifiers.names.contains($0.name.text) }
                .map { ($0.name, $0.call, $0.name.positionAfterSkippingLeadingTrivia) }
        }
        let all = fileModifiers ?? []
        let start = node.position, end = node.endPosition
        var low = 0, high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].at < start { low = middle + 1 } else { high = middle }
        }
        var found: [(name: TokenSyntax, call: FunctionCallExprSyntax)] = []
        var k = low
        while k < all.count, all[k].at < end {
            if all[k].call.position >= start, all[k].call.endPosition <= end { found.append((all[k].name, all[k].call)) }
            k += 1
        }
        return found
    }

    /// Positions (sorted) of the changes to `key` in a view type that are not resets to its
    /// initial value, found once per type and key: the changes a direct read's start must be
    /// protected from. A withAnimation per change made the scan of every change per call n².
    private var changeCache: [String: [AbsolutePosition]] = [:]

    private func changes(
        of key: String, inScope scope: String, declarations: [Syntax], initial: Double?, reader: ImplicitAnimationReader
    ) -> [AbsolutePosition] {
        let cacheKey = scope + "\u{0}" + key
        if let known = changeCache[cacheKey] { return known }
        // `x = 1` where 1 is x's initial value is a reset: the start stays known.
        let found = typeMutations.affecting(key, inScope: scope, declarations: declarations).filter { m in
            !(m.path == key && initial != nil && m.assigned.flatMap { reader.evaluator.number($0, nil) } == initial)
        }.map(\.node.position).sorted()
        changeCache[cacheKey] = found
        return found
    }

    /// Whether every one of the sorted `positions` lies in one of `ranges`: the ranges merged,
    /// then the positions in each counted by binary search. O(r log r + r log n).
    static func allInside(_ positions: [AbsolutePosition], _ ranges: [Range<AbsolutePosition>]) -> Bool {
        guard !positions.isEmpty else { return true }
        var merged: [Range<AbsolutePosition>] = []
        for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !r.isEmpty {
            if let last = merged.last, r.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        func firstAtOrAfter(_ p: AbsolutePosition) -> Int {
            var low = 0, high = positions.count
            while low < high {
                let middle = (low + high) / 2
                if positions[middle] < p { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let inside = merged.reduce(0) { $0 + firstAtOrAfter($1.upperBound) - firstAtOrAfter($1.lowerBound) }
        return inside == positions.count
    }

    /// The mutations in a view type's declarations that change `key` (`TypeMutations`).
    private func mutations(_ info: SwiftTypeIndex.TypeInfo?, affecting key: String) -> [Mutation] {
        typeMutations.affecting(key, in: info)
    }

    init(host: SwiftSourceExtraction, index: SwiftTypeIndex) {
        self.host = host
        self.index = index
        triggers = TriggerResolution(index: index, module: host.evaluator.module)
    }

    /// The scope name of code outside any type (the file's top level): no type can be named so.
    static let fileScope = "\u{0}file"

    /// Every implicit animation of the file, in source order.
    func run() -> [Found] {
        ImplicitSites.find(in: host.tree).compactMap(extract)
    }

    // MARK: Sites

    /// `isOn` for the binding `$isOn` (`self.$isOn`; `store.sound` for `$store.sound`), the
    /// receiver of `Binding.animation(_:)`.
    static func bindingState(_ receiver: ExprSyntax) -> String? {
        var members: [String] = []
        var e = receiver
        while let access = e.as(MemberAccessExprSyntax.self), let base = access.base {
            if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                e = ExprSyntax(DeclReferenceExprSyntax(baseName: access.declName.baseName))
                break
            }
            members.insert(access.declName.baseName.text, at: 0)
            e = base
        }
        // `$0` is a closure's first argument, not a binding.
        guard let name = e.as(DeclReferenceExprSyntax.self)?.baseName.text, name.hasPrefix("$"), name.count > 1,
            !name.dropFirst().allSatisfy(\.isNumber)
        else { return nil }
        return ([String(name.dropFirst())] + members).joined(separator: ".")
    }

    /// The labels under which SwiftUI's controls take a `Binding` (`Toggle(isOn:)`,
    /// `Picker(selection:)`, `Slider(value:)`, `.sheet(isPresented:)`, …).
    static let bindingLabels: Set<String> = ["isOn", "selection", "value", "isPresented", "text", "isExpanded", "item"]

    /// How the control a `Binding.animation` is handed to changes it: a drop target's
    /// `isTargeted` while something is dragged over it (`.onDrop(of:isTargeted:perform:)`,
    /// `.dropDestination`), a control `TriggerResolution.controls` says is dragged (a `Slider`)
    /// by a drag, a scroll position (`.scrollPosition(id:)`, `.chartScrollPosition(x:)`) by a
    /// scroll, any other control on a tap.
    static func bindingTrigger(_ call: FunctionCallExprSyntax) -> Trigger {
        guard let argument = call.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text else { return .tap }
        if label == "isTargeted" { return .drag }
        let modifier = argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
        if let name = modifier?.declName.baseName.text, name == "scrollPosition" || name.hasSuffix("ScrollPosition") { return .scroll }
        let owner = argument.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)
        return owner.flatMap { TriggerResolution.controls[$0.baseName.text] ?? nil } == .drag ? .drag : .tap
    }

    /// `Toggle(isOn: isVisible.animation())`: a binding held in a property or a parameter (no
    /// `$`), known as one by where it is passed. The state is the binding's name. O(1).
    static func passedBindingState(_ call: FunctionCallExprSyntax) -> String? {
        guard let argument = call.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text, bindingLabels.contains(label),
            argument.parent?.parent?.is(FunctionCallExprSyntax.self) == true,
            let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        else { return nil }
        return statePath(receiver)
    }

    /// Whether `receiver.animation(arguments)` is the view modifier (or `Binding.animation`):
    /// `value:`, or an unlabeled animation with an optional body; not a transition's
    /// `.animation` (`startsAtTransition`, `isTransitionLink`: transitions are out of scope) nor
    /// a layer's `animation(forKey:)`.
    static func isAnimationModifier(_ receiver: ExprSyntax, _ arguments: Arguments, startsAtTransition: Bool, passedAsBinding: Bool = false) -> Bool {
        if passedAsBinding || bindingState(receiver) != nil { return arguments.all.count <= 1 && arguments.all.allSatisfy { $0.label == nil } }
        guard !startsAtTransition else { return false }
        if arguments["value"] != nil { return true }
        guard let first = arguments.all.first, first.label == nil, arguments.all.count <= 2 else { return false }
        return arguments.all.count == 1 || arguments.all[1].label == "body" || arguments.all[1].expr.is(ClosureExprSyntax.self)
    }

    /// What one link of a receiver chain says about whether the chain starts at a transition
    /// (`ReceiverChainAnswers`): an implicit member (`.opacity`, `.move(edge:)`: a view is never
    /// one) or `AnyTransition` does; any other root does not; other links leave it to the root.
    static func isTransitionLink(_ link: ExprSyntax) -> Bool? {
        if let access = link.as(MemberAccessExprSyntax.self) { return access.base == nil ? !continuesPostfixIfConfig(access) : nil }
        if link.is(FunctionCallExprSyntax.self) { return nil }
        return link.as(DeclReferenceExprSyntax.self)?.baseName.text == "AnyTransition"
    }

    /// Whether an implicit member starts a chain written in a `#if` clause after a view
    /// (`view #if os(iOS) .overlay(…).animation(…) #endif`): the view's modifiers, not a
    /// transition. O(length of the chain).
    static func continuesPostfixIfConfig(_ member: MemberAccessExprSyntax) -> Bool {
        var node = Syntax(member)
        while let parent = node.parent {
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id {
                node = parent
            } else if let access = parent.as(MemberAccessExprSyntax.self), access.base?.id == node.id {
                node = parent
            } else if parent.is(IfConfigClauseSyntax.self) {
                return parent.parent?.parent?.parent?.is(PostfixIfConfigExprSyntax.self) ?? false
            } else {
                return false
            }
        }
        return false
    }

    enum SiteKind { case withAnimation, withTransaction, animationModifier, transactionModifier }

    /// A site as `ImplicitSites` finds it.
    typealias Site = (kind: SiteKind, call: FunctionCallExprSyntax, name: TokenSyntax)

    /// What a `ButtonStyle`'s or `ToggleStyle`'s `makeBody(configuration:)` reads that the user's
    /// touch changes.
    static let styleInteraction: Set<String> = ["configuration.isPressed", "configuration.isOn"]

    /// Whether `configuration` at `call` is a style's: in `makeBody(configuration:)`, or in a
    /// method that takes a parameter of that name (`iOSBody(_ configuration: Configuration)`).
    static func readsStyleConfiguration(_ call: FunctionCallExprSyntax, index: SwiftTypeIndex) -> Bool {
        if index.functionName(around: call) == "makeBody" { return true }
        var current = call.parent
        while let n = current, !n.is(MemberBlockSyntax.self) {
            if let function = n.as(FunctionDeclSyntax.self) {
                return function.signature.parameterClause.parameters.contains { ($0.secondName ?? $0.firstName).text == "configuration" }
            }
            current = n.parent
        }
        return false
    }

    /// What reading one site gathers before its animation, trigger and values are settled.
    struct SiteReading {
        var animationExpr: ExprSyntax?
        var keys: [KeyState] = []
        /// Where its values are looked for: the view type, or the modified view.
        var scope: [Syntax]
        var actions: [TriggerResolution.Action] = []
        /// What plays with Reduce Motion on, when the code says.
        var fallback: ImplicitAnimationReader.Read?
        var bodyRange: Range<AbsolutePosition>?
        var sequenced: [Range<AbsolutePosition>] = []
        /// Why a figure of this site is an estimate (`AnimationSpec.estimates`).
        var estimates: [String] = []
    }

    /// One site and its keys, animation, scope and actions, read.
    private func extract(_ site: Site) -> Found? {
        let call = site.call
        let (screen, typeName) = placement(of: call)
        let info = index.typeName(around: call).flatMap { index.types[$0] }
        let reader = ImplicitAnimationReader(
            evaluator: host.evaluator, reduceMotionNames: info?.reduceMotionNames ?? [],
            computed: info?.computed ?? [:])
        var reading = SiteReading(scope: info?.declarations ?? [Syntax(host.tree)])
        let what = site.kind == .animationModifier || site.kind == .transactionModifier ? ".\(site.name.text)" : site.name.text
        let read: Bool
        switch site.kind {
        case .withAnimation, .withTransaction: read = readClosureSite(site, what: what, info: info, reader: reader, into: &reading)
        case .animationModifier: read = readAnimationModifier(site, reader: reader, into: &reading)
        case .transactionModifier: read = readTransactionModifier(site, reader: reader, into: &reading)
        }
        guard read, let animation = settleAnimation(site, what: what, reader: reader, into: &reading) else { return nil }
        let trigger = settleTrigger(site, what: what, info: info, into: &reading)
        return found(site, animation: animation, trigger: trigger, screen: screen, typeName: typeName, info: info, reader: reader, reading: reading)
    }

    /// `withAnimation` / `withTransaction`: the animation, the states the body changes, the
    /// Reduce Motion branch around it and the actions that run it. False: not a site to keep.
    private func readClosureSite(
        _ site: Site, what: String, info: SwiftTypeIndex.TypeInfo?, reader: ImplicitAnimationReader,
        into reading: inout SiteReading
    ) -> Bool {
        let call = site.call
        guard let body = Self.body(of: call) else { return readPassedBody(site, what: what, info: info, into: &reading) }
        if site.kind == .withAnimation {
            reading.animationExpr = Self.animationArgument(of: call)
        } else {
            guard let transaction = Arguments(call).all.first(where: { !$0.expr.is(ClosureExprSyntax.self) })?.expr else {
                host.report(call, "withTransaction without a transaction; not read")
                return false
            }
            switch transactionAnimation(transaction, in: call) {
            case .animation(let e): reading.animationExpr = e
            case .disabled: return false
            case .unknown:
                host.report(transaction, "withTransaction(`\(host.code(transaction))`): the transaction's animation is not written here; not read")
                return false
            }
        }
        reading.bodyRange = body.position..<body.endPosition
        readBodyKeys(call, body: body, info: info, into: &reading)
        if reading.keys.isEmpty && body.statements.isEmpty {
            host.report(call, "\(what) with an empty body animates nothing; not read")
            return false
        }
        if reading.keys.isEmpty {
            // Kept all the same: the animation runs; what it moves is not in this file.
            let why = "its body changes no state this file shows (a model's method, another type's); one progress value 0 → 1 stands for what moves"
            host.report(call, "\(what): \(why)")
            reading.estimates.append(why)
        }
        // `if reduceMotion { … } else { withAnimation … }`: this site or the other is the fallback.
        switch reduceMotionBranch(of: call, reader: reader) {
        case .isFallback: return false
        case .fallback(let read): reading.fallback = read
        case .none: break
        }
        reading.actions = triggers.actions(running: call, typeName: index.typeName(around: call))
        return true
    }

    /// `withAnimation(A, method)`: the body is passed in, its keys read where it is written.
    private func readPassedBody(_ site: Site, what: String, info: SwiftTypeIndex.TypeInfo?, into reading: inout SiteReading) -> Bool {
        let call = site.call
        guard site.kind == .withAnimation, let passed = Self.passedBody(of: call) else {
            host.report(call, "\(what) without a body closure; not read")
            return false
        }
        reading.animationExpr = Self.animationArgument(of: call)
        reading.keys = passedBodyKeys(passed, info: info)
        if reading.keys.isEmpty {
            let why =
                "its body `\(host.code(passed))` is passed in: what it changes is not written here; one progress value 0 → 1 stands for what moves"
            host.report(call, "\(what): \(why)")
            reading.estimates.append(why)
        }
        reading.actions = triggers.actions(running: call, typeName: index.typeName(around: call))
        return true
    }

    /// The states a `withAnimation` body changes (its calls to the type's methods followed), and
    /// the completions before and after it that change them too.
    private func readBodyKeys(
        _ call: FunctionCallExprSyntax, body: ClosureExprSyntax, info: SwiftTypeIndex.TypeInfo?, into reading: inout SiteReading
    ) {
        let mutations = CalledMethodMutations.find(in: body, type: info)
        for m in mutations where !reading.keys.contains(where: { $0.path == m.path }) {
            reading.keys.append(KeyState(path: m.path, assigned: m.assigned))
        }
        // Changes made after this animation (its completion) or before it (the animation whose
        // completion runs it, which also sets where it starts) do not hide its start.
        if let after = CompletionSequence.completion(of: call) { reading.sequenced.append(after.position..<after.endPosition) }
        if let owner = CompletionSequence.owner(of: call), let before = Self.body(of: owner) {
            reading.sequenced.append(before.position..<before.endPosition)
            let earlier = MutationFinder.find(in: before)
            for k in reading.keys.indices { reading.keys[k].start = earlier.last(where: { $0.path == reading.keys[k].path })?.assigned }
        }
    }

    /// `.animation(A, value: x)` (or `[a, b]`), `$x.animation(A)`, `.animation(A) { … }` and the
    /// deprecated `.animation(A)`: the animation and the states it keys on. False: not kept.
    private func readAnimationModifier(_ site: Site, reader: ImplicitAnimationReader, into reading: inout SiteReading) -> Bool {
        let call = site.call
        let arguments = Arguments(call)
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let receiver = access.base else { return false }
        reading.animationExpr = arguments.unlabeled(0)
        if let value = arguments["value"] {
            // `value: [a, b]` (or a tuple) keys on each of its states.
            let written =
                value.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) }
                ?? value.as(TupleExprSyntax.self).map { $0.elements.map(\.expression) } ?? [value]
            let paths = written.compactMap(statePath)
            reading.scope = [Syntax(receiver)]
            if !paths.isEmpty, paths.count == written.count {
                reading.keys = paths.map { KeyState(path: $0, assigned: nil) }
            } else {
                readExpressionKeys(value, written: written, receiver: receiver, reader: reader, into: &reading)
            }
        } else if let state = Self.bindingState(receiver) ?? Self.passedBindingState(call) {
            // `$isOn.animation(…)`: the control the binding is handed to changes it.
            reading.keys = [KeyState(path: state, assigned: nil)]
            reading.actions.append(
                TriggerResolution.Action(node: Syntax(call), trigger: Self.bindingTrigger(call), position: call.positionAfterSkippingLeadingTrivia))
        } else {
            // `.animation(_:body:)` animates what its body reads; the deprecated `.animation(_:)`
            // every change of the view it modifies: the states they read in conditions.
            let body = arguments["body"] ?? arguments.all.last(where: { $0.expr.is(ClosureExprSyntax.self) })?.expr
            let read = body.map { Syntax($0) } ?? Syntax(receiver)
            reading.scope = [read]
            reading.keys = Self.ternaryStates(in: read, reader: reader).map { KeyState(path: $0, assigned: nil) }
            if body == nil {
                host.report(
                    site.name,
                    "`.animation(_:)` without `value:` (deprecated) animates every change of the view; read as keyed on the states it reads (write .animation(_:value:))"
                )
            }
            if reading.keys.isEmpty {
                reading.estimates.append(
                    "`.animation` here keys on no state the view reads in a condition; one progress value 0 → 1 stands for what moves")
                // What changes it then is what the view's own handlers do (a `Button` inside it,
                // an `.onTapGesture` after it).
                if body == nil { reading.actions += TriggerResolution.handlerActions(inViewModifiedBy: call) }
            }
        }
        return true
    }

    /// `.animation(A, value: expression)`: it plays when the expression's value changes, which
    /// only the states it reads can change (`focused == nil`: `focused`). An expression that
    /// reads no state (`UUID()`, new at every update) keys on every change of the view, as the
    /// deprecated `.animation(_:)` does.
    private func readExpressionKeys(
        _ value: ExprSyntax, written: [ExprSyntax], receiver: ExprSyntax, reader: ImplicitAnimationReader, into reading: inout SiteReading
    ) {
        var paths: [String] = []
        for expression in written {
            for path in statePaths(readBy: expression) where !paths.contains(path) { paths.append(path) }
        }
        let code = host.code(value)
        if !paths.isEmpty {
            reading.keys = paths.map { KeyState(path: $0, assigned: nil) }
            let names = paths.map { "`\($0)`" }.joined(separator: ", ")
            host.report(value, ".animation(value: `\(code)`) keys on an expression: read as keyed on the states it reads, \(names)")
            return
        }
        reading.keys = Self.ternaryStates(in: Syntax(receiver), reader: reader).map { KeyState(path: $0, assigned: nil) }
        host.report(
            value, ".animation(value: `\(code)`) names no state (its value may change at every update): read as keyed on every change of the view")
        if reading.keys.isEmpty {
            reading.estimates.append(
                "`.animation` here keys on `\(code)`, no state the view reads in a condition; one progress value 0 → 1 stands for what moves")
        }
    }

    /// `.transaction { $0.animation = A }` (with or without `value:`). False: not kept.
    private func readTransactionModifier(_ site: Site, reader: ImplicitAnimationReader, into reading: inout SiteReading) -> Bool {
        let call = site.call
        let arguments = Arguments(call)
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let receiver = access.base,
            let closure = arguments.all.last(where: { $0.expr.is(ClosureExprSyntax.self) })?.expr.as(ClosureExprSyntax.self)
        else { return false }
        guard let assigned = Self.transactionAssignment(closure) else {
            host.report(closure, ".transaction: no `animation = …` in its closure; not read")
            return false
        }
        reading.animationExpr = assigned
        reading.scope = [Syntax(receiver)]
        if let value = arguments["value"], let key = statePath(value) {
            reading.keys = [KeyState(path: key, assigned: nil)]
        } else {
            reading.keys = Self.ternaryStates(in: receiver, reader: reader).map { KeyState(path: $0, assigned: nil) }
            guard !reading.keys.isEmpty else {
                host.report(call, ".transaction on a view that reads no state in a condition; not read (write .transaction(value:) to name it)")
                return false
            }
        }
        return true
    }

    /// The animation a site plays: what is not literal is estimated (SwiftUI's defaults), never
    /// dropped; for `withAnimation`, delayed by an `asyncAfter`/`Task.sleep` around it and by the
    /// completion it runs in. Nil: the change is not animated, or the delay cannot apply.
    private func settleAnimation(_ site: Site, what: String, reader: ImplicitAnimationReader, into reading: inout SiteReading) -> ImplicitAnimation? {
        let choice: ImplicitAnimationReader.Choice
        if let animationExpr = reading.animationExpr {
            switch reader.choice(animationExpr) {
            case .success(let c): choice = c
            case .failure(let f):
                let estimate = reader.estimate(animationExpr)
                host.report(f.node, "\(what): \(f.why); estimated: " + estimate.reasons.joined(separator: "; "))
                choice = estimate.choice
                reading.estimates += estimate.reasons
            }
        } else {
            choice = ImplicitAnimationReader.Choice(main: .animation(ImplicitAnimation(.default)), reduceMotion: nil)
        }
        guard case .animation(let animation) = choice.main else { return nil }
        reading.fallback = choice.reduceMotion ?? reading.fallback
        guard site.kind == .withAnimation || site.kind == .withTransaction else { return animation }
        return delayed(animation, site: site, what: what, reader: reader, into: &reading)
    }

    /// A `withAnimation`'s animation (and its Reduce Motion fallback) started later: `T` after
    /// the action in `asyncAfter(deadline: .now() + T) { … }` (or after a `Task.sleep`), then
    /// when the animation whose `completion:` runs it completes.
    private func delayed(
        _ animation: ImplicitAnimation, site: Site, what: String, reader: ImplicitAnimationReader,
        into reading: inout SiteReading
    ) -> ImplicitAnimation? {
        var animation = animation
        let later = host.evaluator.asyncAfterDelay(of: site.call)
        for (after, deadline) in later.unread {
            host.report(
                after,
                "asyncAfter(deadline: `\(deadline.map { host.code($0) } ?? "")`) is not `.now() + seconds`; the animation is taken to start with the action"
            )
        }
        for (sleep, reason) in zip(later.unreadSleeps, later.sleepReasons) {
            host.report(sleep, reason)
            reading.estimates.append(reason)
        }
        if later.seconds > 0 {
            do { try Self.delay(&animation, fallback: &reading.fallback, by: later.seconds) } catch {
                host.report(site.name, "\(what) after asyncAfter: \(error.description); not read")
                return nil
            }
        }
        switch completionDelay(of: site.call, reader: reader) {
        case .success(let seconds) where seconds > 0:
            do { try Self.delay(&animation, fallback: &reading.fallback, by: seconds) } catch {
                host.report(site.name, "\(what) in a completion: \(error.description); not read")
                return nil
            }
        case .success: break
        case .failure(let why):
            host.report(site.name, "\(what) runs in the completion of \(why); taken to start with the action")
        }
        return animation
    }

    /// `animation` and its Reduce Motion fallback, each started `seconds` later.
    static func delay(
        _ animation: inout ImplicitAnimation, fallback: inout ImplicitAnimationReader.Read?, by seconds: Double
    ) throws(ImplicitAnimation.ModifierError) {
        animation = try animation.applying(.delay(seconds))
        if case .animation(let a)? = fallback { fallback = .animation(try a.applying(.delay(seconds))) }
    }

    /// The trigger: where the keys change (for modifiers: the mutations of each key and the
    /// controls bound to it; a `@GestureState` key is a drag), a `// motionsync: trigger=` on the
    /// type, or `event:<key>` with a note where the change is not in the file.
    private func settleTrigger(_ site: Site, what: String, info: SwiftTypeIndex.TypeInfo?, into reading: inout SiteReading) -> Trigger {
        let call = site.call
        let typeForTriggers = index.typeName(around: call)
        if site.kind == .animationModifier || site.kind == .transactionModifier {
            for key in reading.keys {
                // A style's `configuration.isPressed` (`isOn`) changes as the user presses (taps)
                // it, in `makeBody` or a method it hands the configuration to.
                if Self.styleInteraction.contains(key.path), Self.readsStyleConfiguration(call, index: index) {
                    reading.actions.append(
                        TriggerResolution.Action(node: Syntax(call), trigger: .tap, position: call.positionAfterSkippingLeadingTrivia))
                    continue
                }
                if let member = info?.members[Self.root(key.path)], member.wrapper == "GestureState" {
                    let gesture = triggers.gestureStateTrigger(key: Self.root(key.path), typeName: typeForTriggers)
                    reading.actions.append(
                        TriggerResolution.Action(node: Syntax(call), trigger: gesture, position: call.positionAfterSkippingLeadingTrivia))
                    continue
                }
                let changes = mutations(info, affecting: key.path)
                for m in changes {
                    reading.actions += triggers.actions(running: m.node, typeName: typeForTriggers)
                }
                let bound = triggers.bindingActions(key: key.path, typeName: typeForTriggers)
                reading.actions += bound
                // A view's `isPressed` that nothing in the file sets: a style passes its press in.
                if key.path == "isPressed", changes.isEmpty, bound.isEmpty {
                    reading.actions.append(
                        TriggerResolution.Action(node: Syntax(call), trigger: .tap, position: call.positionAfterSkippingLeadingTrivia))
                }
            }
        }
        // `// motionsync: trigger=…` on the type: what the code cannot show, named.
        if let named = info?.triggerOverride { return named }
        let keys = reading.keys.map(\.path).joined(separator: ", ")
        if let unified = TriggerResolution.unify(reading.actions, converter: host.converter) {
            if let note = unified.note { host.report(site.name, "\(what) on \(keys): \(note)") }
            return unified.trigger
        }
        let name = reading.keys.first.map { Self.last($0.path) } ?? "change"
        host.report(
            site.name,
            site.kind == .withAnimation || site.kind == .withTransaction
                ? "\(what) runs outside any action, gesture or appear handler in this file; trigger event:\(name)"
                : "`\(keys)` is not changed in this file (a binding or a model's property?); trigger event:\(name)")
        return .event(name)
    }

    /// The site as an animation: the values it moves, its Reduce Motion behaviour, its id.
    private func found(
        _ site: Site, animation: ImplicitAnimation, trigger: Trigger, screen: String, typeName: String,
        info: SwiftTypeIndex.TypeInfo?, reader: ImplicitAnimationReader, reading: SiteReading
    ) -> Found {
        // A closure site's scope is its whole type, or the whole file outside any type: what it
        // finds there is found once per scope, not once per site.
        let wholeType = site.kind == .withAnimation || site.kind == .withTransaction ? info?.name ?? Self.fileScope : nil
        let read = values(
            keys: reading.keys, scope: reading.scope, info: info, reader: reader, site: site.kind, body: reading.bodyRange,
            sequenced: reading.sequenced, typeName: wholeType)
        var reduceMotion: ReduceMotion?
        var reduceMotionAnimation: ImplicitAnimation?
        switch reading.fallback {
        case .none?:
            reduceMotion = .instant
        case .animation(let a)?:
            reduceMotion = a == animation ? ReduceMotion.none : .shortened
            reduceMotionAnimation = a == animation ? nil : a
        case nil:
            if !read.stillUnderReduceMotion.isEmpty {
                let moving = read.values.filter { !read.stillUnderReduceMotion.contains($0.name) }
                reduceMotion = moving.isEmpty ? .static : (moving.allSatisfy { $0.name == "opacity" } ? .crossfade : nil)
            }
        }
        let id = nextID(typeName: typeName, keys: reading.keys.map(\.path))
        var spec = AnimationSpec(
            id: id, component: typeName, trigger: trigger, reduceMotion: reduceMotion,
            motion: .implicit(
                ImplicitMotion(
                    animation: animation, values: read.values.isEmpty ? [.progress] : read.values,
                    reduceMotionAnimation: reduceMotionAnimation)))
        spec.estimates = reading.estimates
        return Found(
            animation: SwiftSourceAnimation(screen: screen, spec: spec, line: host.line(site.name), column: host.column(site.name)),
            typeName: typeName,
            keys: reading.keys.map(\.path), actions: reading.actions.map(\.node))
    }

    // MARK: Completion sequences

    /// Seconds after its own start (asyncAfter aside) at which the animations whose `completion:`
    /// closures hold `call` have completed, one after another (`CompletionSequence`); 0 outside
    /// any. Fails, saying which, where one of them is not read or repeats forever.
    func completionDelay(of call: FunctionCallExprSyntax, reader: ImplicitAnimationReader) -> Result<Double, CompletionFailure> {
        var total = 0.0
        var current = call
        while let owner = CompletionSequence.owner(of: current) {
            let name = owner.calledExpression.trimmedDescription
            guard name == "withAnimation" else { return .failure(CompletionFailure("a withTransaction, whose animation is not timed here")) }
            let read =
                Self.animationArgument(of: owner).map { reader.choice($0) }
                ?? .success(ImplicitAnimationReader.Choice(main: .animation(ImplicitAnimation(.default)), reduceMotion: nil))
            switch read {
            case .success(let choice):
                if case .animation(let a) = choice.main {
                    guard let t = CompletionSequence.completionTime(of: a, removed: CompletionSequence.waitsForRemoval(owner)) else {
                        return .failure(CompletionFailure("an animation that repeats forever (line \(host.line(owner))), which never completes"))
                    }
                    total += t
                }
            case .failure:
                return .failure(CompletionFailure("an animation that is not read (line \(host.line(owner)))"))
            }
            current = owner
        }
        return .success(total)
    }

    /// Why a completion's start is not known.
    struct CompletionFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: Naming and placement

    /// `like-button-is-liked`: the view's kebab-case name and the states', `-2`, `-3` for repeats.
    private func nextID(typeName: String, keys: [String]) -> String {
        var base = SwiftSourceScan.animationID(forTypeName: typeName)
        let parts = keys.prefix(2).map { SwiftSourceScan.animationID(forTypeName: Self.last($0)) }
        base += parts.isEmpty ? "-animation" : "-" + parts.joined(separator: "-")
        let n = (counts[base] ?? 0) + 1
        counts[base] = n
        return n == 1 ? base : "\(base)-\(n)"
    }

    /// The screen (a `// motionsync: screen=` comment on an enclosing type, else the enclosing
    /// View) and the view type a site belongs to, as for animators.
    private func placement(of node: some SyntaxProtocol) -> (screen: String, typeName: String) {
        let names = index.typeNames(around: node)
        var typeName = names.last ?? SwiftSourceExtraction.fileStem(host.file)
        if ["View", "SwiftUI.View"].contains(typeName), let function = index.functionName(around: node), let first = function.first {
            typeName = first.uppercased() + function.dropFirst()
        }
        if let override = names.reversed().compactMap({ index.types[$0]?.screenOverride }).first { return (override, typeName) }
        if let view = names.reversed().first(where: { index.types[$0]?.isView == true }) { return (view, typeName) }
        return (typeName, typeName)
    }

    static func last(_ path: String) -> String { path.split(separator: ".").last.map(String.init) ?? path }
    static func root(_ path: String) -> String { path.split(separator: ".").first.map(String.init) ?? path }

    // MARK: Bodies and transactions

    /// The animation `withAnimation(A) { … }` is given (its unlabeled argument that is not a
    /// closure); nil for `withAnimation { … }` (the default animation).
    static func animationArgument(of call: FunctionCallExprSyntax) -> ExprSyntax? {
        Arguments(call).all.first { $0.label == nil && !$0.expr.is(ClosureExprSyntax.self) }?.expr
    }

    /// The closure `withAnimation` / `withTransaction` runs (not its `completion:`); nil when
    /// the body is passed in (`withAnimation(.easeIn, action) { … }`: then the trailing closure
    /// is the completion).
    static func body(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if passedBody(of: call) != nil { return nil }
        return Arguments(call).all.first { $0.label != "completion" && $0.expr.is(ClosureExprSyntax.self) }?.expr.as(ClosureExprSyntax.self)
    }

    /// The body of `withAnimation(A, body)` when it is not written as a closure: a method or a
    /// closure held in a name.
    ///
    /// The arguments are filtered as an array: `filter` on the syntax collection itself makes a
    /// new collection in a copy of the whole tree, as long as the file per call.
    static func passedBody(of call: FunctionCallExprSyntax) -> ExprSyntax? {
        let written = Array(call.arguments).filter { $0.label == nil }
        guard written.count >= 2, !written[1].expression.is(ClosureExprSyntax.self) else { return nil }
        return written[1].expression
    }

    /// The states a passed-in body changes: those the type's method of that name changes (and
    /// the methods it calls), none for a closure held in a parameter or a property.
    func passedBodyKeys(_ body: ExprSyntax, info: SwiftTypeIndex.TypeInfo?) -> [KeyState] {
        let name =
            body.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? body.as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? $0.declName.baseName.text : nil }
        guard let name, let info, let methods = info.methods[name] else { return [] }
        var keys: [KeyState] = []
        for method in methods {
            guard let code = method.body else { continue }
            for m in CalledMethodMutations.find(in: code, type: info) where !keys.contains(where: { $0.path == m.path }) {
                keys.append(KeyState(path: m.path, assigned: m.assigned))
            }
        }
        return keys
    }

    enum TransactionAnimation { case animation(ExprSyntax), disabled, unknown }

    /// The animation of `withTransaction(T)`: `Transaction(animation: A)`, or a local
    /// `var t = Transaction(animation: A)` (or `t.animation = A`) before the call;
    /// `t.disablesAnimations = true` disables it.
    func transactionAnimation(_ expr: ExprSyntax, in call: FunctionCallExprSyntax) -> TransactionAnimation {
        if let made = expr.as(FunctionCallExprSyntax.self), made.calledExpression.trimmedDescription == "Transaction" {
            return Arguments(made)["animation"].map { .animation($0) } ?? .unknown
        }
        guard let name = expr.as(DeclReferenceExprSyntax.self)?.baseName.text else { return .unknown }
        // The statements before the call in its code block.
        var node = Syntax(call)
        while let parent = node.parent, !parent.is(CodeBlockItemListSyntax.self) { node = parent }
        guard let list = node.parent?.as(CodeBlockItemListSyntax.self) else { return .unknown }
        var found: TransactionAnimation = .unknown
        for item in list {
            if item.position >= call.position { break }
            if let variable = item.item.as(VariableDeclSyntax.self) {
                for binding in variable.bindings where binding.pattern.trimmedDescription == name {
                    if let made = binding.initializer?.value.as(FunctionCallExprSyntax.self), let a = Arguments(made)["animation"] {
                        found = .animation(a)
                    }
                }
            }
            if let e = expression(of: item), let sequence = e.as(SequenceExprSyntax.self) {
                let parts = Array(sequence.elements)
                guard parts.count == 3, parts[1].is(AssignmentExprSyntax.self) else { continue }
                switch parts[0].trimmedDescription {
                case "\(name).animation": found = .animation(parts[2])
                case "\(name).disablesAnimations" where parts[2].trimmedDescription == "true": found = .disabled
                default: break
                }
            }
        }
        return found
    }

    /// `$0.animation = A` / `t.animation = A` in a `.transaction` closure.
    static func transactionAssignment(_ closure: ClosureExprSyntax) -> ExprSyntax? {
        for item in closure.statements {
            guard let e = expression(of: item), let sequence = e.as(SequenceExprSyntax.self) else { continue }
            let parts = Array(sequence.elements)
            if parts.count == 3, parts[1].is(AssignmentExprSyntax.self), parts[0].trimmedDescription.hasSuffix(".animation") { return parts[2] }
        }
        return nil
    }

    /// The states a view's modifiers read in conditions (`x ? a : b`), in order.
    static func ternaryStates(in node: some SyntaxProtocol, reader: ImplicitAnimationReader) -> [String] {
        var states: [String] = []
        for call in ModifierCalls.find(in: Syntax(node)) where AnimatableModifiers.names.contains(call.name.text) {
            for entry in AnimatableModifiers.entries(call.name, Arguments(call.call)) where entry.property != nil {
                guard let t = ImplicitAnimationReader.ternary(reader.evaluator.unwrap(entry.argument)),
                    reader.reduceMotionCondition(elements: t.condition) == nil,
                    let path = conditionPath(t.condition)
                else { continue }
                if !states.contains(path) { states.append(path) }
            }
        }
        return states
    }

    /// The state a condition tests: `x`, `!x`, `x == …`, `… != x`.
    static func conditionPath(_ condition: [ExprSyntax]) -> String? {
        if condition.count == 1 {
            if let prefix = condition[0].as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" { return statePath(prefix.expression) }
            return statePath(condition[0])
        }
        guard condition.count == 3, condition[1].is(BinaryOperatorExprSyntax.self) else { return nil }
        return statePath(condition[0]) ?? statePath(condition[2])
    }

    // MARK: Reduce Motion branches

    enum ReduceMotionBranch { case none, isFallback, fallback(ImplicitAnimationReader.Read) }

    /// A `withAnimation` inside `if reduceMotion { … } else { … }` (within its handler): in the
    /// Reduce Motion branch it is the fallback of the other; in the other branch, the Reduce
    /// Motion branch's `withAnimation` (or none: instant) is its fallback.
    func reduceMotionBranch(of call: FunctionCallExprSyntax, reader: ImplicitAnimationReader) -> ReduceMotionBranch {
        var current = call.parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), triggers.handlerTrigger(closure) != nil { break }
            if n.is(FunctionDeclSyntax.self) { break }
            if let ifExpr = n.as(IfExprSyntax.self), ifExpr.conditions.count == 1, let first = ifExpr.conditions.first,
                case .expression(let condition) = first.condition, let rm = reader.reduceMotionCondition(condition)
            {
                let inThen = call.position >= ifExpr.body.position && call.endPosition <= ifExpr.body.endPosition
                let inReduceMotion = inThen == rm
                if inReduceMotion { return .isFallback }
                let other: Syntax? = rm ? Syntax(ifExpr.body) : ifExpr.elseBody.map { Syntax($0) }
                guard let other, let reduced = WithAnimationCalls.first(in: other) else { return .fallback(.none) }
                let expr = Arguments(reduced).all.first { $0.label == nil && !$0.expr.is(ClosureExprSyntax.self) }?.expr
                guard let expr else { return .fallback(.animation(ImplicitAnimation(.default))) }
                if case .success(let read) = reader.read(expr) { return .fallback(read) }
                host.report(expr, "the Reduce Motion animation `\(host.code(expr))` is not read")
                return .none
            }
            current = n.parent
        }
        return .none
    }

    // MARK: Values

    /// A key and, for a `withAnimation` assignment, the value it sets.
    struct KeyState {
        var path: String
        var assigned: ExprSyntax?
        /// Whether a direct read may start at the state's written initial value.
        var directReadKnown = true
        /// Where a direct read starts instead of the initial value: what the animation whose
        /// `completion:` runs this one assigned (`CompletionSequence`).
        var start: ExprSyntax?
    }

    struct ValueRead {
        var values: [ImplicitValue] = []
        /// Properties that stay still with Reduce Motion on (`reduceMotion ? 0 : …`).
        var stillUnderReduceMotion: Set<String> = []
    }

    /// The properties the keys move in `scope` (see the type's documentation).
    ///
    /// For `withAnimation`, views under an `.animation(_:value:)` or `.transaction(value:)` of the
    /// same state are left out (their own animation wins there), and a direct read counts only
    /// when every change of the state is this site's (else where it moves from is not known).
    /// `typeName` names a closure site's scope (its type, or `fileScope`), under which what is
    /// found in `scope` is kept for the next site; nil for a modifier site.
    func values(
        keys: [KeyState], scope: [Syntax], info: SwiftTypeIndex.TypeInfo?, reader: ImplicitAnimationReader,
        site: SiteKind, body: Range<AbsolutePosition>?, sequenced: [Range<AbsolutePosition>] = [], typeName: String?
    ) -> ValueRead {
        var out = ValueRead()
        var used: [String: Int] = [:]
        var overridden: [Range<AbsolutePosition>] = []
        var keys = keys
        if site == .withAnimation || site == .withTransaction {
            let keyed = keyedModifiers(scope, typeName: typeName)
            for path in Set(keys.map(\.path)) { overridden += keyed[path] ?? [] }
            // A direct read's start is the written initial value only if nothing else changes it
            // (or changes it back to that value: a reset); where another animation's completion
            // runs this one, it starts where that one left the state.
            keys = keys.map { key in
                var k = key
                guard k.start == nil else { return k }
                let known = (body.map { [$0] } ?? []) + sequenced
                let initial = info?.members[key.path]?.initial.flatMap { reader.evaluator.number($0, nil) }
                // Per scope (view type, or the file's top level) and state, once: where the
                // changes that are not resets are.
                if let typeName, body != nil,
                    !Self.allInside(
                        changes(of: key.path, inScope: typeName, declarations: scope, initial: initial, reader: reader), known)
                {
                    k.assigned = nil
                    k.directReadKnown = false
                }
                return k
            }
        }
        // Only an argument that reads a key's root can move with it (`readValues`).
        let arguments =
            typeName.map { typeArguments(scope, typeName: $0, reader: reader).reading(any: keys.map { Self.root($0.path) }) }
            ?? ModifierArguments(scope.count == 1 ? animatableModifierCalls(in: scope[0]) : modifierCalls(scope, typeName: nil), reader: reader).all
        argumentsRead += arguments.count
        for entry in arguments where !overridden.contains(where: { $0.contains(entry.call.position) }) {
            for key in keys {
                guard let (from, to) = readValues(entry.argument, key: key, info: info, reader: reader, modifier: entry.modifier) else { continue }
                let n = (used[entry.property] ?? 0) + 1
                used[entry.property] = n
                let name = n == 1 ? entry.property : "\(entry.property)-\(n)"
                out.values.append(ImplicitValue(name, from: from, to: to))
                if entry.still { out.stillUnderReduceMotion.insert(name) }
                break
            }
        }
        return out
    }

    /// The values `argument` moves between when `key` changes; nil when it does not read the key
    /// (or reads it in a way that is not a literal choice: reported).
    func readValues(
        _ argument: ExprSyntax, key: KeyState, info: SwiftTypeIndex.TypeInfo?, reader: ImplicitAnimationReader,
        modifier: TokenSyntax
    ) -> (Double, Double)? {
        let root = Self.root(key.path)
        guard argument.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier(root) }) else { return nil }
        let evaluator = reader.evaluator
        // Angle and number wrappers around the choice: `.degrees(isOn ? 45 : 0)`.
        var inner = argument
        while let call = inner.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let only = call.arguments.first?.expression,
            ["degrees", "Angle", "CGFloat", "Double", "Float"].contains(
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? call.calledExpression.trimmedDescription)
        {
            inner = evaluator.unwrap(only)
        }
        if let t = ImplicitAnimationReader.ternary(inner), let path = Self.conditionPath(t.condition), path == key.path {
            guard let a = evaluator.number(t.then, nil), let b = evaluator.number(t.otherwise, nil) else {
                host.report(
                    argument,
                    ".\(modifier.text)(`\(host.code(argument))`) reads `\(key.path)` but its values are not literals; the progress track stands for it"
                )
                return nil
            }
            // Which branch holds after the change: true turning on, or what withAnimation assigns.
            let after = Self.truth(t.condition, key: key)
            return after ? (b, a) : (a, b)
        }
        if statePath(inner) == key.path {
            // A direct read: from the state's written initial value to what withAnimation assigns.
            if key.directReadKnown, let initial = key.start ?? info?.members[key.path]?.initial, let from = evaluator.number(initial, nil),
                let assigned = key.assigned, let to = evaluator.number(assigned, nil), from != to
            {
                return (from, to)
            }
            return nil
        }
        host.report(
            argument,
            ".\(modifier.text)(`\(host.code(argument))`) reads `\(key.path)` but not as a choice between literals; the progress track stands for it")
        return nil
    }

    /// Whether the condition holds after the change: a `Bool` key turns on (or takes the literal
    /// assigned); `key == x` holds when `x` is what is assigned, and is taken to become true otherwise.
    static func truth(_ condition: [ExprSyntax], key: KeyState) -> Bool {
        let assigned = key.assigned?.trimmedDescription
        if condition.count == 1 {
            var negated = false
            var e = condition[0]
            if let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
                negated = true
                e = prefix.expression
            }
            let value = assigned == "false" ? false : true
            return negated ? !value : value
        }
        guard condition.count == 3, let op = condition[1].as(BinaryOperatorExprSyntax.self) else { return true }
        let other = statePath(condition[0]) == key.path ? condition[2] : condition[0]
        let equal: Bool
        if let assigned { equal = assigned == other.trimmedDescription } else { equal = true }
        switch op.operator.text {
        case "==": return equal
        case "!=": return key.assigned == nil ? true : !equal
        default: return true
        }
    }
}

// MARK: - ImplicitSites

/// The implicit-animation sites of a file, in source order.
final class ImplicitSites: SyntaxVisitor {
    private(set) var sites: [(kind: ImplicitAnimationExtraction.SiteKind, call: FunctionCallExprSyntax, name: TokenSyntax)] = []
    /// Whether receiver chains start at a transition, link by link.
    private var transitionChains = ReceiverChainAnswers()

    static func find(in tree: some SyntaxProtocol) -> [(kind: ImplicitAnimationExtraction.SiteKind, call: FunctionCallExprSyntax, name: TokenSyntax)]
    {
        let finder = ImplicitSites(viewMode: .sourceAccurate)
        finder.walk(Syntax(tree))
        return finder.sites.sorted { $0.name.position < $1.name.position }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let ref = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            switch ref.baseName.text {
            case "withAnimation": sites.append((.withAnimation, node, ref.baseName))
            case "withTransaction": sites.append((.withTransaction, node, ref.baseName))
            default: break
            }
        } else if let access = node.calledExpression.as(MemberAccessExprSyntax.self), access.base != nil {
            let arguments = Arguments(node)
            switch access.declName.baseName.text {
            case "animation"
            where ImplicitAnimationExtraction.isAnimationModifier(
                access.base!, arguments,
                startsAtTransition: transitionChains.answer(access.base!, decide: ImplicitAnimationExtraction.isTransitionLink),
                passedAsBinding: ImplicitAnimationExtraction.passedBindingState(node) != nil):
                sites.append((.animationModifier, node, access.declName.baseName))
            case "transaction" where arguments.all.contains(where: { $0.expr.is(ClosureExprSyntax.self) }):
                sites.append((.transactionModifier, node, access.declName.baseName))
            default: break
            }
        }
        return .visitChildren
    }
}

// MARK: - WithAnimationCalls

/// The first `withAnimation` call inside a node.
final class WithAnimationCalls: SyntaxVisitor {
    private(set) var found: FunctionCallExprSyntax?

    static func first(in node: Syntax) -> FunctionCallExprSyntax? {
        let finder = WithAnimationCalls(viewMode: .sourceAccurate)
        finder.walk(node)
        return finder.found
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "withAnimation" { found = node }
        return found == nil ? .visitChildren : .skipChildren
    }
}
#endif
