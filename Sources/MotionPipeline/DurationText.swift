// MARK: - DurationText

/// Durations as text, safe for any `Double` (a value read back from a store is input too).
public enum DurationText {
    /// Whole milliseconds ("580 ms"); beyond ±1e12 ms (no motionsync duration is) or not finite,
    /// the number as written ("1e+19 ms", "nan ms") instead of trapping in `Int(_:)`.
    public static func milliseconds(_ seconds: Double) -> String {
        let ms = (seconds * 1000).rounded()
        guard ms.isFinite, abs(ms) < 1e12 else { return "\(seconds * 1000) ms" }
        return "\(Int64(ms)) ms" // |ms| < 1e12 fits Int64
    }
}
