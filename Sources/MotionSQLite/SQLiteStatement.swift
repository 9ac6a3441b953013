import CSQLite

// MARK: - SQLiteStatement

/// A prepared statement. It owns its handle and finalizes it in `deinit`; reuse it by binding new
/// values (binding resets it). Not thread-safe: use it from the connection's thread only.
public final class SQLiteStatement {
    let handle: OpaquePointer
    unowned let database: SQLiteDatabase
    public let sql: String

    init(database: SQLiteDatabase, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            throw database.error(rc, sql: sql)
        }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding

    /// Resets the statement and binds `values` to its parameters in order (1-based).
    @discardableResult
    public func bind(_ values: [any SQLiteBindable]) throws(SQLiteError) -> SQLiteStatement {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value.sqliteValue {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
            case .real(let v): rc = sqlite3_bind_double(handle, index, v)
            case .text(let v): rc = bindText(v, at: index)
            case .blob(let v): rc = v.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient()) }
            }
            guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
        }
        return self
    }

    // MARK: Binding one by one

    /// Resets the statement and sets every parameter to NULL, for `set(_:at:)` and `runBound()`:
    /// rows written column by column, without an array of boxed values per row.
    public func clear() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds an integer to parameter `index` (1-based).
    public func set(_ value: Int64, at index: Int32) throws(SQLiteError) {
        let rc = sqlite3_bind_int64(handle, index, value)
        guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
    }

    /// Binds a real to parameter `index` (1-based); nil leaves it NULL (as `clear` set it).
    public func set(_ value: Double?, at index: Int32) throws(SQLiteError) {
        guard let value else { return }
        let rc = sqlite3_bind_double(handle, index, value)
        guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
    }

    /// Binds a text to parameter `index` (1-based), as `bind(_:)` binds text; nil leaves it NULL.
    public func set(_ value: String?, at index: Int32) throws(SQLiteError) {
        guard let value else { return }
        let rc = bindText(value, at: index)
        guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
    }

    /// Runs the statement, with what `set(_:at:)` bound since `clear()`, to completion.
    public func runBound() throws(SQLiteError) {
        while try step() {}
    }

    /// Binds text by byte length, so text holding U+0000 is stored whole, not cut at the NUL;
    /// straight from the string's UTF-8 (SQLite copies it). Empty text is "" (a nil pointer would
    /// bind NULL).
    private func bindText(_ value: String, at index: Int32) -> Int32 {
        var text = value
        return text.withUTF8 { utf8 in
            guard utf8.count > 0 else { return sqlite3_bind_text(handle, index, "", 0, csqlite_transient()) }
            return utf8.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(handle, index, chars.baseAddress, Int32(chars.count), csqlite_transient())
            }
        }
    }

    // MARK: Stepping

    /// Runs the statement to completion (for writes).
    public func run(_ values: any SQLiteBindable...) throws(SQLiteError) {
        try run(bindings: values)
    }

    /// Runs the statement to completion with an array of values.
    public func run(bindings values: [any SQLiteBindable]) throws(SQLiteError) {
        try bind(values)
        while try step() {}
    }

    /// All rows, each as an array of column values.
    public func rows(_ values: any SQLiteBindable...) throws(SQLiteError) -> [SQLiteRow] {
        try bind(values)
        var rows: [SQLiteRow] = []
        var names: [String]?
        while try step() {
            // The column names once per query, shared by every row.
            if names == nil { names = columnNames() }
            rows.append(currentRow(names: names!))
        }
        return rows
    }

    /// The first row, or nil.
    public func first(_ values: any SQLiteBindable...) throws(SQLiteError) -> SQLiteRow? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        return try step() ? currentRow(names: columnNames()) : nil
    }

    /// Advances; true while there is a row.
    func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(rc, sql: sql)
        }
    }

    func columnNames() -> [String] {
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    func currentRow(names: [String]) -> SQLiteRow {
        let count = sqlite3_column_count(handle)
        var values: [SQLiteValue] = []
        values.reserveCapacity(Int(count))
        for i in 0..<count {
            switch sqlite3_column_type(handle, i) {
            case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(handle, i)))
            case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(handle, i)))
            case SQLITE_TEXT:
                // Read by byte length (sqlite3_column_bytes after the text), NULs included.
                let text = sqlite3_column_text(handle, i)
                let count = Int(sqlite3_column_bytes(handle, i))
                values.append(.text(text.map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""))
            case SQLITE_BLOB:
                let n = Int(sqlite3_column_bytes(handle, i))
                if let p = sqlite3_column_blob(handle, i) {
                    values.append(.blob(Array(UnsafeRawBufferPointer(start: p, count: n))))
                } else {
                    values.append(.blob([]))
                }
            default: values.append(.null)
            }
        }
        return SQLiteRow(columns: names, values: values)
    }
}

// MARK: - SQLiteRow

/// One result row: values by position or column name.
public struct SQLiteRow: Sendable {
    public let columns: [String]
    public let values: [SQLiteValue]

    public subscript(_ index: Int) -> SQLiteValue { values[index] }
    public subscript(_ name: String) -> SQLiteValue {
        guard let i = columns.firstIndex(of: name) else { return .null }
        return values[i]
    }
}
