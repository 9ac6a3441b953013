import MotionSQLite

// MARK: - Migrator

/// Applies pending migrations, each once, each in its own transaction, recording version, name,
/// checksum and time in `schema_migrations`. Refuses a store made by a newer binary, or one whose
/// applied migration's SQL has changed. Safe when two processes open the same new store at once
/// (BEGIN IMMEDIATE serializes them; the second finds the work done).
public struct Migrator {
    public let migrations: [Migration]

    public init(migrations: [Migration] = Migration.all) { self.migrations = migrations }

    /// Brings `db` up to the latest migration (or to `target`).
    public func migrate(_ db: SQLiteDatabase, upTo target: Int? = nil, now: @autoclosure () -> String) throws {
        let path = db.path
        do {
            try db.transaction {
                let hasTable = try db.first("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'") != nil
                if hasTable, try Self.isForeign(db) { throw StoreError.notAStore(path: path) }
                if !hasTable {
                    let others =
                        try db.first("SELECT count(*) FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'")?[0].int ?? 0
                    if others > 0 { throw StoreError.notAStore(path: path) }
                    try db.execute(Self.createMigrationsTable)
                }
            }
            for migration in migrations where migration.version <= (target ?? Int.max) {
                // A migration that rebuilds a table runs with foreign keys off (the pragma only
                // takes effect outside a transaction) and checks them before it commits: SQLite's
                // documented procedure for changing a table's constraints.
                let keysOff = migration.turnsForeignKeysOff
                if keysOff { try db.execute("PRAGMA foreign_keys = OFF") }
                defer { if keysOff { try? db.execute("PRAGMA foreign_keys = ON") } }
                try db.transaction {
                    try check(db)
                    if try db.first("SELECT 1 FROM schema_migrations WHERE version = ?", migration.version) != nil { return }
                    try db.execute(migration.sql)
                    if keysOff, let broken = try db.first("PRAGMA foreign_key_check") {
                        throw StoreError.damaged(
                            path: path,
                            reason:
                                "migration \(migration.version) would leave a row of \(broken[0].string ?? "a table") pointing nowhere (PRAGMA foreign_key_check)"
                        )
                    }
                    try db.run(
                        "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
                        migration.version, migration.name, migration.checksum, now())
                }
            }
            try check(db)
        } catch let error as SQLiteError {
            if error.code & 0xFF == 26 { throw StoreError.cannotOpen(path: path, reason: "the file is not a SQLite database") }
            throw StoreError.sqlite(path: path, error)
        }
    }

    /// The table of applied migrations, made before the first one (Scripts/embed-resources.py
    /// makes the same for `EmbeddedStoreImage`).
    static let createMigrationsTable = """
        CREATE TABLE schema_migrations (
            version     INTEGER PRIMARY KEY,
            name        TEXT NOT NULL,
            checksum    TEXT NOT NULL,
            applied_at  TEXT NOT NULL
        )
        """

    /// Whether a file holding a `schema_migrations` table is still not a motionsync store: the
    /// table lacks the columns motionsync writes, or it is empty while other tables are there
    /// (motionsync records its first migration in the transaction that creates its tables), so
    /// another program's table of that name is never adopted and written into.
    static func isForeign(_ db: SQLiteDatabase) throws -> Bool {
        let columns = Set(try db.rows("PRAGMA table_info(schema_migrations)").compactMap { $0[1].string })
        guard columns.isSuperset(of: ["version", "name", "checksum", "applied_at"]) else { return true }
        guard try db.first("SELECT 1 FROM schema_migrations LIMIT 1") == nil else { return false }
        let others =
            try db.first(
                "SELECT count(*) FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'")?[0]
            .int ?? 0
        return others > 0
    }

    /// Verifies the applied migrations against the carried ones.
    func check(_ db: SQLiteDatabase) throws {
        try check(try db.rows("SELECT version, name, checksum FROM schema_migrations ORDER BY version"), path: db.path)
    }

    /// `check` of rows already read (`version, name, checksum`). O(rows · migrations), no
    /// dictionary: a short command's open does this once, on about ten rows.
    func check(_ rows: [SQLiteRow], path: String) throws {
        for row in rows {
            let version = Int(row[0].int ?? 0)
            guard let migration = migrations.first(where: { $0.version == version }) else {
                throw StoreError.newerStore(path: path, version: version, known: migrations.last?.version ?? 0)
            }
            guard migration.checksum == row[2].string else {
                throw StoreError.changedMigration(path: path, version: version, name: row[1].string ?? migration.name)
            }
        }
    }
}
