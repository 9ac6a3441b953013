// MARK: - PhaseAnimation

/// The animation that moves a phase animator into a phase (SwiftUI passes the destination phase
/// to the animation closure). Durations and delays in seconds; `speed` multiplies time.
public struct PhaseAnimation: Hashable, Sendable, Codable {
    /// How the step's progress evolves from 0 to 1.
    public enum Curve: Hashable, Sendable, Codable {
        /// A Bézier timing curve over `duration` seconds (`linear`, `easeIn`, …, `timingCurve`).
        case bezier(UnitCurve, duration: Double)
        /// A spring of the `spring(duration:bounce:)` family (incl. `smooth`, `snappy`, `bouncy`,
        /// `default`, `interpolatingSpring`): logically complete at its response, settling later.
        case spring(Spring)
    }

    public var curve: Curve
    /// Wait before the motion starts (s), `Animation.delay`.
    public var delay: Double
    /// Playback speed factor (> 0), `Animation.speed`.
    public var speed: Double

    public init(_ curve: Curve, delay: Double = 0, speed: Double = 1) {
        self.curve = curve
        self.delay = delay
        self.speed = speed
    }

    // MARK: SwiftUI's named animations

    /// `Animation.default`: Apple's documentation (iOS 17+) says `spring(response: 0.55,
    /// dampingFraction: 1.0)`. OpenSwiftUI's code uses `.spring` instead; we follow Apple's docs.
    public static let `default` = PhaseAnimation(.spring(Spring(response: 0.55, dampingRatio: 1.0)))
    /// `Animation.spring`: response 0.5, dampingFraction 0.825.
    public static let spring = PhaseAnimation(.spring(Spring(response: 0.5, dampingRatio: 0.825)))
    /// Default duration of the Bézier animations (`linear`, `easeIn`, … without a duration).
    public static let defaultCurveDuration = 0.35

    // MARK: Timing

    /// Time from the step's start until SwiftUI considers it logically complete and starts the
    /// next step: delay + d/speed for a curve, delay + response/speed for the spring family
    /// (`interpolatingSpring`'s 2π/√(k/m) is its response too). Apple does not document this;
    /// it is what OpenSwiftUI and DanceUI do.
    public var logicalDuration: Double {
        switch curve {
        case .bezier(_, let d): delay + d / speed
        case .spring(let s): delay + s.response / speed
        }
    }

    /// Time from the step's start until the motion is over: a curve's end, or a spring's
    /// `settlingDuration` (Apple's: unit target, ε = 0.001). Infinite for a spring that never settles.
    public var settlingDuration: Double {
        switch curve {
        case .bezier(_, let d): delay + d / speed
        case .spring(let s): delay + s.settlingDuration / speed
        }
    }

    /// Time after which progress differs from 1 by less than 1e-12 (used to drop finished cycles
    /// of a loop without a visible step).
    var exhaustedDuration: Double {
        switch curve {
        case .bezier(_, let d): delay + d / speed
        case .spring(let s): delay + s.settlingDuration(target: 1, initialVelocity: 0, epsilon: 1e-12) / speed
        }
    }

    /// Times after the step's start where the progress rate turns (zero acceleration), up to
    /// `end` s, in order: a curve's `UnitCurve.velocityTurns` or a spring's acceleration zeros,
    /// shifted by the delay and scaled by the speed. O(1), or O(visible oscillations) for a spring.
    public func velocityTurns(upTo end: Double) -> [Double] {
        guard end > delay, speed > 0 else { return [] }
        switch curve {
        case .bezier(let c, let d):
            guard d > 0 else { return [] }
            var times: [Double] = []
            for u in c.velocityTurns {
                let t = delay + u * d / speed
                if t < end { times.append(t) }
            }
            return times
        case .spring(let s):
            var times: [Double] = []
            s.appendAccelerationZeros(to: &times, offset: 0, target: 1, initialVelocity: 0, upTo: (end - delay) * speed)
            for k in times.indices { times[k] = delay + times[k] / speed }
            return times
        }
    }

    /// The least and greatest rate of change of the progress rate (1/s²) over [from, to], seconds
    /// after the step's start, an interval that does not straddle the end of the delay: exact for
    /// a spring (`Spring.accelerationRange`) and a linear curve (0), rigorous bounds for other
    /// Bézier curves (`UnitCurve.secondDerivativeRange`, nil where the slope is singular).
    public func accelerationRange(from: Double, to: Double) -> (min: Double, max: Double)? {
        DerivativeBounds(self, order: 2).range(from: from, to: to)
    }

