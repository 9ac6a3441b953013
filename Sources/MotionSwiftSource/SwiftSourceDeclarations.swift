#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - Declarations the importer can read values from

/// A struct declared in the file: its stored properties with their default values, in order.
struct StructInfo {
    var name: String
    var members: [(name: String, value: ExprSyntax?)]
}

/// An enum declared in the file: its cases in declaration order and its computed properties'
/// single-expression bodies.
struct EnumInfo {
    var name: String
    var cases: [String]
    var properties: [String: ExprSyntax]
}

/// A stored property (or a local binding): whether it is a `let`, and its written initial value.
/// A computed property whose getter is one expression is a constant with that expression as
/// its value: it gives the same value wherever what it reads does.
struct MemberBinding {
    var isConstant: Bool
    var value: ExprSyntax?

    /// The names a pattern binds (`x`, `(a, b)`).
    static func names(in pattern: PatternSyntax) -> [String] {
        if let id = pattern.as(IdentifierPatternSyntax.self) { return [id.identifier.text] }
        if let tuple = pattern.as(TuplePatternSyntax.self) { return tuple.elements.flatMap { names(in: $0.pattern) } }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return names(in: binding.pattern) }
        return []
    }
}

/// Collects every struct and enum declared in a file (nested ones too, by simple name; the first
/// declaration of a name wins).
final class DeclarationIndex: SyntaxVisitor {
    var structs: [String: StructInfo] = [:]
    /// Per code block (by id), found once when first asked (`Evaluator.sleeps(in:)`): its
    /// `Task.sleep` statements and where each ends.
    var sleepStatements: [SyntaxIdentifier: [(end: AbsolutePosition, call: FunctionCallExprSyntax)]] = [:]
    var enums: [String: EnumInfo] = [:]
    /// Every stored property of every type declared or extended in the file (static or not), and
    /// each computed one of a single expression, by type name then property name: what
    /// `Evaluator.boundNumber` reads a named constant from.
    var members: [String: [String: MemberBinding]] = [:]
    /// Each method whose body is one expression (`func transitionDuration(using:) -> TimeInterval
    /// { 0.35 }`), by type name then method name; a name declared twice in a type (overloads) is
    /// left out, as which one a call means is not known here.
    var methodResults: [String: [String: ExprSyntax?]] = [:]
    /// The stored properties an initializer sets from a parameter with a default value
    /// (`init(duration: Double = 0.15) { self.duration = duration }`), by type name then
    /// property name: the default, or nil when two initializers give different ones.
    var initializerDefaults: [String: [String: ExprSyntax?]] = [:]

    /// Records the properties `initializer` sets to a parameter that has a default value.
    private func addInitializerDefaults(of type: String, _ initializer: InitializerDeclSyntax) {
        guard let body = initializer.body else { return }
        let parameters = initializer.signature.parameterClause.parameters
        for item in body.statements {
            guard let sequence = item.item.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { continue }
            let elements = Array(sequence.elements)
            guard elements[1].is(AssignmentExprSyntax.self), let target = elements[0].as(MemberAccessExprSyntax.self),
                target.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
                let source = elements[2].as(DeclReferenceExprSyntax.self),
                let parameter = parameters.first(where: { ($0.secondName ?? $0.firstName).text == source.baseName.text }),
                let value = parameter.defaultValue?.value
            else { continue }
            let name = target.declName.baseName.text
            if let known = initializerDefaults[type]?[name], known?.trimmedDescription != value.trimmedDescription {
                initializerDefaults[type]?[name] = .some(nil)
            } else {
                initializerDefaults[type, default: [:]][name] = value
            }
        }
    }

