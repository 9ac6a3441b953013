import Foundation
import MotionCore
import MotionHaptics
import MotionJSON
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

@Suite("peaks, haptics, export, check-ahap")
struct HapticCommandTests {
    static let goldenFolder = packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Golden")

    /// Every animation of Specs/, as FILE#ID.
    static func allAnimations() throws -> [(file: String, screen: String, id: String)] {
        let specs = packageRoot.appendingPathComponent("Specs")
        return try FileManager.default.contentsOfDirectory(atPath: specs.path).filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
            .flatMap { file in
                let spec = try #require(MotionFormatsDecode.spec(specs.appendingPathComponent(file).path))
                return spec.animations.map { ("Specs/\(file)", spec.screen, $0.id) }
            }
    }

    @Test("golden AHAP for every animation in Specs/ (UPDATE_GOLDEN=1 rewrites them on purpose)")
    func golden() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
        let animations = try Self.allAnimations()
        #expect(animations.count >= 12)
        var expectedNames: Set<String> = []
        for a in animations {
            let r = motionsync("haptics", "\(a.file)#\(a.id)")
            #expect(r.code == 0, "\(a.id): \(r.err)")
            let name = SafeFileName.make(screen: a.screen, id: a.id, extension: "ahap")
            expectedNames.insert(name)
            let golden = Self.goldenFolder.appendingPathComponent(name)
            if update {
                try Data(r.out.utf8).write(to: golden)
                continue
            }
            let stored = try String(contentsOf: golden, encoding: .utf8)
            #expect(
                r.out == stored,
                "\(a.screen)/\(a.id) differs from Golden/\(name); if the change is intended, run UPDATE_GOLDEN=1 swift test --filter golden")
        }
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Self.goldenFolder.path).filter { $0.hasSuffix(".ahap") })
        #expect(present == expectedNames, "a golden file per animation, no strays")
    }

    @Test("encode, decode, encode is byte-identical for every generated pattern; each passes check-ahap")
    func roundTrip() throws {
        for a in try Self.allAnimations() {
            let text = motionsync("haptics", "\(a.file)#\(a.id)").out
            let decoded = try #require(AHAPDecoder().decode(bytes: Array(text.utf8), file: a.id).pattern, "\(a.id)")
            #expect(AHAPEncoder().encode(decoded) == text)
        }
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        #expect(ws.run("export", "--out", "out").code == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: ws.folder.appendingPathComponent("out").path).filter { $0.hasSuffix(".ahap") }
            .map { "out/\($0)" }
        // One pattern per animation, and beside some the Reduce Motion pattern their code plays.
        let reduced = files.filter { $0.hasSuffix(".reduce-motion.ahap") }
        #expect(files.count - reduced.count == (try Self.allAnimations()).count)
        #expect(
            !reduced.isEmpty && reduced.allSatisfy { files.contains($0.replacingOccurrences(of: ".reduce-motion.ahap", with: ".ahap")) }, "\(reduced)"
        )
        let check = ws.run(["check-ahap"] + files)
        #expect(check.code == 0, "\(check.err)")
    }

    @Test("peaks --format json: the contract's shape, and the heart pulse's real peak and bulging hold")
    func peaksJSON() throws {
        let r = motionsync("peaks", "Specs/Feed.json#heart-pulse", "--format", "json")
        #expect(r.code == 0)
        let v = try JSONParser().parse(r.out).value
        #expect(v["screen"] == "Feed" && v["id"] == "heart-pulse" && v["duration"] == 0.58)
        let peaks = try #require(v["peaks"]?.arrayValue)
        #expect(peaks.count == 1)
        #expect(peaks[0]["property"] == "scale" && peaks[0]["kind"] == "max")
        let time = try #require(peaks[0]["time"]?.numberValue)
        #expect(time > 0.18 && time < 0.24, "inside the written hold")
        #expect(v["holds"]?.arrayValue != nil)
        let written = try #require(v["writtenHolds"]?.arrayValue?.first)
        #expect(written["flat"] == false && written["start"] == 0.18 && written["end"] == 0.24 && written["value"] == 1.28)
        // Times are printed to 0.1 ms.
        #expect(time == (time * 10_000).rounded() / 10_000)
        let table = motionsync("peaks", "Specs/Feed.json#heart-pulse")
        #expect(table.out.contains("NOT flat"))
    }

    @Test("the spring reference case through the command line: first peak at 0.3501 s, value 1.045988")
    func springPeakCLI() throws {
        let ws = try Workspace()
        try ws.write(
            "s.json",
            #"{"specVersion":1,"screen":"S","animations":[{"id":"s","kind":"keyframes","trigger":"tap","tracks":{"x":[{"type":"spring","to":1,"spring":{"duration":0.5,"bounce":0.3}}]}}]}"#
        )
        let v = try JSONParser().parse(ws.run("peaks", "s.json", "--format", "json").out).value
        #expect(v["peaks"]?.arrayValue?.first?["time"] == 0.3501)
        #expect(v["peaks"]?.arrayValue?.first?["value"] == 1.045988)
    }

    @Test("every output format renders and decodes", arguments: HapticOutput.allCases)
    func formats(format: HapticOutput) throws {
        let r = motionsync("haptics", "Specs/Checkout.json#add-to-cart-bump", "--format", format.rawValue)
        #expect(r.code == 0, "\(r.err)")
        let value = try JSONParser().parse(r.out).value
        switch format {
        case .ahap: #expect(AHAPDecoder().decode(bytes: Array(r.out.utf8), file: "x").pattern != nil)
        case .haptic: #expect(MetaHapticDecoder().decode(bytes: Array(r.out.utf8), file: "x").haptic != nil)
        case .androidWaveform:
            let timings = value["timings"]?.arrayValue?.compactMap(\.numberValue) ?? []
            let amplitudes = value["amplitudes"]?.arrayValue?.compactMap(\.numberValue) ?? []
            #expect(timings.count == amplitudes.count && !timings.isEmpty)
            #expect(amplitudes.allSatisfy { (0...255).contains($0) })
            #expect(value["repeat"] == -1)
        case .androidComposition: #expect(value.arrayValue != nil)
        case .plan: #expect(value["events"]?.arrayValue?.isEmpty == false)
        }
    }

    @Test("a looping animation is one cycle and says so")
    func looping() throws {
        let plan = try JSONParser().parse(motionsync("haptics", "Specs/Timer.json", "--format", "plan").out).value
        #expect(plan["looping"] == true)
        let wave = try JSONParser().parse(motionsync("haptics", "Specs/Timer.json", "--format", "android-waveform").out).value
        #expect(wave["repeat"] == 0)
        #expect(motionsync("haptics", "Specs/Timer.json").out.contains("one cycle of a loop"))
    }

    @Test("-o writes the file")
    func outputFile() throws {
        let ws = try Workspace()
        #expect(ws.run("haptics", "Specs/Feed.json#heart-pulse", "-o", "h.ahap").code == 0)
        let text = try String(contentsOf: ws.folder.appendingPathComponent("h.ahap"), encoding: .utf8)
        #expect(text == motionsync("haptics", "Specs/Feed.json#heart-pulse").out)
    }

    @Test("export never writes outside --out and does not overwrite files it did not write unless --force")
    func exportSafety() throws {
        let ws = try Workspace()
        let hostile: JSONValue = [
            "specVersion": 1, "screen": "../..",
            "animations": [
                [
                    "id": "..", "kind": "keyframes", "trigger": "tap",
                    "tracks": ["s": [["type": "linear", "to": 1, "duration": 0.2], ["type": "linear", "to": 0, "duration": 0.2]]],
                ],
                [
                    "id": ".hidden", "kind": "keyframes", "trigger": "tap",
                    "tracks": ["s": [["type": "linear", "to": 1, "duration": 0.2], ["type": "linear", "to": 0, "duration": 0.2]]],
                ],
            ],
        ]
        try ws.write("hostile.json", JSONWriter().string(hostile))
        #expect(ws.run("import", "hostile.json").code == 0)
        let out = ws.folder.appendingPathComponent("nested/out")
        let r = ws.run("export", "--out", "nested/out")
        #expect(r.code == 0, "\(r.err)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }
        #expect(written.count == 2)
        #expect(written.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") })
        // Nothing appeared above the output folder.
        let above = try FileManager.default.contentsOfDirectory(atPath: ws.folder.appendingPathComponent("nested").path)
        #expect(above == ["out"])
        #expect(!FileManager.default.fileExists(atPath: ws.folder.appendingPathComponent("..ahap").path))

        // A file motionsync did not write is left alone; --force overwrites it.
        let victim = out.appendingPathComponent(written.sorted()[0])
        try Data("mine".utf8).write(to: victim)
        let again = ws.run("export", "--out", "nested/out")
        #expect(again.code == 2)
        #expect(again.err.contains("not overwritten"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "mine")
        #expect(ws.run("export", "--out", "nested/out", "--force").code == 0)
        #expect(try String(contentsOf: victim, encoding: .utf8) != "mine")
        // Re-exporting unchanged files is fine and writes nothing new.
        #expect(ws.run("export", "--out", "nested/out").out.contains("0 written, 2 unchanged"))
    }

    @Test("export: ids differing only in case get two files; files of removed animations are deleted unless edited")
    func exportCollisionsAndStaleFiles() throws {
        let ws = try Workspace()
        func spec(_ ids: [String]) -> String {
            JSONWriter().string([
                "specVersion": 1, "screen": "S",
                "animations": .array(
                    ids.map { id in
                        [
                            "id": .string(id), "kind": "keyframes", "trigger": "tap",
                            "tracks": ["s": [["type": "linear", "to": 1, "duration": 0.2], ["type": "linear", "to": 0, "duration": 0.2]]],
                        ]
                    }),
            ])
        }
        try ws.write("s.json", spec(["bump", "Bump", "fade"]))
        #expect(ws.run("import", "s.json").code == 0)
        let out = ws.folder.appendingPathComponent("out")
        let first = ws.run("export", "--out", "out")
        #expect(first.code == 0, "\(first.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }
        // Three files, no two equal when case is ignored (one file each on macOS as well).
        #expect(names.count == 3 && Set(names.map { $0.lowercased() }).count == 3)

        // "fade" is removed from the spec: its file goes; "Bump"'s file is edited first, so it stays.
        let edited = try #require(names.first { $0 != "S--bump.ahap" && $0.lowercased().hasPrefix("s--bump") })
        try Data("edited".utf8).write(to: out.appendingPathComponent(edited))
        try ws.write("s.json", spec(["bump"]))
        #expect(ws.run("import", "s.json").code == 0)
        let second = ws.run("export", "--out", "out")
        #expect(second.err.contains("removed out/S--fade.ahap") && !second.out.contains("removed out/"))
        #expect(second.err.contains("\(edited): its animation is gone, but the file was edited since"))
        #expect(second.code == 2)
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(left == [edited, "S--bump.ahap"].sorted())
        #expect(try String(contentsOf: out.appendingPathComponent(edited), encoding: .utf8) == "edited")
        // The manifest forgets both, so the next run is clean.
        let manifest = try String(contentsOf: out.appendingPathComponent(".motionsync-export.json"), encoding: .utf8)
        #expect(manifest.contains("S--bump.ahap") && !manifest.contains("fade") && !manifest.contains(edited))
        #expect(ws.run("export", "--out", "out").code == 0)
    }

    @Test(
        "export: an animation without haptic events gets no file (check-ahap would reject its empty pattern) unless --include-empty; an earlier file of it is deleted"
    )
    func exportWithoutEvents() throws {
        let ws = try Workspace()
        func spec(quiet: Bool) -> String {
            var silent: JSONValue = [
                "id": "silent", "kind": "keyframes", "trigger": "tap",
                "tracks": ["s": [["type": "linear", "to": 1, "duration": 0.2], ["type": "linear", "to": 0, "duration": 0.2]]],
            ]
            if quiet, case .object(var o) = silent {
                o["haptics"] = ["enabled": false]
                silent = .object(o)
            }
            return JSONWriter().string([
                "specVersion": 1, "screen": "S",
                "animations": [
                    [
                        "id": "bump", "kind": "keyframes", "trigger": "tap",
                        "tracks": ["s": [["type": "linear", "to": 1, "duration": 0.2], ["type": "linear", "to": 0, "duration": 0.2]]],
                    ],
                    silent,
                ],
            ])
        }
        // First with haptics: two files.
        try ws.write("s.json", spec(quiet: false))
        #expect(ws.run("import", "s.json").code == 0)
        #expect(ws.run("export", "--out", "out").code == 0)
        let files = {
            try FileManager.default.contentsOfDirectory(atPath: ws.folder.appendingPathComponent("out").path).filter { !$0.hasPrefix(".") }.sorted()
        }
        #expect(try files() == ["S--bump.ahap", "S--silent.ahap"])
        // Haptics switched off for one: its file goes, the summary says why, and every file left passes check-ahap.
        try ws.write("s.json", spec(quiet: true))
        #expect(ws.run("import", "s.json").code == 0)
        let r = ws.run("export", "--out", "out")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("2 animations: 0 written, 1 unchanged, 1 removed, 0 left alone, 1 without haptic events (no file)"), "\(r.out)")
        #expect(
            r.err.contains("no file for S/silent: it has no haptic events")
                && r.err.contains("removed out/S--silent.ahap (its animation has no haptic events now)"), "\(r.err)")
        #expect(try files() == ["S--bump.ahap"])
        #expect(ws.run("check-ahap", "out/S--bump.ahap").code == 0)
        // --include-empty writes it anyway (the build plugin's outputs are named ahead); the plan format always.
        #expect(ws.run("export", "--out", "all", "--include-empty").code == 0)
        #expect(FileManager.default.fileExists(atPath: ws.folder.appendingPathComponent("all/S--silent.ahap").path))
        #expect(ws.run("export", "--out", "plans", "--format", "plan").out.contains("2 written"))
    }

    @Test("safe file names: separators, dots and odd characters cannot escape the folder; distinct ids stay distinct")
    func safeNames() {
        let names = [("../..", "../../x"), ("A", "a/b"), ("A", "a_b"), (".hidden", "id"), ("S", "🎉"), ("S", "\u{0}\n")].map {
            SafeFileName.make(screen: $0.0, id: $0.1, extension: "ahap")
        }
        #expect(names.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") && !$0.contains("\0") })
        #expect(Set(names).count == names.count)
        #expect(SafeFileName.make(screen: "Feed", id: "heart-pulse", extension: "ahap") == "Feed--heart-pulse.ahap")
    }

    @Test("check-ahap: Apple's samples are valid (trailing commas warned), Meta's invalid.ahap is not")
    func checkCorpus() throws {
        let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/ahap")
        let apple = try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent("apple").path).sorted().map {
            corpus.appendingPathComponent("apple/\($0)").path
        }
        let r = motionsync(["check-ahap"] + apple)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("(1 warning") || r.out.contains("warnings)"))
        let bad = motionsync("check-ahap", corpus.appendingPathComponent("meta/invalid.ahap").path)
        #expect(bad.code == 1)
        #expect(bad.err.contains("ParameterCurves"))
    }

    @Test("check-ahap --against: offsets in ms, a 20 ms lead and a 60 ms lag flagged, on-time events pass")
    func alignment() throws {
        let ws = try Workspace()
        // A peak at exactly 0.2 s.
        try ws.write(
            "p.json",
            #"{"specVersion":1,"screen":"P","animations":[{"id":"p","kind":"keyframes","trigger":"tap","tracks":{"x":[{"type":"linear","to":1,"duration":0.2},{"type":"linear","to":0,"duration":0.2}]}}]}"#
        )
        func ahap(_ time: Double) -> String {
            AHAPEncoder().encode(HapticPattern(events: [.transient(at: time, intensity: 1, sharpness: 0.5)]))
        }
        try ws.write("on.ahap", ahap(0.205))
        try ws.write("lead.ahap", ahap(0.18))
        try ws.write("lag.ahap", ahap(0.26))
        #expect(ws.run("check-ahap", "on.ahap", "--against", "p.json").code == 0)
        let lead = ws.run("check-ahap", "lead.ahap", "--against", "p.json", "--format", "json")
        #expect(lead.code == 1)
        let event = try JSONParser().parse(lead.out).value.arrayValue?.first?["events"]?.arrayValue?.first
        #expect(event?["offsetMs"] == -20 && event?["verdict"] == "leads" && event?["nearest"] == 0.2)
        #expect(ws.run("check-ahap", "lag.ahap", "--against", "p.json").code == 1)
        #expect(ws.run("check-ahap", "lag.ahap", "--against", "p.json").out.contains("+60.0 ms"))
    }
}

/// Decoding helper for the tests.
enum MotionFormatsDecode {
    static func spec(_ path: String) -> MotionSpec? {
        MotionFormatsBridge.decode(path)
    }
}