    /// The rate of change of the progress rate (1/s²) `time` s after the step's start: 0 before
    /// the delay has passed and after a curve's end; nil where a Bézier's slope is singular.
    /// O(1) (a spring) or one parameter solve (a Bézier). (The analysis keeps a
    /// `DerivativeBounds` per step and asks it; this works one out per call.)
    public func acceleration(at time: Double) -> Double? {
        DerivativeBounds(self, order: 2).acceleration(at: time)
    }

    /// The least and greatest third derivative of the progress (1/s³) over [from, to], seconds
    /// after the step's start, an interval that does not straddle the end of the delay or of a
    /// curve: exact for a spring (`Spring.derivativeRange`), rigorous bounds for a Bézier
    /// (`UnitCurve.thirdDerivativeRange`, nil where the slope is singular).
    public func jerkRange(from: Double, to: Double) -> (min: Double, max: Double)? {
        DerivativeBounds(self, order: 3).range(from: from, to: to)
    }

    /// Progress (0 at start, 1 when done; springs overshoot) `time` seconds after the step starts,
    /// and its rate (1/s). 0 until the delay has passed; a boundary belongs to the earlier side.
    public func progress(at time: Double) -> (value: Double, rate: Double) {
        Progress(self).at(time)
    }

    // MARK: Progress

    /// `progress(at:)` with the curve's constants worked out once (a spring's
    /// `Spring.Oscillation`), for callers that evaluate one step many times. Bit for bit the same.
    struct Progress {
        enum Kind {
            case bezier(UnitCurve, duration: Double)
            case spring(Spring.Oscillation)
        }
        let delay: Double
        let speed: Double
        let kind: Kind

        init(_ animation: PhaseAnimation) {
            delay = animation.delay
            speed = animation.speed
            switch animation.curve {
            case .bezier(let c, let d): kind = .bezier(c, duration: d)
            case .spring(let s): kind = .spring(Spring.Oscillation(s, target: 1, initialVelocity: 0))
            }
        }

        /// Progress and rate (1/s) `time` s after the step's start. O(1) (a spring) or one
        /// parameter solve (a Bézier).
        func at(_ time: Double) -> (value: Double, rate: Double) {
            let local = (time - delay) * speed
            guard local > 0 else { return (0, 0) }
            switch kind {
            case .bezier(let c, let d):
                guard d > 0 else { return (1, 0) }
                if local >= d { return (1, 0) }
                let x = local / d
                let eased = c.progress(at: x)
                return (eased.value, eased.velocity * speed / d)
            case .spring(let oscillation):
                let y = oscillation.offset(at: local)
                return (1 + y.value, y.velocity * speed)
            }
        }

        /// `at(_:)` of a step whose spring is `oscillation` (under-damped) from its wave at that
        /// time (`Spring.Wave`, at the spring's own time (time − delay)·speed > 0): the same bits.
        func at(_ oscillation: Spring.Oscillation, _ wave: Spring.Wave) -> (value: Double, rate: Double) {
            let y = oscillation.offset(wave)
            return (1 + y.value, y.velocity * speed)
        }

        /// `rateAccelerationAndJerk(at:)` of an under-damped spring from its wave at that time: the
        /// same bits.
        func rateAccelerationAndJerk(
            _ oscillation: Spring.Oscillation, _ wave: Spring.Wave
        ) -> (rate: Double, acceleration: Double, jerk: Double) {
            let y = oscillation.velocityAccelerationAndJerk(wave)
            return (y.velocity * speed, y.acceleration * speed * speed, y.jerk * speed * speed * speed)
        }

        /// The rate (1/s) `time` s after the step's start, bit for bit as `at(_:)` gives it, with
        /// its derivative (1/s²) from the same solve or the same `exp` and `sincos`; the
        /// derivative is NaN where a Bézier's slope is singular. O(1) or one parameter solve.
        func rateAndAcceleration(at time: Double) -> (rate: Double, acceleration: Double) {
            let local = (time - delay) * speed
            guard local > 0 else { return (0, 0) }
            switch kind {
            case .bezier(let c, let d):
                guard d > 0, local < d else { return (0, 0) }
                let eased = c.slopeAndCurvature(at: local / d)
                return (eased.slope * speed / d, (eased.curvature ?? .nan) * (speed / d) * (speed / d))
            case .spring(let oscillation):
                let y = oscillation.velocityAndAcceleration(at: local)
                return (y.velocity * speed, y.acceleration * speed * speed)
            }
        }

