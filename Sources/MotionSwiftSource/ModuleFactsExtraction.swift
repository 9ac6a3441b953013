#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - ModuleFactsExtraction

/// A file's `SwiftModuleFacts`: the types it declares, what kind each is, and which types their
/// code creates (`PostRow(…)`), holds (`var model: FeedViewModel`, `@Environment(Store.self)`)
/// or presents (in a `.sheet`, a `NavigationLink`, a `TabView`, a `WindowGroup`, …). Code in a
/// `View` extension method `f` counts as `func:f`'s, and a call `.f(…)` as a use of it, so a
/// modifier function's types are parts of the views that call it. Also records, for each type
/// body, where it is and whether a `// motionsync: screen=` comment names its screen.
/// O(file).
final class ModuleFactsExtraction: SyntaxVisitor {
    /// A type body (or a `View` extension method) and what animations written in it belong to.
    struct Container {
        var range: Range<AbsolutePosition>
        var name: String
        /// A `// motionsync: screen=` comment on it or on a type around it.
        var screenNamed: Bool
        /// The container around this one, by index in `containers`.
        var outer: Int?
    }

    private(set) var types: [SwiftTypeFact] = []
    private var uses: [SwiftTypeUse] = []
    private var seenUses: Set<SwiftTypeUse> = []
    /// In source order: each after the one around it.
    private(set) var containers: [Container] = []
    /// The containers open where the walk is, by index in `containers`.
    private var stack: [Int] = []
    private var innermost: Container? { stack.last.map { containers[$0] } }

