// MARK: - TrackTimeline: sampling many times

extension TrackTimeline {
    /// `value(at:)` at each of `times` (s), bit for bit. A run of consecutive times inside one timed
    /// segment is evaluated together (`KeyframeSegment.values`), and the next run starts at the
    /// following segment when the times increase, so sorted times cost no search: O(times +
    /// segments). Unsorted times fall back to the binary search of `segment(at:)` per run.
    public func values(at times: [Double]) -> [Double] {
        let count = times.count
        var out = [Double](repeating: 0, count: count)
        var k = 0
        var next = 0 // the timed segment the previous run ended in (or the one after it)
        while k < count {
            let t = times[k]
            // `value(at:)`: the initial value at or before 0, the final one after the end.
            if t <= 0 {
                out[k] = initialValue
                k += 1
                continue
            }
            guard let i = index(at: t, from: next) else {
                out[k] = finalValue
                k += 1
                continue
            }
            // The segment value(at:) finds is the first whose finish ≥ t: the times with
            // lower < t ≤ upper all belong to segment i.
            let lower = i == 0 ? 0 : timed[i - 1].finish, upper = timed[i].finish
            var end = k + 1
            while end < count, times[end] > lower, times[end] <= upper { end += 1 }
            timed[i].values(at: times, k..<end, into: &out)
            k = end
            next = i
        }
        return out
    }

    /// The index in `timed` of `segment(at: time)` (the first timed segment whose finish ≥ time),
    /// or nil where it is nil. Looks at `hint` and the segment after it first (the next run of
    /// increasing times), then searches. O(1) on a walk, O(log n) otherwise.
    func index(at time: Double, from hint: Int) -> Int? {
        guard time > 0, let last = timed.last, time <= last.finish else { return nil }
        for i in hint..<min(hint + 2, timed.count) where timed[i].finish >= time && (i == 0 || timed[i - 1].finish < time) {
            return i
        }
        return segmentIndex(at: time)
    }
}
