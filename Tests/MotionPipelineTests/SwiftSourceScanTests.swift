import Foundation
import MotionSwiftSource
import MotionTestSupport
import Testing

// MARK: - The one-pass pre-check (issue 10)

/// The pre-check before parsing searches every name in one pass (a table of two-byte starts).
/// It must answer as a plain search for each name does: any name makes a file worth parsing
/// (`.animation(` among them, since every form of the modifier is read).
@Suite("SwiftSourceScan: the one-pass pre-check")
struct SwiftSourceScanTests {
    static let names = [
        "keyframeAnimator", "KeyframeAnimator", "KeyframeTimeline", "phaseAnimator", "PhaseAnimator", "withAnimation",
        "withTransaction", ".transaction", "sensoryFeedback", "FeedbackGenerator", ".animation(",
    ]
    static let layerNames = [
        "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup", "animate(", "animateKeyframes",
        "UIViewPropertyAnimator", "addAnimations", "UIView.transition",
    ]

    /// Whether `name`'s UTF-8 stands anywhere in `bytes`: the plainest search, one name at a time.
    static func holds(_ bytes: [UInt8], _ name: String) -> Bool {
        let needle = Array(name.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { i in Array(bytes[i..<i + needle.count]) == needle }
    }

    /// The answer by a plain search for each name.
    static func expected(_ bytes: [UInt8]) -> (any: Bool, layer: Bool) {
        let layer = layerNames.contains { holds(bytes, $0) }
        let swiftUI = names.contains { holds(bytes, $0) }
        return (swiftUI || layer, layer)
    }

    @Test("every Swift fixture, and 3,000 seeded texts made of pieces of the names: the same answers as a plain search for each name")
    func sameAsPlainSearch() throws {
        var texts: [[UInt8]] = []
        for folder in ["Tests/MotionSwiftSourceTests/Fixtures", "Tests/MotionSyncCLITests/Fixtures"] {
            let url = packageRoot.appendingPathComponent(folder)
            for case let name as String in FileManager.default.enumerator(atPath: url.path)! where name.hasSuffix(".swift") {
                texts.append([UInt8](try Data(contentsOf: url.appendingPathComponent(name))))
            }
        }
        #expect(texts.count >= 30)
        // Pieces: whole names, names cut short or with a byte changed, the weak pair's halves, filler.
        let whole = Self.names + Self.layerNames + ["value:"]
        var pieces = whole + whole.map { String($0.dropLast()) } + whole.map { String($0.dropFirst()) }
        pieces += ["a", "C", "U", ".", "v", "k", " ", "\n", "anim", "CA", "UI", "value", ".animation", "é", "(", ":"]
        var rng = SplitMix64(seed: 10)
        for _ in 0..<3_000 {
            texts.append(Array((0..<Int(rng.next() % 12)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined().utf8))
        }
        var found = (any: 0, layer: 0)
        for bytes in texts {
            let want = Self.expected(bytes)
            #expect(SwiftSourceScan.mayContainAnimator(bytes) == want.any, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(SwiftSourceScan.mayContainLayerAnimation(bytes) == want.layer, "\(String(decoding: bytes, as: UTF8.self))")
            found.any += want.any ? 1 : 0
            found.layer += want.layer ? 1 : 0
        }
        #expect(found.any > 500 && found.any < texts.count - 500, "both answers are exercised")
        #expect(found.layer > 100)
        // At the very end, and a name that would run past the end.
        #expect(SwiftSourceScan.mayContainAnimator(Array("x.withAnimation".utf8)))
        #expect(!SwiftSourceScan.mayContainAnimator(Array("x.withAnimatio".utf8)))
        #expect(!SwiftSourceScan.mayContainAnimator(Array("k".utf8)))
    }

    @Test(
        "every name at every offset from 0 to 11, alone, at the end, cut short by one byte at the end, and with one byte changed: the same answers as a plain search"
    )
    func everyOffset() {
        // The search looks at every k-th position only (k: the shortest name's length less one),
        // so each name is tried at each position modulo that, and beyond.
        let fillers: [UInt8] = Array("x ".utf8)
        for name in Self.names + Self.layerNames + ["value:"] {
            let bytes = Array(name.utf8)
            for offset in 0..<12 {
                let lead = (0..<offset).map { fillers[$0 % fillers.count] }
                for text in [
                    lead + bytes, lead + bytes + Array(" y".utf8), lead + bytes.dropLast(),
                    lead + [bytes[0]] + [UInt8(ascii: "#")] + bytes.dropFirst(2),
                    lead + Array(".animation(".utf8) + lead + bytes, lead + bytes + lead + Array("value:".utf8),
                ] {
                    let want = Self.expected(text)
                    #expect(SwiftSourceScan.mayContainAnimator(text) == want.any, "\(String(decoding: text, as: UTF8.self))")
                    #expect(SwiftSourceScan.mayContainLayerAnimation(text) == want.layer, "\(String(decoding: text, as: UTF8.self))")
                }
            }
        }
    }
}
