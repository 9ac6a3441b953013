import MotionCore
import Testing

@testable import MotionPipeline

/// `diff` on a keyframe, phase or layer animation compares the Reduce Motion fallback the code
/// shows with the one the spec asks for, as far as code can show it.
@Suite("diff: the Reduce Motion fallback of keyframes, phases and layers")
struct ReduceMotionDiffTests {
    static func keyframes(_ rm: ReduceMotion?, trigger: Trigger = .tap, repeating: Bool = false) -> AnimationSpec {
        AnimationSpec(
            id: "pop", trigger: trigger, reduceMotion: rm,
            motion: .keyframes(
                initial: [NamedValue("scale", 1)],
                tracks: [KeyframeTrack(property: "scale", keyframes: [.linear(to: 1.3, duration: 0.2), .linear(to: 1, duration: 0.2)])],
                repeating: repeating))
    }

    /// The field and both sides of the difference for `spec` against code showing `shown`.
    static func difference(_ spec: AnimationSpec, shown: ReduceMotion?) -> [String]? {
        var code = spec
        code.reduceMotion = shown
        return SpecCodeDiff.reduceMotionDifference(spec: spec, code: code).map { [$0.field, $0.spec, $0.code] }
    }

    @Test("what code shows meets the spec: the same fallback, static for instant, none for none")
    func met() {
        for rm in [ReduceMotion.static, .crossfade, .shortened, .instant] { #expect(Self.difference(Self.keyframes(rm), shown: rm) == nil) }
        #expect(Self.difference(Self.keyframes(.instant), shown: .static) == nil)
        #expect(Self.difference(Self.keyframes(ReduceMotion.none), shown: nil) == nil)
        #expect(Self.difference(Self.keyframes(nil), shown: nil) == nil)
    }

    @Test("a loop stands still for crossfade and shortened; a scrubbed keyframe timeline's fallback is not read, so not compared")
    func standsStill() {
        for rm in [ReduceMotion.crossfade, .shortened] {
            #expect(Self.difference(Self.keyframes(rm, repeating: true), shown: .static) == nil)
            #expect(Self.difference(Self.keyframes(rm, repeating: true), shown: nil) == ["reduceMotion", rm.rawValue, "not given"])
            #expect(Self.difference(Self.keyframes(rm, trigger: .scroll), shown: nil) == nil)
            #expect(Self.difference(Self.keyframes(rm, trigger: .drag), shown: .shortened) == nil)
            // A tap does not: standing still is not the shorter motion or the dip it asks for.
            #expect(Self.difference(Self.keyframes(rm), shown: .static) == ["reduceMotion", rm.rawValue, "static"])
        }
    }

    @Test("code without the branch the spec asks for, or with one it does not ask for, is a difference")
    func missingOrExtra() {
        #expect(Self.difference(Self.keyframes(.shortened), shown: nil) == ["reduceMotion", "shortened", "not given"])
        #expect(Self.difference(Self.keyframes(.static), shown: nil) == ["reduceMotion", "static", "not given"])
        #expect(Self.difference(Self.keyframes(nil), shown: .static) == ["reduceMotion", "not given", "static"])
        #expect(Self.difference(Self.keyframes(.crossfade), shown: .shortened) == ["reduceMotion", "crossfade", "shortened"])
        // Code cannot show instant apart from static, but static does not meet crossfade.
        #expect(Self.difference(Self.keyframes(.static), shown: .crossfade) == ["reduceMotion", "static", "crossfade"])
    }

    @Test("implicit animations are compared in AnimationDiff, not here")
    func implicitElsewhere() {
        let spec = AnimationSpec(
            id: "i", trigger: .tap, reduceMotion: .shortened,
            motion: .implicit(
                ImplicitMotion(
                    animation: ImplicitAnimation(PhaseAnimation(.bezier(.easeOut, duration: 0.2))), values: [ImplicitValue("scale", from: 1, to: 2)]))
        )
        #expect(Self.difference(spec, shown: nil) == nil)
    }
}
