import Foundation
import Testing

@testable import MotionCore

/// `CurvePieces.slowRuns` with its short runs left out unsolved (`shorterThan`): what it keeps is
/// exactly what the full computation gives, and what it leaves out could hold no hold.
@Suite("Slow runs")
struct SlowRunTests {
    /// The full runs and the pruned ones of property 0 at the analysis's own hold speed.
    static func runs(
        _ timeline: any MotionTimeline, motion: some PropertyMotion, minimum: Double, wraps: Bool = false
    )
        -> (full: [(start: Double, end: Double)], pruned: [(start: Double, end: Double)], delta: Double)
    {
        let skeleton = PropertyAnalysis.Skeleton(timeline: timeline, index: 0, motion: motion)
        let values = skeleton.points.map(\.value)
        let span = (values.max() ?? 0) - (values.min() ?? 0)
        let limit = AnalysisOptions.standard.holdTolerance * span / minimum
        return (
            skeleton.curve.slowRuns(limit: limit),
            skeleton.curve.slowRuns(limit: limit, shorterThan: minimum, wraps: wraps, stationary: skeleton.stationary),
            skeleton.delta
        )
    }

    /// Checks the pruned runs against the full ones; returns how many were left out.
    static func check(
        _ full: [(start: Double, end: Double)], _ pruned: [(start: Double, end: Double)], minimum: Double, delta: Double, wraps: Bool, _ label: String
    ) -> Int {
        // The kept runs are the full computation's, to the bit and in order.
        var k = 0
        var left: [(start: Double, end: Double)] = []
        for run in full {
            if k < pruned.count, pruned[k].start == run.start, pruned[k].end == run.end { k += 1 } else { left.append(run) }
        }
        #expect(k == pruned.count, "\(label): every kept run is one of the full runs (\(k) of \(pruned.count) matched)")
        for run in left {
            // Too short for a hold, even with each end snapped to a breakpoint 4 offsets away.
            #expect(run.end - run.start + 8 * delta < minimum - 1e-9, "\(label): a run of \(run.end - run.start) s left out")
        }
        if wraps, let first = full.first, let last = full.last {
            #expect(pruned.first?.start == first.start && pruned.last?.end == last.end, "\(label): a loop keeps its first and last runs")
        }
        return left.count
    }

    @Test(
        "phase springs: runs left out are under the minimum hold length, every run kept is the full computation's to the bit, a loop keeps its first and last runs"
    )
    func phaseSprings() throws {
        var rng = SeededGenerator(seed: 1412)
        var leftOut = 0, kept = 0
        for trial in 0..<60 {
            let phases = (0..<4).map { k in
                let animation: PhaseAnimation =
                    Bool.random(using: &rng)
                    ? PhaseAnimation(
                        .spring(Spring(response: Double.random(in: 0.15...0.6, using: &rng), dampingRatio: Double.random(in: 0.2...1.0, using: &rng)))
                    )
                    : PhaseAnimation(.bezier(.easeInOut, duration: Double.random(in: 0.1...0.4, using: &rng)))
                return Phase(name: "p\(k)", values: [("x", Double.random(in: -50...50, using: &rng))], animation: animation)
            }
            let repeating = trial % 3 == 0
            let timeline = try PhaseTimeline(phases: phases, repeating: repeating)
            let motion = PhaseProperty(timeline, index: 0, span: timeline.duration + 1)
            for minimum in [0.04, 0.1] {
                let (full, pruned, delta) = Self.runs(timeline, motion: motion, minimum: minimum, wraps: repeating)
                leftOut += Self.check(full, pruned, minimum: minimum, delta: delta, wraps: repeating, "trial \(trial), minimum \(minimum)")
                kept += pruned.count
            }
        }
        // Crisp turns make short runs; settling tails make long ones: both occur.
        #expect(leftOut >= 20 && kept >= 20, "\(leftOut) runs left out, \(kept) kept")
    }

