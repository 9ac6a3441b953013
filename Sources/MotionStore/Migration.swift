// MARK: - Migration

/// One numbered schema change from `Migrations/NNN_name.sql`, carried in the binary.
public struct Migration: Hashable, Sendable {
    public let version: Int
    public let name: String
    public let sql: String
    /// SHA-256 of the SQL text (lowercase hex): recorded when applied, compared on every open.
    public let checksum: String

    public init(version: Int, name: String, sql: String) {
        self.init(version: version, name: name, sql: sql, checksum: SHA256.hex(sql))
    }

    /// A migration whose checksum is already known (the carried ones: `EmbeddedMigrations.sha256`).
    init(version: Int, name: String, sql: String, checksum: String) {
        self.version = version
        self.name = name
        self.sql = sql
        self.checksum = checksum
    }

    /// The migrations this binary carries, in version order. File names are `NNN_name.sql`.
    public static let all: [Migration] = zip(EmbeddedMigrations.files, EmbeddedMigrations.sha256).compactMap { file, checksum in
        let stem = file.name.hasSuffix(".sql") ? String(file.name.dropLast(4)) : file.name
        guard let underscore = stem.firstIndex(of: "_"), let version = Int(stem[..<underscore]) else { return nil }
        return Migration(version: version, name: String(stem[stem.index(after: underscore)...]), sql: file.text, checksum: checksum)
    }.sorted { $0.version < $1.version }

    /// Whether the file asks to be applied with foreign keys off (a line `-- motionsync: foreign
    /// keys off`): it rebuilds a table that others reference. A plain byte search over the SQL's
    /// UTF-8 (Foundation's `contains` goes through UTF-16, the standard library's generic
    /// `firstRange` through run-time generics: each was a tenth of a new store's open). O(n·m).
    public var turnsForeignKeysOff: Bool {
        let marker = Array("-- motionsync: foreign keys off".utf8)
        var text = sql
        return text.withUTF8 { bytes in
            guard bytes.count >= marker.count else { return false }
            for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
                var k = 1
                while k < marker.count && bytes[start + k] == marker[k] { k += 1 }
                if k == marker.count { return true }
            }
            return false
        }
    }

    /// The newest version this binary knows.
    public static var latestVersion: Int { all.last?.version ?? 0 }
}
