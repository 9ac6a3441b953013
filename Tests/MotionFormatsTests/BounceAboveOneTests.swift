import Testing

@testable import MotionCore
@testable import MotionFormats

@Suite("SpecDecoder: a bounce above 1 is accepted with a warning")
struct BounceAboveOneTests {
    func keyframe(_ spring: String, duration: String? = "0.5") -> String {
        """
        {"specVersion": 1, "screen": "B", "animations": [{"id": "a", "kind": "keyframes", "trigger": "tap", "initial": {"x": 0},
          "tracks": {"x": [{"type": "spring", "to": 1\(duration.map { ", \"duration\": \($0)" } ?? ""), "spring": \(spring)}]}}]}
        """
    }

    @Test("\"bounce\": 1.5 with a duration: stored as damping 0, with a warning at the bounce saying so")
    func keyframeWithDuration() throws {
        let result = decode(keyframe(#"{"duration": 0.4, "bounce": 1.5}"#))
        let spec = try #require(result.spec)
        #expect(result.errors.isEmpty)
        #expect(result.warnings.map(\.pointer.description) == ["/animations/0/tracks/x/0/spring/bounce"])
        #expect(result.warnings.first?.problem.contains("bounce 1.5 is above 1: it plays as bounce 1, damping 0") == true)
        guard case .keyframes(_, let tracks, _) = spec.animations[0].motion, case .spring(_, _, let spring, _) = tracks[0].keyframes[0] else {
            Issue.record("not a spring keyframe")
            return
        }
        #expect(spring.dampingRatio == 0)
    }

    @Test("a preset whose base and extra bounce pass 1 warns too; 1 itself and below do not")
    func otherForms() {
        // bouncy's base 0.3 + 0.8 = 1.1.
        #expect(
            decode(keyframe(#"{"preset": "bouncy", "extraBounce": 0.8}"#)).warnings.map(\.pointer.description) == [
                "/animations/0/tracks/x/0/spring/extraBounce"
            ])
        #expect(decode(keyframe(#"{"preset": "bouncy", "extraBounce": 0.7}"#)).warnings.isEmpty)
        #expect(decode(keyframe(#"{"duration": 0.4, "bounce": 1}"#)).warnings.isEmpty)
        #expect(decode(keyframe(#"{"duration": 0.4, "bounce": 0.3}"#)).warnings.isEmpty)
    }

    @Test("without a duration a bounce above 1 is still rejected, as the contract says (a spring that never settles)")
    func keyframeWithoutDuration() {
        #expect(decode(keyframe(#"{"duration": 0.4, "bounce": 1.5}"#, duration: nil)).spec == nil)
    }
}
