// MARK: - DesignTokenTransition

/// A resolved DTCG `transition` token (Design Tokens Format Module 2025.10, §9.5): how long the
/// transition runs, how long it waits before starting, and its timing curve. Aliases in the
/// token's sub-values are already resolved.
public struct DesignTokenTransition: Hashable, Sendable, CustomStringConvertible {
    /// Duration of the transition, in seconds (≥ 0).
    public let duration: Double
    /// Wait before the transition begins, in seconds (≥ 0).
    public let delay: Double
    /// Timing function (the token's `timingFunction`).
    public let curve: UnitCurve

    public init(duration: Double, delay: Double, curve: UnitCurve) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
    }

    /// Delay plus duration, in seconds: when the transition ends after its trigger.
    public var end: Double { delay + duration }

    public var description: String { "transition(duration: \(duration) s, delay: \(delay) s, curve: \(curve))" }
}
