import MotionCore
import MotionSwiftSource
import Testing

/// UIKit and Core Animation settings written through constants and the iOS 13 repetition API:
/// options bound with `let`, `UIView.modifyAnimations(withRepeatCount:autoreverses:)`,
/// `UIView.setAnimationRepeatCount`, and a key path kept in a `static let` string.
@Suite struct UIKitConstantSettingsTests {
    static let source = """
        import UIKit
        final class Slider: UIViewController {
            @IBOutlet var v: UIView!
            private enum Const { static let rotationX = "transform.rotation.x" }
            static let fadeOptions: UIView.AnimationOptions = [.curveLinear, .autoreverse]
            @IBAction func bounce(_ sender: UIButton) {
                let opts: UIView.AnimationOptions = .autoreverse
                v.alpha = 0
                UIView.animate(withDuration: 1, delay: 0, options: opts) { self.v.alpha = 1 }
            }
            @IBAction func thrice(_ sender: UIButton) {
                v.alpha = 0
                UIView.animate(withDuration: 1) {
                    UIView.modifyAnimations(withRepeatCount: 3, autoreverses: true) {
                        self.v.alpha = 1
                    }
                }
            }
            @IBAction func legacy(_ sender: UIButton) {
                v.alpha = 0
                UIView.animate(withDuration: 1, delay: 0, options: Slider.fadeOptions) {
                    UIView.setAnimationRepeatCount(2)
                    self.v.alpha = 1
                }
            }
            func fold(_ layer: CALayer) {
                let rotation = CABasicAnimation(keyPath: Const.rotationX)
                rotation.fromValue = 0
                rotation.toValue = CGFloat.pi / 2
                rotation.duration = 0.5
                layer.add(rotation, forKey: "fold")
            }
        }
        """

    static func layer(_ result: SwiftSourceResult, _ id: String) throws -> (LayerMotion, Double) {
        let found = try #require(result.animations.first { $0.spec.id == id }, "no \(id) in \(result.animations.map(\.spec.id))")
        guard case .layer(let motion) = found.spec.motion else { throw Failure.notLayer }
        return (motion, try found.spec.timeline().duration)
    }

    enum Failure: Error { case notLayer }

    @Test("options through a local let and a static let; modifyAnimations and setAnimationRepeatCount repeat the animation")
    func optionsAndRepetition() throws {
        let result = try SwiftSourceImporter().extract(source: Self.source, file: "Slider.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        let (bounce, bounceDuration) = try Self.layer(result, "Slider.bounce")
        #expect(bounce.animations.first?.timing.autoreverses == true)
        #expect(bounceDuration == 2, "forward 1 s, back 1 s")
        let (thrice, thriceDuration) = try Self.layer(result, "Slider.thrice")
        #expect(thrice.animations.map(\.keyPath) == ["opacity"])
        #expect(thrice.animations.first?.timing.repeatCount == 3 && thrice.animations.first?.timing.autoreverses == true)
        #expect(thriceDuration == 6)
        let (legacy, legacyDuration) = try Self.layer(result, "Slider.legacy")
        #expect(legacy.animations.first?.timing.repeatCount == 2 && legacy.animations.first?.timing.timingFunction == .linear)
        #expect(legacyDuration == 4)
    }

    @Test("in a property animator's closure the repetition is not read, and that is said")
    func propertyAnimatorRepetitionIsSaid() throws {
        let source = """
            import UIKit
            final class Pulse: UIViewController {
                @IBOutlet var v: UIView!
                @IBAction func go(_ sender: UIButton) {
                    v.alpha = 0
                    let anim = UIViewPropertyAnimator(duration: 1, curve: .linear) {
                        UIView.modifyAnimations(withRepeatCount: 3, autoreverses: true) { self.v.alpha = 1 }
                    }
                    anim.startAnimation()
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Pulse.swift")
        #expect(result.unresolved.map(\.line) == [7], "\(result.unresolved)")
        #expect(result.unresolved.first?.what.contains("the repetition is not read there") == true)
        let (_, duration) = try Self.layer(result, "Pulse.go")
        #expect(duration == 1)
    }

    @Test("CABasicAnimation(keyPath: Const.rotationX) with `static let rotationX = \"transform.rotation.x\"` is read")
    func keyPathConstant() throws {
        let result = try SwiftSourceImporter().extract(source: Self.source, file: "Slider.swift")
        let (fold, duration) = try Self.layer(result, "Slider.fold")
        #expect(fold.animations.map(\.keyPath) == ["transform.rotation.x"])
        #expect(duration == 0.5)
    }

    @Test("a property animator's timing parameters kept in a local let are read as written inline (Delta's segues)")
    func timingParametersThroughALet() throws {
        let source = """
            import UIKit
            final class Card: UIViewController {
                @IBOutlet var v: UIView!
                private let animator: UIViewPropertyAnimator
                init() {
                    let timing = UISpringTimingParameters(mass: 3.0, stiffness: 750, damping: 65, initialVelocity: CGVector(dx: 0, dy: 0))
                    self.animator = UIViewPropertyAnimator(duration: 0, timingParameters: timing)
                    super.init(nibName: nil, bundle: nil)
                }
                @IBAction func named(_ sender: UIButton) {
                    v.alpha = 0
                    animator.addAnimations { self.v.alpha = 1 }
                    animator.startAnimation()
                }
                @IBAction func inline(_ sender: UIButton) {
                    v.alpha = 0
                    let spring = UIViewPropertyAnimator(
                        duration: 0, timingParameters: UISpringTimingParameters(mass: 3.0, stiffness: 750, damping: 65, initialVelocity: .zero))
                    spring.addAnimations { self.v.alpha = 1 }
                    spring.startAnimation()
                }
                @IBAction func cubic(_ sender: UIButton) {
                    v.alpha = 0
                    let curve = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0), controlPoint2: CGPoint(x: 0, y: 1))
                    let ease = UIViewPropertyAnimator(duration: 0.4, timingParameters: curve)
                    ease.addAnimations { self.v.alpha = 1 }
                    ease.startAnimation()
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Card.swift")
        let (_, named) = try Self.layer(result, "Card.named")
        let (_, inline) = try Self.layer(result, "Card.inline")
        // Mass 3, stiffness 750, damping 65: ζ = 65 / (2·√2250) ≈ 0.685, ω₀ = √250 ≈ 15.8 rad/s;
        // it settles in about 0.87 s, whatever the animator's duration (0) says.
        #expect(named == inline)
        #expect(abs(named - 0.866) < 0.01, "\(named)")
        let (cubic, cubicDuration) = try Self.layer(result, "Card.cubic")
        #expect(cubicDuration == 0.4)
        #expect(cubic.animations.first?.timing.timingFunction == UnitCurve(x1: 0.2, y1: 0, x2: 0, y2: 1))
        #expect(!result.unresolved.contains { $0.what.contains("timingParameters") }, "\(result.unresolved)")
    }
}
