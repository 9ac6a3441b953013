import CSQLite
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SQLiteCheckpointer

/// Copies a WAL database's committed pages into the main file from a thread and a connection of
/// its own, so that a long run of writes on another connection never waits for a checkpoint: a
/// checkpoint syncs the WAL and the database file (two `fdatasync`s, each a wait on the disk),
/// and SQLite's automatic checkpoint runs them on the committing thread, in the middle of the
/// writes.
///
/// The writer turns its automatic checkpoint off while this runs (`SQLiteDatabase.autoCheckpoint`)
/// and back on after `stop()`. Checkpoints here are PASSIVE: they never take the write lock nor
/// wait for the writer, and copy what is committed so far. Durability is SQLite's as before: a
/// commit is in the WAL when the transaction ends, and synced by the next checkpoint, whichever
/// connection runs it; the checkpoints here come at least as often as the automatic ones would.
///
/// A reference type because it owns a thread and a connection that live until `stop()`.
public final class SQLiteCheckpointer: @unchecked Sendable {
    /// How long the thread sleeps between two checkpoints that found nothing to copy, in µs.
    public static let idleInterval: useconds_t = 5_000

    /// A semaphore of one as the lock over `stopping` and `copies` (Dispatch's: this module
    /// loads no Foundation).
    private let lock = DispatchSemaphore(value: 1)
    /// Signalled when the thread has made its last checkpoint.
    private let finished = DispatchSemaphore(value: 0)
    private var stopping = false
    /// Checkpoints after which the main file held at least one frame of the WAL (for tests).
    private var copies = 0
    /// The thread's connection until the thread takes it (it alone uses it from then on).
    private var connection: SQLiteDatabase?

    /// Starts checkpointing the database at `path` on a new thread, or returns nil when a second
    /// connection cannot be opened or no thread started (the writer then keeps SQLite's
    /// automatic checkpoint).
    public init?(path: String) {
        guard let opened = try? SQLiteDatabase(path: path, mode: .readWrite) else { return nil }
        connection = opened
        guard startThread() else { return nil }
    }

    // MARK: Running

    /// A detached thread with a 1 MB stack that runs `run(_:)`, holding this checkpointer until
    /// it ends. A POSIX thread, since Foundation's `Thread` would bring all of Foundation.
    private func startThread() -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 1 << 20)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        guard pthread_create(&thread, &attributes, { SQLiteCheckpointer.threadMain($0) }, context) == 0 else {
            Unmanaged<SQLiteCheckpointer>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// The thread's start: takes the checkpointer `startThread()` retained and its connection.
    private static func threadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        let checkpointer = Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeRetainedValue()
        guard let connection = checkpointer.connection else { return nil }
        checkpointer.connection = nil
        checkpointer.run(connection)
        return nil
    }

    private func run(_ connection: SQLiteDatabase) {
        while true {
            lock.wait()
            let stop = stopping
            lock.signal()
            if stop { break }
            // Frames in the WAL after the call, and how many of them are now in the main file.
            let (logged, copied) = connection.checkpointPassive()
            if copied > 0 {
                lock.wait()
                copies += 1
                lock.signal()
            }
            if logged <= 0 || copied >= logged { usleep(Self.idleInterval) }
        }
        finished.signal()
        // The connection closes here, on this thread; it is never the last one (the writer's
        // is still open), so closing it neither checkpoints nor removes the WAL.
        withExtendedLifetime(connection) {}
    }

    /// Stops the thread and waits for it (at most one checkpoint in progress); O(1) besides that.
    /// Returns how many checkpoints left frames of the WAL copied in the main file.
    @discardableResult
    public func stop() -> Int {
        lock.wait()
        stopping = true
        lock.signal()
        finished.wait()
        // Signalled again, so that a later `stop()` returns at once as well.
        finished.signal()
        lock.wait()
        defer { lock.signal() }
        return copies
    }
}

// MARK: - Checkpoint calls

extension SQLiteDatabase {
    /// `sqlite3_wal_autocheckpoint`: checkpoint automatically once the WAL holds `pages` pages
    /// (SQLite's default is 1000); 0 turns it off.
    public func autoCheckpoint(pages: Int32) {
        sqlite3_wal_autocheckpoint(handle, pages)
    }

    /// A PASSIVE checkpoint of the main database: copies what it can without waiting for any
    /// lock. Returns the frames in the WAL and those copied into the main file; (-1, -1) when
    /// the database is not in WAL mode or the checkpoint failed.
    func checkpointPassive() -> (logged: Int32, copied: Int32) {
        var logged: Int32 = -1
        var copied: Int32 = -1
        let rc = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logged, &copied)
        return rc == SQLITE_OK ? (logged, copied) : (-1, -1)
    }
}
