import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - A database held in memory

extension SQLiteDatabase {
    /// A connection to a database held in memory that starts as `image` (a whole database file,
    /// e.g. a new store's), or empty when `image` is nil; `path` only names it in errors.
    /// `inMemory(path:size:fill:)` with the image copied in.
    public static func inMemory(image: [UInt8]?, path: String) throws(SQLiteError) -> SQLiteDatabase {
        guard let image, !image.isEmpty else { return try inMemory(path: path, size: 0) { _ in } }
        return try inMemory(path: path, size: image.count) { out in
            image.withUnsafeBufferPointer { out.baseAddress!.update(from: $0.baseAddress!, count: image.count) }
        }
    }

    /// A connection to a database held in memory whose first `size` bytes `fill` writes (a
    /// whole database file; nothing when `size` is 0: an empty database); `path` only names it
    /// in errors. Nothing of it reaches a disk until `writeFile(to:wal:)`: a database built
    /// whole and then put in place needs no journal file, no WAL and no sync per transaction.
    /// Rollbacks work as in a file (the journal is in memory); foreign keys are on. The buffer
    /// has room to grow by `growth` bytes before SQLite moves it (bytes not written to are
    /// never touched). O(size).
    /// - Throws: `SQLiteError` when SQLite cannot open the memory database or refuses the bytes.
    public static func inMemory(
        path: String, size: Int, growth: Int = 1 << 20, fill: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(SQLiteError)
        -> SQLiteDatabase
    {
        var opened: OpaquePointer?
        let rc = sqlite3_open_v2(":memory:", &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let handle = opened else {
            if let opened { sqlite3_close_v2(opened) }
            throw SQLiteError(code: rc, message: "cannot open a database in memory", sql: nil)
        }
        let db = SQLiteDatabase(handle: handle, path: path)
        sqlite3_extended_result_codes(handle, 1)
        if size > 0 {
            // SQLite frees the buffer with the connection (or at once, when it refuses it).
            let capacity = size + max(growth, 0)
            guard let buffer = sqlite3_malloc64(sqlite3_uint64(capacity))?.assumingMemoryBound(to: UInt8.self) else {
                throw SQLiteError(code: SQLITE_NOMEM, message: "no memory for a database of \(size) bytes", sql: nil)
            }
            fill(UnsafeMutableBufferPointer(start: buffer, count: size))
            // A database in memory has no WAL: its header says "rollback journal" (1, 1) here;
            // `writeFile` gives the file its mode back.
            if size >= 100 {
                buffer[18] = 1
                buffer[19] = 1
            }
            let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
            let rc = sqlite3_deserialize(handle, "main", buffer, sqlite3_int64(size), sqlite3_int64(capacity), flags)
            guard rc == SQLITE_OK else { throw db.error(rc, sql: nil) }
        }
        // (The read of the schema refuses bytes that are not a database here, not later.)
        try db.execute("PRAGMA journal_mode = MEMORY; PRAGMA foreign_keys = ON; SELECT count(*) FROM sqlite_master")
        return db
    }

    /// The bytes of the main database when it is held in memory (`inMemory`), or nil when it is
    /// not (a file) or SQLite cannot say. O(1): SQLite gives its buffer's size without a copy or
    /// a statement, so it can be asked after every file of an import.
    public var inMemorySize: Int? {
        var size: sqlite3_int64 = 0
        guard sqlite3_serialize(handle, "main", &size, UInt32(SQLITE_SERIALIZE_NOCOPY)) != nil else { return nil }
        return Int(size)
    }

    /// Writes the bytes a file of this connection's main database holds to `fd` from its start,
    /// the header marked for WAL when `wal` (as `PRAGMA journal_mode = WAL` marks a file: bytes
    /// 18 and 19 are 2), so the file opens as a store `init(path:)` made would. False (errno
    /// set) when SQLite cannot give the bytes (out of memory) or the file takes fewer.
    /// O(size), without a copy where SQLite can (a database in memory is one buffer).
    public func writeFile(to fd: Int32, wal: Bool) -> Bool {
        var size: sqlite3_int64 = 0
        if let bytes = sqlite3_serialize(handle, "main", &size, UInt32(SQLITE_SERIALIZE_NOCOPY)) {
            return Self.write(UnsafeBufferPointer(start: bytes, count: Int(size)), to: fd, wal: wal)
        }
        guard let copy = sqlite3_serialize(handle, "main", &size, 0) else {
            errno = ENOMEM
            return false
        }
        defer { sqlite3_free(copy) }
        return Self.write(UnsafeBufferPointer(start: copy, count: Int(size)), to: fd, wal: wal)
    }

    /// `bytes` to `fd` from offset 0, its header's bytes 18 and 19 set to 2 when `wal` (the
    /// first 100 bytes go from a copy, the rest from `bytes`).
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32, wal: Bool) -> Bool {
        let headerLength = min(100, bytes.count)
        var header = Array(bytes.prefix(headerLength))
        if wal, headerLength == 100 {
            header[18] = 2
            header[19] = 2
        }
        let rest = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[headerLength...])
        return header.withUnsafeBytes { pwriteAll($0, to: fd, at: 0) } && pwriteAll(rest, to: fd, at: headerLength)
    }

    /// All of `bytes` to `fd` at `offset`; false (errno set) when the file takes fewer.
    private static func pwriteAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}
