#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
import MotionSwiftSourceModel
internal import SwiftSyntax

// MARK: - LayerAnimationExtraction

/// The Core Animation and UIKit animations of one parsed file (issue 13): `CABasicAnimation`,
/// `CAKeyframeAnimation`, `CASpringAnimation` and `CAAnimationGroup` configured in a code block
/// (`CoreAnimationExtraction.swift`), and UIKit's `UIView.animate…`, `UIView.animateKeyframes`
/// and `UIViewPropertyAnimator` (`UIKitAnimationExtraction.swift`). Each becomes an animation of
/// kind `layer`, named `Type.method` (`-2`, `-3` for further ones in the same method), on the
/// screen of its type (or of a `// motionsync: screen NAME` comment on the type or method), with
/// the trigger of the handler closure around it (a Combine `sink`: `event:<publisher>`), else the
/// one its method makes plain (`@IBAction`, `touchesBegan`, a gesture handler, a view's
/// appearance), its `#selector` registration, or its callers in the file, else `event:method`. Only literals are read; everything else is reported with its
/// line and kept as an unreadable place for `diff`.
final class LayerAnimationExtraction: SyntaxVisitor {
    let file: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    let evaluator: Evaluator

    /// One animation found, before ids are given (in source order, at the end).
    struct Found {
        /// The node recorded (the UIKit call's callee, the Core Animation declaration): where the
        /// pairing of haptics looks for the action that runs it.
        var node: Syntax
        var position: AbsolutePosition
        var line: Int
        var column: Int
        var context: Context
        var motion: LayerMotion
        var gaps: [AnimationDiff.Unreadable]
        /// Why a figure is not exact beyond the unreadable fields (what moves is not in the
        /// code, a delay that is not a literal), one reason each: the spec's `estimates`.
        var reasons: [String] = []
    }

    /// Where an animation is: its type, screen, method and trigger.
    struct Context {
        var typeName: String
        var screen: String
        var method: String
        var trigger: Trigger
    }

    /// A declaration around the code being walked.
    struct Scope {
        enum Kind { case type, function, property }
        var kind: Kind
        var name: String
        var screenOverride: String?
        /// A function's trigger, when its signature (or a `// motionsync: trigger=…` comment on
        /// it) makes one plain; on a type, the comment's; on a property, a tap for an overridden
        /// `isHighlighted` or `isSelected`.
        var trigger: Trigger?
        /// The trigger comes from a `// motionsync: trigger=…` comment: nothing overrides it.
        var commented = false
        /// The body whose earlier statements may set a property's start value.
        var body: Syntax?
    }

    private(set) var found: [Found] = []
    private(set) var issues: [SwiftSourceIssue] = []
    var scopes: [Scope] = []
    /// What stands in for an unreadable field, by `"line:field"` (`"0.2 s"`), where a value
    /// rather than a reading as progress takes its place: named in the animation's estimate.
    private var standIns: [String: String] = [:]
    /// `TriggerResolution.selectorTriggers` of the file, worked out when first needed.
    private var selectorTriggers: [String: Trigger]?
    /// Triggers of methods found through their callers (`callerTrigger`), by declaration and
    /// the parameters that must be true (`ParameterGuard`); `.some(nil)` while one is being
    /// resolved or when none is found.
    private var callerTriggers: [CallerKey: Trigger?] = [:]
    /// `MethodUses.all` of the file, worked out when first needed: one walk of the file for the
    /// callers of all its methods, not one per method.
    private var methodUses: [String: [Syntax]]?
    /// `PropertyAssignments.all` of the file, worked out when first needed.
    private var propertyAssignments: [String: [Syntax]]?
    /// `event:<property>` of an observer `observerTrigger` found nothing setting, kept for
    /// `callerTrigger` to fall back on.
    private var observerFallback: Trigger?
    /// `callerTrigger`'s weak answers by method: the `event:<property>` of an observer that
    /// calls it, when no caller gives a trigger.
    private var callerFallbacks: [SyntaxIdentifier: Trigger?] = [:]
    /// Triggers of properties found through what sets them (`observerTrigger`), by name;
    /// `.some(nil)` while one is being resolved or when none is found.
    private var setterTriggers: [String: Trigger?] = [:]

