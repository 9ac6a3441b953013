import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionStore
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

/// A copy of Specs/ in a fresh folder with its own store.
struct Workspace {
    let folder: URL
    var db: String { folder.appendingPathComponent("motionsync.sqlite").path }

    init() throws {
        folder = try temporaryDirectory()
        let specs = folder.appendingPathComponent("Specs")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Specs"), to: specs)
    }

    func run(_ arguments: String...) -> (code: Int32, out: String, err: String) { run(arguments) }

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        let (io, capture) = CommandIO.capture(currentDirectory: folder.path)
        let code = MotionSyncCLI.run(arguments, io: io)
        return (code, capture.stdout, capture.stderr)
    }

    func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    func write(_ name: String, bytes: [UInt8]) throws { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
    func counts() throws -> [String: Int] { try MotionStore(path: db).rowCounts() }
}

@Suite("import and inventory")
struct ImportCommandTests {
    @Test("importing Specs/ then inventory --format json lists each animation once, with screen, kind, trigger and duration")
    func importSpecs() throws {
        let ws = try Workspace()
        let r = ws.run("import", "Specs/")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("skipped    Specs/schema.json"))
        let inventory = try JSONParser().parse(ws.run("inventory", "--format", "json").out).value.arrayValue ?? []
        // Independently: decode every spec file and build its timeline.
        var expected: [String: (String, String, Double)] = [:]
        let files = try FileManager.default.contentsOfDirectory(atPath: ws.folder.appendingPathComponent("Specs").path).filter {
            $0.hasSuffix(".json") && $0 != "schema.json"
        }
        for file in files {
            let spec = try #require(SpecDecoder().decode(fileAt: ws.folder.appendingPathComponent("Specs/\(file)").path).spec)
            for a in spec.animations { expected["\(spec.screen)/\(a.id)"] = (a.kind, a.trigger.description, try a.timeline().duration) }
        }
        #expect(inventory.count == expected.count)
        #expect(Set(inventory.map { "\($0["screen"]!.stringValue!)/\($0["id"]!.stringValue!)" }).count == inventory.count, "each once")
        for row in inventory {
            let key = "\(row["screen"]!.stringValue!)/\(row["id"]!.stringValue!)"
            let e = try #require(expected[key])
            #expect(row["kind"]?.stringValue == e.0)
            #expect(row["trigger"]?.stringValue == e.1)
            #expect(abs(row["duration"]!.numberValue! - e.2) < 1e-9)
            #expect(row["source"]?.stringValue?.hasPrefix("Specs/") == true)
        }
        #expect(inventory.contains { $0["id"] == "heart-pulse" && $0["duration"] == 0.58 && $0["screen"] == "Feed" })
        // Table and CSV carry the same rows.
        #expect(ws.run("inventory", "--format", "csv").out.split(separator: "\n").count == expected.count + 1)
        #expect(ws.run("inventory", "--screen", "Feed", "--format", "csv").out.split(separator: "\n").count == 3)
        #expect(ws.run("inventory").out.contains("heart-pulse"))
    }

    @Test("the same folder again changes nothing; one edited keyframe makes one new revision, the old one queryable")
    func reimport() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let counts = try ws.counts()
        let again = ws.run("import", "Specs/")
        #expect(again.code == 0)
        #expect(again.out.contains("15 files: 0 added, 0 changed, 14 unchanged, 0 rejected, 1 skipped"))
        #expect(try ws.counts() == counts)

        let feed = ws.folder.appendingPathComponent("Specs/Feed.json")
        let text = try String(contentsOf: feed, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"to\": 1.28, \"duration\": 0.18", with: "\"to\": 1.3, \"duration\": 0.18").utf8).write(to: feed)
        let edited = ws.run("import", "Specs/")
        #expect(edited.code == 0)
        #expect(edited.out.contains("changed    Specs/Feed.json Feed: ~heart-pulse (1 unchanged)"))
        let after = try ws.counts()
        #expect(after["revisions"] == counts["revisions"]! + 1)
        let store = try MotionStore(path: ws.db)
        #expect(try store.revisions(screen: "Feed", id: "heart-pulse").map(\.number) == [1, 2])
        let old = try #require(try store.animation(screen: "Feed", id: "heart-pulse", revision: 1))
        #expect(old.spec.motion != (try store.animation(screen: "Feed", id: "heart-pulse"))!.spec.motion)
        #expect(ws.run("sample", "Feed/heart-pulse", "--times", "0.18").out.contains("0.18,1.30"))
    }

    /// Bad inputs the issue lists; each must be refused with the file and a JSON path, exit 2,
    /// and leave every table's row count as it was.
    static let badInputs: [(String, String, String)] = [
        ("malformed", #"{"specVersion": 1, "screen": "X", "animations": [ { "id": "a" "kind": "keyframes" } ]}"#, "/animations/0"),
        ("truncated", #"{"specVersion": 1, "screen": "X", "animations": [ { "id": "a", "kind": "keyfr"#, "/animations/0/kind"),
        (
            "wrong types",
            #"{"specVersion": 1, "screen": "X", "animations": [ { "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "s": [ { "type": "linear", "to": "big", "duration": 0.2 } ] } } ]}"#,
            "/animations/0/tracks/s/0/to"
        ),
        (
            "overflow",
            #"{"specVersion": 1, "screen": "X", "animations": [ { "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "s": [ { "type": "linear", "to": 1, "duration": 1e999 } ] } } ]}"#,
            "/animations/0/tracks/s/0/duration"
        ),
        (
            "negative duration",
            #"{"specVersion": 1, "screen": "X", "animations": [ { "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "s": [ { "type": "linear", "to": 1, "duration": -0.1 } ] } } ]}"#,
            "/animations/0/tracks/s/0/duration"
        ),
        (
            "unknown type",
            #"{"specVersion": 1, "screen": "X", "animations": [ { "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "s": [ { "type": "bezier", "to": 1 } ] } } ]}"#,
            "/animations/0/tracks/s/0/type"
        ),
        (
            "duplicate ids",
            #"{"specVersion": 1, "screen": "X", "animations": [ { "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "s": [ { "type": "move", "to": 1 } ] } }, { "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "s": [ { "type": "move", "to": 1 } ] } } ]}"#,
            "/animations/1/id"
        ),
        (
            "never settles",
            #"{"specVersion": 1, "screen": "X", "animations": [ { "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "s": [ { "type": "spring", "to": 1, "spring": { "duration": 0.5, "bounce": 1.2 } } ] } } ]}"#,
            "/animations/0/tracks/s/0/spring"
        ),
        ("empty file", "", "/"),
    ]

    @Test("bad input: a located message, exit 2, row counts unchanged", arguments: 0..<badInputs.count)
    func badInput(index: Int) throws {
        let (name, text, pointer) = Self.badInputs[index]
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let counts = try ws.counts()
        try ws.write("bad.json", text)
        let r = ws.run("import", "bad.json")
        #expect(r.code == 2, "\(name)")
        #expect(r.err.contains("(bad.json"), "\(name): names the file")
        #expect(r.err.contains(" at \(pointer)): "), "\(name): names \(pointer) in \(r.err)")
        #expect(r.out.contains("rejected   bad.json"))
        #expect(try ws.counts() == counts, "\(name): nothing stored")
    }

    @Test("binary junk and 100,001 keyframes are refused; 100,000 are taken")
    func junkAndLimits() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/Feed.json").code == 0)
        let counts = try ws.counts()
        try ws.write("junk.json", bytes: (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) } + [0, 0xFF, 0xFE])
        let junk = ws.run("import", "junk.json")
        #expect(junk.code == 2)
        #expect(junk.err.contains("(junk.json:1:1 at /): not valid JSON"))
        func keyframes(_ n: Int) -> String {
            #"{"specVersion": 1, "screen": "Big", "animations": [ { "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "s": ["#
                + Array(repeating: #"{"type":"linear","to":1,"duration":0.001}"#, count: n).joined(separator: ",") + "] } } ]}"
        }
        try ws.write("big.json", keyframes(100_001))
        let big = ws.run("import", "big.json")
        #expect(big.code == 2)
        #expect(big.err.contains("at /animations/0/tracks/s/100000): more than 100000 keyframes in one file"))
        #expect(try ws.counts() == counts)
        try ws.write("limit.json", keyframes(100_000))
        #expect(ws.run("import", "limit.json").code == 0)
        #expect(try ws.counts()["keyframes"] == counts["keyframes"]! + 100_000)
    }

    @Test("names with quotes, SQL, newlines and emoji are stored and printed back exactly")
    func hostileNames() throws {
        let ws = try Workspace()
        let screen = "Check'out \"Σ\" 🎉\n'); DROP TABLE screens;--"
        let id = "bump\t\"x\"'; DELETE FROM animations;--"
        let spec: JSONValue = [
            "specVersion": 1, "screen": .string(screen),
            "animations": [
                [
                    "id": .string(id), "component": "Robert'); DROP TABLE revisions;--", "kind": "keyframes", "trigger": "tap",
                    "tracks": ["scale": [["type": "linear", "to": 2, "duration": 0.2]]],
                ]
            ],
        ]
        try ws.write("weird.json", JSONWriter().string(spec))
        #expect(ws.run("import", "weird.json").code == 0)
        let rows = try JSONParser().parse(ws.run("inventory", "--format", "json").out).value.arrayValue ?? []
        #expect(rows.count == 1)
        #expect(rows.first?["screen"]?.stringValue == screen)
        #expect(rows.first?["id"]?.stringValue == id)
        #expect(rows.first?["component"]?.stringValue == "Robert'); DROP TABLE revisions;--")
        let sampled = try JSONParser().parse(ws.run("sample", "\(screen)/\(id)", "--times", "0.1", "--format", "json").out).value
        #expect(
            sampled["screen"]?.stringValue == screen && sampled["properties"]?["scale"] == [1], "scale starts at 0 (no initial) and is halfway to 2")
    }

    @Test("a file defining an animation another file owns is rejected whole")
    func conflictingFiles() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/Feed.json").code == 0)
        let counts = try ws.counts()
        let copy = try String(contentsOf: ws.folder.appendingPathComponent("Specs/Feed.json"), encoding: .utf8)
        try ws.write("Feed-copy.json", copy)
        let r = ws.run("import", "Feed-copy.json")
        #expect(r.code == 2)
        #expect(r.err.contains("Feed/heart-pulse is already defined by"))
        #expect(try ws.counts() == counts)
    }

    @Test("usage and store errors: missing paths exit 2, an unusable store exits 3")
    func errors() throws {
        let ws = try Workspace()
        #expect(ws.run("import").code == 2)
        #expect(ws.run("import", "nope/").code == 2)
        try ws.write("notadb.sqlite", String(repeating: "x", count: 5000))
        let r = ws.run("--db", "notadb.sqlite", "import", "Specs/Feed.json")
        #expect(r.code == 3)
        #expect(r.err.contains("motionsync: store failed ("))
        #expect(r.err.contains("not a SQLite database"))
        #expect(ws.run("inventory", "--kind", "bogus").code == 2)
        #expect(ws.run("inventory", "--trigger", "later").code == 2)
    }

    @Test("--db, then $MOTIONSYNC_DB, then ./motionsync.sqlite")
    func databaseSelection() throws {
        let ws = try Workspace()
        #expect(ws.run("--db", "a.sqlite", "import", "Specs/Feed.json").code == 0)
        #expect(FileManager.default.fileExists(atPath: ws.folder.appendingPathComponent("a.sqlite").path))
        let (io, _) = CommandIO.capture(environment: ["MOTIONSYNC_DB": "b.sqlite"], currentDirectory: ws.folder.path)
        #expect(MotionSyncCLI.run(["import", "Specs/Timer.json"], io: io) == 0)
        #expect(FileManager.default.fileExists(atPath: ws.folder.appendingPathComponent("b.sqlite").path))
        #expect(ws.run("import", "Specs/Inbox.json").code == 0)
        #expect(FileManager.default.fileExists(atPath: ws.db))
    }

    @Test("--format json prints one object per file")
    func jsonReport() throws {
        let ws = try Workspace()
        let lines = ws.run("import", "Specs/Feed.json", "Specs/Timer.json", "--format", "json").out.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try JSONParser().parse(String(lines[0])).value
        #expect(first["file"] == "Specs/Feed.json" && first["result"] == "added" && first["added"] == ["heart-pulse", "card-fade-in"])
    }
}
