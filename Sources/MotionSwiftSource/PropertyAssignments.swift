#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - PropertyAssignments

/// Where code sets a property of its own type, by the property's name: `name = …`,
/// `self.name = …` (`self?.name`), `name += …` and `name.toggle()`. What sets a property whose
/// observer animates is what starts the animation (`isExpanded = true` in a button's action).
final class PropertyAssignments: SyntaxVisitor {
    private(set) var targets: [String: [Syntax]] = [:]

    init() { super.init(viewMode: .sourceAccurate) }

    /// The assignment targets in `nodes`, by property name, each in source order. O(their size).
    static func all(in nodes: [Syntax]) -> [String: [Syntax]] {
        let finder = PropertyAssignments()
        for node in nodes { finder.walk(node) }
        return finder.targets
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (target, operation) in zip(elements, elements.dropFirst()) where Self.assigns(operation) {
            record(target)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let access = node.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "toggle", let base = access.base {
            record(base)
        }
        return .visitChildren
    }

    /// Whether `operation` is `=` or a compound assignment (`+=`, `-=`, …), not a comparison.
    private static func assigns(_ operation: ExprSyntax) -> Bool {
        if operation.is(AssignmentExprSyntax.self) { return true }
        guard let text = operation.as(BinaryOperatorExprSyntax.self)?.operator.text, text.count >= 2, text.hasSuffix("=") else { return false }
        return !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }

    /// `name` or `self.name` (`self?.name`): the type's own property.
    private func record(_ target: ExprSyntax) {
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            targets[reference.baseName.text, default: []].append(Syntax(target))
        } else if let access = target.as(MemberAccessExprSyntax.self) {
            let base = access.base?.as(OptionalChainingExprSyntax.self)?.expression ?? access.base
            if base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                targets[access.declName.baseName.text, default: []].append(Syntax(target))
            }
        }
    }
}
#endif
