#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - SwiftTypeIndex

/// The types of one file as the implicit-animation reader needs them: each type's state (its
/// stored properties with their property wrapper and written initial value), the names that stand
/// for Reduce Motion, and its methods. A type's extensions in the file add to it. O(file).
final class SwiftTypeIndex: SyntaxVisitor {
    /// A stored property of a type.
    struct Member {
        var name: String
        /// The property wrapper (`State`, `Binding`, `GestureState`, `Environment`, …), if any.
        var wrapper: String?
        /// The written initial value.
        var initial: ExprSyntax?
    }

    /// What the file says about one type (its declaration and extensions together).
    struct TypeInfo {
        var name: String
        var isView = false
        var screenOverride: String?
        /// The trigger a `// motionsync: trigger=…` comment on the type names.
        var triggerOverride: Trigger?
        var members: [String: Member] = [:]
        /// Names bound to `@Environment(\.accessibilityReduceMotion)`.
        var reduceMotionNames: Set<String> = []
        var methods: [String: [FunctionDeclSyntax]] = [:]
        /// Computed properties' single expressions (`var driveAnimation: Animation { .easeInOut }`).
        var computed: [String: ExprSyntax] = [:]
        /// The declarations (a type and its extensions), for searching their code.
        var declarations: [Syntax] = []
    }

    /// A type or function declaration's extent: what encloses a node is found from these by
    /// position, not by walking up its ancestors (a chain of n modifiers is n ancestors deep).
    struct Scope {
        var range: Range<AbsolutePosition>
        /// The type's name (an extension's extended type), or the function's.
        var name: String
        var isType: Bool
        /// The scope around this one, by index in `scopes`.
        var outer: Int?
    }

