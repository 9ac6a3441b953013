#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - TriggerResolution

/// Where code that starts an animation runs, as a trigger: a `Button` action or `onTapGesture`
/// is `tap`, `onAppear` or `task` is `appear`, a gesture's `onChanged`, `onEnded` or `updating`
/// is `drag` (`tap` for a `TapGesture` or `LongPressGesture`), `onChange(of: x)` is `event:x`,
/// any other handler `event:NAME`. Code in a method is where the method is called from (in the
/// same type, up to three calls deep); a method nobody in the file calls is `event:<method>`.
struct TriggerResolution {
    let index: SwiftTypeIndex
    /// Callers found per method (by its node), so a file's sites share the work; a method in the
    /// middle of being resolved (a recursion) has none.
    let cache = CallerCache()

    /// Memoized callers of methods.
    final class CallerCache {
        var callers: [SyntaxIdentifier: [Action]] = [:]
        var resolving: Set<SyntaxIdentifier> = []
        /// `bindingActions` by view type and key: each walks the whole type, and a view with n
        /// `.animation(_:value:)` on one state asked n times.
        var bindings: [String: [Action]] = [:]
        /// Every method use in a view type's declarations (`MethodUses.all`), by name: found once
        /// per type, so n states or methods asked about do not walk the type n times.
        var uses: [String: [String: [Syntax]]] = [:]
        /// How many types `uses` was found for: work a test can count.
        var typesWalked = 0
        /// `PropertyAssignments.all` of a type's declarations, by type: found once per type.
        var assignments: [String: [String: [Syntax]]] = [:]
        /// The properties whose setters are being resolved (a recursion has none).
        var resolvingSetters: Set<String> = []
        /// `forwardedTrigger`'s answers by view type (or method) and closure label.
        var forwarded: [String: Trigger?] = [:]
    }

    /// The uses of `name` in `info`'s declarations (`MethodUses`), in source order. O(1) after
    /// the type's first question, which walks it once.
    private func uses(of name: String, in info: SwiftTypeIndex.TypeInfo) -> [Syntax] {
        if cache.uses[info.name] == nil {
            cache.uses[info.name] = MethodUses.all(in: info.declarations)
            cache.typesWalked += 1
        }
        return cache.uses[info.name]?[name] ?? []
    }

    /// The module's facts: the handlers of other files (`ModuleConstantReading.handlerTrigger`).
    let module: ModuleConstantReading?

    init(index: SwiftTypeIndex, module: ModuleConstantReading? = nil) {
        self.index = index
        self.module = module
    }

    /// The action code runs in: the handler closure (or method) and the trigger it gives.
    struct Action {
        /// The handler closure or method declaration.
        var node: Syntax
        var trigger: Trigger
        /// Where the handler is written (its name token's line is the caller's business).
        var position: AbsolutePosition
    }

    /// Gesture types whose `onEnded` is a tap.
    static let tapGestures = ["TapGesture", "SpatialTapGesture", "LongPressGesture"]

