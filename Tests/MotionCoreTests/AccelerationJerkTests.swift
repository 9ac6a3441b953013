import Foundation
import Testing

@testable import MotionCore

/// The acceleration and jerk evaluated together, which Newton's method uses to find the zeros of a
/// phase timeline's summed acceleration (the cuts between its monotone stretches): checked
/// against the acceleration alone, against central differences of it, and against a Bézier whose
/// third derivative is known in closed form.
@Suite("Acceleration and jerk")
struct AccelerationJerkTests {
    @Test(
        "a Bézier's curvature and jerk: y‴ = 6(1 + 3y1 − 3y2) where x(u) = u, and the differences of the curvature on easeInOut and a back-out curve")
    func bezierJerk() throws {
        // p1.x = 1/3, p2.x = 2/3: x(u) = u, so d/dx = d/du and y(x) is the Bernstein cubic itself.
        for (y1, y2) in [(0.0, 1.0), (0.8, 0.1), (-0.4, 1.6), (1.3, -0.2)] {
            let curve = try #require(UnitCurve(x1: 1.0 / 3, y1: y1, x2: 2.0 / 3, y2: y2))
            let jerk = 6 * (1 + 3 * y1 - 3 * y2)
            for x in stride(from: 0.05, through: 0.95, by: 0.15) {
                let y = try #require(curve.curvatureAndJerk(at: x))
                // y″(u) = 6(1 − u)(y2 − 2y1) + 6u(1 − 2y2 + y1).
                let curvature = 6 * (1 - x) * (y2 - 2 * y1) + 6 * x * (1 - 2 * y2 + y1)
                #expect(abs(y.curvature - curvature) <= 1e-9 * max(1, abs(curvature)), "curvature at \(x): \(y.curvature) vs \(curvature)")
                #expect(abs(y.jerk - jerk) <= 1e-9 * max(1, abs(jerk)), "jerk at \(x): \(y.jerk) vs \(jerk)")
            }
        }
        // General curves: the curvature is the one `slopeAndCurvature` gives, the jerk its slope.
        for curve in [UnitCurve.easeInOut, .easeIn, try #require(UnitCurve(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1))] {
            for x in stride(from: 0.04, through: 0.96, by: 0.046) {
                let y = try #require(curve.curvatureAndJerk(at: x))
                let curvature = try #require(curve.slopeAndCurvature(at: x).curvature)
                #expect(abs(y.curvature - curvature) <= 1e-12 * max(1, abs(curvature)))
                let h = 1e-5
                let above = try #require(curve.slopeAndCurvature(at: x + h).curvature),
                    below = try #require(curve.slopeAndCurvature(at: x - h).curvature)
                let difference = (above - below) / (2 * h)
                #expect(abs(y.jerk - difference) <= 1e-5 * max(1, abs(difference)), "jerk at \(x): \(y.jerk) vs \(difference)")
            }
        }
        // The linear curve has neither.
        #expect(UnitCurve.linear.curvatureAndJerk(at: 0.5).map { $0.curvature == 0 && $0.jerk == 0 } == true)
    }

    @Test(
        "a spring's velocity, acceleration and jerk from one exp and sincos: the first two to the bit as velocityAndAcceleration gives them, the jerk the difference of the acceleration (under-, critically and over-damped)"
    )
    func springJerk() {
        var rng = SeededGenerator(seed: 1201)
        for _ in 0..<300 {
            let zeta = [Double.random(in: 0.05...0.95, using: &rng), 1.0, Double.random(in: 1.05...3, using: &rng)][
                Int.random(in: 0...2, using: &rng)]
            let spring = Spring(response: Double.random(in: 0.1...1.2, using: &rng), dampingRatio: zeta)
            let oscillation = Spring.Oscillation(
                spring, target: Double.random(in: -50...50, using: &rng), initialVelocity: Double.random(in: -200...200, using: &rng))
            for t in stride(from: 0.013, through: 1.5, by: 0.097) {
                let y = oscillation.velocityAccelerationAndJerk(at: t), z = oscillation.velocityAndAcceleration(at: t)
                #expect(y.velocity == z.velocity && y.acceleration == z.acceleration)
                let h = 1e-6
                let difference =
                    (oscillation.velocityAndAcceleration(at: t + h).acceleration - oscillation.velocityAndAcceleration(at: t - h).acceleration)
                    / (2 * h)
                #expect(abs(y.jerk - difference) <= 1e-5 * max(1, abs(difference)), "jerk at \(t) (ζ \(zeta)): \(y.jerk) vs \(difference)")
            }
        }
        // A Bézier step's rate and acceleration as rateAndAcceleration gives them, to the bit.
        let step = PhaseAnimation.Progress(PhaseAnimation(.bezier(.easeInOut, duration: 0.3), delay: 0.02, speed: 1.2))
        for t in stride(from: 0.01, through: 0.3, by: 0.0173) {
            let y = step.rateAccelerationAndJerk(at: t), z = step.rateAndAcceleration(at: t)
            #expect(y.rate == z.rate && (y.acceleration == z.acceleration || (y.acceleration.isNaN && z.acceleration.isNaN)))
        }
    }

