import Foundation
import MotionSQLite
import MotionStore
import MotionTestSupport
import Testing

@testable import MotionPipeline

// MARK: - Importing into a new store: built in memory, put in place whole

@Suite("MotionPipeline: an import into a new store, and a small import on one thread")
struct NewStoreImportTests {
    /// The Lottie files of the shared corpus (real public files).
    static func lottieCorpus() throws -> URL {
        let folder = sharedCorpus.appendingPathComponent("lottie")
        try #require(FileManager.default.fileExists(atPath: folder.path), "the shared corpus is beside the package")
        return folder
    }

    /// Every row of every table of the store at `path` as text, times left out (columns named
    /// `*_at`, which say when the import ran).
    static func rows(_ path: String) throws -> [String] {
        let db = try SQLiteDatabase(path: path, mode: .readOnly)
        var out: [String] = []
        for table in try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap({ $0[0].string }) {
            let columns = try db.rows("SELECT name FROM pragma_table_info('\(table)')").compactMap { $0[0].string }.filter { !$0.hasSuffix("_at") }
            let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
            for row in try db.rows("SELECT \(list) FROM \"\(table)\" ORDER BY rowid") {
                out.append(table + ": " + row.values.map { "\($0)" }.joined(separator: " | "))
            }
        }
        return out
    }

    /// `count` copies of the corpus's Lottie files in a new folder (named `k-name.json`).
    static func copies(of corpus: URL, count: Int, in folder: URL) throws -> URL {
        let out = folder.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let names = try FileManager.default.subpathsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        for k in 0..<count {
            let name = names[k % names.count]
            try FileManager.default.copyItem(
                at: corpus.appendingPathComponent(name),
                to: out.appendingPathComponent("\(k)-" + (name as NSString).lastPathComponent))
        }
        return out
    }

    @Test(
        "the Lottie corpus and a larger folder, each into a new store and into one made first: the same reports and rows, the new store whole in its folder",
        arguments: [0, 11])
    func sameAsIntoExisting(copies: Int) throws {
        let folder = try temporaryFolder()
        let corpus = try Self.lottieCorpus()
        let input = copies == 0 ? corpus : try Self.copies(of: corpus, count: copies, in: folder)
        let files = SpecImporter.collect(try SpecImporter.roots([input.path], io: CommandIO.capture(currentDirectory: folder.path).0))
        #expect(ImportRun.isSmall(files) == (copies == 0), "the corpus is done on one thread, 11 files are not")
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        let fresh = GlobalOptions(database: folder.appendingPathComponent("fresh.sqlite").path)
        let existing = GlobalOptions(database: folder.appendingPathComponent("existing.sqlite").path)
        _ = try MotionStore(path: existing.database!) // made on disk first: imported into with WAL transactions
        let a = try ImportRun(paths: [input.path], globals: fresh).run(io: io)
        let b = try ImportRun(paths: [input.path], globals: existing).run(io: io)
        #expect(a.reports == b.reports)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("fresh") || $0.hasPrefix(".fresh") }
        #expect(names == ["fresh.sqlite"], "no scratch file, journal or WAL beside it")
        let jsonFiles = try FileManager.default.subpathsOfDirectory(atPath: input.path).filter { $0.hasSuffix(".json") }.count
        #expect(jsonFiles == (copies == 0 ? 6 : copies))
        #expect(a.count(.added) == jsonFiles && a.reports.count == jsonFiles)
        let rowsA = try Self.rows(fresh.database!)
        #expect(rowsA.count > 100)
        #expect(rowsA == (try Self.rows(existing.database!)))
        let db = try SQLiteDatabase(path: fresh.database!, mode: .readOnly)
        #expect(try db.first("PRAGMA journal_mode")?[0].string == "wal")
        #expect(try db.first("PRAGMA integrity_check")?[0].string == "ok")
        // Imported again: nothing changes, as with any store.
        let again = try ImportRun(paths: [input.path], globals: fresh).run(io: io)
        #expect(again.count(.unchanged) == again.reports.count)
    }

    // No `.timeLimit` (its clock starts before the body gets a thread of the pool, so a busy run
    // could fail it unstarted): a maker that never lets go is bounded by the lock's own timeout.
    @Test("two imports into one new store at the same time: one builds it, the other waits and imports into it")
    func twoAtOnce() async throws {
        let folder = try temporaryFolder()
        let corpus = try Self.lottieCorpus().appendingPathComponent("lottie-docs")
        let globals = storeOptions(folder)
        let names = ["bouncy_ball.json", "easing.json"]
        let outcomes = try await withThrowingTaskGroup(of: ImportRun.Outcome.self) { group in
            for name in names {
                group.addTask {
                    let (io, _) = CommandIO.capture(currentDirectory: folder.path)
                    return try ImportRun(paths: [corpus.appendingPathComponent(name).path], globals: globals).run(io: io)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0.count(.added) == 1 })
        let store = try MotionStore(path: globals.database!)
        #expect(Set(try store.inventory().map(\.screen)) == ["bouncy_ball", "easing"])
        #expect(try store.integrityCheck() == "ok")
    }

    /// A file of `bytes` spaces named `name` in `folder`, as an import takes it.
    static func file(_ name: String, bytes: Int, in folder: URL) throws -> SpecImporter.InputFile {
        let path = folder.appendingPathComponent(name).path
        try Data(repeating: 0x20, count: bytes).write(to: URL(fileURLWithPath: path))
        return SpecImporter.InputFile(path: path, display: name, explicit: true)
    }

    @Test("small means no Swift source, at most 8 files and 128 KiB in all")
    func small() throws {
        let folder = try temporaryFolder()
        func file(_ name: String, bytes: Int) throws -> SpecImporter.InputFile { try Self.file(name, bytes: bytes, in: folder) }
        let eight = try (0..<8).map { try file("f\($0).json", bytes: 16 * 1024) }
        #expect(ImportRun.isSmall(eight), "8 files of 16 KiB: 128 KiB")
        #expect(!ImportRun.isSmall(eight + [try file("g.json", bytes: 1)]), "a ninth file")
        #expect(!ImportRun.isSmall(Array(eight.dropLast()) + [try file("h.json", bytes: 16 * 1024 + 1)]), "one byte more")
        #expect(!ImportRun.isSmall([try file("a.swift", bytes: 10)]), "Swift sources are read by the reader's process")
        #expect(
            !ImportRun.isSmall([SpecImporter.InputFile(path: folder.appendingPathComponent("gone.json").path, display: "gone.json", explicit: true)]))
        #expect(ImportRun.isSmall([]))
    }

