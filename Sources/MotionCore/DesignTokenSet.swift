// MARK: - DesignTokenSet

/// The resolved motion tokens of one design-tokens file, each by its dotted path
/// (`motion.duration.short1`, or `motion.easing.$root` for a group's root token).
///
/// Alias tokens appear under their own path with their target's value. Tokens of other types
/// (color, dimension, …) are not kept. Lookups are O(1) hash lookups.
public struct DesignTokenSet: Hashable, Sendable {
    /// `duration` tokens, in seconds.
    public var durations: [String: Double]
    /// `cubicBezier` tokens (and Figma easing names written as their value).
    public var curves: [String: UnitCurve]
    /// `spring` tokens (an open DTCG proposal, and Figma spring presets).
    public var springs: [String: Spring]
    /// `transition` tokens, durations and delays in seconds.
    public var transitions: [String: DesignTokenTransition]

    public init(
        durations: [String: Double] = [:], curves: [String: UnitCurve] = [:],
        springs: [String: Spring] = [:], transitions: [String: DesignTokenTransition] = [:]
    ) {
        self.durations = durations
        self.curves = curves
        self.springs = springs
        self.transitions = transitions
    }

    // MARK: Lookup

    /// The duration in seconds of the token at `path` (`motion.duration.short1`, or the alias form
    /// `{motion.duration.short1}`).
    public func duration(named path: String) -> Double? { durations[Self.path(path)] }

    /// The curve of the `cubicBezier` token at `path` (dotted, or in `{…}` alias form).
    public func curve(named path: String) -> UnitCurve? { curves[Self.path(path)] }

    /// The spring of the `spring` token at `path` (dotted, or in `{…}` alias form).
    public func spring(named path: String) -> Spring? { springs[Self.path(path)] }

    /// The `transition` token at `path` (dotted, or in `{…}` alias form).
    public func transition(named path: String) -> DesignTokenTransition? { transitions[Self.path(path)] }

    // MARK: Size

    /// Number of motion tokens of all four kinds.
    public var count: Int { durations.count + curves.count + springs.count + transitions.count }

    public var isEmpty: Bool { count == 0 }

    /// Every token path, sorted (O(n log n)).
    public var names: [String] {
        (Array(durations.keys) + Array(curves.keys) + Array(springs.keys) + Array(transitions.keys)).sorted()
    }

    /// `{a.b}` → `a.b`; anything else unchanged.
    static func path(_ name: String) -> String {
        name.count >= 2 && name.hasPrefix("{") && name.hasSuffix("}") ? String(name.dropFirst().dropLast()) : name
    }
}
