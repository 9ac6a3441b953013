import Foundation
import MotionSwiftSourceModel
import MotionTestSupport
import SwiftParser
import SwiftSyntax
import Testing

@testable import MotionSwiftSource

/// The reader skips a walk of a file's tree when the file's bytes hold none of the names that
/// walk looks for (`SwiftSourceScan.mayContainAnimatorView`, `mayContainImplicitAnimation`,
/// `mayFireHaptic`). A skipped walk must be one that would have found nothing: whenever the
/// tokens hold a name the walk acts on, the bytes check says yes.
@Suite("Swift reader: a walk skipped for a file's bytes is one that would find nothing")
struct WalkGateTests {
    /// The names the animator walk acts on (`SwiftSourceExtraction.visit(FunctionCallExprSyntax)`).
    static let animatorNames: Set<String> = [
        "keyframeAnimator", "KeyframeAnimator", "KeyframeTimeline", "mapCameraKeyframeAnimator", "phaseAnimator", "PhaseAnimator",
    ]
    /// The names `FeedbackSites` acts on besides a wrapper's (`FeedbackSites.isHapticName`).
    static let hapticCalls: Set<String> = ["sensoryFeedback", "impactOccurred", "selectionChanged", "notificationOccurred", "atTime", "playPattern"]

    /// What each walk could act on, read from the tokens: (animators, implicit, haptics).
    static func oracle(_ tree: SourceFileSyntax) -> (animators: Bool, implicit: Bool, haptics: Bool) {
        var answer = (animators: false, implicit: false, haptics: false)
        var previous: TokenSyntax?
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let text = token.text
            answer.animators = answer.animators || animatorNames.contains(text)
            let member = previous?.tokenKind == .period && (text == "animation" || text == "transaction")
            answer.implicit = answer.implicit || member || text == "withAnimation" || text == "withTransaction"
            answer.haptics = answer.haptics || hapticCalls.contains(text) || FeedbackSites.isHapticName(text)
            previous = token
        }
        return answer
    }

    /// Checks the three bytes checks against the oracle and the walks themselves on `source`.
    static func check(_ source: String, _ name: String) {
        let bytes = Array(source.utf8)
        let host = SwiftSourceExtraction(source: source, file: name)
        let expected = oracle(host.tree)
        let gates = (
            SwiftSourceScan.mayContainAnimatorView(bytes), SwiftSourceScan.mayContainImplicitAnimation(bytes), SwiftSourceScan.mayFireHaptic(bytes)
        )
        #expect(!expected.animators || gates.0, "\(name): animator names, walk skipped")
        #expect(!expected.implicit || gates.1, "\(name): implicit animations, walk skipped")
        #expect(!expected.haptics || gates.2, "\(name): haptics, walk skipped")
        if !gates.1 { #expect(ImplicitSites.find(in: host.tree).isEmpty, "\(name)") }
        if !gates.2 { #expect(FeedbackSites.find(in: host.tree, host: host).isEmpty, "\(name)") }
    }

    @Test("every Swift fixture: each walk's names, when the tokens hold them, pass the bytes check")
    func fixtures() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(names.count > 30)
        var passed = (0, 0, 0)
        for name in names {
            let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            Self.check(source, name)
            let bytes = Array(source.utf8)
            if SwiftSourceScan.mayContainAnimatorView(bytes) { passed.0 += 1 }
            if SwiftSourceScan.mayContainImplicitAnimation(bytes) { passed.1 += 1 }
            if SwiftSourceScan.mayFireHaptic(bytes) { passed.2 += 1 }
        }
        // Not every fixture passes: the checks do rule files out.
        #expect(passed.0 < names.count && passed.1 < names.count && passed.2 < names.count, "\(passed)")
    }

    @Test("wrappers named in any case, or with the Kelvin sign, are haptics; the names alone, or near them, are not")
    func spellings() {
        for wrapper in ["HAPTICManager", "hapticsService", "FEEDBAC\u{212A}GENERATOR", "myFeedbackHelper", "FeedbackEngine"] {
            let source = "final class Player { func tap() { \(wrapper).shared.fire(.light) } }"
            let host = SwiftSourceExtraction(source: source, file: "P.swift")
            #expect(SwiftSourceScan.mayFireHaptic(Array(source.utf8)), "\(wrapper)")
            #expect(!FeedbackSites.find(in: host.tree, host: host).isEmpty, "\(wrapper)")
            Self.check(source, wrapper)
        }
        let quiet = "final class Player { func tap() { UIView.animate(withDuration: 0.3, animations: { self.view.alpha = 0 }) } }"
        #expect(!SwiftSourceScan.mayFireHaptic(Array(quiet.utf8)))
        #expect(!SwiftSourceScan.mayContainImplicitAnimation(Array(quiet.utf8)), "`animations:` is no `.animation`")
        #expect(!SwiftSourceScan.mayContainAnimatorView(Array(quiet.utf8)))
        #expect(SwiftSourceScan.mayContainImplicitAnimation(Array("Text(\"a\")\n    .animation(.easeIn, value: on)".utf8)))
        #expect(SwiftSourceScan.mayContainAnimatorView(Array("view.mapCameraKeyframeAnimator(trigger: t) { _ in }".utf8)))
    }

    @Test("2,000 seeded texts of pieces of the names: each walk's names pass the bytes check")
    func seeded() {
        let pieces = [
            "with", "Animation", "Transaction", ".", "animation", "transaction", "(", ")", " ", "\n", "hap", "Hap", "TIC", "tic",
            "feedbac", "K", "\u{212A}", "Generator", "impact", "Occurred", "sensory", "Feedback", "key", "Keyframe", "frame", "Animator",
            "phase", "Phase", "Timeline", "x", "{", "}", "let a = ", "// ", "\"", "atTime", "play", "Pattern", "selection", "Changed",
        ]
        var random = SplitMix64(seed: 36)
        for k in 0..<2_000 {
            let body = (0..<12).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            Self.check("func f\(k)() { \(body) }", "seeded-\(k)")
        }
    }
}
