import Foundation
import MotionStore
import Testing
@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI
import MotionTestSupport

/// Tests that run the real `motionsync` binary as separate processes.
@Suite("processes", .serialized)
struct ProcessTests {
    /// The built executable (`swift build` puts it next to the test bundle).
    static func binary() throws -> URL {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("motionsync"),
            packageRoot.appendingPathComponent(".build/debug/motionsync"),
        ] + ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(".build").path)) ?? []).map {
            packageRoot.appendingPathComponent(".build/\($0)/debug/motionsync")
        }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "build the binary first: swift build")
    }

    static func launch(_ arguments: [String], in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func bigSpec(keyframes n: Int) -> String {
        #"{"specVersion": 1, "screen": "Big", "animations": [ { "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "s": ["#
            + Array(repeating: #"{"type":"cubic","to":1,"duration":0.001}"#, count: n).joined(separator: ",") + "] } } ]}"
    }

    @Test("an import killed with SIGKILL mid-way leaves integrity_check ok and the file all or none", .timeLimit(.minutes(3)))
    func sigkill() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let baseline = try ws.counts()
        try ws.write("big.json", Self.bigSpec(keyframes: 100_000))
        let wal = ws.folder.appendingPathComponent("motionsync.sqlite-wal").path
        var killedMidway = 0
        for attempt in 0..<4 {
            let startWAL = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
            let process = try Self.launch(["import", "big.json"], in: ws.folder)
            // Wait until the transaction is writing (the WAL grows past the page cache), then kill.
            let deadline = Date().addingTimeInterval(20)
            var sawWrites = false
            while process.isRunning && Date() < deadline {
                let size = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
                if size > startWAL + 256 * 1024 * (attempt + 1) { sawWrites = true; break }
                usleep(2_000)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if sawWrites && process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            let store = try MotionStore(path: ws.db)
            #expect(try store.integrityCheck() == "ok")
            let counts = try store.rowCounts()
            let hasBig = try !store.inventory(InventoryFilter(screen: "Big")).isEmpty
            if hasBig {
                #expect(counts["keyframes"] == baseline["keyframes"]! + 100_000, "all of the file")
                break
            } else {
                #expect(counts == baseline, "none of the file")
            }
        }
        #expect(killedMidway > 0, "at least one kill landed while the import was writing")
        // The store still works: the same import finishes.
        #expect(ws.run("import", "big.json").code == 0)
        #expect(try ws.counts()["keyframes"] == baseline["keyframes"]! + 100_000)
    }

    @Test("two imports into one store at the same time both finish correctly", .timeLimit(.minutes(2)))
    func concurrentProcesses() throws {
        let ws = try Workspace()
        try ws.write("one.json", Self.bigSpec(keyframes: 20_000).replacingOccurrences(of: "\"Big\"", with: "\"One\""))
        try ws.write("two.json", Self.bigSpec(keyframes: 20_000).replacingOccurrences(of: "\"Big\"", with: "\"Two\""))
        let a = try Self.launch(["import", "one.json", "Specs/"], in: ws.folder)
        let b = try Self.launch(["import", "two.json"], in: ws.folder)
        a.waitUntilExit()
        b.waitUntilExit()
        #expect(a.terminationStatus == 0 && b.terminationStatus == 0)
        let store = try MotionStore(path: ws.db)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.inventory(InventoryFilter(screen: "One")).count == 1)
        #expect(try store.inventory(InventoryFilter(screen: "Two")).count == 1)
        #expect(try store.rowCounts()["keyframes"]! >= 40_000)
    }
}
