// MARK: - SlowEdge

/// One end of a slow stretch: a time, or a crossing of a level inside a monotone piece whose
/// time is solved only when a run needs it (`low`…`high` brackets it).
struct SlowEdge {
    /// The time (s), or the crossing's bracket.
    let low: Double
    let high: Double
    /// The crossing's piece and level (unused for a time).
    let piece: Int
    let level: Double
    let isTime: Bool

    init(_ time: Double) { (low, high, piece, level, isTime) = (time, time, 0, 0, true) }
    init(crossing level: Double, in index: Int, _ piece: CurvePiece) {
        (low, high, self.piece, self.level, isTime) = (piece.lo, piece.hi, index, level, false)
    }

    /// The same crossing, known to lie at or after `time` (s).
    func bracketed(from time: Double) -> SlowEdge { SlowEdge(low: max(low, time), high: high, piece: piece, level: level, isTime: isTime) }
    /// The same crossing, known to lie at or before `time` (s).
    func bracketed(to time: Double) -> SlowEdge { SlowEdge(low: low, high: min(high, time), piece: piece, level: level, isTime: isTime) }

    private init(low: Double, high: Double, piece: Int, level: Double, isTime: Bool) {
        (self.low, self.high, self.piece, self.level, self.isTime) = (low, high, piece, level, isTime)
    }

    /// The stretch from `self` to `other` is known to be empty (other ≤ self): only between two
    /// times (a crossing lies strictly inside its piece; two in one piece, at different levels,
    /// are apart).
    func isOrderedAfter(_ other: SlowEdge) -> Bool { isTime && other.isTime && !(other.low > low) }
}
