// MARK: - SQLiteValue

/// A value bound to or read from a statement.
public enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var int: Int64? { if case .integer(let v) = self { v } else { nil } }
    public var double: Double? {
        switch self {
        case .real(let v): v
        case .integer(let v): Double(v)
        default: nil
        }
    }
    public var string: String? { if case .text(let v) = self { v } else { nil } }
    public var isNull: Bool { self == .null }
}

// MARK: - SQLiteBindable

/// Swift values that bind as SQLite values.
public protocol SQLiteBindable {
    var sqliteValue: SQLiteValue { get }
}

extension Int: SQLiteBindable { public var sqliteValue: SQLiteValue { .integer(Int64(self)) } }
extension Int64: SQLiteBindable { public var sqliteValue: SQLiteValue { .integer(self) } }
extension Double: SQLiteBindable { public var sqliteValue: SQLiteValue { .real(self) } }
extension String: SQLiteBindable { public var sqliteValue: SQLiteValue { .text(self) } }
extension Bool: SQLiteBindable { public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) } }
extension SQLiteValue: SQLiteBindable { public var sqliteValue: SQLiteValue { self } }
extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
}
