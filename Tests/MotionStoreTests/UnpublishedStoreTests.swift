import Foundation
import MotionCore
import MotionSQLite
import Testing

@testable import MotionStore

@Suite("a new store built in memory, then put in place")
struct UnpublishedStoreTests {
    static let fixed: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_700_000_000) }

    /// The names in `path`'s folder.
    static func folderNames(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).sorted()
    }

    /// Every row of every table of the store at `path`, as text, table by table.
    static func rows(_ path: String) throws -> [String] {
        let db = try SQLiteDatabase(path: path, mode: .readOnly)
        var out: [String] = []
        for table in try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap({ $0[0].string }) {
            for row in try db.rows("SELECT * FROM \"\(table)\" ORDER BY rowid") {
                out.append(table + ": " + row.values.map { "\($0)" }.joined(separator: " | "))
            }
        }
        return out
    }

    @Test("nothing is on disk until it is published; then the file is what a store made on disk holds, in WAL mode")
    func publishedLikeMadeOnDisk() throws {
        let path = try temporaryStorePath()
        let store = try #require(try MotionStore.unpublished(at: path, clock: Self.fixed))
        #expect(store.isUnpublished)
        try store.importSpec(MotionSpec(screen: "A", animations: [keyframeAnimation(), phaseAnimation()]), from: source("/a.json", hash: "a"))
        #expect(try Self.folderNames(path).isEmpty, "no store, journal or WAL before publishing")
        try store.publish()
        #expect(!store.isUnpublished)
        try store.publish() // a second time: nothing more
        #expect(try Self.folderNames(path) == ["test.sqlite"])
        // The same import into a store made on disk (the embedded image, then WAL transactions).
        let onDisk = try temporaryStorePath()
        let other = try MotionStore(path: onDisk, clock: Self.fixed)
        try other.importSpec(MotionSpec(screen: "A", animations: [keyframeAnimation(), phaseAnimation()]), from: source("/a.json", hash: "a"))
        #expect(try StoreCreationTests.schema(path) == (try StoreCreationTests.schema(onDisk)))
        #expect(try StoreCreationTests.applied(path) == (try StoreCreationTests.applied(onDisk)))
        #expect(try StoreCreationTests.settings(path) == (try StoreCreationTests.settings(onDisk)))
        #expect(try StoreCreationTests.settings(path).contains("journal_mode wal"))
        let rows = try Self.rows(path)
        #expect(rows.count > 20)
        #expect(rows == (try Self.rows(onDisk)))
        // The file's header says WAL (bytes 18 and 19 are 2), as `PRAGMA journal_mode = WAL` leaves it.
        let header = try #require(FileHandle(forReadingAtPath: path)).readData(ofLength: 100)
        #expect(header[18] == 2 && header[19] == 2)
        let reopened = try MotionStore(path: path)
        #expect(try reopened.inventory().map(\.id) == ["bump", "timer"])
        #expect(try reopened.integrityCheck() == "ok")
    }

    @Test("a store in memory knows its size without a statement: its pages times their size; a file has none")
    func sizeInMemory() throws {
        let path = try temporaryStorePath()
        let store = try #require(try MotionStore.unpublished(at: path, clock: Self.fixed))
        for k in 0..<3 {
            try store.importSpec(MotionSpec(screen: "S\(k)", animations: [keyframeAnimation()]), from: source("/\(k).json", hash: "\(k)"))
            let pages = try #require(try store.db.first("PRAGMA page_count")?[0].int)
            let pageSize = try #require(try store.db.first("PRAGMA page_size")?[0].int)
            #expect(store.db.inMemorySize.map(Int64.init) == pages * pageSize)
            #expect(try store.storedBytes() == pages * pageSize)
        }
        try store.publish()
        let file = try SQLiteDatabase(path: path, mode: .readOnly)
        #expect(file.inMemorySize == nil)
    }

    @Test("past the limit, a store built in memory goes to its path and the writes after go to the file")
    func publishedEarly() throws {
        let path = try temporaryStorePath()
        let store = try #require(try MotionStore.unpublished(at: path, clock: Self.fixed))
        try store.importSpec(MotionSpec(screen: "A", animations: [keyframeAnimation()]), from: source("/a.json", hash: "a"))
        try store.publishIfLarger(than: 64 << 20) // far below the limit: still in memory
        #expect(store.isUnpublished)
        #expect(try Self.folderNames(path).isEmpty)
        try store.publishIfLarger(than: 4096) // a store of one page: put in place
        #expect(!store.isUnpublished)
        #expect(try Self.folderNames(path).first == "test.sqlite")
        try store.importSpec(MotionSpec(screen: "B", animations: [phaseAnimation()]), from: source("/b.json", hash: "b"))
        try store.publish() // nothing more to do
        #expect(try MotionStore(path: path).inventory().map { "\($0.screen)/\($0.id)" } == ["A/bump", "B/timer"])
        #expect(try StoreCreationTests.settings(path).contains("journal_mode wal"))
        // The same two imports into a store made on disk: the same rows.
        let onDisk = try temporaryStorePath()
        let other = try MotionStore(path: onDisk, clock: Self.fixed)
        try other.importSpec(MotionSpec(screen: "A", animations: [keyframeAnimation()]), from: source("/a.json", hash: "a"))
        try other.importSpec(MotionSpec(screen: "B", animations: [phaseAnimation()]), from: source("/b.json", hash: "b"))
        #expect(try Self.rows(path) == (try Self.rows(onDisk)))
    }

    @Test("a failed transaction in memory is rolled back as on disk")
    func rollback() throws {
        let path = try temporaryStorePath()
        let store = try #require(try MotionStore.unpublished(at: path))
        try store.importSpec(MotionSpec(screen: "A", animations: [keyframeAnimation()]), from: source("/a.json", hash: "a"))
        let before = try store.rowCounts()
        // The same id from another file is a conflict: that file's transaction is rolled back whole.
        #expect(throws: StoreError.self) {
            try store.importSpec(
                MotionSpec(screen: "A", animations: [phaseAnimation(), keyframeAnimation()]), from: source("/b.json", hash: "b"))
        }
        #expect(try store.rowCounts() == before)
        try store.publish()
        #expect(try MotionStore(path: path).rowCounts() == before)
    }

    @Test("a store never published leaves nothing, and the next maker in the folder does not wait")
    func dropped() throws {
        let path = try temporaryStorePath()
        do {
            let store = try #require(try MotionStore.unpublished(at: path))
            try store.importSpec(MotionSpec(screen: "A", animations: [keyframeAnimation()]), from: source("/a.json", hash: "a"))
        }
        #expect(try Self.folderNames(path).isEmpty)
        let started = Date()
        _ = try MotionStore(path: path)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(try StoreCreationTests.applied(path).count == Migration.all.count)
    }

    @Test("a file at the path: no store in memory; a file that appears before publishing is kept, and the publish fails saying so")
    func somethingThere() throws {
        let path = try temporaryStorePath()
        let foreign = Data("not a store, someone else's".utf8)
        try foreign.write(to: URL(fileURLWithPath: path))
        #expect(try MotionStore.unpublished(at: path) == nil)
        try FileManager.default.removeItem(atPath: path)
        let store = try #require(try MotionStore.unpublished(at: path))
        try store.importSpec(MotionSpec(screen: "A", animations: [keyframeAnimation()]), from: source("/a.json", hash: "a"))
        // Written by something that does not take the folder's lock (not motionsync).
        try foreign.write(to: URL(fileURLWithPath: path))
        do {
            try store.publish()
            Issue.record("published over a file that appeared")
        } catch StoreError.cannotOpen(let place, let reason) {
            #expect(place == path)
            #expect(reason.contains("appeared") && reason.contains("nothing of this import was stored"), "\(reason)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == foreign)
        #expect(try Self.folderNames(path) == ["test.sqlite"], "no scratch file left")
    }

    @Test("a folder that cannot be used: no store in memory, and the usual open says why")
    func noFolder() throws {
        let path = "/nonexistent-folder-\(getpid())/store.sqlite"
        #expect(try MotionStore.unpublished(at: path) == nil)
        #expect(throws: StoreError.self) { try MotionStore(path: path) }
    }

    // No `.timeLimit`: Swift Testing starts that clock before the body gets one of the (two, on
    // CI) threads of the pool, so a busy run could fail the test before it began. The wait is
    // bounded here instead, from the body's own start.
    @Test("another maker of the store waits for the one building it, then opens the store it published")
    func otherMakerWaits() throws {
        let path = try temporaryStorePath()
        let store = try #require(try MotionStore.unpublished(at: path))
        try store.importSpec(MotionSpec(screen: "A", animations: [keyframeAnimation()]), from: source("/a.json", hash: "a"))
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var ids: [String]?
            var error: (any Error)?
        }
        let box = Box()
        let other = Thread {
            do {
                let ids = try MotionStore(path: path).inventory().map(\.id)
                box.lock.withLock { box.ids = ids }
            } catch {
                box.lock.withLock { box.error = error }
            }
        }
        other.start()
        usleep(300_000)
        #expect(box.lock.withLock { box.ids == nil && box.error == nil }, "still waiting for the lock")
        #expect(try Self.folderNames(path).isEmpty, "and made nothing meanwhile")
        try store.publish()
        let deadline = Date().addingTimeInterval(300)
        while box.lock.withLock({ box.ids == nil && box.error == nil }) && Date() < deadline { usleep(10_000) }
        #expect(box.lock.withLock { box.ids != nil || box.error != nil }, "the other maker opened the store within 300 s of its publishing")
        #expect(box.lock.withLock { box.error == nil })
        #expect(box.lock.withLock { box.ids } == ["bump"], "it opened the published store, not one of its own")
    }

    @Test("other migrations than the carried ones, or a time the image cannot hold: replayed in memory, the same schema")
    func replayedInMemory() throws {
        let far = try temporaryStorePath()
        let store = try #require(try MotionStore.unpublished(at: far, clock: { Date(timeIntervalSince1970: 253_402_300_800) }))
        try store.publish()
        let fresh = try temporaryStorePath()
        _ = try MotionStore(path: fresh)
        #expect(try StoreCreationTests.schema(far) == (try StoreCreationTests.schema(fresh)))
        #expect(try StoreCreationTests.settings(far) == (try StoreCreationTests.settings(fresh)))
        let db = try SQLiteDatabase(path: far, mode: .readOnly)
        #expect(try db.first("SELECT DISTINCT applied_at FROM schema_migrations")?[0].string == "10000-01-01T00:00:00.000Z")
        let three = try temporaryStorePath()
        let partial = try #require(try MotionStore.unpublished(at: three, migrator: Migrator(migrations: Array(Migration.all.prefix(3)))))
        try partial.publish()
        #expect(try StoreCreationTests.applied(three).count == 3)
    }

    @Test("SQLite refuses an image that is not a database, naming the store")
    func notAnImage() {
        #expect(throws: SQLiteError.self) { try SQLiteDatabase.inMemory(image: Array("not a database at all".utf8), path: "/x/s.sqlite") }
        #expect(throws: SQLiteError.self) { try SQLiteDatabase.inMemory(image: [UInt8](repeating: 7, count: 4096), path: "/x/s.sqlite") }
    }
}
