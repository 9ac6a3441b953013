import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// Issue 48: a duration a type gives through a method or a computed property of one expression
/// (`transitionDuration(using:)` returning 0.35, `var fadeDuration: TimeInterval { 0.2 }`), or
/// through a constant its superclass declares, is read as that value; each checked against the
/// same call written with the literal.
@Suite("durations a method, a computed property or a superclass gives")
struct MethodResultTests {
    static func onlyAnimation(_ source: String) throws -> AnimationSpec {
        try #require(try SwiftSourceImporter().extract(source: source, file: "T.swift").animations.first).spec
    }

    /// What makes an animation an estimate, in words: its reasons and its layer motion's.
    static func estimates(_ spec: AnimationSpec) -> [String] {
        guard case .layer(let motion) = spec.motion, let estimate = motion.estimate else { return spec.estimates }
        return [estimate] + spec.estimates
    }

    /// `source` read as written and with `expression` replaced by `literal`: the same timeline,
    /// and no estimate the literal does not have.
    static func expectReadAs(_ literal: String, in source: String, replacing expression: String) throws {
        let named = try onlyAnimation(source)
        let written = try onlyAnimation(source.replacingOccurrences(of: expression, with: literal))
        #expect(estimates(named) == estimates(written), "\(expression): \(estimates(named))")
        #expect(!estimates(named).contains { $0.contains("stand-in") }, "\(expression): \(estimates(named))")
        try expectSameTimeline(named, written)
    }

    @Test("a transition's duration is what its transitionDuration(using:) returns")
    func transitionDuration() throws {
        let source = """
            import UIKit
            final class FadeIn: NSObject, UIViewControllerAnimatedTransitioning {
                func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
                    return 0.35
                }
                func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                    let view = transitionContext.view(forKey: .to)
                    UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: { view?.alpha = 1 }) { _ in
                        transitionContext.completeTransition(true)
                    }
                }
            }
            """
        try Self.expectReadAs("0.35", in: source, replacing: "transitionDuration(using: transitionContext)")
        try Self.expectReadAs(
            "0.35", in: source.replacingOccurrences(of: "withDuration: transitionDuration", with: "withDuration: self.transitionDuration"),
            replacing: "self.transitionDuration(using: transitionContext)")
    }

    @Test("a computed property of one expression, a method of one, and the superclass's constant")
    func computedAndInherited() throws {
        let computed = """
            import UIKit
            final class Banner: UIView {
                private var fadeDuration: TimeInterval { 0.2 * 2 }
                func show() { UIView.animate(withDuration: fadeDuration) { self.alpha = 1 } }
            }
            """
        try Self.expectReadAs("withDuration: 0.4", in: computed, replacing: "withDuration: fadeDuration")
        let inherited = """
            import UIKit
            class VibrantCell: UITableViewCell {
                static let duration: TimeInterval = 0.6
            }
            final class IconCell: VibrantCell {
                func update(_ icon: UIImageView) {
                    UIView.transition(with: icon, duration: Self.duration, options: .transitionCrossDissolve, animations: { icon.alpha = 1 })
                }
            }
            """
        try Self.expectReadAs("0.6", in: inherited, replacing: "Self.duration")
    }

    @Test("a getter or method whose every return is the same expression gives it, whichever path runs")
    func uniformReturns() throws {
        let source = """
            import UIKit
            final class Animator: NSObject {
                static var bounce = true
                fileprivate var animationDuration: TimeInterval {
                    if Animator.bounce { return 0.52 }
                    return 0.52
                }
                func length() -> TimeInterval { let a = 0.3; return a }
                func show(_ v: UIView) { UIView.animate(withDuration: animationDuration) { v.alpha = 1 } }
            }
            """
        try Self.expectReadAs("withDuration: 0.52", in: source, replacing: "withDuration: animationDuration")
        try Self.expectReadAs(
            "withDuration: 0.3", in: source.replacingOccurrences(of: "withDuration: animationDuration", with: "withDuration: length()"),
            replacing: "withDuration: length()")
    }

    @Test("a method that reads its parameter, is overloaded or returns different values is not read: estimated, with the stand-in")
    func notRead() throws {
        for method in [
            "func length(_ scale: Double) -> TimeInterval { 0.2 * scale }\n func go() { UIView.animate(withDuration: length(2)) { self.alpha = 1 } }",
            "func length() -> TimeInterval { 0.2 }\n func length(_ x: Int) -> TimeInterval { 0.3 }\n func go() { UIView.animate(withDuration: length()) { self.alpha = 1 } }",
            "var fast = true\n func length() -> TimeInterval { if fast { return 0.3 }; return 0.2 }\n func go() { UIView.animate(withDuration: length()) { self.alpha = 1 } }",
        ] {
            let spec = try Self.onlyAnimation("import UIKit\nfinal class Banner: UIView {\n\(method)\n}\n")
            let said = Self.estimates(spec)
            #expect(said.contains { $0.contains("`length(") && $0.contains("0.2 s, motionsync's choice") }, "\(method): \(said)")
        }
    }

