// MARK: - LoopSequence

/// The monotone sequence extremes are read from: a property's points, and for a loop the same
/// points twice, the second copy one cycle later, the end of the first meeting the start of the
/// second (a jump there when they differ, or where the value jumps at time 0: a phase loop's
/// return to phase 0 without animation).
struct LoopSequence {
    typealias Point = PropertyAnalysis.Point

    /// The points the extremes are read from, in time order.
    let sequence: [Point]
    /// The property's own points (one cycle).
    let points: [Point]
    let wraps: Bool
    /// The value jumps where a loop's cycle ends and the next begins.
    let wrapJump: Bool

    /// - Parameters:
    ///   - duration: the cycle's length (s).
    ///   - flat: the largest change (units) that is no change: rounding.
    ///   - jumpsAtStart: the property jumps at time 0.
    init(points: [Point], duration d: Double, wraps: Bool, flat: Double, jumpsAtStart: Bool) {
        self.points = points
        self.wraps = wraps
        let wrapJump = wraps && (abs(points[points.count - 1].value - points[0].value) > flat || jumpsAtStart)
        self.wrapJump = wrapJump
        var sequence = points
        if wraps {
            if wrapJump {
                sequence[sequence.count - 1] = Point(time: d, value: points[points.count - 1].value, jumpSide: true)
            }
            sequence += points.enumerated().map { k, q in Point(time: q.time + d, value: q.value, jumpSide: q.jumpSide || (k == 0 && wrapJump)) }
        }
        self.sequence = sequence
    }

    /// The time an extreme arriving at `sequence[i]` is reported at, or nil where it is not kept:
    /// only extremes that arrive in one cycle are, [0, d) in a loop (the wrap at 0), all otherwise.
    func keptTime(_ i: Int) -> Double? {
        guard wraps else { return sequence[i].time }
        let n = points.count
        if i == n - 1 { return 0 } // the wrap
        return i >= n && i < 2 * n - 1 ? points[i - n].time : nil // the second copy, at its exact time
    }
}
