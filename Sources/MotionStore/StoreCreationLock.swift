#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - StoreCreationLock

/// An exclusive flock(2) on the folder a new store is made in, held by whoever makes a store
/// there (`MotionStore.createWhole`, and an import that builds its new store whole before
/// putting it in place, `MotionStore.unpublished`), so that two processes making the same store
/// take turns: the second finds the first's store when the lock is its own, and opens it as an
/// existing store instead of making one that could not be put in place. The kernel drops the
/// lock with the descriptor, also when the process dies. A reference type: the lock lasts until
/// `release()` or the object goes.
final class StoreCreationLock {
    private var fd: Int32

    /// How long a maker waits for another to finish with the folder before giving up.
    static let timeout: TimeInterval = 600
    /// Between two tries of the lock, in µs.
    static let pollInterval: useconds_t = 5_000

    private init(fd: Int32) { self.fd = fd }

    /// Takes the lock on `folder`, waiting up to `timeout` for another process that has it.
    /// Nil when the folder cannot be opened or does not take locks (then nothing is serialized,
    /// and the caller makes its store as it would without: linking refuses to replace a store).
    /// - Throws: `StoreError.cannotOpen` naming `path` when the wait runs out.
    static func acquire(folder: String, for path: String) throws -> StoreCreationLock? {
        #if canImport(Glibc)
        let fd = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #else
        let fd = Darwin.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #endif
        guard fd >= 0 else { return nil }
        let started = Date()
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                close(fd)
                return nil
            }
            if Date().timeIntervalSince(started) > timeout {
                close(fd)
                throw StoreError.cannotOpen(
                    path: path,
                    reason:
                        "another motionsync has been making a new store in \(folder) for \(Int(timeout)) s (it holds a lock on the folder); wait for it to end, or name another --db"
                )
            }
            usleep(pollInterval)
        }
        return StoreCreationLock(fd: fd)
    }

    /// Lets the next maker in.
    func release() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }

    deinit { release() }
}
