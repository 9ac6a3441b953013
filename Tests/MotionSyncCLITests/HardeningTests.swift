import CSQLite
import Foundation
import MotionCore
import MotionStore
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

// MARK: - Hostile but well-formed input (issue 16)

/// A one-animation spec whose only track is `keyframes` (JSON text).
func hostileKeyframeSpec(screen: String, _ keyframes: String) -> String {
    """
    {"specVersion": 1, "screen": "\(screen)", "animations": [
      {"id": "a", "kind": "keyframes", "trigger": "tap", "tracks": {"scale": [\(keyframes)]}}
    ]}
    """
}

/// A two-phase spec whose step into phase 1 uses `animation` (JSON text).
func hostilePhaseSpec(screen: String, trigger: String, _ animation: String) -> String {
    """
    {"specVersion": 1, "screen": "\(screen)", "animations": [
      {"id": "a", "kind": "phases", "trigger": "\(trigger)", "phases": [
        {"name": "rest", "values": {"x": 0}},
        {"name": "up", "values": {"x": 1}, "animation": \(animation)}
      ]}
    ]}
    """
}

@Suite("hardening: inputs that crashed or hung are refused with a located diagnostic")
struct HardeningSettlingTests {
    /// Each reported spring that crashed `import` (an `Int` of an infinite settling time).
    static let crashingSprings: [(String, String)] = [
        ("ratio", #"{"type": "spring", "to": 1, "spring": {"response": 1, "dampingRatio": 1e9}}"#),
        ("stiff", #"{"type": "spring", "to": 1, "spring": {"stiffness": 1, "damping": 1e6}}"#),
        ("soft", #"{"type": "spring", "to": 1, "spring": {"stiffness": 0.001, "damping": 1e6}}"#),
    ]

    /// Every command that reads an animation, on `reference` (FILE#ID).
    static func everyCommand(_ reference: String) -> [[String]] {
        [
            ["sample", reference], ["peaks", reference], ["haptics", reference], ["budget", reference],
            ["plot", reference, "-o", "plot.svg"],
        ]
    }

    @Test(
        "over-damped keyframe springs that never settle: import exits 2 naming file, line:column and the spring's pointer; sample too; nothing stored"
    )
    func overDampedKeyframes() throws {
        let ws = try Workspace()
        for (name, keyframe) in Self.crashingSprings {
            try ws.write("\(name).json", hostileKeyframeSpec(screen: "S\(name)", keyframe))
            let r = ws.run("import", "\(name).json")
            #expect(r.code == 2, "\(name): \(r.err)")
            #expect(r.err.contains("rejected (\(name).json:2:") && r.err.contains("at /animations/0/tracks/scale/0/spring)"), "\(r.err)")
            #expect(r.err.contains("does not come to rest within the limits") && r.err.contains("over 1e+07 s to settle"), "\(r.err)")
            for arguments in Self.everyCommand("\(name).json#a") {
                let c = ws.run(arguments)
                #expect(c.code == 2 && c.err.contains("/animations/0/tracks/scale/0/spring"), "\(arguments): \(c.err)")
            }
        }
        #expect(try ws.counts()["revisions"] == 0)
    }

    @Test("phase springs that take days to settle (dampingFraction 1e-6, interpolatingSpring damping 1e-6) are refused at their phase's animation")
    func phaseSprings() throws {
        let ws = try Workspace()
        // ζ = 1e-6 with ω0 = 2π/0.5: settles (ε = 0.001) after ln(1000)/(ζω0) = 549,750 s.
        try ws.write(
            "loop.json", hostilePhaseSpec(screen: "Loop", trigger: "repeating", #"{"type": "spring", "response": 0.5, "dampingFraction": 0.000001}"#))
        // k = 1, c = 1e-6: ω0 = 1, ζ = 5e-7, settles after ln(1000)/5e-7 = 1.38e7 s.
        try ws.write(
            "soft.json", hostilePhaseSpec(screen: "Soft", trigger: "tap", #"{"type": "interpolatingSpring", "stiffness": 1, "damping": 0.000001}"#))
        // Apple's envelope estimate, target 1, ε = 0.001: ln((1 + λ)/ε)/λ with λ = ζω0.
        func settling(_ lambda: Double) -> Double { log((1 + lambda) / 0.001) / lambda }
        let expected = ["loop": settling(1e-6 * 2 * .pi / 0.5), "soft": settling(0.000001 / 2)]
        for name in ["loop", "soft"] {
            let started = Date()
            let r = ws.run("import", "\(name).json")
            #expect(r.code == 2, "\(r.err)")
            #expect(
                r.err.contains("at /animations/0/phases/1/animation)")
                    && r.err.contains("phase 1: this motion does not come to rest within the limits"), "\(r.err)")
            let figure = String(format: "%.4g", expected[name]!)
            #expect(r.err.contains("takes \(figure) s to settle"), "\(figure) in \(r.err)")
            for arguments in Self.everyCommand("\(name).json#a") {
                let c = ws.run(arguments)
                #expect(c.code == 2 && c.err.contains("/animations/0/phases/1/animation"), "\(arguments): \(c.err)")
            }
            #expect(Date().timeIntervalSince(started) < 5)
        }
    }

    @Test("the settling rule's figures: visible oscillations and the hour, computed independently")
    func limitsFigures() throws {
        // ζ = 0.001, ω0 = 2π: ω_d = 2π√(1−1e-6); the envelope falls under 0.001 after ln(1000)/(0.001·2π) s.
        let spring = Spring(response: 1, dampingRatio: 0.001)
        let visible = log(1000) / (0.001 * 2 * .pi)
        let swings = visible * (1 - 1e-6).squareRoot()
        #expect(abs(MotionLimits.visibleOscillations(of: spring, over: nil) - swings) < 1e-9)
        #expect(abs(MotionLimits.visibleOscillations(of: spring, over: 10) - 10 * (1 - 1e-6).squareRoot()) < 1e-9)
        #expect(MotionLimits.visibleOscillations(of: Spring(response: 1, dampingRatio: 1.5), over: nil) == 0)
        // 1,099 swings: over the limit when it plays 1,100 s, fine when cut at 100 s.
        let track = KeyframeTrack(property: "x", keyframes: [.spring(to: 1, duration: 1100, spring: spring, startVelocity: nil)])
        #expect(throws: MotionError.self) { try KeyframeTimeline(tracks: [track]) }
        let cut = KeyframeTrack(property: "x", keyframes: [.spring(to: 1, duration: 100, spring: spring, startVelocity: nil)])
        #expect(try KeyframeTimeline(tracks: [cut]).duration == 100)
        // Two 40-minute keyframes: the track reaches 4,800 s at keyframe 1.
        let long = KeyframeTrack(property: "x", keyframes: [.linear(to: 1, duration: 2400), .linear(to: 0, duration: 2400)])
        #expect(
            throws: MotionError.doesNotComeToRest(.keyframe(property: "x", index: 1), why: "the track reaches 4800 s here and the limit is an hour")
        ) {
            try KeyframeTimeline(tracks: [long])
        }
    }

    @Test("a design token resolving to a never-settling spring: the spec using it is refused (exit 2) at the keyframe's spring")
    func tokenSpring() throws {
        let ws = try Workspace()
        try ws.write(
            "tokens.json", #"{"motion": {"spring": {"$type": "spring", "over": {"$value": {"mass": 1, "stiffness": 1, "damping": 1000000}}}}}"#)
        #expect(ws.run("import", "tokens.json").code == 0)
        try ws.write("uses.json", hostileKeyframeSpec(screen: "Tok", #"{"type": "spring", "to": 1, "spring": "{motion.spring.over}"}"#))
        let r = ws.run("import", "uses.json")
        #expect(r.code == 2, "\(r.err)")
        #expect(
            r.err.contains("uses.json:2:") && r.err.contains("/animations/0/tracks/scale/0/spring") && r.err.contains("does not come to rest"),
            "\(r.err)")
    }

    @Test(
        "SwiftUI SpringKeyframe with Spring(mass: 1, stiffness: 1, damping: 1000000): left out with a located message (exit 2), nothing stored with an infinite duration; inventory still works"
    )
    func swiftSourceSpring() throws {
        let ws = try Workspace()
        try ws.write(
            "Over.swift",
            """
            import SwiftUI
            struct Over: View {
                @State private var taps = 0
                var body: some View {
                    Text("x").keyframeAnimator(initialValue: 1.0, trigger: taps) { view, v in
                        view.scaleEffect(v)
                    } keyframes: { _ in
                        SpringKeyframe(1.2, spring: Spring(mass: 1, stiffness: 1, damping: 1000000))
                    }
                }
            }
            """)
        let r = ws.run("import", "Over.swift")
        if r.err.contains("unavailable") { return } // built without the toolchain's parser
        // The animation is left out (the file's others would be stored) and the import fails,
        // located at the animator's line and column, with the keyframe's place and the spring's
        // settling time.
        #expect(r.code == 2, "\(r.out) \(r.err)")
        #expect(
            r.err.contains(
                "not imported (Over.swift:5:19 at Over/over): track 'scale' keyframe 0: this motion does not come to rest within the limits: its spring takes over 1e+07 s to settle"
            ), "\(r.err)")
        #expect(ws.run("import", "Specs/Feed.json").code == 0)
        let inventory = ws.run("inventory")
        #expect(inventory.code == 0 && !inventory.out.contains("Over"), "\(inventory.err)")
    }

    @Test("a store edited to hold revisions.duration = 1e16: inventory (every format) exits 3 saying the store is damaged, instead of trapping")
    func storedHugeDuration() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/Feed.json").code == 0)
        try execute(ws.db, "UPDATE revisions SET duration = 1e16")
        for format in ["table", "json", "csv"] {
            let r = ws.run("inventory", "--format", format)
            #expect(r.code == 3, "\(format): \(r.err)")
            #expect(r.err.contains("damaged") && r.err.contains("revisions.duration") && r.err.contains("1e+16"), "\(r.err)")
        }
        #expect(DurationText.milliseconds(1e16) == "1e+19 ms")
        #expect(DurationText.milliseconds(.nan) == "nan ms")
        #expect(DurationText.milliseconds(0.5804) == "580 ms")
    }
}

/// Runs `sql` on the SQLite file at `path` (to edit or damage a store the way a user could).
func execute(_ path: String, _ sql: String) throws {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw CocoaError(.fileReadUnknown) }
    defer { sqlite3_close(db) }
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw CocoaError(.fileWriteUnknown) }
}

// MARK: - Stores

@Suite("hardening: stores that are not whole are refused, reading never writes")
struct HardeningStoreTests {
    @Test("a store truncated to 1 byte: import and inventory exit 3 and the file is left as it was (never started over)")
    func truncated() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: ws.db))
        try handle.truncate(atOffset: 1)
        try handle.close()
        for arguments in [["import", "Specs/"], ["inventory"], ["sample", "Feed/heart-pulse"], ["sample", "Specs/Feed.json#heart-pulse"]] {
            let r = ws.run(arguments)
            #expect(r.code == 3, "\(arguments): \(r.err)")
            #expect(r.err.contains("motionsync.sqlite") && r.err.contains("cut short"), "\(r.err)")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: ws.db)[.size] as? Int == 1)
    }

    @Test("a store cut to half its pages: refused as cut short (exit 3); a non-SQLite file: refused, its bytes untouched")
    func cutAndForeign() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: ws.db))
        try bytes.prefix(bytes.count / 2 / 4096 * 4096).write(to: URL(fileURLWithPath: ws.db))
        let r = ws.run("import", "Specs/")
        #expect(r.code == 3 && r.err.contains("cut short") && r.err.contains("pages"), "\(r.err)")
        try ws.write("notes.txt", "these are my notes, not a store\n")
        let n = ws.run("import", "Specs/Feed.json", "--db", "notes.txt")
        #expect(n.code == 3 && n.err.contains("not a SQLite database"), "\(n.err)")
        #expect(try String(contentsOf: ws.folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "these are my notes, not a store\n")
    }

    @Test("corrupt pages: quick_check finds them and every command (import and sample included) exits 3 saying the store is damaged")
    func corruptPages() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ws.db)))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        // Overwrite every page after the schema page with a pattern no b-tree page has.
        for i in pageSize..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: ws.db))
        for arguments in [["import", "Specs/"], ["inventory"], ["sample", "Feed/heart-pulse"], ["peaks", "Feed/heart-pulse"], ["budget"]] {
            let r = ws.run(arguments)
            #expect(r.code == 3, "\(arguments): \(r.err)")
            #expect(r.err.contains("damaged"), "\(arguments): \(r.err)")
        }
    }

    @Test("reading commands never create a store: a missing store names its path and how stores are made (exit 3)")
    func missingStore() throws {
        let ws = try Workspace()
        for arguments in [
            ["inventory"], ["budget"], ["peaks", "Feed/heart-pulse"], ["haptics", "Feed/heart-pulse"], ["sample", "Feed/heart-pulse"],
            ["export", "--out", "x"], ["report", "--out", "r"], ["plot", "Feed/heart-pulse", "-o", "p.svg"],
        ] {
            let r = ws.run(arguments)
            #expect(r.code == 3, "\(arguments): \(r.err)")
            #expect(r.err.contains(ws.db) && r.err.contains("motionsync import"), "\(arguments): \(r.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: ws.db))
        // A spec file read directly still needs no store.
        #expect(ws.run("sample", "Specs/Feed.json#heart-pulse").code == 0)
        #expect(!FileManager.default.fileExists(atPath: ws.db))
    }

    @Test("a read-only open refuses writes and leaves no -wal/-shm files behind; reading commands leave the store's bytes as they were")
    func readOnly() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: ws.db))
        do {
            let store = try MotionStore(path: ws.db, access: .readOnly)
            #expect(try store.inventory().count == 20)
            #expect(throws: (any Error).self) { try store.importSpecs([], from: SourceFile(path: "/x", format: "spec-v1", contentHash: "h")) }
        }
        for arguments in [["inventory"], ["budget"], ["peaks", "Feed/heart-pulse"], ["export", "--out", "x"]] {
            #expect([0, 1].contains(ws.run(arguments).code), "\(arguments)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: ws.db)) == before)
        let litter = try FileManager.default.contentsOfDirectory(atPath: ws.folder.path).filter { $0.hasPrefix("motionsync.sqlite-") }
        #expect(litter.isEmpty, "\(litter)")
    }

    @Test("export: when writing a pattern file fails, the manifest still records the files written before it")
    func exportManifestOnFailure() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let out = ws.folder.appendingPathComponent("out")
        // A folder where a later pattern file goes: writing it fails whoever runs the test.
        try FileManager.default.createDirectory(at: out.appendingPathComponent("Home--bouncing-logo.ahap"), withIntermediateDirectories: true)
        let r = ws.run("export", "--out", "out")
        #expect(r.code == 2, "\(r.err)")
        #expect(r.err.contains("cannot write") && r.err.contains("Home--bouncing-logo.ahap"), "\(r.err)")
        let manifest = try String(contentsOf: out.appendingPathComponent(".motionsync-export.json"), encoding: .utf8)
        // Written before it (the rows come ordered by screen, then id).
        for name in ["Checkout--add-to-cart-bump.ahap", "Feed--heart-pulse.ahap"] {
            #expect(manifest.contains(name), "\(name)")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path))
        }
        #expect(!manifest.contains("Home--bouncing-logo") && !manifest.contains("Timer--"))
    }
}

