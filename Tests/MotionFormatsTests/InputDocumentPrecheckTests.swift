import Foundation
import MotionJSON
import MotionTestSupport
import Testing

@testable import MotionFormats

/// `InputDocument.parse` skims a file before parsing it only when the skim's keyframe count
/// could refuse it; a smaller file is skimmed after the parse, when the parse fails or its top
/// level may be a Lottie over an hour. Either way a user gets what the skim first gave.
@Suite("InputDocument: the precheck skim, before or after the parse")
struct InputDocumentPrecheckTests {
    static let limit = SpecDecoder.maximumKeyframes

    /// What `parse` gave when it always skimmed first: the skim's refusal, else the parse's answer.
    static func skimmedFirst(_ bytes: [UInt8]) -> Result<JSONValue, SpecDiagnostic> {
        if let refused = InputDocument.precheck(bytes, file: "f.json") { return .failure(refused) }
        return parsed(bytes)
    }

    static func parsed(_ bytes: [UInt8]) -> Result<JSONValue, SpecDiagnostic> {
        InputDocument.parse(bytes, file: "f.json", splitHint: "split").map(\.value)
    }

    /// A Lottie whose `op` (at column 34) makes it last `op` / 30 s, then `tail` before its end.
    static func lottie(op: String, tail: String = "") -> [UInt8] {
        Array(#"{"v":"5.5.2","fr":30,"ip":0,"op":\#(op),"w":10,"h":10,"layers":[]\#(tail)}"#.utf8)
    }

    static let hourProblem = "the composition lasts 6666.666666666667 s, longer than an hour"

    /// Broken in ways the skim, which checks no escape, number or literal, reads past.
    @Test(
        "a small Lottie over an hour is refused at its op, even when its JSON is broken further on",
        arguments: ["", #","x":"\q""#, #","x":01"#, #","x":tru"#, #","fr":30"#])
    func hourLongLottie(_ tail: String) throws {
        let bytes = Self.lottie(op: "200000", tail: tail)
        #expect(bytes.count < 2 * Self.limit)
        guard case .failure(let diagnostic) = Self.parsed(bytes) else {
            Issue.record("accepted")
            return
        }
        #expect(diagnostic.problem == Self.hourProblem)
        #expect(diagnostic.fix == "check ip, op and fr")
        #expect(diagnostic.pointer == .root / "op")
        #expect(diagnostic.location == SourceLocation(line: 1, column: 34))
        #expect(Self.parsed(bytes) == Self.skimmedFirst(bytes))
    }

    @Test("an hour exactly is accepted; 1/30 s more is refused")
    func hourBoundary() throws {
        // 108,000 frames at 30 fps is 3,600 s.
        #expect(try Self.parsed(Self.lottie(op: "108000")).get().objectValue?["op"] == 108_000)
        guard case .failure(let over) = Self.parsed(Self.lottie(op: "108001")) else {
            Issue.record("accepted")
            return
        }
        #expect(over.problem == "the composition lasts 3600.0333333333333 s, longer than an hour")
    }

    /// Files the skim reads otherwise than the parser: each gets the answer it got when skimmed first.
    @Test(
        "files the skim reads its own way get the diagnostic they got when skimmed first",
        arguments: [
            // The skim reads keys as written: an escaped "fr" is not its fr.
            Array(#"{"\u0066r":30,"ip":0,"op":200000,"layers":[]}"#.utf8),
            // No number of 64 characters or more.
            lottie(op: "200000." + String(repeating: "0", count: 60)),
            // Out of range for the parser, infinite for the skim.
            lottie(op: "1e400"),
            // A repeated key: the skim keeps the last.
            lottie(op: "1", tail: #","op":200000"#),
            lottie(op: "200000", tail: #","op":1"#),
            // No layers: not a Lottie.
            Array(#"{"fr":30,"ip":0,"op":200000}"#.utf8),
        ])
    func sameAsSkimmedFirst(_ bytes: [UInt8]) {
        #expect(Self.parsed(bytes) == Self.skimmedFirst(bytes))
    }

    @Test("every corpus, example spec and fixture file gets the answer it got when skimmed first")
    func corpusSameAsSkimmedFirst() throws {
        let folders = [sharedCorpus, packageRoot.appendingPathComponent("Specs"), packageRoot.appendingPathComponent("Tests")]
        var files = 0
        for folder in folders {
            let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
            for path in paths where path.hasSuffix(".json") {
                let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(path)))
                #expect(Self.parsed(bytes) == Self.skimmedFirst(bytes), "\(path)")
                files += 1
            }
        }
        #expect(files > 30)
    }

    /// A spec whose one track holds `count` keyframes written `1`, the shortest item there is.
    static func tightSpec(_ count: Int, tail: String = "") -> [UInt8] {
        Array(#"{"specVersion":1,"animations":[{"id":"a","tracks":{"x":["#.utf8)
            + Array(Array(repeating: "1", count: count).joined(separator: ",").utf8) + Array("]}}]\(tail)}".utf8)
    }

    @Test("the fewest bytes that hold more keyframes than the limit are more than twice the limit")
    func keyframeBound() {
        // limit + 1 one-byte items and the limit commas between them, inside '[' and ']'.
        #expect(Array(repeating: "1", count: Self.limit + 1).joined(separator: ",").utf8.count + 2 == 2 * Self.limit + 3)
        #expect(Self.tightSpec(Self.limit + 1).count > 2 * Self.limit)
    }

    @Test(
        "keyframes at the limit are not refused by the skim; one more is, at that keyframe, broken JSON after it or not",
        arguments: ["", #","x":"\q""#])
    func keyframeLimit(_ tail: String) {
        if case .failure(let diagnostic) = Self.parsed(Self.tightSpec(Self.limit, tail: tail)) {
            #expect(!diagnostic.problem.contains("keyframes in one file"), "\(diagnostic)")
        }
        guard case .failure(let over) = Self.parsed(Self.tightSpec(Self.limit + 1, tail: tail)) else {
            Issue.record("accepted")
            return
        }
        #expect(over.problem == "more than \(Self.limit) keyframes in one file (\(Self.limit + 1))")
        #expect(over.pointer == JSONPointer(["animations", "0", "tracks", "x", String(Self.limit)]))
        // After the prefix, the limit's items and their commas: the next item's column.
        let prefix = #"{"specVersion":1,"animations":[{"id":"a","tracks":{"x":["#.utf8.count
        #expect(over.location == SourceLocation(line: 1, column: prefix + 2 * Self.limit + 1))
    }
}
