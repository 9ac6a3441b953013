import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import Testing

/// Numbers that are valid JSON, finite and inside every documented range, but extreme. A spec the
/// decoder accepts must give a usable timeline: MotionTimeline promises a finite duration, and a
/// value must be a number. Either the decoder refuses the spec, or the timeline is finite.
@Suite("SpecDecoder: extreme but in-range numbers")
struct ExtremeValueTests {
    static let cases: [(String, String)] = [
        (
            "spring duration 1e-320 (> 0) on a keyframe with a duration",
            keyframeSpec(#"{ "type": "spring", "to": 1, "duration": 0.2, "spring": { "duration": 1e-320 } }"#)
        ),
        (
            "spring response 1e-320 (> 0) on a keyframe with a duration",
            keyframeSpec(#"{ "type": "spring", "to": 1, "duration": 0.2, "spring": { "response": 1e-320, "dampingRatio": 0.5 } }"#)
        ),
        (
            "spring mass 1e-320 (> 0) on a keyframe with a duration",
            keyframeSpec(#"{ "type": "spring", "to": 1, "duration": 0.2, "spring": { "mass": 1e-320, "stiffness": 1, "damping": 1 } }"#)
        ),
        (
            "two linear keyframes of 1e308 s each",
            animationSpec(
                #"{ "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": { "x": [ { "type": "linear", "to": 1, "duration": 1e308 }, { "type": "linear", "to": 2, "duration": 1e308 } ] } }"#
            )
        ),
        (
            "phase step speed 1e-320 (> 0)",
            phaseSpec(#"{ "type": "linear", "duration": 0.2, "speed": 1e-320 }"#, trigger: "repeating")
        ),
        (
            "phase step delay 1e308 plus duration 1e308",
            phaseSpec(#"{ "type": "linear", "duration": 1e308, "delay": 1e308 }"#)
        ),
    ]

    @Test("an accepted spec gives a timeline with a finite duration and finite values")
    func acceptedMeansFinite() throws {
        for (what, text) in Self.cases {
            let result = decode(text)
            guard let spec = result.spec else {
                // Refused: fine, as long as it says why.
                #expect(!result.errors.isEmpty && result.errors.allSatisfy { !$0.problem.isEmpty }, "\(what)")
                continue
            }
            let timeline = try spec.animations[0].timeline()
            #expect(timeline.duration.isFinite, "\(what): duration \(timeline.duration)")
            for time in [0.0, 0.1, 0.3, 1.0] {
                #expect(timeline.value(of: 0, at: time).isFinite, "\(what): value at \(time)")
            }
        }
    }

    @Test("ordinary extremes stay finite: zero-length linear anchors, tiny cubic, a stiff spring (response 6 ms) with a duration")
    func ordinaryExtremes() throws {
        let text = animationSpec(
            #"""
            { "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": {
                "x": [ { "type": "linear", "to": 5, "duration": 0 }, { "type": "cubic", "to": 1, "duration": 1e-9 },
                       { "type": "spring", "to": 2, "duration": 0.2, "spring": { "stiffness": 1e6, "damping": 1 } } ] } }
            """#)
        let result = decode(text)
        #expect(result.diagnostics.isEmpty)
        let timeline = try #require(try result.spec?.animations[0].timeline())
        #expect(abs(timeline.duration - (0 + 1e-9 + 0.2)) < 1e-12)
        for time in [0.0, 1e-10, 0.1, 0.3] { #expect(timeline.value(of: 0, at: time).isFinite) }
        #expect(timeline.value(of: 0, at: 1) == timeline.value(of: 0, at: 2), "after the end the end value holds")
    }
}