    @Test("keyframe springs and cubics: the same, and a bouncy spring's crisp turns are left out while its settling tail is kept")
    func keyframes() throws {
        var rng = SeededGenerator(seed: 77)
        var leftOut = 0
        for trial in 0..<60 {
            let keyframes: [Keyframe] = (0..<5).map { k in
                let to = Double.random(in: -100...100, using: &rng), duration = Double.random(in: 0.1...0.5, using: &rng)
                return k % 2 == 0
                    ? .spring(
                        to: to, duration: duration,
                        spring: Spring(response: Double.random(in: 0.2...0.8, using: &rng), dampingRatio: Double.random(in: 0.2...1.0, using: &rng)))
                    : .cubic(to: to, duration: duration)
            }
            let timeline = try KeyframeTimeline(initial: [("x", 0)], tracks: [KeyframeTrack(property: "x", keyframes: keyframes)])
            let (full, pruned, delta) = Self.runs(timeline, motion: TrackProperty(timeline, index: 0), minimum: 0.04)
            leftOut += Self.check(full, pruned, minimum: 0.04, delta: delta, wraps: false, "trial \(trial)")
        }
        #expect(leftOut >= 10, "\(leftOut) runs left out")

        // One bouncy spring to 100: its value turns sharply at the first overshoots (|v| under the
        // hold speed for a few milliseconds), then settles into a long slow tail.
        let bouncy = try KeyframeTimeline(
            initial: [("x", 0)],
            tracks: [
                KeyframeTrack(
                    property: "x",
                    keyframes: [
                        .spring(to: 100, duration: 3, spring: Spring(response: 0.4, dampingRatio: 0.15))
                    ])
            ])
        let (full, pruned, delta) = Self.runs(bouncy, motion: TrackProperty(bouncy, index: 0), minimum: 0.04)
        #expect(Self.check(full, pruned, minimum: 0.04, delta: delta, wraps: false, "bouncy") >= 2)
        #expect(
            pruned.last?.end == full.last?.end && (pruned.last.map { $0.end - $0.start } ?? 0) > 0.5,
            "the settling tail is kept: \(String(describing: pruned.last))")
    }

    @Test(
        "a short leading run from rest is left out unsolved, and the holds after it keep their places: interior after the first motion, leading after a long rest"
    )
    func leadingRun() throws {
        // From rest at 0: an eased move (slow for its first few milliseconds), a half-second
        // hold, an eased move back.
        let fromRest = try KeyframeTimeline(
            initial: [("x", 0)],
            tracks: [
                KeyframeTrack(
                    property: "x",
                    keyframes: [
                        .linear(to: 100, duration: 0.3, curve: .easeInOut), .linear(to: 100, duration: 0.5),
                        .linear(to: 0, duration: 0.3, curve: .easeInOut),
                    ])
            ])
        let (full, pruned, delta) = Self.runs(fromRest, motion: TrackProperty(fromRest, index: 0), minimum: 0.04)
        _ = Self.check(full, pruned, minimum: 0.04, delta: delta, wraps: false, "from rest")
        let leading = try #require(full.first)
        #expect(leading.start == 0 && leading.end < 0.04, "the full runs start with a short run from rest: \(leading)")
        #expect((pruned.first?.start ?? 0) > 0.2, "that run is left out: \(String(describing: pruned.first))")
        let holds = MotionAnalyzer().analyze(fromRest).holds
        #expect(holds.count == 1, "\(holds)")
        if let hold = holds.first {
            #expect(hold.position == .interior)
            #expect(hold.start > 0.25 && hold.start < 0.3 && hold.end > 0.8 && hold.end < 0.85, "\(hold)")
        }
        // After a long rest at 0 the first run holds a hold: kept, and the hold is leading.
        let afterRest = try KeyframeTimeline(
            initial: [("x", 0)],
            tracks: [
                KeyframeTrack(
                    property: "x",
                    keyframes: [
                        .linear(to: 0, duration: 0.3), .linear(to: 100, duration: 0.3, curve: .easeInOut), .linear(to: 100, duration: 0.5),
                    ])
            ])
        let rest = try #require(Self.runs(afterRest, motion: TrackProperty(afterRest, index: 0), minimum: 0.04).pruned.first)
        #expect(rest.start == 0 && rest.end > 0.3, "\(rest)")
        let positions = MotionAnalyzer().analyze(afterRest).holds.map(\.position)
        #expect(positions == [.leading, .trailing], "\(positions)")
    }
}
