import Foundation
import MotionSQLite
import Testing

@testable import MotionStore

// MARK: - Checkpoints beside the writer (issue 10)

@Suite("checkpoints beside the writer")
struct CheckpointTests {
    /// Bytes of the main database file (what checkpoints have copied into it).
    static func mainFileSize(_ path: String) -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }

    /// Frames in the WAL since it last restarted (`PRAGMA wal_checkpoint`'s second column).
    static func walFrames(_ db: SQLiteDatabase) throws -> Int64 { try db.first("PRAGMA wal_checkpoint(PASSIVE)")?[1].int ?? -1 }

    @Test(
        "a checkpointer copies the writer's commits into the main file while it writes; stop returns; every row is there; the WAL goes with the last connection"
    )
    func copiesWhileWriting() throws {
        let path = try temporaryStorePath()
        var writer: SQLiteDatabase? = try SQLiteDatabase(path: path)
        try writer!.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT NOT NULL)")
        writer!.autoCheckpoint(pages: 0)
        let checkpointer = try #require(SQLiteCheckpointer(path: path))
        let text = String(repeating: "x", count: 3_000)
        // 400 commits of 10 rows of 3 KB: about 3,000 pages, three times SQLite's automatic threshold.
        for batch in 0..<400 {
            try writer!.transaction {
                for k in 0..<10 { try writer!.run("INSERT INTO t (k, v) VALUES (?, ?)", batch * 10 + k, text) }
            }
        }
        // The writer never checkpointed: the 12 MB reach the main file only through the checkpointer
        // (waited for, up to 20 s, so a busy machine cannot fail this).
        let deadline = Date().addingTimeInterval(20)
        while Self.mainFileSize(path) < 12_000_000 && Date() < deadline { usleep(10_000) }
        #expect(Self.mainFileSize(path) >= 12_000_000)
        let copies = checkpointer.stop()
        #expect(copies > 0, "the checkpointer copied pages while the writer wrote")
        #expect(try writer!.first("SELECT count(*), sum(length(v)) FROM t")?.values == [.integer(4_000), .integer(12_000_000)])
        writer = nil
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "closing the last connection checkpoints and removes the WAL")
        let reader = try SQLiteDatabase(path: path, mode: .readOnly)
        #expect(try reader.first("SELECT count(*) FROM t")?[0].int == 4_000)
        #expect(try reader.first("PRAGMA integrity_check")?[0].string == "ok")
    }

    @Test("stop right after start returns at once, and again from a second store; checkpointingAside restores the automatic checkpoint and rethrows")
    func stopAndRethrow() throws {
        let path = try temporaryStorePath()
        let store = try MotionStore(path: path)
        // Each stops within its current checkpoint (nothing to copy here but what the migrations left).
        for _ in 0..<20 {
            let checkpointer = try #require(SQLiteCheckpointer(path: path))
            let started = Date()
            checkpointer.stop()
            #expect(Date().timeIntervalSince(started) < 1)
        }
        struct Failure: Error {}
        #expect(throws: Failure.self) { try store.checkpointingAside { throw Failure() } }
        // After it, the writer checkpoints by itself again: a commit past 1,000 pages leaves a short WAL.
        try store.db.execute("CREATE TABLE big (v TEXT)")
        let text = String(repeating: "y", count: 4_000)
        try store.db.transaction { for _ in 0..<1_200 { try store.db.run("INSERT INTO big (v) VALUES (?)", text) } }
        try store.db.transaction { try store.db.run("INSERT INTO big (v) VALUES ('z')") }
        #expect(try Self.walFrames(store.db) < 100, "the automatic checkpoint ran and the WAL restarted")
        #expect(store.checkpointingAside { 42 } == 42)
    }
}