// MARK: - Output

@Suite("hardening: CSV quoting and escaped names in text output")
struct HardeningOutputTests {
    static let hostileScreen = "Evil\r\nInjected,\"row\"\u{1B}[31m\u{202E}"

    /// RFC 4180 records of `text` (quoted fields may hold commas, quotes and line breaks).
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = [], record: [String] = [], field = ""
        var quoted = false, atFieldStart = true
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            if quoted {
                if c == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"" where atFieldStart:
                quoted = true
                atFieldStart = false
            case ",":
                record.append(field)
                field = ""
                atFieldStart = true
            case "\r" where scalars.first == "\n": break
            case "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
                atFieldStart = true
            default:
                field.unicodeScalars.append(c)
                atFieldStart = false
            }
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }

    @Test(
        "a screen name with CR LF, a comma, quotes, ESC and U+202E: inventory CSV has one record for it with the name escaped (no raw control); JSON keeps it exactly"
    )
    func csvAndJSON() throws {
        let ws = try Workspace()
        let screen = Self.hostileScreen.unicodeScalars.map {
            $0.value < 0x20 || $0.value >= 0x7F ? String(format: "\\u%04x", $0.value) : $0 == "\"" ? "\\\"" : String($0)
        }.joined()
        try ws.write(
            "evil.json",
            """
            {"specVersion": 1, "screen": "\(screen)", "animations": [
              {"id": "a", "kind": "keyframes", "trigger": "tap", "tracks": {"x": [{"type": "linear", "to": 1, "duration": 0.2}]}}]}
            """)
        #expect(ws.run("import", "evil.json").code == 0)
        let csv = ws.run("inventory", "--format", "csv")
        let rows = Self.records(csv.out)
        #expect(rows.count == 2, "\(rows)")
        #expect(rows.last?.first == TerminalText.escaped(Self.hostileScreen))
        #expect(rows.last?.count == rows.first?.count)
        #expect(csv.out.contains(#""Evil\u{D}\u{A}Injected,""row""\u{1B}[31m\u{202E}""#), "\(csv.out)")
        #expect(!csv.out.unicodeScalars.contains { $0 != "\n" && TerminalText.needsEscape($0) })
        let json = ws.run("inventory", "--format", "json")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]]
        #expect(parsed?.first?["screen"] as? String == Self.hostileScreen)
        // The table shows the name escaped: no raw ESC, CR, LF or override reaches the terminal.
        let table = ws.run("inventory")
        #expect(table.out.contains(#"Evil\u{D}\u{A}Injected,"row"\u{1B}[31m\u{202E}"#), "\(table.out)")
        #expect(!table.out.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" || $0 == "\u{202E}" })
        #expect(table.out.split(separator: "\n").count == 2)
        // And so does the import report line and the peaks header.
        let peaks = ws.run("peaks", "evil.json#a")
        #expect(peaks.out.hasPrefix(#"Evil\u{D}\u{A}Injected,"row"\u{1B}[31m\u{202E}/a: 200.0 ms"#), "\(peaks.out)")
    }

    @Test("TerminalText escapes C0, DEL, C1 and the bidi overrides and isolates, nothing else; CSV.field escapes them too and follows RFC 4180")
    func escaping() {
        #expect(TerminalText.escaped("a\u{1B}[2Jb") == #"a\u{1B}[2Jb"#)
        #expect(TerminalText.escaped("\u{7F}\u{85}\u{9B}") == #"\u{7F}\u{85}\u{9B}"#)
        for v: UInt32 in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            #expect(TerminalText.escaped(String(UnicodeScalar(v)!)) == "\\u{\(String(v, radix: 16, uppercase: true))}")
        }
        #expect(TerminalText.escaped("Café ❤️ שלום 200\u{200F}") == "Café ❤️ שלום 200\u{200F}")
        #expect(TerminalText.escapedLines("a\nb\tc") == #"a"# + "\n" + #"b\u{9}c"#)
        #expect(CSV.field("plain") == "plain")
        #expect(CSV.field("a,b") == "\"a,b\"")
        #expect(CSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        // Controls are escaped, never written raw (CR LF included: one record, one line).
        #expect(CSV.field("a\r\nb") == #"a\u{D}\u{A}b"#)
        #expect(CSV.field("a\rb,\u{1B}[31m") == #""a\u{D}b,\u{1B}[31m""#)
    }
}