    /// The class each class of the file inherits from, when it names one first (a protocol named
    /// first is kept too; it has no members here, so looking it up finds nothing).
    var superclasses: [String: String] = [:]
    /// The type each `typealias` of the file names, when it names one by a plain dotted name
    /// (`typealias Config = ChatConfig.Fade`), by alias; an alias declared twice (in two types)
    /// with different targets is left out.
    var typeAliases: [String: String?] = [:]

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        let target = node.initializer.value.trimmedDescription
        let plain = target.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } && target.first?.isUppercase == true
        let name = node.name.text
        if let known = typeAliases[name] {
            if known != target { typeAliases[name] = .some(nil) }
        } else {
            typeAliases[name] = plain ? target : .some(nil)
        }
        return .skipChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        addMembers(of: node.name.text, node.memberBlock)
        if let first = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription { superclasses[node.name.text] = first }
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        addMembers(of: node.name.text, node.memberBlock)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        addMembers(of: node.extendedType.trimmedDescription, node.memberBlock)
        return .visitChildren
    }

    /// Records the stored properties of a type body, its computed ones of one expression and its
    /// methods of one (the first binding of a name wins).
    private func addMembers(of type: String, _ block: MemberBlockSyntax) {
        for member in block.members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                addInitializerDefaults(of: type, initializer)
                continue
            }
            if let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body {
                let name = function.name.text
                let declaredBefore = methodResults[type]?.keys.contains(name) ?? false
                methodResults[type, default: [:]].updateValue(declaredBefore ? nil : singleExpression(body.statements), forKey: name)
                continue
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.accessorBlock != nil {
                guard let id = binding.pattern.as(IdentifierPatternSyntax.self), members[type]?[id.identifier.text] == nil,
                    let getter = Self.getterExpression(binding.accessorBlock!)
                else { continue }
                members[type, default: [:]][id.identifier.text] = MemberBinding(isConstant: true, value: getter)
            }
            for binding in variable.bindings where binding.accessorBlock == nil {
                for name in MemberBinding.names(in: binding.pattern) where members[type, default: [:]][name] == nil {
                    // (A tuple's initial value is not its elements': only a plain name keeps it.)
                    let value = binding.pattern.is(IdentifierPatternSyntax.self) ? binding.initializer?.value : nil
                    members[type, default: [:]][name] = MemberBinding(isConstant: variable.bindingSpecifier.tokenKind == .keyword(.let), value: value)
                }
            }
        }
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        addMembers(of: name, node.memberBlock)
        if structs[name] == nil {
            var members: [(name: String, value: ExprSyntax?)] = []
            for member in node.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self), !Self.isStatic(variable.modifiers) else { continue }
                for binding in variable.bindings where binding.accessorBlock == nil {
                    guard let id = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    members.append((id.identifier.text, binding.initializer?.value))
                }
            }
            structs[name] = StructInfo(name: name, members: members)
        }
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        addMembers(of: name, node.memberBlock)
        if enums[name] == nil {
            var cases: [String] = []
            var properties: [String: ExprSyntax] = [:]
            for member in node.memberBlock.members {
                if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) {
                    cases += caseDecl.elements.map { $0.name.text }
                } else if let variable = member.decl.as(VariableDeclSyntax.self), !Self.isStatic(variable.modifiers) {
                    for binding in variable.bindings {
                        guard let id = binding.pattern.as(IdentifierPatternSyntax.self), let accessors = binding.accessorBlock else { continue }
                        if let body = Self.getterExpression(accessors) { properties[id.identifier.text] = body }
                    }
                }
            }
            enums[name] = EnumInfo(name: name, cases: cases, properties: properties)
        }
        return .visitChildren
    }

    static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// The single expression a computed property's getter returns (`{ expr }`, `{ return expr }`,
    /// `{ get { expr } }`).
    static func getterExpression(_ block: AccessorBlockSyntax) -> ExprSyntax? {
        switch block.accessors {
        case .getter(let items):
            return singleExpression(items)
        case .accessors(let list):
            guard let get = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }), let body = get.body else { return nil }
            return singleExpression(body.statements)
        @unknown default:
            return nil
        }
    }
}

/// The expression of a one-statement body (`expr`, `return expr`), or the one expression every
/// `return` of a longer body returns (`if fast { return 0.52 }; return 0.52`: whichever path
/// runs, the value is that); nil otherwise.
func singleExpression(_ items: CodeBlockItemListSyntax) -> ExprSyntax? {
    guard items.count == 1, let item = items.first else { return uniformReturn(items) }
    return expression(of: item)
}

/// The expression every `return` of a body returns, written the same each time, when the body
/// ends in one (closures' and nested functions' returns are theirs, not the body's). O(body).
private func uniformReturn(_ items: CodeBlockItemListSyntax) -> ExprSyntax? {
    guard let last = items.last?.item.as(ReturnStmtSyntax.self), let value = last.expression else { return nil }
    let finder = ReturnFinder(viewMode: .sourceAccurate)
    finder.walk(items)
    let text = value.trimmedDescription
    return finder.values.allSatisfy { $0?.trimmedDescription == text } ? value : nil
}

/// The `return` statements of a body, not of the closures and functions inside it.
private final class ReturnFinder: SyntaxVisitor {
    var values: [ExprSyntax?] = []
    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        values.append(node.expression)
        return .skipChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The expression a statement evaluates (`expr` or `return expr`), if it is one.
func expression(of item: CodeBlockItemSyntax) -> ExprSyntax? {
    switch item.item {
    case .expr(let e):
        return e
    case .stmt(let s):
        if let e = s.as(ExpressionStmtSyntax.self) { return e.expression }
        if let r = s.as(ReturnStmtSyntax.self) { return r.expression }
        return nil
    case .decl:
        return nil
    @unknown default:
        return nil
    }
}
#endif
