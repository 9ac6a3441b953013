#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftParser
internal import SwiftSyntax

// MARK: - Named animations of the module

extension Evaluator {
    /// The animation a name stands for as a `static let` of the module's types
    /// (`SwiftModuleConstants.animations`), or a `static var` or argument-less `static func`
    /// whose body is one animation (`.content()` as `Animation.content()`), looked up as Swift
    /// looks it up: `.noAnimation` (SwiftUI's `Animation` is what the code expects) as
    /// `Animation.noAnimation`; `DesignSystem.Animation.fast` and a bare `fast` from the types
    /// around the use, innermost first. The name and the value parsed; the use is recorded in `module.used` (so the file is
    /// read again when the value changes). Nil for another expression or a name not known.
    /// O(types around the use) and one parse of the value.
    func moduleAnimation(_ expr: ExprSyntax) -> (name: String, value: ExprSyntax)? {
        let table = module.constants.animations, own = module.own.animations
        guard !table.isEmpty || !own.isEmpty else { return nil }
        var e = unwrap(expr)
        var call = ""
        if let invocation = e.as(FunctionCallExprSyntax.self), invocation.arguments.isEmpty, invocation.trailingClosure == nil {
            e = invocation.calledExpression
            call = "()"
        }
        var candidates: [String] = []
        if let access = e.as(MemberAccessExprSyntax.self), access.base == nil, access.declName.argumentNames == nil {
            let member = access.declName.baseName.text + call
            candidates = ["Animation", "SwiftUI.Animation", "SwiftUICore.Animation"].map { $0 + "." + member }
        } else {
            var name = aliasedDottedName(e)
            if name == nil, let ref = e.as(DeclReferenceExprSyntax.self), ref.argumentNames == nil,
                case .none = binding(of: ref.baseName.text, from: Syntax(ref))
            {
                name = ref.baseName.text
            }
            guard let name = name.map({ $0 + call }) else { return nil }
            candidates = Self.typeScopes(around: Syntax(e)).map { $0 + "." + name } + [name]
        }
        // The file's own first: a `fileprivate extension Animation` here is the one its code
        // means, whatever other files declare under that name.
        if let name = candidates.first(where: { own[$0] != nil }), let text = own[name] {
            return module.parsedAnimation(text).map { (name, $0) }
        }
        guard let name = candidates.first(where: { table[$0] != nil }), let text = table[name] else { return nil }
        guard let value = module.parsedAnimation(text) else { return nil }
        module.used["animation:" + name] = ModuleConstantReading.digest(text)
        return (name, value)
    }
}

extension ModuleConstantReading {
    /// `text` parsed as an expression (cached: one parse per value an extraction meets); nil
    /// when it is not one.
    func parsedAnimation(_ text: String) -> ExprSyntax? {
        if let known = parsedAnimations[text] { return known }
        let file = Parser.parse(source: "let value = " + text)
        guard file.statements.count == 1, let variable = file.statements.first?.item.as(VariableDeclSyntax.self),
            let value = variable.bindings.first?.initializer?.value
        else { return nil }
        parsedAnimations[text] = value
        return value
    }

    /// A number that changes when `text` does (FNV-1a, 52 bits: exact in a `Double`), so an
    /// animation's value keys the file's stored version as a constant's does.
    static func digest(_ text: String) -> Double {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Double(hash >> 12)
    }
}
#endif