    /// The actions that run `node` (one, or several when it sits in a method called from several
    /// places), innermost handler first. Empty when no handler is found.
    func actions(running node: some SyntaxProtocol, typeName: String?, depth: Int = 0) -> [Action] {
        if let trigger = Self.passedHandlerTrigger(Syntax(node)) {
            return [Action(node: Syntax(node), trigger: trigger, position: node.positionAfterSkippingLeadingTrivia)]
        }
        var current = node.parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), let trigger = forwardedTrigger(closure, typeName: typeName) ?? handlerTrigger(closure) {
                return [Action(node: n, trigger: settingGesture(trigger, typeName: typeName), position: closure.positionAfterSkippingLeadingTrivia)]
            }
            if let accessor = n.as(AccessorDeclSyntax.self) {
                guard let observed = Self.observedProperty(accessor) else { return [] }
                let setters = observed.trigger == .tap ? [] : setterActions(of: observed.name, typeName: typeName, depth: depth)
                return setters.isEmpty ? [Action(node: n, trigger: observed.trigger, position: accessor.positionAfterSkippingLeadingTrivia)] : setters
            }
            if let function = n.as(FunctionDeclSyntax.self) {
                return callers(of: function, typeName: typeName, depth: depth)
            }
            if n.is(StructDeclSyntax.self) || n.is(ClassDeclSyntax.self) || n.is(ExtensionDeclSyntax.self) || n.is(EnumDeclSyntax.self) { break }
            current = n.parent
        }
        return []
    }

    /// Controls that change the state bound to them: `Toggle(isOn: $x)`, `Picker(selection: $x)`,
    /// `Stepper(value: $x)`, `DatePicker`, `ColorPicker` are taps; `Slider(value: $x)` is a drag;
    /// a text field is `event:<state>`.
    static let controls: [String: Trigger?] = [
        "Toggle": .tap, "Picker": .tap, "Stepper": .tap, "DatePicker": .tap, "ColorPicker": .tap,
        "Slider": .drag, "TextField": nil, "SecureField": nil, "TextEditor": nil,
    ]

    /// The actions of controls a state is bound to (`$key` passed to one of `controls`).
    func bindingActions(key: String, typeName: String?) -> [Action] {
        guard let typeName, let info = index.types[typeName], !key.contains(".") else { return [] }
        let cacheKey = typeName + "\u{0}" + key
        if let known = cache.bindings[cacheKey] { return known }
        var found: [Action] = []
        defer { cache.bindings[cacheKey] = found }
        for use in uses(of: "$" + key, in: info) {
            guard let call = use.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                let control = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { continue }
            if let trigger = Self.controls[control] {
                found.append(Action(node: Syntax(call), trigger: trigger ?? .event(key), position: call.positionAfterSkippingLeadingTrivia))
            } else if control.first?.isUppercase == true, let label = use.parent?.as(LabeledExprSyntax.self)?.label?.text,
                let trigger = module?.handlerTrigger([control + "." + label])
            {
                // Handed to a view of the app whose handler sets it (`Child(selected: $selected)`,
                // `Button { selected = 1 }` in `Child`).
                found.append(Action(node: Syntax(call), trigger: trigger, position: call.positionAfterSkippingLeadingTrivia))
            }
        }
        return found
    }

    /// The trigger of a gesture written as `chain` (what a `.onEnded`/`.updating` is called on):
    /// a tap for a `TapGesture` or `LongPressGesture` (a press), unless a `DragGesture` follows
    /// in it (`LongPressGesture().sequenced(before: DragGesture())`: a drag after the press);
    /// else a drag.
    static func gestureChainTrigger(_ chain: ExprSyntax?) -> Trigger {
        let text = chain?.trimmedDescription ?? ""
        if text.contains("DragGesture") { return .drag }
        return tapGestures.contains(where: { text.hasPrefix($0) || text.contains(" \($0)") || text.contains("(\($0)") }) ? .tap : .drag
    }

    /// What changes the `@GestureState` `key` of `typeName`: the gesture whose `.updating($key)`
    /// sets it in the type's code (`LongPressGesture(…).updating($isPressing)` is a press, a
    /// tap), a drag when the type shows none. O(the type's uses of `$key`).
    func gestureStateTrigger(key: String, typeName: String?) -> Trigger {
        guard let typeName, let info = index.types[typeName], !key.contains(".") else { return .drag }
        for use in uses(of: "$" + key, in: info) {
            guard let call = use.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "updating"
            else { continue }
            return Self.gestureChainTrigger(access.base)
        }
        return .drag
    }

    /// `event:<key>` for a `@GestureState` `key` of the type (`.onChange(of: isPressing)`): the
    /// gesture that sets it, as `gestureStateTrigger` says; any other trigger as it is.
    private func settingGesture(_ trigger: Trigger, typeName: String?) -> Trigger {
        guard case .event(let key) = trigger, let typeName, index.types[typeName]?.members[key]?.wrapper == "GestureState" else { return trigger }
        return gestureStateTrigger(key: key, typeName: typeName)
    }

    /// Whether `binding` is a control's or cell's highlight or selection, overridden: set by a touch.
    static func isTouchState(_ binding: PatternBindingSyntax) -> Bool {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return false }
        return ["isHighlighted", "isSelected"].contains(name)
            && binding.parent?.parent?.as(VariableDeclSyntax.self)?.modifiers.contains { $0.name.tokenKind == .keyword(.override) } == true
    }

    /// The property whose observer or setter `accessor` is (`var info: Info { didSet { updateView() } }`),
    /// with the trigger code in it has when nothing in the file is seen setting it: `event:info`,
    /// a tap for a touch state. nil for a getter.
    static func observedProperty(_ accessor: AccessorDeclSyntax) -> (name: String, trigger: Trigger)? {
        switch accessor.accessorSpecifier.tokenKind {
        case .keyword(.didSet), .keyword(.willSet), .keyword(.set): break
        default: return nil
        }
        guard let binding = accessor.parent?.parent?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        return (name, isTouchState(binding) ? .tap : .event(name))
    }

    /// The actions that set property `name` of `typeName` (`PropertyAssignments`), up to three
    /// steps deep; empty when none is seen.
    func setterActions(of name: String, typeName: String?, depth: Int) -> [Action] {
        guard depth < 3, let typeName, let info = index.types[typeName] else { return [] }
        let key = "set:" + typeName + "." + name
        guard cache.resolvingSetters.insert(key).inserted else { return [] }
        defer { cache.resolvingSetters.remove(key) }
        if cache.assignments[info.name] == nil { cache.assignments[info.name] = PropertyAssignments.all(in: info.declarations) }
        var found: [Action] = []
        for target in cache.assignments[info.name]?[name] ?? [] {
            // A method nothing calls says only its own name (`event:<method>`): the property's
            // name says more.
            found += actions(running: target, typeName: typeName, depth: depth + 1).filter { !Self.isUnresolved($0) }
            if found.count > 1000 { break }
        }
        return found
    }

    /// Whether `action` is a property observer's `event:<property>`, nothing in the file being
    /// seen setting the property.
    private static func isObserverFallback(_ action: Action) -> Bool {
        guard let accessor = action.node.as(AccessorDeclSyntax.self), case .event = action.trigger else { return false }
        return observedProperty(accessor)?.trigger == action.trigger
    }

    /// Whether `action` is `callers`' answer for a method nothing is seen calling.
    private static func isUnresolved(_ action: Action) -> Bool {
        guard let function = action.node.as(FunctionDeclSyntax.self) else { return false }
        return action.trigger == .event(function.name.text)
    }

    /// The actions that call method `function`, or `event:<name>` when nothing in the file does.
    func callers(of function: FunctionDeclSyntax, typeName: String?, depth: Int) -> [Action] {
        let name = function.name.text
        let unresolved = [Action(node: Syntax(function), trigger: .event(name), position: function.positionAfterSkippingLeadingTrivia)]
        guard depth < 3, let typeName, let info = index.types[typeName] else { return unresolved }
        if let known = cache.callers[function.id] { return known }
        guard cache.resolving.insert(function.id).inserted else { return [] }
        defer { cache.resolving.remove(function.id) }
        var found: [Action] = []
        for use in uses(of: name, in: info) {
            found += actions(running: use, typeName: typeName, depth: depth + 1)
            if found.count > 1000 { break } // enough to know where it starts
        }
        // Called from no handler of the file: the handlers of other objects that call it
        // (`splash.start()` in a view controller's `viewDidAppear`), when they agree. (The
        // type's own calls, which the file shows, were read above, overloads told apart.)
        // A property's observer that nothing in the file sets says only `event:<property>`:
        // another file's handlers say more.
        if found.allSatisfy(Self.isObserverFallback), let trigger = module?.handlerTrigger(["*." + name]) {
            found = [Action(node: Syntax(function), trigger: trigger, position: function.positionAfterSkippingLeadingTrivia)]
        }
        let result = found.isEmpty ? unresolved : found
        cache.callers[function.id] = result
        return result
    }

    /// The trigger of a method handed by name as a handler (`.onTapGesture(perform: select)`,
    /// `Button("Add", action: add)`, an app's `CircleButton(action: add)`: a tap; `.onAppear(
    /// perform: load)`: an appearance); nil for a name used any other way.
    static func passedHandlerTrigger(_ use: Syntax) -> Trigger? {
        let reference = use.parent?.as(MemberAccessExprSyntax.self).map(Syntax.init) ?? use
        guard let argument = reference.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return nil }
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, label == "action", callee.first?.isUppercase == true {
            return gestureTrigger(callee) ?? .tap
        }
        guard label == "perform", let modifier = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return nil }
        switch modifier {
        case "onTapGesture", "onLongPressGesture": return .tap
        case "onAppear", "task": return .appear
        default: return nil
        }
    }

    /// The trigger of a closure that is an event handler, nil for other closures (a view
    /// builder, `withAnimation`'s body, a `Button`'s label).
    func handlerTrigger(_ closure: ClosureExprSyntax) -> Trigger? { Self.handlerTrigger(closure) }

    /// UIKit's closure handlers that run on a user's tap: a control's or a menu's `UIAction`, an
    /// alert's `UIAlertAction`, a swipe action's `UIContextualAction`.
    static let tapHandlers: Set<String> = ["UIAction", "UIAlertAction", "UIContextualAction"]

    /// `handlerTrigger`: SwiftUI's handlers (`Button`, `onTapGesture`, `onAppear`, gestures,
    /// `onChange`, `onReceive`), UIKit's closure handlers (`tapHandlers`), code that runs on
    /// each value a publisher sends: a Combine `sink`, an RxSwift `subscribe(onNext:)`
    /// (`observableTrigger`) and `NotificationCenter`'s
    /// `addObserver(forName:object:queue:using:)`, `event:<publisher>`; a closure stored in a
    /// property (`storedCallback`) or handed over under a callback's label; and a repeating
    /// `Timer.scheduledTimer(withTimeInterval:repeats: true)` block, `repeating`.
    static func handlerTrigger(_ closure: ClosureExprSyntax) -> Trigger? {
        if let property = storedCallback(closure) { return callbackTrigger(property) ?? .event(property) }
        guard let (call, label) = Self.owner(of: closure) else { return nil }
        let callee = call.calledExpression
        if let ref = callee.as(DeclReferenceExprSyntax.self) {
            if tapHandlers.contains(ref.baseName.text) { return .tap }
            // An app's function over an observable (`subscribe(disposeBag, viewModel.itemsDriver)
            // { … }`): each value of the observable it is given last.
            if ref.baseName.text == "subscribe", label == nil,
                let source = call.arguments.last(where: { !$0.expression.is(ClosureExprSyntax.self) })?.expression
            {
                return .event(publisherName(source))
            }
            guard ref.baseName.text == "Button" else {
                // An app's own button (`CircleButton(icon: …, action: { … })`) runs its `action:`
                // on a tap. (A modifier's `action:`, `.onKeyPress(.space, action:)`, is no tap.)
                // A recognizer of the app's that takes its action as a closure
                // (`BindablePanGestureRecognizer(action: { … })`) runs it on its gesture.
                if label == "action", ref.baseName.text.first?.isUppercase == true { return gestureTrigger(ref.baseName.text) ?? .tap }
                // An app's button given its action unlabelled, as the trailing closure
                // (`WinstonButton(config: .secondary) { … }`): a tap, as `Button`'s is.
                if label == nil, ref.baseName.text.hasSuffix("Button"), ref.baseName.text.first?.isUppercase == true { return .tap }
                return label.flatMap(callbackTrigger)
            }
            let arguments = Arguments(call)
            let isAction = label == "action" || (label == nil && arguments["action"] == nil && closure.id == call.trailingClosure?.id)
            return isAction ? .tap : nil
        }
        guard let access = callee.as(MemberAccessExprSyntax.self) else { return nil }
        switch access.declName.baseName.text {
        case "onTapGesture", "onLongPressGesture":
            return .tap
        case "onAppear", "task":
            return .appear
        case "onEnded", "onChanged", "updating":
            return gestureChainTrigger(access.base)
        case "onChange":
            let of = Arguments(call)["of"] ?? Arguments(call).unlabeled(0)
            return .event(of.flatMap(statePath) ?? "change")
        case "onReceive":
            return .event(Arguments(call).unlabeled(0).map(publisherName) ?? "receive")
        case "sink":
            return .event(access.base.map(publisherName) ?? "publisher")
        case "subscribe", "bind", "drive":
            // RxSwift: the closure for each value (a Single's one value).
            guard label == "onNext" || label == "onSuccess" else { return label.flatMap(callbackTrigger) }
            return access.base.map(observableTrigger) ?? .event("observable")
        case "addObserver":
            guard let name = Arguments(call)["forName"] else { return nil }
            return .event(lastName(name))
        case "scheduledTimer":
            // A timer's block runs on each tick when it repeats; once, later, when it does not.
            return Arguments(call)["repeats"]?.trimmedDescription == "true" ? .repeating : nil
        case "init":
            // `addAction(.init(handler: { … }), for: .touchUpInside)`: a `UIAction` made by
            // `.init`, as `UIAction { … }` is.
            return label == "handler" && access.base == nil ? .tap : nil
        case "onSubmit": return .event("submit")
        case "refreshable": return .event("refresh")
        case "onDisappear": return .event("disappear")
        default: return label.flatMap(callbackTrigger)
        }
    }

    /// A closure handed to another view or object under a callback's label (`Panel(onToggle: {
    /// … })`): it runs when that callback is called, so the label names the event; one named for
    /// a tap (`onTap`, `onTapped`, `onPress`, `onClick`, or ending so: `onReplyPreviewTap`,
    /// `onAvatarTapped`) is a tap, one for appearing (`onAppear…`) an appearance. Nil for a label
    /// that is not `on` and a capitalised word.
    static func callbackTrigger(_ label: String) -> Trigger? {
        let rest = label.utf8.dropFirst(2)
        guard label.hasPrefix("on"), let first = rest.first, (0x41...0x5A).contains(first) else { return nil }
        if ["Tap", "Tapped", "Press", "Pressed", "Click", "Clicked"].contains(where: { label.hasSuffix($0) }) { return .tap }
        if label.hasPrefix("onAppear") { return .appear }
        return .event(label)
    }

    /// The name of what a publisher chain publishes: `model.$indexStatus.receive(on: …)` is
    /// `indexStatus` (operators are passed over down to the publisher), `NotificationCenter
    /// .default.publisher(for: UIApplication.didBecomeActiveNotification)` is
    /// `didBecomeActiveNotification`, `Publishers.CombineLatest(a.$x, b.$y)` is `x+y`, `Just(x)`
    /// is `Just`, an app's function given one name (`receiveNotification(.didTapTab)`) that name.
    static func publisherName(_ expr: ExprSyntax) -> String {
        var e = expr
        for _ in 0..<32 {
            if let call = e.as(FunctionCallExprSyntax.self) {
                guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base else {
                    // An app's own wrapper given a name (`receiveNotification(.didTapTab)`, a
                    // function over `NotificationCenter`'s publisher): that name.
                    if call.arguments.count == 1, let name = call.arguments.first?.expression.as(MemberAccessExprSyntax.self), name.base == nil {
                        return name.declName.baseName.text
                    }
                    return lastName(call.calledExpression)
                }
                if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "Publishers" {
                    // `Publishers.CombineLatest(a.$x, b.$y)`: each value of any of them.
                    return call.arguments.map { publisherName($0.expression) }.joined(separator: "+")
                }
                if access.declName.baseName.text == "publisher", let of = Arguments(call)["for"] ?? Arguments(call).unlabeled(0) {
                    return lastName(of)
                }
                e = base
            } else if let access = e.as(MemberAccessExprSyntax.self) {
                return String(access.declName.baseName.text.drop { $0 == "$" })
            } else if let forced = e.as(ForceUnwrapExprSyntax.self) {
                e = forced.expression
            } else if let optional = e.as(OptionalChainingExprSyntax.self) {
                e = optional.expression
            } else {
                return lastName(e)
            }
        }
        return lastName(e)
    }

    /// The last identifier written in an expression (`UIApplication.didBecomeActiveNotification`
    /// is `didBecomeActiveNotification`, `\.isPlaying` is `isPlaying`), `publisher` when none.
    static func lastName(_ expr: some SyntaxProtocol) -> String {
        let names = expr.trimmedDescription.split { !$0.isLetter && !$0.isNumber && $0 != "_" }
        return names.last.map(String.init) ?? "publisher"
    }

    /// The handlers written in the view a modifier applies to: the whole chain of modifiers the
    /// call is in and the views inside it (`.animation(.easeInOut)` on a stack whose `Button`
    /// appends a row; on a view followed by `.onTapGesture`). Taps and drags only, in source
    /// order. O(size of the chain).
    static func handlerActions(inViewModifiedBy call: FunctionCallExprSyntax) -> [Action] {
        var top = Syntax(call)
        while let parent = top.parent, parent.is(MemberAccessExprSyntax.self) || parent.as(FunctionCallExprSyntax.self)?.calledExpression.id == top.id
        {
            top = parent
        }
        var found: [Action] = []
        for token in top.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind == .leftBrace {
                guard let closure = token.parent?.as(ClosureExprSyntax.self), let trigger = handlerTrigger(closure),
                    trigger == .tap || trigger == .drag
                else { continue }
                found.append(Action(node: Syntax(closure), trigger: trigger, position: closure.positionAfterSkippingLeadingTrivia))
            } else if ["gesture", "simultaneousGesture", "highPriorityGesture"].contains(token.text),
                let call = token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self), let gesture = localGesture(call)
            {
                found.append(Action(node: Syntax(call), trigger: gestureChainTrigger(gesture), position: call.positionAfterSkippingLeadingTrivia))
            }
        }
        return found
    }

    /// The gesture a `.gesture(name)` attaches when `name` is a `let` written before it in a body
    /// around it (`let longPressDrag = LongPressGesture().sequenced(before: DragGesture())…`).
    static func localGesture(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard call.arguments.count == 1, let name = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text else {
            return nil
        }
        var current = Syntax(call)
        while let parent = current.parent {
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.let) else {
                        continue
                    }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        return binding.initializer?.value
                    }
                }
            }
            if parent.is(MemberBlockSyntax.self) { return nil }
            current = parent
        }
        return nil
    }

    /// The call a closure is an argument of (or trails), and the argument's label.
    static func owner(of closure: ClosureExprSyntax) -> (FunctionCallExprSyntax, String?)? {
        guard let parent = closure.parent else { return nil }
        if let call = parent.as(FunctionCallExprSyntax.self) { return (call, nil) }
        if let element = parent.as(MultipleTrailingClosureElementSyntax.self),
            let call = element.parent?.parent?.as(FunctionCallExprSyntax.self)
        {
            return (call, element.label.text)
        }
        if let argument = parent.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            return (call, argument.label?.text)
        }
        return nil
    }

    /// Several actions' triggers made one: the same everywhere, or the first in the file with
    /// a note naming the others.
    static func unify(_ actions: [Action], converter: SourceLocationConverter) -> (trigger: Trigger, note: String?)? {
        let ordered = actions.sorted { $0.position < $1.position }
        guard let first = ordered.first else { return nil }
        let distinct = ordered.reduce(into: [Action]()) { list, a in if !list.contains(where: { $0.trigger == a.trigger }) { list.append(a) } }
        guard distinct.count > 1 else { return (first.trigger, nil) }
        let places = distinct.map { "\($0.trigger) at line \(converter.location(for: $0.position).line)" }.joined(separator: ", ")
        return (first.trigger, "it starts in \(distinct.count) kinds of places (\(places)); trigger \(first.trigger), the first")
    }
}