// MARK: - Cheap limits first

@Suite("hardening: limits that need a few members are checked before the parse")
struct HardeningPrecheckTests {
    @Test("a spec with 100,001 keyframes is refused by the skim, at the 100,001st keyframe's pointer, line and column")
    func tooManyKeyframes() throws {
        let ws = try Workspace()
        let keyframe = #"{"type": "linear", "to": 1, "duration": 0.001}"#
        let head = #"{"specVersion": 1, "screen": "Many", "animations": [{"id": "a", "kind": "keyframes", "trigger": "tap", "tracks": {"x": ["#
        // 60,000 in x, 40,001 in y: the limit counts the whole file.
        let text =
            head + Array(repeating: keyframe, count: 60_000).joined(separator: ",") + #"], "y": ["#
            + Array(repeating: keyframe, count: 40_001).joined(separator: ",\n") + "]}}]}"
        try ws.write("many.json", text)
        let r = ws.run("import", "many.json")
        #expect(r.code == 2, "\(r.err)")
        // The 40,001st keyframe of y starts on line 40,001 at column 1 (one per line after the first).
        #expect(
            r.err.contains("rejected (many.json:40001:1 at /animations/0/tracks/y/40000): more than 100000 keyframes in one file (100001)"),
            "\(r.err)")
        #expect(try ws.counts()["revisions"] == 0)
    }

    @Test("a Lottie whose ip, op and fr make two hours is refused at /op by the skim, whatever its layers hold")
    func longLottie() throws {
        let ws = try Workspace()
        // Layers that would be expensive to import: the refusal must not need them.
        let layer =
            #"{"ty": 4, "nm": "L", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {"p": {"a": 1, "k": ["#
            + (0..<2000).map { #"{"t": \#($0), "s": [\#($0), 0], "e": [\#($0 + 1), 0]}"# }.joined(separator: ",") + "]}}}"
        try ws.write(
            "long.json",
            #"{"v": "5.7", "fr": 30, "ip": 0,"# + "\n" + #" "op": 216000, "w": 10, "h": 10, "layers": ["#
                + Array(repeating: layer, count: 20).joined(separator: ",") + "]}")
        let r = ws.run("import", "long.json")
        #expect(r.code == 2, "\(r.err)")
        #expect(r.err.contains("rejected (long.json:2:8 at /op): the composition lasts 7200 s, longer than an hour"), "\(r.err)")
    }
}

