import Foundation
import Testing

@testable import MotionCore

/// The acceleration bounds that certify a sum of phase steps as monotone: checked against the
/// acceleration by central differences of the analytic velocity on a dense grid (independent of
/// the closed forms and of the parameter solves).
@Suite("Acceleration bounds")
struct AccelerationBoundsTests {
    /// Second derivative of `f` at t by central differences of its first derivative.
    static func difference(_ velocity: (Double) -> Double, at t: Double, h: Double = 1e-6) -> Double {
        (velocity(t + h) - velocity(t - h)) / (2 * h)
    }

    @Test(
        "overlapping phase springs: the summed acceleration is the difference of the velocity, the acceleration and jerk bounds over short intervals hold the differences (each term's ends remembered and reused), and every cut between monotone stretches is a sign change of the acceleration"
    )
    func phaseCuts() throws {
        var rng = SeededGenerator(seed: 1202)
        var cutsChecked = 0
        for _ in 0..<40 {
            // Four phases whose springs (of all three regimes, delays and speeds too) overlap.
            let phases = (0..<4).map { k in
                let zeta = [Double.random(in: 0.2...0.9, using: &rng), 1.0, Double.random(in: 1.1...2, using: &rng)][
                    Int.random(in: 0...2, using: &rng)]
                let spring = Spring(response: Double.random(in: 0.2...0.7, using: &rng), dampingRatio: zeta)
                return Phase(
                    name: "p\(k)", values: [("x", Double.random(in: -50...50, using: &rng))],
                    animation: PhaseAnimation(
                        .spring(spring), delay: Double.random(in: 0...0.05, using: &rng), speed: Double.random(in: 0.8...1.5, using: &rng)))
            }
            let timeline = try PhaseTimeline(phases: phases, repeating: false)
            let motion = PhaseProperty(timeline, index: 0, span: timeline.duration + 1)
            let velocity = { (t: Double) in timeline.velocity(of: 0, at: t) }
            for k in 1..<200 {
                let t = timeline.duration * Double(k) / 200
                let acceleration = try #require(motion.acceleration(t))
                let a = Self.difference(velocity, at: t), j = Self.difference({ motion.acceleration($0) ?? .nan }, at: t)
                #expect(abs(acceleration - a) <= 1e-4 * max(1, abs(a)), "acceleration at \(t): \(acceleration) vs \(a)")
                // Bounds over [t, t + 1e-6] hold the acceleration at t and the jerk there; asked
                // again (the terms' ends then remembered), they are the same to the bit.
                let bounds = try #require(motion.accelerationBounds(t, t + 1e-6)), jerk = try #require(motion.jerkBounds(t, t + 1e-6))
                #expect(bounds.min <= acceleration && acceleration <= bounds.max, "acceleration at \(t): \(acceleration) outside \(bounds)")
                let slack = 1e-3 * max(1, abs(j))
                #expect(jerk.min - slack <= j && j <= jerk.max + slack, "jerk at \(t): \(j) outside \(jerk)")
                let again = try #require(motion.accelerationBounds(t, t + 1e-6)), jerkAgain = try #require(motion.jerkBounds(t, t + 1e-6))
                #expect(again == bounds && jerkAgain == jerk, "at \(t)")
                #expect(motion.acceleration(t) == acceleration)
            }
            // Each piece between breakpoints: its cuts are where the acceleration changes sign.
            let breakpoints = timeline.breakpoints(of: 0)
            let pieces = CurvePieces(timeline: timeline, index: 0, motion: motion, breakpoints: breakpoints, delta: 1e-9)
            for (l, h) in zip(breakpoints, breakpoints.dropFirst()) where h - l > 1e-6 {
                guard let cuts = pieces.monotoneCuts(l + 1e-9, h - 1e-9) else { continue }
                for c in cuts {
                    let before = try #require(motion.acceleration(c - 1e-8)), after = try #require(motion.acceleration(c + 1e-8))
                    #expect(before * after < 0, "a sign change at the cut \(c): \(before), \(after)")
                    cutsChecked += 1
                }
            }
        }
        #expect(cutsChecked >= 20, "overlapping springs turn inside pieces: \(cutsChecked) cuts checked")
    }

