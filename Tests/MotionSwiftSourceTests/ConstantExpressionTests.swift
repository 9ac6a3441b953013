import MotionCore
import MotionSwiftSource
import Testing

/// Numbers written as constant expressions of literals (`2/3`, `Float.pi * 2`, `-0.5 * 2`,
/// `CGFloat.pi / 4`, `.pi`) read as the number Swift computes (IEEE `Double`, × and ÷ first,
/// left to right), wherever a literal number is read; anything else stays unreadable.
@Suite struct ConstantExpressionTests {
    @Test("keyframe values, durations and springs written as + − × ÷ of literals and .pi")
    func keyframesAndSprings() throws {
        let source = """
            import SwiftUI
            struct Logo: View {
                @State private var tapped = false
                var body: some View {
                    Image("logo")
                        .keyframeAnimator(initialValue: 1.0, trigger: tapped) { content, s in content.scaleEffect(s) } keyframes: { _ in
                            KeyframeTrack {
                                CubicKeyframe(2/3, duration: 1 / 4)
                                LinearKeyframe(-0.5 * 2 + 3, duration: CGFloat.pi / 4)
                                SpringKeyframe(.pi, duration: 0.1 * 3, spring: Spring(duration: 1/2, bounce: 0.1 + 0.2))
                                LinearKeyframe(2 * Float.pi - 1, duration: (0.5))
                            }
                        }
                        .onTapGesture { tapped.toggle() }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Logo.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        let found = try #require(result.animations.first)
        guard case .keyframes(_, let tracks, _) = found.spec.motion else {
            Issue.record("not keyframes")
            return
        }
        #expect(
            tracks.first?.keyframes == [
                .cubic(to: 2.0 / 3.0, duration: 0.25),
                .linear(to: -0.5 * 2 + 3, duration: Double.pi / 4),
                .spring(to: .pi, duration: 0.1 * 3, spring: Spring(duration: 0.5, bounce: 0.1 + 0.2)),
                .linear(to: 2 * Double.pi - 1, duration: 0.5),
            ])
    }

    @Test(
        "implicit animations: a duration and a delay written as expressions; a non-literal term, another operator or a name bound to an Int division stay unread"
    )
    func implicitAndUnreadable() throws {
        let source = """
            import SwiftUI
            struct Badge: View {
                @State private var on = false
                @State private var off = false
                @State private var mid = false
                let gap = 2.0
                let third = (1 + 1) / 3
                var body: some View {
                    VStack {
                        Text("a").opacity(on ? 1 : 0).animation(.easeIn(duration: 0.2 + 0.1).delay(1/4), value: on)
                        Text("b").opacity(off ? 1 : 0).animation(.easeIn(duration: gap * Double(off ? 1 : 2) % 2), value: off)
                        Text("c").opacity(mid ? 1 : 0).animation(.easeIn(duration: third), value: mid)
                        Button("go") { on.toggle(); off.toggle(); mid.toggle() }
                    }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Badge.swift")
        let on = try #require(result.animations.first { $0.spec.id == "badge-on" })
        guard case .implicit(let motion) = on.spec.motion else {
            Issue.record("not implicit")
            return
        }
        #expect(motion.animation == ImplicitAnimation(PhaseAnimation(.bezier(.easeIn, duration: 0.2 + 0.1), delay: 0.25)))
        // The unread ones are kept with SwiftUI's default duration, marked (issue 48).
        #expect(result.animations.map(\.spec.id) == ["badge-on", "badge-off", "badge-mid"])
        #expect(result.animations.map { $0.spec.estimates.isEmpty } == [true, false, false])
        #expect(result.unresolved.map(\.line) == [11, 12], "\(result.unresolved)")
    }
}
