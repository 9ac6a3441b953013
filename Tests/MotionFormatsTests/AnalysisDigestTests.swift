import Foundation
import MotionCore
import MotionFormats
import MotionTestSupport
import Testing

/// The analysis of a fixed set of animations, every figure in full, against a checked-in digest:
/// a change anywhere in the timeline or the analysis that moves one bit of one figure (a peak's
/// time, a hold's end, a rest's value) fails here, whatever else the change was meant to do.
///
/// The fixtures are the first three files of each corpus the analysis benchmark measures
/// (`Scripts/bench/analysis_corpus.py`, seed 15): `mixed` (keyframes and phases), `keyframes`
/// (every keyframe type) and `phases` (springs and curves), 60 animations each. An animation's
/// digest line is what `motionsync-bench digest` prints: its id and its `MotionAnalysis`, whose
/// numbers are written in the shortest spelling that reads back to the same Double; the golden
/// files keep the id and a 64-bit FNV-1a hash of that line (the full lines would be 800 KB).
///
/// When a change of figures is intended (a fix, a new kind of finding), regenerate deliberately
/// and say why in the commit:
///
///     MOTIONSYNC_UPDATE_DIGEST=1 swift test --filter AnalysisDigestTests
///
/// To see what moved, compare `swift run -c release motionsync-bench digest DIR` of the two builds.
/// The digests were written on x86_64; another processor's C library may round the kernels'
/// fallbacks differently, so there the test compares the animations only.
@Suite("Analysis digest: the figures of the benchmark corpora, bit for bit")
struct AnalysisDigestTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/MotionFormatsTests/Fixtures/AnalysisDigest")

    /// Every animation of the spec files in `folder` (by file name), as `motionsync-bench digest` reads them.
    static func animations(in folder: URL) throws -> [AnimationSpec] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.flatMap { name -> [AnimationSpec] in
            let decoded = SpecDecoder().decode(fileAt: folder.appendingPathComponent(name).path)
            return try #require(decoded.spec, "\(name): \(decoded.diagnostics)").animations
        }
    }

    /// One line an animation: `id: analysis` (or `id: no timeline`).
    static func digest(of animations: [AnimationSpec]) -> [String] {
        let analyzer = MotionAnalyzer()
        return animations.map { animation in
            guard let timeline = try? animation.timeline() else { return "\(animation.id): no timeline" }
            return "\(animation.id): \(analyzer.analyze(timeline))"
        }
    }

    /// The 64-bit FNV-1a hash of `line`'s UTF-8 bytes, as 16 hex digits.
    static func fnv1a(_ line: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in line.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    @Test("FNV-1a: the published test vectors")
    func fnvVectors() {
        #expect(Self.fnv1a("") == "cbf29ce484222325")
        #expect(Self.fnv1a("a") == "af63dc4c8601ec8c")
        #expect(Self.fnv1a("foobar") == "85944171f73967e8")
    }

    @Test("each corpus's digest equals the checked-in one", arguments: ["mixed", "keyframes", "phases"])
    func digestUnchanged(corpus: String) throws {
        let animations = try Self.animations(in: Self.fixtures.appendingPathComponent(corpus))
        #expect(animations.count == 60)
        let lines = Self.digest(of: animations)
        #expect(!lines.contains { $0.hasSuffix(": no timeline") }, "every fixture animation has a timeline")
        let computed = zip(animations, lines).map { "\($0.id) \(Self.fnv1a($1))" }
        let file = Self.fixtures.appendingPathComponent(corpus + ".digest")
        if ProcessInfo.processInfo.environment["MOTIONSYNC_UPDATE_DIGEST"] == "1" {
            try (computed.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(computed.count == golden.count, "\(corpus): \(computed.count) animations analysed, the digest has \(golden.count)")
        for (index, (new, old)) in zip(computed, golden).enumerated() where new != old {
            #if arch(x86_64)
            Issue.record("\(corpus).digest line \(index + 1) changed (\(old) → \(new)); the analysis now:\n\(lines[index])")
            break
            #else
            #expect(new.prefix { $0 != " " } == old.prefix { $0 != " " }, "\(corpus).digest line \(index + 1): another animation")
            #endif
        }
    }
}
