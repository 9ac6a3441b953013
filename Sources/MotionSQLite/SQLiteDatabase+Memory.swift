import CSQLite
import Foundation

// MARK: - A database held in memory

extension SQLiteDatabase {
    /// A connection to a database held in memory that starts as `image` (a whole database file,
    /// e.g. a new store's), or empty when `image` is nil; `path` only names it in errors. Nothing
    /// of it reaches a disk until `fileBytes()` is written somewhere: a database built whole and
    /// then put in place needs no journal file, no WAL and no sync per transaction. Rollbacks
    /// work as in a file (the journal is in memory); foreign keys are on. O(image) to copy it in.
    /// - Throws: `SQLiteError` when SQLite cannot open the memory database or refuses the image.
    public static func inMemory(image: [UInt8]?, path: String) throws(SQLiteError) -> SQLiteDatabase {
        var opened: OpaquePointer?
        let rc = sqlite3_open_v2(":memory:", &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let handle = opened else {
            if let opened { sqlite3_close_v2(opened) }
            throw SQLiteError(code: rc, message: "cannot open a database in memory", sql: nil)
        }
        let db = SQLiteDatabase(handle: handle, path: path)
        sqlite3_extended_result_codes(handle, 1)
        if let image, !image.isEmpty {
            // SQLite frees the copy with the connection (or at once, when it refuses it).
            guard let copy = sqlite3_malloc64(sqlite3_uint64(image.count))?.assumingMemoryBound(to: UInt8.self) else {
                throw SQLiteError(code: SQLITE_NOMEM, message: "no memory for a database of \(image.count) bytes", sql: nil)
            }
            image.withUnsafeBufferPointer { copy.update(from: $0.baseAddress!, count: image.count) }
            // A database in memory has no WAL: its header says "rollback journal" (1, 1) while
            // here; `fileBytes()` gives the file's mode back.
            copy[18] = 1
            copy[19] = 1
            let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
            let size = sqlite3_int64(image.count)
            let rc = sqlite3_deserialize(handle, "main", copy, size, size, flags)
            guard rc == SQLITE_OK else { throw db.error(rc, sql: nil) }
        }
        // (The read of the schema refuses an image that is not a database here, not later.)
        try db.execute("PRAGMA journal_mode = MEMORY; PRAGMA foreign_keys = ON; SELECT count(*) FROM sqlite_master")
        return db
    }

    /// The bytes a file of this connection's main database holds, its header marked for WAL
    /// when `wal` (as `PRAGMA journal_mode = WAL` marks a file: bytes 18 and 19 are 2), so the
    /// file opens as a store opened by `init(path:)` would have left it. Nil when SQLite cannot
    /// give them (out of memory). O(size): one copy.
    public func fileBytes(wal: Bool) -> [UInt8]? {
        var size: sqlite3_int64 = 0
        // Without a copy where SQLite can (a database in memory is one buffer)...
        if let bytes = sqlite3_serialize(handle, "main", &size, UInt32(SQLITE_SERIALIZE_NOCOPY)) {
            return Self.marked(UnsafeBufferPointer(start: bytes, count: Int(size)), wal: wal)
        }
        // ...else a copy of its own, freed here.
        guard let copy = sqlite3_serialize(handle, "main", &size, 0) else { return size == 0 ? [] : nil }
        defer { sqlite3_free(copy) }
        return Self.marked(UnsafeBufferPointer(start: copy, count: Int(size)), wal: wal)
    }

    /// `bytes` as an array, bytes 18 and 19 of the header set to 2 when `wal`.
    private static func marked(_ bytes: UnsafeBufferPointer<UInt8>, wal: Bool) -> [UInt8] {
        var out = Array(bytes)
        if wal, out.count >= 100 {
            out[18] = 2
            out[19] = 2
        }
        return out
    }
}
