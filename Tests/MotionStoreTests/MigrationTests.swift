import Foundation
import MotionCore
import MotionSQLite
import MotionTestSupport
import Testing

@testable import MotionStore

@Suite("migrations")
struct MigrationTests {
    @Test("the carried migrations equal Migrations/*.sql byte for byte, numbered 1, 2, …")
    func carriedCopy() throws {
        let folder = packageRoot.appendingPathComponent("Migrations")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
        #expect(EmbeddedMigrations.files.map(\.name) == names, "run python3 Scripts/embed-resources.py")
        for file in EmbeddedMigrations.files {
            #expect(
                file.text == (try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)),
                "\(file.name): run python3 Scripts/embed-resources.py")
        }
        // The checksums worked out by the script are the files' SHA-256, and the ones opening compares.
        #expect(EmbeddedMigrations.sha256.count == EmbeddedMigrations.files.count, "run python3 Scripts/embed-resources.py")
        for (file, checksum) in zip(EmbeddedMigrations.files, EmbeddedMigrations.sha256) {
            #expect(checksum == SHA256.hex(file.text), "\(file.name): run python3 Scripts/embed-resources.py")
        }
        #expect(Migration.all.map(\.checksum) == Migration.all.map { SHA256.hex($0.sql) })
        // The files that rebuild a referenced table say so (008 and 009), the others do not.
        #expect(
            Migration.all.filter(\.turnsForeignKeysOff).map(\.version)
                == Migration.all.filter { $0.sql.contains("-- motionsync: foreign keys off") }.map(\.version))
        #expect(Migration.all.filter(\.turnsForeignKeysOff).map(\.version).contains(9))
        // Numbered 1, 2, …; 007 is taken by issue 13 (UIKit and Core Animation sources), merged
        // on its own branch, so this branch may skip it.
        let versions = Migration.all.map(\.version)
        #expect(versions == Array(1...versions.count) || versions == Array(1...versions.count + 1).filter { $0 != 7 })
    }

    @Test("a new store records every migration once with its checksum; reopening applies nothing")
    func freshStore() throws {
        let path = try temporaryStorePath()
        _ = try MotionStore(path: path)
        let db = try SQLiteDatabase(path: path)
        let rows = try db.rows("SELECT version, name, checksum FROM schema_migrations ORDER BY version")
        #expect(rows.map { Int($0[0].int!) } == Migration.all.map(\.version))
        #expect(rows.map { $0[2].string! } == Migration.all.map { SHA256.hex($0.sql) })
        #expect(rows.first?[1].string == "initial")
        _ = try MotionStore(path: path)
        #expect(try db.rows("SELECT count(*) FROM schema_migrations")[0][0].int == Int64(Migration.all.count))
        #expect(try db.first("PRAGMA journal_mode")?[0].string == "wal")
        #expect(try db.first("PRAGMA foreign_keys")?[0].int == 1)
    }

    @Test("a store made by a newer motionsync is refused")
    func newerStore() throws {
        let path = try temporaryStorePath()
        _ = try MotionStore(path: path)
        try SQLiteDatabase(path: path).run("INSERT INTO schema_migrations VALUES (99, 'future', 'x', 'now')")
        #expect(throws: StoreError.newerStore(path: path, version: 99, known: Migration.latestVersion)) { try MotionStore(path: path) }
    }

    @Test("a store whose applied migration changed is refused")
    func changedMigration() throws {
        let path = try temporaryStorePath()
        _ = try MotionStore(path: path)
        try SQLiteDatabase(path: path).run("UPDATE schema_migrations SET checksum = 'tampered' WHERE version = 1")
        #expect(throws: StoreError.changedMigration(path: path, version: 1, name: "initial")) { try MotionStore(path: path) }
    }

    @Test("a file that is not SQLite, and a SQLite file that is not a store, are refused")
    func notAStore() throws {
        let junk = try temporaryStorePath()
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: junk))
        #expect(throws: StoreError.cannotOpen(path: junk, reason: "the file is not a SQLite database")) { try MotionStore(path: junk) }
        let other = try temporaryStorePath()
        try SQLiteDatabase(path: other).execute("CREATE TABLE people (name TEXT)")
        #expect(throws: StoreError.notAStore(path: other)) { try MotionStore(path: other) }
        #expect(throws: StoreError.self) { try MotionStore(path: "/nonexistent-folder/x/store.sqlite") }
    }

    @Test("a store made by migration 1 alone (fixture) migrates to the latest and keeps its data")
    func fixtureUpgrade() throws {
        let path = try temporaryStorePath()
        let fixture = try String(
            contentsOf: packageRoot.appendingPathComponent("Tests/MotionStoreTests/Fixtures/store-migration-1.sql"), encoding: .utf8)
        try SQLiteDatabase(path: path).execute(fixture)
        let before = try SQLiteDatabase(path: path).rows("SELECT version FROM schema_migrations")
        #expect(before.count == 1)
        let store = try MotionStore(path: path)
        let inventory = try store.inventory()
        #expect(inventory.map { "\($0.screen)/\($0.id)" } == ["Feed/heart-pulse", "Timer/timer-finished"])
        #expect(abs(inventory[0].duration - 0.58) < 1e-12)
        let heart = try #require(try store.animation(screen: "Feed", id: "heart-pulse"))
        let timeline = try heart.spec.timeline()
        #expect(abs(timeline.duration - 0.58) < 1e-12)
        #expect(heart.source == "/fixture/Specs/Feed.json")
        let timer = try #require(try store.animation(screen: "Timer", id: "timer-finished"))
        #expect(timer.spec.isRepeating)
        #expect(try store.revisions(screen: "Feed", id: "heart-pulse").count == 1)
    }
}

