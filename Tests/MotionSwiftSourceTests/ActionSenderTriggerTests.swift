import MotionCore
import MotionSwiftSource
import Testing

/// An `@IBAction` is what its sender does (Rocket.Chat's `@IBAction func handlePan(_ sender:
/// UIPanGestureRecognizer)` was read as a tap): a pan, swipe, pinch or rotation recognizer's
/// action is a drag, a slider's a drag, any other control's or a tap recognizer's a tap.
@Suite("an @IBAction's trigger follows its sender")
struct ActionSenderTriggerTests {
    static func trigger(sender: String) throws -> Trigger {
        let source = """
            import UIKit
            final class PlayerViewController: UIViewController {
                @IBAction func handle(_ sender: \(sender)) {
                    UIView.animate(withDuration: 0.3) { self.view.alpha = 0.5 }
                }
            }
            """
        return try #require(try SwiftSourceImporter().extract(source: source, file: "Player.swift").animations.first).spec.trigger
    }

    @Test("a pan, swipe, pinch or rotation recognizer or a slider: drag; a button, a tap recognizer, Any: tap")
    func bySender() throws {
        for sender in [
            "UIPanGestureRecognizer", "UISwipeGestureRecognizer", "UIPinchGestureRecognizer", "UIRotationGestureRecognizer", "UISlider", "UISlider!",
        ] {
            #expect(try Self.trigger(sender: sender) == .drag, "\(sender)")
        }
        for sender in ["UIButton", "UITapGestureRecognizer", "UILongPressGestureRecognizer", "Any", "AnyObject?", "UIBarButtonItem"] {
            #expect(try Self.trigger(sender: sender) == .tap, "\(sender)")
        }
    }
}
