import MotionCore
import MotionSwiftSource
import Testing

/// An `@IBAction` is what its sender does (Rocket.Chat's `@IBAction func handlePan(_ sender:
/// UIPanGestureRecognizer)` was read as a tap): a pan, swipe, pinch or rotation recognizer's
/// action is a drag, a slider's a drag, any other control's or a tap recognizer's a tap. The
/// same for recognizers an app names after UIKit's (Primal's `BindablePanGestureRecognizer`,
/// a `UIPanGestureRecognizer` subclass that targets itself) and a recognizer made in the method.
@Suite("an action's trigger follows its sender or recognizer")
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

    @Test("an app's recognizers: a closure action, a subclass targeting itself, a local recognizer's target; a row on screen")
    func appRecognizers() throws {
        let source = """
            import UIKit
            final class MoveGesture: UIPanGestureRecognizer {
                init() {
                    super.init(target: nil, action: nil)
                    addTarget(self, action: #selector(execute))
                }
                @objc func execute() { UIView.animate(withDuration: 0.2) { self.view?.alpha = 0.5 } }
            }
            final class CardController: UIViewController, UITableViewDelegate {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addGestureRecognizer(BindablePanGestureRecognizer(action: { [weak self] in
                        UIView.animate(withDuration: 0.3) { self?.view.alpha = 0.4 }
                    }))
                    view.addGestureRecognizer(BindableTapGestureRecognizer(action: { [weak self] in
                        UIView.animate(withDuration: 0.3) { self?.view.alpha = 0.6 }
                    }))
                    let swipe = UISwipeGestureRecognizer()
                    swipe.addTarget(self, action: #selector(swiped))
                    view.addGestureRecognizer(swipe)
                }
                @objc func swiped() { UIView.animate(withDuration: 0.25) { self.view.alpha = 1 } }
                func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
                    cell.alpha = 0
                    UIView.animate(withDuration: 0.4) { cell.alpha = 1 }
                }
            }
            """
        let found = try SwiftSourceImporter().extract(source: source, file: "Cards.swift").animations.map(\.spec.trigger)
        #expect(found == [.drag, .drag, .tap, .drag, .appear])
    }
}
