import Foundation
import Testing

@testable import MotionCore

@Suite("Peaks, holds, snaps and impacts")
struct AnalysisTests {
    func single(_ keyframes: [Keyframe], initial: Double = 0, repeating: Bool = false) throws -> KeyframeTimeline {
        try KeyframeTimeline(initial: [("x", initial)], tracks: [KeyframeTrack(property: "x", keyframes: keyframes)], repeating: repeating)
    }

    @Test("a spring 0 → 1 with Spring(duration: 0.5, bounce: 0.3): first peak at 0.350070 s, value 1.045988")
    func springPeak() throws {
        let timeline = try single([.spring(to: 1, spring: Spring(duration: 0.5, bounce: 0.3))])
        let analysis = MotionAnalyzer().analyze(timeline)
        let first = try #require(analysis.peaks.first)
        #expect(first.kind == .max)
        #expect(abs(first.time - 0.350070) <= 0.0001)
        #expect(abs(first.value - 1.045988) < 1e-6)
        // Closed form: π/ωd and 1 + e^{−ζπ/√(1−ζ²)}.
        let zeta = 0.7, wd = 2 * Double.pi / 0.5 * (1 - zeta * zeta).squareRoot()
        #expect(abs(first.time - Double.pi / wd) < 1e-8)
        #expect(abs(first.value - (1 + exp(-zeta * .pi / (1 - zeta * zeta).squareRoot()))) < 1e-9)
        // The later, smaller wiggles (0.2 % of the range) are below the 2 % threshold.
        #expect(analysis.peaks.count == 1)
        let lenient = MotionAnalyzer(options: AnalysisOptions(minimumProminence: 0.001)).analyze(timeline)
        #expect(lenient.peaks.count >= 2)
        #expect(lenient.peaks[1].kind == .min && abs(lenient.peaks[1].time - 2 * Double.pi / wd) < 1e-8)
    }

    @Test("a linear up, hold, down track: the hold exactly where written, the peak at its arrival")
    func linearHold() throws {
        let timeline = try single([.linear(to: 1, duration: 0.2), .linear(to: 1, duration: 0.1), .linear(to: 0, duration: 0.2)])
        let analysis = MotionAnalyzer().analyze(timeline)
        let hold = try #require(analysis.holds.first { $0.position == .interior })
        #expect(abs(hold.start - 0.2) < 1e-9 && abs(hold.end - 0.3) < 1e-9)
        #expect(hold.value == 1 && hold.deviation == 0)
        #expect(analysis.peaks.count == 1)
        #expect(analysis.peaks[0].time == 0.2 && analysis.peaks[0].value == 1 && analysis.peaks[0].kind == .max)
        #expect(abs(analysis.peaks[0].prominence - 1) < 1e-12)
        #expect(analysis.writtenHolds.count == 1 && analysis.writtenHolds[0].isFlat)
        // Stopping at the plateau is its peak, not an impact (no reversal).
        #expect(analysis.impacts.isEmpty)
    }

    @Test("a Catmull-Rom chain: peaks at the analytic extrema of each Hermite piece")
    func catmullRomPeaks() throws {
        let keyframes: [Keyframe] = [
            .cubic(to: 10, duration: 0.3), .cubic(to: -6, duration: 0.4), .cubic(to: 4, duration: 0.3), .cubic(to: 0, duration: 0.3),
        ]
        let timeline = try single(keyframes)
        let track = try #require(timeline.tracks[0])
        // Independent: solve each Hermite piece's derivative (a quadratic in s) for its roots.
        var expected: [Double] = []
        for segment in track.segments {
            guard case .cubic(let v0, let v1) = segment.shape else { continue }
            let d = segment.duration, p0 = segment.from, p1 = segment.to, m0 = v0 * d, m1 = v1 * d
            // x'(s) = a s² + b s + c
            let a = 6 * p0 + 3 * m0 - 6 * p1 + 3 * m1, b = -6 * p0 - 4 * m0 + 6 * p1 - 2 * m1, c = m0
            let disc = b * b - 4 * a * c
            guard disc >= 0 else { continue }
            for s in [(-b - disc.squareRoot()) / (2 * a), (-b + disc.squareRoot()) / (2 * a)] where s > 1e-9 && s < 1 - 1e-9 {
                expected.append(segment.start + s * d)
            }
        }
        let found = MotionAnalyzer(options: AnalysisOptions(minimumProminence: 0)).analyze(timeline).peaks.map(\.time)
        #expect(found.count == expected.count)
        for (f, e) in zip(found, expected.sorted()) { #expect(abs(f - e) < 1e-7) }
    }

    @Test("the heart pulse: the real peak, and the written hold that is not flat")
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
        let analysis = MotionAnalyzer().analyze(timeline)
        let peak = try #require(analysis.peaks.first)
        // The bulge of the "hold" cubic, not the spring's 0.171 s overshoot, is the real peak: the
        // cubic's own maximum, where its Hermite derivative vanishes.
        let segment = timeline.tracks[0]!.segments[2]
        guard case .cubic(let v0, let v1) = segment.shape else {
            Issue.record("not cubic")
            return
        }
        let d = segment.duration, p0 = segment.from, p1 = segment.to, m0 = v0 * d, m1 = v1 * d
        let a = 6 * p0 + 3 * m0 - 6 * p1 + 3 * m1, b = -6 * p0 - 4 * m0 + 6 * p1 - 2 * m1, c = m0
        let s = (-b - (b * b - 4 * a * c).squareRoot()) / (2 * a)
        #expect(abs(peak.time - (segment.start + s * d)) < 1e-7)
        #expect(peak.value > 1.30)
        let check = try #require(analysis.writtenHolds.first)
        #expect(check.written.origin == "keyframe 2")
        #expect(!check.isFlat)
        #expect(abs(check.deviation - (peak.value - 1.28)) < 1e-9)
    }