@Suite("SQLite text")
struct SQLiteTextTests {
    @Test("text with NUL, emoji and the empty string round-trips byte for byte")
    func nulSafeText() throws {
        let db = try SQLiteDatabase(path: ":memory:")
        try db.execute("CREATE TABLE t (v TEXT)")
        let values = ["a\u{0}b", "", "😀 naïve \u{0}", String(repeating: "x", count: 10_000)]
        for v in values { try db.run("INSERT INTO t (v) VALUES (?)", v) }
        let lengths = try db.rows("SELECT length(CAST(v AS BLOB)) AS n FROM t ORDER BY rowid")
        #expect(lengths.map { $0["n"].int } == values.map { Int64($0.utf8.count) })
        let back = try db.rows("SELECT v FROM t ORDER BY rowid").map { $0["v"].string }
        #expect(back == values)
    }

    @Test(
        "timestamps: ISO 8601 in UTC with milliseconds, as ISO8601DateFormatter writes them (2,000 times from 1970 to 2100, half of them half a millisecond past one, and whole seconds)"
    )
    func timestamps() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        // Seeded (xorshift64), so a failure can be run again.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Double(state >> 11) / Double(1 << 53) * 4_102_444_800
        }
        var times = (0..<1000).map { _ in next() }
        // Near a tie between two milliseconds, where the rounding must be the formatter's.
        times += (0..<1000).map { _ in (next() * 1000).rounded(.down) / 1000 + 0.0005 }
        times += [
            0, 1, 59.999, 59.9995, 86_400, 951_782_400 /* 2000-02-29 */, 1_764_541_089.6245, 2_040_840_358.5435,
            1_007_173_819.6915 /* a half ms the 1970 fraction rounded down */,
        ]
        for t in times {
            let date = Date(timeIntervalSince1970: t)
            #expect(MotionStore.timestamp(date) == formatter.string(from: date), "\(t)")
        }
        #expect(MotionStore.timestamp(Date(timeIntervalSince1970: 1_764_541_089.6245)) == "2025-11-30T22:18:09.625Z")
    }
}
