import Foundation
import Testing

@testable import MotionCore

/// The rest search's stretches of a window's parts either side of a rest, taken from the window's
/// own stretches (`RestSearch.stretches(from:to:within:)`): the same stretches, to the bit, as
/// computing them afresh.
@Suite("Rest search stretches")
struct RestSearchStretchTests {
    static func same(_ x: [RestSearch<PhaseProperty>.Stretch], _ y: [RestSearch<PhaseProperty>.Stretch]) -> Bool {
        x.count == y.count
            && zip(x, y).allSatisfy { a, b in
                a.t0 == b.t0 && a.t1 == b.t1 && a.s0 == b.s0 && a.s1 == b.s1 && a.x0 == b.x0 && a.x1 == b.x1 && a.v0 == b.v0 && a.v1 == b.v1
            }
    }

    /// Four phases of one property "x", seeded: every third an ease-in-out curve, the others
    /// springs, so steps overlap (a spring still settling when the next starts).
    static func overlappingPhases(round: Int, using rng: inout SeededGenerator) -> [Phase] {
        (0..<4).map { k in
            let animation =
                (k + round) % 3 == 0
                ? PhaseAnimation(.bezier(.easeInOut, duration: Double.random(in: 0.1...0.4, using: &rng)))
                : PhaseAnimation(
                    .spring(Spring(response: Double.random(in: 0.2...0.6, using: &rng), dampingRatio: Double.random(in: 0.4...1.0, using: &rng))))
            return Phase(name: "p\(k)", values: [("x", Double.random(in: -50...50, using: &rng))], animation: animation)
        }
    }

    @Test(
        "sub-windows of overlapping phase steps (springs and curves): cut at stretch ends, inside stretches, at the window's start and end, the stretches taken from the window's equal those computed afresh"
    )
    func subWindows() throws {
        var rng = SeededGenerator(seed: 1515)
        var compared = 0, reused = 0
        for round in 0..<30 {
            let timeline = try PhaseTimeline(phases: Self.overlappingPhases(round: round, using: &rng), repeating: false)
            let motion = PhaseProperty(timeline, index: 0, span: timeline.duration + 1)
            let skeleton = PropertyAnalysis.Skeleton(timeline: timeline, index: 0, motion: motion)
            let search = RestSearch(
                curve: skeleton.curve, stationary: skeleton.stationary, tolerance: 0.5, breakpoints: skeleton.cuts,
                step: AnalysisOptions.standard.step)
            let d = timeline.duration
            let (from, to) = (d * Double.random(in: 0.01...0.2, using: &rng), d * Double.random(in: 0.8...0.99, using: &rng))
            let parts = search.stretches(from: from, to: to)
            // Ends: the window's own, its stretch ends, and times inside stretches.
            var ends = [from, to] + parts.map(\.t1).dropLast()
            for _ in 0..<6 { ends.append(Double.random(in: from...to, using: &rng)) }
            ends.sort()
            for i in ends.indices {
                for j in ends.indices where ends[j] > ends[i] {
                    let (a, b) = (ends[i], ends[j])
                    let taken = search.stretches(from: a, to: b, within: parts), fresh = search.stretches(from: a, to: b)
                    #expect(Self.same(taken, fresh), "round \(round): [\(a), \(b)] in [\(from), \(to)]")
                    compared += 1
                    reused += taken.filter { t in parts.contains { $0.t0 == t.t0 && $0.t1 == t.t1 } }.count
                }
            }
        }
        #expect(compared >= 1_000 && reused >= 1_000, "\(compared) sub-windows, \(reused) stretches kept from the window's")
    }
}
