import Foundation
import Testing

@testable import MotionCore

@Suite("Phase timelines")
struct PhaseTimelineTests {
    func easeInOut(_ d: Double, delay: Double = 0) -> PhaseAnimation { PhaseAnimation(.bezier(.easeInOut, duration: d), delay: delay) }

    @Test("triggered easeInOut steps with delays start at the previous step's logical completion")
    func triggeredSequence() throws {
        let t = try PhaseTimeline(
            phases: [
                Phase(name: "a", values: [("x", 0)], animation: easeInOut(0.4)),
                Phase(name: "b", values: [("x", 1)], animation: easeInOut(0.3, delay: 0.1)),
                Phase(name: "c", values: [("x", 2)], animation: easeInOut(0.2, delay: 0.05)),
            ], repeating: false)
        // Steps into b, c, then back to a: starts 0, 0.1 + 0.3, 0.4 + 0.05 + 0.2.
        #expect(t.steps.map(\.start).enumerated().allSatisfy { close($1, [0, 0.4, 0.65][$0], 1e-12) })
        #expect(close(t.duration, 1.05, 1e-12))
        #expect(t.value(of: "x", at: 0.1) == 0, "still waiting for its delay")
        #expect(close(t.value(of: "x", at: 0.25)!, 0.5, 1e-12), "halfway through easeInOut is 0.5")
        #expect(close(t.value(of: "x", at: 0.175)!, UnitCurve.easeInOut.value(at: 0.25), 1e-12))
        #expect(t.value(of: "x", at: 0.4) == 1)
        #expect(t.value(of: "x", at: 0.45) == 1, "the second step's delay")
        #expect(t.value(of: "x", at: 0.65) == 2)
        #expect(close(t.value(of: "x", at: 0.85)!, 1, 1e-12))
        #expect(t.value(of: "x", at: 1.05) == 0, "the triggered cycle ends on phase 0")
        #expect(t.value(of: "x", at: 5) == 0)
        #expect(t.value(of: "x", at: -1) == 0)
    }

    @Test("speed divides the curve's duration, not its delay")
    func speed() throws {
        let t = try PhaseTimeline(
            phases: [
                Phase(name: "a", values: [("x", 0)], animation: easeInOut(0.2)),
                Phase(name: "b", values: [("x", 1)], animation: PhaseAnimation(.bezier(.linear, duration: 0.4), delay: 0.1, speed: 2)),
            ], repeating: false)
        #expect(close(t.steps[1].start, 0.1 + 0.4 / 2, 1e-12))
        #expect(close(t.value(of: "x", at: 0.2)!, 0.5, 1e-12))
    }

    @Test("spring steps advance at their response, while the spring still settles; overlaps add")
    func springSteps() throws {
        let lift = Spring(duration: 0.4, bounce: 0.25)
        let settle = Spring(duration: 0.5, bounce: 0.2)
        let t = try PhaseTimeline(
            phases: [
                Phase(name: "rest", values: [("y", 0)], animation: PhaseAnimation(.spring(settle))),
                Phase(name: "up", values: [("y", -8)], animation: PhaseAnimation(.spring(lift))),
            ], repeating: false)
        #expect(close(t.steps[1].start, 0.4, 1e-12), "the return starts at the lift's response")
        #expect(close(t.duration, 0.4 + settle.settlingDuration, 1e-12))
        // Independent sum: each step contributes Δ · unit-spring progress.
        for time in [0.1, 0.39, 0.41, 0.6, 0.9] {
            var expected = -8 * lift.value(target: 1, time: time)
            if time > 0.4 { expected += 8 * settle.value(target: 1, time: time - 0.4) }
            #expect(close(t.value(of: "y", at: time)!, expected, 1e-12), "at \(time)")
        }
        #expect(abs(t.value(of: "y", at: t.duration)!) < 8 * 0.0011, "ends on phase 0 within the settling ε")
    }

