import Foundation

// MARK: - AnalysisScratch

/// The memo tables of one analysis (`MotionAnalyzer.analyze`), kept for the next: the state memo
/// of the property being analysed (`StateMemo`; the properties are analysed one after another, so
/// one table serves them all, however many there are) and a phase timeline's step memo
/// (`PhaseStepMemo`). Making them fresh for every property cost 16 KB, and for every phase
/// timeline 88 KB, of stores into cold memory; reused, each use takes a new generation instead
/// (O(1)) and the tables stay in the cache.
///
/// Taken from a pool for one analysis on one thread (`take()`), given back after it
/// (`give(_:)`); a few are kept, one per thread that analyses at once (about 104 KB each). Internal.
final class AnalysisScratch {
    /// Made on first use.
    private var memo: StateMemo?
    /// Made on first use (keyframe timelines have no steps).
    private var stepMemo: PhaseStepMemo?

    /// The arrays of one property's analysis, kept for the next (`PropertyBuffers`).
    let propertyBuffers = PropertyBuffers()

    /// A state memo remembering nothing yet, for one property's analysis: valid until the next
    /// call (which gives its slots to the next property). O(1).
    func stateMemo() -> StateMemo {
        if let memo {
            memo.startUse()
            return memo
        }
        let memo = StateMemo()
        self.memo = memo
        return memo
    }

    /// The step memo for the current analysis's phase timeline, remembering nothing yet. O(1).
    func phaseStepMemo() -> PhaseStepMemo {
        if let memo = stepMemo {
            memo.reset()
            return memo
        }
        let memo = PhaseStepMemo()
        stepMemo = memo
        return memo
    }

    // MARK: Pool

    private static let lock = NSLock()
    nonisolated(unsafe) private static var free: [AnalysisScratch] = []
    /// At most this many are kept (more threads analysing at once make their own).
    private static let kept = 16

    /// A scratch no other analysis is using.
    static func take() -> AnalysisScratch {
        lock.lock()
        defer { lock.unlock() }
        return free.popLast() ?? AnalysisScratch()
    }

    /// Gives back a scratch taken with `take()`; nothing of its analysis uses it afterwards.
    static func give(_ scratch: AnalysisScratch) {
        lock.lock()
        defer { lock.unlock() }
        if free.count < kept { free.append(scratch) }
    }
}
