import Foundation
import MotionCore
import Testing

@testable import MotionBudget

/// Issue 17: the haptics the app fires itself (`.sensoryFeedback`, feedback generators) against
/// the motion's first peak, with haptic-lead's and haptic-lag's limits; tap animations from code
/// without one; implicit animations' Reduce Motion animations.
@Suite("feedback-sync, feedback-missing and implicit animations")
struct FeedbackRuleTests {
    /// Up to 1 in `t`, back in 0.1 s: one peak at `t`, with `feedback`.
    func bump(_ t: Double, feedback: [Feedback]?, trigger: Trigger = .tap) -> AnimationSpec {
        var a = AnimationSpec(
            id: "a", trigger: trigger, reduceMotion: .crossfade,
            motion: .keyframes(
                initial: [],
                tracks: [
                    KeyframeTrack(property: "x", keyframes: [.linear(to: 1, duration: t), .linear(to: 0, duration: 0.1)])
                ], repeating: false))
        a.feedback = feedback
        return a
    }

    func result(_ rule: String, _ a: AnimationSpec, profile: BudgetProfile = .appleTouch) throws -> BudgetResult? {
        try BudgetEvaluator(profile: profile).evaluate(a, screen: "S").first { $0.rule == rule && $0.variant == nil }
    }

    @Test("feedback-sync: the lead of a haptic fired at the trigger is the time of the first peak; 15 ms passes, 16 ms fails")
    func lead() throws {
        let inside = try #require(try result("feedback-sync", bump(0.015, feedback: [Feedback(kind: "impact")])))
        #expect(inside.verdict == .pass && abs(inside.value - 0.015) < 1e-9 && inside.message == nil)
        let outside = try #require(try result("feedback-sync", bump(0.016, feedback: [Feedback(kind: "impact")])))
        #expect(outside.verdict == .fail && abs(outside.value - 0.016) < 1e-9)
        #expect(outside.message?.contains("AHAP") == true && outside.message?.contains("16 ms") == true)
        // The same rule in material3.
        #expect(try result("feedback-sync", bump(0.3, feedback: [Feedback(kind: "impact")]), profile: .material3)?.verdict == .fail)
    }

