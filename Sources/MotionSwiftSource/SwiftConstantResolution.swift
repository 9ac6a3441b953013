#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - Named constants

extension Evaluator {
    /// The number a name stands for when the file binds it with `let` to something `number` reads
    /// (`boundExpression`); a name bound to a division of whole-number literals alone (`let
    /// third = 1/3`, an `Int` in Swift) is not read. `depth` bounds constants defined by other
    /// constants.
    func boundNumber(_ expr: ExprSyntax, depth: Int) -> Double? {
        guard depth < 8, let value = boundExpression(expr), !Self.isIntegerDivision(value) else { return nil }
        return number(value, nil, depth: depth + 1)
    }

    /// The expression a name stands for when the file binds it with `let` (numbers, strings,
    /// option sets alike): a local constant written before the use (`let duration = 0.3`), a
    /// constant of the enclosing type or one of its extensions in the file (`private let
    /// duration: TimeInterval = 0.25`, `static let duration = 0.3`), `Type.name` for a type's
    /// constant (`Const.rotationX` in `enum Const { static let rotationX = "…" }`), or a
    /// file-level `let`. A name the scope binds any other way first (a parameter, a `var`, `if
    /// let`, `guard let`, a `for` or closure variable) is not a constant: nil. A `var`'s initial
    /// value may change, so it is never read here. O(enclosing scopes · their statements).
    func boundExpression(_ expr: ExprSyntax) -> ExprSyntax? {
        let e = unwrap(expr)
        var name: String?
        if let ref = e.as(DeclReferenceExprSyntax.self), ref.argumentNames == nil {
            name = ref.baseName.text
        } else if let access = e.as(MemberAccessExprSyntax.self), let base = access.base?.as(DeclReferenceExprSyntax.self) {
            if base.baseName.text == "self" {
                name = access.declName.baseName.text
            } else if base.baseName.text.first?.isUppercase == true {
                // `Type.name`: a constant of that type.
                guard let binding = index.members[base.baseName.text]?[access.declName.baseName.text], binding.isConstant else { return nil }
                return binding.value
            }
        }
        guard let name else { return nil }
        return constant(named: name, from: Syntax(e))
    }

    /// The initial value of the `let` that `name` refers to at `node`, looking outwards scope by
    /// scope; nil when the nearest binding of `name` is not such a constant, or there is none.
    private func constant(named name: String, from node: Syntax) -> ExprSyntax? {
        var current = node
        while let parent = current.parent {
            defer { current = parent }
            if let list = parent.as(CodeBlockItemListSyntax.self), let item = current.as(CodeBlockItemSyntax.self) {
                // File scope sees every statement; a body only those before the use, nearest first.
                let items = parent.parent?.is(SourceFileSyntax.self) == true ? Array(list) : Array(list.prefix { $0.id != item.id }.reversed())
                for candidate in items {
                    if let variable = candidate.item.as(VariableDeclSyntax.self) {
                        for binding in variable.bindings where MemberBinding.names(in: binding.pattern).contains(name) {
                            guard variable.bindingSpecifier.tokenKind == .keyword(.let), binding.pattern.is(IdentifierPatternSyntax.self) else {
                                return nil
                            }
                            return binding.initializer?.value
                        }
                    } else if let guardStmt = candidate.item.as(GuardStmtSyntax.self), Self.binds(guardStmt.conditions, name) {
                        return nil
                    }
                }
            } else if let function = parent.as(FunctionDeclSyntax.self) {
                if Self.binds(function.signature.parameterClause, name) { return nil }
            } else if let initializer = parent.as(InitializerDeclSyntax.self) {
                if Self.binds(initializer.signature.parameterClause, name) { return nil }
            } else if let subscriptDecl = parent.as(SubscriptDeclSyntax.self) {
                if Self.binds(subscriptDecl.parameterClause, name) { return nil }
            } else if let closure = parent.as(ClosureExprSyntax.self), let signature = closure.signature {
                if Self.mentions(signature.description, name) { return nil }
            } else if let ifExpr = parent.as(IfExprSyntax.self), Self.binds(ifExpr.conditions, name) {
                return nil
            } else if let whileStmt = parent.as(WhileStmtSyntax.self), Self.binds(whileStmt.conditions, name) {
                return nil
            } else if let forStmt = parent.as(ForStmtSyntax.self), MemberBinding.names(in: forStmt.pattern).contains(name) {
                return nil
            } else if let switchCase = parent.as(SwitchCaseSyntax.self), Self.mentions(switchCase.label.description, name) {
                return nil // `case .x(let name):`
            } else if let block = parent.as(MemberBlockSyntax.self), let type = SwiftTypeIndex.enclosingTypeName(of: block) {
                // A type's body: its stored properties and those of its extensions in the file.
                if let binding = index.members[type]?[name] { return binding.isConstant ? binding.value : nil }
            }
        }
        return nil
    }

