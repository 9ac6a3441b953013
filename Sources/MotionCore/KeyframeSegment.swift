#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - KeyframeSegment

/// A keyframe resolved against its neighbours: start time, start value and every velocity fixed,
/// so evaluating it is a closed form. Times in seconds from the start of the track.
public struct KeyframeSegment: Hashable, Sendable {
    /// The resolved shape of the segment.
    public enum Shape: Hashable, Sendable {
        /// Instant jump (MoveKeyframe, or a zero-duration Linear keyframe).
        case jump
        /// from + (to − from)·curve(s), s = t/d.
        case linear(curve: UnitCurve)
        /// Cubic Hermite with start and end velocities (units/s).
        case cubic(startVelocity: Double, endVelocity: Double)
        /// from + spring.value(Δ = to − from, v0, t).
        case spring(Spring, startVelocity: Double)
    }

    /// Index of the keyframe this segment comes from.
    public let keyframeIndex: Int
    public let shape: Shape
    /// Start time (s) within the track.
    public let start: Double
    /// Duration (s); 0 for jumps.
    public let duration: Double
    /// Value where the segment starts (the previous segment's end value).
    public let from: Double
    /// The keyframe's target value.
    public let to: Double
    /// Value actually reached at the end (differs from `to` for a spring cut off early).
    public let end: Double
    /// Velocity (units/s) at the end, handed to the next segment.
    public let endVelocity: Double

    /// End time (s) within the track.
    public var finish: Double { start + duration }

    init(keyframeIndex: Int, shape: Shape, start: Double, duration: Double, from: Double, to: Double) {
        self.keyframeIndex = keyframeIndex
        self.shape = shape
        self.start = start
        self.duration = duration
        self.from = from
        self.to = to
        let last = Self.evaluate(shape, from: from, to: to, duration: duration, local: duration)
        self.end = last.value
        self.endVelocity = last.velocity
    }

    // MARK: Turning points of the velocity

    /// Local times in (0, duration) where the segment's velocity turns (zero acceleration) or is
    /// singular, in order: between two of them (and the ends) the velocity is monotone, so each
    /// level it crosses there is crossed once. Closed forms: a Hermite cubic's acceleration is
    /// linear in time (one root); a Bézier-eased linear segment's turns come from
    /// `UnitCurve.velocityTurns`; a spring's from `Spring.accelerationZeros`. O(1), or O(visible
    /// oscillations) for a spring.
    public var velocityTurns: [Double] {
        var times: [Double] = []
        appendVelocityTurns(to: &times, offset: 0)
        return times
    }

    /// Appends `velocityTurns`, each plus `offset` (s), to `times`.
    func appendVelocityTurns(to times: inout [Double], offset: Double) {
        guard duration > 0 else { return }
        switch shape {
        case .jump:
            return
        case .linear(let curve):
            for t in curve.velocityTurns { times.append(offset + t * duration) }
        case .cubic(let v0, let v1):
            let m0 = v0 * duration, m1 = v1 * duration
            let slope = 12 * from + 6 * m0 - 12 * to + 6 * m1
            let constant = -6 * from - 4 * m0 + 6 * to - 2 * m1
            guard slope != 0 else { return }
            let s = -constant / slope
            if s > 0 && s < 1 { times.append(offset + s * duration) }
        case .spring(let spring, let v0):
            spring.appendAccelerationZeros(to: &times, offset: offset, target: to - from, initialVelocity: v0, upTo: duration)
        }
    }

    // MARK: Evaluation

    /// Value and velocity at `local` seconds into the segment (0 ≤ local ≤ duration).
    public func evaluate(local: Double) -> (value: Double, velocity: Double) {
        Self.evaluate(shape, from: from, to: to, duration: duration, local: local)
    }

    /// The Hermite cubic's value at s ∈ [0, 1] with tangents m0, m1 (units per segment): the one
    /// formula `evaluate` and the sampler share, so their values are equal bit for bit.
    static func hermiteValue(_ s: Double, from: Double, to: Double, m0: Double, m1: Double) -> Double {
        let s2 = s * s, s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1) * from + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * to + (s3 - s2) * m1
    }

    static func evaluate(_ shape: Shape, from: Double, to: Double, duration d: Double, local t: Double) -> (value: Double, velocity: Double) {
        switch shape {
        case .jump:
            return (to, 0)
        case .linear(let curve):
            guard d > 0 else { return (to, 0) }
            let s = min(max(t / d, 0), 1)
            let eased = curve.progress(at: s)
            return (from + (to - from) * eased.value, (to - from) / d * eased.velocity)
        case .cubic(let v0, let v1):
            guard d > 0 else { return (to, 0) }
            let s = min(max(t / d, 0), 1)
            let m0 = v0 * d, m1 = v1 * d
            let s2 = s * s
            let value = hermiteValue(s, from: from, to: to, m0: m0, m1: m1)
            let slope = (6 * s2 - 6 * s) * from + (3 * s2 - 4 * s + 1) * m0 + (-6 * s2 + 6 * s) * to + (3 * s2 - 2 * s) * m1
            return (value, slope / d)
        case .spring(let spring, let v0):
            let tt = max(t, 0)
            let y = spring.offset(target: to - from, initialVelocity: v0, time: tt)
            return (to + y.value, y.velocity)
        }
    }
}