    private(set) var types: [String: TypeInfo] = [:]
    /// The file's type and function declarations in source order (each after the one around it).
    private(set) var scopes: [Scope] = []
    private var openScopes: [Int] = []

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        walk(tree)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, node.inheritanceClause, Syntax(node), node.memberBlock)
        return open(node, node.name.text, isType: true)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, node.inheritanceClause, Syntax(node), node.memberBlock)
        return open(node, node.name.text, isType: true)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, node.inheritanceClause, Syntax(node), node.memberBlock)
        return open(node, node.name.text, isType: true)
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.extendedType.trimmedDescription, node.inheritanceClause, Syntax(node), node.memberBlock)
        return open(node, node.extendedType.trimmedDescription, isType: true)
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { open(node, node.name.text, isType: true) }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { open(node, node.name.text, isType: false) }
    override func visitPost(_ node: StructDeclSyntax) { openScopes.removeLast() }
    override func visitPost(_ node: ClassDeclSyntax) { openScopes.removeLast() }
    override func visitPost(_ node: EnumDeclSyntax) { openScopes.removeLast() }
    override func visitPost(_ node: ExtensionDeclSyntax) { openScopes.removeLast() }
    override func visitPost(_ node: ActorDeclSyntax) { openScopes.removeLast() }
    override func visitPost(_ node: FunctionDeclSyntax) { openScopes.removeLast() }

    private func open(_ node: some SyntaxProtocol, _ name: String, isType: Bool) -> SyntaxVisitorContinueKind {
        scopes.append(Scope(range: node.position..<node.endPosition, name: name, isType: isType, outer: openScopes.last))
        openScopes.append(scopes.count - 1)
        return .visitChildren
    }

    // MARK: What encloses a node

    /// The declarations around `node` (not `node` itself), innermost first. The last scope
    /// starting at or before it is the innermost or lies inside it, so its outer scopes hold
    /// every one that encloses it. O(log n + depth of declarations).
    func scopes(around node: some SyntaxProtocol) -> [Scope] {
        let position = node.position, end = node.endPosition
        var low = 0, high = scopes.count
        while low < high {
            let middle = (low + high) / 2
            if scopes[middle].range.lowerBound <= position { low = middle + 1 } else { high = middle }
        }
        var found: [Scope] = []
        var next: Int? = low > 0 ? low - 1 : nil
        while let k = next {
            let scope = scopes[k]
            if scope.range.contains(position), scope.range != position..<end { found.append(scope) }
            next = scope.outer
        }
        return found
    }

    /// The innermost type (or extension) around `node`: `enclosingTypeName(of:)` by position.
    func typeName(around node: some SyntaxProtocol) -> String? {
        scopes(around: node).first(where: \.isType)?.name
    }

    /// The types around `node`, innermost last: `enclosingTypeNames(of:)` by position.
    func typeNames(around node: some SyntaxProtocol) -> [String] {
        scopes(around: node).filter(\.isType).map(\.name).reversed()
    }

    /// The innermost function declaration around `node`, by name.
    func functionName(around node: some SyntaxProtocol) -> String? {
        scopes(around: node).first { !$0.isType }?.name
    }

    private func add(_ name: String, _ inheritance: InheritanceClauseSyntax?, _ node: Syntax, _ block: MemberBlockSyntax) {
        var info = types[name] ?? TypeInfo(name: name)
        if inheritance?.inheritedTypes.contains(where: { ["View", "SwiftUI.View"].contains($0.type.trimmedDescription) }) == true {
            info.isView = true
        }
        if info.screenOverride == nil {
            info.screenOverride =
                SwiftSourceExtraction.screenComment(node.leadingTrivia) ?? SwiftSourceExtraction.screenComment(block.leftBrace.trailingTrivia)
        }
        if info.triggerOverride == nil {
            info.triggerOverride =
                SwiftSourceExtraction.triggerComment(node.leadingTrivia) ?? SwiftSourceExtraction.triggerComment(block.leftBrace.trailingTrivia)
        }
        info.declarations.append(node)
        for item in block.members {
            if let variable = item.decl.as(VariableDeclSyntax.self) {
                let wrapper = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }.first
                let wrapperName = wrapper.map { $0.attributeName.trimmedDescription }
                let isReduceMotion =
                    wrapperName == "Environment" && wrapper?.arguments?.trimmedDescription.contains("accessibilityReduceMotion") == true
                for binding in variable.bindings {
                    guard let id = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    if let accessors = binding.accessorBlock {
                        if let body = DeclarationIndex.getterExpression(accessors) { info.computed[id.identifier.text] = body }
                        continue
                    }
                    let member = id.identifier.text
                    info.members[member] = Member(name: member, wrapper: wrapperName, initial: binding.initializer?.value)
                    if isReduceMotion { info.reduceMotionNames.insert(member) }
                }
            } else if let function = item.decl.as(FunctionDeclSyntax.self) {
                info.methods[function.name.text, default: []].append(function)
            }
        }
        types[name] = info
    }

    /// The innermost type declaration around `node` (its name), if any.
    static func enclosingTypeName(of node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let n = current {
            if let d = n.as(StructDeclSyntax.self) { return d.name.text }
            if let d = n.as(ClassDeclSyntax.self) { return d.name.text }
            if let d = n.as(EnumDeclSyntax.self) { return d.name.text }
            if let d = n.as(ActorDeclSyntax.self) { return d.name.text }
            if let d = n.as(ExtensionDeclSyntax.self) { return d.extendedType.trimmedDescription }
            current = n.parent
        }
        return nil
    }

    /// The names of the types around `node`, innermost last.
    static func enclosingTypeNames(of node: some SyntaxProtocol) -> [String] {
        var names: [String] = []
        var current = node.parent
        while let n = current {
            if let d = n.as(StructDeclSyntax.self) { names.append(d.name.text) }
            if let d = n.as(ClassDeclSyntax.self) { names.append(d.name.text) }
            if let d = n.as(EnumDeclSyntax.self) { names.append(d.name.text) }
            if let d = n.as(ActorDeclSyntax.self) { names.append(d.name.text) }
            if let d = n.as(ExtensionDeclSyntax.self) { names.append(d.extendedType.trimmedDescription) }
            current = n.parent
        }
        return names.reversed()
    }
}

// MARK: - State paths

/// A state as code names it: `isOn`, `self.isOn`, `self?.isOn` and `$isOn` are `isOn`; `viewModel.count` stays
/// dotted. nil for anything that is not a plain path.
func statePath(_ expr: ExprSyntax) -> String? {
    if let ref = expr.as(DeclReferenceExprSyntax.self) {
        let name = ref.baseName.text
        if name == "self" { return nil }
        return name.hasPrefix("$") && name.count > 1 && !name.dropFirst().allSatisfy(\.isNumber) ? String(name.dropFirst()) : name
    }
    if let access = expr.as(MemberAccessExprSyntax.self), let base = access.base {
        let member = access.declName.baseName.text
        // `self.x`, and `self?.x` / `self!.x` in a `[weak self]` closure.
        let receiver = base.as(OptionalChainingExprSyntax.self)?.expression ?? base.as(ForceUnwrapExprSyntax.self)?.expression ?? base
        if let ref = receiver.as(DeclReferenceExprSyntax.self), ref.baseName.text == "self" { return member }
        if member == "wrappedValue" { return statePath(base) }
        return statePath(base).map { "\($0).\(member)" }
    }
    if let forced = expr.as(ForceUnwrapExprSyntax.self) { return statePath(forced.expression) }
    if let optional = expr.as(OptionalChainingExprSyntax.self) { return statePath(optional.expression) }
    if let subscriptCall = expr.as(SubscriptCallExprSyntax.self) { return statePath(subscriptCall.calledExpression) }
    return nil
}

