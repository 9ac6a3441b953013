import UIKit

// Core Animation and UIKit code against Fixtures/LayerDrift.json: two planted differences, one
// value that is not a literal, one animation only in the code, one that matches exactly.
// motionsync: screen Cart
final class CartBadgeView: UIView {
    private let badge = CALayer()
    var distance: CGFloat = 8

    func itemAdded() {
        let bump = CAKeyframeAnimation(keyPath: "transform.scale")
        bump.values = [1.0, 1.3, 0.9, 1.0]
        bump.keyTimes = [0, 0.3, 0.7, 1]
        bump.duration = 0.45
        badge.add(bump, forKey: "bump")
    }

    @IBAction func clearTapped(_ sender: UIButton) {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 0.25
        fade.timingFunction = CAMediaTimingFunction(name: .easeOut)
        badge.add(fade, forKey: nil)
    }

    func shake() {
        let nudge = CABasicAnimation(keyPath: "position.x")
        nudge.fromValue = 0
        nudge.toValue = distance
        nudge.duration = 0.1
        badge.add(nudge, forKey: "nudge")
    }
}

// motionsync: screen Cart
final class CartViewController: UIViewController {
    @IBOutlet var button: UIButton!

    @objc func handlePan(_ gesture: UIPanGestureRecognizer) {
        button.center.y = 500
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.5, options: []) {
            self.button.center.y = 200
        }
    }

    func highlight() {
        button.alpha = 0.5
        UIView.animate(withDuration: 0.2) {
            self.button.alpha = 1
        }
    }
}