    @Test(
        "overlapping phase steps (springs of all three regimes and Bézier curves): the summed acceleration with its jerk equals the acceleration alone and the difference of it, and every cut between monotone stretches is its zero to 1e-11 s"
    )
    func phaseJerkAndCuts() throws {
        var rng = SeededGenerator(seed: 1130)
        var cutsChecked = 0, bezierCuts = 0
        for round in 0..<40 {
            let phases = (0..<5).map { k in
                let animation: PhaseAnimation
                if k % 2 == round % 2 {
                    let zeta = [Double.random(in: 0.2...0.9, using: &rng), 1.0, Double.random(in: 1.1...2, using: &rng)][
                        Int.random(in: 0...2, using: &rng)]
                    animation = PhaseAnimation(
                        .spring(Spring(response: Double.random(in: 0.2...0.7, using: &rng), dampingRatio: zeta)),
                        delay: Double.random(in: 0...0.05, using: &rng), speed: Double.random(in: 0.8...1.5, using: &rng))
                } else {
                    let curve = [UnitCurve.easeInOut, .easeIn, .easeOut][Int.random(in: 0...2, using: &rng)]
                    animation = PhaseAnimation(.bezier(curve, duration: Double.random(in: 0.1...0.5, using: &rng)))
                }
                return Phase(name: "p\(k)", values: [("x", Double.random(in: -50...50, using: &rng))], animation: animation)
            }
            let timeline = try PhaseTimeline(phases: phases, repeating: false)
            let motion = PhaseProperty(timeline, index: 0, span: timeline.duration + 1)
            let breakpoints = timeline.breakpoints(of: 0)
            for k in 1..<300 {
                let t = timeline.duration * Double(k) / 300
                // Not at a breakpoint, where the difference straddles a change of step.
                guard !breakpoints.contains(where: { abs($0 - t) < 1e-5 }) else { continue }
                let y = try #require(motion.transientAccelerationAndJerk(t))
                let acceleration = try #require(motion.acceleration(t))
                #expect(
                    abs(y.acceleration - acceleration) <= 1e-12 * max(1, abs(acceleration)),
                    "acceleration at \(t): \(y.acceleration) vs \(acceleration)")
                let h = 1e-7
                let difference = (try #require(motion.acceleration(t + h)) - (try #require(motion.acceleration(t - h)))) / (2 * h)
                #expect(abs(y.jerk - difference) <= 1e-5 * max(1, abs(difference)), "jerk at \(t): \(y.jerk) vs \(difference)")
            }
            // The cuts: the acceleration changes sign within 1e-11 s of each (the old regula falsi
            // stopped at 1e-12 s; Newton's method gets there in fewer evaluations).
            let pieces = CurvePieces(timeline: timeline, index: 0, motion: motion, breakpoints: breakpoints, delta: 1e-9)
            for (l, h) in zip(breakpoints, breakpoints.dropFirst()) where h - l > 1e-6 {
                guard let cuts = pieces.monotoneCuts(l + 1e-9, h - 1e-9) else { continue }
                for c in cuts {
                    let before = try #require(motion.acceleration(c - 1e-11)), after = try #require(motion.acceleration(c + 1e-11))
                    #expect(before * after <= 0, "the acceleration's zero within 1e-11 s of the cut \(c): \(before), \(after)")
                    cutsChecked += 1
                    if timeline.steps.contains(where: { step in
                        guard case .bezier? = step.animation?.curve else { return false }
                        return c > step.start && c < step.start + step.logicalDuration
                    }) {
                        bezierCuts += 1
                    }
                }
            }
        }
        #expect(cutsChecked >= 40 && bezierCuts >= 10, "\(cutsChecked) cuts checked, \(bezierCuts) while a Bézier step moves")
    }
}