@Suite("hardening: output sizes come from input and are bounded")
struct HardeningOutputSizeTests {
    @Test(
        "sample --fps asking for more than ten million rows is refused (exit 2) before any is made; 2,000 fps over 3,000 s (six million) is fine to ask"
    )
    func sampleCap() throws {
        let ws = try Workspace()
        try ws.write("long.json", hostileKeyframeSpec(screen: "Long", #"{"type": "linear", "to": 1, "duration": 3000}"#))
        let r = ws.run("sample", "long.json#a", "--fps", "10000")
        #expect(r.code == 2, "\(r.err)")
        #expect(r.err.contains("--fps 10000 over 3000 s is 30000000 samples, over 10000000"), "\(r.err)")
        #expect(r.out.isEmpty)
        let ok = ws.run("sample", "long.json#a", "--fps", "0.01")
        #expect(ok.code == 0 && ok.out.split(separator: "\n").count == 32, "\(ok.err)") // header + 0, 100, …, 3000 s
    }
}

@Suite("hardening: recursion on input depth is bounded")
struct HardeningDepthTests {
    /// An animator whose keyframe value is `-(-(…1.2…))`, `depth` levels deep.
    static func nested(_ name: String, depth: Int) -> String {
        """
        import SwiftUI
        struct \(name): View {
            @State private var taps = 0
            var body: some View {
                Text("x").keyframeAnimator(initialValue: 1.0, trigger: taps) { view, v in
                    view.scaleEffect(v)
                } keyframes: { _ in
                    LinearKeyframe(\(String(repeating: "-(", count: depth))1.2\(String(repeating: ")", count: depth)), duration: 0.2)
                }
            }
        }
        """
    }

    @Test(
        "Swift expressions: 200 levels import (on the parallel workers too), 5,000 are refused by the parser's nesting limit (exit 2), never a stack overflow"
    )
    func swiftNesting() throws {
        let ws = try Workspace()
        let folder = ws.folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, depth) in [("Shallow", 200), ("Shallow2", 200), ("Deep", 5000), ("Deep2", 5000)] {
            try Data(Self.nested(name, depth: depth).utf8).write(to: folder.appendingPathComponent("\(name).swift"))
        }
        let r = ws.run("import", "app")
        if r.err.contains("unavailable") { return } // built without the toolchain's parser
        #expect(r.code == 2, "\(r.err)")
        #expect(r.out.contains("4 files: 2 added, 0 changed, 0 unchanged, 2 rejected"), "\(r.out)")
        // Past the parser's nesting limit the rest of the expression is unexpected code, reported where it starts.
        #expect(
            r.err.contains("rejected (app/Deep.swift): app/Deep.swift:8:") && r.err.contains("not valid Swift: unexpected code '-(-(-("), "\(r.err)")
        // 200 negations of 1.2: an even count, so the keyframe goes to 1.2.
        let sample = ws.run("sample", "Shallow/shallow", "--times", "0.2")
        // (A single-value animator's track is named after the modifier it feeds: scaleEffect → scale.)
        #expect(sample.out == "time,scale\n0.2,1.2\n", "\(sample.out) \(sample.err)")
    }

