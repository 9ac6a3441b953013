import Foundation
import Testing

@testable import MotionCore

/// `PhaseStepMemo`: the values one property's analysis remembers for a phase step are the ones
/// the next property would compute, so sharing the memo changes no figure.
@Suite("Phase step memo")
struct PhaseStepMemoTests {
    @Test("properties analysed with one shared memo give, to the bit, what each gives with its own (springs of all regimes, curves, delays, loops)")
    func sharedEqualsSeparate() throws {
        var rng = SeededGenerator(seed: 31)
        for trial in 0..<40 {
            let names = ["x", "y", "scale"]
            let phases = (0..<4).map { k in
                let zeta = [Double.random(in: 0.2...0.9, using: &rng), 1.0, Double.random(in: 1.1...2, using: &rng)][
                    Int.random(in: 0...2, using: &rng)]
                let curve: PhaseAnimation.Curve =
                    Bool.random(using: &rng)
                    ? .spring(Spring(response: Double.random(in: 0.2...0.6, using: &rng), dampingRatio: zeta))
                    : .bezier(.easeInOut, duration: Double.random(in: 0.1...0.4, using: &rng))
                return Phase(
                    name: "p\(k)", values: names.map { ($0, Double.random(in: -50...50, using: &rng)) },
                    animation: PhaseAnimation(
                        curve, delay: Double.random(in: 0...0.05, using: &rng), speed: Double.random(in: 0.8...1.5, using: &rng)))
            }
            let timeline = try PhaseTimeline(phases: phases, repeating: trial % 4 == 0)
            let memo = PhaseStepMemo()
            for p in names.indices {
                let own = PropertyAnalysis(
                    timeline: timeline, index: p, motion: PhaseProperty(timeline, index: p, span: timeline.duration + 1), options: .standard,
                    wraps: timeline.isRepeating)
                let motion = PhaseProperty(timeline, index: p, span: timeline.duration + 1, steps: memo)
                let together = PropertyAnalysis(timeline: timeline, index: p, motion: motion, options: .standard, wraps: timeline.isRepeating)
                #expect(
                    own.range == together.range && own.peaks == together.peaks && own.holds == together.holds
                        && own.snaps == together.snaps && own.impacts == together.impacts && own.writtenHolds == together.writtenHolds,
                    "trial \(trial), property \(names[p])")
            }
        }
    }

    @Test("the memo gives back the pair it was given for a step and a time, tells steps and kinds apart, and does not keep a NaN time")
    func entries() {
        let memo = PhaseStepMemo()
        var computed = 0
        let first = memo.progress(step: 2, at: 0.125) {
            computed += 1
            return (0.5, 3)
        }
        let again = memo.progress(step: 2, at: 0.125) {
            computed += 1
            return (9, 9)
        }
        #expect(first == again && computed == 1)
        let otherStep = memo.progress(step: 3, at: 0.125) {
            computed += 1
            return (0.25, 1)
        }
        #expect(otherStep == (0.25, 1) && computed == 2)
        let ends = memo.springEnds(step: 2, at: 0.125) {
            computed += 1
            return (-4, 8)
        }
        #expect(ends == (-4, 8) && computed == 3, "a spring's derivatives are not its progress")
        let endsAgain = memo.springEnds(step: 2, at: 0.125) {
            computed += 1
            return (1, 1)
        }
        #expect(endsAgain == (-4, 8) && computed == 3)
        _ = memo.progress(step: 0, at: .nan) {
            computed += 1
            return (0, 0)
        }
        _ = memo.progress(step: 0, at: .nan) {
            computed += 1
            return (0, 0)
        }
        #expect(computed == 5, "NaN times are not remembered")
    }

    @Test("the memo gives back a step's range over an interval, tells steps, orders and intervals apart, and does not keep an unknown range")
    func ranges() {
        let memo = PhaseStepMemo()
        var computed = 0
        let first = memo.range(step: 1, order: 2, from: 0.25, to: 0.5) {
            computed += 1
            return (-3, 4)
        }
        let again = memo.range(step: 1, order: 2, from: 0.25, to: 0.5) {
            computed += 1
            return (9, 9)
        }
        #expect(first.map { $0 == (-3, 4) } == true && again.map { $0 == (-3, 4) } == true && computed == 1)
        let jerk = memo.range(step: 1, order: 3, from: 0.25, to: 0.5) {
            computed += 1
            return (-30, 40)
        }
        let otherStep = memo.range(step: 2, order: 2, from: 0.25, to: 0.5) {
            computed += 1
            return (1, 2)
        }
        let otherEnd = memo.range(step: 1, order: 2, from: 0.25, to: 0.375) {
            computed += 1
            return (0, 1)
        }
        let swapped = memo.range(step: 1, order: 2, from: 0.5, to: 0.25) {
            computed += 1
            return (5, 6)
        }
        #expect(
            jerk.map { $0 == (-30, 40) } == true && otherStep.map { $0 == (1, 2) } == true && otherEnd.map { $0 == (0, 1) } == true
                && swapped.map { $0 == (5, 6) } == true)
        #expect(computed == 5, "an order, a step and each end are part of the key")
        _ = memo.range(step: 0, order: 2, from: 0, to: 1) {
            computed += 1
            return nil
        }
        let known = memo.range(step: 0, order: 2, from: 0, to: 1) {
            computed += 1
            return (7, 8)
        }
        #expect(known.map { $0 == (7, 8) } == true && computed == 7, "an unknown range (a Bézier's singular slope) is not remembered")
    }

    @Test("an empty slot answers nothing: time 0 of step 0 and the range [0, 0] are computed in a fresh memo")
    func emptySlots() {
        let memo = PhaseStepMemo()
        var computed = 0
        let progress = memo.progress(step: 0, at: 0) {
            computed += 1
            return (0.5, 2)
        }
        let range = memo.range(step: 0, order: 2, from: 0, to: 0) {
            computed += 1
            return (-1, 1)
        }
        #expect(computed == 2 && progress == (0.5, 2) && range?.min == -1 && range?.max == 1)
    }

    /// The tables are arrays without the runtime's exclusivity check (`PhaseStepMemo`): this holds
    /// only while no access to them overlaps another, that is while `compute` runs outside them.
    @Test("a compute that asks the same memo again, for more entries than it has slots, gets its own answers, and so does the outer ask")
    func reentrantCompute() {
        let memo = PhaseStepMemo()
        func progress(_ t: Double) -> (value: Double, rate: Double) { (t * 3, t + 1) }
        let inner = (0..<1_500).map { Double($0) / 1_500 }
        let outer = memo.progress(step: 1, at: 0.75) {
            for t in inner {
                let got = memo.progress(step: 2, at: t) { progress(t) }
                #expect(got == progress(t), "inner \(t)")
                let range = memo.range(step: 2, order: 3, from: t, to: t + 1) { (t, t + 1) }
                #expect(range?.min == t && range?.max == t + 1, "inner range \(t)")
            }
            return (7, 8)
        }
        #expect(outer == (7, 8))
        let again = memo.progress(step: 1, at: 0.75) { (0, 0) }
        #expect(again == (7, 8), "the outer answer is remembered after the inner ones")
    }
}
