// MARK: - PeakFinder

/// The extremes of one property: where its direction of travel reverses on the monotone sequence
/// (`LoopSequence`), reported at the arrival (a flat run counts as part of the extreme it tops),
/// kept when their prominence is at least the minimum share of the property's range.
enum PeakFinder {
    /// Appends the extremes of `loop` to `peaks`.
    /// - Parameters:
    ///   - flat: the largest change (units) that is no change: rounding.
    ///   - minimumProminence: the least prominence kept (units).
    ///   - duration: the cycle's length (s): a loop's wrap arrives at its end.
    ///   - share: how many properties, this one included, append to `peaks` (`Array.reserveRoom`).
    static func appendPeaks<Motion: PropertyMotion>(
        of loop: LoopSequence, property name: String, curve: CurvePieces<Motion>, flat: Double,
        minimumProminence: Double, duration d: Double, into peaks: inout [Peak], share: Int
    ) {
        let sequence = loop.sequence
        // At most one for every other point of the sequence: room reserved once.
        peaks.reserveRoom(for: sequence.count / 2 + 1, share: share)
        var lastDirection = 0
        var arrival = 0
        var prominences = ProminenceSearch(points: sequence)
        for i in 0..<(sequence.count - 1) {
            let change = sequence[i + 1].value - sequence[i].value
            let direction = abs(change) <= flat ? 0 : (change > 0 ? 1 : -1)
            if direction == 0 { continue }
            if lastDirection != 0 && direction != lastDirection && !sequence[arrival].jumpSide && !sequence[i].jumpSide,
                let t = loop.keptTime(arrival)
            {
                let kind: Peak.Kind = lastDirection > 0 ? .max : .min
                let prominence = prominences.prominence(of: arrival, sign: kind == .max ? 1 : -1)
                if prominence >= minimumProminence {
                    let t = max(0, t)
                    // The arrival at a loop's wrap happens at the end of the cycle.
                    let arrivedAt = loop.wraps && arrival == loop.points.count - 1 ? d : t
                    let arrivalSpeed = curve.maximumSpeed(from: arrivedAt - 0.08, to: arrivedAt)
                    peaks.append(
                        Peak(property: name, time: t, value: sequence[arrival].value, kind: kind, prominence: prominence, arrivalSpeed: arrivalSpeed))
                }
            }
            lastDirection = direction
            arrival = i + 1
        }
    }
}
