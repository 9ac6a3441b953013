import Foundation
import Testing

@testable import MotionCore

/// `Spring.waves` (CMotionMath's two-lane `motionsync_exp_pair` and
/// `motionsync_sincos_pair`) against the one-lane routines they stand in for: every lane must
/// give the same bits as `Spring.exponential` and `Spring.sineCosine`, whatever the other lane
/// holds, since the analysis sums the terms it pairs exactly as it sums the ones it does not.
@Suite("two springs' waves at once")
struct SpringWavePairTests {
    /// The bits of a lane against the one-lane routines' (NaN as NaN: its payload may differ).
    static func same(_ a: Double, _ b: Double) -> Bool {
        a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    }

    static func check(_ first: (exponent: Double, angle: Double), _ second: (exponent: Double, angle: Double)) -> Bool {
        let (w0, w1) = Spring.waves(first, second)
        let s0 = Spring.Wave(first), s1 = Spring.Wave(second)
        return same(w0.decay, s0.decay) && same(w0.sin, s0.sin) && same(w0.cos, s0.cos)
            && same(w1.decay, s1.decay) && same(w1.sin, s1.sin) && same(w1.cos, s1.cos)
    }

    @Test("the bits of one lane at a time over the arguments springs give")
    func springArguments() {
        var rng = SeededGenerator(seed: 41)
        var mismatches = 0
        for _ in 0..<200_000 {
            let a = (Double.random(in: -60..<0, using: &rng), Double.random(in: -2_000..<6_000, using: &rng))
            let b = (Double.random(in: -60..<0, using: &rng), Double.random(in: -2_000..<6_000, using: &rng))
            if !Self.check(a, b) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("next to multiples of π/2 in one lane or both: the reduction's second and third parts, lane by lane")
    func quadrantBoundaries() {
        var angles: [Double] = []
        for k in stride(from: 1.0, through: 500_000, by: 997) {
            let x = k * Double.pi / 2
            angles += [x, x.nextUp, x.nextDown, -x]
        }
        var rng = SeededGenerator(seed: 42)
        var mismatches = 0
        for x in angles {
            let plain = Double.random(in: 0..<100, using: &rng)
            if !Self.check((-0.5, x), (-1.5, plain)) { mismatches += 1 }
            if !Self.check((-0.5, plain), (-1.5, x)) { mismatches += 1 }
            if !Self.check((-0.5, x), (-1.5, x.nextUp)) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("an argument beyond either reduction, infinite or NaN in one lane: both lanes as one at a time")
    func beyondTheReductions() {
        let odd: [Double] = [823_549.0, 823_551.0, 1e6, 1e300, -1e300, .infinity, -.infinity, .nan, 0, -0.0, .leastNonzeroMagnitude]
        let exponents: [Double] = [-708, -707.9, 707.9, 708, -745, 709.8, -.infinity, .infinity, .nan, 0, -0.0, -1e-300]
        var mismatches = 0
        for x in odd {
            for y in [0.3, -2.0, 1_000.0] {
                if !Self.check((-1, x), (-2, y)) { mismatches += 1 }
                if !Self.check((-1, y), (-2, x)) { mismatches += 1 }
            }
        }
        for x in exponents {
            for y in [-0.3, -20.0, 3.0] {
                if !Self.check((x, 1), (y, 2)) { mismatches += 1 }
                if !Self.check((y, 1), (x, 2)) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("an under-damped spring's value, velocity, acceleration and jerk from a paired wave are the one-lane ones")
    func oscillationFromPairedWave() {
        let first = Spring.Oscillation(Spring(response: 0.4, dampingRatio: 0.6), target: 37, initialVelocity: 0)
        let second = Spring.Oscillation(Spring(response: 0.27, dampingRatio: 0.35), target: -5, initialVelocity: 3)
        for t in stride(from: 0.001, through: 3.0, by: 0.0137) {
            let (w0, w1) = Spring.waves(first.underDampedArguments(at: t), second.underDampedArguments(at: t * 1.3))
            #expect(first.offset(w0) == first.offset(at: t))
            #expect(second.offset(w1) == second.offset(at: t * 1.3))
            #expect(first.velocityAccelerationAndJerk(w0) == first.velocityAccelerationAndJerk(at: t))
            #expect(second.velocityAccelerationAndJerk(w1) == second.velocityAccelerationAndJerk(at: t * 1.3))
        }
    }
}

/// A phase property's evaluation pairs its under-damped terms' waves and stops at the first term
/// that starts after the time; neither may change a bit of what the plain term-by-term sum gives.
@Suite("phase properties with paired waves")
struct PhasePropertyPairingTests {
    /// The sum `PhaseProperty.state` stands for, term by term, every term visited, one wave each.
    static func plainState(_ m: PhaseProperty, _ time: Double) -> (value: Double, velocity: Double) {
        let t = m.isRepeating ? time : min(time, m.duration)
        let moving = m.isRepeating || time <= m.duration
        guard let active = m.activeTerms(from: m.isRepeating ? t : time, to: m.isRepeating ? t : time) else {
            return m.timeline.state(of: m.index, at: time, afterCycles: m.cycles)
        }
        var value = m.base, rate = 0.0
        for k in active {
            let term = m.terms[k]
            guard term.animated else {
                if time - term.origin > 0 { value += term.delta }
                continue
            }
            let local = t - term.origin
            if local > term.settled && term.settled > 0 {
                value += term.delta
                continue
            }
            let progress = m.progresses[k].at(local)
            value += term.delta * progress.value
            if moving { rate += term.delta * progress.rate }
        }
        return (value, rate)
    }

    @Test("states equal the plain sum to the bit (under-damped, critical and over-damped springs, Béziers, delays, jumps, loops)")
    func statesEqualPlainSum() throws {
        var rng = SeededGenerator(seed: 43)
        let names = ["x", "y", "scale"]
        var paired = 0
        for trial in 0..<60 {
            var last = names.map { _ in Double.random(in: -50...50, using: &rng) }
            let phases = (0..<6).map { k -> Phase in
                for p in names.indices where Double.random(in: 0...1, using: &rng) < 0.7 { last[p] = Double.random(in: -50...50, using: &rng) }
                let zeta = [Double.random(in: 0.15...0.9, using: &rng), Double.random(in: 0.15...0.9, using: &rng), 1.0, 1.6][
                    Int.random(in: 0...3, using: &rng)]
                let curve: PhaseAnimation.Curve =
                    Int.random(in: 0..<4, using: &rng) > 0
                    ? .spring(Spring(response: Double.random(in: 0.15...0.6, using: &rng), dampingRatio: zeta))
                    : .bezier(.easeInOut, duration: Double.random(in: 0.1...0.4, using: &rng))
                let animation: PhaseAnimation? =
                    k > 0 && Int.random(in: 0..<7, using: &rng) == 0
                    ? nil
                    : PhaseAnimation(curve, delay: Double.random(in: 0...0.05, using: &rng), speed: Double.random(in: 0.8...1.5, using: &rng))
                return Phase(name: "p\(k)", values: names.indices.map { (names[$0], last[$0]) }, animation: animation)
            }
            let timeline = try PhaseTimeline(phases: phases, repeating: trial % 3 == 0)
            for p in names.indices {
                let motion = PhaseProperty(timeline, index: p, span: timeline.duration + 1)
                // Each under-damped term's partner is the next under-damped term.
                let under = motion.progresses.indices.filter { motion.partners[$0] != PhaseTermLayout.notUnderDamped }
                for (i, k) in under.enumerated() { #expect(motion.partners[k] == (i + 1 < under.count ? under[i + 1] : -1)) }
                if under.count > 1 { paired += 1 }
                var mismatches = 0
                for _ in 0..<300 {
                    let time = Double.random(in: -0.05...(timeline.duration + 0.3), using: &rng)
                    let state = motion.state(time), plain = Self.plainState(motion, time)
                    if state.value.bitPattern != plain.value.bitPattern || state.velocity.bitPattern != plain.velocity.bitPattern { mismatches += 1 }
                }
                #expect(mismatches == 0, "trial \(trial), property \(names[p])")
            }
        }
        #expect(paired > 20, "properties with several under-damped terms to pair")
    }

    @Test("a negative delay turns the early stop off (its term moves before its origin) and the states still equal the plain sum")
    func negativeDelayKeepsEveryTerm() throws {
        let spring = PhaseAnimation.Curve.spring(Spring(response: 0.3, dampingRatio: 0.4))
        let phases = [
            Phase(name: "a", values: [("x", 0)], animation: PhaseAnimation(spring)),
            Phase(name: "b", values: [("x", 10)], animation: PhaseAnimation(spring)),
            Phase(name: "c", values: [("x", -4)], animation: PhaseAnimation(spring, delay: -0.2, speed: 1)),
        ]
        let timeline = try PhaseTimeline(phases: phases, repeating: false)
        let motion = PhaseProperty(timeline, index: 0, span: timeline.duration + 1)
        #expect(!motion.ordered)
        let ordinary = PhaseProperty(
            try PhaseTimeline(
                phases: phases.map { Phase(name: $0.name, values: [("x", $0.values["x"] ?? 0)], animation: PhaseAnimation(spring)) }, repeating: false
            ), index: 0, span: 10)
        #expect(ordinary.ordered)
        for time in stride(from: -0.05, through: timeline.duration + 0.2, by: 0.0173) {
            let state = motion.state(time), plain = Self.plainState(motion, time)
            #expect(state.value.bitPattern == plain.value.bitPattern && state.velocity.bitPattern == plain.velocity.bitPattern, "t = \(time)")
        }
    }
}
