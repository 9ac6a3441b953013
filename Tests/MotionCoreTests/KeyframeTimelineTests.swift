import Foundation
import Testing

@testable import MotionCore

@Suite("Keyframe timelines")
struct KeyframeTimelineTests {
    func track(_ keyframes: [Keyframe], initial: Double = 0) throws -> TrackTimeline {
        try TrackTimeline(track: KeyframeTrack(property: "p", keyframes: keyframes), initialValue: initial)
    }

    @Test("consecutive cubics form a Catmull-Rom spline: tangents equal the formula")
    func catmullRomTangents() throws {
        let t = try track([.cubic(to: 10, duration: 0.2), .cubic(to: -5, duration: 0.3), .cubic(to: 0, duration: 0.5)])
        let v = t.segments.map { s -> (Double, Double) in
            guard case .cubic(let a, let b) = s.shape else {
                Issue.record("not cubic")
                return (0, 0)
            }
            return (a, b)
        }
        // (to − P)/(d_prev + d), P the target two keyframes back (the initial value 0 for the 2nd).
        #expect(v[0].0 == 0)
        #expect(close(v[0].1, (-5 - 0) / (0.2 + 0.3), 1e-12))
        #expect(close(v[1].0, (-5 - 0) / (0.2 + 0.3), 1e-12))
        #expect(close(v[1].1, (0 - 10) / (0.3 + 0.5), 1e-12))
        #expect(close(v[2].0, (0 - 10) / (0.3 + 0.5), 1e-12))
        #expect(v[2].1 == 0)
    }

