import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionTestSupport
import Testing

@Suite("SpecDecoder: names, files, limits and warnings")
struct DecoderInputTests {
    // MARK: Names

    @Test("names with quotes, SQL, newlines and emoji decode exactly")
    func awkwardNames() throws {
        let text = #"""
            {
              "specVersion": 1,
              "screen": "He said \"hi\" \\ 'ok' 🎉",
              "animations": [
                { "id": "'); DROP TABLE x;--", "component": "line1\nline2\tend \u00e9 e\u0301 👩‍👩‍👧 \ud83d\ude00",
                  "notes": "Robert'); DROP TABLE Students;-- \"quoted\"",
                  "kind": "keyframes", "trigger": "event:did \"save\"\n",
                  "tracks": { "opacity 👀": [ { "type": "move", "to": 1 } ] } }
              ]
            }
            """#
        let result = decode(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let spec = try #require(result.spec)
        #expect(scalars(spec.screen) == scalars("He said \"hi\" \\ 'ok' 🎉"))
        let a = try #require(spec.animations.first)
        #expect(scalars(a.id) == scalars("'); DROP TABLE x;--"))
        #expect(scalars(a.component ?? "") == scalars("line1\nline2\tend \u{E9} e\u{301} 👩‍👩‍👧 😀"))
        #expect(a.notes == "Robert'); DROP TABLE Students;-- \"quoted\"")
        #expect(a.trigger == .event("did \"save\"\n"))
        guard case .keyframes(_, let tracks, _) = a.motion else {
            Issue.record("expected keyframes")
            return
        }
        #expect(tracks.map(\.property) == ["opacity 👀"])
        #expect(spec.animation(id: "'); DROP TABLE x;--") != nil)
    }

    // MARK: Files

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionsync-formats-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("decode(fileAt:) on a missing path")
    func missingFile() {
        let path = "/nonexistent-motionsync/dir/Missing.json"
        let result = SpecDecoder().decode(fileAt: path)
        #expect(result.spec == nil)
        #expect(result.diagnostics.count == 1)
        let d = result.diagnostics.first
        #expect(d?.file == path)
        #expect(d?.pointer == .root)
        #expect(d?.location == nil)
        #expect(d?.problem == "cannot read the file")
        #expect(d?.fix.isEmpty == false)
        #expect(d?.description == "\(path): error: /: cannot read the file; fix: check that the path exists and is readable")
        #expect(SpecDecoder().decode(fileAt: path, displayName: "Missing.json").diagnostics.first?.file == "Missing.json")
    }

    @Test("decode(fileAt:) on a directory")
    func directory() throws {
        let result = SpecDecoder().decode(fileAt: Repo.specs.path)
        #expect(result.spec == nil)
        #expect(result.errors.count == 1)
        let d = try #require(result.errors.first)
        #expect(d.pointer == .root)
        #expect(d.problem.contains("cannot read"), "\(d)")
        #expect(!d.fix.isEmpty)
    }

    @Test("decode(fileAt:) on a real file")
    func realFile() throws {
        let url = Repo.specs.appendingPathComponent("Timer.json")
        let result = SpecDecoder().decode(fileAt: url.path)
        #expect(result.diagnostics.isEmpty)
        let spec = try #require(result.spec)
        #expect(spec.screen == "Timer")
        #expect(spec.animations.map(\.id) == ["timer-finished"])
        #expect(spec.animations.first?.trigger == .repeating)
        #expect(spec.animations.first?.reduceMotion == .static)
        #expect(spec.animations.first?.component == "AnimatedClock")
        #expect(phases(spec)?.map(\.name) == ["resting", "lifted", "tiltedLeft", "tiltedRight", "settled"])
        // Same result as decoding the bytes.
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(SpecDecoder().decode(bytes: bytes, file: url.path).spec == spec)
    }

    @Test("diagnostics from a file name it and say FILE:LINE:COL")
    func fileDiagnostics() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("Bad.json")
        try Data("{\n  \"specVersion\": 2,\n  \"screen\": \"S\"\n}\n".utf8).write(to: url)
        let result = SpecDecoder().decode(fileAt: url.path)
        let d = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(d.file == url.path)
        #expect(d.location == Loc(line: 2, column: 18))
        #expect(d.place == "\(url.path):2:18")
        #expect(d.description.hasPrefix("\(url.path):2:18: error: /specVersion: "))
        #expect(SpecDecoder().decode(fileAt: url.path, displayName: "Specs/Bad.json").errors.first?.place == "Specs/Bad.json:2:18")

        let empty = dir.appendingPathComponent("Empty.json")
        try Data().write(to: empty)
        let emptyResult = SpecDecoder().decode(fileAt: empty.path)
        #expect(emptyResult.spec == nil)
        #expect(emptyResult.errors.first?.problem.contains("empty") == true)
        #expect(emptyResult.errors.first?.location == Loc(line: 1, column: 1))
    }

    @Test("InputDocument.contents reads a file's exact bytes in one go, and says why when it cannot")
    func contents() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 3 MB of seeded bytes (every value 0…255), the same as Foundation reads.
        var state: UInt32 = 1
        let data = Data(
            (0..<3_000_000).map { _ -> UInt8 in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            })
        let url = dir.appendingPathComponent("Big.bin")
        try data.write(to: url)
        #expect(InputDocument.contents(atPath: url.path) == .success([UInt8](data)))
        #expect(InputDocument.contents(atPath: url.path, limit: 2_999_999) == .failure(.tooLarge(3_000_000)))
        #expect(InputDocument.contents(atPath: url.path, limit: 3_000_000) == .success([UInt8](data)))
        let empty = dir.appendingPathComponent("Empty.json")
        try Data().write(to: empty)
        #expect(InputDocument.contents(atPath: empty.path) == .success([]))
        #expect(InputDocument.contents(atPath: dir.appendingPathComponent("Missing.json").path) == .failure(.missing))
        #expect(InputDocument.contents(atPath: dir.path) == .failure(.unreadable))
    }

    @Test("files over 64 MiB are refused before parsing")
    func fileSizeLimit() throws {
        #expect(SpecDecoder.maximumFileSize == 64 * 1024 * 1024)
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("Huge.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(SpecDecoder.maximumFileSize + 1)) // sparse: no real write
        try handle.close()
        let result = SpecDecoder().decode(fileAt: url.path)
        #expect(result.spec == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.problem.contains("64 MiB") == true)
        #expect(result.errors.first?.problem.contains("\(SpecDecoder.maximumFileSize + 1)") == true)

        let bytes = SpecDecoder().decode(bytes: [UInt8](repeating: 0x20, count: SpecDecoder.maximumFileSize + 1), file: testFile)
        #expect(bytes.spec == nil)
        #expect(bytes.errors.first?.problem.contains("64 MiB") == true)
    }

    // MARK: The keyframe limit

    /// A keyframes spec with `counts[i]` move keyframes in animation i's single track `x`.
    static func bigSpec(_ counts: [Int]) -> String {
        let keyframe = #"{"type":"move","to":1}"#
        let animations = counts.enumerated().map { k, n in
            #"{"id":"a\#(k)","kind":"keyframes","trigger":"tap","tracks":{"x":["# + Array(repeating: keyframe, count: n).joined(separator: ",")
                + "]}}"
        }
        return #"{"specVersion":1,"screen":"Big","animations":["# + animations.joined(separator: ",") + "]}"
    }

    @Test("exactly 100,000 keyframes are accepted")
    func atTheLimit() throws {
        #expect(SpecDecoder.maximumKeyframes == 100_000)
        let result = decode(Self.bigSpec([100_000]))
        #expect(result.diagnostics.isEmpty)
        #expect(firstTrack(result.spec)?.count == 100_000)
    }

    @Test("100,001 keyframes are refused, naming the limit")
    func overTheLimit() throws {
        let result = decode(Self.bigSpec([100_001]))
        #expect(result.spec == nil)
        #expect(result.errors.count == 1)
        let d = try #require(result.errors.first)
        #expect(d.pointer.description == "/animations/0/tracks/x/100000")
        #expect(d.problem.contains("100000") || d.problem.contains("100,000"), "\(d.problem)")
        #expect(!d.fix.isEmpty)
        #expect(d.location?.line == 1)
    }

    @Test("the keyframe limit counts the whole file, across animations")
    func limitAcrossAnimations() throws {
        let result = decode(Self.bigSpec([60_000, 40_001]))
        #expect(result.spec == nil)
        #expect(result.errors.map(\.pointer.description) == ["/animations/1/tracks/x/40000"])
    }

    // MARK: Warnings

    @Test("a phase using a property phase 0 lacks is a warning, not an error")
    func missingInPhaseZero() throws {
        let text = animationSpec(
            #"""
            { "id": "p", "kind": "phases", "trigger": "tap", "phases": [
                  { "name": "rest", "values": { "scale": 1 } },
                  { "name": "fade", "values": { "scale": 1.1, "opacity": 0.5 } },
                  { "name": "blur", "values": { "blur": 4, "opacity": 1 } }
                ] }
            """#)
        let result = decode(text)
        #expect(result.errors.isEmpty)
        #expect(result.warnings.count == 3)
        #expect(result.diagnostics.count == 3)
        #expect(
            result.warnings.map(\.pointer.description) == [
                "/animations/0/phases/1/values/opacity", "/animations/0/phases/2/values/blur", "/animations/0/phases/2/values/opacity",
            ])
        let first = try #require(result.warnings.first)
        #expect(first.severity == .warning)
        #expect(first.location == position(of: "0.5", in: text))
        #expect(first.problem.contains("opacity"))
        #expect(!first.fix.isEmpty)
        #expect(first.description.contains(": warning: /animations/0/phases/1/values/opacity: "))
        // The spec still decodes.
        let steps = try #require(phases(result.spec))
        #expect(steps.map(\.name) == ["rest", "fade", "blur"])
        #expect(steps[1].values == ["scale": 1.1, "opacity": 0.5])
    }

    @Test("warnings are kept alongside errors when a file is rejected")
    func warningsWithErrors() {
        let warned = #"""
            { "id": "p", "kind": "phases", "trigger": "tap", "phases": [
                  { "name": "rest", "values": { "scale": 1 } },
                  { "name": "fade", "values": { "opacity": 0.5 } }
                ] }
            """#
        let broken = #"{ "id": "q", "kind": "phases", "trigger": "tap", "phases": [ { "name": "only", "values": {} } ] }"#
        let ok = decode(animationSpec(warned))
        #expect(ok.spec != nil)
        #expect(ok.warnings.map(\.pointer.description) == ["/animations/0/phases/1/values/opacity"])
        let bad = decode(animationSpec(warned + ",\n    " + broken))
        #expect(bad.spec == nil)
        #expect(bad.errors.map(\.pointer.description) == ["/animations/1/phases"])
        #expect(bad.warnings.map(\.pointer.description) == ["/animations/0/phases/1/values/opacity"])
    }
}

func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }
