import MotionJSON

// MARK: - AndroidWaveform

/// The arguments of Android's `VibrationEffect.createWaveform(long[] timings, int[] amplitudes,
/// int repeat)` (API 26): one timing (ms) per amplitude (0–255, 0 = motor off), and the index to
/// loop from (−1: play once).
public struct AndroidWaveform: Hashable, Sendable {
    /// Segment lengths in milliseconds, each > 0.
    public var timings: [Int]
    /// Segment amplitudes, 0–255 (0: off; the encoder keeps vibrating segments in 1–255).
    public var amplitudes: [Int]
    /// Index of the segment to repeat from, or −1 for no repeat.
    public var repeatIndex: Int

    public init(timings: [Int], amplitudes: [Int], repeatIndex: Int = -1) {
        self.timings = timings
        self.amplitudes = amplitudes
        self.repeatIndex = repeatIndex
    }

    /// Total length (ms).
    public var duration: Int { timings.reduce(0, +) }

    /// `{"timings":[…],"amplitudes":[…],"repeat":n}`, ready for a Kotlin or Java caller.
    public var json: JSONValue {
        .object(
            JSONObject([
                ("timings", .array(timings.map { .number(Double($0)) })),
                ("amplitudes", .array(amplitudes.map { .number(Double($0)) })),
                ("repeat", .number(Double(repeatIndex))),
            ]))
    }
}