    /// The number a dotted name (`Constants.Animation.fadeTime`) stands for as a numeric constant
    /// of the file or, failing that, of another file of the module, looked up from the types
    /// around `expr` as Swift looks it up; another file's is recorded in `module.used`. Nil for
    /// another expression or a name not known.
    func moduleNumber(_ expr: ExprSyntax) -> Double? {
        guard !module.constants.isEmpty || !module.own.isEmpty, let name = Self.dottedName(expr) else { return nil }
        let scopes = Self.typeScopes(around: Syntax(expr))
        // The file's own first: a `private enum Constants` here is the one its code means, whatever
        // other files declare under that name.
        if let value = module.own.value(of: name, within: scopes) { return value }
        guard let value = module.constants.value(of: name, within: scopes) else { return nil }
        module.used[name] = value
        return value
    }

    /// `A.b`, `A.B.c`: a member of a type written with plain names; nil for anything else.
    static func dottedName(_ expr: ExprSyntax) -> String? {
        var parts: [String] = []
        var current = expr
        while let access = current.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil, let base = access.base {
            parts.append(access.declName.baseName.text)
            current = base
        }
        guard !parts.isEmpty, let root = current.as(DeclReferenceExprSyntax.self), root.argumentNames == nil,
            root.baseName.text.first?.isUppercase == true, root.baseName.text != "Self"
        else { return nil }
        return ([root.baseName.text] + parts.reversed()).joined(separator: ".")
    }

    /// The qualified names of the types around `node`, innermost first, each with its outer
    /// types (`extension Feed.Card` gives `Feed.Card`, then `Feed`).
    static func typeScopes(around node: Syntax) -> [String] {
        var names: [String] = []
        var current = node.parent
        while let n = current {
            if let decl = n.asProtocol(NamedDeclSyntax.self),
                n.is(StructDeclSyntax.self) || n.is(ClassDeclSyntax.self) || n.is(EnumDeclSyntax.self) || n.is(ActorDeclSyntax.self)
            {
                names.append(decl.name.text)
            } else if let ext = n.as(ExtensionDeclSyntax.self) {
                names.append(ext.extendedType.trimmedDescription)
            }
            current = n.parent
        }
        let qualified = names.reversed().joined(separator: ".")
        var scopes: [String] = []
        var parts = qualified.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            scopes.append(parts.joined(separator: "."))
            parts.removeLast()
        }
        return scopes
    }

    /// Whether a parameter list names `name` (its internal name).
    private static func binds(_ parameters: FunctionParameterClauseSyntax, _ name: String) -> Bool {
        parameters.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
    }

    /// Whether conditions bind `name` (`if let name`, `guard let name = …`, `case let name`).
    private static func binds(_ conditions: ConditionElementListSyntax, _ name: String) -> Bool {
        conditions.contains { element in
            switch element.condition {
            case .optionalBinding(let binding): return MemberBinding.names(in: binding.pattern).contains(name)
            case .matchingPattern(let pattern): return mentions(pattern.pattern.description, name)
            default: return false
            }
        }
    }

    /// Whether `code` has `name` as a whole word (a closure's or a case's bindings, read
    /// conservatively: any mention counts as binding it).
    private static func mentions(_ code: String, _ name: String) -> Bool {
        code.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).contains(Substring(name))
    }
}

/// The module's constants an extraction may read (`Evaluator.moduleNumber`), and those it read:
/// the import keys the file's stored version on them, so a changed constant reads it again.
final class ModuleConstantReading {
    let constants: SwiftModuleConstants
    /// The file's own numeric constants, found the same way (`SwiftFactsScan`).
    let own: SwiftModuleConstants
    /// Name as written → value read from other files.
    var used: [String: Double] = [:]

    init(_ constants: SwiftModuleConstants, own: SwiftModuleConstants = SwiftModuleConstants()) {
        self.constants = constants
        self.own = own
    }
}
#endif
