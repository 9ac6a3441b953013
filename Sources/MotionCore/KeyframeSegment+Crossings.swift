// MARK: - KeyframeSegment: where the velocity takes a value

extension KeyframeSegment {
    /// The local time (s) in [from, to] ⊂ [0, duration] where the segment's velocity equals
    /// `level` (units/s), in closed form, for an interval on which the velocity is monotone and
    /// crosses the level:
    /// - a Hermite cubic: its velocity is a quadratic in s = t/d, solved without cancellation and
    ///   polished by one Newton step;
    /// - a Bézier-eased linear segment: `UnitCurve.progress(whereSlopeIs:from:to:)` (a quadratic
    ///   in the curve's parameter).
    /// nil for springs and jumps, for the identity curve (constant velocity) and when the closed
    /// form finds no single root in the interval (the caller then solves numerically). O(1).
    public func localTime(whereVelocityIs level: Double, from: Double, to: Double) -> Double? {
        guard duration > 0, from <= to else { return nil }
        let d = duration
        switch shape {
        case .jump, .spring:
            return nil
        case .linear(let curve):
            let span = self.to - self.from
            guard span != 0 else { return nil }
            // velocity = span / d · dy/dx.
            return curve.progress(whereSlopeIs: level * d / span, from: from / d, to: to / d).map { min(max($0 * d, from), to) }
        case .cubic(let v0, let v1):
            let m0 = v0 * d, m1 = v1 * d
            // velocity · d = A s² + B s + m0 (the derivative of `evaluate`'s Hermite form).
            let a = 6 * self.from + 3 * m0 - 6 * self.to + 3 * m1
            let b = -6 * self.from - 4 * m0 + 6 * self.to - 2 * m1
            let c = m0 - level * d
            let low = from / d, high = to / d, slack = 1e-12
            return UnitCurve.uniqueRoot(a, b, c) { s in s >= low - slack && s <= high + slack ? s : nil }.map { min(max($0 * d, from), to) }
        }
    }
}
