import Combine
import UIKit

// UIKit and Core Animation animations whose parts are written apart (issue 48): an animator a
// factory makes, animations added in other methods and in switch cases, animations held in a
// name, transitions, Core Animation key paths given only as the add key, a parameter or a path.
final class DrawerViewController: UIViewController {
    let badge = UIView()
    let panel = UIView()
    let stored = UIViewPropertyAnimator(duration: 0.8, curve: .linear)

    class func animator() -> UIViewPropertyAnimator {
        return UIViewPropertyAnimator(duration: 0.5, curve: .easeOut)
    }

    func open() {
        let animator = DrawerViewController.animator()
        badge.alpha = 1
        animator.addAnimations {
            self.badge.alpha = 0
        }
        animator.startAnimation()
    }

    func close() {
        stored.addAnimations { self.panel.alpha = 0.5 }
    }

    func toggle(expanded: Bool) {
        let switcher = UIViewPropertyAnimator(duration: 0.4, curve: .linear)
        panel.alpha = 1
        switch expanded {
        case true:
            switcher.addAnimations { self.panel.alpha = 0 }
        case false:
            break
        }
        switcher.startAnimation()
    }

    func run(_ given: UIViewPropertyAnimator, animations: @escaping () -> Void) {
        given.addAnimations(animations)
        UIView.animate(withDuration: 0.3, animations: animations)
    }

    func swap(_ from: UIView, _ to: UIView) {
        UIView.transition(with: panel, duration: 0.4, options: [.transitionCrossDissolve, .curveLinear], animations: {
            self.panel.isHidden = false
        })
        UIView.transition(from: from, to: to, duration: 0.6, options: .transitionFlipFromLeft)
    }

    func confetti(to layer: CALayer, key: String) {
        let fade = CABasicAnimation()
        fade.duration = 0.35
        fade.fromValue = 1
        fade.toValue = 0
        layer.add(fade, forKey: "birthRate")

        let named = CABasicAnimation(keyPath: key)
        named.fromValue = 0
        named.toValue = 1
        named.duration = 0.2
        layer.add(named, forKey: nil)

        let along = CAKeyframeAnimation(keyPath: "position")
        along.path = UIBezierPath(ovalIn: layer.bounds).cgPath
        along.duration = 2
        layer.add(along, forKey: "along")
    }
}

final class PulseView: UIView {
    func pulse() {
        let group = CAAnimationGroup()
        group.animations = [makeFade(), makeGrow()]
        group.duration = 0.6
        layer.add(group, forKey: "pulse")

        let wiggle = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        wiggle.duration = 0.3
        layer.add(wiggle, forKey: "wiggle")
    }

    func shake(_ steps: @escaping () -> Void) {
        UIView.animateKeyframes(withDuration: 0.5, delay: 0, options: [], animations: steps)
    }

    func makeFade() -> CAAnimation { CABasicAnimation(keyPath: "opacity") }
    func makeGrow() -> CAAnimation { CABasicAnimation(keyPath: "transform.scale") }
}
