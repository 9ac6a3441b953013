// MARK: - Migration

/// One numbered schema change from `Migrations/NNN_name.sql`, carried in the binary.
public struct Migration: Hashable, Sendable {
    public let version: Int
    public let name: String
    public let sql: String
    /// SHA-256 of the SQL text: recorded when applied, compared on every open.
    public var checksum: String { SHA256.hex(sql) }

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// The migrations this binary carries, in version order. File names are `NNN_name.sql`.
    public static let all: [Migration] = EmbeddedMigrations.files.compactMap { file in
        let stem = file.name.hasSuffix(".sql") ? String(file.name.dropLast(4)) : file.name
        guard let underscore = stem.firstIndex(of: "_"), let version = Int(stem[..<underscore]) else { return nil }
        return Migration(version: version, name: String(stem[stem.index(after: underscore)...]), sql: file.text)
    }.sorted { $0.version < $1.version }

    /// Whether the file asks to be applied with foreign keys off (a line `-- motionsync: foreign
    /// keys off`): it rebuilds a table that others reference.
    public var turnsForeignKeysOff: Bool { sql.contains("-- motionsync: foreign keys off") }

    /// The newest version this binary knows.
    public static var latestVersion: Int { all.last?.version ?? 0 }
}
