import MotionCore
import MotionSwiftSource
import Testing

// MARK: - An animator shown only with Reduce Motion on (issue 14)

@Suite("an animator in the Reduce Motion branch is the other's Reduce Motion version")
struct ReduceMotionVersionTests {
    /// A view whose body plays `reduced` with Reduce Motion on and a scale bump otherwise.
    static func source(reduced: String) -> String {
        """
        import SwiftUI

        struct StarBump: View {
          @Environment(\\.accessibilityReduceMotion) private var reduceMotion
          var tapCount: Int

          var body: some View {
            if reduceMotion {
              \(reduced)
            } else {
              Image(systemName: "star")
                .keyframeAnimator(initialValue: 1.0, trigger: tapCount) { view, scale in
                  view.scaleEffect(scale)
                } keyframes: { _ in
                  SpringKeyframe(1.3, duration: 0.2, spring: .snappy)
                  SpringKeyframe(1.0, duration: 0.3, spring: .smooth)
                }
            }
          }
        }
        """
    }

    static let opacityDip = """
        Image(systemName: "star")
                .keyframeAnimator(initialValue: 1.0, trigger: tapCount) { view, opacity in
                  view.opacity(opacity)
                } keyframes: { _ in
                  LinearKeyframe(0.6, duration: 0.1)
                  LinearKeyframe(1.0, duration: 0.15)
                }
        """

    static let smallerBump = """
        Image(systemName: "star")
                .keyframeAnimator(initialValue: 1.0, trigger: tapCount) { view, scale in
                  view.scaleEffect(scale)
                } keyframes: { _ in
                  LinearKeyframe(1.1, duration: 0.06)
                  LinearKeyframe(1.0, duration: 0.06)
                }
        """

    @Test("one animation is read, with the main animator's keyframes, its id and the fallback's kind")
    func readsOneAnimation() throws {
        for (reduced, expected) in [
            (Self.opacityDip, ReduceMotion.crossfade), (Self.smallerBump, .shortened), ("Image(systemName: \"star\")", .static),
        ] {
            let result = try SwiftSourceImporter().extract(source: Self.source(reduced: reduced), file: "StarBump.swift")
            #expect(result.animations.count == 1, "\(result.animations.map(\.spec.id))")
            let a = try #require(result.animations.first)
            #expect(a.spec.id == "star-bump")
            #expect(a.spec.reduceMotion == expected)
            guard case .keyframes(_, let tracks, _) = a.spec.motion else {
                Issue.record("not keyframes")
                continue
            }
            #expect(tracks.map(\.property) == ["scale"])
            #expect(tracks.first?.keyframes.map(\.to) == [1.3, 1.0])
        }
    }

    @Test("without a Reduce Motion setting in the view, both animators are animations of their own")
    func withoutTheSettingBothCount() throws {
        let source = Self.source(reduced: Self.opacityDip).replacingOccurrences(
            of: "@Environment(\\.accessibilityReduceMotion) private var reduceMotion", with: "var reduceMotion = false")
        let result = try SwiftSourceImporter().extract(source: source, file: "StarBump.swift")
        #expect(result.animations.map(\.spec.id) == ["star-bump", "star-bump-2"])
    }
}