    @Test("snaps: move keyframes and jumping phase steps")
    func snaps() throws {
        let timeline = try single([.linear(to: 1, duration: 0.2), .move(to: 0), .linear(to: 1, duration: 0.2)])
        let analysis = MotionAnalyzer().analyze(timeline)
        #expect(analysis.snaps == [Snap(property: "x", time: 0.2, from: 1, to: 0)])
        #expect(analysis.peaks.isEmpty, "the top before a jump is the snap, not a peak")
        let phases = try PhaseTimeline(
            phases: [
                Phase(name: "a", values: [("o", 0)], animation: PhaseAnimation(.bezier(.linear, duration: 0.3))),
                Phase(name: "b", values: [("o", 1)], animation: nil),
            ], repeating: false)
        #expect(MotionAnalyzer().analyze(phases).snaps == [Snap(property: "o", time: 0, from: 0, to: 1)])
    }

    @Test("impacts: a bounce that reverses at full speed")
    func impact() throws {
        // Falls with ease-in (accelerating) to the floor at 0.5 s, rises with ease-out.
        let timeline = try single([.linear(to: 100, duration: 0.5, curve: .easeIn), .linear(to: 0, duration: 0.5, curve: .easeOut)])
        let analysis = MotionAnalyzer().analyze(timeline)
        let impact = try #require(analysis.impacts.first)
        #expect(impact.time == 0.5)
        #expect(impact.incomingVelocity > 0 && impact.outgoingVelocity < 0)
        #expect(analysis.peaks.first?.time == 0.5 && analysis.peaks.first?.kind == .max)
    }

    @Test("a smooth turn is a peak but not an impact")
    func smoothTurn() throws {
        let analysis = MotionAnalyzer().analyze(try single([.cubic(to: 1, duration: 0.3), .cubic(to: 0, duration: 0.3)]))
        #expect(analysis.impacts.isEmpty)
        #expect(analysis.peaks.count == 1)
    }

    @Test("leading and trailing rests are told from holds between movements")
    func holdPositions() throws {
        let timeline = try KeyframeTimeline(
            initial: [("x", 0), ("y", 0)],
            tracks: [
                KeyframeTrack(
                    property: "x",
                    keyframes: [
                        .linear(to: 0, duration: 0.1), .linear(to: 1, duration: 0.1), .linear(to: 1, duration: 0.1), .linear(to: 0, duration: 0.1),
                    ]),
                KeyframeTrack(property: "y", keyframes: [.linear(to: 1, duration: 0.6)]),
            ])
        let holds = MotionAnalyzer().analyze(timeline).holds.filter { $0.property == "x" }
        try #require(holds.map(\.position) == [.leading, .interior, .trailing])
        #expect(abs(holds[1].start - 0.2) < 1e-9 && abs(holds[1].end - 0.3) < 1e-9)
        #expect(abs(holds[2].start - 0.4) < 1e-9 && holds[2].end == 0.6)
    }

    @Test("a slow steady ramp is motion, not a row of holds; a spring's settling tail still rests")
    func slowRampIsNotHeld() throws {
        // 0 → 1 over 10 s: 0.1 /s stays inside the 1 % band for 40 ms, yet never stops.
        let ramp = MotionAnalyzer().analyze(try single([.linear(to: 1, duration: 10)]))
        #expect(ramp.holds.isEmpty)
        // The same ramp ending in a fast snap back: still no holds on the way up.
        let snapBack = MotionAnalyzer().analyze(try single([.linear(to: 1, duration: 10), .linear(to: 0, duration: 0.1)]))
        #expect(snapBack.holds.isEmpty && snapBack.peaks.count == 1)
        // Spring(duration: 0.5, bounce: 0) settles: one trailing hold, from where the rest of the
        // curve stays inside the 1 % band. Critically damped: x(t) = 1 − (1 + ωt)e^{−ωt}, ω = 2π/0.5.
        let settle = MotionAnalyzer().analyze(try single([.spring(to: 1, duration: 1.5, spring: Spring(duration: 0.5, bounce: 0))]))
        let tail = try #require(settle.holds.first)
        #expect(settle.holds.count == 1 && tail.position == .trailing && tail.end == 1.5)
        let omega = 2 * Double.pi / 0.5
        let x = { (t: Double) in 1 - (1 + omega * t) * exp(-omega * t) }
        #expect(x(1.5) - x(tail.start) <= 0.01 + 1e-9)
        #expect(tail.deviation <= 0.005 + 1e-9 && abs(tail.value - (x(tail.start) + x(1.5)) / 2) < 1e-3)
    }

