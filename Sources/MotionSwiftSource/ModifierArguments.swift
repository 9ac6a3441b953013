#if MOTIONSYNC_SWIFTSYNTAX
internal import SwiftSyntax

// MARK: - ModifierArguments

/// The animatable arguments of a scope's modifier calls (`AnimatableModifiers`) as an implicit
/// animation site reads them, each with the names it reads: what does not depend on the site's
/// keys, read once, and found by name.
///
/// A view type with n states, each changed by its own `withAnimation` and read by its own
/// modifier, has n sites and n modifiers: each site reading every modifier again was n² work
/// (and each reading spells out the Reduce Motion condition); by name, a site reads only the
/// modifiers that read its keys.
struct ModifierArguments {
    /// One animatable argument.
    struct Argument {
        var call: FunctionCallExprSyntax
        /// The property it animates (`AnimatableModifiers.Entry.property`).
        var property: String
        /// The modifier's name token (for messages).
        var modifier: TokenSyntax
        /// The argument, unwrapped; of `reduceMotion ? a : b` the branch that plays without
        /// Reduce Motion.
        var argument: ExprSyntax
        /// Whether it stays still with Reduce Motion on (it was such a choice).
        var still: Bool
    }

    /// Every animatable argument of the calls, in their order.
    let all: [Argument]
    /// For each name an argument reads (an identifier token), the indices in `all` of those
    /// that read it, ascending.
    private let byName: [String: [Int]]

    /// The arguments of `calls` (a scope's modifier calls, in source order); those of modifiers
    /// `AnimatableModifiers` does not know are left out. O(total size of the arguments).
    init(_ calls: [(name: TokenSyntax, call: FunctionCallExprSyntax)], reader: ImplicitAnimationReader) {
        var all: [Argument] = []
        var byName: [String: [Int]] = [:]
        for call in calls where AnimatableModifiers.names.contains(call.name.text) {
            for entry in AnimatableModifiers.entries(call.name, Arguments(call.call)) {
                guard let property = entry.property else { continue }
                var argument = reader.evaluator.unwrap(entry.argument)
                var still = false
                if let t = ImplicitAnimationReader.ternary(argument), let rm = reader.reduceMotionCondition(elements: t.condition) {
                    argument = reader.evaluator.unwrap(rm ? t.otherwise : t.then)
                    still = true
                }
                var names: Set<String> = []
                for token in argument.tokens(viewMode: .sourceAccurate) {
                    if case .identifier(let name) = token.tokenKind, names.insert(name).inserted { byName[name, default: []].append(all.count) }
                }
                all.append(Argument(call: call.call, property: property, modifier: entry.modifier, argument: argument, still: still))
            }
        }
        self.all = all
        self.byName = byName
    }

    /// The arguments that read any of `names` (as an identifier), in their order.
    /// O(f log f) for f found.
    func reading(any names: [String]) -> [Argument] {
        var found = Set<Int>()
        for name in Set(names) { found.formUnion(byName[name] ?? []) }
        return found.sorted().map { all[$0] }
    }
}

#endif
