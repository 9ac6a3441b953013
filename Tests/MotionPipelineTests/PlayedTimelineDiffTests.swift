import MotionCodegen
import MotionCore
import Testing

@testable import MotionPipeline

/// `PlayedTimelineDiff`: a spec against Core Animation code by the timeline each plays, where the
/// value at a jump's very instant, or at a loop's end, is a convention and the limits decide.
@Suite("diff as played: jumps and loop ends compared by their limits, real differences still found")
struct PlayedTimelineDiffTests {
    /// Scale from 1: a move to 2 at 0 s, then linear to 3 in 0.5 s.
    static let spec = AnimationSpec(
        id: "jump", trigger: .tap,
        motion: .keyframes(
            initial: [NamedValue("scale", 1)],
            tracks: [KeyframeTrack(property: "scale", keyframes: [.move(to: 2), .linear(to: 3, duration: 0.5)])], repeating: false))

    /// Core Animation code for it: key values `values` at key times 0, 0, 1 over 0.5 s.
    static func code(_ values: [Double], repeating: Bool = false) -> AnimationSpec {
        let keyframes = LayerKeyframes(values: values.map { [$0] }, keyTimes: [0, 0, 1], timingFunctions: [.linear, .linear], mode: .linear)
        let timing = MediaTiming(duration: 0.5, repeatCount: repeating ? .infinity : 0, fillMode: .forwards)
        return AnimationSpec(
            id: "jump", trigger: .tap,
            motion: .layer(LayerMotion(animations: [LayerAnimation(keyPath: "transform.scale", timing: timing, content: .keyframes(keyframes))])))
    }

    @Test("a move at 0 s: Core Animation's two keys at 0 agree with the spec on each side of the jump")
    func moveAtZero() {
        #expect(PlayedTimelineDiff.compare(spec: Self.spec, code: Self.code([1, 2, 3])).isEmpty)
    }

    @Test("a jump to another value at 0 s is still a difference, reported at 0 ms")
    func wrongJump() {
        let found = PlayedTimelineDiff.compare(spec: Self.spec, code: Self.code([1, 2.5, 3]))
        #expect(found.map(\.property) == ["scale"])
        #expect(found.first?.field == "value at 0 ms", "\(found)")
    }

    @Test("a loop's end is its next start: agreed from the left; a loop that moves less is a difference")
    func loopEnd() {
        let track = KeyframeTrack(property: "scale", keyframes: [.move(to: 2), .linear(to: 3, duration: 0.5)])
        let looping = AnimationSpec(
            id: "jump", trigger: .tap, motion: .keyframes(initial: [NamedValue("scale", 1)], tracks: [track], repeating: true))
        #expect(PlayedTimelineDiff.compare(spec: looping, code: Self.code([1, 2, 3], repeating: true)).isEmpty)
        let less = PlayedTimelineDiff.compare(spec: looping, code: Self.code([1, 2, 2.5], repeating: true))
        #expect(less.map(\.property) == ["scale"], "\(less)")
        // The largest gap is at the end (3 against 2.5), just before the loop starts again.
        #expect(less.first.map { $0.spec == "3" && $0.code == "2.5" } == true, "\(less)")
    }
}
