import Dispatch
import MotionStore

// MARK: - StoreOpening

/// A store opened (created and migrated when new) on another thread, while the caller does
/// something else, e.g. reading the files it will import: `wait()` gives the store, or throws
/// what `StoreAccess.open` would have thrown. The store is used by the waiting thread only after
/// `wait()` returns, so its one connection is never used by two threads at once.
public struct StoreOpening: Sendable {
    /// Where the opened store (or the error) is left by the opening thread.
    private final class Slot: @unchecked Sendable {
        var result: Result<MotionStore, any Error>?
    }

    private let slot = Slot()
    private let group = DispatchGroup()

    /// Starts opening the store of `globals`, which was not there, on a global queue (as
    /// `StoreAccess.openNew` does: a new store is built in memory until the import publishes
    /// it); returns at once.
    ///
    /// `inline`: opened here and now instead, on this thread (for an import too small to be
    /// worth a thread: one started costs more than the opening). `inMemory`: false makes the
    /// new store on disk at once (an import too large to hold its store in memory).
    public init(_ globals: GlobalOptions, io: CommandIO, inline: Bool = false, inMemory: Bool = true) {
        let slot = slot
        guard !inline else {
            slot.result = Result { try StoreAccess.openNew(globals, io: io, inMemory: inMemory) }
            return
        }
        DispatchQueue.global().async(group: group) {
            slot.result = Result { try StoreAccess.openNew(globals, io: io, inMemory: inMemory) }
        }
    }

    // MARK: Waiting

    /// Waits for the opening to end; the store, or the error it met (`CLIError.store`). Call once.
    public func wait() throws -> MotionStore {
        group.wait()
        return try slot.result!.get()
    }
}
