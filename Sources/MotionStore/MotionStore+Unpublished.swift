import MotionSQLite

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

// MARK: - A new store built in memory, then put in place

extension MotionStore {
    /// A new store for `path` built in memory: the embedded image of the migrated schema (or,
    /// for other migrations than the carried ones, the migrations replayed) with `clock`'s time
    /// as each migration's, written to by the import like any store, and put at `path` by
    /// `publish()` in one write and one sync. Until then nothing of it is on disk: no journal,
    /// no WAL, no sync per transaction, and an import that fails or is interrupted leaves no
    /// store. The folder's creation lock (`StoreCreationLock`) is held until then, so another
    /// motionsync making this store waits and then finds it made.
    ///
    /// Nil when a store (or anything) is at `path` once the lock is held, or the folder takes no
    /// lock: the caller opens the store as usual (`init(path:)`).
    /// - Throws: `StoreError.cannotOpen` when SQLite cannot make the database in memory or the
    ///   wait for another maker runs out.
    public static func unpublished(
        at path: String, migrator: Migrator = Migrator(), clock: @escaping () -> Date = Date.init
    ) throws
        -> MotionStore?
    {
        // A folder that cannot be written is refused by the usual open, before any file is read.
        guard access(folder(of: path), W_OK) == 0,
            let lock = try StoreCreationLock.acquire(folder: folder(of: path), for: path)
        else { return nil }
        guard !fileExists(path) else {
            lock.release()
            return nil
        }
        let now = timestamp(clock())
        do {
            // The image is decoded straight into the buffer SQLite then holds the database in.
            let fits = EmbeddedStoreImage.fits(now, migrator: migrator)
            let db = try SQLiteDatabase.inMemory(path: path, size: fits ? EmbeddedStoreImage.size : 0) {
                EmbeddedStoreImage.write(appliedAt: now, into: $0)
            }
            if !fits { try migrator.migrate(db, now: now) }
            return MotionStore(path: path, db: db, clock: clock, creationLock: lock)
        } catch let error as SQLiteError {
            throw StoreError.cannotOpen(path: path, reason: "making the new store in memory: \(error.message)")
        }
    }

    /// Puts a store built by `unpublished(at:)` at `path`: its bytes, marked WAL as a store's
    /// file is, are written to a new file beside the path, synced once and linked to the path
    /// (link(2) never replaces a file), then the folder is synced and its lock released. Nothing
    /// for a store opened from its file. Writes to this object after it are not stored.
    /// - Throws: `StoreError.cannotOpen` when the file cannot be written, or something that is
    ///   not a motionsync making a store (those wait for the lock) put a file at the path
    ///   meanwhile: it is kept, and nothing of this store is.
    public func publish() throws {
        guard let lock = creationLock else { return }
        let folder = Self.folder(of: path)
        func failed(_ what: String) -> StoreError {
            .cannotOpen(path: path, reason: "\(what) (\(String(cString: strerror(errno)))); nothing of this import was stored")
        }
        if let (scratch, fd) = Self.newFileBeside(path) {
            var linked = false
            defer { if !linked { unlink(scratch) } }
            let written = db.writeFile(to: fd, wal: true) && Self.syncData(fd)
            close(fd)
            guard written else { throw failed("the new store \(scratch) could not be written to disk") }
            if link(scratch, path) == 0 {
                linked = true
                unlink(scratch)
            } else if errno == EEXIST {
                throw StoreError.cannotOpen(
                    path: path,
                    reason:
                        "a file appeared at the path while this import made the store (not made by motionsync, which waits for the maker); it is kept and nothing of this import was stored: move it away or name another --db, and import again"
                )
            } else {
                try Self.writeInPlace(db, at: path, failed: failed)
            }
        } else {
            try Self.writeInPlace(db, at: path, failed: failed)
        }
        _ = Self.sync(folder, folder: true)
        creationLock = nil
        lock.release()
    }

    /// Bytes a store built in memory may reach before an import puts it in place and goes on
    /// with the file (`publishIfLarger(than:)`): memory stays bounded however large the first
    /// import, and below this the import writes its store once.
    public static let inMemoryLimit = 16 << 20

    /// Puts a store built in memory at `path` (`publish()`) once its database is larger than
    /// `limit` bytes, and goes on with the file, opened as any store is (WAL): later writes
    /// are stored there, one transaction at a time. Nothing for a smaller one or a store opened
    /// from its file. Call between transactions (an import calls it after each of thousands of
    /// files). O(1) when nothing is done: the size of SQLite's buffer, no statement.
    /// - Throws: what `publish()` throws, or `StoreError.cannotOpen` when the file then cannot be
    ///   opened.
    public func publishIfLarger(than limit: Int) throws {
        guard isUnpublished else { return }
        guard try storedBytes() > Int64(limit) else { return }
        try publish()
        do {
            db = try SQLiteDatabase(path: path, mode: .readWrite)
        } catch {
            throw StoreError.cannotOpen(path: path, reason: "reopening the store just written: \(error.message)")
        }
    }

    /// The bytes of the store's database: its buffer's size while it is in memory, else its
    /// pages (the pragmas are a statement each, where the buffer's size is a field).
    func storedBytes() throws -> Int64 {
        if let size = db.inMemorySize { return Int64(size) }
        let pages = try guarded { try db.first("PRAGMA page_count")?[0].int ?? 0 }
        let pageSize = try guarded { try db.first("PRAGMA page_size")?[0].int ?? 0 }
        return pages * pageSize
    }

    /// Writes `db`'s file to a file made at `path` (never over one there) and syncs it: for a folder
    /// where a file cannot be made beside the path and linked (a file system without hard
    /// links). A crash midway leaves a file shorter than its header says, which opening refuses.
    static func writeInPlace(_ db: SQLiteDatabase, at path: String, failed: (String) -> StoreError) throws {
        #if canImport(Glibc)
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        #else
        let fd = Darwin.open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        #endif
        guard fd >= 0 else { throw failed("the store cannot be made at the path") }
        defer { close(fd) }
        guard db.writeFile(to: fd, wal: true), syncData(fd) else {
            let error = failed("the new store could not be written to disk")
            unlink(path)
            throw error
        }
    }
}
