import Foundation
import Testing

@testable import MotionCore

/// Two shortcuts of the rest search, each checked against the search without it: a window shorter
/// than the shortest hold kept is not searched (`RestSearch.shortestRest`), and a window whose
/// values stay in the band is one rest, its range read from its stretches' ends.
@Suite("Rest search windows")
struct RestSearchWindowTests {
    typealias Rest = RestSearch<PhaseProperty>.Rest

    /// Random phase timelines of one property (`RestSearchStretchTests.overlappingPhases`) with
    /// their skeletons, seeded.
    static func skeletons(
        count: Int, seed: UInt64
    ) throws -> [(timeline: PhaseTimeline, motion: PhaseProperty, skeleton: PropertyAnalysis.Skeleton<PhaseProperty>)] {
        var rng = SeededGenerator(seed: seed)
        return try (0..<count).map { round in
            let timeline = try PhaseTimeline(phases: RestSearchStretchTests.overlappingPhases(round: round, using: &rng), repeating: false)
            let motion = PhaseProperty(timeline, index: 0, span: timeline.duration + 1)
            return (timeline, motion, PropertyAnalysis.Skeleton(timeline: timeline, index: 0, motion: motion))
        }
    }

    static func sorted(_ rests: [Rest]) -> [Rest] { rests.sorted { ($0.start, $0.end) < ($1.start, $1.end) } }

    @Test("with the shortest hold given, a search keeps exactly the rests at least that long that the unpruned search finds, to the bit")
    func shortWindowsPruned() throws {
        var rng = SeededGenerator(seed: 2315)
        var kept = 0, dropped = 0
        for (round, item) in try Self.skeletons(count: 40, seed: 2314).enumerated() {
            let s = item.skeleton
            let d = item.timeline.duration
            for tolerance in [0.2, 0.5, 2.0] {
                let full = RestSearch(
                    curve: s.curve, stationary: s.stationary, tolerance: tolerance, breakpoints: s.cuts, step: AnalysisOptions.standard.step)
                var pruned = full
                pruned.shortestRest = 0.04 - 1e-9
                for _ in 0..<4 {
                    let a = Double.random(in: 0...(0.7 * d), using: &rng), b = min(d, a + Double.random(in: 0.05...1.0, using: &rng))
                    var all: [Rest] = [], some: [Rest] = []
                    full.rests(from: a, to: b, into: &all)
                    pruned.rests(from: a, to: b, into: &some)
                    let long = Self.sorted(all.filter { !($0.end - $0.start < 0.04 - 1e-9) })
                    let got = Self.sorted(some.filter { !($0.end - $0.start < 0.04 - 1e-9) })
                    #expect(
                        long.count == got.count && zip(long, got).allSatisfy { $0 == $1 },
                        "round \(round), tolerance \(tolerance), [\(a), \(b)]: \(long) against \(got)")
                    kept += long.count
                    dropped += all.count - long.count
                }
            }
        }
        // The windows hold both kinds: rests kept and rests too short to keep.
        #expect(kept >= 50 && dropped >= 20, "\(kept) rests kept, \(dropped) too short")
    }

    @Test(
        "a window whose values stay in the band is one rest, from its start to its end, its range the least and greatest value at its ends and its turns"
    )
    func windowInsideTheBand() throws {
        var rng = SeededGenerator(seed: 2316)
        var checked = 0
        for item in try Self.skeletons(count: 40, seed: 2317) {
            let s = item.skeleton, motion = item.motion
            let d = item.timeline.duration
            for _ in 0..<6 {
                let a = Double.random(in: 0...(0.9 * d), using: &rng), b = min(d, a + Double.random(in: 0.01...0.5, using: &rng))
                // The exact range: the value is monotone between its turns, so its extremes are at
                // the ends (just after the start, where a window's value is its right limit), at
                // the turns inside, or at the steps' starts (where a curve that ends at rest meets
                // a step that starts from rest, the value turns with no zero of the velocity
                // inside a piece).
                let candidates = [a + s.delta, b] + s.stationary.filter { $0 > a && $0 < b } + s.cuts.filter { $0 > a && $0 < b }
                let values = candidates.map { motion.value($0) }
                let (low, high) = (values.min()!, values.max()!)
                let search = RestSearch(
                    curve: s.curve, stationary: s.stationary, tolerance: (high - low) * 1.001 + 1e-12, breakpoints: s.cuts,
                    step: AnalysisOptions.standard.step)
                var found: [Rest] = []
                search.rests(from: a, to: b, into: &found)
                #expect(found.count == 1, "[\(a), \(b)]: \(found)")
                guard let rest = found.first else { continue }
                #expect(rest.start == a && rest.end == b)
                #expect(
                    abs(rest.low - low) <= 1e-12 * max(1, abs(low)) && abs(rest.high - high) <= 1e-12 * max(1, abs(high)),
                    "[\(a), \(b)]: \(rest) against \(low)…\(high)")
                // And a dense look at the curve agrees: no value outside the range.
                for k in 1..<200 {
                    let x = motion.value(a + (b - a) * Double(k) / 200)
                    #expect(x >= rest.low - 1e-9 && x <= rest.high + 1e-9)
                }
                checked += 1
            }
        }
        #expect(checked == 240)
    }
}
