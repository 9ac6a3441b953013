import Foundation
import Testing

@testable import MotionCore

/// The analysis's level crossings of the velocity from each motion's own form (issue 15): the
/// quadratics of cubic and Bézier keyframes, Newton's method on a spring's exact acceleration,
/// each checked against an independent closed form or a bisection to 1e-15 of one.
@Suite("Velocity crossings in closed form")
struct VelocityCrossingTests {
    /// Bisection of a sign change of `f` in [l, h] to the resolution of a double.
    func bisect(_ l: Double, _ h: Double, _ f: (Double) -> Double) -> Double {
        var a = l, b = h
        let negativeAtA = f(a) < 0
        for _ in 0..<200 where b - a > 1e-15 * max(1, abs(a)) {
            let m = (a + b) / 2
            if (f(m) < 0) == negativeAtA { a = m } else { b = m }
        }
        return (a + b) / 2
    }

    /// On each stretch between consecutive `cuts` (monotone velocity; each end moved in by
    /// `inset`), a level between the ends' velocities: the closed-form crossing agrees with a
    /// bisection of the segment's own velocity within `tolerance` (s). The stretches checked.
    func checkStretches(of segment: KeyframeSegment, cuts: [Double], inset: Double, tolerance: Double, using rng: inout SeededGenerator) -> Int {
        var checked = 0
        for k in 0..<(cuts.count - 1) where cuts[k + 1] - cuts[k] > max(1e-6, 4 * inset) {
            let l = cuts[k] + inset, h = cuts[k + 1] - inset
            let vl = segment.evaluate(local: l).velocity, vh = segment.evaluate(local: h).velocity
            guard abs(vh - vl) > 1e-6 * max(abs(vl), abs(vh), 1) else { continue }
            let level = vl + (vh - vl) * Double.random(in: 0.05...0.95, using: &rng)
            guard let t = segment.localTime(whereVelocityIs: level, from: l, to: h) else {
                Issue.record("\(segment.shape): no crossing of \(level) in [\(l), \(h)]")
                continue
            }
            let reference = bisect(l, h) { segment.evaluate(local: $0).velocity - level }
            #expect(close(t, reference, tolerance), "\(segment.shape), level \(level) in [\(l), \(h)]: \(t) vs \(reference)")
            checked += 1
        }
        return checked
    }

    // MARK: Cubic keyframes

    @Test("a Hermite cubic from rest to rest: v = (6s − 6s²)/d reaches 1/d at s = (1 ∓ 1/√3)/2")
    func hermiteQuadratic() {
        let d = 2.0
        let segment = KeyframeSegment(keyframeIndex: 0, shape: .cubic(startVelocity: 0, endVelocity: 0), start: 0, duration: d, from: 0, to: 1)
        let rising = segment.localTime(whereVelocityIs: 1 / d, from: 0, to: d / 2)
        let falling = segment.localTime(whereVelocityIs: 1 / d, from: d / 2, to: d)
        #expect(rising.map { close($0, d * (1 - 1 / 3.0.squareRoot()) / 2, 1e-14) } == true)
        #expect(falling.map { close($0, d * (1 + 1 / 3.0.squareRoot()) / 2, 1e-14) } == true)
        // No crossing of a level above the top speed 1.5/d in either half.
        #expect(segment.localTime(whereVelocityIs: 2 / d, from: 0, to: d / 2) == nil)
    }

    @Test("random Hermite cubics: the crossing agrees with a bisection of the segment's velocity to 1e-12 s")
    func hermiteRandom() {
        var rng = SeededGenerator(seed: 15)
        var checked = 0
        for _ in 0..<500 {
            let d = Double.random(in: 0.05...1, using: &rng)
            let segment = KeyframeSegment(
                keyframeIndex: 0,
                shape: .cubic(startVelocity: .random(in: -300...300, using: &rng), endVelocity: .random(in: -300...300, using: &rng)),
                start: 0, duration: d, from: .random(in: -50...50, using: &rng), to: .random(in: -50...50, using: &rng))
            // Monotone stretches: cut at the velocity's turn.
            checked += checkStretches(of: segment, cuts: [0] + segment.velocityTurns + [d], inset: 0, tolerance: 1e-12, using: &rng)
        }
        #expect(checked >= 500)
    }

    // MARK: Bézier keyframes

    @Test("a Bézier whose x is linear (control x at ⅓, ⅔): dy/dx = 6u − 6u² equals 1 at x = (1 − 1/√3)/2")
    func bezierClosedForm() throws {
        let curve = try #require(UnitCurve(x1: 1.0 / 3, y1: 0, x2: 2.0 / 3, y2: 1))
        let x = try #require(curve.progress(whereSlopeIs: 1, from: 0, to: 0.5))
        #expect(close(x, (1 - 1 / 3.0.squareRoot()) / 2, 1e-14))
        let second = try #require(curve.progress(whereSlopeIs: 1, from: 0.5, to: 1))
        #expect(close(second, (1 + 1 / 3.0.squareRoot()) / 2, 1e-14))
        // The identity curve's slope is 1 everywhere: no single crossing.
        #expect(UnitCurve.linear.progress(whereSlopeIs: 1, from: 0, to: 1) == nil)
    }