    @Test("value and velocity are continuous at every cubic–cubic boundary")
    func cubicContinuity() throws {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            let n = Int.random(in: 2...6, using: &rng)
            let keyframes = (0..<n).map { _ in
                Keyframe.cubic(to: Double.random(in: -50...50, using: &rng), duration: Double.random(in: 0.02...0.8, using: &rng))
            }
            let t = try track(keyframes, initial: Double.random(in: -10...10, using: &rng))
            for s in t.segments.dropLast() {
                let b = s.finish, h = 1e-9
                // Across 2h the value may move by |v|·2h; anything more is a jump.
                #expect(close(t.value(at: b), t.value(at: b + h), abs(t.velocity(at: b)) * 2 * h + 1e-9))
                #expect(close(t.velocity(at: b), t.velocity(at: b + 1e-12), 1e-6 * max(1, abs(t.velocity(at: b)))))
            }
        }
    }

    @Test("explicit velocities are used and handed across a cubic boundary")
    func explicitVelocities() throws {
        let t = try track([.cubic(to: 1, duration: 0.5, startVelocity: 3, endVelocity: -2), .cubic(to: 0, duration: 0.5)])
        #expect(close(t.velocity(at: 1e-12), 3, 1e-6))
        #expect(close(t.velocity(at: 0.5), -2, 1e-9))
        #expect(close(t.velocity(at: 0.5 + 1e-12), -2, 1e-6))
        let u = try track([.cubic(to: 1, duration: 0.5), .spring(to: 0, duration: 0.4, startVelocity: 5)])
        #expect(close(u.velocity(at: 0.5), 5, 1e-9), "the next spring's explicit start velocity ends the cubic")
    }

    @Test("a cubic before a spring ends at (spring.to − from)/(2d); before a linear at its start velocity")
    func cubicEndVelocityRules() throws {
        let a = try track([.cubic(to: 4, duration: 0.25), .spring(to: 10, duration: 0.3)], initial: 1)
        #expect(close(a.velocity(at: 0.25), (10 - 1) / (2 * 0.25), 1e-9))
        #expect(close(a.velocity(at: 0.25 + 1e-12), (10 - 1) / (2 * 0.25), 1e-6), "the spring inherits it")
        let b = try track([.cubic(to: 4, duration: 0.25), .linear(to: 10, duration: 0.5, curve: .easeOut)], initial: 1)
        #expect(close(b.velocity(at: 0.25), (10 - 4) / 0.5 * (1 / 0.58), 1e-9))
        let c = try track([.cubic(to: 4, duration: 0.25), .move(to: 0), .cubic(to: 1, duration: 0.1)])
        #expect(c.velocity(at: 0.25) == 0)
        #expect(close(c.velocity(at: 0.25 + 1e-12), 0, 1e-6), "after a move a cubic starts at rest")
    }

    @Test("a linear keyframe hands over (to − from)/d·curve'(1)")
    func linearHandOver() throws {
        let t = try track([.linear(to: 2, duration: 0.4, curve: .easeIn), .cubic(to: 3, duration: 0.2)])
        #expect(close(t.velocity(at: 0.4 + 1e-12), 2 / 0.4 / 0.58, 1e-5))
        let z = try track([.linear(to: 2, duration: 0), .cubic(to: 3, duration: 0.2)])
        #expect(close(z.velocity(at: 1e-12), 0, 1e-6), "a zero-length linear is a jump: velocity 0")
        #expect(z.value(at: 0.2) == 3)
    }

    @Test("a cut-off spring hands over the value and velocity it reached")
    func cutOffSpring() throws {
        let spring = Spring(duration: 0.5, bounce: 0)
        let t = try track([
            .spring(to: 1, duration: 0.1, spring: spring), .linear(to: 2, duration: 0.1), .spring(to: 0, duration: 0.2, spring: spring),
        ])
        let reached = spring.value(target: 1, time: 0.1)
        #expect(reached < 0.9, "cut off well before settling")
        #expect(close(t.segments[0].end, reached, 1e-12))
        #expect(close(t.value(at: 0.1), reached, 1e-12))
        #expect(close(t.value(at: 0.15), reached + (2 - reached) * 0.5, 1e-12), "the linear starts from the reached value")
        // A spring after the cut spring inherits its velocity at the cut.
        let u = try track([.spring(to: 1, duration: 0.1, spring: spring), .spring(to: 0, duration: 0.3, spring: spring)])
        let v = spring.velocity(target: 1, time: 0.1)
        #expect(close(u.velocity(at: 0.1 + 1e-12), v, 1e-5))
        #expect(close(u.value(at: 0.25), reached + spring.value(target: 0 - reached, initialVelocity: v, time: 0.15), 1e-12))
    }

    @Test("a spring without a duration runs until settled (ε = 0.0001) and never-settling ones are refused")
    func springUntilSettled() throws {
        let spring = Spring(duration: 0.4, bounce: 0.3)
        let t = try track([.spring(to: 5, spring: spring)], initial: 1)
        #expect(close(t.duration, spring.settlingDuration(target: 4, initialVelocity: 0, epsilon: 0.0001), 1e-12))
        for k in 0...50 { #expect(abs(t.value(at: t.duration + Double(k) * 0.01) - 5) < 1e-4) }
        #expect(throws: MotionError.neverSettles(property: "p", keyframe: 0)) {
            try self.track([.spring(to: 1, spring: Spring(duration: 0.4, bounce: 1.2))])
        }
        #expect(try track([.spring(to: 1, duration: 0.3, spring: Spring(duration: 0.4, bounce: 1.2))]).duration == 0.3)
        #expect(throws: MotionError.self) { try self.track([.linear(to: 1, duration: -0.1)]) }
        #expect(throws: MotionError.self) { try self.track([.cubic(to: 1, duration: .infinity)]) }
    }

    @Test("a boundary time belongs to the earlier segment; before 0 the start holds, after the end the end")
    func boundaries() throws {
        let t = try track([.linear(to: 1, duration: 0.2), .move(to: 5), .linear(to: 6, duration: 0.2)], initial: -1)
        #expect(t.value(at: 0.2) == 1)
        #expect(close(t.value(at: 0.2 + 1e-9), 5, 1e-6))
        #expect(t.value(at: -3) == -1)
        #expect(t.value(at: 0) == -1)
        #expect(t.value(at: 0.4) == 6)
        #expect(t.value(at: 9) == 6)
        #expect(t.velocity(at: 9) == 0)
    }

    @Test("shorter tracks hold their final value; duration is the longest track")
    func shorterTracksHold() throws {
        let timeline = try KeyframeTimeline(
            initial: [("a", 0), ("b", 1), ("c", 7)],
            tracks: [
                KeyframeTrack(property: "a", keyframes: [.linear(to: 3, duration: 0.2)]),
                KeyframeTrack(property: "b", keyframes: [.linear(to: 2, duration: 0.5)]),
            ])
        #expect(timeline.duration == 0.5)
        #expect(timeline.value(of: "a", at: 0.35) == 3)
        #expect(timeline.value(of: "b", at: 0.35) == 1.7)
        #expect(timeline.value(of: "c", at: 0.35) == 7, "a property with no track keeps its initial value")
        #expect(timeline.properties == ["a", "b", "c"])
        #expect(timeline.value(progress: 0.5)["b"] == 1.5)
    }

    @Test("a property missing from initial starts at 0")
    func missingInitial() throws {
        let timeline = try KeyframeTimeline(tracks: [KeyframeTrack(property: "y", keyframes: [.linear(to: 10, duration: 1)])])
        #expect(timeline.value(of: "y", at: 0) == 0)
        #expect(timeline.value(of: "y", at: 0.5) == 5)
    }

    @Test("the heart pulse lasts exactly 0.58 s and its snappy spring overshoots at ≈ 0.171 s")
    func heartPulse() throws {
        let timeline = try KeyframeTimeline(
            initial: [("scale", 1)],
            tracks: [
                KeyframeTrack(
                    property: "scale",
                    keyframes: [
                        .linear(to: 1, duration: 0),
                        .spring(to: 1.28, duration: 0.18, spring: .preset(.snappy, duration: 0.18)),
                        .cubic(to: 1.28, duration: 0.06),
                        .spring(to: 1, duration: 0.34, spring: .preset(.smooth, duration: 0.34)),
                    ])
            ])
        #expect(abs(timeline.duration - 0.58) < 1e-12)
        // Closed form for v0 = 0: the first extremum is at π/ωd, overshoot e^{−ζπ/√(1−ζ²)}.
        let zeta = 0.85, wd = 2 * Double.pi / 0.18 * (1 - zeta * zeta).squareRoot()
        let peak = Double.pi / wd
        #expect(close(peak, 0.171, 0.0005))
        #expect(close(timeline.velocity(of: "scale", at: peak)!, 0, 1e-9))
        #expect(close(timeline.value(of: "scale", at: peak)!, 1.28 + 0.28 * exp(-zeta * .pi / (1 - zeta * zeta).squareRoot()), 1e-9))
        #expect(close(timeline.value(of: "scale", at: peak)!, 1.28176, 1e-5))
        // The "hold" cubic is not flat: it bulges above 1.28 because its tangents come from its neighbours.
        #expect(timeline.value(of: "scale", at: 0.21)! > 1.29)
    }

    @Test("repeating plays value(time mod duration)")
    func repeating() throws {
        let timeline = try KeyframeTimeline(
            initial: [("y", 0)],
            tracks: [
                KeyframeTrack(
                    property: "y",
                    keyframes: [
                        .cubic(to: -10, duration: 1), .cubic(to: 0, duration: 1),
                    ])
            ], repeating: true)
        #expect(timeline.duration == 2)
        for t in [0.1, 0.5, 1.3, 1.99] {
            #expect(close(timeline.value(of: "y", at: t + 2)!, timeline.value(of: "y", at: t)!, 1e-9))
            #expect(close(timeline.value(of: "y", at: t + 20)!, timeline.value(of: "y", at: t)!, 1e-9))
        }
        #expect(timeline.value(of: "y", at: 2) == 0)
    }

    @Test("velocity is the analytic derivative of value, for every keyframe type")
    func velocityIsDerivative() throws {
        let t = try track([
            .linear(to: 2, duration: 0.3, curve: .easeInOut), .cubic(to: -1, duration: 0.25), .cubic(to: 3, duration: 0.4),
            .spring(to: 0, duration: 0.5, spring: Spring(duration: 0.3, bounce: 0.4)), .move(to: 4),
            .spring(to: 1, spring: Spring(mass: 1, stiffness: 300, damping: 40)),
        ])
        let breaks = Set(t.breakpoints)
        for k in 1..<300 {
            let time = Double(k) * t.duration / 300
            if breaks.contains(where: { abs($0 - time) < 1e-5 }) { continue }
            let numeric = derivative({ t.value(at: $0) }, at: time)
            #expect(close(t.velocity(at: time), numeric, 1e-4 * max(1, abs(numeric))), "at \(time)")
        }
    }
}
