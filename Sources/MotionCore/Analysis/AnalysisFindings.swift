// MARK: - AnalysisFindings

/// What the analysis of a timeline's properties finds, property after property, in one array of
/// each kind (`PropertyAnalysis`): no array of each kind for every property, joined afterwards.
/// Internal.
struct AnalysisFindings {
    var peaks: [Peak] = []
    var holds: [Hold] = []
    var writtenHolds: [WrittenHoldCheck] = []
    var snaps: [Snap] = []
    var impacts: [Impact] = []
}

extension Array {
    /// Room for `extra` more elements, made (when there is none) for `share` times that many: the
    /// properties still to come usually need about as many each, so the array of a whole timeline's
    /// findings is allocated once, not once a property. O(count) when it grows.
    mutating func reserveRoom(for extra: Int, share: Int) {
        guard capacity - count < extra else { return }
        reserveCapacity(count + extra * Swift.max(1, share))
    }
}
