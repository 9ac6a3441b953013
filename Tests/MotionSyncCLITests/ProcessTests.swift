import Foundation
import MotionJSON
import MotionStore
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

/// Tests that run the real `motionsync` binary as separate processes.
@Suite("processes", .serialized)
struct ProcessTests {
    /// The built executable (`swift build` puts it next to the test bundle).
    static func binary() throws -> URL {
        let candidates =
            [
                Bundle.main.bundleURL.appendingPathComponent("motionsync"),
                packageRoot.appendingPathComponent(".build/debug/motionsync"),
            ]
            + ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(".build").path)) ?? []).map {
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

    /// Waits for `process` to end, killing it past `seconds` (measured from the call, where a
    /// `.timeLimit` would count time before the test body got a thread of the pool).
    /// - Returns: whether it ended by itself in time.
    static func finish(_ process: Process, within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        guard process.isRunning else { return true }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return false
    }

    @Test("an import killed with SIGKILL mid-way leaves integrity_check ok and the file all or none")
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
                if size > startWAL + 256 * 1024 * (attempt + 1) {
                    sawWrites = true
                    break
                }
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

    #if os(Linux)
    /// Every command pays at start for what motionsync links: its modules use FoundationEssentials,
    /// not swift-corelibs-foundation (`Foundation`), which brings CoreFoundation and ICU's data
    /// with it. One `import Foundation` in any of them would name its libraries here (and put
    /// them in the static binary of Scripts/release.sh, which checks that too).
    @Test("motionsync links no swift-corelibs-foundation: its dynamic section names neither Foundation nor ICU")
    func withoutCorelibsFoundation() throws {
        let binary = try Data(contentsOf: try Self.binary())
        #expect(binary.count > 100_000, "the binary was not found")
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(binary.range(of: Data(library.utf8)) == nil, "motionsync needs \(library)")
        }
    }
    #endif

    @Test("two imports into one store at the same time both finish correctly")
    func concurrentProcesses() throws {
        let ws = try Workspace()
        try ws.write("one.json", Self.bigSpec(keyframes: 20_000).replacingOccurrences(of: "\"Big\"", with: "\"One\""))
        try ws.write("two.json", Self.bigSpec(keyframes: 20_000).replacingOccurrences(of: "\"Big\"", with: "\"Two\""))
        let a = try Self.launch(["import", "one.json", "Specs/"], in: ws.folder)
        let b = try Self.launch(["import", "two.json"], in: ws.folder)
        #expect(Self.finish(a, within: 300) && Self.finish(b, within: 300), "both imports end within 5 min")
        #expect(a.terminationStatus == 0 && b.terminationStatus == 0)
        let store = try MotionStore(path: ws.db)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.inventory(InventoryFilter(screen: "One")).count == 1)
        #expect(try store.inventory(InventoryFilter(screen: "Two")).count == 1)
        #expect(try store.rowCounts()["keyframes"]! >= 40_000)
    }

    @Test(
        "diff with its stdin, or stdin and stderr, closed (as a SwiftPM command plugin starts it): the Swift reader still gets its request and the drift is found"
    )
    func closedStandardStreams() throws {
        let binary = try Self.binary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionsync-streams-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixtures = packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Fixtures")
        // The shell closes the streams, then runs motionsync in its place; stdout is a file.
        for (k, closing) in ["<&-", "<&- 2>&-"].enumerated() {
            let out = folder.appendingPathComponent("out\(k).txt")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", #"exec "$0" --db "$1" diff Drift.json --code Drift.swift --strict --format json >"$2" "# + closing,
                binary.path, folder.appendingPathComponent("s\(k).sqlite").path, out.path,
            ]
            process.currentDirectoryURL = fixtures
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let text = try String(contentsOf: out, encoding: .utf8)
            // Exit 1 under --strict: the code and the spec disagree (2 is an error, such as a reader that got no request).
            #expect(process.terminationStatus == 1, "\(closing): exit \(process.terminationStatus): \(text)")
            let json = try JSONParser().parse(text).value
            // Drift.swift has the burst's first scale keyframe at 1.3 over 0.15 s; the spec says 1.28 over 0.18 s.
            let differences: [JSONValue] = json["differences"]?.arrayValue ?? []
            let found: [String] = differences.map { (d: JSONValue) -> String in
                let fields: [String] = ["id", "property", "field", "spec", "code"].map { (key: String) -> String in d[key]?.stringValue ?? "" }
                return fields.joined(separator: " ")
            }
            #expect(
                found.contains("like-burst scale[0] value 1.28 1.3") && found.contains("like-burst scale[0] duration 0.18 0.15"),
                "\(closing): \(found)")
        }
    }
}