// MARK: - Selector registrations

extension TriggerResolution {
    /// Control events a user's touch sends: a control's action for them is a tap.
    static let tapControlEvents: Set<String> = ["touchUpInside", "touchDown", "primaryActionTriggered", "valueChanged", "touchDownRepeat"]

    /// What a method a file registers by `#selector(name)` runs on, by the method's name (the
    /// first registration wins): `addTarget(_:action:for:)` with a touch event (`tapControlEvents`)
    /// is a tap, with another event `event:<event>`; a tap or long-press gesture recognizer's
    /// action a tap, a pan, swipe, pinch, rotation or edge-pan recognizer's a drag (a recognizer
    /// subclass's `addTarget(self, action:)` too); a bar button
    /// item's action a tap; `addObserver(_:selector:name:object:)` `event:<notification>`.
    /// One walk over the file, O(size).
    static func selectorTriggers(in tree: some SyntaxProtocol) -> [String: Trigger] {
        var found: [String: Trigger] = [:]
        for token in tree.tokens(viewMode: .sourceAccurate) where token.text == "selector" {
            guard let macro = token.parent?.as(MacroExpansionExprSyntax.self), let argument = macro.arguments.first?.expression,
                let name = selectorName(argument), found[name] == nil,
                let call = macro.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.as(FunctionCallExprSyntax.self),
                let trigger = registrationTrigger(call)
            else { continue }
            found[name] = trigger
        }
        return found
    }

