internal import CMotionMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Spring

/// A damped harmonic oscillator with unit mass, as SwiftUI's `Spring` holds it: a natural angular
/// frequency ω0 (rad/s) and a damping ratio ζ. Every way of writing a spring maps onto this pair.
///
/// Value and velocity are closed forms (under-, critically and over-damped), O(1) per call.
/// Units: seconds; values in whatever unit the animated property uses.
public struct Spring: Hashable, Sendable, CustomStringConvertible, Codable {
    /// Natural angular frequency ω0 = √(k/m), in rad/s.
    public let angularFrequency: Double
    /// Damping ratio ζ = c / (2√(km)): < 1 bounces, 1 is critical, > 1 is over-damped.
    public let dampingRatio: Double
    /// The mass the spring was written with (1 unless given by `mass:stiffness:damping:`).
    public let mass: Double
    /// How the spring was written (`Spring(duration:bounce:)`, `.snappy(duration:)`, …), so code
    /// generated from it can write it the same way; nil when built from ω0 and ζ. Not part of
    /// equality: two spellings of one spring are the same spring.
    public var written: Written?

    /// A way SwiftUI writes a spring, with the numbers as written.
    public enum Written: Hashable, Sendable, Codable {
        /// `.smooth`, `.snappy`, `.bouncy` with `duration:` and `extraBounce:`.
        case preset(Preset, duration: Double, extraBounce: Double)
        /// `Spring(duration:bounce:)`.
        case durationBounce(duration: Double, bounce: Double)
        /// `Spring(response:dampingRatio:)`.
        case responseDampingRatio(response: Double, dampingRatio: Double)
        /// `Spring(mass:stiffness:damping:)`.
        case massStiffnessDamping(mass: Double, stiffness: Double, damping: Double)
    }

    // MARK: Construction

    /// `Spring(duration:bounce:)`. ζ = 1 − b for 0 ≤ b ≤ 1, 1/(1 + b) for −1 < b < 0 (over-damped),
    /// and 0 for b > 1 (never settles). ω0 = 2π/d. Also `Spring(response:dampingRatio:)` with d = response.
    public init(duration: Double, bounce: Double = 0) {
        let zeta: Double
        if bounce > 1 { zeta = 0 } else if bounce >= 0 { zeta = 1 - bounce } else { zeta = 1 / (1 + bounce) }
        self.init(angularFrequency: 2 * .pi / duration, dampingRatio: zeta, mass: 1)
        written = .durationBounce(duration: duration, bounce: bounce)
    }

    /// `Spring(response:dampingRatio:)`: ω0 = 2π/response.
    public init(response: Double, dampingRatio: Double) {
        self.init(angularFrequency: 2 * .pi / response, dampingRatio: dampingRatio, mass: 1)
        written = .responseDampingRatio(response: response, dampingRatio: dampingRatio)
    }

