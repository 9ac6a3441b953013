// MARK: - SQLiteError

/// A failed SQLite call: SQLite's result code, its message and the SQL that failed.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The (extended) result code, e.g. 5 SQLITE_BUSY, 19 SQLITE_CONSTRAINT.
    public let code: Int32
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    public init(code: Int32, message: String, sql: String?) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " (in: \($0.prefix(200)))" } ?? "")
    }
}
