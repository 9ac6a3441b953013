// MARK: - KeyframeSegment: sampling many times

extension KeyframeSegment {
    /// `evaluate(local: t − start).value` for each track time t (s) in `times[range]`, written to
    /// `out[range]` (`range` lies inside both). The same arithmetic, in the same order, as
    /// `evaluate` (so equal bit for bit), with the per-segment work done once: the Bézier solves
    /// in lanes (`UnitCurve.replaceWithEasedValues`), the spring's constants worked out once, no
    /// velocity. O(range).
    func values(at times: [Double], _ range: Range<Int>, into out: inout [Double]) {
        let d = duration
        switch shape {
        case .jump:
            for k in range { out[k] = to }
        case .linear(let curve):
            guard d > 0 else {
                for k in range { out[k] = to }
                return
            }
            // Linear progress first, eased in place, then scaled to the values.
            for k in range { out[k] = min(max((times[k] - start) / d, 0), 1) }
            curve.replaceWithEasedValues(&out, in: range)
            let from = from, delta = to - from
            for k in range { out[k] = from + delta * out[k] }
        case .cubic(let v0, let v1):
            guard d > 0 else {
                for k in range { out[k] = to }
                return
            }
            let from = from, to = to, m0 = v0 * d, m1 = v1 * d
            for k in range {
                out[k] = Self.hermiteValue(min(max((times[k] - start) / d, 0), 1), from: from, to: to, m0: m0, m1: m1)
            }
        case .spring(let spring, let v0):
            let motion = Spring.Oscillation(spring, target: to - from, initialVelocity: v0)
            for k in range { out[k] = to + motion.offset(at: max(times[k] - start, 0)).value }
        }
    }
}
