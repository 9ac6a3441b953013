import Foundation
import MotionCore
import MotionStore
import MotionSwiftSourceModel
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionSyncCLI

/// A SwiftUI view whose one keyframe is `SpringKeyframe(1.2, duration: 1, spring: SPRING)`.
func springKeyframeSource(_ spring: String) -> String {
    """
    import SwiftUI

    struct Pulse: View {
        var body: some View {
            Image(systemName: "cart")
                .keyframeAnimator(initialValue: 1.0) { view, scale in
                    view.scaleEffect(scale)
                } keyframes: { _ in
                    SpringKeyframe(1.2, duration: 1, spring: \(spring))
                }
        }
    }

    """
}

@Suite("hardening, third round: negative damping is refused wherever it comes from")
struct NegativeDampingTests {
    @Test("a Swift spring with negative damping (ratio −1 hung, −0.5 grew silently): import exits 2 naming the keyframe, stores nothing")
    func swiftSource() throws {
        let ws = try Workspace()
        // damping −20 with mass 1 and stiffness 100: ζ = c / (2√(km)) = −20 / 20 = −1; −10 gives −0.5.
        for (damping, ratio) in [("-20", "-1"), ("-10", "-0.5"), ("-0.001", "-5e-05")] {
            try ws.write("Pulse.swift", springKeyframeSource("Spring(mass: 1, stiffness: 100, damping: \(damping))"))
            let r = ws.run("import", "Pulse.swift")
            #expect(r.code == 2, "\(damping): \(r.out) \(r.err)")
            #expect(r.err.contains("Pulse.swift:6") && r.err.contains("track 'scale' keyframe 0"), "\(r.err)")
            #expect(r.err.contains("damping ratio is \(ratio): negative damping makes the motion grow"), "\(r.err)")
            #expect((try? ws.counts()["revisions"]) ?? 0 == 0)
        }
        // Zero damping with a duration is a spring that plays its duration: accepted, as in specs.
        try ws.write("Pulse.swift", springKeyframeSource("Spring(mass: 1, stiffness: 100, damping: 0)"))
        #expect(ws.run("import", "Pulse.swift").code == 0)
        #expect(try ws.counts()["figures"] == 1)
    }

    @Test("the core refuses a negative damping ratio in every kind of timeline")
    func core() throws {
        let growing = Spring(angularFrequency: 10, dampingRatio: -1)
        let track = KeyframeTrack(property: "x", keyframes: [.spring(to: 1, duration: 1, spring: growing, startVelocity: nil)])
        #expect(throws: MotionError.self) { try KeyframeTimeline(tracks: [track]) }
        #expect(MotionLimits.growth(of: growing) != nil)
        #expect(MotionLimits.growth(of: Spring(angularFrequency: 10, dampingRatio: 0)) == nil)
        #expect(MotionLimits.growth(of: Spring(angularFrequency: 10, dampingRatio: .nan)) != nil)
    }

    @Test("a keyframe toward a value that is not a number is refused by the core (the figures fuzz target's timeout)")
    func nonFiniteTarget() throws {
        let spring = Spring(angularFrequency: 10, dampingRatio: 0.5)
        for keyframe in [
            Keyframe.spring(to: .nan, duration: 0.5, spring: spring, startVelocity: nil),
            .spring(to: 1, duration: 0.5, spring: spring, startVelocity: .infinity),
            .linear(to: -.infinity, duration: 0.5, curve: .linear),
            .cubic(to: 1, duration: 0.5, startVelocity: .nan, endVelocity: nil),
            // Finite but past any motion: ω² × distance overflows (the target's second timeout).
            .spring(to: 7e252, duration: 1e-300, spring: Spring(angularFrequency: 1.8e223, dampingRatio: 1e-113), startVelocity: nil),
        ] {
            let track = KeyframeTrack(property: "x", keyframes: [keyframe])
            #expect(throws: MotionError.self) { try KeyframeTimeline(tracks: [track]) }
        }
        let track = KeyframeTrack(property: "x", keyframes: [.linear(to: 1, duration: 0.5, curve: .linear)])
        #expect(throws: MotionError.self) { try KeyframeTimeline(initial: [("x", .nan)], tracks: [track]) }
        #expect((try? KeyframeTimeline(initial: [("x", 0)], tracks: [track])) != nil)
    }

    @Test("a stored spring edited to damping ratio −1: peaks, haptics, codegen, plot and report say damaged (exit 3), no hang")
    func tamperedStore() throws {
        let ws = try Workspace()
        try ws.write("Pulse.swift", springKeyframeSource("Spring(mass: 1, stiffness: 100, damping: 20)"))
        #expect(ws.run("import", "Pulse.swift").code == 0)
        try execute(ws.db, "UPDATE keyframes SET spring_damping_ratio = -1")
        for arguments in [
            ["peaks", "Pulse/pulse"], ["haptics", "Pulse/pulse"], ["codegen", "Pulse/pulse"],
            ["plot", "Pulse/pulse", "-o", "p.svg"], ["report", "--out", "site"],
        ] {
            let r = ws.run(arguments)
            #expect(r.code == 3, "\(arguments): \(r.err)")
            #expect(r.err.contains("is damaged") && r.err.contains("damping ratio -1.0"), "\(arguments): \(r.err)")
        }
    }
}

