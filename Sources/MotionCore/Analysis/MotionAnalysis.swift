// MARK: - MotionAnalysis

/// Everything the analysis finds in one play of a timeline (one cycle when repeating).
public struct MotionAnalysis: Hashable, Sendable, Codable {
    public let duration: Double
    public let isRepeating: Bool
    public let ranges: [PropertyRange]
    /// Significant peaks (prominence ≥ the threshold), in time order.
    public let peaks: [Peak]
    /// Measured holds of at least the minimum length, in time order.
    public let holds: [Hold]
    /// Every written hold, checked against the curve.
    public let writtenHolds: [WrittenHoldCheck]
    /// Jumps of at least the prominence threshold.
    public let snaps: [Snap]
    /// Sharp arrivals.
    public let impacts: [Impact]

    /// The range of `property`.
    public func range(of property: String) -> PropertyRange? { ranges.first { $0.property == property } }
}
