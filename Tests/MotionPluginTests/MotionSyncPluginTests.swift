import Foundation
import MotionHaptics
import MotionPipeline
import MotionSyncCLI
import MotionTestSupport
import Testing

// MARK: - Plugins

/// The two SwiftPM plugins in a package that depends on motionsync (Fixtures/PluginApp): one
/// build of the fixture, shared by the tests (serialized: they use one copy of it).
@Suite("SwiftPM plugins in a package that depends on motionsync", .serialized, .timeLimit(.minutes(20)))
struct MotionSyncPluginTests {
    @Test(
        "swift build: the build-tool plugin puts the AHAP of each spec in the target's folder into its bundle, byte for byte what motionsync import + export write"
    )
    func buildToolPlugin() throws {
        let build = try PluginFixture.build()
        #expect(build.status == 0, "\(build.output)")
        let bundled = try PluginFixture.bundledPatterns()
        // What the command line writes from a store holding the same specs.
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("motionsync-plugin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let (io, capture) = CommandIO.capture(currentDirectory: PluginFixture.folder.path)
        let db = work.appendingPathComponent("store.sqlite").path
        #expect(MotionSyncCLI.run(["--db", db, "import", "Sources/AppMotion/Motion"], io: io) == 0, "\(capture.stderr)")
        #expect(MotionSyncCLI.run(["--db", db, "export", "--out", work.appendingPathComponent("out").path], io: io) == 0, "\(capture.stderr)")
        let exported = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out").path).filter { $0.hasSuffix(".ahap") }
        #expect(Set(bundled.keys) == Set(exported), "bundle \(bundled.keys.sorted()) vs export \(exported.sorted())")
        #expect(exported == ["Like--like-bump.ahap"], "the target's specs only (Specs/ is not in the target)")
        for name in exported {
            let expected = FileManager.default.contents(atPath: work.appendingPathComponent("out/\(name)").path)
            #expect(bundled[name] == expected, "\(name) differs from motionsync export")
        }
        // And the pattern is a real one: the bump's transient at its peak, 100 ms.
        let ahap = try #require(bundled["Like--like-bump.ahap"])
        let pattern = try #require(AHAPDecoder().decode(bytes: [UInt8](ahap), file: "Like--like-bump.ahap").pattern)
        #expect(pattern.hapticEvents.map(\.kind) == [.transient], "\(pattern.hapticEvents)")
        #expect(pattern.hapticEvents.first.map { abs($0.time - 0.1) < 1e-4 } == true, "\(pattern.hapticEvents)")
    }

    @Test("swift package motionsync check on the clean fixture: budget, both diffs and no AHAP to check; exit 0")
    func checkClean() throws {
        #expect(try PluginFixture.build().status == 0)
        let run = try PluginFixture.swift(["package", "--scratch-path", PluginFixture.scratch, "motionsync", "check"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("== motionsync budget --strict"))
        #expect(run.output.contains("Like: the code matches the spec") && run.output.contains("Toast: the code matches the spec"), "\(run.output)")
        #expect(run.output.contains("motionsync check: 3 steps passed"), "\(run.output)")
    }

    @Test(
        "swift package motionsync check with a 1.2 s tap animation in Specs/ that the code lacks, then with an invalid AHAP: exits non-zero naming the steps that failed"
    )
    func checkFindings() throws {
        #expect(try PluginFixture.build().status == 0)
        let slow = PluginFixture.folder.appendingPathComponent("Specs/Slow.json")
        try Data(
            #"""
            { "specVersion": 1, "screen": "Slow", "animations": [ { "id": "slow-tap", "trigger": "tap", "kind": "keyframes", "initial": { "scale": 1 },
              "tracks": { "scale": [ { "type": "linear", "to": 1.2, "duration": 0.6 }, { "type": "linear", "to": 1, "duration": 0.6 } ] } } ] }
            """#.utf8
        ).write(to: slow)
        defer { try? FileManager.default.removeItem(at: slow) }
        let run = try PluginFixture.swift(["package", "--scratch-path", PluginFixture.scratch, "motionsync", "check"])
        #expect(run.status != 0, "\(run.output)")
        #expect(run.output.contains("Slow/slow-tap") && run.output.contains("fail"), "\(run.output)")
        #expect(run.output.contains("findings in budget --strict, diff --strict Specs/Slow.json"), "\(run.output)")

        // An AHAP file that Core Haptics would refuse is a finding of its own.
        try FileManager.default.removeItem(at: slow)
        let haptics = PluginFixture.folder.appendingPathComponent("Haptics")
        try FileManager.default.createDirectory(at: haptics, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: haptics) }
        try Data(#"{ "Version": 1, "Pattern": [ { "Event": { "Time": -1, "EventType": "HapticTransient" } } ] }"#.utf8).write(
            to: haptics.appendingPathComponent("Broken.ahap"))
        let ahap = try PluginFixture.swift(["package", "--scratch-path", PluginFixture.scratch, "motionsync", "check"])
        #expect(ahap.status != 0, "\(ahap.output)")
        #expect(ahap.output.contains("INVALID Haptics/Broken.ahap"), "\(ahap.output)")
        #expect(ahap.output.contains("motionsync check: findings in check-ahap"), "\(ahap.output)")
        // The clean specs still pass their own diff.
        #expect(run.output.contains("Like: the code matches the spec"), "\(run.output)")
    }

    @Test("a spec changed after the build: the next swift build exports it again, and the bundle still equals motionsync export")
    func specChangeReexports() throws {
        #expect(try PluginFixture.build().status == 0)
        let like = PluginFixture.folder.appendingPathComponent("Sources/AppMotion/Motion/Like.json")
        let original = try Data(contentsOf: like)
        defer { try? original.write(to: like) }
        // The bump now peaks at 0.15 s instead of 0.1 s.
        let changed = String(decoding: original, as: UTF8.self).replacingOccurrences(
            of: #""to": 1.25, "duration": 0.1 }"#, with: #""to": 1.25, "duration": 0.15 }"#)
        #expect(changed != String(decoding: original, as: UTF8.self))
        try Data(changed.utf8).write(to: like)
        let rebuild = try PluginFixture.swift(["build", "--scratch-path", PluginFixture.scratch])
        #expect(rebuild.status == 0, "\(rebuild.output)")
        let bundled = try #require(try PluginFixture.bundledPatterns()["Like--like-bump.ahap"])
        let pattern = try #require(AHAPDecoder().decode(bytes: [UInt8](bundled), file: "Like--like-bump.ahap").pattern)
        #expect(pattern.hapticEvents.first.map { abs($0.time - 0.15) < 1e-4 } == true, "\(pattern.hapticEvents)")
        let (io, capture) = CommandIO.capture(currentDirectory: PluginFixture.folder.path)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("motionsync-plugin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(
            MotionSyncCLI.run(
                ["--db", out.appendingPathComponent("none.sqlite").path, "export", "--out", out.path, "Sources/AppMotion/Motion/Like.json"], io: io)
                == 0, "\(capture.stderr)")
        #expect(FileManager.default.contents(atPath: out.appendingPathComponent("Like--like-bump.ahap").path) == bundled)
        // Put back, so the other tests see the fixture as written.
        try original.write(to: like)
        #expect(try PluginFixture.swift(["build", "--scratch-path", PluginFixture.scratch]).status == 0)
    }

    @Test("swift package motionsync COMMAND passes the command through: --version prints motionsync's version")
    func passThrough() throws {
        #expect(try PluginFixture.build().status == 0)
        let run = try PluginFixture.swift(["package", "--scratch-path", PluginFixture.scratch, "motionsync", "--version"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("motionsync \(MotionSyncCLI.version)"), "\(run.output)")
    }

    @Test(
        "a warm swift package motionsync call rebuilds nothing: motionsync, its reader and the export plugin's motionsync-tool keep inode and mtime; a command reading no Swift builds no reader"
    )
    func warmCallRebuildsNothing() throws {
        #expect(try PluginFixture.build().status == 0)
        // A store outside the fixture's folder, which the other tests check as it is.
        let db = FileManager.default.temporaryDirectory.appendingPathComponent("motionsync-plugin-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + suffix) } }
        let package = ["package", "--scratch-path", PluginFixture.scratch, "motionsync"]
        // The first call builds what the command plugin needs (and, after a `swift build`, SwiftPM
        // redoes the export plugin's tool: its two build databases share those files).
        let first = try PluginFixture.swift(package + ["--db", db, "import", "Specs", "Sources"])
        #expect(first.status == 0, "\(first.output)")
        let binaries = ["motionsync", "motionsync-swift", "motionsync-tool"].map { PluginFixture.scratch + "/debug/" + $0 }
        let before = try binaries.map(PluginFixture.stamp)
        let warm = try PluginFixture.swift(package + ["--db", db, "inventory"])
        #expect(warm.status == 0, "\(warm.output)")
        #expect(warm.output.contains("like-bump") && warm.output.contains("ToastView.dismiss"), "\(warm.output)")
        #expect(!warm.output.contains("Linking") && !warm.output.contains("Wrapping"), "\(warm.output)")
        #expect(try binaries.map(PluginFixture.stamp) == before, "\(binaries)")

        // Without the reader: check-ahap reads no Swift and does not build it; check does.
        let reader = binaries[1]
        try FileManager.default.removeItem(atPath: reader)
        let bundled = try #require(try PluginFixture.bundledPaths().first { $0.hasSuffix("Like--like-bump.ahap") })
        let ahap = try PluginFixture.swift(package + ["check-ahap", bundled])
        #expect(ahap.status == 0 && !FileManager.default.fileExists(atPath: reader), "\(ahap.output)")
        let check = try PluginFixture.swift(package + ["check"])
        #expect(check.status == 0 && FileManager.default.isExecutableFile(atPath: reader), "\(check.output)")
        #expect(check.output.contains("Like: the code matches the spec"), "\(check.output)")
    }
}

// MARK: - Names

/// The build-tool plugin declares its outputs before export runs, so it names the files itself
/// (PluginSources/ links the plugin's PatternNames.swift): those names must be export's.
@Suite("the plugin's pattern file names")
struct PatternNameTests {
    @Test("names that need no change, unsafe names (hashed) and names equal but for case (the second hashed) are export's names, in export's order")
    func sameAsExport() {
        let animations: [(screen: String, id: String)] = [
            ("Feed", "heart-pulse"), ("Feed", "Heart-Pulse"), ("Check out", "add to cart"), ("Feed", "../../x"),
            ("Ünïcode", "✨"), (String(repeating: "Long", count: 40), "id"), ("A", ".hidden"), ("Feed", "heart-pulse.v2"),
        ]
        let plugin = PatternNames.names(animations, extension: "ahap")
        var taken: Set<String> = []
        let export = animations.sorted { ($0.screen, $0.id) < ($1.screen, $1.id) }.map {
            PatternExport.fileName(screen: $0.screen, id: $0.id, format: .ahap, taken: &taken)
        }
        #expect(plugin == export)
        // Independently: sorted by bytes, Heart-Pulse comes first and keeps its name; its case twin
        // gets 8 hex digits of SHA-256("Feed\0heart-pulse"); the four unsafe or long names are hashed too.
        #expect(plugin.contains("Feed--Heart-Pulse.ahap") && plugin.contains("A--.hidden.ahap") && plugin.contains("Feed--heart-pulse.v2.ahap"))
        #expect(
            plugin.contains("Feed--heart-pulse-" + String(PortableSHA256.hex(Array("Feed\u{0}heart-pulse".utf8)).prefix(8)) + ".ahap"), "\(plugin)")
        #expect(plugin.filter { $0.range(of: #"-[0-9a-f]{8}\.ahap$"#, options: .regularExpression) != nil }.count == 5, "\(plugin)")
    }
}

// MARK: - The reader's build

/// `swift package motionsync` builds the Swift reader only for command lines that may read Swift
/// (PluginSources/ links the plugin's ReaderUse.swift).
@Suite("swift package motionsync: which command lines build the Swift reader")
struct ReaderUseTests {
    @Test(
        "the command is the first word that is not a global option; only inventory, check-ahap, completions, help and --version go without the reader"
    )
    func commandLines() {
        for line in [
            ["inventory"], ["-q", "inventory", "--format", "json"], ["--db", "x.sqlite", "check-ahap", "a.ahap"],
            ["--db=x.sqlite", "--quiet", "completions", "bash"], ["--version"], ["help", "import"], [], ["--db"],
        ] {
            #expect(!ReaderUse.readsSwift(line), "\(line)")
        }
        // `--db`'s value is not the command; `--` and unknown words are taken to read Swift.
        for line in [
            ["import", "Sources"], ["check"], ["--db", "inventory", "import", "Sources"], ["diff", "Specs/Like.json", "--code", "Sources"],
            ["--", "inventory"], ["budget"], ["inventroy"],
        ] {
            #expect(ReaderUse.readsSwift(line), "\(line)")
        }
    }

    @Test("every command named as reading no Swift is one of motionsync's commands, or its help or version")
    func namesAreCommands() {
        let words = Set(MotionSyncCLI.commands.map { $0.name }).union(["help", "--help", "-h", "--version"])
        #expect(ReaderUse.commandsWithoutSwift.isSubset(of: words), "\(ReaderUse.commandsWithoutSwift.subtracting(words))")
    }
}