    @Test("Animation.default is spring(response: 0.55, dampingFraction: 1), complete at 0.55 s")
    func defaultAnimation() throws {
        let t = try PhaseTimeline(phases: [Phase(name: "a", values: [("s", 1)]), Phase(name: "b", values: [("s", 1.15)])], repeating: false)
        #expect(close(t.steps[1].start, 0.55, 1e-12))
        #expect(PhaseAnimation.default.curve == .spring(Spring(response: 0.55, dampingRatio: 1)))
    }

    @Test("a nil animation jumps at the step's start")
    func jump() throws {
        let t = try PhaseTimeline(
            phases: [
                Phase(name: "a", values: [("o", 0)], animation: easeInOut(0.3)),
                Phase(name: "b", values: [("o", 1)], animation: nil),
            ], repeating: false)
        #expect(t.steps[0].logicalDuration == 0)
        #expect(t.value(of: "o", at: 0) == 0)
        #expect(t.value(of: "o", at: 1e-9)! > 0.999999, "jumped to b, then already easing back")
        #expect(t.value(of: "o", at: 0.15) == 0.5)
        #expect(t.velocity(of: "o", at: 1e-9)! <= 0)
    }

    @Test("a property left out of a phase takes phase 0's value; equal phases move nothing but take time")
    func missingValuesAndEqualPhases() throws {
        let t = try PhaseTimeline(
            phases: [
                Phase(name: "rest", values: [("scale", 1), ("y", 0)], animation: PhaseAnimation(.bezier(.easeOut, duration: 0.35), delay: 1.5)),
                Phase(name: "lift", values: [("scale", 1.1), ("y", -8)], animation: easeInOut(0.2)),
                Phase(name: "tilt", values: [("rotation", 2)], animation: easeInOut(0.2)),
                Phase(name: "settled", values: [], animation: easeInOut(0.2)),
            ], repeating: true)
        #expect(t.values[2] == [1, 0, 2], "tilt returns scale and y to phase 0's values")
        #expect(t.steps[3].deltas == [0, 0, 0], "settled → rest: equal phases")
        #expect(close(t.cycleDuration, 0.2 + 0.2 + 0.2 + 1.5 + 0.35, 1e-12))
        #expect(t.value(of: "scale", at: 0.7) == 1)
    }

    @Test("a repeating cycle restarts at its logical end and carries the previous cycle's tail")
    func repeatingCycle() throws {
        let spring = Spring(duration: 0.3, bounce: 0.5)
        let t = try PhaseTimeline(
            phases: [
                Phase(name: "a", values: [("x", 0)], animation: PhaseAnimation(.spring(spring))),
                Phase(name: "b", values: [("x", 1)], animation: PhaseAnimation(.spring(spring))),
            ], repeating: true)
        #expect(close(t.duration, 0.6, 1e-12))
        // At 0.65 the first cycle's steps are still settling and the second cycle's first step has begun.
        let time = 0.65
        let expected = spring.value(target: 1, time: time) - spring.value(target: 1, time: time - 0.3) + spring.value(target: 1, time: time - 0.6)
        #expect(close(t.value(of: "x", at: time)!, expected, 1e-12))
        // Far out, the value is the same as one cycle later (steady state).
        #expect(close(t.value(of: "x", at: 100.1)!, t.value(of: "x", at: 100.7)!, 1e-9))
    }

    @Test("never-settling springs, one phase and a zero-length loop are refused")
    func refusals() {
        #expect(throws: MotionError.tooFewPhases(count: 1)) { try PhaseTimeline(phases: [Phase(name: "a", values: [])], repeating: false) }
        #expect(throws: MotionError.phaseNeverSettles(phase: 1)) {
            try PhaseTimeline(
                phases: [
                    Phase(name: "a", values: []), Phase(name: "b", values: [], animation: PhaseAnimation(.spring(Spring(duration: 1, bounce: 1)))),
                ], repeating: false)
        }
        #expect(throws: MotionError.zeroLengthCycle) {
            try PhaseTimeline(
                phases: [Phase(name: "a", values: [("x", 0)], animation: nil), Phase(name: "b", values: [("x", 1)], animation: nil)], repeating: true)
        }
    }
}