    @Test("named and random Béziers, overshooting ones too: the crossing agrees with a bisection of the segment's velocity to 1e-11 s")
    func bezierRandom() throws {
        var rng = SeededGenerator(seed: 16)
        var curves: [UnitCurve] = [.easeIn, .easeOut, .easeInOut]
        for _ in 0..<200 {
            curves.append(
                try #require(
                    UnitCurve(
                        x1: .random(in: 0...1, using: &rng), y1: .random(in: -1...2, using: &rng), x2: .random(in: 0...1, using: &rng),
                        y2: .random(in: -1...2, using: &rng))))
        }
        var checked = 0
        for curve in curves {
            let d = Double.random(in: 0.05...1, using: &rng)
            let segment = KeyframeSegment(
                keyframeIndex: 0, shape: .linear(curve: curve), start: 0, duration: d, from: 0, to: .random(in: 1...100, using: &rng))
            checked += checkStretches(of: segment, cuts: [1e-9] + segment.velocityTurns + [d - 1e-9], inset: 1e-7, tolerance: 1e-11, using: &rng)
        }
        #expect(checked >= 200)
    }

    // MARK: Springs (Newton's method)

    @Test("an under-damped spring from rest: v = Δ·ω0²/ωd·e^{−λt}·sin ωd t turns at π/ωd and reaches half its top speed where the closed form does")
    func springNewton() throws {
        let spring = Spring(response: 0.5, dampingRatio: 0.3)
        let target = 10.0
        let timeline = try KeyframeTimeline(
            initial: [("x", 0)], tracks: [KeyframeTrack(property: "x", keyframes: [.spring(to: target, duration: 3, spring: spring)])])
        let motion = TrackProperty(timeline, index: 0)
        let w0 = spring.angularFrequency, lambda = spring.dampingRatio * w0, wd = w0 * (1 - spring.dampingRatio * spring.dampingRatio).squareRoot()
        let v = { (t: Double) in target * w0 * w0 / wd * exp(-lambda * t) * sin(wd * t) }
        // Top speed where tan ωd t = ωd/λ.
        let top = atan(wd / lambda) / wd
        // The turn: v falls through 0 on [top, top + π/ωd].
        let l = top + 0.01, h = top + .pi / wd - 0.01
        let turn = try #require(motion.velocityCrossing(of: 0, l, h, motion.velocity(l), motion.velocity(h)))
        #expect(close(turn, .pi / wd, 1e-10))
        // Half the top speed on the rise [0, top].
        let level = v(top) / 2
        let a = 1e-6, b = top - 1e-6
        let rise = try #require(motion.velocityCrossing(of: level, a, b, motion.velocity(a) - level, motion.velocity(b) - level))
        #expect(close(rise, bisect(a, b) { v($0) - level }, 1e-10))
    }

    @Test("safeguarded Newton: a bracket that ends where the derivative vanishes (sin t − ½ on [0, π/2]) and a triple root")
    func safeguards() {
        var evaluations = 0
        let x = SafeguardedNewton.solve(0, .pi / 2, -0.5, 0.5, tolerance: 1e-10) { t in
            evaluations += 1
            return (sin(t) - 0.5, cos(t))
        }
        #expect(close(x, .pi / 6, 1e-10))
        #expect(evaluations <= 8, "\(evaluations) evaluations")
        let y = SafeguardedNewton.solve(0, 1, -0.027, 0.343, tolerance: 1e-10) { t in ((t - 0.3) * (t - 0.3) * (t - 0.3), 3 * (t - 0.3) * (t - 0.3)) }
        // f is below 1e-30 within 1e-10 of 0.3; the answer is within the bracket's tolerance of it.
        #expect(close(y, 0.3, 1e-9))
    }

    @Test(
        "safeguarded Newton stops once converged, also when its last point became a bracket end or its convergence shows the last step lands within the tolerance: damped cosines, root (π/2 − φ)/ω"
    )
    func convergedOnTheBracketEnd() {
        // e^{−λt}·cos(ωt + φ) and its derivative; its first zero after 0 is (π/2 − φ)/ω.
        func wave(_ omega: Double, _ phase: Double, _ lambda: Double) -> (Double) -> (value: Double, slope: Double) {
            { t in
                let e = exp(-lambda * t)
                return (e * cos(omega * t + phase), e * (-lambda * cos(omega * t + phase) - omega * sin(omega * t + phase)))
            }
        }
        // Here Newton's last step is below the last bit of t (t comes back unchanged, on the end
        // of the bracket it has just become): the solver used to bisect the whole bracket from
        // there, 29 evaluations in all.
        let f = wave(3.31, 0.07, 0.5)
        let root = (Double.pi / 2 - 0.07) / 3.31
        let (l, h) = (root - 0.6 / 3.31, root + 0.4 / 3.31)
        var evaluations = 0
        let x = SafeguardedNewton.solve(l, h, f(l).value, f(h).value, tolerance: 1e-10) { t in
            evaluations += 1
            return f(t)
        }
        #expect(close(x, root, 1e-10))
        #expect(evaluations <= 8, "\(evaluations) evaluations")
        // A sweep of frequencies, phases, dampings and brackets around the root.
        var worst = (evaluations: 0, error: 0.0)
        var total = 0, solves = 0
        for k in 1...3_000 {
            let omega = 3 + Double(k % 97) * 0.31, phase = Double(k % 89) * 0.07, lambda = Double(k % 13) * 0.5
            let g = wave(omega, phase, lambda)
            let root = (Double.pi / 2 - phase) / omega
            let (l, h) = (root - 0.3 / omega * Double(1 + k % 3), root + 0.2 / omega * Double(1 + k % 5))
            guard l >= 0 else { continue }
            var count = 0
            let x = SafeguardedNewton.solve(l, h, g(l).value, g(h).value, tolerance: 1e-10) { t in
                count += 1
                return g(t)
            }
            worst = (max(worst.evaluations, count), max(worst.error, abs(x - root)))
            total += count
            solves += 1
        }
        #expect(worst.error <= 1e-10)
        #expect(worst.evaluations <= 8, "\(worst.evaluations) evaluations at most")
        // Stopped once two Newton steps show the quadratic convergence that puts the last one
        // within the tolerance: 2.9 evaluations a solve on this sweep, where waiting for a step
        // under the tolerance took 3.8.
        #expect(solves >= 400 && Double(total) / Double(solves) < 3.2, "\(total) evaluations for \(solves) solves")
    }

    @Test(
        "safeguarded Halley: the same damped cosines from their value, slope and curvature, to 1e-10 in fewer evaluations than Newton's method; a bracket ending where the slope vanishes and a triple root"
    )
    func halley() {
        var worst = (evaluations: 0, error: 0.0)
        var total = 0, newtonTotal = 0, solves = 0
        for k in 1...3_000 {
            let omega = 3 + Double(k % 97) * 0.31, phase = Double(k % 89) * 0.07, lambda = Double(k % 13) * 0.5
            // e^{−λt}·cos(ωt + φ), its first and second derivatives; its first zero after 0 is (π/2 − φ)/ω.
            let g = { (t: Double) -> (value: Double, slope: Double, curvature: Double) in
                let e = exp(-lambda * t), c = cos(omega * t + phase), s = sin(omega * t + phase)
                return (e * c, e * (-lambda * c - omega * s), e * ((lambda * lambda - omega * omega) * c + 2 * lambda * omega * s))
            }
            let root = (Double.pi / 2 - phase) / omega
            let (l, h) = (root - 0.3 / omega * Double(1 + k % 3), root + 0.2 / omega * Double(1 + k % 5))
            guard l >= 0 else { continue }
            var count = 0, newtonCount = 0
            let x = SafeguardedHalley.solve(l, h, g(l).value, g(h).value, tolerance: 1e-10) { t in
                count += 1
                return g(t)
            }
            _ = SafeguardedNewton.solve(l, h, g(l).value, g(h).value, tolerance: 1e-10) { t in
                newtonCount += 1
                let y = g(t)
                return (y.value, y.slope)
            }
            worst = (max(worst.evaluations, count), max(worst.error, abs(x - root)))
            total += count
            newtonTotal += newtonCount
            solves += 1
        }
        #expect(worst.error <= 1e-10)
        #expect(worst.evaluations <= 8, "\(worst.evaluations) evaluations at most")
        #expect(solves >= 400 && total < newtonTotal * 9 / 10, "\(total) evaluations for \(solves) solves, Newton's method \(newtonTotal)")
        // sin t − ½ on [0, π/2] (the slope vanishes at π/2), and (t − 0.3)³.
        let x = SafeguardedHalley.solve(0, .pi / 2, -0.5, 0.5, tolerance: 1e-10) { t in (sin(t) - 0.5, cos(t), -sin(t)) }
        #expect(close(x, .pi / 6, 1e-10))
        let y = SafeguardedHalley.solve(0, 1, -0.027, 0.343, tolerance: 1e-10) { t in
            ((t - 0.3) * (t - 0.3) * (t - 0.3), 3 * (t - 0.3) * (t - 0.3), 6 * (t - 0.3))
        }
        #expect(close(y, 0.3, 1e-9))
    }
}