    init(file: String, tree: SourceFileSyntax, converter: SourceLocationConverter, evaluator: Evaluator) {
        self.file = file
        self.tree = tree
        self.converter = converter
        self.evaluator = evaluator
        super.init(viewMode: .sourceAccurate)
    }

    /// The animations in source order with their ids (each with the node it was read at), and
    /// what could not be read.
    func run() -> (animations: [(animation: SwiftSourceAnimation, node: Syntax)], issues: [SwiftSourceIssue]) {
        walk(tree)
        // Reduce Motion versions are left out; what they move gives their method's fallback.
        var reducedMoves: [SyntaxIdentifier: Set<String>] = [:]
        let kept = found.filter { f in
            guard LayerReduceMotion.isReduced(f.node) else { return true }
            if let method = LayerReduceMotion.methodWithBranch(around: f.node) { reducedMoves[method.id, default: []].formUnion(f.motion.properties) }
            return false
        }
        var counts: [String: Int] = [:]
        var animations: [(animation: SwiftSourceAnimation, node: Syntax)] = []
        for f in kept.sorted(by: { $0.position < $1.position }) {
            let base = "\(f.context.typeName).\(f.context.method)"
            let n = (counts[base] ?? 0) + 1
            counts[base] = n
            var spec = AnimationSpec(
                id: n == 1 ? base : "\(base)-\(n)", component: f.context.typeName, trigger: f.context.trigger, motion: .layer(f.motion))
            spec.estimates = f.reasons
            if let method = LayerReduceMotion.methodWithBranch(around: f.node) {
                spec.reduceMotion = LayerReduceMotion.fallback(moving: reducedMoves[method.id] ?? [])
            }
            animations.append(
                (SwiftSourceAnimation(screen: f.context.screen, spec: spec, line: f.line, column: f.column, unreadable: f.gaps), f.node))
        }
        return (animations, issues)
    }

