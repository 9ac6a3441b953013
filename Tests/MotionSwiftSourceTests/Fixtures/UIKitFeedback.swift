import UIKit

// Haptics UIKit code fires alongside its animations (issue 17): a feedback generator in the
// action that calls UIView.animate, one in an animation's completion, one in a method called from
// the same action as a Core Animation spring, an action that animates with no haptic, and a
// haptic with no animation.
final class LikeViewController: UIViewController {
    @IBOutlet var heart: UIView!
    @IBOutlet var card: UIView!
    @IBOutlet var badge: UIView!
    private let impact = UIImpactFeedbackGenerator(style: .medium)

    @IBAction func likeTapped(_ sender: UIButton) {
        impact.impactOccurred()
        heart.transform = .identity
        UIView.animate(springDuration: 0.4, bounce: 0.5) {
            self.heart.transform = CGAffineTransform(scaleX: 1.3, y: 1.3)
        }
    }

    @objc func handleSwipe(_ gesture: UISwipeGestureRecognizer) {
        card.alpha = 1
        UIView.animate(withDuration: 0.3, delay: 0.1, options: [.curveEaseIn], animations: {
            self.card.alpha = 0
        }) { _ in
            UINotificationFeedbackGenerator().notificationOccurred(.success)
        }
    }

    @IBAction func refreshTapped(_ sender: UIButton) {
        playTick()
        pulseBadge()
    }

    private func playTick() {
        UISelectionFeedbackGenerator().selectionChanged()
    }

    private func pulseBadge() {
        let pulse = CASpringAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 1.2
        pulse.mass = 1
        pulse.stiffness = 200
        pulse.damping = 10
        pulse.duration = pulse.settlingDuration
        badge.layer.add(pulse, forKey: "pulse")
    }

    @IBAction func saveTapped(_ sender: UIButton) {
        badge.alpha = 0
        UIView.animate(withDuration: 0.5) {
            self.badge.alpha = 1
        }
    }

    func showError() {
        UINotificationFeedbackGenerator().notificationOccurred(.error)
    }
}
