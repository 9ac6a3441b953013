import Foundation
import MotionSQLite
import Testing

@testable import MotionStore

@Suite("making a new store")
struct StoreCreationTests {
    /// The schema as SQLite records it, every object (tables, their automatic indexes, indexes,
    /// views) with its text, by type and name.
    static func schema(_ path: String) throws -> [String] {
        try SQLiteDatabase(path: path, mode: .readOnly).rows("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
            .map { row in (0..<4).map { row[$0].string ?? "NULL" }.joined(separator: " | ") }
    }

    static func applied(_ path: String) throws -> [String] {
        try SQLiteDatabase(path: path, mode: .readOnly).rows("SELECT version, name, checksum FROM schema_migrations ORDER BY version")
            .map { "\($0[0].int ?? -1) \($0[1].string ?? "") \($0[2].string ?? "")" }
    }

    /// The file-level settings a store's file carries, by pragma name.
    static func settings(_ path: String) throws -> [String] {
        let db = try SQLiteDatabase(path: path, mode: .readOnly)
        return try ["user_version", "application_id", "page_size", "auto_vacuum", "encoding", "freelist_count", "journal_mode"].map { name in
            let value = try db.first("PRAGMA \(name)")?[0]
            return "\(name) \(value?.string ?? value?.int.map { String($0) } ?? "NULL")"
        }
    }

    @Test("EmbeddedStoreImage was made from the carried migrations")
    func imageIsCurrent() {
        #expect(EmbeddedStoreImage.migrationSHA256 == EmbeddedMigrations.sha256, "run python3 Scripts/embed-resources.py")
        #expect(EmbeddedStoreImage.migrationSHA256 == Migration.all.map(\.checksum))
    }

    @Test("the image holds the stamp exactly where it says, once per migration, and the time goes there")
    func imageStamps() throws {
        let stamp = EmbeddedStoreImage.stamp
        let image = try #require(EmbeddedStoreImage.bytes(appliedAt: stamp, migrator: Migrator()))
        #expect(image.count == EmbeddedStoreImage.size)
        #expect(image.count % 4096 == 0)
        #expect(Array(image.prefix(16)) == Array("SQLite format 3\u{0}".utf8))
        let needle = Array(stamp.utf8)
        let found = (0...(image.count - needle.count)).filter { image[$0] == needle[0] && Array(image[$0..<$0 + needle.count]) == needle }
        #expect(found == EmbeddedStoreImage.stampOffsets)
        #expect(found.count == Migration.all.count)
        let now = MotionStore.timestamp(Date(timeIntervalSince1970: 1_700_000_000))
        #expect(now == "2023-11-14T22:13:20.000Z")
        let stamped = try #require(EmbeddedStoreImage.bytes(appliedAt: now, migrator: Migrator()))
        for offset in found { #expect(Array(stamped[offset..<offset + needle.count]) == Array(now.utf8)) }
        // Elsewhere the two are the same bytes.
        #expect(zip(image, stamped).filter { $0 != $1 }.count <= found.count * needle.count)
    }

    @Test("the image is not used for other migrations or a time of another length")
    func imageRefused() {
        #expect(
            EmbeddedStoreImage.bytes(appliedAt: "2023-11-14T22:13:20.000Z", migrator: Migrator(migrations: Array(Migration.all.prefix(3)))) == nil)
        #expect(EmbeddedStoreImage.bytes(appliedAt: "12023-11-14T22:13:20.000Z", migrator: Migrator()) == nil)
        #expect(EmbeddedStoreImage.bytes(appliedAt: "", migrator: Migrator()) == nil)
    }

    @Test("a time the image cannot hold (year 10000 and later): the migrations are replayed, with that time")
    func farFuture() throws {
        let path = try temporaryStorePath()
        // 10 000-01-01T00:00:00Z, 253 402 300 800 s after 1970.
        _ = try MotionStore(path: path, clock: { Date(timeIntervalSince1970: 253_402_300_800) })
        let db = try SQLiteDatabase(path: path, mode: .readOnly)
        #expect(try db.first("SELECT DISTINCT applied_at FROM schema_migrations")?[0].string == "10000-01-01T00:00:00.000Z")
        let fresh = try temporaryStorePath()
        _ = try MotionStore(path: fresh)
        #expect(try Self.schema(path) == (try Self.schema(fresh)))
        #expect(try Self.applied(path) == (try Self.applied(fresh)))
    }

    @Test("a file that takes no bytes fails the write, saying so through errno")
    func writeFails() throws {
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        #expect(MotionStore.write([1, 2, 3], to: fd) == false)
        #expect(errno == EBADF)
    }

    @Test("a new store has exactly the schema and applied migrations of one made by replaying every migration")
    func sameAsReplayed() throws {
        let made = try temporaryStorePath()
        _ = try MotionStore(path: made, clock: { Date(timeIntervalSince1970: 1_700_000_000) })
        let replayed = try temporaryStorePath()
        try Migrator().migrate(try SQLiteDatabase(path: replayed), now: "2023-11-14T22:13:20.000Z")
        let schema = try Self.schema(made)
        #expect(schema == (try Self.schema(replayed)))
        #expect(schema.contains { $0.hasPrefix("view | inventory |") })
        #expect(try Self.applied(made) == (try Self.applied(replayed)))
        #expect(try Self.applied(made).count == Migration.all.count)
        #expect(try Self.settings(made) == (try Self.settings(replayed)))
        #expect(try Self.settings(made).contains("freelist_count 0"))
        let db = try SQLiteDatabase(path: made, mode: .readOnly)
        #expect(try db.first("SELECT DISTINCT applied_at FROM schema_migrations")?[0].string == "2023-11-14T22:13:20.000Z")
        #expect(try db.first("PRAGMA journal_mode")?[0].string == "wal")
        #expect(try db.first("PRAGMA integrity_check")?[0].string == "ok")
        // Only the store is left in its folder (no scratch file, no journal).
        let folder = (made as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix("test.sqlite-") } == ["test.sqlite"])
    }