    // MARK: Scopes

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(node.name.text, Syntax(node), node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(node.name.text, Syntax(node), node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(node.name.text, Syntax(node), node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(node.name.text, Syntax(node), node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        pushType(node.extendedType.trimmedDescription, Syntax(node), node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    private func pushType(_ name: String, _ node: Syntax, _ members: MemberBlockSyntax) {
        let screen = SwiftSourceExtraction.screenComment(node.leadingTrivia) ?? SwiftSourceExtraction.screenComment(members.leftBrace.trailingTrivia)
        let trigger =
            SwiftSourceExtraction.triggerComment(node.leadingTrivia) ?? SwiftSourceExtraction.triggerComment(members.leftBrace.trailingTrivia)
        scopes.append(Scope(kind: .type, name: name, screenOverride: screen, trigger: trigger))
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let screen = SwiftSourceExtraction.screenComment(node.leadingTrivia)
        let comment = SwiftSourceExtraction.triggerComment(node.leadingTrivia)
        scopes.append(
            Scope(
                kind: .function, name: node.name.text, screenOverride: screen,
                trigger: comment ?? Self.trigger(of: node), commented: comment != nil, body: node.body.map(Syntax.init)))
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append(Scope(kind: .function, name: "init", body: node.body.map(Syntax.init)))
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { scopes.removeLast() }

    /// A stored property whose initializer is a closure (`lazy var pulse: CABasicAnimation = { … }()`)
    /// names what is built in it; a computed property likewise.
    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard scopes.last?.kind == .type, let id = node.pattern.as(IdentifierPatternSyntax.self) else { return .visitChildren }
        let name = id.identifier.text
        scopes.append(Scope(kind: .property, name: name, trigger: TriggerResolution.isTouchState(node) ? .tap : nil, body: Syntax(node)))
        return .visitChildren
    }
    override func visitPost(_ node: PatternBindingSyntax) {
        if scopes.last?.kind == .property, scopes.last?.body?.id == Syntax(node).id { scopes.removeLast() }
    }

    /// The trigger a method's signature makes plain: `@IBAction`, a touch or tap handler, or a
    /// table's or collection's row selection (`tableView(_:didSelectRowAt:)`) is a tap, a row
    /// coming on screen (`tableView(_:willDisplay:forRowAt:)`) an appearance; a pan,
    /// swipe, pinch or rotation handler (a parameter of that gesture recognizer's type, an
    /// `@IBAction`'s too), a slider's action or `touchesMoved` a drag; `scrollViewDidScroll` a
    /// scroll; `viewDidAppear`, `viewWillAppear`, `viewDidLoad`, `didMoveToWindow`,
    /// `awakeFromNib` an appearance. nil: ask `context(_:)`.
    static func trigger(of node: FunctionDeclSyntax) -> Trigger? {
        let name = node.name.text
        if node.attributes.contains(where: { Self.isIBAction($0) }) {
            let senders = node.signature.parameterClause.parameters.map { $0.type.trimmedDescription }
            if senders.contains(where: { $0.hasPrefix("UISlider") }) { return .drag }
            return gestureOfParameters(node) ?? .tap
        }
        switch name {
        case "touchesBegan", "touchesEnded": return .tap
        case "tableView", "collectionView":
            // tableView(_:didSelectRowAt:), collectionView(_:didSelectItemAt:): a row or item tapped.
            let labels = node.signature.parameterClause.parameters.map(\.firstName.text)
            if labels.contains(where: { ["didSelectRowAt", "didSelectItemAt", "didDeselectRowAt", "didDeselectItemAt"].contains($0) }) {
                return .tap
            }
            // tableView(_:willDisplay:forRowAt:): a row coming on screen.
            if labels.contains("willDisplay") { return .appear }
        case "setHighlighted", "setSelected":
            // A cell's or control's `setHighlighted(_:animated:)`: UIKit calls it on a touch.
            if node.signature.parameterClause.parameters.last?.firstName.text == "animated" { return .tap }
        case "touchesMoved": return .drag
        case "scrollViewDidScroll": return .scroll
        case "viewDidAppear", "viewWillAppear", "viewDidLoad", "didMoveToWindow", "didMoveToSuperview", "awakeFromNib": return .appear
        default: if TapMethodName.saysTap(name) { return .tap }
        }
        return gestureOfParameters(node)
    }

    /// The gesture of a handler that takes a gesture recognizer (`_ pan: UIPanGestureRecognizer`):
    /// a drag or a tap (`TriggerResolution.gestureTrigger`); nil when no parameter is one.
    static func gestureOfParameters(_ node: FunctionDeclSyntax) -> Trigger? {
        for parameter in node.signature.parameterClause.parameters {
            // (Most parameters' types are one name: read as text only those that could say it.)
            if let simple = parameter.type.as(IdentifierTypeSyntax.self), simple.genericArgumentClause == nil,
                !UTF8Search.contains(simple.name.text, "GestureRecognizer")
            {
                continue
            }
            let type = parameter.type.trimmedDescription
            guard type.contains("GestureRecognizer") else { continue }
            if let gesture = TriggerResolution.gestureTrigger(type) { return gesture }
        }
        return nil
    }

    /// Whether `element` is `@IBAction` (its name written as text, comments and spaces left out).
    static func isIBAction(_ element: AttributeListSyntax.Element) -> Bool {
        guard let attribute = element.as(AttributeSyntax.self) else { return false }
        if let name = attribute.attributeName.as(IdentifierTypeSyntax.self), name.genericArgumentClause == nil {
            return name.name.text == "IBAction"
        }
        return attribute.attributeName.trimmedDescription == "IBAction"
    }

    /// The context of an animation found now.
    func context() -> Context {
        let stem = SwiftSourceExtraction.fileStem(file)
        let typeName = scopes.last(where: { $0.kind == .type })?.name ?? stem
        let function = scopes.last(where: { $0.kind != .type })
        let method = function?.name ?? "animation"
        let override = scopes.last(where: { $0.screenOverride != nil })?.screenOverride
        // The method's own (its comment, or its signature), else a comment on the type, else event:method.
        let trigger =
            function?.trigger ?? scopes.last(where: { $0.kind == .type && $0.trigger != nil })?.trigger ?? .event(method)
        return Context(typeName: typeName, screen: override ?? typeName, method: method, trigger: trigger)
    }

    /// The context of an animation found at `node`: `context()`, with the trigger of the handler
    /// closure around `node` in its method (a Combine `sink`, a notification observer, a `UIAction`,
    /// a `Button` action, …), else, for a method whose signature says nothing, the trigger of the
    /// `#selector` registration that names it (`addTarget(_:action:for:)`, a gesture recognizer).
    /// A trigger comment on the method, or on the type of a method that has no trigger, wins.
    func context(_ node: some SyntaxProtocol) -> Context {
        var c = context()
        let function = scopes.last(where: { $0.kind == .function })
        let typeComment = scopes.last(where: { $0.kind == .type && $0.trigger != nil }) != nil
        if function?.commented == true || (function?.trigger == nil && typeComment) { return c }
        var current = node.parent
        while let n = current, !n.is(MemberBlockSyntax.self) {
            if let closure = n.as(ClosureExprSyntax.self), let trigger = TriggerResolution.handlerTrigger(closure) {
                c.trigger = trigger
                return c
            }
            if let accessor = n.as(AccessorDeclSyntax.self) {
                // (Nothing setting it: `context()`'s `event:<property>` stands.)
                if let trigger = observerTrigger(accessor, depth: 0) { c.trigger = trigger }
                observerFallback = nil
                return c
            }
            if let declaration = n.as(FunctionDeclSyntax.self) {
                let name = declaration.name.text
                // The file's registration or callers, else other objects' handlers that call it
                // (`splash.start()` in a view controller's `viewDidAppear`), when they agree.
                let required = ParameterGuard.required(for: Syntax(node), in: declaration)
                if function?.trigger == nil,
                    let trigger = selectorTrigger(name) ?? callerTrigger(of: declaration, required: required) ?? moduleTrigger(of: declaration)
                        ?? (callerFallbacks[declaration.id] ?? nil)
                {
                    c.trigger = trigger
                }
                observerFallback = nil
                return c
            }
            current = n.parent
        }
        return c
    }

    /// The trigger of the `#selector` registration of method `name` in this file, if any.
    func selectorTrigger(_ name: String) -> Trigger? {
        if selectorTriggers == nil { selectorTriggers = TriggerResolution.selectorTriggers(in: tree) }
        return selectorTriggers?[name]
    }

    /// How many calls back a trigger is looked for: a button's action that calls a method that
    /// loads and then scrolls, which animates, is four (Threema's scroll-to-bottom button).
    static let maximumCallDepth = 5

    /// A method, and the parameters of it that must be true for the code asked about to run.
    private struct CallerKey: Hashable {
        let function: SyntaxIdentifier
        let required: Set<String>
    }

    /// The trigger of the code that calls `function` in this file (`name(…)`, `self.name(…)` with
    /// its argument labels): the handler closure the call sits in, or the calling method's own
    /// trigger (its comment, its signature, its registration, its callers, up to
    /// `maximumCallDepth` calls deep). A call that passes `false` for one of `required` (`ParameterGuard`) never runs the
    /// code asked about and is passed over. A user's action wins over an event and an event over
    /// an appearance, as for setters (`setterRank`); among equals the first call in the file;
    /// nil when none gives one.
    func callerTrigger(of function: FunctionDeclSyntax, depth: Int = 0, required: Set<String> = []) -> Trigger? {
        let key = CallerKey(function: function.id, required: required)
        if let known = callerTriggers[key] { return known }
        guard depth < Self.maximumCallDepth else { return nil }
        callerTriggers[key] = .some(nil)
        var found: Trigger?
        var named = uses(of: function.name.text)
        if Self.extendsPlatformClass(function) {
            // Any view of the app answers a method of `extension UIView`: `label.pulse()` calls it.
            named += ReceiverCalls.all(named: function.name.text, in: Syntax(tree))
        }
        let uses = named.filter { !Self.isSelector($0) && Self.callMatches($0, function) && !Self.passesFalse($0, function, required) }
        let outer = observerFallback
        observerFallback = nil
        // What the file shows first; then callers that other objects' handlers call by name.
        // The property whose observer calls it (`event:<property>`) is kept in
        // `callerFallbacks`: the method's own name in other files' handlers says more.
        for module in [false, true] where found == nil {
            for use in uses {
                guard let trigger = trigger(running: use, depth: depth, module: module) else { continue }
                if found.map({ Self.setterRank(trigger) < Self.setterRank($0) }) ?? true { found = trigger }
                if Self.setterRank(trigger) == 0 { break }
            }
        }
        callerFallbacks[function.id] = observerFallback
        observerFallback = outer
        callerTriggers[key] = .some(found)
        return found
    }

    /// Where the file calls a method named `name` or passes it as an action (`MethodUses`),
    /// found in one walk of the file at the first question.
    private func uses(of name: String) -> [Syntax] {
        if methodUses == nil { methodUses = MethodUses.all(in: [Syntax(tree)]) }
        return methodUses?[name] ?? []
    }

    /// Whether `function` is declared in an extension of a UIKit, AppKit or Core Animation class
    /// (`extension UIView { func pulse() }`), whose methods every instance of the app's answers.
    static func extendsPlatformClass(_ function: FunctionDeclSyntax) -> Bool {
        guard let block = function.parent?.parent?.parent?.as(MemberBlockSyntax.self),
            let extensionDecl = block.parent?.as(ExtensionDeclSyntax.self)
        else { return false }
        let extended = extensionDecl.extendedType.trimmedDescription
        return extended != "View" && SwiftFactsScan.methodsAreFunctions(inExtensionOf: extended)
    }

    /// Whether the call `use` names passes `false` for one of `required` (`ParameterGuard`).
    private static func passesFalse(_ use: Syntax, _ function: FunctionDeclSyntax, _ required: Set<String>) -> Bool {
        guard !required.isEmpty, let call = call(naming: use) else { return false }
        return ParameterGuard.excludes(call, of: function, required: required)
    }

    /// The call whose callee is the name `use` (`name(…)` or `x.name(…)`); nil where the name is
    /// not called there (passed as a value, `action: name`).
    private static func call(naming use: Syntax) -> FunctionCallExprSyntax? {
        let callee = use.parent?.as(MemberAccessExprSyntax.self).map(Syntax.init) ?? use
        guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id else { return nil }
        return call
    }

    /// The trigger the handlers of other files give a method by calling it by name
    /// (`ModuleConstantReading.handlerTrigger`): another object's method (`*.name`), or the
    /// type's own, called from its code in another file (`Editor.name` for an `extension Editor`);
    /// nil for an `override`, which the framework calls (`action(forKey:)`, whatever an app's
    /// `item.action()` does).
    func moduleTrigger(of function: FunctionDeclSyntax) -> Trigger? {
        guard !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }) else { return nil }
        var keys = ["*." + function.name.text]
        // (Only for a name the file never uses: the facts know no labels, and this file's own
        // calls of an overload, `fade()` beside `fade(_:didFinish:)`, were judged above.)
        if uses(of: function.name.text).isEmpty, let type = SwiftTypeIndex.enclosingTypeName(of: function),
            !Self.extendsPlatformClass(function)
        {
            keys.append(String(type.split(separator: ".").last ?? Substring(type)) + "." + function.name.text)
        }
        return evaluator.module.handlerTrigger(keys)
    }

    /// Whether a use of a method's name calls that method: a call whose labels are the
    /// method's, in order, leaving out parameters with a default value (an overload such as
    /// `tab(_:didRequestNewTab:)` beside `tab(_:)` is another method); a name passed as a value
    /// (`action: name`) matches.
    static func callMatches(_ use: Syntax, _ function: FunctionDeclSyntax) -> Bool {
        guard let call = call(naming: use) else { return true }
        let labels = call.arguments.map { $0.label?.text }
        // Trailing closures take the last parameters, whatever their labels.
        let trailing = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
        var k = 0, t = 0
        for parameter in function.signature.parameterClause.parameters {
            let label: String? = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            if k < labels.count {
                if labels[k] == label { k += 1 } else if parameter.defaultValue == nil { return false }
            } else if t < trailing {
                t += 1
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return k == labels.count && t == trailing
    }

    /// The trigger of the code `node` sits in: a handler closure around it in its method, else the
    /// method's (`callerTrigger`; with `module`, then `moduleTrigger`).
    private func trigger(running node: Syntax, depth: Int, module: Bool = true) -> Trigger? {
        if let trigger = TriggerResolution.passedHandlerTrigger(node) { return trigger }
        var current = node.parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), let trigger = TriggerResolution.handlerTrigger(closure) { return trigger }
            if let accessor = n.as(AccessorDeclSyntax.self) { return observerTrigger(accessor, depth: depth) }
            if let function = n.as(FunctionDeclSyntax.self) {
                let required = ParameterGuard.required(for: node, in: function)
                if let trigger = SwiftSourceExtraction.triggerComment(function.leadingTrivia) ?? Self.trigger(of: function)
                    ?? selectorTrigger(function.name.text) ?? callerTrigger(of: function, depth: depth + 1, required: required)
                    ?? (module ? moduleTrigger(of: function) : nil)
                {
                    return trigger
                }
                // An observer's `event:<property>` stays a fallback through the calls.
                if let weak = callerFallbacks[function.id] ?? nil { _ = fallback(weak) }
                return nil
            }
            if n.is(MemberBlockSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }

    /// The trigger of code in a property's observer or setter: what sets the property in this
    /// file (`isExpanded = true` in a button's action: a tap; a tap for a touch state). nil in a
    /// getter, and when nothing in the file sets it: then `event:<property>` is left in
    /// `observerFallback`, for when no caller says more (another file's button may).
    func observerTrigger(_ accessor: AccessorDeclSyntax, depth: Int) -> Trigger? {
        guard let observed = TriggerResolution.observedProperty(accessor) else { return nil }
        if observed.trigger == .tap { return .tap }
        guard depth < Self.maximumCallDepth else { return fallback(observed.trigger) }
        if let known = setterTriggers[observed.name] { return known ?? fallback(observed.trigger) }
        setterTriggers[observed.name] = .some(nil)
        if propertyAssignments == nil { propertyAssignments = PropertyAssignments.all(in: [Syntax(tree)]) }
        // A user's action that sets it wins over an event, and an event over an appearance (a
        // property set once in `viewDidLoad` and again on each tap animates for the taps).
        var found: Trigger?
        for target in propertyAssignments?[observed.name] ?? [] {
            guard let trigger = trigger(running: target, depth: depth + 1) else { continue }
            if found.map({ Self.setterRank(trigger) < Self.setterRank($0) }) ?? true { found = trigger }
            if Self.setterRank(trigger) == 0 { break }
        }
        setterTriggers[observed.name] = .some(found)
        return found ?? fallback(observed.trigger)
    }

    /// Keeps `trigger` as `observerFallback` (the first one kept wins); nil.
    private func fallback(_ trigger: Trigger) -> Trigger? {
        if observerFallback == nil { observerFallback = trigger }
        return nil
    }

    /// How much a setter's trigger says of what the user sees: an action of theirs 0, an event
    /// 1, an appearance 2.
    private static func setterRank(_ trigger: Trigger) -> Int {
        switch trigger {
        case .event: 1
        case .appear: 2
        default: 0
        }
    }

    /// A name inside `#selector(…)`: a registration, read by `selectorTrigger`, not a call.
    static func isSelector(_ use: Syntax) -> Bool {
        var current = use.parent
        for _ in 0..<4 {
            guard let n = current else { return false }
            if n.is(MacroExpansionExprSyntax.self) { return true }
            current = n.parent
        }
        return false
    }

    /// The body of the innermost function or property around the code being walked.
    var enclosingBody: Syntax? { scopes.last(where: { $0.kind != .type })?.body }

    // MARK: Recording

    func line(_ node: some SyntaxProtocol) -> Int { converter.location(for: node.positionAfterSkippingLeadingTrivia).line }

    func report(_ node: some SyntaxProtocol, _ what: String) {
        let issue = SwiftSourceIssue(file: file, line: line(node), what: what)
        if !issues.contains(issue) { issues.append(issue) }
    }

    /// The shortened one-line source text of a node (for messages).
    /// An assignment statement standing for its value (`Evaluator.assignmentParts`) shows the value.
    func code(_ node: some SyntaxProtocol) -> String {
        var text = node.trimmedDescription
        if let sequence = Syntax(node).as(SequenceExprSyntax.self), sequence.elements.count > 3 {
            text = Evaluator.valueElements(sequence).map(\.trimmedDescription).joined(separator: " ")
        }
        let oneLine = text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.joined(separator: " ")
        return oneLine.count > 80 ? String(oneLine.prefix(77)) + "…" : oneLine
    }

    /// The field of `diff` (AnimationDiff+Layer) a written name stands for.
    static let diffFields: [String: String] = [
        "fromValue": "from", "toValue": "to", "byValue": "to", "mass": "spring", "stiffness": "spring", "damping": "spring",
        "withDuration": "duration", "delay": "beginTime", "usingSpringWithDamping": "spring", "springDuration": "spring", "bounce": "spring",
        "dampingRatio": "spring", "initialSpringVelocity": "initialVelocity", "curve": "timingFunction", "controlPoints": "timingFunction",
    ]

    /// A number field written as a parameter with a default (`func pulse(duration: TimeInterval
    /// = 1)`, then `anim.duration = duration`): the default stands in, what plays when a caller
    /// leaves the argument out, and the field is still unreadable (a caller may pass another),
    /// so the timeline is an estimate that says so; a `var` of the type with an initial value
    /// (`var duration: TimeInterval = 2.0`) likewise. `unit` follows the value (" s" or "").
    /// Nil when `e` is no such parameter or `var`, or `accept` refuses its value.
    func parameterDefault(
        _ e: ExprSyntax, property: String, field: String, what: String, unit: String, accept: (Double) -> Bool = { _ in true },
        gaps: inout [AnimationDiff.Unreadable]
    ) -> Double? {
        if let value = evaluator.parameterDefault(e), accept(value) {
            let figure = "\(MotionLimits.figure(value))\(unit), the default of parameter `\(code(e))`"
            unreadable(
                e, property: property, field: field,
                "\(what) `\(code(e))` is a parameter: its default \(MotionLimits.figure(value))\(unit) is used (a caller may pass another), so the timeline is an estimate",
                standIn: figure, gaps: &gaps)
            return value
        }
        guard let (value, from) = evaluator.variableInitialValue(e), accept(value) else { return nil }
        let figure: String, why: String
        switch from {
        case .initialValue:
            figure = "\(MotionLimits.figure(value))\(unit), the initial value of `var \(code(e))`"
            why = "is a `var`: its initial value \(MotionLimits.figure(value))\(unit) is used (code may set another)"
        case .initializerDefault:
            figure = "\(MotionLimits.figure(value))\(unit), the default `init` sets `\(code(e))` to"
            why = "is set by `init`: its parameter's default \(MotionLimits.figure(value))\(unit) is used (a caller may pass another)"
        }
        unreadable(e, property: property, field: field, "\(what) `\(code(e))` \(why), so the timeline is an estimate", standIn: figure, gaps: &gaps)
        return value
    }

    /// A UIKit or transaction duration `e` in seconds: a number, the duration of the animation
    /// that plays for `animated ? d : 0`, or a parameter's default (said, as `parameterDefault`).
    /// Nil when it is none of these: the caller says what stands in.
    func durationValue(_ e: ExprSyntax, field: String, what: String, gaps: inout [AnimationDiff.Unreadable]) -> Double? {
        if let d = evaluator.layerNumber(e) ?? evaluator.conditionalDuration(e) { return d }
        return parameterDefault(e, property: "", field: field, what: what, unit: " s", gaps: &gaps)
    }

    /// An unreadable field: reported, and kept as an unreadable place under the name `diff`
    /// compares (`toValue` → `to`, `stiffness` → `spring`, `withDuration` → `duration`, …).
    /// `property` "" stands for every animation of a UIKit call.
    /// `standIn` names the value used in its place (`0.2 s`), for the estimate.
    func unreadable(
        _ node: some SyntaxProtocol, property: String, field: String, _ what: String, standIn: String? = nil, gaps: inout [AnimationDiff.Unreadable]
    ) {
        report(node, what)
        let place = AnimationDiff.Unreadable.Place.field(property: property, field: Self.diffFields[field] ?? field)
        gaps.append(AnimationDiff.Unreadable(place: place, line: line(node), code: code(node)))
        if let standIn { standIns["\(line(node)):\(Self.diffFields[field] ?? field)"] = standIn }
    }

    /// Records a motion found at `node`. Where fields could not be read (`gaps`), stand-ins take
    /// their place, so the timeline is an estimate: its `estimate` says which fields, and which
    /// value stood in where one did (the inventory
    /// marks it, and budgets built on it are read with that in mind).
    /// `reasons`: what else makes a figure an estimate, one reason each.
    func record(_ node: some SyntaxProtocol, motion: LayerMotion, gaps: [AnimationDiff.Unreadable], context: Context? = nil, reasons: [String] = []) {
        var motion = motion
        var reasons = reasons
        startLater(&motion, node: node, reasons: &reasons)
        if !gaps.isEmpty {
            let fields = gaps.map { gap -> String in
                guard case .field(let property, let field) = gap.place else { return "`\(gap.code)` (line \(gap.line))" }
                let standIn = standIns["\(gap.line):\(field)"].map { "; used: \($0)" } ?? ""
                return "\(property.isEmpty ? "" : property + " ")\(field) = `\(gap.code)` (line \(gap.line)\(standIn))"
            }
            let reason = "stand-ins take the place of what the code does not spell as literals: " + fields.joined(separator: ", ")
            motion.estimate = motion.estimate.map { $0 + "; " + reason } ?? reason
        }
        // The row is at the animator's name (`animate` of `UIView.animate`, also written on a line
        // of its own), as a SwiftUI row is at `withAnimation`.
        let name = Syntax(node).as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(node)
        let at = converter.location(for: name.positionAfterSkippingLeadingTrivia)
        found.append(
            Found(
                node: Syntax(node), position: node.positionAfterSkippingLeadingTrivia, line: at.line, column: at.column,
                context: context ?? self.context(node), motion: motion, gaps: gaps, reasons: reasons))
    }

    /// Delays the motion by the `asyncAfter` closures around `node` and the `Task.sleep`s before
    /// it (`Evaluator.asyncAfterDelay`): the animation is made that much after the action. A
    /// loop keeps no delay (it happens once, which a loop cannot hold), said; a deadline or a
    /// sleep that is not a literal is reported, a sleep also as a reason.
    func startLater(_ motion: inout LayerMotion, node: some SyntaxProtocol, reasons: inout [String]) {
        let later = evaluator.asyncAfterDelay(of: node)
        for (call, deadline) in later.unread {
            report(
                call, "asyncAfter(deadline: `\(deadline.map(code) ?? "")`) is not `.now() + seconds`; the animation is taken to start with the action"
            )
        }
        for (sleep, reason) in zip(later.unreadSleeps, later.sleepReasons) {
            report(sleep, reason)
            reasons.append(reason)
        }
        guard later.seconds > 0 else { return }
        if motion.isRepeating {
            report(
                node,
                "repeats forever after a delay of \(MotionLimits.figure(later.seconds)) s (asyncAfter or Task.sleep): the delay happens once, which a loop cannot hold; read without it"
            )
        } else if motion.group != nil {
            motion.group?.beginTime += later.seconds
        } else {
            for k in motion.animations.indices { motion.animations[k].timing.beginTime += later.seconds }
        }
    }

    // MARK: Walking

    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        coreAnimation(in: node)
        propertyAnimators(in: node)
        transactions(in: node)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        uiKitCall(node)
        unboundCoreAnimation(node)
        return .visitChildren
    }
}
#endif