/// The states an expression reads, in order, each once: `focused == nil` reads `focused`,
/// `model.phase.is(.loading)` reads `model.phase`, `items.map { $0.id }` reads `items`, `UUID()`
/// none. Closures, literals and type names (`Color.red`) read no state. O(size of expr).
func statePaths(readBy expr: ExprSyntax) -> [String] {
    var found: [String] = []
    func add(_ path: String) {
        guard path.first?.isUppercase == false, !found.contains(path) else { return }
        found.append(path)
    }
    func visit(_ e: ExprSyntax) {
        if let path = statePath(e) { return add(path) }
        if e.is(ClosureExprSyntax.self) { return }
        if let call = e.as(FunctionCallExprSyntax.self) {
            // `a.f(x)` reads `a` and the arguments; a free function (`UUID()`) its arguments.
            if let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base { visit(base) }
            for argument in call.arguments { visit(argument.expression) }
            return
        }
        if let access = e.as(MemberAccessExprSyntax.self) {
            if let base = access.base { visit(base) }
            return
        }
        for child in e.children(viewMode: .sourceAccurate) {
            if let sub = child.as(ExprSyntax.self) {
                visit(sub)
            } else {
                // Lists (a sequence's elements, a tuple's or an array's) hold their expressions a level down.
                for grandchild in child.children(viewMode: .sourceAccurate) {
                    if let sub = grandchild.as(ExprSyntax.self) {
                        visit(sub)
                    } else if let element = grandchild.children(viewMode: .sourceAccurate).compactMap({ $0.as(ExprSyntax.self) }).first {
                        visit(element)
                    }
                }
            }
        }
    }
    visit(expr)
    return found
}

/// Whether changing `changed` changes `key`: one path is the other or begins with it
/// (`items` changes `items.count`; `viewModel.isLoading` changes `viewModel`).
func path(_ changed: String, affects key: String) -> Bool {
    changed == key || key.hasPrefix(changed + ".") || changed.hasPrefix(key + ".")
}

// MARK: - Mutations

/// Where code changes state: an assignment (`x = …`, `x += …`), or a method called on it as a
/// statement (`x.toggle()`, `items.append(…)`).
struct Mutation {
    /// The state changed (`statePath`).
    var path: String
    /// The statement.
    var node: Syntax
    /// The assigned value for a plain `=` assignment.
    var assigned: ExprSyntax?
}

/// Every mutation inside `node`, in source order. O(size of node).
final class MutationFinder: SyntaxVisitor {
    private(set) var mutations: [Mutation] = []

    static func find(in node: some SyntaxProtocol) -> [Mutation] {
        let finder = MutationFinder(viewMode: .sourceAccurate)
        finder.walk(Syntax(node))
        return finder.mutations
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard let expr = expression(of: node) else { return .visitChildren }
        if let sequence = expr.as(SequenceExprSyntax.self) {
            let items = Array(sequence.elements)
            // `(a, b) = (b, a)`: each element of the tuple is changed.
            if items.count >= 3, items[1].is(AssignmentExprSyntax.self), let tuple = items[0].as(TupleExprSyntax.self) {
                for element in tuple.elements {
                    if let target = statePath(element.expression) { mutations.append(Mutation(path: target, node: Syntax(node), assigned: nil)) }
                }
            }
            if items.count >= 3, let target = statePath(items[0]) {
                if items[1].is(AssignmentExprSyntax.self) {
                    let value = items.count == 3 ? items[2] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(Array(items.dropFirst(2)))))
                    mutations.append(Mutation(path: target, node: Syntax(node), assigned: value))
                } else if let op = items[1].as(BinaryOperatorExprSyntax.self), op.operator.text.hasSuffix("="),
                    !["==", "!=", "<=", ">=", "==="].contains(op.operator.text)
                {
                    mutations.append(Mutation(path: target, node: Syntax(node), assigned: nil))
                }
            }
        } else if let call = expr.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = access.base, !base.is(DeclReferenceExprSyntax.self) || base.as(DeclReferenceExprSyntax.self)?.baseName.text != "self",
            let target = statePath(base)
        {
            mutations.append(Mutation(path: target, node: Syntax(node), assigned: nil))
        }
        return .visitChildren
    }
}
#endif