    @Test(
        "a spring's acceleration range over an interval is exact: it holds every sampled acceleration and its ends are reached (under-, critically and over-damped)"
    )
    func springRange() {
        var rng = SeededGenerator(seed: 2026)
        for _ in 0..<300 {
            let zeta = [Double.random(in: 0.05...0.95, using: &rng), 1.0, Double.random(in: 1.05...3, using: &rng)][
                Int.random(in: 0...2, using: &rng)]
            let spring = Spring(response: Double.random(in: 0.1...1.2, using: &rng), dampingRatio: zeta)
            let target = Double.random(in: -50...50, using: &rng), v0 = Double.random(in: -200...200, using: &rng)
            let from = Double.random(in: 0.001...1.5, using: &rng), to = from + Double.random(in: 0.001...0.6, using: &rng)
            let range = spring.accelerationRange(target: target, initialVelocity: v0, from: from, to: to)
            let velocity = { (t: Double) in spring.offset(target: target, initialVelocity: v0, time: t).velocity }
            var low = Double.infinity, high = -Double.infinity
            for k in 0...2000 {
                let t = from + (to - from) * Double(k) / 2000
                let a = Self.difference(velocity, at: t)
                low = min(low, a)
                high = max(high, a)
            }
            let scale = max(1, abs(range.min), abs(range.max))
            #expect(
                range.min <= low + 1e-4 * scale && range.max >= high - 1e-4 * scale, "contains the samples: \(range) vs \(low)…\(high) (ζ \(zeta))")
            // Exact, not just a bound: the dense grid gets within a grid step's change of it.
            #expect(abs(range.min - low) <= 2e-3 * scale && abs(range.max - high) <= 2e-3 * scale, "attained: \(range) vs \(low)…\(high) (ζ \(zeta))")
        }
    }

    @Test("a Bézier curve's d²y/dx² bounds hold every sampled value and close in on it as the interval shrinks")
    func bezierRange() throws {
        var rng = SeededGenerator(seed: 15)
        var curves: [UnitCurve] = [.easeIn, .easeOut, .easeInOut]
        for _ in 0..<60 {
            curves.append(
                try #require(
                    UnitCurve(
                        x1: Double.random(in: 0.05...0.95, using: &rng), y1: Double.random(in: -0.5...1.5, using: &rng),
                        x2: Double.random(in: 0.05...0.95, using: &rng), y2: Double.random(in: -0.5...1.5, using: &rng))))
        }
        for curve in curves {
            for _ in 0..<10 {
                let from = Double.random(in: 0.02...0.9, using: &rng), to = min(0.98, from + Double.random(in: 0.001...0.3, using: &rng))
                guard let range = curve.secondDerivativeRange(from: from, to: to) else { continue }
                let scale = max(1, abs(range.min), abs(range.max))
                for k in 0...400 {
                    let x = from + (to - from) * Double(k) / 400
                    let second = Self.difference({ curve.velocity(at: $0) }, at: x, h: 1e-7)
                    #expect(second >= range.min - 1e-4 * scale && second <= range.max + 1e-4 * scale, "\(curve) at \(x): \(second) outside \(range)")
                }
                // Tight on a short interval: its width is about the change across it.
                let mid = (from + to) / 2
                if let narrow = curve.secondDerivativeRange(from: mid, to: mid + 1e-6) {
                    let exact = Self.difference({ curve.velocity(at: $0) }, at: mid, h: 1e-7)
                    #expect(
                        abs(narrow.min - exact) <= 1e-3 * max(1, abs(exact)) && abs(narrow.max - exact) <= 1e-3 * max(1, abs(exact)),
                        "\(curve) at \(mid): \(narrow) vs \(exact)")
                }
            }
        }
    }

    @Test(
        "a spring's jerk range over an interval is exact, and its acceleration at a time is the difference of its velocity (under-, critically and over-damped)"
    )
    func springJerkRange() {
        var rng = SeededGenerator(seed: 2027)
        for _ in 0..<300 {
            let zeta = [Double.random(in: 0.05...0.95, using: &rng), 1.0, Double.random(in: 1.05...3, using: &rng)][
                Int.random(in: 0...2, using: &rng)]
            let spring = Spring(response: Double.random(in: 0.1...1.2, using: &rng), dampingRatio: zeta)
            let target = Double.random(in: -50...50, using: &rng), v0 = Double.random(in: -200...200, using: &rng)
            let from = Double.random(in: 0.001...1.5, using: &rng), to = from + Double.random(in: 0.001...0.6, using: &rng)
            let range = spring.derivativeRange(3, target: target, initialVelocity: v0, from: from, to: to)
            let acceleration = { (t: Double) in spring.derivative(2, target: target, initialVelocity: v0, at: t) }
            let velocity = { (t: Double) in spring.offset(target: target, initialVelocity: v0, time: t).velocity }
            var low = Double.infinity, high = -Double.infinity
            for k in 0...2000 {
                let t = from + (to - from) * Double(k) / 2000
                let j = Self.difference(acceleration, at: t)
                low = min(low, j)
                high = max(high, j)
                if k % 100 == 0 {
                    let a = Self.difference(velocity, at: t)
                    #expect(abs(acceleration(t) - a) <= 1e-4 * max(1, abs(a)), "acceleration \(acceleration(t)) vs \(a) (ζ \(zeta))")
                }
            }
            let scale = max(1, abs(range.min), abs(range.max))
            #expect(
                range.min <= low + 1e-4 * scale && range.max >= high - 1e-4 * scale, "contains the samples: \(range) vs \(low)…\(high) (ζ \(zeta))")
            #expect(abs(range.min - low) <= 2e-3 * scale && abs(range.max - high) <= 2e-3 * scale, "attained: \(range) vs \(low)…\(high) (ζ \(zeta))")
        }
    }

    @Test(
        "a Bézier curve's d³y/dx³ bounds hold every sampled value and close in on it as the interval shrinks; d²y/dx² at a point is the difference of the slope"
    )
    func bezierJerkRange() throws {
        var rng = SeededGenerator(seed: 16)
        var curves: [UnitCurve] = [.easeIn, .easeOut, .easeInOut]
        for _ in 0..<60 {
            curves.append(
                try #require(
                    UnitCurve(
                        x1: Double.random(in: 0.05...0.95, using: &rng), y1: Double.random(in: -0.5...1.5, using: &rng),
                        x2: Double.random(in: 0.05...0.95, using: &rng), y2: Double.random(in: -0.5...1.5, using: &rng))))
        }
        for curve in curves {
            for _ in 0..<10 {
                let from = Double.random(in: 0.02...0.9, using: &rng), to = min(0.98, from + Double.random(in: 0.001...0.3, using: &rng))
                guard let range = curve.thirdDerivativeRange(from: from, to: to) else { continue }
                let scale = max(1, abs(range.min), abs(range.max))
                for k in 0...400 {
                    let x = from + (to - from) * Double(k) / 400
                    guard let second = curve.secondDerivative(at: x) else { continue }
                    let expected = Self.difference({ curve.velocity(at: $0) }, at: x, h: 1e-7)
                    #expect(abs(second - expected) <= 1e-4 * max(1, abs(expected)), "\(curve) d²y/dx² at \(x): \(second) vs \(expected)")
                    let third = Self.difference({ curve.secondDerivative(at: $0) ?? 0 }, at: x, h: 1e-6)
                    #expect(third >= range.min - 1e-4 * scale && third <= range.max + 1e-4 * scale, "\(curve) at \(x): \(third) outside \(range)")
                }
                let mid = (from + to) / 2
                if let narrow = curve.thirdDerivativeRange(from: mid, to: mid + 1e-6) {
                    // (d³y/dx³ itself can change by 1e-3 across 1e-6 where x' is small: the
                    // bounds are compared with its values at both ends.)
                    let ends = [mid, mid + 1e-6].map { x in Self.difference({ curve.secondDerivative(at: $0) ?? 0 }, at: x, h: 1e-6) }
                    let low = ends.min()!, high = ends.max()!, tolerance = 1e-3 * max(1, abs(low), abs(high))
                    #expect(
                        abs(narrow.min - low) <= tolerance && abs(narrow.max - high) <= tolerance, "\(curve) at \(mid): \(narrow) vs \(low)…\(high)")
                }
            }
        }
    }
}