    /// What the class around `node` inherits from, as written (none outside a class).
    static func enclosingClassInheritance(of node: some SyntaxProtocol) -> [String] {
        var current = node.parent
        while let n = current {
            if let type = n.as(ClassDeclSyntax.self) { return type.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? [] }
            current = n.parent
        }
        return []
    }

    /// `name`, `name(_:)`, `self.name`, `Type.name(_:)`: the method's base name.
    static func selectorName(_ expr: ExprSyntax) -> String? {
        if let ref = expr.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let access = expr.as(MemberAccessExprSyntax.self) { return access.declName.baseName.text }
        return nil
    }

    /// The trigger of the call a `#selector` is registered with, nil when it says nothing.
    static func registrationTrigger(_ call: FunctionCallExprSyntax) -> Trigger? {
        let arguments = Arguments(call)
        let callee = call.calledExpression
        let method = callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? callee.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
        let type =
            callee.as(MemberAccessExprSyntax.self).flatMap { $0.declName.baseName.text == "init" ? $0.base?.trimmedDescription : nil }
            ?? callee.trimmedDescription
        if method == "addTarget", let events = arguments["for"] {
            let names = events.trimmedDescription.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
            if names.contains(where: tapControlEvents.contains) { return .tap }
            return names.last.map { .event($0) }
        }
        if method == "addObserver", let name = arguments["name"] { return .event(lastName(name)) }
        if method == "addTarget" {
            // A recognizer made around the call (`let pan = UIPanGestureRecognizer()`;
            // `pan.addTarget(self, action: …)`), or a recognizer's subclass that targets itself
            // (`class MoveGesture: UIPanGestureRecognizer { … addTarget(self, action: …) }`).
            if let receiver = callee.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self),
                let made = recognizerType(named: receiver.baseName.text, around: Syntax(call))
            {
                return gestureTrigger(made)
            }
            return enclosingClassInheritance(of: call).lazy.compactMap(gestureTrigger).first
        }
        if type.hasSuffix("GestureRecognizer") { return gestureTrigger(type) }
        if ["UIBarButtonItem", "UIButton", "UIMenuItem", "UIKeyCommand", "UICommand"].contains(type) { return .tap }
        return nil
    }
}

