import UIKit
import SwiftUI

// Every UIKit form issue 13 reads: UIView.animate with curve options, its iOS 17 spring and its
// damping-duration spring, the iOS 18 form with a SwiftUI animation, animateKeyframes in each
// calculation mode, and UIViewPropertyAnimator with each timing (UISpringTimingParameters'
// four initialisers among them).
final class CartViewController: UIViewController {
    @IBOutlet var button: UIButton!
    @IBOutlet var card: UIView!
    @IBOutlet var heightConstraint: NSLayoutConstraint!

    @IBAction func buyTapped(_ sender: UIButton) {
        button.alpha = 0.4
        button.transform = .identity
        UIView.animate(withDuration: 0.3, delay: 0.05, options: [.curveEaseOut, .allowUserInteraction]) {
            self.button.alpha = 1
            self.button.transform = CGAffineTransform(scaleX: 1.1, y: 1.1)
        } completion: { _ in }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        card.center = CGPoint(x: 160, y: 600)
        UIView.animate(withDuration: 0.4) {
            self.card.center = CGPoint(x: 160, y: 300)
        }
        card.alpha = 1
        UIView.animate(withDuration: 0.8, delay: 0, options: [.curveLinear, .repeat, .autoreverse], animations: {
            self.card.alpha = 0.5
        })
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        card.transform = .identity
        UIView.animate(springDuration: 0.5, bounce: 0.3, initialSpringVelocity: 1, delay: 0.1, options: []) {
            self.card.transform = CGAffineTransform(translationX: 0, y: -40)
        }
    }

    @objc func handlePan(_ gesture: UIPanGestureRecognizer) {
        card.frame.origin.y = 500
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0.5, options: []) {
            self.card.frame.origin.y = 200
        }
    }

    func settle() {
        card.layer.cornerRadius = 8
        UIView.animate(.spring(duration: 0.5, bounce: 0.4)) {
            self.card.layer.cornerRadius = 24
        }
        button.alpha = 0
        UIView.animate(.easeOut(duration: 0.3).delay(0.2)) {
            self.button.alpha = 1
        }
    }

    // motionsync: screen Wobble
    func wobble() {
        button.transform = .identity
        UIView.animateKeyframes(withDuration: 1.0, delay: 0, options: [.calculationModeCubic]) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) {
                self.button.transform = CGAffineTransform(rotationAngle: .pi / 8)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.5) {
                self.button.transform = CGAffineTransform(rotationAngle: -.pi / 8)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) {
                self.button.transform = .identity
            }
        }
    }

    func steps() {
        card.alpha = 0
        UIView.animateKeyframes(withDuration: 0.6, delay: 0, options: [.calculationModeLinear]) {
            UIView.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.3) {
                self.card.alpha = 1
            }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                self.card.alpha = 0.6
            }
        }
        button.center = CGPoint(x: 0, y: 0)
        UIView.animateKeyframes(withDuration: 0.8, delay: 0, options: .calculationModeDiscrete) {
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0) {
                self.button.center = CGPoint(x: 30, y: 40)
            }
        }
    }

    func showBanner() {
        card.alpha = 1
        let fade = UIViewPropertyAnimator(duration: 0.4, curve: .easeIn) {
            self.card.alpha = 0
        }
        fade.startAnimation()
        card.center.y = 0
        let drop = UIViewPropertyAnimator(duration: 0.5, controlPoint1: CGPoint(x: 0.2, y: 0.8), controlPoint2: CGPoint(x: 0.4, y: 1)) {
            self.card.center.y = 90
        }
        drop.startAnimation()
        let sway = UIViewPropertyAnimator(duration: 0.6, dampingRatio: 0.5) {
            self.card.center.y = 140
        }
        sway.startAnimation()
    }

    func present() {
        card.alpha = 0
        let cubic = UIViewPropertyAnimator(duration: 0.3, timingParameters: UICubicTimingParameters(controlPoint1: CGPoint(x: 0.1, y: 0.6), controlPoint2: CGPoint(x: 0.3, y: 1)))
        cubic.addAnimations {
            self.card.alpha = 1
        }
        cubic.startAnimation()
        card.center.x = 0
        let standard = UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters())
        standard.addAnimations { self.card.center.x = 100 }
        standard.startAnimation()
        button.center.x = 0
        let ratio = UIViewPropertyAnimator(duration: 0.4, timingParameters: UISpringTimingParameters(dampingRatio: 0.8))
        ratio.addAnimations { self.button.center.x = 60 }
        ratio.startAnimation()
        button.center.y = 0
        let pushed = UIViewPropertyAnimator(duration: 0.7, timingParameters: UISpringTimingParameters(dampingRatio: 0.6, initialVelocity: CGVector(dx: 0, dy: 2)))
        pushed.addAnimations { self.button.center.y = 80 }
        pushed.startAnimation()
        card.layer.cornerRadius = 0
        let physical = UIViewPropertyAnimator(duration: 9, timingParameters: UISpringTimingParameters(mass: 1, stiffness: 180, damping: 10, initialVelocity: CGVector(dx: 1, dy: 1)))
        physical.addAnimations { self.card.layer.cornerRadius = 16 }
        physical.startAnimation()
    }

    func hint() {
        card.alpha = 1
        UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.25, delay: 0, options: [.curveEaseInOut], animations: {
            self.card.alpha = 0.8
        })
    }

    func nudge() {
        button.center.x = 0
        let modern = UIViewPropertyAnimator(duration: 2, timingParameters: UISpringTimingParameters(duration: 0.5, bounce: 0.3))
        modern.addAnimations { self.button.center.x = 24 }
        modern.startAnimation()
    }
}
