import MotionCore

// MARK: - LottieProperty

/// One component of a Lottie property as lottie-web evaluates it, against frames of the
/// composition that holds the layer: the first value before the first keyframe, each keyframe
/// segment eased on its own Bézier (or held), the last value after the last keyframe.
///
/// Kept in frames, not seconds, because the same property is played on different clocks: a
/// precomposition's contents run on the frames its layer's `st`, `sr` and time remapping give
/// them, which `LottiePiecewise.composing(_:with:)` turns into seconds of the main composition.
struct LottieProperty: Sendable {
    /// One keyframe segment, from frame `start` (included) to `end` (excluded).
    struct Segment: Sendable {
        var start: Double
        var end: Double
        var from: Double
        var to: Double
        var curve: UnitCurve
        /// A hold keyframe (`h: 1`): `from` until `end`, then the next keyframe's value.
        var hold: Bool
    }

    /// Contiguous segments in frame order (keyframes at the same frame leave no segment).
    var segments: [Segment]
    /// The value before the first keyframe (and the whole value of a static property).
    var first: Double
    /// The value from the last keyframe on.
    var last: Double

    static func constant(_ value: Double) -> LottieProperty {
        LottieProperty(segments: [], first: value, last: value)
    }

    /// The index of the segment that holds `frame` (start ≤ frame < end), or nil outside them.
    func segmentIndex(at frame: Double) -> Int? {
        guard let firstSegment = segments.first, let lastSegment = segments.last,
            frame >= firstSegment.start, frame < lastSegment.end
        else { return nil }
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].start <= frame { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The value at `frame`, as lottie-web computes it.
    func value(at frame: Double) -> Double {
        guard let i = segmentIndex(at: frame) else {
            return frame < (segments.first?.start ?? .infinity) ? first : last
        }
        let s = segments[i]
        if s.hold { return s.from }
        return s.from + (s.to - s.from) * s.curve.value(at: (frame - s.start) / (s.end - s.start))
    }

    /// Segment boundaries strictly between `a` and `b` (either order), ordered from `a` to `b`.
    /// Binary search, so a time map cut into many pieces costs log(segments) per piece.
    func boundaries(between a: Double, and b: Double) -> [Double] {
        let lo = min(a, b), hi = max(a, b)
        var i = 0, j = segments.count
        while i < j {
            let mid = (i + j) / 2
            if segments[mid].start <= lo { i = mid + 1 } else { j = mid }
        }
        var frames: [Double] = []
        while i < segments.count, segments[i].start < hi {
            frames.append(segments[i].start)
            i += 1
        }
        if let end = segments.last?.end, end > lo, end < hi { frames.append(end) }
        return a <= b ? frames : frames.reversed()
    }
}
