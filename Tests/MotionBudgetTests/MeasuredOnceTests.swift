import MotionCore
import MotionHaptics
import Testing

@testable import MotionBudget

/// Stored figures measure an animation once and judge it by every built-in profile, reusing the
/// analysis and haptic plan they store (`BudgetEvaluator.facts`). The verdicts must be exactly
/// those of evaluating each profile on its own from the spec.
@Suite("budget measured once, judged by each profile")
struct MeasuredOnceTests {
    static func keyframes(_ id: String, reduceMotion: ReduceMotion?, _ keyframes: [Keyframe], feedback: [Feedback]? = nil) -> AnimationSpec {
        var spec = AnimationSpec(
            id: id, trigger: .tap, reduceMotion: reduceMotion,
            motion: .keyframes(initial: [], tracks: [KeyframeTrack(property: "scale", keyframes: keyframes)], repeating: false))
        spec.feedback = feedback
        return spec
    }

    /// A spring overshoot with a shortened Reduce Motion version and a paired haptic, a slow
    /// ease with none, a repeating phase loop, and an implicit animation whose written Reduce
    /// Motion animation is what plays then.
    static let animations: [AnimationSpec] = [
        keyframes(
            "bouncy", reduceMotion: .shortened,
            [.spring(to: 1.2, duration: 0.5, spring: Spring(duration: 0.5, bounce: 0.4)), .linear(to: 1, duration: 0.3)],
            feedback: [Feedback(kind: "impact")]),
        keyframes("slow", reduceMotion: nil, [.linear(to: 1, duration: 0.9, curve: .easeInOut)], feedback: []),
        AnimationSpec(
            id: "loop", trigger: .repeating,
            motion: .phases([
                Phase(name: "a", values: [("o", 0)], animation: PhaseAnimation(.bezier(.easeInOut, duration: 0.4))),
                Phase(name: "b", values: [("o", 1)], animation: PhaseAnimation(.spring(Spring(duration: 0.3, bounce: 0.2)))),
            ])),
        AnimationSpec(
            id: "implicit", trigger: .tap, reduceMotion: .shortened,
            motion: .implicit(
                ImplicitMotion(
                    animation: ImplicitAnimation(PhaseAnimation(.spring(Spring(duration: 0.6, bounce: 0.3)))),
                    reduceMotionAnimation: ImplicitAnimation(PhaseAnimation(.bezier(.easeOut, duration: 0.15)))))),
    ]

    @Test("the verdicts from shared facts (analysis and plan reused) equal each profile's own evaluation, variants included")
    func sameVerdicts() throws {
        var variants = 0
        for spec in Self.animations {
            let timeline = try spec.timeline()
            let analysis = MotionAnalyzer().analyze(timeline)
            let plan = HapticPlanner().plan(analysis, settings: spec.haptics, cues: spec.cues)
            let measured = try BudgetEvaluator.facts(spec, screen: "S", timeline: timeline, analysis: analysis, plan: plan)
            for profile in BudgetProfile.builtIn {
                let alone = try BudgetEvaluator(profile: profile).evaluate(spec, screen: "S")
                let shared = BudgetEvaluator(profile: profile).evaluate(measured)
                #expect(shared == alone, "\(spec.id) under \(profile.name)")
                #expect(!alone.isEmpty)
                variants += alone.filter { $0.variant == "reduce-motion" }.count
            }
        }
        #expect(variants > 0, "the shortened versions were judged too")
    }
}
