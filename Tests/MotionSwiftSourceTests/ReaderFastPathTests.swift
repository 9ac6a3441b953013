import Foundation
import MotionCore
import SwiftParser
import SwiftSyntax
import Testing

@testable import MotionSwiftSource

/// The reader answers some questions from a name's bytes or one token instead of writing syntax
/// out as text; each answer must be the one the text gives.
@Suite("Swift reader: names read from bytes or a token answer as their text does")
struct ReaderFastPathTests {
    /// What `FeedbackSites.isHapticName` answered before it read bytes: Unicode lowercasing, then
    /// a search for each word.
    static func hapticNameOracle(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.contains("haptic")
            || ["feedbackgenerator", "feedbackmanager", "feedbackhelper", "feedbackengine"].contains { lower.contains($0) }
    }

    @Test("isHapticName agrees with lowercasing the text, ASCII or not")
    func hapticNames() {
        let table = [
            "HapticManager", "haptics", "HAPTIC", "hapti", "Haptic2", "feedbackGenerator", "FeedbackGeneratorWrapper",
            "selectionFeedbackGenerator", "feedbackService", "sensoryFeedback", "feedbackHelper", "FEEDBACKENGINE",
            "feedbackManagers", "feedback", "", "h", "impactFeedbackGeneratorHaptic", "myFeedbackEngine2",
            // Non-ASCII: the Kelvin sign lowercases to an ASCII "k", "İ" to "i" and a combining dot.
            "FEEDBAC\u{212A}GENERATOR", "HAPTİC", "hapticé", "éhaptic", "feedbackgénerator", "ＨＡＰＴＩＣ",
        ]
        for name in table {
            #expect(FeedbackSites.isHapticName(name) == Self.hapticNameOracle(name), "\(name.debugDescription)")
        }
        // Every name of up to three pieces of these, each piece a word's part or a case of it.
        let pieces = ["hap", "Hap", "tic", "TIC", "feedback", "Feedback", "generator", "Engine", "helper", "x", "K", "\u{212A}"]
        var names = [""]
        for _ in 0..<3 { names = names.flatMap { n in pieces.map { n + $0 } } }
        for name in names {
            #expect(FeedbackSites.isHapticName(name) == Self.hapticNameOracle(name), "\(name.debugDescription)")
        }
    }

    /// What `LayerAnimationExtraction.trigger(of:)` answered before its fast paths: the
    /// attribute's and each parameter type's text.
    static func triggerOracle(_ node: FunctionDeclSyntax) -> Trigger? {
        if node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBAction" }) { return .tap }
        for parameter in node.signature.parameterClause.parameters {
            let type = parameter.type.trimmedDescription
            guard type.contains("GestureRecognizer") else { continue }
            if ["Pan", "Swipe", "Pinch", "Rotation", "ScreenEdgePan"].contains(where: { type.contains("UI\($0)GestureRecognizer") }) { return .drag }
            if type.contains("UITapGestureRecognizer") || type.contains("UILongPressGestureRecognizer") { return .tap }
        }
        return nil
    }

    @Test("a method's trigger from @IBAction and its gesture parameters is the one their text gives")
    func methodTriggers() {
        let source = """
            final class C {
                @IBAction func a(_ sender: Any) {}
                @IBAction /* wired in the storyboard */ func b() {}
                @objc func c(_ g: UIPanGestureRecognizer) {}
                @objc func d(_ g: UIPanGestureRecognizer?) {}
                func e(_ g: UIKit.UILongPressGestureRecognizer) {}
                func f(_ gs: [UITapGestureRecognizer]) {}
                func g(_ x: Int, _ y: String) {}
                func h(_ g: UIGestureRecognizer) {}
                func i(_ g: Box<UISwipeGestureRecognizer>) {}
                func j(_ g: some UIPinchGestureRecognizer) {}
                @MainActor func k(_ g: UIScreenEdgePanGestureRecognizer!) {}
                @`IBAction` func l() {}
            }
            """
        let functions = Parser.parse(source: source).statements.first!.item.as(ClassDeclSyntax.self)!.memberBlock.members.compactMap {
            $0.decl.as(FunctionDeclSyntax.self)
        }
        #expect(functions.count == 12)
        var answers: [String: Trigger?] = [:]
        for function in functions {
            answers[function.name.text] = LayerAnimationExtraction.trigger(of: function)
            #expect(LayerAnimationExtraction.trigger(of: function) == Self.triggerOracle(function), "\(function.name.text)")
        }
        // The answers themselves, so the oracle cannot drift with the code.
        #expect(answers["a"] == .some(.tap) && answers["b"] == .some(.tap) && answers["c"] == .some(.drag))
        #expect(answers["d"] == .some(.drag) && answers["e"] == .some(.tap) && answers["f"] == .some(.tap))
        #expect(answers["g"] == .some(nil) && answers["h"] == .some(nil) && answers["i"] == .some(.drag))
        #expect(answers["j"] == .some(.drag) && answers["k"] == .some(.drag))
    }
}