    @Test("a property that never moves: no peaks or holds, and its written hold is flat")
    func stillProperty() throws {
        let analysis = MotionAnalyzer().analyze(try single([.linear(to: 1, duration: 0.3)], initial: 1))
        #expect(analysis.peaks.isEmpty && analysis.holds.isEmpty)
        #expect(analysis.writtenHolds.count == 1 && analysis.writtenHolds[0].isFlat && analysis.writtenHolds[0].deviation == 0)
    }

    @Test("a loop's turn at the cycle boundary is a peak at 0 s, and a loop that does not return snaps there")
    func wrap() throws {
        let pingPong = try single([.linear(to: 1, duration: 0.2), .linear(to: 0, duration: 0.2)], repeating: true)
        let a = MotionAnalyzer().analyze(pingPong)
        #expect(a.peaks.map(\.time) == [0, 0.2])
        #expect(a.peaks.map(\.kind) == [.min, .max])
        let sawtooth = try single([.linear(to: 1, duration: 0.4)], repeating: true)
        #expect(MotionAnalyzer().analyze(sawtooth).snaps == [Snap(property: "x", time: 0, from: 1, to: 0)])
    }

    @Test("a phase loop that returns to phase 0 without animation starts each cycle where it lands")
    func phaseLoopWrapJump() throws {
        // rest (1.0, no animation) → up (1.2, linear 0.3 s) → down (1.1, linear 0.2 s) → rest: the
        // curve is 1 + (2/3)t up to 1.2 at 0.3 s, 1.2 − 0.5(t − 0.3) down to 1.1 at 0.5 s, then
        // jumps to 1.0 where the next cycle starts. Linear steps leave no tails: the values are exact.
        let line = { (d: Double) in PhaseAnimation(.bezier(.linear, duration: d)) }
        let loop = try PhaseTimeline(
            phases: [
                Phase(name: "rest", values: [("s", 1.0)], animation: nil),
                Phase(name: "up", values: [("s", 1.2)], animation: line(0.3)),
                Phase(name: "down", values: [("s", 1.1)], animation: line(0.2)),
            ], repeating: true)
        let a = MotionAnalyzer().analyze(loop)
        let range = try #require(a.ranges.first)
        #expect(abs(range.minimum - 1.0) < 1e-12, "the cycle starts at 1.0 (it was missing from the range)")
        #expect(abs(range.maximum - 1.2) < 1e-12)
        #expect(a.peaks.map(\.kind) == [.max], "no turn at the wrap: the value snaps there")
        #expect(abs((a.peaks.first?.time ?? 0) - 0.3) < 1e-12)
        #expect(a.snaps.count == 1)
        let snap = try #require(a.snaps.first)
        #expect(snap.time == 0 && abs(snap.from - 1.1) < 1e-12 && abs(snap.to - 1.0) < 1e-12, "\(snap)")
        // With a second jump at 0 (rest → kick without animation), the cycle starts where both land.
        let kicked = try PhaseTimeline(
            phases: [
                Phase(name: "rest", values: [("s", 1.0)], animation: nil),
                Phase(name: "kick", values: [("s", 1.05)], animation: nil),
                Phase(name: "up", values: [("s", 1.2)], animation: line(0.3)),
                Phase(name: "down", values: [("s", 1.1)], animation: line(0.2)),
            ], repeating: true)
        let k = MotionAnalyzer().analyze(kicked)
        let jumps = CycleWindow(base: kicked, cycles: 1).jumps(of: 0)
        #expect(jumps.count == 2 && jumps.allSatisfy { $0.time == 0 })
        #expect(abs(jumps[0].from - 1.1) < 1e-12 && abs(jumps[0].to - 1.0) < 1e-12 && abs(jumps[1].to - 1.05) < 1e-12, "\(jumps)")
        #expect(abs((k.ranges.first?.minimum ?? 0) - 1.05) < 1e-12, "1.0 lasts no time: the cycle starts at 1.05")
        #expect(k.peaks.map(\.kind) == [.max] && k.snaps.count == 2)
        #expect(k.holds.isEmpty, "no hold joined across the jumps at the wrap")
    }

    @Test("repeating phase loops are analysed in their steady state")
    func steadyState() throws {
        let spring = Spring(duration: 0.3, bounce: 0.3)
        let t = try PhaseTimeline(
            phases: [
                Phase(name: "a", values: [("x", 0)], animation: PhaseAnimation(.spring(spring))),
                Phase(name: "b", values: [("x", 1)], animation: PhaseAnimation(.spring(spring))),
            ], repeating: true)
        let analysis = MotionAnalyzer().analyze(t)
        #expect(analysis.isRepeating)
        #expect(!analysis.peaks.isEmpty)
        #expect(analysis.peaks.allSatisfy { $0.time >= 0 && $0.time <= t.duration })
    }
}
