import Foundation
import Testing

@testable import MotionCore

/// `ScratchPool`: a scratch is handed to one analysis at a time, and one given back is handed out
/// again remembering nothing of the analysis before.
@Suite("Scratch pool")
struct ScratchPoolTests {
    @Test("two scratches out at once are two; one given back is the next one taken")
    func takeAndGive() {
        let pool = ScratchPool()
        let first = pool.take(), second = pool.take()
        #expect(first !== second)
        pool.give(first)
        #expect(pool.take() === first)
        #expect(pool.take() !== second, "the second was never given back")
    }

    @Test("a scratch given back and taken again remembers no state or step of the analysis before")
    func reusedScratchForgets() {
        let pool = ScratchPool()
        let scratch = pool.take()
        _ = scratch.stateMemo().state(0.25) { _ in (1, 2) }
        _ = scratch.phaseStepMemo().progress(step: 0, at: 0.25) { (3, 4) }
        pool.give(scratch)
        let again = pool.take()
        #expect(again === scratch)
        #expect(again.stateMemo().state(0.25) { _ in (5, 6) } == (5, 6))
        #expect(again.phaseStepMemo().progress(step: 0, at: 0.25) { (7, 8) } == (7, 8))
    }

    @Test("scratches taken on many threads at once are all different, and all are kept up to the pool's bound")
    func threads() {
        let pool = ScratchPool()
        let taken = TakenScratches()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let scratch = pool.take()
            taken.add(scratch)
        }
        #expect(taken.distinctCount == 64, "no scratch handed to two takers")
        for scratch in taken.all { pool.give(scratch) }
        let kept = (0..<64).map { _ in pool.take() }
        #expect(Set(kept.map(ObjectIdentifier.init)).intersection(taken.all.map(ObjectIdentifier.init)).count == pool.kept)
    }

    /// Scratches collected from several threads.
    final class TakenScratches: @unchecked Sendable {
        private var scratches: [AnalysisScratch] = []
        private let lock = NSLock()
        func add(_ scratch: AnalysisScratch) {
            lock.lock()
            scratches.append(scratch)
            lock.unlock()
        }
        var all: [AnalysisScratch] {
            lock.lock()
            defer { lock.unlock() }
            return scratches
        }
        var distinctCount: Int { Set(all.map(ObjectIdentifier.init)).count }
    }
}