        /// The rate (1/s), its derivative (1/s²) and its second derivative (1/s³) `time` s after the
        /// step's start, the first two bit for bit as `rateAndAcceleration(at:)` gives them, all
        /// from one `exp` and `sincos` or one parameter solve; the derivatives are NaN where a
        /// Bézier's slope is singular. O(1) or one parameter solve.
        func rateAccelerationAndJerk(at time: Double) -> (rate: Double, acceleration: Double, jerk: Double) {
            let local = (time - delay) * speed
            guard local > 0 else { return (0, 0, 0) }
            switch kind {
            case .bezier(let c, let d):
                guard d > 0, local < d else { return (0, 0, 0) }
                let eased = c.slopeCurvatureAndJerk(at: local / d)
                let jerk = (eased.jerk ?? .nan) * (speed / d) * (speed / d) * (speed / d)
                return (eased.slope * speed / d, (eased.curvature ?? .nan) * (speed / d) * (speed / d), jerk)
            case .spring(let oscillation):
                let y = oscillation.velocityAccelerationAndJerk(at: local)
                return (y.velocity * speed, y.acceleration * speed * speed, y.jerk * speed * speed * speed)
            }
        }
    }

    // MARK: Derivative bounds

    /// `accelerationRange` (order 2) or `jerkRange` (order 3) with the spring's coefficients for
    /// that derivative worked out once (`Spring.Form`), for callers that bound one step many
    /// times. Bit for bit the same.
    struct DerivativeBounds {
        enum Kind {
            case bezier(UnitCurve, duration: Double)
            case spring(Spring.Form)
        }
        let delay: Double
        let speed: Double
        let order: Int
        let kind: Kind

        /// - Parameter order: 2 or 3.
        init(_ animation: PhaseAnimation, order: Int) {
            delay = animation.delay
            speed = animation.speed
            self.order = order
            switch animation.curve {
            case .bezier(let c, let d): kind = .bezier(c, duration: d)
            case .spring(let s): kind = .spring(Spring.Form(s, target: 1, initialVelocity: 0, order: order))
            }
        }

        /// The rate of change of the progress rate (1/s²) at `time` (order 2), with the spring's
        /// form worked out once. O(1) (a spring) or one parameter solve (a Bézier).
        func acceleration(at time: Double) -> Double? {
            let local = (time - delay) * speed
            guard local > 0 else { return 0 }
            switch kind {
            case .bezier(let c, let d):
                guard d > 0, local < d else { return 0 }
                guard let r = c.secondDerivative(at: local / d) else { return nil }
                return r * (speed / d) * (speed / d)
            case .spring(let form):
                return form.value(at: local) * speed * speed
            }
        }

        /// Bounds (1/sⁿ) over [from, to], seconds after the step's start. O(1 + zeros inside).
        func range(from: Double, to: Double) -> (min: Double, max: Double)? {
            let a = (from - delay) * speed, b = (to - delay) * speed
            guard b > 0 else { return (0, 0) }
            switch kind {
            case .bezier(let c, let d):
                if c.isLinear || a >= d { return (0, 0) }
                if order == 2 {
                    guard d > 0, let r = c.secondDerivativeRange(from: max(0, a) / d, to: min(b, d) / d) else { return nil }
                    let scale = (speed / d) * (speed / d)
                    return (r.min * scale, r.max * scale)
                }
                guard d > 0, let r = c.thirdDerivativeRange(from: max(0, a) / d, to: min(b, d) / d) else { return nil }
                let scale = (speed / d) * (speed / d) * (speed / d)
                return (r.min * scale, r.max * scale)
            case .spring(let form):
                let r = form.range(from: max(0, a), to: b)
                if order == 2 { return (r.min * speed * speed, r.max * speed * speed) }
                let scale = speed * speed * speed
                return (r.min * scale, r.max * scale)
            }
        }
    }
}
