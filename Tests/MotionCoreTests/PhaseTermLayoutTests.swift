import Foundation
import Testing

@testable import MotionCore

/// `PhaseTermLayout`: what a phase property lays out of its timeline depends only on which steps
/// move it, so the properties the same steps move share one layout, and sharing it changes no
/// figure.
@Suite("Phase term layout")
struct PhaseTermLayoutTests {
    /// A random phase timeline over `names`: in each phase some properties keep the value they
    /// had (their step does not move them), some phases jump (no animation).
    private static func timeline(_ names: [String], trial: Int, using rng: inout SeededGenerator) throws -> PhaseTimeline {
        var last = names.map { _ in Double.random(in: -50...50, using: &rng) }
        let phases = (0..<5).map { k -> Phase in
            for p in names.indices where Double.random(in: 0...1, using: &rng) < 0.6 { last[p] = Double.random(in: -50...50, using: &rng) }
            let zeta = [Double.random(in: 0.2...0.9, using: &rng), 1.0, Double.random(in: 1.1...2, using: &rng)][Int.random(in: 0...2, using: &rng)]
            let curve: PhaseAnimation.Curve =
                Bool.random(using: &rng)
                ? .spring(Spring(response: Double.random(in: 0.2...0.6, using: &rng), dampingRatio: zeta))
                : .bezier(.easeInOut, duration: Double.random(in: 0.1...0.4, using: &rng))
            let animation: PhaseAnimation? =
                k > 0 && Int.random(in: 0..<6, using: &rng) == 0
                ? nil
                : PhaseAnimation(curve, delay: Double.random(in: 0...0.05, using: &rng), speed: Double.random(in: 0.8...1.5, using: &rng))
            return Phase(name: "p\(k)", values: names.indices.map { (names[$0], last[$0]) }, animation: animation)
        }
        return try PhaseTimeline(phases: phases, repeating: trial % 3 == 0)
    }

    @Test(
        "properties analysed with shared layouts give, to the bit, what each gives with a layout of its own (steps that move some properties only, jumps, loops)"
    )
    func sharedEqualsSeparate() throws {
        var rng = SeededGenerator(seed: 47)
        let names = ["x", "y", "scale", "opacity", "rotation"]
        var shared = 0
        for trial in 0..<40 {
            let timeline = try Self.timeline(names, trial: trial, using: &rng)
            let layouts = PhaseTermLayouts()
            let constants = PhaseProperty.constants(of: timeline)
            var seen: [ObjectIdentifier: [Bool]] = [:]
            for p in names.indices {
                let own = PropertyAnalysis(
                    timeline: timeline, index: p, motion: PhaseProperty(timeline, index: p, span: timeline.duration + 1), options: .standard,
                    wraps: timeline.isRepeating)
                let motion = PhaseProperty(timeline, index: p, span: timeline.duration + 1, constants: constants, layouts: layouts)
                let together = PropertyAnalysis(timeline: timeline, index: p, motion: motion, options: .standard, wraps: timeline.isRepeating)
                #expect(
                    own.range == together.range && own.peaks == together.peaks && own.holds == together.holds
                        && own.snaps == together.snaps && own.impacts == together.impacts && own.writtenHolds == together.writtenHolds,
                    "trial \(trial), property \(names[p])")
                // A layout serves exactly the properties its steps move.
                let moving = timeline.steps.map { $0.deltas[p] != 0 }
                #expect(motion.layout.moving == moving, "trial \(trial), property \(names[p])")
                if let earlier = seen[ObjectIdentifier(motion.layout)] {
                    #expect(earlier == moving)
                    shared += 1
                }
                seen[ObjectIdentifier(motion.layout)] = moving
            }
            // One layout for each set of moving steps, no more.
            let sets = Set(names.indices.map { p in timeline.steps.map { $0.deltas[p] != 0 } })
            #expect(seen.count == sets.count, "trial \(trial)")
        }
        #expect(shared > 0, "some properties shared a layout")
    }

    @Test("the analyser gives a loop's properties the figures they have each with a layout of their own, seen in the steady-state cycle")
    func analyzerLoops() throws {
        var rng = SeededGenerator(seed: 53)
        let names = ["x", "y", "scale"]
        for trial in 0..<12 {
            let timeline = try Self.timeline(names, trial: 3 * trial, using: &rng)
            let analysis = MotionAnalyzer().analyze(timeline)
            let cycles = max(1, (timeline.exhausted / timeline.cycleDuration).rounded(.up))
            let window = CycleWindow(base: timeline, cycles: cycles)
            for p in names.indices {
                let motion = PhaseProperty(timeline, index: p, afterCycles: cycles, span: window.duration + 1)
                let own = PropertyAnalysis(timeline: window, index: p, motion: motion, options: .standard, wraps: true)
                #expect(
                    own.peaks == analysis.peaks.filter { $0.property == names[p] }.sorted { $0.time < $1.time },
                    "trial \(trial), property \(names[p])")
                // (A loop's property lists a rest through the cycle boundary first: in time order here.)
                #expect(
                    own.holds.sorted { $0.start < $1.start } == analysis.holds.filter { $0.property == names[p] }.sorted { $0.start < $1.start },
                    "trial \(trial), property \(names[p])")
            }
        }
    }

    @Test("a layout serves the properties with its moving steps, cycles and span, and no other")
    func serves() throws {
        let phases = [
            Phase(name: "a", values: [("x", 0), ("y", 0), ("z", 0)]),
            Phase(name: "b", values: [("x", 10), ("y", 0), ("z", 4)]),
            Phase(name: "c", values: [("x", 20), ("y", 5), ("z", 8)]),
        ]
        let timeline = try PhaseTimeline(phases: phases, repeating: false)
        let constants = PhaseProperty.constants(of: timeline)
        let x = PhaseTermLayout(timeline, index: 0, afterCycles: 0, span: 2, constants: constants)
        #expect(x.serves(timeline, index: 2, afterCycles: 0, span: 2), "z moves in the same steps as x")
        #expect(!x.serves(timeline, index: 1, afterCycles: 0, span: 2), "y does not move from a to b")
        #expect(!x.serves(timeline, index: 0, afterCycles: 1, span: 2) && !x.serves(timeline, index: 0, afterCycles: 0, span: 3))
        #expect(x.stride == x.moving.filter { $0 }.count && x.progresses.count == x.stride)
        let layouts = PhaseTermLayouts()
        let first = layouts.layout(timeline, index: 0, afterCycles: 0, span: 2, constants: constants)
        #expect(layouts.layout(timeline, index: 2, afterCycles: 0, span: 2, constants: constants) === first)
        #expect(layouts.layout(timeline, index: 1, afterCycles: 0, span: 2, constants: constants) !== first)
    }
}
