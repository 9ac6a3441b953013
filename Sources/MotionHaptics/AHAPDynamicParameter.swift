// MARK: - AHAPDynamicParameter

/// One `Parameter` element of an AHAP pattern: a dynamic parameter (`HapticIntensityControl`, …)
/// set to `value` at `time` (s from the start of the pattern) for all events from then on.
public struct AHAPDynamicParameter: Hashable, Sendable {
    public var id: String
    /// When the value applies (s), ≥ 0.
    public var time: Double
    public var value: Double

    public init(id: String, time: Double, value: Double) {
        self.id = id
        self.time = time
        self.value = value
    }
}
