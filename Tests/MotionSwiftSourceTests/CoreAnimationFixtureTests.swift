import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// Issue 13: every Core Animation form read from `Fixtures/CoreAnimationForms.swift`, sampled
/// every millisecond against the closed forms of `LayerReference` (to 1e-9) and with its peaks
/// at their closed-form times (to 0.1 ms).
@Suite("Core Animation sources")
struct CoreAnimationFixtureTests {
    static let file = "CoreAnimationForms.swift"
    typealias R = LayerReference

    static func result() throws -> SwiftSourceResult { try extractFixture(file) }

    @Test("every animation of the file, named after its type and method, on the type's screen, at its declaration's line")
    func inventory() throws {
        let result = try Self.result()
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        #expect(
            result.animations.map(\.spec.id)
                == [
                    "dismissTapped", "slide", "spin", "didMoveToWindow", "bump", "settle", "sink", "sink-2",
                    "itemAdded", "blink", "pace", "swing", "glide", "shake", "pulse", "pulse-2",
                ].map { "BadgeLayerView." + $0 })
        #expect(Set(result.animations.map(\.screen)) == ["BadgeLayerView"])
        #expect(Set(result.animations.compactMap(\.spec.component)) == ["BadgeLayerView"])
        let declarations = [
            "let fade", "let move", "let turn", "let drop", "let grow", "let soft", "let heavy", "let free", "let pop", "let steps",
            "let even", "let curve", "let path", "let group", "let breathe", "let dot",
        ]
        #expect(result.animations.map(\.line) == (try declarations.map { try R.line(of: $0, in: Self.file) }))
        // Triggers: @IBAction is a tap, didMoveToWindow an appearance, anything else the method's event.
        #expect(result.animations[0].spec.trigger == .tap)
        #expect(result.animations[3].spec.trigger == .appear)
        #expect(result.animations[1].spec.trigger == .event("slide"))
        #expect(result.animations.allSatisfy { $0.spec.kind == "layer" })
    }

    // MARK: CABasicAnimation

    @Test("CABasicAnimation with a named timing function and a fill mode")
    func basicNamed() throws {
        let (fade, motion) = try R.found(try Self.result(), "BadgeLayerView.dismissTapped")
        #expect(motion.animations.count == 1 && motion.animations[0].timing.fillMode == .forwards)
        #expect(try fade.spec.timeline().duration == 0.35)
        try R.expectValues(fade, "opacity") { t in 1 - 0.8 * R.ease(min(t / 0.35, 1), R.easeInEaseOut) }
        try R.expectPeaks(fade, "opacity", at: [])
        #expect(motion.estimates.isEmpty)
    }

    @Test("CABasicAnimation with byValue, beginTime from CACurrentMediaTime(), speed, control points, a fractional repeatCount and autoreverses")
    func basicTiming() throws {
        let (slide, _) = try R.found(try Self.result(), "BadgeLayerView.slide")
        // from 20 by 100; active 1.5 × 2 × 0.5 s of local time at speed 2 after 0.1 s: ends at 0.85 s.
        #expect(abs(try slide.spec.timeline().duration - 0.85) <= 1e-12)
        try R.expectValues(slide, "position.x") { t in
            20 + 100 * R.bezier(R.localTime(t, begin: 0.1, duration: 0.5, speed: 2, repeatCount: 1.5, autoreverses: true) / 0.5, 0.3, 0.1, 0.2, 1)
        }
        // Turns where local time reaches the end (0.1 + 0.5/2) and comes back to the start (0.1 + 1/2).
        try R.expectPeaks(slide, "position.x", at: [0.35, 0.6], kinds: [.max, .min])
    }

    @Test("CABasicAnimation of a rotation transform: toValue − byValue, the default duration and timing function, timeOffset and repeatDuration")
    func basicTransform() throws {
        let (spin, motion) = try R.found(try Self.result(), "BadgeLayerView.spin")
        #expect(motion.animations[0].keyPath == "transform.rotation.z")
        let timeline = try spin.spec.timeline()
        #expect(abs(timeline.duration - 0.6) <= 1e-12)
        // Radians in code, degrees here: from 90° − 45° to 90°, over 0.25 s from 0.1 s in, wrapping.
        try R.expectValues(spin, "transform.rotation.z") { t in
            45 + 45 * R.ease(R.localTime(t, duration: 0.25, offset: 0.1, repeatDuration: 0.6) / 0.25, R.caDefault)
        }
        // The wraps: local time 0.1 + t reaches 0.25 and 0.5.
        let jumps = timeline.jumps(of: 0)
        #expect(jumps.count == 2 && abs(jumps[0].time - 0.15) <= 1e-12 && abs(jumps[1].time - 0.4) <= 1e-12)
        #expect(jumps.allSatisfy { abs($0.from - 90) <= 1e-9 && abs($0.to - 45) <= 1e-9 })
    }

    // MARK: CASpringAnimation

    @Test("CASpringAnimation with duration = settlingDuration: the damped oscillator with its initial velocity, until settled (estimated)")
    func springSettling() throws {
        let (drop, motion) = try R.found(try Self.result(), "BadgeLayerView.didMoveToWindow")
        let duration = R.settling(m: 1, c: 12, v0: 2)
        #expect(abs(try drop.spec.timeline().duration - duration) <= 1e-9)
        try R.expectValues(drop, "position.y") { t in 12 * R.oscillator(min(t, duration), m: 1, k: 200, c: 12, v0: 2) }
        let turns = R.oscillatorTurns(m: 1, k: 200, c: 12, v0: 2, count: 2)
        try R.expectPeaks(drop, "position.y", at: turns, kinds: [.max, .min])
        #expect(motion.estimates.count == 1 && motion.estimates[0].contains("settl"))
    }

    @Test("CASpringAnimation cut at its duration, mass and stiffness: peaks at kπ/ωd")
    func springCut() throws {
        let (grow, motion) = try R.found(try Self.result(), "BadgeLayerView.bump")
        #expect(try grow.spec.timeline().duration == 1.5)
        try R.expectValues(grow, "transform.scale") { t in 0.8 + 0.4 * R.oscillator(min(t, 1.5), m: 2, k: 300, c: 8, v0: 0) }
        // ωd = √(k/m − (c/2m)²) = √146; turns every π/ωd: five before the cut.
        let wd = 146.0.squareRoot()
        try R.expectPeaks(grow, "transform.scale", at: (1...5).map { Double($0) * .pi / wd }, kinds: [.max, .min, .max, .min, .max])
        #expect(motion.estimates.isEmpty, "a cut spring is exact")
    }

    @Test("CASpringAnimation(perceptualDuration:bounce:) is SwiftUI's spring(duration:bounce:), playing until settled")
    func springPerceptual() throws {
        let (soft, _) = try R.found(try Self.result(), "BadgeLayerView.settle")
        // Apple's mapping (SwiftUI's Spring(duration:bounce:)): k = (2π/d)², c = 4π(1 − bounce)/d, m = 1.
        let k = (2 * Double.pi / 0.4) * (2 * Double.pi / 0.4), c = 4 * Double.pi * 0.75 / 0.4
        let duration = R.settling(m: 1, c: c, v0: 0)
        #expect(abs(try soft.spec.timeline().duration - duration) <= 1e-9)
        try R.expectValues(soft, "bounds.size.width") { t in 40 + 24 * R.oscillator(min(t, duration), m: 1, k: k, c: c, v0: 0) }
        let wd = (k - c * c / 4).squareRoot()
        let found = try R.peaks(soft, "bounds.size.width")
        #expect(!found.isEmpty)
        for (n, p) in found.enumerated() { #expect(abs(p.time - Double(n + 1) * .pi / wd) <= 1e-4) }
    }

    @Test("an over-damped CASpringAnimation is critically damped unless allowsOverdamping")
    func springOverdamped() throws {
        let result = try Self.result()
        let (heavy, _) = try R.found(result, "BadgeLayerView.sink")
        let (free, _) = try R.found(result, "BadgeLayerView.sink-2")
        // ζ = 30 / (2·√100) = 1.5; clamped: the critical damping 2√(km) = 20.
        try R.expectValues(heavy, "position.y") { t in 100 - 100 * R.oscillator(min(t, 0.8), m: 1, k: 100, c: 20, v0: 0) }
        try R.expectValues(free, "position.x") { t in 50 * R.oscillator(min(t, 0.8), m: 1, k: 100, c: 30, v0: 0) }
        try R.expectPeaks(heavy, "position.y", at: [])
        try R.expectPeaks(free, "position.x", at: [])
    }

    // MARK: CAKeyframeAnimation

    @Test("CAKeyframeAnimation, linear, with keyTimes and a timing function per segment")
    func keyframesLinear() throws {
        let (pop, _) = try R.found(try Self.result(), "BadgeLayerView.itemAdded")
        let values = [1.0, 1.3, 0.9, 1.0], keys = [0, 0.3, 0.7, 1.0]
        try R.expectValues(pop, "transform.scale") { t in R.linearKeys(values, keys, [R.easeOut, R.easeInEaseOut, R.easeIn], at: min(t / 0.4, 1)) }
        try R.expectPeaks(pop, "transform.scale", at: [0.3 * 0.4, 0.7 * 0.4], kinds: [.max, .min])
    }

    @Test("CAKeyframeAnimation, discrete: each value from its key time, a jump at each key")
    func keyframesDiscrete() throws {
        let (steps, _) = try R.found(try Self.result(), "BadgeLayerView.blink")
        let timeline = try steps.spec.timeline()
        try R.expectValues(steps, "position.y", phase: 0.5) { t in R.discrete([310, 60, 120, 60], [0, 0.25, 0.5, 0.75, 1], at: t) }
        #expect(timeline.jumps(of: 0).map(\.time) == [0.25, 0.5, 0.75])
        #expect(timeline.jumps(of: 0).map(\.to) == [60, 120, 60])
    }

    @Test("CAKeyframeAnimation, paced: key times from the distance travelled (Apple's example), constant speed")
    func keyframesPaced() throws {
        let (even, _) = try R.found(try Self.result(), "BadgeLayerView.pace")
        // Distances 250, 60, 60, 250 of 620 over 6.2 s: keys at 0, 2.5, 3.1, 3.7, 6.2 s, 100 points a second.
        let keys = [0, 2.5, 3.1, 3.7, 6.2].map { $0 / 6.2 }
        try R.expectValues(even, "position.y") { t in R.linearKeys([310, 60, 120, 60, 310], keys, at: min(t / 6.2, 1)) }
        try R.expectPeaks(even, "position.y", at: [2.5, 3.1, 3.7], kinds: [.min, .max, .min])
    }

    @Test("CAKeyframeAnimation, cubic: a Kochanek–Bartels spline with tension, continuity and bias, evaluated from its formula")
    func keyframesCubic() throws {
        let (curve, _) = try R.found(try Self.result(), "BadgeLayerView.swing")
        let values = [310.0, 60, 120, 60, 310], keys = [0, 0.2, 0.5, 0.75, 1.0]
        let (t, c, b) = ([0.0, 0.3, -0.2, 0.5, 0], [0.0, -0.4, 0.1, 0.2, 0], [0.0, 0.25, 0, -0.3, 0])
        try R.expectValues(curve, "position.y") { time in R.kochanekBartels(values, times: keys, t: t, c: c, b: b, at: min(time / 2, 1)) }
        let turns = R.kochanekBartelsTurns(values, times: keys, t: t, c: c, b: b).map { $0 * 2 }
        // Five turns: a min, a max just before the key 120, a corner at it (continuity 0.1 makes the
        // incoming tangent −7.9 and the outgoing +6.5: a min), a max just after, a min. The corner's
        // dip is 0.06 points, far below the analysis's prominence: one max stays, the higher one.
        #expect(turns.count == 5 && abs(turns[2] - 1) <= 1e-12)
        let value = { (u: Double) in R.kochanekBartels(values, times: keys, t: t, c: c, b: b, at: u / 2) }
        let top = value(turns[1]) >= value(turns[3]) ? turns[1] : turns[3]
        try R.expectPeaks(curve, "position.y", at: [turns[0], top, turns[4]], kinds: [.min, .max, .min])
    }

    @Test("CAKeyframeAnimation, cubicPaced, of points: segments timed by their arc length (Simpson's rule here)")
    func keyframesCubicPaced() throws {
        let (glide, motion) = try R.found(try Self.result(), "BadgeLayerView.glide")
        #expect(motion.animations[0].components == ["x", "y"])
        let points: [[Double]] = [[0, 0], [100, 50], [120, 200]]
        let zeros = [0.0, 0, 0]
        // Uniform Catmull-Rom (all parameters 0, no spacing adjustment in the parameter), per component.
        func tangents(_ c: Int) -> (outgoing: [Double], incoming: [Double]) {
            R.kochanekBartelsTangents(points.map { $0[c] }, times: [0, 0.5, 1], t: zeros, c: zeros, b: zeros)
        }
        func position(_ j: Int, _ s: Double, _ c: Int) -> Double {
            R.kochanekBartels(points.map { $0[c] }, times: [0, 0.5, 1], t: zeros, c: zeros, b: zeros, at: (Double(j) + s) / 2)
        }
        func speed(_ j: Int, _ s: Double) -> Double {
            var sum = 0.0
            for c in 0..<2 {
                let (o, i) = tangents(c)
                let p0 = points[j][c], p1 = points[j + 1][c], m0 = o[j], m1 = i[j + 1]
                let d = (6 * s * s - 6 * s) * p0 + (3 * s * s - 4 * s + 1) * m0 + (-6 * s * s + 6 * s) * p1 + (3 * s * s - 2 * s) * m1
                sum += d * d
            }
            return sum.squareRoot()
        }
        func length(_ j: Int) -> Double {
            let n = 20_000
            var total = speed(j, 0) + speed(j, 1)
            for i in 1..<n { total += Double(i % 2 == 0 ? 2 : 4) * speed(j, Double(i) / Double(n)) }
            return total / Double(3 * n)
        }
        let key = length(0) / (length(0) + length(1))
        for (c, name) in ["position.x", "position.y"].enumerated() {
            try R.expectValues(glide, name) { t in
                let u = min(t, 1)
                return u <= key ? position(0, u / key, c) : position(1, (u - key) / (1 - key), c)
            }
        }
    }

    // MARK: CAAnimationGroup

    @Test("CAAnimationGroup: children on one timeline by beginTime, cut at the group's duration, the group repeating")
    func group() throws {
        let (shake, motion) = try R.found(try Self.result(), "BadgeLayerView.shake")
        #expect(motion.group?.duration == 0.2 && motion.group?.repeatCount == 2)
        #expect(motion.animations.map(\.keyPath) == ["position.x", "position.x", "opacity"])
        #expect(abs(try shake.spec.timeline().duration - 0.4) <= 1e-12)
        // Group time g = local time of the group (period 0.2, twice); left on [0, 0.1], right on [0.1, 0.2].
        try R.expectValues(shake, "position.x") { t in
            let g = R.localTime(t, duration: 0.2, repeatCount: 2)
            return g <= 0.1 ? -8 * g / 0.1 : -8 + 16 * (g - 0.1) / 0.1
        }
        // The opacity child (1 s) is cut at 0.2 s each time: 1 − g.
        try R.expectValues(shake, "opacity") { t in 1 - R.localTime(t, duration: 0.2, repeatCount: 2) }
        // A turn at −8 in each repetition; the end of the first jumps back to 0 (a jump, not a turn).
        try R.expectPeaks(shake, "position.x", at: [0.1, 0.3], kinds: [.min, .min])
        #expect(try shake.spec.timeline().jumps(of: 0).map(\.time) == [0.2])
    }

    @Test("repeatCount = .infinity with autoreverses loops one period; a duration never set plays 0.25 s")
    func loopAndDefault() throws {
        let result = try Self.result()
        let (breathe, _) = try R.found(result, "BadgeLayerView.pulse")
        let timeline = try breathe.spec.timeline()
        #expect(timeline.isRepeating && abs(timeline.duration - 1.2) <= 1e-12)
        try R.expectValues(breathe, "transform.scale", until: 1.2) { t in 1 + 0.08 * R.localTime(t, duration: 0.6, autoreverses: true) / 0.6 }
        let (dot, _) = try R.found(result, "BadgeLayerView.pulse-2")
        #expect(try dot.spec.timeline().duration == 0.25)
        try R.expectValues(dot, "strokeEnd") { t in min(t / 0.25, 1) }
    }
}