    @Test("a file the toolchain's diagnostics generator traps on (U+FFFD after a type, found by the fuzzer) is refused with its place (exit 2)")
    func swiftDiagnosticsTrap() throws {
        let ws = try Workspace()
        // The fuzzer's input, reduced: invalid UTF-8 (read as U+FFFD) between a type annotation and its `=`.
        try ws.write("Trap.swift", bytes: Array("struct V { var scale: Double ".utf8) + [0xFF, 0xFF] + Array("= 1.0 }\n// keyframeAnimator\n".utf8))
        let r = ws.run("import", "Trap.swift")
        if r.err.contains("unavailable") { return } // built without the toolchain's parser
        #expect(r.code == 2, "\(r.err)")
        // Column 30: right after "struct V { var scale: Double ".
        #expect(r.err.contains("rejected (Trap.swift): Trap.swift:1:30: not valid Swift: invalid character in source file"), "\(r.err)")
        // The fuzzer's own input, as found.
        let found = try Data(contentsOf: packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Fixtures/Fuzz/swift-crash-fixit.swift"))
        try ws.write("Found.swift", bytes: [UInt8](found))
        let f = ws.run("import", "Found.swift")
        #expect(f.code == 2 && f.err.contains("Found.swift:4:") && f.err.contains("not valid Swift"), "\(f.err)")
    }

    @Test(
        "[ nesting, on which Apple's parser takes exponential time (the fuzzer's 103-byte timeout), is refused before parsing; 12 levels and 2,000 shallow nests are read"
    )
    func swiftBrackets() throws {
        let ws = try Workspace()
        // The fuzzer's input (70 unclosed [ after a closure's `_`), with the word that makes the importer parse it.
        let found = try Data(contentsOf: packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Fixtures/Fuzz/swift-timeout-brackets.swift"))
        try ws.write("Found.swift", bytes: Array("// keyframeAnimator\n".utf8) + [UInt8](found))
        let started = Date()
        let r = ws.run("import", "Found.swift")
        if r.err.contains("unavailable") { return } // built without the toolchain's parser
        #expect(r.code == 2, "\(r.err)")
        // Line 2 (after the added comment), column 33: the 13th [ is byte 31, and the invalid byte 0xFB
        // before it is read as U+FFFD (3 bytes), as the parser reads it too.
        #expect(r.err.contains("Found.swift:2:33: not read: brackets nested 13 deep"), "\(r.err)")
        // Brackets in comments and strings do not count; 12 levels are read.
        let twelve = String(repeating: "[", count: 12) + "1" + String(repeating: "]", count: 12)
        try ws.write(
            "Twelve.swift",
            """
            // keyframeAnimator [[[[[[[[[[[[[[[[[[[[
            let s = "[[[[[[[[[[[[[[[[[[[[[[[[[[", t = #"[[[[[[[[[[[[[[[[[[[["#
            /* [[[[[[[[[[[[[[[[[[[[[[[[ /* [[[[[[[[[[[[[[ */ */
            let a = \(twelve)
            """)
        let t = ws.run("import", "Twelve.swift")
        #expect(t.code == 0 && t.out.contains("skipped    Twelve.swift no animator found"), "\(t.out) \(t.err)")
        // Many shallow nests: 2,000 of depth 3 (Σ 2^depth = 28,000) are read.
        try ws.write("Many.swift", "// keyframeAnimator\n" + (0..<2000).map { "let a\($0) = [[[\($0)]]]" }.joined(separator: "\n"))
        #expect(ws.run("import", "Many.swift").code == 0)
        // Refused in well under the 13+ s the parser would take on 22 levels; generous for a debug build.
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test("JSON nesting deeper than 512 levels is refused with its location; 500 levels parse")
    func jsonNesting() throws {
        let ws = try Workspace()
        try ws.write("deep.json", String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
        let r = ws.run("import", "deep.json")
        #expect(r.code == 2 && r.err.contains("deep.json:1:") && r.err.contains("nesting deeper than 512 levels"), "\(r.err)")
    }
}

@Suite("hardening: wide motions stay linear")
struct HardeningWideTests {
    @Test("50,000 one-keyframe tracks, and a phase with 50,000 values: sampled in linear time (both were quadratic: 8.8 s and 8.5 s)")
    func wide() throws {
        let ws = try Workspace()
        let n = 50_000
        let tracks = (0..<n).map { #""p\#($0)": [{"type": "linear", "to": \#($0 % 7), "duration": 0.1}]"# }.joined(separator: ", ")
        try ws.write(
            "wide.json",
            #"{"specVersion": 1, "screen": "Wide", "animations": [{"id": "a", "kind": "keyframes", "trigger": "tap", "tracks": {"# + tracks + "}}]}")
        let values = (0..<n).map { #""p\#($0)": \#($0 % 5)"# }.joined(separator: ", ")
        let zeros = (0..<n).map { #""p\#($0)": 0"# }.joined(separator: ", ")
        try ws.write(
            "phase.json",
            #"{"specVersion": 1, "screen": "WideP", "animations": [{"id": "a", "kind": "phases", "trigger": "tap", "phases": ["#
                + #"{"name": "a", "values": {"# + zeros + #"}, "animation": {"type": "linear", "duration": 0.1}}, {"name": "b", "values": {"# + values
                + #"}, "animation": {"type": "linear", "duration": 0.1}}]}]}"#)
        let started = Date()
        let k = ws.run("sample", "wide.json#a", "--times", "0.05", "--format", "json")
        let p = ws.run("sample", "phase.json#a", "--times", "0.05", "--format", "json")
        // Generous for a debug build on a shared machine; the quadratic versions took ~9 s each in release.
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(k.code == 0 && p.code == 0, "\(k.err) \(p.err)")
        // Linear keyframes halfway at 0.05 s: p_i goes 0 → i % 7, so p6 is at 3 and p49999 (49999 % 7 = 5)
        // at 2.5. The linear phase step into b: p_i halfway to i % 5, so p4 and p49999 (% 5 = 4) are at 2.
        func property(_ out: String, _ name: String) -> Double? {
            let object = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
            return ((object?["properties"] as? [String: Any])?[name] as? [Double])?.first
        }
        #expect(property(k.out, "p6") == 3 && property(k.out, "p49999") == 2.5)
        #expect(property(p.out, "p4") == 2 && property(p.out, "p49999") == 2)
        // The same values with a spring back to phase a (settling ~2.2 s): 50,000 × 2 phases × 2.2 s
        // is over the 72,000 the analysis may take; refused at the animation.
        try ws.write(
            "slowphase.json",
            #"{"specVersion": 1, "screen": "WideS", "animations": [{"id": "a", "kind": "phases", "trigger": "tap", "phases": ["#
                + #"{"name": "a", "values": {"# + zeros + #"}}, {"name": "b", "values": {"# + values
                + #"}, "animation": {"type": "linear", "duration": 0.1}}]}]}"#)
        let refused = ws.run("sample", "slowphase.json#a", "--times", "0.05")
        #expect(
            refused.code == 2 && refused.err.contains("at /animations/0)") && refused.err.contains("50000 properties × 2 phases"),
            "\(refused.err.suffix(400))")
    }
}

@Suite("hardening: a store in a read-only folder can be read")
struct HardeningReadOnlyFolderTests {
    @Test("inventory as an unprivileged user on a read-only store in a read-only folder: read (exit 0), nothing created there")
    func readOnlyFolder() throws {
        // Needs another user to be meaningful (root writes anywhere): run through setpriv when root.
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        let ws = try Workspace()
        let folder = ws.folder.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("s.sqlite").path
        #expect(ws.run("import", "Specs/Feed.json", "--db", store).code == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: ws.folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", try ProcessTests.binary().path, "inventory", "--db", store, "--format", "csv",
        ]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The binary must be reachable by that user (it is when the work tree is world-readable).
        if errors.contains("Permission denied") && output.isEmpty { return }
        #expect(process.terminationStatus == 0, "\(errors)")
        #expect(output.contains("Feed,heart-pulse,keyframes,tap,0.58,"), "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.sqlite"])
    }
}
