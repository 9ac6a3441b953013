import Foundation
import MotionCore
import MotionSQLite
import MotionTestSupport
import Testing

@testable import MotionStore

// MARK: - Migration 011: origins and given ids

@Suite("migration 011: where each animation comes from")
struct OriginMigrationTests {
    /// A store at migration 10 holding a spec animation and two code animations, one of which the
    /// store had renamed (`like-heart@ui`); rows written by SQL, as motionsync 010 left them.
    static func storeAt010() throws -> String {
        let path = try temporaryStorePath()
        let db = try SQLiteDatabase(path: path)
        try Migrator().migrate(db, upTo: 10, now: "2026-01-01T00:00:00.000Z")
        try db.execute(
            """
            INSERT INTO screens (id, name, created_at) VALUES (1, 'Like', 't');
            INSERT INTO sources (id, path, format, content_hash, imported_at) VALUES
                (1, '/app/Like.json', 'spec-v1', 'h1', 't'), (2, '/app/ui/LikeHeart.swift', 'swift', 'h2', 't'),
                (3, '/app/Anim.json', 'lottie', 'h3', 't');
            INSERT INTO animations (id, screen_id, name, source_id, created_at) VALUES
                (1, 1, 'like-heart', 1, 't'), (2, 1, 'like-heart@ui', 2, 't'), (3, 1, 'Blink.play', 2, 't'),
                (4, 1, 'mail@home', 1, 't'), (5, 1, 'wave', 3, 't');
            """)
        return path
    }

    @Test("a store of migration 10 opens and migrates: given ids from the names the store gave code, the spec's own kept")
    func upgrades() throws {
        let path = try Self.storeAt010()
        _ = try MotionStore(path: path)
        let db = try SQLiteDatabase(path: path)
        let rows = try db.rows("SELECT name, given_id FROM animations ORDER BY id").map { "\($0[0].string!)=\($0[1].string ?? "NULL")" }
        // Only code the store renamed loses its `@…`; a spec id that has one keeps it (NULL: the name).
        #expect(rows == ["like-heart=NULL", "like-heart@ui=like-heart", "Blink.play=NULL", "mail@home=NULL", "wave=NULL"])
        #expect(try db.first("SELECT max(version) FROM schema_migrations")?[0].int == Int64(Migration.latestVersion))
        let columns = try db.rows("SELECT name FROM pragma_table_info('inventory_figures')").compactMap { $0[0].string }
        #expect(columns.suffix(2) == ["origin", "given_id"], "\(columns)")
    }

    @Test("the views name each row's origin from its importer: spec, code, design")
    func origins() throws {
        let path = try temporaryStorePath()
        let store = try MotionStore(path: path)
        for (file, format) in [("/app/Like.json", "spec-v1"), ("/app/LikeHeart.swift", "swift"), ("/app/Like.lottie.json", "lottie")] {
            var spec = keyframeAnimation(id: format)
            spec.component = nil
            try store.importSpec(MotionSpec(screen: "Like", animations: [spec]), from: SourceFile(path: file, format: format, contentHash: file))
        }
        let rows = try store.inventory()
        #expect(rows.map { "\($0.id):\($0.origin)" } == ["lottie:design", "spec-v1:spec", "swift:code"])
        #expect(try store.inventoryFigures().map(\.row.origin) == ["design", "spec", "code"])
    }

    @Test("a migration that fails leaves the store at migration 10, nothing of 011 written")
    func failureRollsBack() throws {
        let path = try Self.storeAt010()
        // A column 011 adds, already there: its ALTER TABLE fails half-way through the file.
        try SQLiteDatabase(path: path).execute("ALTER TABLE animations ADD COLUMN given_id TEXT")
        #expect(throws: StoreError.self) { try MotionStore(path: path) }
        let db = try SQLiteDatabase(path: path)
        #expect(try db.first("SELECT max(version) FROM schema_migrations")?[0].int == 10)
        #expect(try db.first("SELECT count(*) FROM animations WHERE given_id IS NOT NULL")?[0].int == 0)
        let columns = try db.rows("SELECT name FROM pragma_table_info('inventory')").compactMap { $0[0].string }
        #expect(!columns.contains("origin") && columns.contains("also_on"), "010's view is still there: \(columns)")
    }
}

// MARK: - Conflicts per origin

@Suite("conflicts are per origin: code never blocks a spec")
struct OriginConflictTests {
    static func code(_ path: String, hash: String) -> SourceFile { SourceFile(path: path, format: "swift", contentHash: hash) }

    @Test("a spec imported after code with its id takes the id; the code becomes id@folder, keeps its history and given id")
    func specAfterCode() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        try store.importSpec(
            MotionSpec(screen: "Like", animations: [keyframeAnimation(id: "like-heart")]), from: Self.code("/app/ui/Like.swift", hash: "c1"))
        try store.importSpec(
            MotionSpec(screen: "Like", animations: [keyframeAnimation(id: "like-heart", scaleTo: 1.3)]), from: source("/app/Like.json", hash: "s1"))
        let rows = try store.inventory()
        #expect(
            rows.map { "\($0.id) \($0.givenID) \($0.origin) \($0.source)" } == [
                "like-heart like-heart spec /app/Like.json", "like-heart@ui like-heart code /app/ui/Like.swift",
            ])
        // The code's next import finds the name it was given: the same row, nothing removed.
        let again = try store.importSpec(
            MotionSpec(screen: "Like", animations: [keyframeAnimation(id: "like-heart", scaleTo: 1.2)]),
            from: Self.code("/app/ui/Like.swift", hash: "c2"))
        #expect(again.removed.isEmpty && again.added.isEmpty, "\(again)")
        #expect(try store.revisions(screen: "Like", id: "like-heart@ui").count == 2)
        // Two specs still may not define one animation.
        #expect(throws: StoreError.conflict(screen: "Like", id: "like-heart", owner: "/app/Like.json")) {
            try store.importSpec(
                MotionSpec(screen: "Like", animations: [keyframeAnimation(id: "like-heart")]), from: source("/app/Other.json", hash: "o"))
        }
    }
}
