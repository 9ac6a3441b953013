// MARK: - AnalysisOptions

/// Thresholds of the analysis, each relative to the property's own range so one setting suits
/// scales (1.0 → 1.3) and offsets (0 → 300 pt) alike.
public struct AnalysisOptions: Hashable, Sendable {
    /// Peaks whose prominence is below this fraction of the property's range are ignored (2 %).
    public var minimumProminence: Double
    /// Shortest hold reported, in seconds (40 ms).
    public var minimumHoldLength: Double
    /// A hold's value band, as a fraction of the property's range (1 %).
    public var holdTolerance: Double
    /// Sampling step for the root search, in seconds (0.5 ms): velocity is evaluated this often
    /// and every sign change is refined by bisection to 1e-9 s.
    public var step: Double

    public init(minimumProminence: Double = 0.02, minimumHoldLength: Double = 0.04, holdTolerance: Double = 0.01, step: Double = 0.0005) {
        self.minimumProminence = minimumProminence
        self.minimumHoldLength = minimumHoldLength
        self.holdTolerance = holdTolerance
        self.step = step
    }

    public static let standard = AnalysisOptions()

    /// Inside a slow run that drifts out of the band, a stretch that stays in the band is a rest
    /// when the motion at its slowest moment is at most this fraction of its speed where it leaves
    /// the band (see `RestSearch`). Not 1/2: on an exponential approach (an over-damped spring's
    /// tail) speed is proportional to the distance left, so the band before the settled one has
    /// exactly half the speed at its near end that it has at its far end, and 1/2 made that band
    /// a hold or not by rounding. With 0.4 it is motion, clearly.
    public static let restSpeedRatio = 0.4
}
