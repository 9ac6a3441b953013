import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// Issue 17 for UIKit and Core Animation: a haptic fired imperatively in the action that starts
/// an animation (`Fixtures/UIKitFeedback.swift`) pairs with it, at the time it fires; one fired
/// with nothing animating is listed.
@Suite("UIKit haptics paired with their animations")
struct UIKitFeedbackTests {
    static let file = "UIKitFeedback.swift"

    static func animation(_ result: SwiftSourceResult, _ id: String) throws -> SwiftSourceAnimation {
        try #require(result.animations.first { $0.spec.id == id }, "no \(id) in \(result.animations.map(\.spec.id))")
    }

    @Test("a generator in the method calling UIView.animate, or in a method called from the same action as a layer animation, fires with it (0 s)")
    func sameAction() throws {
        let result = try extractFixture(Self.file)
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        #expect(
            result.animations.map(\.spec.id) == [
                "LikeViewController.likeTapped", "LikeViewController.handleSwipe",
                "LikeViewController.pulseBadge", "LikeViewController.saveTapped",
            ])
        let like = try Self.animation(result, "LikeViewController.likeTapped")
        #expect(like.spec.trigger == .tap)
        #expect(like.spec.feedback == [Feedback(kind: "impact", time: 0, source: "\(Self.file):14")])
        // refreshTapped() calls playTick() (the selection tick) and pulseBadge() (the CASpringAnimation).
        let pulse = try Self.animation(result, "LikeViewController.pulseBadge")
        #expect(pulse.spec.feedback == [Feedback(kind: "selection", time: 0, source: "\(Self.file):36")])
    }

    @Test("a generator in UIView.animate's completion fires when the animation ends: delay 0.1 s + duration 0.3 s")
    func completion() throws {
        let swipe = try Self.animation(try extractFixture(Self.file), "LikeViewController.handleSwipe")
        #expect(swipe.spec.trigger == .drag)
        let feedback = try #require(swipe.spec.feedback?.first)
        #expect(swipe.spec.feedback?.count == 1)
        #expect(feedback.kind == "success" && feedback.source == "\(Self.file):26")
        #expect(abs(feedback.time - 0.4) < 1e-12, "\(feedback.time)")
    }

    @Test("an action that animates with no haptic gets an empty list (known: none); a haptic with no animation in its action is unpaired")
    func noneAndUnpaired() throws {
        let result = try extractFixture(Self.file)
        #expect(try Self.animation(result, "LikeViewController.saveTapped").spec.feedback == [])
        #expect(
            result.unpairedFeedback == [
                UnpairedFeedback(
                    screen: "LikeViewController", component: "LikeViewController", kind: "error",
                    trigger: "event:showError", file: Self.file, line: 58)
            ])
    }

    @Test("the completion of an animation held in a name fires when its timing ends; what moves is said to be unread")
    func unreadCompletion() throws {
        let source = """
            import UIKit
            final class Sheet: UIViewController {
                @IBOutlet var panel: UIView!
                @IBAction func close(_ sender: UIButton) {
                    UIView.animate(withDuration: 0.3, animations: makeChanges()) { _ in
                        UIImpactFeedbackGenerator(style: .light).impactOccurred()
                    }
                    panel.alpha = 1
                    UIView.animate(withDuration: 0.2) { self.panel.alpha = 0 }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Sheet.swift")
        // The animation is kept with its 0.3 s (what moves is progress, estimated), so the
        // haptic of its completion fires at 0.3 s.
        #expect(result.animations.map(\.spec.id) == ["Sheet.close", "Sheet.close-2"])
        #expect(result.animations.first?.spec.feedback == [Feedback(kind: "impact", time: 0.3, source: "Sheet.swift:6")])
        #expect(result.animations.first?.spec.estimates.first?.contains("the animations are `makeChanges()`, not a closure written here") == true)
        #expect(result.unresolved.contains { $0.line == 5 && $0.what.contains("what moves is not read") }, "\(result.unresolved)")
    }
}