@Suite("hardening, third round: no raw control character reaches a terminal, CSV or plain-text stream")
struct RawControlTests {
    /// ESC, BEL, a C1 CSI and a right-to-left override: each must come out as `\u{…}`.
    static let hostile = "\u{1B}[31m\u{07}\u{9B}\u{202E}"

    /// Whether `text` holds a control or bidi-override scalar other than line feeds.
    static func hasRaw(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && TerminalText.needsEscape($0) }
    }

    func workspace() throws -> Workspace {
        let ws = try Workspace()
        let h = Self.hostile.unicodeScalars.map { String(format: "\\u%04X", $0.value) }.joined()
        try ws.write(
            "evil.json",
            """
            {"specVersion": 1, "screen": "Evil\(h)", "animations": [
              {"id": "a\(h)", "kind": "keyframes", "trigger": "tap", "initial": {"sc\(h)ale": 1},
               "tracks": {"sc\(h)ale": [{"type": "linear", "to": 1.2, "duration": 0.2}, {"type": "spring", "to": 1, "duration": 0.3}]}}
            ]}
            """)
        #expect(ws.run("import", "evil.json").code == 0)
        return ws
    }

    @Test("inventory --format csv and sample's CSV header escape names (CR and LF too: one record a line)")
    func csv() throws {
        let ws = try workspace()
        let inventory = ws.run("inventory", "--format", "csv")
        #expect(inventory.code == 0 && !Self.hasRaw(inventory.out), "\(inventory.out)")
        #expect(inventory.out.contains(#"Evil\u{1B}[31m\u{7}\u{9B}\u{202E},a\u{1B}[31m\u{7}\u{9B}\u{202E},keyframes"#), "\(inventory.out)")
        let sample = ws.run("sample", "evil.json#a" + Self.hostile, "--times", "0")
        #expect(sample.code == 0 && !Self.hasRaw(sample.out), "\(sample.out) \(sample.err)")
        #expect(sample.out == "time," + #"sc\u{1B}[31m\u{7}\u{9B}\u{202E}ale"# + "\n0,1\n", "\(sample.out)")
    }

    @Test("diff's table lines (only in the spec, only in the code) escape names")
    func diff() throws {
        let ws = try workspace()
        try ws.write("Empty.swift", "import SwiftUI\n")
        let r = ws.run("diff", "evil.json", "--code", "Empty.swift")
        #expect(!Self.hasRaw(r.out) && !Self.hasRaw(r.err), "\(r.out) \(r.err)")
        #expect(r.out.contains(#"only in the spec: Evil\u{1B}[31m\u{7}\u{9B}\u{202E}/a\u{1B}[31m\u{7}\u{9B}\u{202E}"#), "\(r.out)")
    }

    @Test("check-ahap escapes an EventType and a file name in its diagnostics and verdict line")
    func checkAHAP() throws {
        let ws = try Workspace()
        let name = "bad\u{1B}[2J\u{07}.ahap"
        try ws.write(name, #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "Haptic\u001b]0;pwned\u0007"}}]}"#)
        let r = ws.run("check-ahap", name)
        #expect(r.code != 0)
        #expect(!Self.hasRaw(r.out) && !Self.hasRaw(r.err), "\(r.out) \(r.err)")
        #expect(r.out.contains(#"INVALID bad\u{1B}[2J\u{7}.ahap"#), "\(r.out)")
        #expect(r.err.contains(#"\u{1B}]0;pwned\u{7}"#), "\(r.err)")
    }
}

@Suite("hardening, third round: limits are the same whatever the input format")
struct SwiftLimitTests {
    /// An animation of one track holding `count` linear keyframes.
    func animation(_ id: String, keyframes count: Int, line: Int) -> SwiftSourceAnimation {
        let track = KeyframeTrack(property: "x", keyframes: (0..<count).map { .linear(to: Double($0 % 2), duration: 0.01, curve: .linear) })
        return SwiftSourceAnimation(
            screen: "S", spec: AnimationSpec(id: id, trigger: .tap, motion: .keyframes(initial: [], tracks: [track], repeating: false)), line: line,
            column: 1)
    }

    @Test("a Swift file's keyframes count against the 100,000 of spec files, over all its animations")
    func keyframeLimit() {
        let within = SwiftSourceResult(animations: [animation("a", keyframes: 50_000, line: 3), animation("b", keyframes: 50_000, line: 9)])
        #expect(SpecImporter.keyframeLimit(within, file: "Big.swift") == nil)
        let over = SwiftSourceResult(animations: [animation("a", keyframes: 50_000, line: 3), animation("b", keyframes: 50_001, line: 9)])
        let message = SpecImporter.keyframeLimit(over, file: "Big.swift")
        #expect(
            message
                == "motionsync: rejected (Big.swift:9 at S/b): more than 100000 keyframes in one file; fix: split the animations into several files")
    }
}

