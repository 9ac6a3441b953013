import Foundation

// MARK: - AnalysisScratch

/// The memo tables of one analysis (`MotionAnalyzer.analyze`), kept for the next: a state memo
/// per property (`StateMemo`) and a phase timeline's step memo (`PhaseStepMemo`). Making them
/// fresh for every animation cost 20 KB to 88 KB of stores into cold memory each time; reused,
/// each use takes a new generation instead (O(1)) and the tables stay in the cache.
///
/// Taken from a pool for one analysis on one thread (`take()`), given back after it
/// (`give(_:)`); a few are kept, one per thread that analyses at once. Internal.
final class AnalysisScratch {
    private var stateSlots: [UnsafeMutablePointer<StateMemo.Entry>] = []
    /// The last generation given to a use of any of `stateSlots`.
    private var generation: UInt64 = 0
    /// Made on first use (keyframe timelines have no steps).
    private var stepMemo: PhaseStepMemo?

    deinit { for slots in stateSlots { slots.deallocate() } }

    /// A state memo for property `index` of the current analysis, remembering nothing yet. O(1)
    /// (its slots are made on first use).
    func stateMemo(_ index: Int) -> StateMemo {
        while stateSlots.count <= index { stateSlots.append(StateMemo.allocateSlots()) }
        generation += 1
        return StateMemo(slots: stateSlots[index], generation: generation)
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