    @Test("a var of the type with an initial value stands in with that value, marked as an estimate that says so")
    func variableInitialValue() throws {
        let source = """
            import UIKit
            final class ProgressRing: UIView {
                public var duration: TimeInterval = 2.0
                let ring = CAShapeLayer()
                func setProgress(_ p: CGFloat) {
                    let fill = CABasicAnimation(keyPath: "strokeEnd")
                    fill.fromValue = 0
                    fill.toValue = 1
                    fill.duration = duration
                    ring.add(fill, forKey: "fill")
                }
            }
            """
        let spec = try Self.onlyAnimation(source)
        let literal = try Self.onlyAnimation(source.replacingOccurrences(of: "fill.duration = duration", with: "fill.duration = 2.0"))
        #expect(Self.estimates(spec).contains { $0.contains("used: 2 s, the initial value of `var duration`") }, "\(Self.estimates(spec))")
        #expect(Self.estimates(literal).isEmpty, "\(Self.estimates(literal))")
        try expectSameTimeline(spec, literal)
    }

    @Test("a name through a typealias is the aliased type's constant, in the file or another file of the module")
    func typeAliases() throws {
        let configuration = SwiftModuleConstants([
            SwiftFactsScan.facts(Array("enum ChatConfiguration { enum Fade { static let duration: TimeInterval = 0.3 } }".utf8))
        ])
        let source = """
            import UIKit
            enum Local { static let slide = 0.45 }
            final class BadgeViewController: UIViewController {
                typealias Config = ChatConfiguration.Fade
                typealias Mine = Local
                typealias fadeConfig = ChatConfiguration.Fade
                @objc func tapped() { UIView.animate(withDuration: Config.duration) { self.view.alpha = 0 } }
                @objc func moved() { UIView.animate(withDuration: Mine.slide) { self.view.alpha = 1 } }
                @objc func faded() { UIView.animate(withDuration: fadeConfig.duration) { self.view.alpha = 0.5 } }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Badge.swift", constants: configuration)
        let durations = try result.animations.map { try $0.spec.timeline().duration }
        #expect(durations == [0.3, 0.45, 0.3], "\(result.unresolved)")
        #expect(result.animations.allSatisfy { Self.estimates($0.spec).isEmpty })
        #expect(result.constantsUsed == ["ChatConfiguration.Fade.duration": 0.3])
    }

    @Test("a stored property an initializer sets from a parameter with a default stands in with the default, marked as an estimate")
    func initializerDefault() throws {
        let source = """
            import UIKit
            public struct PopTransition {
                public let duration: Double
                public init(duration: Double = 0.15) { self.duration = duration }
                public func run(_ b: UIButton) { UIView.animate(withDuration: duration) { b.transform = .identity } }
            }
            """
        let spec = try Self.onlyAnimation(source)
        #expect(try spec.timeline().duration == 0.15)
        #expect(Self.estimates(spec).contains { $0.contains("used: 0.15 s, the default `init` sets `duration` to") }, "\(Self.estimates(spec))")
        // Two initializers with different defaults: which one ran is not known, the stand-in is used.
        let two = source.replacingOccurrences(of: "public init(duration", with: "init() { self.duration = 0.4 }\n public init(duration")
        let twoInits = try Self.onlyAnimation(
            two.replacingOccurrences(of: "init() { self.duration = 0.4 }", with: "init(d duration: Double = 0.4) { self.duration = duration }"))
        #expect(try twoInits.timeline().duration == 0.2, "motionsync's stand-in")
    }

    @Test("CATransaction.animationDuration() stands in as Core Animation's default 0.25 s, said so")
    func transactionDuration() throws {
        let source = """
            import UIKit
            final class Bar: UIViewController {
                func show() { UIView.animate(withDuration: CATransaction.animationDuration()) { self.view.alpha = 1 } }
            }
            """
        let spec = try Self.onlyAnimation(source)
        let literal = try Self.onlyAnimation(source.replacingOccurrences(of: "CATransaction.animationDuration()", with: "0.25"))
        #expect(Self.estimates(spec).contains { $0.contains("0.25 s, Core Animation's default") }, "\(Self.estimates(spec))")
        try expectSameTimeline(spec, literal)
    }
}
