#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - ParameterGuard

/// The `Bool` parameters a function's code runs under: in `func scrollToBottom(animated: Bool)`,
/// code in `if animated { … }`, after `guard animated else { return }`, or in the `else` of
/// `if !animated` runs only when `animated` is true, so a caller that passes `animated: false`
/// (or leaves out a parameter whose default is `false`) never runs it, and its trigger is not
/// the animation's.
enum ParameterGuard {
    /// The inner names of `function`'s `Bool` parameters that must be true for `node` (code in
    /// `function`'s body) to run. O(depth of `node` × statements before it in each block).
    static func required(for node: Syntax, in function: FunctionDeclSyntax) -> Set<String> {
        var parameters: Set<String> = []
        for parameter in function.signature.parameterClause.parameters where parameter.type.trimmedDescription == "Bool" {
            parameters.insert((parameter.secondName ?? parameter.firstName).text)
        }
        guard !parameters.isEmpty else { return [] }
        var required: Set<String> = []
        var child = node
        var current = node.parent
        while let n = current, n.id != Syntax(function).id {
            if let block = n.as(CodeBlockSyntax.self), let branch = block.parent?.as(IfExprSyntax.self) {
                if branch.body.id == block.id {
                    required.formUnion(branch.conditions.compactMap { name(of: $0, negated: false) }.filter(parameters.contains))
                } else if branch.conditions.count == 1, let negated = branch.conditions.first.flatMap({ name(of: $0, negated: true) }) {
                    if parameters.contains(negated) { required.insert(negated) }
                }
            }
            if let items = n.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    if item.id == child.id { break }
                    guard let guardStatement = item.item.as(GuardStmtSyntax.self) else { continue }
                    required.formUnion(guardStatement.conditions.compactMap { name(of: $0, negated: false) }.filter(parameters.contains))
                }
            }
            child = n
            current = n.parent
        }
        return required
    }

    /// Whether `call` (of `function`) passes a literal `false` for one of `required`, or leaves
    /// out one whose default is `false`: the guarded code never runs from it.
    static func excludes(_ call: FunctionCallExprSyntax, of function: FunctionDeclSyntax, required: Set<String>) -> Bool {
        for parameter in function.signature.parameterClause.parameters where required.contains((parameter.secondName ?? parameter.firstName).text) {
            let label = parameter.firstName.text
            // (An unlabelled parameter is not matched by position here: calls rarely pass one.)
            guard label != "_" else { continue }
            if let argument = call.arguments.first(where: { $0.label?.text == label }) {
                if isFalse(argument.expression) { return true }
            } else if let value = parameter.defaultValue?.value, isFalse(value) {
                return true
            }
        }
        return false
    }

    /// `p` for a condition that is the bare name `p` (`negated` false) or `!p` (`negated` true).
    private static func name(of condition: ConditionElementSyntax, negated: Bool) -> String? {
        guard case .expression(let expression) = condition.condition else { return nil }
        var e = expression
        if negated {
            guard let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" else { return nil }
            e = prefix.expression
        }
        return e.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    private static func isFalse(_ e: ExprSyntax) -> Bool { e.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false) }
}
#endif
