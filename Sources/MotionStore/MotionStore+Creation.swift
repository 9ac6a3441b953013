import MotionSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Making a new store whole

extension MotionStore {
    /// How `createWhole` ended.
    enum Creation: Equatable {
        /// The new store is at the path, complete and migrated.
        case created
        /// Something appeared at the path meanwhile (another process made the store): it is
        /// opened as an existing store, never replaced.
        case alreadyThere
        /// The file could not be made and linked beside the path (a folder that cannot be
        /// written, a file system without hard links): the store is made in place, as SQLite
        /// makes a database, and any error is that path's own.
        case inPlace
    }

    /// Makes a new store at `path` whole. Its file is written beside the path
    /// (`.NAME.new-PID-N`): the embedded image with `now` as each migration's time
    /// (`EmbeddedStoreImage`), or, for other migrations than the carried ones, the migrations
    /// replayed by SQLite with the journal in memory and no syncs, then marked WAL. It is synced
    /// once, then linked to `path` (link(2) refuses when something is already there, so a store
    /// another process made meanwhile is kept) and the folder synced so the name lasts. A crash
    /// leaves no store or a complete one, never a half-made one (at worst a stray new file).
    static func createWhole(at path: String, migrator: Migrator, now: String) throws -> Creation {
        // Whoever makes a store in this folder meanwhile (another import building one whole) is
        // waited for; a store it made is then there.
        let lock = try StoreCreationLock.acquire(folder: folder(of: path), for: path)
        defer { lock?.release() }
        if lock != nil, fileExists(path) { return .alreadyThere }
        guard let (scratch, fd) = newFileBeside(path) else { return .inPlace }
        var linked = false
        defer { if !linked { unlink(scratch) } }
        if let image = EmbeddedStoreImage.bytes(appliedAt: now, migrator: migrator) {
            defer { close(fd) }
            guard write(image, to: fd), syncData(fd) else {
                throw StoreError.cannotOpen(
                    path: path, reason: "the new store \(scratch) could not be written to disk (\(String(cString: strerror(errno))))")
            }
        } else {
            close(fd) // (SQLite's locks would go with any descriptor of the file that is closed)
            try replayMigrations(into: scratch, migrator: migrator, now: now, path: path)
        }
        guard link(scratch, path) == 0 else {
            return errno == EEXIST ? .alreadyThere : .inPlace
        }
        linked = true
        unlink(scratch)
        _ = sync(folder(of: path), folder: true)
        return .created
    }

    /// Makes the store in the new file `scratch` by applying every migration, marks it WAL and
    /// syncs it.
    static func replayMigrations(into scratch: String, migrator: Migrator, now: String, path: String) throws {
        do {
            let db = try SQLiteDatabase(path: scratch, mode: .unpublished)
            try migrator.migrate(db, now: now)
            try db.execute("PRAGMA journal_mode = WAL")
        } catch let error as SQLiteError {
            throw StoreError.cannotOpen(path: path, reason: "making the new store in \(scratch): \(error.message)")
        }
        guard sync(scratch, folder: false) else {
            throw StoreError.cannotOpen(
                path: path, reason: "the new store \(scratch) could not be written to disk (fsync: \(String(cString: strerror(errno))))")
        }
    }

    /// Writes all of `bytes` to `fd` from its start; false (errno set) when the file takes less.
    static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = pwrite(fd, buffer.baseAddress! + done, buffer.count - done, off_t(done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
    }

    /// Syncs a file's data to disk through its descriptor (fdatasync(2), fsync(2) on Darwin).
    static func syncData(_ fd: Int32) -> Bool {
        #if canImport(Glibc)
        return fdatasync(fd) == 0
        #else
        return fsync(fd) == 0
        #endif
    }

    /// A new empty file in `path`'s folder, readable as SQLite makes its files (0644 less the
    /// umask), with its descriptor; nil when the folder does not take one.
    static func newFileBeside(_ path: String) -> (String, Int32)? {
        let name = DatabasePath.fileName(of: path)
        let folder = folder(of: path)
        for attempt in 0..<8 {
            let scratch = folder + "/." + name + ".new-\(getpid())-\(attempt)"
            #if canImport(Glibc)
            let fd = Glibc.open(scratch, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            #else
            let fd = Darwin.open(scratch, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            #endif
            if fd >= 0 { return (scratch, fd) }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    /// The folder `path` is in ("." for a bare file name).
    static func folder(of path: String) -> String {
        DatabasePath.folder(of: path)
    }

    /// Syncs the file or folder at `path` to disk; false when it cannot be opened or synced.
    static func sync(_ path: String, folder: Bool) -> Bool {
        #if canImport(Glibc)
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        #else
        let fd = Darwin.open(path, O_RDONLY | O_CLOEXEC)
        #endif
        guard fd >= 0 else { return false }
        defer { close(fd) }
        #if canImport(Glibc)
        return (folder ? fsync(fd) : fdatasync(fd)) == 0
        #else
        return fsync(fd) == 0
        #endif
    }
}
