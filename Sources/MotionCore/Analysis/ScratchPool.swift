import Dispatch

// MARK: - ScratchPool

/// The `AnalysisScratch`es that no analysis is using, kept for the next analyses of the process:
/// a new scratch's memo tables are 16 KB (and a phase timeline's step memo 88 KB more) of stores
/// into cold memory before the first evaluation, about as much work as a small animation's whole
/// analysis, while a kept one starts a new generation (O(1)) with its tables already in the cache.
/// Every caller makes a `MotionAnalyzer` of its own, so the analyzer cannot keep them.
///
/// `@unchecked Sendable`: the compiler cannot see the lock (a semaphore of one: Dispatch's, since
/// the motion core loads no Foundation). Invariant: `free` is read and written only with `lock`
/// held, and a scratch is in `free` only while no analysis uses it (`take()` removes it before
/// it is used, `give(_:)` is called after its analysis's last use of it), so no
/// scratch is ever used by two analyses or two threads at once. Tested by `ScratchPoolTests` and
/// `AnalysisScratchTests` (analyses on several threads at once).
final class ScratchPool: @unchecked Sendable {
    /// The pool of the process.
    static let shared = ScratchPool()

    private let lock = DispatchSemaphore(value: 1)
    private var free: [AnalysisScratch] = []
    /// At most this many are kept (about 110 KB each): one per thread analysing at once on any
    /// machine this runs on; more threads than that make their own.
    let kept = 16

    /// A scratch no other analysis is using: a kept one, else a new one. O(1).
    func take() -> AnalysisScratch {
        lock.wait()
        defer { lock.signal() }
        return free.popLast() ?? AnalysisScratch()
    }

    /// Gives back a scratch from `take()` whose analysis is done with it. O(1).
    func give(_ scratch: AnalysisScratch) {
        lock.wait()
        defer { lock.signal() }
        if free.count < kept { free.append(scratch) }
    }
}
