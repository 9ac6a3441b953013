#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - Reduce Motion around Core Animation code

/// The Reduce Motion branch of a method that adds layer animations:
/// `if UIAccessibility.isReduceMotionEnabled { … } else { … }`, or `if
/// !UIAccessibility.isReduceMotionEnabled { … }` (nothing plays with it on), what `codegen
/// --target uikit` writes. An
/// animation added inside it is the Reduce Motion version of the method's others, not an
/// animation of its own: it is left out, and the others take the fallback it shows: `crossfade`
/// when it moves only the opacity, `shortened` when it moves more, `static` when the branch adds
/// nothing.
enum LayerReduceMotion {
    /// `UIAccessibility.isReduceMotionEnabled` is the condition: true; negated: false; else nil.
    static func condition(_ expr: ExprSyntax) -> Bool? {
        let text = expr.trimmedDescription.removing(" ")
        if text == "UIAccessibility.isReduceMotionEnabled" { return true }
        if text == "!UIAccessibility.isReduceMotionEnabled" { return false }
        return nil
    }

    /// The setting when it is `ifExpr`'s only condition (false: negated), else nil.
    static func setting(of ifExpr: IfExprSyntax) -> Bool? {
        guard ifExpr.conditions.count == 1, let first = ifExpr.conditions.first, case .expression(let e) = first.condition else { return nil }
        return condition(e)
    }

    /// The branch of `ifExpr` that runs with Reduce Motion on, when its only condition is the
    /// setting (none for `if !…` without `else`: nothing plays then).
    static func reducedBranch(of ifExpr: IfExprSyntax) -> Syntax? {
        guard let on = setting(of: ifExpr) else { return nil }
        if on { return Syntax(ifExpr.body) }
        if case .codeBlock(let block)? = ifExpr.elseBody { return Syntax(block) }
        return nil
    }

    /// Whether `node` runs only with Reduce Motion on (inside a reduced branch of its method).
    /// O(depth).
    static func isReduced(_ node: Syntax) -> Bool {
        var current = node.parent
        while let n = current, !n.is(FunctionDeclSyntax.self) {
            if let ifExpr = n.as(IfExprSyntax.self), let branch = reducedBranch(of: ifExpr), branch.range.contains(node.position) { return true }
            current = n.parent
        }
        return false
    }

    /// The method around `node`, when it has a Reduce Motion branch among its statements.
    static func methodWithBranch(around node: Syntax) -> FunctionDeclSyntax? {
        var current = node.parent
        while let n = current, !n.is(FunctionDeclSyntax.self) { current = n.parent }
        guard let function = current?.as(FunctionDeclSyntax.self), let body = function.body else { return nil }
        let branches = body.statements.contains { item in
            let expr = item.item.as(ExpressionStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self)
            return expr?.as(IfExprSyntax.self).flatMap(setting(of:)) != nil
        }
        return branches ? function : nil
    }

    /// The fallback for a method whose Reduce Motion branch moves `properties`.
    static func fallback(moving properties: Set<String>) -> ReduceMotion {
        if properties.isEmpty { return .static }
        return properties == ["opacity"] ? .crossfade : .shortened
    }
}
#endif
