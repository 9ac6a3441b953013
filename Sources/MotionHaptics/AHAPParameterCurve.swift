// MARK: - AHAPParameterCurve

/// One `ParameterCurve` element of an AHAP pattern: a dynamic parameter ramped linearly through
/// control points. The curve starts at `time` (s from the start of the pattern); each control
/// point's time is relative to it.
public struct AHAPParameterCurve: Hashable, Sendable {
    /// One `ParameterCurveControlPoints` entry.
    public struct ControlPoint: Hashable, Sendable {
        /// Seconds from the curve's `time`, ≥ 0 and not decreasing along the curve.
        public var time: Double
        public var value: Double
        public init(time: Double, value: Double) {
            self.time = time
            self.value = value
        }
    }

    public var id: String
    /// Start of the curve (s from the start of the pattern), ≥ 0.
    public var time: Double
    public var controlPoints: [ControlPoint]

    public init(id: String, time: Double, controlPoints: [ControlPoint]) {
        self.id = id
        self.time = time
        self.controlPoints = controlPoints
    }

    /// The curve cut into consecutive curves of at most `maximumPoints` control points (at
    /// least 2). Each cut repeats the boundary point, so the value is continuous: the last point
    /// of one piece is the first point of the next. The first piece keeps this curve's `time`
    /// and point times; each later piece starts (`time`) at the absolute time of its first point,
    /// and its point times are relative to that (the first is 0). A curve that already fits is
    /// returned unchanged. A curve of n points gives ⌈(n − 1) / (maximumPoints − 1)⌉ pieces.
    /// O(n).
    public func split(maximumPoints: Int = AHAPValidator.maximumCurvePoints) -> [AHAPParameterCurve] {
        let limit = max(2, maximumPoints)
        guard controlPoints.count > limit else { return [self] }
        var pieces: [AHAPParameterCurve] = []
        var start = 0
        while true {
            let end = min(start + limit, controlPoints.count)
            let chunk = Array(controlPoints[start..<end])
            if start == 0 {
                pieces.append(AHAPParameterCurve(id: id, time: time, controlPoints: chunk))
            } else {
                let origin = time + chunk[0].time
                let rebased = chunk.map { ControlPoint(time: time + $0.time - origin, value: $0.value) }
                pieces.append(AHAPParameterCurve(id: id, time: origin, controlPoints: rebased))
            }
            if end == controlPoints.count { break }
            start = end - 1
        }
        return pieces
    }
}