    @Test("a migrator with other migrations than the carried ones replays them")
    func otherMigrations() throws {
        let path = try temporaryStorePath()
        _ = try MotionStore(path: path, migrator: Migrator(migrations: Array(Migration.all.prefix(3))))
        #expect(try Self.applied(path).count == 3)
        #expect(try Self.schema(path).contains { $0.hasPrefix("table | tokens |") } == false)
        // The carried ones then migrate it the rest of the way, to the schema of a new store.
        _ = try MotionStore(path: path)
        let fresh = try temporaryStorePath()
        _ = try MotionStore(path: fresh)
        #expect(try Self.applied(path).count == Migration.all.count)
        #expect(try Self.schema(path) == (try Self.schema(fresh)))
    }

    @Test("a file that appears at the path while a store is made is kept, not replaced")
    func somethingThere() throws {
        let path = try temporaryStorePath()
        let other = Data("not a store, someone else's".utf8)
        // Made between the existence check and the link: createWhole is asked for a path taken.
        try other.write(to: URL(fileURLWithPath: path))
        #expect(try MotionStore.createWhole(at: path, migrator: Migrator(), now: "2023-11-14T22:13:20.000Z") == .alreadyThere)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == other)
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["test.sqlite"], "the scratch file is removed")
    }

    @Test("a folder that does not exist: made in place, which fails saying so")
    func noFolder() throws {
        let path = "/nonexistent-folder-\(getpid())/store.sqlite"
        #expect(try MotionStore.createWhole(at: path, migrator: Migrator(), now: "2023-11-14T22:13:20.000Z") == .inPlace)
        #expect(throws: StoreError.self) { try MotionStore(path: path) }
    }

    @Test("a new store's file has the permissions of a file SQLite makes there")
    func permissions() throws {
        let made = try temporaryStorePath()
        _ = try MotionStore(path: made)
        let bySQLite = try temporaryStorePath()
        _ = try SQLiteDatabase(path: bySQLite)
        func mode(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
        #expect(try mode(made) == (try mode(bySQLite)))
        #expect(try mode(made) & 0o600 == 0o600)
    }

    @Test("a stray scratch file left by a crash does not stop the next store being made")
    func strayScratch() throws {
        let path = try temporaryStorePath()
        let folder = (path as NSString).deletingLastPathComponent
        for attempt in 0..<3 {
            try Data("half".utf8).write(to: URL(fileURLWithPath: folder + "/.test.sqlite.new-\(getpid())-\(attempt)"))
        }
        _ = try MotionStore(path: path)
        #expect(try Self.applied(path).count == Migration.all.count)
    }
}
