import MotionCore
import MotionSwiftSource
import Testing

/// Forms met in five more apps not seen before (ownCloud, Focus, Yattee, Loop, ACHNBrowserUI):
/// implicit layer animations of a `CATransaction`, a duration chosen by `animated ? d : 0`, a
/// numeric type's static constant named as `.name`, a parameter's default value, and closures
/// handed to a child view as its callbacks. Each is checked against the same motion written in
/// a form read before.
@Suite("sites from five more unseen apps: CATransaction, `animated ? d : 0`, `.name` constants, parameter defaults")
struct TransactionAndDefaultTests {
    static func extract(_ body: String, file: String = "Bar.swift") throws -> SwiftSourceResult {
        try SwiftSourceImporter().extract(source: "import UIKit\nimport SwiftUI\n" + body, file: file)
    }

    static func only(_ result: SwiftSourceResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> SwiftSourceAnimation {
        #expect(result.animations.count == 1, "\(result.animations.map(\.spec.id))", sourceLocation: sourceLocation)
        return try #require(result.animations.first, sourceLocation: sourceLocation)
    }

    /// What makes the animation's figures an estimate, all reasons in one text; nil when exact.
    static func estimate(_ animation: SwiftSourceAnimation) -> String? {
        var reasons = animation.spec.estimates
        if case .layer(let motion) = animation.spec.motion, let estimate = motion.estimate { reasons.insert(estimate, at: 0) }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    @Test("a transaction's duration and timing function time a standalone layer's change as UIView.animate times a view's")
    func transactionAsViewAnimation() throws {
        let transaction = try Self.only(
            Self.extract(
                """
                final class Bar: UIView {
                    let shade = CALayer()
                    func fade() {
                        shade.opacity = 1
                        CATransaction.begin()
                        CATransaction.setAnimationDuration(0.4)
                        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
                        shade.opacity = 0.2
                        CATransaction.commit()
                    }
                }
                """))
        let view = try Self.only(
            Self.extract(
                """
                final class Bar: UIView {
                    let v = UIView()
                    func fade() {
                        v.alpha = 1
                        UIView.animate(withDuration: 0.4, delay: 0, options: .curveEaseOut) { self.v.alpha = 0.2 }
                    }
                }
                """))
        #expect(transaction.line == 8 && transaction.spec.id == "Bar.fade")
        #expect(Self.estimate(transaction) == nil)
        try expectSameTimeline(transaction.spec, view.spec)
        #expect(abs(try transaction.spec.timeline().duration - 0.4) < 1e-12)
    }

    @Test("without a timing function the transaction is paced linearly, and the row says that is read, not written")
    func transactionWithoutTimingFunction() throws {
        let found = try Self.only(
            Self.extract(
                """
                final class Bar: UIView {
                    let gradientLayer = CAGradientLayer()
                    func show() {
                        gradientLayer.opacity = 0
                        CATransaction.setAnimationDuration(0.3)
                        gradientLayer.opacity = 1
                    }
                }
                """))
        let linear = try Self.only(
            Self.extract(
                """
                final class Bar: UIView {
                    let v = UIView()
                    func show() {
                        v.alpha = 0
                        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveLinear]) { self.v.alpha = 1 }
                    }
                }
                """))
        try expectSameTimeline(found.spec, linear.spec)
        #expect(Self.estimate(found)?.contains("sets no timing function") == true, "\(Self.estimate(found) ?? "")")
    }

    @Test("no animation where nothing animates implicitly: actions disabled, a zero duration, a view's own properties; each said")
    func transactionsThatAnimateNothing() throws {
        let result = try Self.extract(
            """
            final class Bar: UIView {
                let maskLayer = CALayer()
                func a() {
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    CATransaction.setAnimationDuration(0.4)
                    maskLayer.opacity = 0
                    CATransaction.commit()
                }
                func b() {
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(0)
                    maskLayer.opacity = 0
                    CATransaction.commit()
                }
                func c() {
                    CATransaction.begin()
                    CATransaction.setAnimationDuration(0.4)
                    alpha = 0
                    layer.opacity = 0.5
                    CATransaction.commit()
                }
            }
            """)
        #expect(result.animations.isEmpty, "\(result.animations.map(\.spec.id))")
        let said = Set(result.unresolved.map(\.line))
        #expect([8, 14, 20, 21, 22].allSatisfy(said.contains), "\(result.unresolved.map { "\($0.line): \($0.what)" })")
    }

    @Test("a transaction inside UIView.animate's closure is part of that animation, whose change is still read")
    func transactionInsideViewAnimation() throws {
        let nested = try Self.only(
            Self.extract(
                """
                final class Theme: UIViewController {
                    func apply() {
                        view.alpha = 0
                        UIView.animate(withDuration: 0.25) {
                            CATransaction.begin()
                            CATransaction.setAnimationDuration(0.25)
                            self.view.alpha = 1
                            CATransaction.commit()
                        }
                    }
                }
                """))
        let plain = try Self.only(
            Self.extract(
                """
                final class Theme: UIViewController {
                    func apply() {
                        view.alpha = 0
                        UIView.animate(withDuration: 0.25) { self.view.alpha = 1 }
                    }
                }
                """))
        try expectSameTimeline(nested.spec, plain.spec)
        #expect(Self.estimate(nested) == nil)

        // A transaction in the completion closure runs after the animation: one of its own.
        let after = try Self.extract(
            """
            final class Theme: UIViewController {
                let glowLayer = CALayer()
                func apply() {
                    UIView.animate(withDuration: 0.25) { self.view.alpha = 1 } completion: { _ in
                        CATransaction.setAnimationDuration(0.4)
                        self.glowLayer.opacity = 0
                    }
                }
            }
            """)
        // Lines 4 and 5 of the class, after the two imports `extract` puts first.
        #expect(after.animations.map(\.line) == [6, 7], "\(after.animations.map(\.line))")
    }

    @Test("`animated ? d : 0` is the animation that plays when one does: d, exact, for UIKit and for a transaction")
    func conditionalDurations() throws {
        for (written, seconds) in [
            ("animated ? 0.3 : 0", 0.3), ("animated ? 0 : 0.5", 0.5), ("(animated ? 0.35 : 0.0)", 0.35), ("bound", 0.3),
        ] {
            let conditional = try Self.only(
                Self.extract(
                    """
                    final class Bar: UIViewController {
                        let v = UIView()
                        func set(animated: Bool) {
                            let bound = animated ? 0.3 : 0
                            UIView.animate(withDuration: \(written)) { self.v.alpha = 0 }
                        }
                    }
                    """))
            let literal = try Self.only(
                Self.extract(
                    """
                    final class Bar: UIViewController {
                        let v = UIView()
                        func set(animated: Bool) { UIView.animate(withDuration: \(seconds)) { self.v.alpha = 0 } }
                    }
                    """))
            try expectSameTimeline(conditional.spec, literal.spec)
            #expect(Self.estimate(conditional) == Self.estimate(literal), "\(written)")
        }
        let transaction = try Self.only(
            Self.extract(
                """
                final class Bar: UIView {
                    let alphaMaskLayer = CALayer()
                    func set(animated: Bool) {
                        CATransaction.begin()
                        CATransaction.setAnimationDuration(animated ? 0.2 : 0.0)
                        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                        alphaMaskLayer.frame = bounds
                        CATransaction.commit()
                    }
                }
                """))
        #expect(abs(try transaction.spec.timeline().duration - 0.2) < 1e-12)
    }

    @Test("`.name` of a numeric type's static constant in the file is its value; a `static var` is not read")
    func implicitNumericMembers() throws {
        let source = """
            final class Sheet: UIViewController {
                let dimmedView = UIView()
                func show() {
                    UIView.animate(withDuration: .animationDuration) { self.dimmedView.alpha = 0.6 }
                    let a = UIViewPropertyAnimator(duration: .animationDuration, curve: .easeOut) { self.dimmedView.alpha = 0 }
                    a.startAnimation()
                    UIView.animate(withDuration: .changing) { self.dimmedView.alpha = 1 }
                }
            }
            fileprivate extension TimeInterval {
                static let animationDuration: TimeInterval = 0.4
                static var changing = 0.9
            }
            """
        let found = try Self.extract(source).animations
        #expect(found.count == 3)
        let literal = try Self.extract(
            source.replacingOccurrences(of: ".animationDuration)", with: "0.4)").replacingOccurrences(
                of: ".animationDuration,", with: "0.4,")
        ).animations
        for k in 0..<2 {
            try expectSameTimeline(found[k].spec, literal[k].spec)
            #expect(Self.estimate(found[k]) == nil, "\(Self.estimate(found[k]) ?? "")")
        }
        #expect(Self.estimate(found[2])?.contains("`.changing`") == true, "a static var may change: a stand-in, said")
    }

    @Test("a closure handed to a child view as a callback is triggered by that callback: a tap's is a tap, another's its event")
    func callbackTriggers() throws {
        let result = try Self.extract(
            """
            struct PanelContainer: View {
                @State private var side = 0
                var body: some View {
                    Panel(onAlignmentToggle: { withAnimation(.easeInOut(duration: 0.3)) { side += 1 } },
                          onTapped: { withAnimation(.easeInOut(duration: 0.3)) { side = 2 } },
                          onAppearAction: { withAnimation(.easeInOut(duration: 0.3)) { side = 3 } },
                          onReplyPreviewTap: { withAnimation(.easeInOut(duration: 0.3)) { side = 5 } },
                          content: { withAnimation(.easeInOut(duration: 0.3)) { side = 4 } })
                        .offset(x: CGFloat(side) * 10)
                }
            }
            """)
        let triggers = result.animations.sorted { $0.line < $1.line }.map(\.spec.trigger)
        #expect(triggers.count == 5)
        #expect(Array(triggers.prefix(4)) == [.event("onAlignmentToggle"), .tap, .appear, .tap], "\(triggers)")
        #expect(triggers.last != .event("content"), "a label that is no callback's names no event")
        // Words that only start like a callback's label name no event.
        let words = try Self.extract(
            """
            struct Panel2: View {
                @State private var side = 0
                var body: some View {
                    Panel(once: { withAnimation { side = 1 } }, onion: { withAnimation { side = 2 } }, on: { withAnimation { side = 3 } })
                        .offset(x: CGFloat(side) * 10)
                }
            }
            """)
        #expect(words.animations.count == 3)
        #expect(!words.animations.contains { [.event("once"), .event("onion"), .event("on")].contains($0.spec.trigger) })
    }

    @Test("a parameter's default stands in for it, what plays when a caller leaves it out, and the row says a caller may pass another")
    func parameterDefaults() throws {
        let layer = try Self.only(
            Self.extract(
                """
                extension UIView {
                    func beginPulsing(duration: TimeInterval = 1) {
                        let pulse = CABasicAnimation(keyPath: "opacity")
                        pulse.duration = duration
                        pulse.fromValue = 1
                        pulse.toValue = 0.3
                        layer.add(pulse, forKey: "pulse")
                    }
                }
                """))
        let layerLiteral = try Self.only(
            Self.extract(
                """
                extension UIView {
                    func beginPulsing() {
                        let pulse = CABasicAnimation(keyPath: "opacity")
                        pulse.duration = 1
                        pulse.fromValue = 1
                        pulse.toValue = 0.3
                        layer.add(pulse, forKey: "pulse")
                    }
                }
                """))
        try expectSameTimeline(layer.spec, layerLiteral.spec)
        #expect(Self.estimate(layer)?.contains("1 s, the default of parameter `duration`") == true, "\(Self.estimate(layer) ?? "")")

        let view = try Self.only(
            Self.extract(
                """
                final class Card: UIViewController {
                    func fade(in seconds: Double = 0.35, delay: Double = 0.1) { UIView.animate(withDuration: seconds, delay: delay) { self.view.alpha = 1 } }
                }
                """))
        #expect(abs(try view.spec.timeline().duration - 0.45) < 1e-12)
        #expect(Self.estimate(view)?.contains("0.35 s, the default of parameter `seconds`") == true, "\(Self.estimate(view) ?? "")")

        let swiftUI = try Self.only(
            Self.extract(
                """
                struct Badge: View {
                    @State private var on = false
                    var body: some View { Text("x").opacity(on ? 1 : 0).onTapGesture { toggle() } }
                    func toggle(speed: Double = 0.6) { withAnimation(.easeOut(duration: speed)) { on.toggle() } }
                }
                """))
        let swiftUILiteral = try Self.only(
            Self.extract(
                """
                struct Badge: View {
                    @State private var on = false
                    var body: some View { Text("x").opacity(on ? 1 : 0).onTapGesture { toggle() } }
                    func toggle() { withAnimation(.easeOut(duration: 0.6)) { on.toggle() } }
                }
                """))
        try expectSameTimeline(swiftUI.spec, swiftUILiteral.spec)
        #expect(swiftUI.spec.estimates.contains { $0.contains("`speed` (its default 0.6)") }, "\(swiftUI.spec.estimates)")

        // No default: the stand-in of before (UIKit has no default duration).
        let bare = try Self.only(
            Self.extract(
                """
                final class Card: UIViewController {
                    func fade(seconds: Double) { UIView.animate(withDuration: seconds) { self.view.alpha = 1 } }
                }
                """))
        #expect(Self.estimate(bare)?.contains("0.2 s, motionsync's choice") == true, "\(Self.estimate(bare) ?? "")")
    }
}