    @Test(
        "design-token files go first, each part in its order; the bytes read for that are kept for the files read first up to the limit, none of a Swift source or an unreadable file"
    )
    func orderedKeepsWhatItRead() throws {
        let folder = try temporaryFolder()
        func file(_ name: String, _ text: String) throws -> SpecImporter.InputFile {
            let path = folder.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return SpecImporter.InputFile(path: path, display: name, explicit: false)
        }
        let spec = #"{"specVersion": 1, "screen": "S", "animations": []}"#
        let tokens = #"{"motion": {"fast": {"$type": "duration", "$value": "100ms"}}}"#
        let a = try file("a.json", spec), b = try file("b.json", tokens), c = try file("c.swift", "let x = 1")
        let gone = SpecImporter.InputFile(path: folder.appendingPathComponent("gone.json").path, display: "gone.json", explicit: false)
        let d = try file("d.json", spec)
        let ordered = SpecImporter.ordered([a, b, c, gone, d], keep: spec.utf8.count + tokens.utf8.count)
        #expect(ordered.files == [b, a, c, gone, d])
        #expect(ordered.files == SpecImporter.tokensFirst([a, b, c, gone, d]))
        #expect(ordered.bringsTokens)
        #expect(ordered.bytes == [Array(tokens.utf8), Array(spec.utf8), nil, nil, nil], "d.json is past the limit")
        let specs = SpecImporter.ordered([a, d])
        #expect(specs.files == [a, d] && !specs.bringsTokens && specs.bytes == [nil, nil], "nothing kept by default")
        // A file prepared from the bytes kept is the file prepared from its path.
        let kept = PreparedFile.prepare(b, storedHash: nil, tokens: nil, bytes: ordered.bytes[0])
        let read = PreparedFile.prepare(b, storedHash: nil, tokens: nil)
        #expect(kept.hash == read.hash)
        #expect(try kept.read.get() == read.read.get())
    }

    @Test("a new store is built in memory for at most 256 KiB of specs (Swift sources not counted), on disk at once for more")
    func inMemoryOnlyWhenSmall() throws {
        let folder = try temporaryFolder()
        func file(_ name: String, bytes: Int) throws -> SpecImporter.InputFile { try Self.file(name, bytes: bytes, in: folder) }
        let quarter = try (0..<4).map { try file("q\($0).json", bytes: 64 * 1024) }
        #expect(ImportRun.buildsStoreInMemory(quarter), "4 × 64 KiB: 256 KiB")
        #expect(!ImportRun.buildsStoreInMemory(quarter + [try file("one.json", bytes: 1)]), "one byte more")
        #expect(!ImportRun.buildsStoreInMemory([try file("big.json", bytes: 300 * 1024)]))
        let tree = try (0..<3).map { try file("s\($0).swift", bytes: 200 * 1024) }
        #expect(ImportRun.buildsStoreInMemory(tree), "600 KiB of Swift: a few rows and facts")
        #expect(ImportRun.buildsStoreInMemory(tree + quarter), "Swift and 256 KiB of specs")
        #expect(!ImportRun.buildsStoreInMemory(tree + quarter + [try file("one.json", bytes: 1)]), "one spec byte more")
        // What each choice opens: a store still in memory (no file yet), or one on disk.
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        let memory = GlobalOptions(database: folder.appendingPathComponent("memory.sqlite").path)
        let disk = GlobalOptions(database: folder.appendingPathComponent("disk.sqlite").path)
        let inMemory = try StoreAccess.openNew(memory, io: io)
        #expect(inMemory.isUnpublished && !FileManager.default.fileExists(atPath: memory.database!))
        try inMemory.publish()
        #expect(FileManager.default.fileExists(atPath: memory.database!))
        let onDisk = try StoreAccess.openNew(disk, io: io, inMemory: false)
        #expect(!onDisk.isUnpublished && FileManager.default.fileExists(atPath: disk.database!))
    }

    @Test("a path named for import resolves as Foundation's standardized URL with links resolved")
    func resolvedPaths() throws {
        let folder = URL(fileURLWithPath: try temporaryFolder().path).resolvingSymlinksInPath()
        let real = folder.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: real.appendingPathComponent("sub/a.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: real.path)
        let base = folder.path
        for path in [
            base + "/real/sub/a.json", base + "/link/sub/a.json", base + "/link/./sub//a.json", base + "/real/sub/../sub/a.json",
            base + "/link/", base + "/link/sub/..", base + "/real/../link/sub",
        ] {
            let foundation = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: foundation, isDirectory: &isDirectory))
            let ours = try #require(SpecImporter.resolved(path), "\(path)")
            #expect(ours.path == foundation, "\(path)")
            #expect(ours.isDirectory == isDirectory.boolValue, "\(path)")
        }
        #expect(SpecImporter.resolved(base + "/nothing.json") == nil)
        #expect(SpecImporter.resolved(base + "/real/sub/a.json/x") == nil)
    }
}