// MARK: - ReceiverCalls

/// Where a method named `name` is called on a receiver other than `self` (`label.pulse()`,
/// `cell?.pulse()`): the callers of a method of a platform class's extension (`extension UIView`),
/// which any view of the app answers.
final class ReceiverCalls: SyntaxVisitor {
    private let name: String
    private(set) var uses: [Syntax] = []

    init(_ name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    /// The uses of `name` after a receiver in `node`, in source order. O(its size).
    static func all(named name: String, in node: Syntax) -> [Syntax] {
        let finder = ReceiverCalls(name)
        finder.walk(node)
        return finder.uses
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.declName.baseName.text == name, let base = node.base else { return .visitChildren }
        let receiver = base.as(OptionalChainingExprSyntax.self)?.expression ?? base
        if receiver.as(DeclReferenceExprSyntax.self)?.baseName.text != "self" { uses.append(Syntax(node.declName)) }
        return .visitChildren
    }
}

// MARK: - MethodUses

/// Where a method is called (`name()`, `self.name()`, `self?.name()`) or passed as an action
/// (`action: name`).
final class MethodUses: SyntaxVisitor {
    private(set) var uses: [String: [Syntax]] = [:]

    init() { super.init(viewMode: .sourceAccurate) }

    /// The uses of every name in `nodes`, by name, each in source order. O(their size).
    static func all(in nodes: [Syntax]) -> [String: [Syntax]] {
        let finder = MethodUses()
        for node in nodes { finder.walk(node) }
        return finder.uses
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let text = node.baseName.text
        // A declaration's own name is not a use; a reference in a call or as an argument is.
        guard let parent = node.parent else { return .visitChildren }
        if let access = parent.as(MemberAccessExprSyntax.self) {
            // `self.name()` (`self?.name()` in a `[weak self]` closure), not `other.name()`.
            let base = access.base?.as(OptionalChainingExprSyntax.self)?.expression ?? access.base
            if access.declName.id == node.id, base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                uses[text, default: []].append(Syntax(node))
            }
        } else if parent.is(FunctionCallExprSyntax.self) || parent.is(LabeledExprSyntax.self) {
            uses[text, default: []].append(Syntax(node))
        }
        return .visitChildren
    }
}
#endif