    @Test("feedback-sync: a delayed haptic may trail the peak by 50 ms, not 51")
    func lag() throws {
        let trailing = try #require(try result("feedback-sync", bump(0.2, feedback: [Feedback(kind: "success", time: 0.25)])))
        #expect(trailing.verdict == .pass && abs(trailing.value + 0.05) < 1e-9)
        let late = try #require(try result("feedback-sync", bump(0.2, feedback: [Feedback(kind: "success", time: 0.251)])))
        #expect(late.verdict == .fail && abs(late.value + 0.051) < 1e-9)
        #expect(late.message?.contains("after the motion peaks at 200 ms") == true)
        // Two pairs: the one furthest outside the window is reported.
        let two = try #require(
            try result("feedback-sync", bump(0.2, feedback: [Feedback(kind: "impact", time: 0.2), Feedback(kind: "impact", time: 0)])))
        #expect(abs(two.value - 0.2) < 1e-9 && two.verdict == .fail)
    }

    @Test("feedback-sync and feedback-missing apply only where the haptics are known")
    func applicability() throws {
        #expect(try result("feedback-sync", bump(0.2, feedback: nil)) == nil, "a spec without feedback: not known")
        #expect(try result("feedback-sync", bump(0.2, feedback: [])) == nil, "none fires: nothing to measure")
        let missing = try #require(try result("feedback-missing", bump(0.2, feedback: [])))
        #expect(missing.verdict == .warn && missing.value == 1 && missing.message?.contains("fires no haptic") == true)
        #expect(try result("feedback-missing", bump(0.2, feedback: [Feedback(kind: "impact")]))?.verdict == .pass)
        #expect(try result("feedback-missing", bump(0.09, feedback: [])) == nil, "a peak under 100 ms is not waited for")
        #expect(try result("feedback-missing", bump(0.2, feedback: nil)) == nil)
        #expect(try result("feedback-missing", bump(0.2, feedback: [], trigger: .appear)) == nil, "tap animations only")
    }

    @Test("an ease that only rises is measured at its arrival; a bouncy spring at its overshoot")
    func visualMoment() throws {
        // easeInOut(0.8) from 0 to 1 has no turn: it arrives where it comes to rest, its speed
        // falling to the hold speed (1 % of the range per 40 ms = 0.25/s) with the value within 1 %.
        // The Bézier (0.42, 0, 0.58, 1): x(u), y(u) = 3u² − 2u³, speed y'(u)/x'(u)/0.8, by bisection on u.
        func x(_ u: Double) -> Double { 3 * (1 - u) * (1 - u) * u * 0.42 + 3 * (1 - u) * u * u * 0.58 + u * u * u }
        func speed(_ u: Double) -> Double {
            let dx = 3 * (1 - u) * (1 - u) * 0.42 + 6 * (1 - u) * u * 0.16 + 3 * u * u * 0.42
            return (6 * u - 6 * u * u) / dx / 0.8
        }
        var lo = 0.6, hi = 1.0
        for _ in 0..<200 {
            let m = (lo + hi) / 2
            if speed(m) > 0.25 { lo = m } else { hi = m }
        }
        let rest = 0.8 * x(lo)
        #expect(abs(rest - 0.75906) < 1e-5)
        var ease = AnimationSpec(
            id: "e", trigger: .tap,
            motion: .implicit(ImplicitMotion(animation: ImplicitAnimation(PhaseAnimation(.bezier(.easeInOut, duration: 0.8))))))
        ease.feedback = [Feedback(kind: "impact")]
        #expect(abs((try result("feedback-sync", ease)?.value ?? 0) - rest) < 1e-6)
        // spring(duration: 0.5, bounce: 0.3): overshoot at π/ωd, ωd = (2π/0.5)·√(1 − 0.7²).
        var spring = AnimationSpec(
            id: "s", trigger: .tap,
            motion: .implicit(ImplicitMotion(animation: ImplicitAnimation(PhaseAnimation(.spring(Spring(duration: 0.5, bounce: 0.3)))))))
        spring.feedback = [Feedback(kind: "impact")]
        let wd = 2 * Double.pi / 0.5 * (1 - 0.49).squareRoot()
        #expect(abs((try result("feedback-sync", spring)?.value ?? 0) - .pi / wd) < 1e-9)
    }

    @Test("an implicit animation's written Reduce Motion animation is what its variant measures, and what shortened-bounce checks")
    func reduceMotionAnimation() throws {
        func implicit(_ fallback: ImplicitAnimation) -> AnimationSpec {
            AnimationSpec(
                id: "i", trigger: .tap, reduceMotion: .shortened,
                motion: .implicit(
                    ImplicitMotion(
                        animation: ImplicitAnimation(PhaseAnimation(.spring(Spring(duration: 0.5, bounce: 0.3)))),
                        values: [ImplicitValue("scale", from: 1, to: 1.2)],
                        reduceMotionAnimation: fallback)))
        }
        let ease = implicit(ImplicitAnimation(PhaseAnimation(.bezier(.easeOut, duration: 0.15))))
        let results = try BudgetEvaluator().evaluate(ease, screen: "S")
        let variant = try #require(results.first { $0.rule == "tap-duration" && $0.variant == "reduce-motion" })
        #expect(abs(variant.value - 0.15) < 1e-12, "the easeOut(duration: 0.15) as written")
        #expect(results.first { $0.rule == "shortened-bounce" }?.verdict == .pass, "the fallback does not bounce, though the spring does")
        let bouncy = implicit(ImplicitAnimation(PhaseAnimation(.spring(Spring(duration: 0.15, bounce: 0.2)))))
        #expect(try BudgetEvaluator().evaluate(bouncy, screen: "S").first { $0.rule == "shortened-bounce" }?.verdict == .warn)
    }

    @Test("the two-sided limit in words and in the JSON limit")
    func limitText() {
        let rule = BudgetProfile.appleTouch.rules.first { $0.id == "feedback-sync" }!
        #expect(rule.limitInWords == "-50 ms to 15 ms passes, outside fails")
        #expect(rule.limitText == "≥ -0.05 s and ≤ 0.015 s pass, beyond fail")
        #expect(rule.verdict(for: -0.0501) == .fail && rule.verdict(for: -0.05) == .pass && rule.verdict(for: 0.0151) == .fail)
    }
}
