import MotionCore
import MotionSwiftSource
import Testing

/// UIKit code animates behind a `Bool` parameter (`func scrollToBottom(animated: Bool)` with
/// `if animated { UIView.animate … }`): a caller that passes `animated: false` never runs the
/// animation, so its trigger is not the animation's (Threema's keyboard observer scrolls
/// without animating; its scroll button animates). Among the callers that do run it, a user's
/// action wins over an event, and an event over an appearance, as for a property's setters.
@Suite("callers that pass animated: false are passed over; a user's action wins among callers")
struct AnimatedArgumentTriggerTests {
    static func triggers(_ source: String) throws -> [Trigger] {
        try SwiftSourceImporter().extract(source: "import UIKit\n" + source, file: "Chat.swift").animations.map(\.spec.trigger)
    }

    @Test("if animated, guard animated, the else of if !animated, and a false default")
    func guards() throws {
        let found = try Self.triggers(
            """
            final class ChatViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    scrollToBottom(animated: false)
                    fade(animated: false)
                    settle(instantly: true)
                    bounce()
                    NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow), name: UIResponder.keyboardWillShowNotification, object: nil)
                }
                @objc func keyboardWillShow() { scrollToBottom(animated: false) }
                @IBAction func jumpTapped(_ sender: UIButton) {
                    scrollToBottom(animated: true)
                    fade(animated: true)
                    settle(instantly: false)
                    bounce(animated: true)
                }
                private func scrollToBottom(animated: Bool) {
                    if animated { slide() } else { view.layoutIfNeeded() }
                }
                private func slide() { UIView.animate(withDuration: 0.25) { self.view.alpha = 1 } }
                private func fade(animated: Bool) {
                    guard animated else { return }
                    UIView.animate(withDuration: 0.3) { self.view.alpha = 0.5 }
                }
                private func settle(instantly: Bool) {
                    if !instantly { view.alpha = 1 } else { UIView.animate(withDuration: 0.1) { self.view.alpha = 0.2 } }
                }
                private func bounce(animated: Bool = false) {
                    if animated { UIView.animate(withDuration: 0.4) { self.view.alpha = 0.8 } }
                }
            }
            """)
        // slide: the tap (viewDidLoad's and the observer's calls pass false); fade: the tap;
        // settle: `else` of `if !instantly` needs instantly true, which only viewDidLoad
        // passes; bounce: viewDidLoad leaves out the false default.
        #expect(found == [.tap, .tap, .appear, .tap])
    }

    @Test("without a guard every caller counts: the tap wins over viewDidLoad, an event over an appearance, the first among equals")
    func ranking() throws {
        let found = try Self.triggers(
            """
            final class PanelViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    expand()
                    pulse()
                    NotificationCenter.default.addObserver(self, selector: #selector(changed), name: .panelChanged, object: nil)
                }
                @objc func changed() { pulse() }
                @IBAction func toggleTapped(_ sender: UIButton) { expand() }
                private func expand() { UIView.animate(withDuration: 0.3) { self.view.alpha = 1 } }
                private func pulse() { UIView.animate(withDuration: 0.2) { self.view.alpha = 0.5 } }
            }
            """)
        #expect(found == [.tap, .event("panelChanged")])
    }

    @Test("a method named for a tap (closeTapped, didTapClose, bannerViewDidTapPin) is a tap, and so are the methods it calls")
    func tapNames() throws {
        let found = try Self.triggers(
            """
            final class BannerViewController: UIViewController {
                @objc func closeTapped() { UIView.animate(withDuration: 0.2) { self.view.alpha = 0 } }
                func didTapRetry() { expand() }
                func pinBannerViewDidTapPin(_ view: UIView) { UIView.animate(withDuration: 0.4) { view.alpha = 1 } }
                func tapHandlerInstalled() { UIView.animate(withDuration: 0.5) { self.view.alpha = 0.5 } }
                private func expand() { UIView.animate(withDuration: 0.3) { self.view.alpha = 1 } }
            }
            """)
        #expect(found == [.tap, .tap, .event("tapHandlerInstalled"), .tap])
    }
}