@Suite("hardening, third round: smaller things")
struct SmallerHardeningTests {
    @Test("-- ends the options: screens named --><!--, -q and --help can be named, before or after the command's options")
    func endOfOptions() throws {
        let ws = try Workspace()
        for (k, screen) in ["--><!--", "-q", "--help"].enumerated() {
            try ws.write(
                "s\(k).json",
                """
                {"specVersion": 1, "screen": "\(screen)", "animations": [{"id": "a", "kind": "keyframes", "trigger": "tap",
                 "initial": {"x": 0}, "tracks": {"x": [{"type": "linear", "to": 1, "duration": 0.2}]}}]}
                """)
            #expect(ws.run("import", "s\(k).json").code == 0)
            let peaks = ws.run("peaks", "--", "\(screen)/a")
            #expect(peaks.code == 0 && peaks.out.hasPrefix("\(screen)/a: 200.0 ms"), "\(screen): \(peaks.out) \(peaks.err)")
            let sample = ws.run("sample", "--times", "0,0.2", "--", "\(screen)/a")
            #expect(sample.code == 0 && sample.out == "time,x\n0,0\n0.2,1\n", "\(screen): \(sample.out) \(sample.err)")
            // Without --, a word that looks like an option is still taken as one.
            #expect(ws.run("peaks", "\(screen)/a").code == 2)
        }
    }

    @Test("Windows device names (aux, CON, com1, LPT9, any case, before the first dot) get a leading _ and a hash")
    func windowsDevices() {
        for (screen, id) in [("aux.Feed", "a"), ("CON.x", "x"), ("com1.Screen", "b"), ("Lpt9.x", "c"), ("nul.", "d")] {
            let name = SafeFileName.make(screen: screen, id: id, extension: "ahap")
            #expect(name.hasPrefix("_"), "\(name)")
            #expect(!SafeFileName.isWindowsDevice(String(name.prefix { $0 != "." })), "\(name)")
        }
        // Not devices: longer stems (CON--x), COM without a digit, a device name later in the name.
        #expect(SafeFileName.make(screen: "auxiliary", id: "a", extension: "ahap") == "auxiliary--a.ahap")
        #expect(SafeFileName.make(screen: "CON", id: "x", extension: "ahap") == "CON--x.ahap")
        #expect(SafeFileName.make(screen: "Feed", id: "aux", extension: "ahap") == "Feed--aux.ahap")
        #expect(!SafeFileName.isWindowsDevice("COMX.ahap") && SafeFileName.isWindowsDevice("com0.x"))
    }

    @Test("--db naming a folder says so and how to name a file; export --out '' and other empty options are refused")
    func folderAndEmptyValues() throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(at: ws.folder.appendingPathComponent("stores"), withIntermediateDirectories: true)
        for command in [["inventory"], ["import", "Specs/Feed.json"]] {
            let r = ws.run(["--db", "stores"] + command)
            #expect(
                r.code == 3 && r.err.contains("it is a folder, not a store file; name a file with --db, like ")
                    && r.err.contains("stores/motionsync.sqlite"), "\(r.err)")
            #expect(!r.err.contains("cut short"))
        }
        #expect(ws.run("import", "Specs/Feed.json").code == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: ws.folder.path).sorted()
        for arguments in [["export", "--out", ""], ["export", "--out="], ["report", "--out", ""], ["inventory", "--screen", ""]] {
            let r = ws.run(arguments)
            #expect(r.code == 2 && r.err.contains("is empty"), "\(arguments): \(r.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: ws.folder.path).sorted() == before)
    }

    @Test("a foreign SQLite file is refused whole and left as it was: an empty schema_migrations beside other tables, or one with other columns")
    func foreignStores() throws {
        let ws = try Workspace()
        let empty = ws.folder.appendingPathComponent("empty.sqlite").path
        try execute(
            empty, "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT, checksum TEXT, applied_at TEXT); CREATE TABLE users (id)")
        let other = ws.folder.appendingPathComponent("other.sqlite").path
        try execute(other, "CREATE TABLE schema_migrations (id INTEGER); INSERT INTO schema_migrations VALUES (1); CREATE TABLE t (x)")
        for path in [empty, other] {
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            for command in [["import", "Specs/Feed.json"], ["inventory"]] {
                let r = ws.run(["--db", path] + command)
                #expect(r.code == 3 && r.err.contains("is a SQLite database but not a motionsync store"), "\(command): \(r.err)")
                #expect(!r.err.contains("no such column"))
            }
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == size)
            #expect(throws: StoreError.notAStore(path: path)) { try MotionStore(path: path) }
        }
    }
}