    static func run(_ tree: SourceFileSyntax) -> ModuleFactsExtraction {
        let visitor = ModuleFactsExtraction(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor
    }

    var facts: SwiftModuleFacts { SwiftModuleFacts(types: types, uses: uses) }

    /// The innermost container around `position`, if any. The last container starting at or
    /// before it is that one or lies inside it. O(log n + depth of containers).
    func container(at position: AbsolutePosition) -> Container? {
        var low = 0, high = containers.count
        while low < high {
            let middle = (low + high) / 2
            if containers[middle].range.lowerBound <= position { low = middle + 1 } else { high = middle }
        }
        var next: Int? = low > 0 ? low - 1 : nil
        while let k = next {
            if containers[k].range.contains(position) { return containers[k] }
            next = containers[k].outer
        }
        return nil
    }

    // MARK: Types

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name.text, node.inheritanceClause, Syntax(node), isClass: false)
    }
    override func visitPost(_ node: StructDeclSyntax) { stack.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name.text, node.inheritanceClause, Syntax(node), isClass: true)
    }
    override func visitPost(_ node: ClassDeclSyntax) { stack.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text, nil, Syntax(node), isClass: false) }
    override func visitPost(_ node: EnumDeclSyntax) { stack.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text, nil, Syntax(node), isClass: false) }
    override func visitPost(_ node: ActorDeclSyntax) { stack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.extendedType.trimmedDescription, Syntax(node))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { stack.removeLast() }

    /// A method of a `View` extension is a modifier function: `func:name`.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let owner = innermost?.name, Self.viewProtocols.contains(owner) { enter("func:" + node.name.text, Syntax(node)) }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        if innermost?.name == "func:" + node.name.text { stack.removeLast() }
    }

    static let viewProtocols: Set<String> = ["View", "SwiftUI.View", "some View"]

    private func declare(_ name: String, _ inheritance: InheritanceClauseSyntax?, _ node: Syntax, isClass: Bool) -> SyntaxVisitorContinueKind {
        let inherited = inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        // A type declared in a type's body is named as Swift qualifies it (`Feed.Model`), as the
        // facts scan names it.
        var qualified = name
        if let outer = innermost?.name, !outer.hasPrefix("func:"), node.parent?.is(MemberBlockItemSyntax.self) == true {
            qualified = outer + "." + name
        }
        types.append(SwiftTypeFact(name: qualified, kind: Self.kind(name: name, inherited: inherited, isClass: isClass)))
        enter(qualified, node)
        return .visitChildren
    }

    private func enter(_ name: String, _ node: Syntax) {
        let named = SwiftSourceExtraction.screenComment(node.leadingTrivia) != nil || (innermost?.screenNamed ?? false)
        containers.append(Container(range: node.position..<node.endPosition, name: name, screenNamed: named, outer: stack.last))
        stack.append(containers.count - 1)
    }

    /// What a type is, from what it inherits (its name decides for subclasses of the app's own
    /// base classes, declared in other files).
    static func kind(name: String, inherited: [String], isClass: Bool) -> SwiftTypeFact.Kind {
        let bases = inherited.map { $0.split(separator: "<").first.map(String.init) ?? $0 }
        if bases.contains(where: {
            $0.hasSuffix("ViewController") || $0.hasSuffix("HostingController") || $0.hasSuffix("TabBarController")
                || $0.hasSuffix("NavigationController") || $0.hasSuffix("WindowController")
        }) {
            return .viewController
        }
        if bases.contains(where: { ["View", "SwiftUI.View"].contains($0) }) { return .view }
        if bases.contains(where: { ["App", "SwiftUI.App"].contains($0) }) { return .app }
        if bases.contains(where: { ["PreviewProvider", "SwiftUI.PreviewProvider", "XCTestCase"].contains($0) }) || name.hasSuffix("Tests") {
            return .preview
        }
        if bases.contains(where: SwiftTypeFact.Kind.isStyleProtocol) { return .style }
        if isClass, name.hasSuffix("ViewController") { return .viewController }
        if isClass, bases.contains(where: { Self.uiKitViewBase($0) }) || (name.hasSuffix("View") && !bases.isEmpty) || name.hasSuffix("Cell") {
            return .view
        }
        return .other
    }

    /// UIKit and AppKit view classes (`UIView`, `UIButton`, `UITableViewCell`, `NSView`, …).
    static func uiKitViewBase(_ name: String) -> Bool {
        guard name.hasPrefix("UI") || name.hasPrefix("NS") else { return false }
        return name.hasSuffix("View") || name.hasSuffix("Cell") || name.hasSuffix("Button") || name.hasSuffix("Control")
            || name.hasSuffix("Label") || name.hasSuffix("Field") || name.hasSuffix("Bar") || name.hasSuffix("ReusableView")
    }

    // MARK: Uses

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard stack.last != nil else { return .visitChildren }
        if let name = Self.typeName(node.calledExpression) {
            use(name, role: Self.isPresented(node) ? .presented : .part)
        } else if let access = node.calledExpression.as(MemberAccessExprSyntax.self), access.base != nil {
            use("func:" + access.declName.baseName.text, role: .part)
        } else if let ref = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            use("func:" + ref.baseName.text, role: .part) // a modifier function called on self
        }
        return .visitChildren
    }

    /// `X.self` (`@Environment(Store.self)`): the type is held.
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.declName.baseName.tokenKind == .keyword(.self), let base = node.base, let name = Self.typeName(base) { use(name, role: .part) }
        return .visitChildren
    }

    /// A stored property's written type (`var model: FeedViewModel`, `let header: HeaderView?`).
    override func visit(_ node: TypeAnnotationSyntax) -> SyntaxVisitorContinueKind {
        guard node.parent?.is(PatternBindingSyntax.self) == true else { return .visitChildren }
        var type = node.type
        while true {
            if let optional = type.as(OptionalTypeSyntax.self) {
                type = optional.wrappedType
                continue
            }
            if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                type = unwrapped.wrappedType
                continue
            }
            break
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text.first?.isUppercase == true {
            use(identifier.name.text, role: .part)
        }
        return .visitChildren
    }

    private func use(_ name: String, role: SwiftTypeUse.Role) {
        guard let container = innermost?.name else { return }
        let fact = SwiftTypeUse(container: container, used: name, role: role)
        if seenUses.insert(fact).inserted { uses.append(fact) }
    }

    /// `X`, `X<…>` or `X.init`: the name of a type being created (an uppercase name).
    static func typeName(_ callee: ExprSyntax) -> String? {
        var e = callee
        if let access = e.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init", let base = access.base { e = base }
        if let generic = e.as(GenericSpecializationExprSyntax.self) { e = generic.expression }
        guard let name = e.as(DeclReferenceExprSyntax.self)?.baseName.text, name.first?.isUppercase == true else { return nil }
        return name
    }

    /// The calls whose content is shown as a screen of its own.
    static let presenting: Set<String> = [
        "sheet", "fullScreenCover", "popover", "navigationDestination", "inspector", "NavigationLink", "TabView", "WindowGroup", "Window",
        "DocumentGroup", "Settings", "UIHostingController", "NSHostingController", "NavigationStack", "NavigationView", "NavigationSplitView",
        "present", "pushViewController", "setViewControllers",
    ]

    /// Whether a creation sits in the content of a presenting call (not in its receiver chain),
    /// within the same type.
    static func isPresented(_ node: FunctionCallExprSyntax) -> Bool {
        var child = Syntax(node)
        var current = node.parent
        while let n = current, !n.is(MemberBlockSyntax.self) {
            if let call = n.as(FunctionCallExprSyntax.self), child.id != call.calledExpression.id {
                let name =
                    call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? typeName(call.calledExpression)
                if let name, presenting.contains(name) { return true }
            }
            child = n
            current = n.parent
        }
        return false
    }
}
#endif
