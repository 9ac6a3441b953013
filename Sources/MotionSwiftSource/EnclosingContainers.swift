#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - EnclosingContainers

/// The type bodies of a file (and the methods of its `View` and platform class extensions), where each is and
/// whether a `// motionsync: screen=` comment names its screen: what an animation written at a
/// position belongs to (`SwiftSourceAnimation.container`). The module's facts (types, what they
/// create and present) come from motionsync's byte scan (`SwiftFactsScan`), which reads every
/// file, not from here. O(file).
final class EnclosingContainers: SyntaxVisitor {
    /// A type body (or an extension method that is a function of its own) and what animations
    /// written in it belong to.
    struct Container {
        var range: Range<AbsolutePosition>
        /// The type's name as `SwiftModuleFacts` names it (`Feed.Model`), or `func:NAME`.
        var name: String
        /// A `// motionsync: screen=` comment on it or on a type around it.
        var screenNamed: Bool
        /// The container around this one, by index in `containers`.
        var outer: Int?
        /// An extension's body (not a type's own declaration).
        var isExtension = false
    }

    /// In source order: each after the one around it.
    private(set) var containers: [Container] = []
    /// The containers open where the walk is, by index in `containers`.
    private var stack: [Int] = []
    private var innermost: Container? { stack.last.map { containers[$0] } }

    static func run(_ tree: SourceFileSyntax) -> EnclosingContainers {
        let visitor = EnclosingContainers(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor
    }

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

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text, Syntax(node)) }
    override func visitPost(_ node: StructDeclSyntax) { stack.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text, Syntax(node)) }
    override func visitPost(_ node: ClassDeclSyntax) { stack.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text, Syntax(node)) }
    override func visitPost(_ node: EnumDeclSyntax) { stack.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text, Syntax(node)) }
    override func visitPost(_ node: ActorDeclSyntax) { stack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.extendedType.trimmedDescription, Syntax(node), isExtension: true)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { stack.removeLast() }

    /// A method of a `View` extension (a modifier) or of a platform class's (`extension UIView`)
    /// is a function of its own: `func:name` (`SwiftFactsScan.methodsAreFunctions`).
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let owner = innermost, owner.isExtension, SwiftFactsScan.methodsAreFunctions(inExtensionOf: owner.name) {
            enter("func:" + node.name.text, Syntax(node))
        }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        if innermost?.name == "func:" + node.name.text { stack.removeLast() }
    }

    private func declare(_ name: String, _ node: Syntax) -> SyntaxVisitorContinueKind {
        // A type declared in a type's body is named as Swift qualifies it (`Feed.Model`), as the
        // facts scan names it.
        var qualified = name
        if let outer = innermost?.name, !outer.hasPrefix("func:"), node.parent?.is(MemberBlockItemSyntax.self) == true {
            qualified = outer + "." + name
        }
        enter(qualified, node)
        return .visitChildren
    }

    private func enter(_ name: String, _ node: Syntax, isExtension: Bool = false) {
        let named = SwiftSourceExtraction.screenComment(node.leadingTrivia) != nil || (innermost?.screenNamed ?? false)
        containers.append(
            Container(range: node.position..<node.endPosition, name: name, screenNamed: named, outer: stack.last, isExtension: isExtension))
        stack.append(containers.count - 1)
    }
}
#endif
