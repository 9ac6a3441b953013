import UIKit

// Core Animation and UIKit animations written with values that are not literals: each is
// reported with its line, and the animation keeps the place as unreadable for diff.
final class ShakeView: UIView {
    var distance: CGFloat = 12
    var duration: TimeInterval { UserDefaults.standard.double(forKey: "shake") }
    var times: [NSNumber] = [0, 0.5, 1]
    var stiffnessScale: CGFloat = 1
    var keyName = "opacity"

    func shake() {
        let nudge = CABasicAnimation(keyPath: "position.x")
        nudge.fromValue = 0
        nudge.toValue = distance
        nudge.duration = duration
        nudge.timingFunction = CAMediaTimingFunction(name: .easeOut)
        layer.add(nudge, forKey: "nudge")
    }

    func pop() {
        let grow = CAKeyframeAnimation(keyPath: "transform.scale")
        grow.values = [1, 1.2, 1]
        grow.keyTimes = times
        grow.duration = 0.4
        layer.add(grow, forKey: "grow")

        let spring = CASpringAnimation(keyPath: "opacity")
        spring.fromValue = 0
        spring.toValue = 1
        spring.stiffness = stiffness()
        spring.damping = 10
        spring.duration = 1
        layer.add(spring, forKey: "spring")
    }

    func trace() {
        let along = CAKeyframeAnimation(keyPath: "position")
        along.path = UIBezierPath(ovalIn: bounds).cgPath
        along.duration = 1
        layer.add(along, forKey: "along")

        let named = CABasicAnimation(keyPath: key)
        named.fromValue = 0
        named.toValue = 1
        layer.add(named, forKey: nil)
    }

    @IBAction func fade(_ sender: Any) {
        alpha = 1
        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseIn]) {
            self.alpha = 0.2
        }
    }

    func stiffness() -> CGFloat { 300 * stiffnessScale }
    var key: String { keyName }
}
