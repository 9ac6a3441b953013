import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// Issue 13: every UIKit form read from `Fixtures/UIKitForms.swift`, sampled every millisecond
/// against the closed forms of `LayerReference` (to 1e-9) and with its peaks at their
/// closed-form times (to 0.1 ms). UIKit's curves are Core Animation's named functions; its
/// damping-duration springs follow the model of Docs/core-animation-semantics.md, which the
/// reference solves on its own (`dampingDurationFrequency`).
@Suite("UIKit sources")
struct UIKitFixtureTests {
    static let file = "UIKitForms.swift"
    typealias R = LayerReference

    static func result() throws -> SwiftSourceResult { try extractFixture(file) }

    /// The progress of an animation with `delay` and `duration` at t.
    static func progress(_ t: Double, delay: Double = 0, _ duration: Double) -> Double { min(max((t - delay) / duration, 0), 1) }

    /// The time x in [0, 1] at which a Bézier timing function reaches `y`, by bisection.
    static func inverse(_ y: Double, _ c: (Double, Double, Double, Double)) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if R.ease(mid, c) < y { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// SwiftUI's and UIKit's spring(duration:bounce:) for bounce ≥ 0: m = 1, k = (2π/d)², c = 4π(1 − bounce)/d.
    static func perceptual(_ d: Double, _ bounce: Double) -> (k: Double, c: Double) {
        ((2 * .pi / d) * (2 * .pi / d), 4 * .pi * (1 - bounce) / d)
    }

    @Test("every animation of the file, named after its type and method, with the trigger its method makes plain and the screen a comment gives")
    func inventory() throws {
        let result = try Self.result()
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        let methods = [
            "buyTapped", "viewDidAppear", "viewDidAppear-2", "touchesBegan", "handlePan", "settle", "settle-2", "wobble", "steps", "steps-2",
            "showBanner", "showBanner-2", "showBanner-3", "present", "present-2", "present-3", "present-4", "present-5", "hint", "nudge",
        ]
        #expect(result.animations.map(\.spec.id) == methods.map { "CartViewController." + $0 })
        let triggers = Dictionary(
            uniqueKeysWithValues: result.animations.map { ($0.spec.id.replacingOccurrences(of: "CartViewController.", with: ""), $0.spec.trigger) })
        #expect(triggers["buyTapped"] == .tap) // @IBAction
        #expect(triggers["touchesBegan"] == .tap)
        #expect(triggers["handlePan"] == .drag) // a UIPanGestureRecognizer handler
        #expect(triggers["viewDidAppear"] == .appear && triggers["viewDidAppear-2"] == .appear)
        #expect(triggers["showBanner"] == .event("showBanner"))
        // `// motionsync: screen Wobble` on the method; the rest on the type's screen.
        #expect(result.animations.filter { $0.screen == "Wobble" }.map(\.spec.id) == ["CartViewController.wobble"])
        #expect(result.animations.filter { $0.screen == "CartViewController" }.count == methods.count - 1)
        // Each at the line of its call.
        #expect(result.animations[0].line == (try R.line(of: "UIView.animate(withDuration: 0.3", in: Self.file)))
        #expect(result.animations[4].line == (try R.line(of: "usingSpringWithDamping", in: Self.file)))
        #expect(result.animations[7].line == (try R.line(of: "UIView.animateKeyframes(withDuration: 1.0", in: Self.file)))
        #expect(result.animations[18].line == (try R.line(of: "runningPropertyAnimator", in: Self.file)))
        // Estimated: the damping-duration springs, the springs that play until settled, UISpringTimingParameters().
        let estimated = result.animations.filter { anim in
            if case .layer(let m) = anim.spec.motion { return !m.estimates.isEmpty }
            return false
        }.map { $0.spec.id.replacingOccurrences(of: "CartViewController.", with: "") }
        #expect(estimated == ["touchesBegan", "handlePan", "settle", "showBanner-3", "present-2", "present-3", "present-4", "present-5", "nudge"])
    }

    // MARK: UIView.animate

    @Test("UIView.animate(withDuration:delay:options:) with a curve option; the start set before the call; UIKit names as key paths")
    func animateCurve() throws {
        let (buy, _) = try R.found(try Self.result(), "CartViewController.buyTapped")
        #expect(try buy.spec.timeline().properties == ["opacity", "transform.scale.x", "transform.scale.y"])
        #expect(abs(try buy.spec.timeline().duration - 0.35) <= 1e-12)
        try R.expectValues(buy, "opacity") { t in 0.4 + 0.6 * R.ease(Self.progress(t, delay: 0.05, 0.3), R.easeOut) }
        try R.expectValues(buy, "transform.scale.y") { t in 1 + 0.1 * R.ease(Self.progress(t, delay: 0.05, 0.3), R.easeOut) }
        try R.expectPeaks(buy, "opacity", at: [])
    }

    @Test("UIView.animate without options is ease-in-ease-out; .curveLinear with .repeat and .autoreverse loops")
    func animateDefaultAndLoop() throws {
        let result = try Self.result()
        let (move, _) = try R.found(result, "CartViewController.viewDidAppear")
        try R.expectValues(move, "position.y") { t in 600 - 300 * R.ease(Self.progress(t, 0.4), R.easeInEaseOut) }
        try R.expectValues(move, "position.x") { _ in 160 }
        let (blink, _) = try R.found(result, "CartViewController.viewDidAppear-2")
        let timeline = try blink.spec.timeline()
        #expect(timeline.isRepeating && abs(timeline.duration - 1.6) <= 1e-12)
        try R.expectValues(blink, "opacity", until: 1.6) { t in 1 - 0.5 * R.localTime(t, duration: 0.8, autoreverses: true) / 0.8 }
    }

    @Test("UIView.animate(springDuration:bounce:initialSpringVelocity:delay:): SwiftUI's spring after the delay, until settled")
    func animateSpringDuration() throws {
        let (lift, _) = try R.found(try Self.result(), "CartViewController.touchesBegan")
        let (k, c) = Self.perceptual(0.5, 0.3)
        let settling = R.settling(m: 1, c: c, v0: 1)
        #expect(abs(try lift.spec.timeline().duration - (0.1 + settling)) <= 1e-9)
        try R.expectValues(lift, "transform.translation.y") { t in -40 * R.oscillator(min(max(t - 0.1, 0), settling), m: 1, k: k, c: c, v0: 1) }
        let turns = R.oscillatorTurns(m: 1, k: k, c: c, v0: 1, count: 1).map { $0 + 0.1 }
        try R.expectPeaks(lift, "transform.translation.y", at: turns, kinds: [.min])
    }

    @Test("UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:): the damping-duration model (estimated)")
    func animateDampingDuration() throws {
        let (pan, motion) = try R.found(try Self.result(), "CartViewController.handlePan")
        #expect(motion.estimates.count == 1 && motion.estimates[0].contains("damping-duration"))
        let w0 = R.dampingDurationFrequency(ratio: 0.7, duration: 0.5, v0: 0.5)
        #expect(try pan.spec.timeline().duration == 0.5)
        try R.expectValues(pan, "frame.origin.y") { t in 500 - 300 * R.oscillator(min(t, 0.5), m: 1, k: w0 * w0, c: 2 * 0.7 * w0, v0: 0.5) }
        try R.expectPeaks(pan, "frame.origin.y", at: R.oscillatorTurns(m: 1, k: w0 * w0, c: 2 * 0.7 * w0, v0: 0.5, count: 1), kinds: [.min])
    }

    @Test(
        "UIView.animate reads a duration through a constant; a var's initial value stands in and the timeline is marked estimated, naming the field and line"
    )
    func durationThroughNames() throws {
        let source = """
            import UIKit
            final class Toast: UIView {
                private let fadeDuration: TimeInterval = 0.35
                var showDuration: TimeInterval = 0.4
                func fade() { UIView.animate(withDuration: fadeDuration) { self.alpha = 0 } }
                func show() { UIView.animate(withDuration: showDuration) { self.alpha = 1 } }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Toast.swift")
        let (fade, fadeMotion) = try R.found(result, "Toast.fade")
        #expect(try fade.spec.timeline().duration == 0.35)
        #expect(fadeMotion.estimates.isEmpty)
        let (show, showMotion) = try R.found(result, "Toast.show")
        #expect(try show.spec.timeline().duration == 0.4, "the var's initial value (code may set another)")
        #expect(
            showMotion.estimates == [
                "stand-ins take the place of what the code does not spell as literals: duration = `showDuration` (line 6; used: 0.4 s, the initial value of `var showDuration`)"
            ])
        // A case binding of the same name hides the constant.
        let shadowed = try SwiftSourceImporter().extract(
            source: """
                import UIKit
                final class Mover: UIView {
                    let d = 0.5
                    enum Kind { case slow(Double) }
                    func go(_ k: Kind) { switch k { case .slow(let d): UIView.animate(withDuration: d) { self.alpha = 0 } } }
                }
                """, file: "Mover.swift")
        let (go, goMotion) = try R.found(shadowed, "Mover.go")
        #expect(try go.spec.timeline().duration == 0.2 && !goMotion.estimates.isEmpty)
    }

    @Test("UIView.animate with a SwiftUI animation (iOS 18): a spring until settled; a curve with its delay")
    func animateSwiftUI() throws {
        let result = try Self.result()
        let (corner, _) = try R.found(result, "CartViewController.settle")
        let (k, c) = Self.perceptual(0.5, 0.4)
        let settling = R.settling(m: 1, c: c, v0: 0)
        #expect(abs(try corner.spec.timeline().duration - settling) <= 1e-9)
        try R.expectValues(corner, "cornerRadius") { t in 8 + 16 * R.oscillator(min(t, settling), m: 1, k: k, c: c, v0: 0) }
        let wd = (k - c * c / 4).squareRoot()
        let found = try R.peaks(corner, "cornerRadius")
        #expect(!found.isEmpty)
        for (n, p) in found.enumerated() { #expect(abs(p.time - Double(n + 1) * .pi / wd) <= 1e-4) }
        let (fade, _) = try R.found(result, "CartViewController.settle-2")
        #expect(abs(try fade.spec.timeline().duration - 0.5) <= 1e-12)
        try R.expectValues(fade, "opacity") { t in R.ease(Self.progress(t, delay: 0.2, 0.3), R.easeOut) }
    }

    // MARK: UIView.animateKeyframes

    @Test("animateKeyframes, cubic: a Catmull-Rom spline through the keyframes' values, ease-in-ease-out over the whole")
    func keyframesCubic() throws {
        let (wobble, _) = try R.found(try Self.result(), "CartViewController.wobble")
        // .identity, then π/8, −π/8, .identity at relative times 0.25, 0.75, 1 (degrees here).
        let values = [0, 22.5, -22.5, 0], keys = [0, 0.25, 0.75, 1.0], zeros = [0.0, 0, 0, 0]
        try R.expectValues(wobble, "transform.rotation.z") { t in
            R.kochanekBartels(values, times: keys, t: zeros, c: zeros, b: zeros, at: R.ease(min(t, 1), R.easeInEaseOut))
        }
        let turns = R.kochanekBartelsTurns(values, times: keys, t: zeros, c: zeros, b: zeros).map { Self.inverse($0, R.easeInEaseOut) }
        #expect(turns.count == 2)
        try R.expectPeaks(wobble, "transform.rotation.z", at: turns, kinds: [.max, .min])
    }

    @Test("animateKeyframes, linear: holds until a keyframe starts; discrete: jumps at its start")
    func keyframesLinearAndDiscrete() throws {
        let result = try Self.result()
        let (fade, _) = try R.found(result, "CartViewController.steps")
        // alpha 0, held to 0.2, 1 at 0.5, 0.6 at 1, under ease-in-ease-out over 0.6 s.
        try R.expectValues(fade, "opacity") { t in
            R.linearKeys([0, 0, 1, 0.6], [0, 0.2, 0.5, 1], at: R.ease(Self.progress(t, 0.6), R.easeInEaseOut))
        }
        try R.expectPeaks(fade, "opacity", at: [0.6 * Self.inverse(0.5, R.easeInEaseOut)], kinds: [.max])
        let (jump, _) = try R.found(result, "CartViewController.steps-2")
        let at = 0.8 * Self.inverse(0.5, R.easeInEaseOut)
        try R.expectValues(jump, "position.x", phase: 0.5) { t in t < at ? 0 : 30 }
        try R.expectValues(jump, "position.y", phase: 0.5) { t in t < at ? 0 : 40 }
        let jumps = try jump.spec.timeline().jumps(of: 0)
        #expect(jumps.count == 1 && abs(jumps[0].time - at) <= 1e-9, "\(jumps)")
    }

    // MARK: UIViewPropertyAnimator

    @Test("UIViewPropertyAnimator with curve:, controlPoint1:controlPoint2: and dampingRatio: (estimated)")
    func propertyAnimators() throws {
        let result = try Self.result()
        let (fade, _) = try R.found(result, "CartViewController.showBanner")
        try R.expectValues(fade, "opacity") { t in 1 - R.ease(Self.progress(t, 0.4), R.easeIn) }
        let (drop, _) = try R.found(result, "CartViewController.showBanner-2")
        try R.expectValues(drop, "position.y") { t in 90 * R.bezier(Self.progress(t, 0.5), 0.2, 0.8, 0.4, 1) }
        // The start: the last value the method gives center.y before this animator (the drop's 90).
        let (sway, _) = try R.found(result, "CartViewController.showBanner-3")
        let w0 = R.dampingDurationFrequency(ratio: 0.5, duration: 0.6)
        try R.expectValues(sway, "position.y") { t in 90 + 50 * R.oscillator(min(t, 0.6), m: 1, k: w0 * w0, c: w0, v0: 0) }
        let wd = w0 * (0.75).squareRoot()
        let found = try R.peaks(sway, "position.y")
        #expect(found.count >= 2)
        for (n, p) in found.enumerated() { #expect(abs(p.time - Double(n + 1) * .pi / wd) <= 1e-4) }
    }

    @Test("UIViewPropertyAnimator(duration:timingParameters:) with UICubicTimingParameters and the four UISpringTimingParameters initialisers")
    func timingParameters() throws {
        let result = try Self.result()
        let (cubic, _) = try R.found(result, "CartViewController.present")
        try R.expectValues(cubic, "opacity") { t in R.bezier(Self.progress(t, 0.3), 0.1, 0.6, 0.3, 1) }

        // init(): mass 3, stiffness 1000, damping 500 (ζ ≈ 4.56, the widely reported values): until settled.
        let (standard, motion) = try R.found(result, "CartViewController.present-2")
        #expect(motion.estimate?.contains("UISpringTimingParameters()") == true)
        let settle = try standard.spec.timeline().duration
        try R.expectValues(standard, "position.x") { t in 100 * R.oscillator(min(t, settle), m: 3, k: 1000, c: 500, v0: 0) }
        // Over-damped: the slow root r = −λ + √(λ² − ω0²) sets how long it takes to come within 0.1 %.
        let lambda = 500.0 / 6, r1 = -lambda + (lambda * lambda - 1000.0 / 3).squareRoot(), r2 = -lambda - (lambda * lambda - 1000.0 / 3).squareRoot()
        let a = -r2 / (r1 - r2)
        #expect(abs(a * exp(r1 * settle) + (1 - a) * exp(r2 * settle) - 0.001) <= 1e-9)

        // init(dampingRatio:) with the animator's duration: the damping-duration model.
        let (ratio, _) = try R.found(result, "CartViewController.present-3")
        let w0 = R.dampingDurationFrequency(ratio: 0.8, duration: 0.4)
        try R.expectValues(ratio, "position.x") { t in 60 * R.oscillator(min(t, 0.4), m: 1, k: w0 * w0, c: 1.6 * w0, v0: 0) }

        // init(dampingRatio:initialVelocity:): the vector's moving axis, 2 distances a second.
        let (pushed, _) = try R.found(result, "CartViewController.present-4")
        let w1 = R.dampingDurationFrequency(ratio: 0.6, duration: 0.7, v0: 2)
        try R.expectValues(pushed, "position.y") { t in 80 * R.oscillator(min(t, 0.7), m: 1, k: w1 * w1, c: 1.2 * w1, v0: 2) }
        try R.expectPeaks(pushed, "position.y", at: R.oscillatorTurns(m: 1, k: w1 * w1, c: 1.2 * w1, v0: 2, count: 1), kinds: [.max])

        // init(mass:stiffness:damping:initialVelocity:): the animator's 9 s are ignored, the spring settles.
        let (physical, _) = try R.found(result, "CartViewController.present-5")
        let settling = R.settling(m: 1, c: 10, v0: 1)
        #expect(abs(try physical.spec.timeline().duration - settling) <= 1e-9)
        try R.expectValues(physical, "cornerRadius") { t in 16 * R.oscillator(min(t, settling), m: 1, k: 180, c: 10, v0: 1) }
        let turns = R.oscillatorTurns(m: 1, k: 180, c: 10, v0: 1, count: 3)
        let found = try R.peaks(physical, "cornerRadius")
        #expect(found.count == 3)
        for (p, t) in zip(found, turns) { #expect(abs(p.time - t) <= 1e-4) }
    }

    @Test("UISpringTimingParameters(duration:bounce:) (iOS 17): SwiftUI's spring until settled, the animator's duration ignored")
    func timingParametersDurationBounce() throws {
        let (nudge, _) = try R.found(try Self.result(), "CartViewController.nudge")
        let (k, c) = Self.perceptual(0.5, 0.3)
        let settling = R.settling(m: 1, c: c, v0: 0)
        #expect(abs(try nudge.spec.timeline().duration - settling) <= 1e-9)
        try R.expectValues(nudge, "position.x") { t in 24 * R.oscillator(min(t, settling), m: 1, k: k, c: c, v0: 0) }
        let wd = (k - c * c / 4).squareRoot()
        let found = try R.peaks(nudge, "position.x")
        #expect(!found.isEmpty)
        for (n, p) in found.enumerated() { #expect(abs(p.time - Double(n + 1) * .pi / wd) <= 1e-4) }
    }

    @Test("UIViewPropertyAnimator.runningPropertyAnimator with a curve option")
    func runningAnimator() throws {
        let (hint, _) = try R.found(try Self.result(), "CartViewController.hint")
        try R.expectValues(hint, "opacity") { t in 1 - 0.2 * R.ease(Self.progress(t, 0.25), R.easeInEaseOut) }
    }

    @Test("a row is at the animator's name: `animate` of UIView.animate, on the line it is written on")
    func rowAtName() throws {
        let source = """
            import UIKit
            final class Badge: UIView {
                func show() {
                    UIView.animate(withDuration: 0.2) { self.alpha = 1 }
                    UIView
                        .animate(withDuration: 0.3) { self.alpha = 0 }
                }
            }
            """
        let rows = try SwiftSourceImporter().extract(source: source, file: "Badge.swift").animations
        #expect(rows.map(\.line) == [4, 6] && rows.map(\.column) == [16, 14], "\(rows.map { ($0.line, $0.column) })")
    }
}
