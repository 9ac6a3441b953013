import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SQLiteDatabase

/// One SQLite connection. It owns the handle (closed in `deinit`), caches prepared statements by
/// SQL text, and opens with WAL journaling, foreign keys on and a busy timeout so concurrent
/// writers wait instead of failing. Every failure is a `SQLiteError` with SQLite's code, message
/// and the SQL. Not thread-safe: one connection per thread.
public final class SQLiteDatabase {
    let handle: OpaquePointer
    public let path: String
    private var cache = StatementCache()

    /// How a connection opens its file.
    public enum Mode: Sendable {
        /// Read and write, creating the file when missing (WAL, NORMAL sync).
        case readWrite
        /// Read only; never creates the file and never writes to it through SQL. Where the file
        /// and its folder are writable the connection opens read-write without create, with
        /// `PRAGMA query_only` on, so that closing it removes the `-wal`/`-shm` files it needed
        /// (a SQLite read-only connection would leave them behind); elsewhere it opens
        /// `SQLITE_OPEN_READONLY`, and as immutable when the folder is read-only (a WAL file's
        /// `-shm` cannot be made there).
        case readOnly
        /// Read and write a new file that no other connection knows of yet (it is renamed or
        /// linked into place once complete): the rollback journal in memory and no syncs, since
        /// a failed or interrupted file is thrown away whole; the caller syncs the finished file.
        case unpublished
    }

    /// Opens the database at `path` (creating it if needed in `.readWrite` mode).
    /// - Parameter busyTimeout: milliseconds to wait on a lock held by another connection.
    public init(path: String, mode: Mode = .readWrite, busyTimeout: Int32 = 30_000) throws(SQLiteError) {
        var db: OpaquePointer?
        let writable = access(path, W_OK) == 0 && access(DatabasePath.folder(of: path), W_OK) == 0
        let flags =
            switch mode {
            case .readWrite, .unpublished: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
            case .readOnly: (writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY) | SQLITE_OPEN_NOMUTEX
            }
        var rc = sqlite3_open_v2(path, &db, flags, nil)
        if mode == .readOnly, !writable, rc == SQLITE_OK, let opened = db, !Self.readable(opened) {
            // A WAL file in a folder we cannot write: SQLite cannot make its -shm, so read the
            // file as immutable (no locks; fine for a one-shot read of a store nobody writes there).
            sqlite3_close_v2(opened)
            db = nil
            rc = sqlite3_open_v2(Self.immutableURI(path), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        }
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: message, sql: nil)
        }
        handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeout)
        try execute("PRAGMA foreign_keys = ON")
        if mode == .unpublished {
            try execute("PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF")
            return
        }
        guard mode == .readWrite else {
            try execute("PRAGMA query_only = ON")
            return
        }
        // WAL lets readers work while one writer writes; NORMAL sync is durable at checkpoints and
        // never corrupts (a crash loses at most the last commits, never half of one).
        // Switching a new file to WAL takes an exclusive lock and does not wait on the busy
        // handler: when another process is doing the same, retry until the busy timeout.
        var waited: Int32 = 0
        while true {
            do {
                _ = try prepare("PRAGMA journal_mode = WAL").rows()
                break
            } catch  where (error.code & 0xFF == SQLITE_BUSY || error.code & 0xFF == SQLITE_LOCKED) && waited < busyTimeout {
                usleep(20_000)
                waited += 20
            }
        }
        try execute("PRAGMA synchronous = NORMAL")
    }

    /// A connection already opened on `handle` (owned from here on), named `path` in errors.
    init(handle: OpaquePointer, path: String) {
        self.handle = handle
        self.path = path
    }

    /// Whether a read-only connection can read the schema (it cannot when a WAL file's -shm is
    /// missing and cannot be created).
    static func readable(_ db: OpaquePointer) -> Bool {
        let rc = sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nil, nil, nil)
        let primary = rc & 0xFF
        return !(primary == SQLITE_CANTOPEN || primary == SQLITE_READONLY)
    }

    /// `file:PATH?immutable=1`, with the characters a URI gives meaning to percent-encoded.
    static func immutableURI(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            default:
                encoded += String(UnicodeScalar(byte))
            }
        }
        return "file:" + encoded + "?immutable=1"
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ rc: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    // MARK: Statements

    /// A prepared statement for `sql`, reused across calls.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = cache.statement(for: sql) { return cached }
        let statement = try SQLiteStatement(database: self, sql: sql)
        cache.insert(statement, for: sql)
        return statement
    }

    /// Runs one or more statements without results (schema scripts, pragmas).
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        guard rc == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(code: rc, message: text, sql: sql)
        }
    }

    /// Runs a write and binds `values`.
    public func run(_ sql: String, _ values: any SQLiteBindable...) throws(SQLiteError) {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
    }

    /// All rows of a query.
    public func rows(_ sql: String, _ values: any SQLiteBindable...) throws(SQLiteError) -> [SQLiteRow] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [SQLiteRow] = []
        var names: [String]?
        while try statement.step() {
            // The column names once per query, shared by every row.
            if names == nil { names = statement.columnNames() }
            rows.append(statement.currentRow(names: names!))
        }
        return rows
    }

    /// The first row of a query, or nil.
    public func first(_ sql: String, _ values: any SQLiteBindable...) throws(SQLiteError) -> SQLiteRow? {
        let statement = try prepare(sql)
        try statement.bind(values)
        defer { sqlite3_reset(statement.handle) }
        return try statement.step() ? statement.currentRow(names: statement.columnNames()) : nil
    }

    /// The rowid of the last insert on this connection.
    public var lastInsertID: Int64 { sqlite3_last_insert_rowid(handle) }
    /// Rows changed by the last write.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    // MARK: Transactions

    /// Runs `body` in a transaction: BEGIN IMMEDIATE (takes the write lock up front, so two
    /// writers queue on the busy timeout instead of deadlocking), COMMIT on return, ROLLBACK on
    /// any thrown error. Nothing of a failed body remains.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// SQLite's library version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}
