import Foundation
import Testing

@testable import MotionCore

/// `AnalysisScratch`: memo tables reused from one analysis to the next remember nothing of the
/// earlier one, so an animation's figures do not depend on what was analysed before it.
@Suite("Analysis scratch")
struct AnalysisScratchTests {
    @Test("a state memo of a new generation over used slots remembers nothing of the old one, and its own states to the bit")
    func stateMemoGenerations() {
        let scratch = AnalysisScratch()
        let first = scratch.stateMemo()
        var computed = 0
        _ = first.state(0.25) { _ in
            computed += 1
            return (1, 2)
        }
        let again = first.state(0.25) { _ in
            computed += 1
            return (9, 9)
        }
        #expect(computed == 1 && again.value == 1 && again.velocity == 2)
        // The same slots, the next use: the entry written above is not an answer.
        let second = scratch.stateMemo()
        let fresh = second.state(0.25) { _ in
            computed += 1
            return (3, 4)
        }
        #expect(computed == 2 && fresh.value == 3 && fresh.velocity == 4)
        // Remembered for the new use; a NaN time is never kept.
        second.remember(0.5, (5, 6))
        let remembered = second.state(0.5) { _ in
            computed += 1
            return (0, 0)
        }
        #expect(computed == 2 && remembered.value == 5 && remembered.velocity == 6)
        _ = second.state(.nan) { _ in
            computed += 1
            return (7, 7)
        }
        _ = second.state(.nan) { _ in
            computed += 1
            return (7, 7)
        }
        #expect(computed == 4)
    }

    /// The memo's table is an array without the runtime's exclusivity check (`StateMemo`): this
    /// holds only while no access to it overlaps another, that is while `compute` runs outside it.
    @Test("a compute that asks the same memo again, for more times than it has slots, gets its own answers, and so does the outer ask")
    func stateMemoReentrantCompute() {
        let memo = AnalysisScratch().stateMemo()
        func state(_ t: Double) -> (value: Double, velocity: Double) { (t * 2, -t) }
        let inner = (1...1_500).map { Double($0) / 1_500 }
        let outer = memo.state(0.3125) { _ in
            for t in inner {
                let got = memo.state(t) { state($0) }
                #expect(got == state(t), "inner \(t)")
            }
            memo.remember(0.5, (5, 6))
            return (1, 2)
        }
        #expect(outer == (1, 2))
        #expect(memo.state(0.3125) { _ in (0, 0) } == (1, 2), "the outer answer is remembered after the inner ones")
        #expect(memo.state(0) { _ in (3, 4) } == (3, 4), "an empty slot answers nothing, time 0 included")
    }

    @Test("a reset step memo remembers nothing of the timeline before")
    func stepMemoReset() {
        let scratch = AnalysisScratch()
        let memo = scratch.phaseStepMemo()
        var computed = 0
        _ = memo.progress(step: 1, at: 0.1) {
            computed += 1
            return (0.5, 2)
        }
        _ = memo.range(step: 1, order: 2, from: 0, to: 0.1) {
            computed += 1
            return (-1, 1)
        }
        let reused = scratch.phaseStepMemo()
        #expect(reused === memo)
        let progress = reused.progress(step: 1, at: 0.1) {
            computed += 1
            return (0.25, 1)
        }
        let range = reused.range(step: 1, order: 2, from: 0, to: 0.1) {
            computed += 1
            return (-2, 2)
        }
        #expect(computed == 4 && progress.value == 0.25 && range?.max == 2)
    }

    @Test(
        "every animation's analysis is the same, to the bit, after any other (phases, keyframes, loops; analysed in two orders, and on several threads at once)"
    )
    func orderDoesNotMatter() throws {
        var rng = SeededGenerator(seed: 47)
        var timelines: [any MotionTimeline] = []
        for trial in 0..<24 {
            let names = ["x", "y", "scale", "opacity"].prefix(1 + trial % 4).map { $0 }
            if trial % 3 == 2 {
                let tracks = names.map { name in
                    KeyframeTrack(
                        property: name,
                        keyframes: (0..<5).map { _ in
                            Keyframe.spring(
                                to: Double.random(in: -50...50, using: &rng), duration: Double.random(in: 0.1...0.4, using: &rng),
                                spring: Spring(
                                    response: Double.random(in: 0.2...0.6, using: &rng), dampingRatio: Double.random(in: 0.3...1, using: &rng)))
                        })
                }
                timelines.append(try KeyframeTimeline(tracks: tracks, repeating: trial % 2 == 0))
                continue
            }
            let phases = (0..<4).map { k in
                let curve: PhaseAnimation.Curve =
                    Bool.random(using: &rng)
                    ? .spring(Spring(response: Double.random(in: 0.2...0.6, using: &rng), dampingRatio: Double.random(in: 0.4...1.2, using: &rng)))
                    : .bezier(.easeInOut, duration: Double.random(in: 0.1...0.4, using: &rng))
                return Phase(name: "p\(k)", values: names.map { ($0, Double.random(in: -50...50, using: &rng)) }, animation: PhaseAnimation(curve))
            }
            timelines.append(try PhaseTimeline(phases: phases, repeating: trial % 4 == 0))
        }
        let analyzer = MotionAnalyzer()
        let forwards = timelines.map { analyzer.analyze($0) }
        let backwards = Array(timelines.reversed().map { analyzer.analyze($0) }.reversed())
        for k in timelines.indices {
            #expect("\(forwards[k])" == "\(backwards[k])", "timeline \(k)")
        }
        // On several threads at once: each analysis makes a scratch of its own, so the memo
        // tables (no exclusivity check at run time) are never shared between threads.
        let all = timelines
        let texts = ConcurrentTexts(count: all.count * 4)
        DispatchQueue.concurrentPerform(iterations: all.count * 4) { k in
            texts.set(k, "\(analyzer.analyze(all[k % all.count]))")
        }
        for k in 0..<(timelines.count * 4) {
            #expect(texts.get(k) == "\(forwards[k % timelines.count])", "timeline \(k % timelines.count) on another thread")
        }
    }

    /// Strings written from several threads, each slot by one.
    final class ConcurrentTexts: @unchecked Sendable {
        private var slots: [String]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: "", count: count) }
        func set(_ k: Int, _ text: String) {
            lock.lock()
            slots[k] = text
            lock.unlock()
        }
        func get(_ k: Int) -> String {
            lock.lock()
            defer { lock.unlock() }
            return slots[k]
        }
    }
}