    /// `Spring(mass:stiffness:damping:)`: λ = c/2m, ω0 = √(k/m), ζ = λ/ω0.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        let w0 = (stiffness / mass).squareRoot()
        self.init(angularFrequency: w0, dampingRatio: damping / (2 * mass) / w0, mass: mass)
        written = .massStiffnessDamping(mass: mass, stiffness: stiffness, damping: damping)
    }

    public init(angularFrequency: Double, dampingRatio: Double, mass: Double = 1) {
        self.angularFrequency = angularFrequency
        self.dampingRatio = dampingRatio
        self.mass = mass
    }

    /// A SwiftUI preset (`smooth`, `snappy`, `bouncy`) with its base bounce 0, 0.15 or 0.3 plus
    /// `extraBounce`, over `duration` (default 0.5 s, per OpenSwiftUI and DanceUI; a "snappy is
    /// 0.3 s", as some articles give it, is wrong).
    public static func preset(_ preset: Preset, duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        var spring = Spring(duration: duration, bounce: preset.baseBounce + extraBounce)
        spring.written = .preset(preset, duration: duration, extraBounce: extraBounce)
        return spring
    }

    /// Equal physics (ω0, ζ, mass), however written.
    public static func == (a: Spring, b: Spring) -> Bool {
        a.angularFrequency == b.angularFrequency && a.dampingRatio == b.dampingRatio && a.mass == b.mass
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(angularFrequency)
        hasher.combine(dampingRatio)
        hasher.combine(mass)
    }

    /// The named spring presets.
    public enum Preset: String, CaseIterable, Sendable, Codable {
        case smooth, snappy, bouncy
        /// The preset's bounce before `extraBounce` is added.
        public var baseBounce: Double {
            switch self {
            case .smooth: 0
            case .snappy: 0.15
            case .bouncy: 0.3
            }
        }
    }

    // MARK: Derived parameters

    /// Stiffness k for this spring's mass (N/m-like; ω0² for unit mass).
    public var stiffness: Double { angularFrequency * angularFrequency * mass }
    /// Damping coefficient c = 2ζω0·m.
    public var damping: Double { 2 * dampingRatio * angularFrequency * mass }
    /// Decay rate λ = ζω0 (1/s).
    public var decay: Double { dampingRatio * angularFrequency }
    /// Response (perceptual duration) 2π/ω0, in seconds.
    public var response: Double { 2 * .pi / angularFrequency }
    /// Bounce: 1 − ζ when ζ ≤ 1, 1/ζ − 1 when over-damped.
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
    /// Whether the motion decays at all. A spring with ζ ≤ 0 oscillates (or grows) forever and has
    /// no finite settling duration.
    public var settles: Bool { dampingRatio > 0 && angularFrequency.isFinite && angularFrequency > 0 }

    public var description: String {
        "Spring(response: \(response), dampingRatio: \(dampingRatio))"
    }

    // MARK: Closed form

    /// Displacement from the start after `time` seconds when moving a distance `target` with start
    /// velocity `initialVelocity` (units/s): x(0) = 0, x'(0) = v0, x(∞) = target.
    public func value(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        target + offset(target: target, initialVelocity: initialVelocity, time: time).value
    }

    /// Velocity (units/s) at `time`: the exact derivative of `value(target:initialVelocity:time:)`.
    public func velocity(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        offset(target: target, initialVelocity: initialVelocity, time: time).velocity
    }

    /// Regime boundary: |ζ − 1| below this is treated as critically damped (the under- and
    /// over-damped forms lose precision there, and all three agree to ~1e-12 at the boundary).
    static let criticalBand = 1e-9

    /// y(t) = x(t) − target and y'(t), with y(0) = −target, y'(0) = v0.
    func offset(target: Double, initialVelocity v0: Double, time t: Double) -> (value: Double, velocity: Double) {
        Oscillation(self, target: target, initialVelocity: v0).offset(at: t)
    }

    /// The closed form of one motion (a spring, a distance and a start velocity) with its
    /// constants worked out once, so that each evaluation is one exponential (two over-damped)
    /// and one sincos: the form `offset(target:initialVelocity:time:)` evaluates, to the bit.
    struct Oscillation {
        enum Regime { case critical, under, over }
        let regime: Regime
        /// Decay λ (critical, under) and ωd (under); the rates r1, r2 (over).
        let lambda: Double
        let wd: Double
        /// Value coefficients: y = e^{−λt}(a + b t) (critical), e^{−λt}(a cos + b sin) (under),
        /// a e^{r1 t} + b e^{r2 t} (over).
        let a: Double
        let b: Double
        /// Velocity coefficients: e^{−λt}(c cos − d sin) (under), c e^{r1 t} + d e^{r2 t} (over).
        let c: Double
        let d: Double

        init(_ spring: Spring, target: Double, initialVelocity v0: Double) {
            let w0 = spring.angularFrequency, zeta = spring.dampingRatio
            let lambda = zeta * w0
            let a = -target
            if abs(zeta - 1) < Spring.criticalBand {
                // y = e^{−λt}(A + Bt), B = v0 + λA
                regime = .critical
                self.lambda = lambda
                wd = 0
                self.a = a
                b = v0 + lambda * a
                c = 0
                d = 0
            } else if zeta < 1 {
                // y = e^{−λt}(A cos ωd t + B sin ωd t), B = (v0 + λA)/ωd
                regime = .under
                self.lambda = lambda
                let wd = w0 * (1 - zeta * zeta).squareRoot()
                self.wd = wd
                let b = (v0 + lambda * a) / wd
                self.a = a
                self.b = b
                c = b * wd - lambda * a
                d = a * wd + lambda * b
            } else {
                // y = C1 e^{r1 t} + C2 e^{r2 t}, r = −λ ± ω0√(ζ²−1)
                regime = .over
                let root = w0 * (zeta * zeta - 1).squareRoot()
                let r1 = -lambda + root, r2 = -lambda - root
                let c1 = (v0 - r2 * a) / (r1 - r2)
                let c2 = a - c1
                self.lambda = r1
                wd = r2
                self.a = c1
                b = c2
                c = c1 * r1
                d = c2 * r2
            }
        }

        /// y(t) and y'(t). O(1).
        func offset(at t: Double) -> (value: Double, velocity: Double) {
            switch regime {
            case .critical:
                let e = Spring.exponential(-lambda * t)
                return (e * (a + b * t), e * (b - lambda * (a + b * t)))
            case .under:
                return offset(Spring.Wave(underDampedArguments(at: t)))
            case .over:
                let e1 = Spring.exponential(lambda * t), e2 = Spring.exponential(wd * t)
                return (a * e1 + b * e2, c * e1 + d * e2)
            }
        }

        /// y'(t) and y''(t) (units/s, units/s²), from the same one `exp` and one `sincos` as
        /// `offset(at:)`: the velocity bit for bit as there. O(1).
        func velocityAndAcceleration(at t: Double) -> (velocity: Double, acceleration: Double) {
            switch regime {
            case .critical:
                // y' = e^{−λt}((b − λa) − λb t), y'' = e^{−λt}(λ²a − 2λb + λ²b t).
                let e = Spring.exponential(-lambda * t)
                return (e * (b - lambda * (a + b * t)), e * (lambda * lambda * (a + b * t) - 2 * lambda * b))
            case .under:
                return velocityAndAcceleration(Spring.Wave(underDampedArguments(at: t)))
            case .over:
                let e1 = Spring.exponential(lambda * t), e2 = Spring.exponential(wd * t)
                return (c * e1 + d * e2, c * lambda * e1 + d * wd * e2)
            }
        }

        /// y′(t), y″(t) and y‴(t) (units/s, units/s², units/s³), from the same one `exp` and one
        /// `sincos` as `offset(at:)`: the velocity and acceleration bit for bit as
        /// `velocityAndAcceleration(at:)` gives them. O(1).
        func velocityAccelerationAndJerk(at t: Double) -> (velocity: Double, acceleration: Double, jerk: Double) {
            switch regime {
            case .critical:
                // y‴ = e^{−λt}(3λ²b − λ³(a + b t)).
                let e = Spring.exponential(-lambda * t)
                return (
                    e * (b - lambda * (a + b * t)), e * (lambda * lambda * (a + b * t) - 2 * lambda * b),
                    e * (3 * lambda * lambda * b - lambda * lambda * lambda * (a + b * t))
                )
            case .under:
                return velocityAccelerationAndJerk(Spring.Wave(underDampedArguments(at: t)))
            case .over:
                let e1 = Spring.exponential(lambda * t), e2 = Spring.exponential(wd * t)
                return (c * e1 + d * e2, c * lambda * e1 + d * wd * e2, c * lambda * lambda * e1 + d * wd * wd * e2)
            }
        }

        // MARK: Under-damped, from a given wave

        /// The arguments of the under-damped form's `exp` and `sincos` at t: −λt and ωd t.
        func underDampedArguments(at t: Double) -> (exponent: Double, angle: Double) {
            (-lambda * t, wd * t)
        }

        /// The under-damped y(t) and y′(t) from the wave at t (`underDampedArguments(at:)`):
        /// `offset(at:)`'s expressions, so the same bits whichever way the wave was worked out.
        func offset(_ wave: Spring.Wave) -> (value: Double, velocity: Double) {
            let e = wave.decay, s = wave.sin, cs = wave.cos
            return (e * (a * cs + b * s), e * (c * cs - d * s))
        }

        /// The under-damped y′(t) and y″(t) from the wave at t, as `velocityAndAcceleration(at:)`
        /// gives them.
        func velocityAndAcceleration(_ wave: Spring.Wave) -> (velocity: Double, acceleration: Double) {
            // y' = e^{−λt}(c cos − d sin); its derivative by the same rule: p cos + q sin →
            // (q ωd − λp) cos − (p ωd + λq) sin.
            let e = wave.decay, s = wave.sin, cs = wave.cos
            return (e * (c * cs - d * s), e * ((-d * wd - lambda * c) * cs - (c * wd - lambda * d) * s))
        }

        /// The under-damped y′(t), y″(t) and y‴(t) from the wave at t, as
        /// `velocityAccelerationAndJerk(at:)` gives them: the first two are
        /// `velocityAndAcceleration(_:)`'s, to the bit.
        func velocityAccelerationAndJerk(_ wave: Spring.Wave) -> (velocity: Double, acceleration: Double, jerk: Double) {
            // Each derivative of e^{−λt}(p cos − q sin) is e^{−λt}((−λp − q ωd) cos − (p ωd − λq) sin).
            let y = velocityAndAcceleration(wave)
            let p2 = -d * wd - lambda * c, q2 = c * wd - lambda * d
            let p3 = -lambda * p2 - q2 * wd, q3 = p2 * wd - lambda * q2
            return (y.velocity, y.acceleration, wave.decay * (p3 * wave.cos - q3 * wave.sin))
        }
    }

    // MARK: Waves

    /// e^x, sin θ and cos θ of an under-damped form at one time (x = −λt, θ = ωd t): what each of
    /// its evaluations spends most of its time on, so that two terms moving at once can have theirs
    /// worked out together (`waves(_:_:)`).
    struct Wave {
        let decay: Double
        let sin: Double
        let cos: Double

        /// One form's wave, from `exponential` and `sineCosine`.
        init(_ arguments: (exponent: Double, angle: Double)) {
            decay = Spring.exponential(arguments.exponent)
            (sin, cos) = Spring.sineCosine(arguments.angle)
        }

        init(decay: Double, sin: Double, cos: Double) {
            self.decay = decay
            self.sin = sin
            self.cos = cos
        }
    }

    /// Two forms' waves at once, each bit for bit `Wave(_:)` (`motionsync_exp_pair` and
    /// `motionsync_sincos_pair`: the same operations in the two lanes of a register, so the pair
    /// costs less than two calls). O(1).
    static func waves(_ first: (exponent: Double, angle: Double), _ second: (exponent: Double, angle: Double)) -> (Wave, Wave) {
        var e0 = 0.0, e1 = 0.0, s0 = 0.0, c0 = 0.0, s1 = 0.0, c1 = 0.0
        motionsync_exp_pair(first.exponent, second.exponent, &e0, &e1)
        motionsync_sincos_pair(first.angle, second.angle, &s0, &c0, &s1, &c1)
        return (Wave(decay: e0, sin: s0, cos: c0), Wave(decay: e1, sin: s1, cos: c1))
    }

    /// e^x within one ulp, inline (`CMotionMath`): every exponential of the closed forms.
    static func exponential(_ x: Double) -> Double { motionsync_exp(x) }

    /// sin x and cos x from one argument reduction (`CMotionMath`).
    static func sineCosine(_ x: Double) -> (sin: Double, cos: Double) {
        var s = 0.0, c = 0.0
        motionsync_sincos(x, &s, &c)
        return (s, c)
    }

    // MARK: Turning points of the velocity

    /// Times in (0, `end`) s where the velocity of the motion `offset(target:initialVelocity:time:)`
    /// turns (its acceleration is zero), in order: between two of them the velocity is monotone.
    ///
    /// Closed forms: under-damped y = e^{−λt}(A cos ωd t + B sin ωd t) has acceleration
    /// e^{−λt}(E cos ωd t + F sin ωd t), zero at t_k = (θ0 + kπ)/ωd with θ0 = atan2(−E, F);
    /// critically damped at t = 2/λ − A/B; over-damped at ln(−c2 r2² / (c1 r1²))/(r1 − r2).
    /// Turns are listed while the motion is visible: once the envelope of |y| and |v|/ω0 has fallen
    /// below 1e-13 of its start (nothing a display or a float can show), the rest is one piece.
    /// O(number of visible oscillations before `end`), at most `limit` turns.
    public func accelerationZeros(target: Double, initialVelocity v0: Double, upTo end: Double, limit: Int = 1_000_000) -> [Double] {
        var times: [Double] = []
        appendAccelerationZeros(to: &times, offset: 0, target: target, initialVelocity: v0, upTo: end, limit: limit)
        return times
    }

    /// Appends `accelerationZeros`, each plus `offset` (s), to `times`.
    func appendAccelerationZeros(
        to times: inout [Double], offset: Double, target: Double, initialVelocity v0: Double, upTo end: Double, limit: Int = 1_000_000
    ) {
        let w0 = angularFrequency, zeta = dampingRatio
        guard end > 0, w0.isFinite, w0 > 0, zeta.isFinite else { return }
        let lambda = zeta * w0
        let a = -target
        if abs(zeta - 1) < Self.criticalBand {
            let b = v0 + lambda * a
            guard b != 0, lambda > 0 else { return }
            let t = 2 / lambda - a / b
            if t > 0 && t < end { times.append(offset + t) }
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 + lambda * a) / wd
            let c = b * wd - lambda * a, d = -(a * wd + lambda * b) // velocity coefficients
            let e = d * wd - lambda * c, f = -(c * wd + lambda * d) // acceleration coefficients
            guard e != 0 || f != 0 else { return }
            // Visible until the envelope of the offset and of v/ω0 falls below 1e-13 of its start.
            let scale = (a * a + b * b).squareRoot() + (c * c + d * d).squareRoot() / w0
            var last = end
            if lambda > 0, scale > 0 { last = min(end, log(1e13) / lambda) }
            let theta0 = atan2(-e, f)
            var k = (-theta0 / .pi).rounded(.down)
            // Room for the zeros before `last` (one allocation, at most 64 slots ahead).
            let expected = ((last * wd - theta0) / .pi).rounded(.up) - k + 1
            if expected > 0 { times.reserveCapacity(times.count + Int(min(expected, 64))) }
            var count = 0
            while count < limit {
                let t = (theta0 + k * .pi) / wd
                if t >= last { break }
                if t > 0 {
                    times.append(offset + t)
                    count += 1
                }
                k += 1
            }
        } else {
            let root = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -lambda + root, r2 = -lambda - root
            let c1 = (v0 - r2 * a) / (r1 - r2), c2 = a - c1
            guard c1 != 0 else { return }
            let ratio = -(c2 * r2 * r2) / (c1 * r1 * r1)
            guard ratio > 0 else { return }
            let t = log(ratio) / (r1 - r2)
            if t > 0 && t < end { times.append(offset + t) }
        }
    }

    // MARK: Acceleration bounds

    /// The least and greatest acceleration (units/s²) of the motion `offset(target:initialVelocity:
    /// time:)` over [from, to] (s, 0 ≤ from ≤ to), exactly: the acceleration is monotone between
    /// the zeros of the jerk, which have the same closed forms one derivative up (under-damped:
    /// e^{−λt}(G cos ωd t + H sin ωd t), zero at (atan2(−G, H) + kπ)/ωd; critically damped:
    /// e^{−λt}(P + Qt), one zero; over-damped: c1 r1³ e^{r1 t} + c2 r2³ e^{r2 t}, one zero), so
    /// the extremes are at the ends or at those zeros. O(1 + jerk zeros inside).
    public func accelerationRange(target: Double, initialVelocity v0: Double, from: Double, to: Double) -> (min: Double, max: Double) {
        derivativeRange(2, target: target, initialVelocity: v0, from: from, to: to)
    }

    // MARK: Higher derivatives

    /// The `order`-th derivative (order ≥ 1; units/sⁿ) of the motion `offset(target:initialVelocity:
    /// time:)` at `t` s. Each derivative has the form of the motion itself: under-damped
    /// e^{−λt}(P cos ωd t + Q sin ωd t) with (P, Q) → (Qωd − λP, −(Pωd + λQ)) per derivative,
    /// critically damped e^{−λt}(P + Qt) with (P, Q) → (Q − λP, −λQ), over-damped
    /// c1 r1ⁿ e^{r1 t} + c2 r2ⁿ e^{r2 t}. O(order).
    public func derivative(_ order: Int, target: Double, initialVelocity v0: Double, at t: Double) -> Double {
        Form(self, target: target, initialVelocity: v0, order: order).value(at: t)
    }

    /// The least and greatest `order`-th derivative (order ≥ 1) of the motion `offset(target:
    /// initialVelocity:time:)` over [from, to] (s, 0 ≤ from ≤ to), exactly: it is monotone between
    /// the zeros of the next derivative, which have closed forms (under-damped: (atan2(−G, H) +
    /// kπ)/ωd for the next coefficients (G, H); critically damped: −P/Q; over-damped:
    /// ln(−c2 r2ⁿ⁺¹ / (c1 r1ⁿ⁺¹))/(r1 − r2)), so the extremes are at the ends or at those zeros.
    /// O(order + zeros inside).
    public func derivativeRange(_ order: Int, target: Double, initialVelocity v0: Double, from: Double, to: Double) -> (min: Double, max: Double) {
        Form(self, target: target, initialVelocity: v0, order: order).range(from: from, to: to)
    }

    /// One derivative of the closed form, its coefficients computed once (the order-th and the
    /// next one's, whose zeros bound it). Over-damped: p = c1 r1ⁿ, q = c2 r2ⁿ and next the same
    /// at n + 1.
    struct Form {
        enum Regime { case critical, under, over }
        let regime: Regime
        let lambda: Double
        let wd: Double
        let r1: Double
        let r2: Double
        let p: Double
        let q: Double
        let nextP: Double
        let nextQ: Double
        /// Under-damped: the phase atan2(−nextP, nextQ) of the next derivative's zeros (θ + kπ)/ωd.
        let theta: Double
        /// Under-damped: p cos θ + q sin θ, so that the value at the k-th zero of the next
        /// derivative is e^{−λt}(−1)^k times it (cos(θ + kπ) = (−1)^k cos θ, the same for sin):
        /// no sincos there, and exact where ωd·t would round.
        let turnAmplitude: Double

        init(_ spring: Spring, target: Double, initialVelocity v0: Double, order: Int) {
            let w0 = spring.angularFrequency, zeta = spring.dampingRatio
            let lambda = zeta * w0
            let a = -target
            self.lambda = lambda
            if abs(zeta - 1) < Spring.criticalBand {
                regime = .critical
                wd = 0
                r1 = 0
                r2 = 0
                var (p, q) = (a, v0 + lambda * a)
                for _ in 0..<order { (p, q) = (q - lambda * p, -lambda * q) }
                (self.p, self.q) = (p, q)
                (nextP, nextQ) = (q - lambda * p, -lambda * q)
                theta = 0
                turnAmplitude = 0
            } else if zeta < 1 {
                regime = .under
                let wd = w0 * (1 - zeta * zeta).squareRoot()
                self.wd = wd
                r1 = 0
                r2 = 0
                var (p, q) = (a, (v0 + lambda * a) / wd)
                for _ in 0..<order { (p, q) = (q * wd - lambda * p, -(p * wd + lambda * q)) }
                (self.p, self.q) = (p, q)
                (nextP, nextQ) = (q * wd - lambda * p, -(p * wd + lambda * q))
                theta = nextP != 0 || nextQ != 0 ? atan2(-nextP, nextQ) : 0
                turnAmplitude = p * cos(theta) + q * sin(theta)
            } else {
                regime = .over
                wd = 0
                let root = w0 * (zeta * zeta - 1).squareRoot()
                let r1 = -lambda + root, r2 = -lambda - root
                self.r1 = r1
                self.r2 = r2
                let c1 = (v0 - r2 * a) / (r1 - r2), c2 = a - c1
                var (p, q) = (c1, c2)
                for _ in 0..<order { (p, q) = (p * r1, q * r2) }
                (self.p, self.q) = (p, q)
                (nextP, nextQ) = (p * r1, q * r2)
                theta = 0
                turnAmplitude = 0
            }
        }

        /// The least and greatest value over [from, to] (s): the ends and the next derivative's
        /// zeros inside (see `Spring.derivativeRange`). O(1 + zeros inside).
        func range(from: Double, to: Double) -> (min: Double, max: Double) {
            range(from: from, to: to, ends: (value(at: from), value(at: to)))
        }

        /// `range(from:to:)` with the values at `from` and `to` (0 ≤ from ≤ to) already known
        /// (`value(at:)` there, or `valueAndNext(at:)`'s value: the same bits).
        func range(from: Double, to: Double, ends: (Double, Double)) -> (min: Double, max: Double) {
            var low = Double.infinity, high = -Double.infinity
            func visit(_ t: Double) {
                guard t >= from && t <= to else { return }
                let x = value(at: t)
                low = min(low, x)
                high = max(high, x)
            }
            // The ends, as `visit` takes them (neither when from > to).
            if from <= to {
                low = min(low, ends.0)
                high = max(high, ends.0)
                low = min(low, ends.1)
                high = max(high, ends.1)
            }
            switch regime {
            case .critical:
                if nextQ != 0 { visit(-nextP / nextQ) }
            case .under:
                if nextP != 0 || nextQ != 0 {
                    var k = ((from * wd - theta) / .pi).rounded(.down)
                    while true {
                        let t = (theta + k * .pi) / wd
                        if t > to { break }
                        if t > from {
                            // The value there in closed form (see `turnAmplitude`).
                            let x = Spring.exponential(-lambda * t) * (k.truncatingRemainder(dividingBy: 2) == 0 ? turnAmplitude : -turnAmplitude)
                            low = min(low, x)
                            high = max(high, x)
                        }
                        k += 1
                    }
                }
            case .over:
                if p != 0 {
                    let ratio = -nextQ / nextP
                    if ratio > 0 { visit(log(ratio) / (r1 - r2)) }
                }
            }
            return (low, high)
        }

        /// `value(at:)` and the next derivative's value at `t` (s), from one `exp` and one
        /// `sincos`: the value is the same expression as `value(at:)`, to the bit. O(1).
        func valueAndNext(at t: Double) -> (value: Double, next: Double) {
            switch regime {
            case .critical:
                let e = Spring.exponential(-lambda * t)
                return (e * (p + q * t), e * (nextP + nextQ * t))
            case .under:
                let (sn, cs) = Spring.sineCosine(wd * t)
                let e = Spring.exponential(-lambda * t)
                return (e * (p * cs + q * sn), e * (nextP * cs + nextQ * sn))
            case .over:
                let e1 = Spring.exponential(r1 * t), e2 = Spring.exponential(r2 * t)
                return (p * e1 + q * e2, nextP * e1 + nextQ * e2)
            }
        }

        func value(at t: Double) -> Double {
            switch regime {
            case .critical: return Spring.exponential(-lambda * t) * (p + q * t)
            case .under:
                let (sn, cs) = Spring.sineCosine(wd * t)
                return Spring.exponential(-lambda * t) * (p * cs + q * sn)
            case .over: return p * Spring.exponential(r1 * t) + q * Spring.exponential(r2 * t)
            }
        }
    }

    // MARK: Settling

    /// Apple's `Spring.settlingDuration`: target 1, initial velocity 0, ε = 0.001.
    public var settlingDuration: Double { settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001) }

    /// The time (s) after which the motion stays within `epsilon` of `target`; `.infinity` for a
    /// spring that never settles.
    ///
    /// Under-damped springs use the envelope estimate both re-implementations use (OpenSwiftUI,
    /// DanceUI): max(0, −ln(ε / (|Δ| + |λΔ − v0|)) / λ). Critically and over-damped motion crosses
    /// the target at most once and has at most one extremum, so its last time outside ε is found
    /// exactly by bisection on the monotone tail (DanceUI samples instead; the two agree within its
    /// sampling step). O(1) for under-damped, O(log(1/ε)) otherwise.
    public func settlingDuration(target: Double, initialVelocity v0: Double = 0, epsilon: Double) -> Double {
        guard settles else { return .infinity }
        let lambda = decay
        if dampingRatio < 1 - Self.criticalBand {
            let scale = abs(target) + abs(lambda * target - v0)
            guard scale > 0 else { return 0 }
            return max(0, -log(epsilon / scale) / lambda)
        }
        let y = { (t: Double) in abs(self.offset(target: target, initialVelocity: v0, time: t).value) }
        // The tail after the only extremum (if any) is monotone: find where it reaches ε.
        let tail = max(0, extremumTime(target: target, initialVelocity: v0) ?? 0)
        if y(tail) < epsilon {
            // Then ε is reached before the extremum, on the monotone descent from the start.
            guard y(0) >= epsilon else { return 0 }
            let crossing = zeroCrossingTime(target: target, initialVelocity: v0) ?? tail
            return bisectLastAbove(epsilon, 0, min(crossing, tail), y)
        }
        var hi = max(tail, response)
        while y(hi) >= epsilon {
            hi *= 2
            if hi > 1e7 { return .infinity }
        }
        return bisectLastAbove(epsilon, tail, hi, y)
    }

    /// The positive time of y's only extremum for ζ ≥ 1, if it exists.
    func extremumTime(target: Double, initialVelocity v0: Double) -> Double? {
        let w0 = angularFrequency, lambda = decay, a = -target
        if abs(dampingRatio - 1) < Self.criticalBand {
            let b = v0 + lambda * a
            guard b != 0 else { return nil }
            let t = (b - lambda * a) / (lambda * b)
            return t > 0 ? t : nil
        }
        let root = w0 * (dampingRatio * dampingRatio - 1).squareRoot()
        let r1 = -lambda + root, r2 = -lambda - root
        let c1 = (v0 - r2 * a) / (r1 - r2), c2 = a - c1
        let ratio = -(c2 * r2) / (c1 * r1)
        guard c1 != 0, ratio > 0 else { return nil }
        let t = log(ratio) / (r1 - r2)
        return t > 0 ? t : nil
    }

    /// The positive time where y crosses zero (the motion passes the target) for ζ ≥ 1, if any.
    func zeroCrossingTime(target: Double, initialVelocity v0: Double) -> Double? {
        let w0 = angularFrequency, lambda = decay, a = -target
        if abs(dampingRatio - 1) < Self.criticalBand {
            let b = v0 + lambda * a
            guard b != 0 else { return nil }
            let t = -a / b
            return t > 0 ? t : nil
        }
        let root = w0 * (dampingRatio * dampingRatio - 1).squareRoot()
        let r1 = -lambda + root, r2 = -lambda - root
        let c1 = (v0 - r2 * a) / (r1 - r2), c2 = a - c1
        let ratio = -c2 / c1
        guard c1 != 0, ratio > 0 else { return nil }
        let t = log(ratio) / (r1 - r2)
        return t > 0 ? t : nil
    }

    /// For f decreasing on [lo, hi] with f(lo) ≥ level > f(hi): the time where f falls to `level`.
    private func bisectLastAbove(_ level: Double, _ lo: Double, _ hi: Double, _ f: (Double) -> Double) -> Double {
        var lo = lo, hi = hi
        for _ in 0..<200 where hi - lo > 1e-12 {
            let mid = (lo + hi) / 2
            if f(mid) >= level { lo = mid } else { hi = mid }
        }
        return hi
    }
}
