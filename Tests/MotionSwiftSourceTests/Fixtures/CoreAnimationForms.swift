import UIKit

// Every Core Animation form issue 13 reads: CABasicAnimation with each CAMediaTiming field and
// both timing function forms, CASpringAnimation cut, settling, perceptual and over-damped,
// CAKeyframeAnimation in each calculation mode, and a CAAnimationGroup.
final class BadgeLayerView: UIView {
    private let badge = CALayer()
    private let ring = CAShapeLayer()

    @IBAction func dismissTapped(_ sender: UIButton) {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.2
        fade.duration = 0.35
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        badge.add(fade, forKey: "fade")
        badge.opacity = 0.2
    }

    func slide() {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 20
        move.byValue = 100
        move.duration = 0.5
        move.beginTime = CACurrentMediaTime() + 0.1
        move.speed = 2
        move.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, 0.1, 0.2, 1)
        move.repeatCount = 1.5
        move.autoreverses = true
        badge.add(move, forKey: nil)
    }

    func spin() {
        let turn = CABasicAnimation(keyPath: #keyPath(CALayer.transform))
        turn.toValue = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        turn.byValue = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        turn.timeOffset = 0.1
        turn.repeatDuration = 0.6
        turn.timingFunction = CAMediaTimingFunction(name: .default)
        badge.add(turn, forKey: "spin")
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        let drop = CASpringAnimation(keyPath: "position.y")
        drop.fromValue = 0
        drop.toValue = 12
        drop.mass = 1
        drop.stiffness = 200
        drop.damping = 12
        drop.initialVelocity = 2
        drop.duration = drop.settlingDuration
        badge.add(drop, forKey: "drop")
    }

    func bump() {
        let grow = CASpringAnimation(keyPath: "transform.scale")
        grow.fromValue = 0.8
        grow.toValue = 1.2
        grow.mass = 2
        grow.stiffness = 300
        grow.damping = 8
        grow.duration = 1.5
        badge.add(grow, forKey: "grow")
    }

    func settle() {
        let soft = CASpringAnimation(perceptualDuration: 0.4, bounce: 0.25)
        soft.keyPath = "bounds.size.width"
        soft.fromValue = 40
        soft.toValue = 64
        badge.add(soft, forKey: "soft")
    }

    func sink() {
        let heavy = CASpringAnimation(keyPath: "position.y")
        heavy.fromValue = 100
        heavy.toValue = 0
        heavy.stiffness = 100
        heavy.damping = 30
        heavy.duration = 0.8
        badge.add(heavy, forKey: "heavy")

        let free = CASpringAnimation(keyPath: "position.x")
        free.fromValue = 0
        free.toValue = 50
        free.stiffness = 100
        free.damping = 30
        free.allowsOverdamping = true
        free.duration = 0.8
        badge.add(free, forKey: "free")
    }

    func itemAdded() {
        let pop = CAKeyframeAnimation(keyPath: "transform.scale")
        pop.values = [1.0, 1.3, 0.9, 1.0]
        pop.keyTimes = [0, 0.3, 0.7, 1]
        pop.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(name: .easeIn)]
        pop.duration = 0.4
        badge.add(pop, forKey: "pop")
    }

    func blink() {
        let steps = CAKeyframeAnimation(keyPath: "position.y")
        steps.values = [310, 60, 120, 60]
        steps.keyTimes = [0, 0.25, 0.5, 0.75, 1]
        steps.calculationMode = .discrete
        steps.duration = 1
        badge.add(steps, forKey: "steps")
    }

    func pace() {
        let even = CAKeyframeAnimation(keyPath: "position.y")
        even.values = [310, 60, 120, 60, 310]
        even.calculationMode = kCAAnimationPaced
        even.duration = 6.2
        badge.add(even, forKey: "even")
    }

    func swing() {
        let curve = CAKeyframeAnimation(keyPath: "position.y")
        curve.values = [310, 60, 120, 60, 310]
        curve.keyTimes = [0, 0.2, 0.5, 0.75, 1]
        curve.calculationMode = .cubic
        curve.tensionValues = [0, 0.3, -0.2, 0.5, 0]
        curve.continuityValues = [0, -0.4, 0.1, 0.2, 0]
        curve.biasValues = [0, 0.25, 0, -0.3, 0]
        curve.duration = 2
        badge.add(curve, forKey: "curve")
    }

    func glide() {
        let path = CAKeyframeAnimation(keyPath: "position")
        path.values = [CGPoint(x: 0, y: 0), NSValue(cgPoint: CGPoint(x: 100, y: 50)), CGPoint(x: 120, y: 200)]
        path.calculationMode = .cubicPaced
        path.duration = 1
        badge.add(path, forKey: "glide")
    }

    func shake(distance: CGFloat) {
        let group = CAAnimationGroup()
        let left = CABasicAnimation(keyPath: "position.x")
        left.fromValue = 0
        left.toValue = -8
        left.duration = 0.1
        let right = CABasicAnimation(keyPath: "position.x")
        right.fromValue = -8
        right.toValue = 8
        right.beginTime = 0.1
        right.duration = 0.1
        let dim = CABasicAnimation(keyPath: "opacity")
        dim.fromValue = 1
        dim.toValue = 0
        dim.duration = 1
        group.animations = [left, right, dim]
        group.duration = 0.2
        group.repeatCount = 2
        badge.add(group, forKey: "shake")
    }

    func pulse() {
        let breathe = CABasicAnimation(keyPath: "transform.scale")
        breathe.fromValue = 1
        breathe.toValue = 1.08
        breathe.duration = 0.6
        breathe.autoreverses = true
        breathe.repeatCount = .infinity
        ring.add(breathe, forKey: "breathe")

        let dot = CABasicAnimation(keyPath: "strokeEnd")
        dot.fromValue = 0
        dot.toValue = 1
        ring.add(dot, forKey: "dot")
    }
}
