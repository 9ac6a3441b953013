import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// `withAnimation(A) { … } completion: { withAnimation(B) { … } }` (iOS 17): B starts when A is
/// complete (logically, by default: a curve's end, a spring's response; `.removed`: settled), from
/// the value A assigned; A keeps its own values although the completion changes the state again.
@Suite struct CompletionSequenceTests {
    static func found(_ result: SwiftSourceResult, _ id: String) throws -> SwiftSourceAnimation {
        try #require(result.animations.first { $0.spec.id == id }, "no \(id) in \(result.animations.map(\.spec.id))")
    }

    /// SwiftUI's spring(response:dampingFraction:) from 0 to 1 at rest: ω0 = 2π/response, ζ.
    static func spring(_ t: Double, response: Double, damping: Double) -> Double {
        guard t > 0 else { return 0 }
        let w0 = 2 * Double.pi / response, wd = w0 * (1 - damping * damping).squareRoot()
        return 1 - exp(-damping * w0 * t) * (cos(wd * t) + damping * w0 / wd * sin(wd * t))
    }

    @Test("the heart grows to 1.3, then the completion's spring brings it back to 1 from 1.3, starting at the first spring's response")
    func springThenSpring() throws {
        let source = """
            import SwiftUI
            struct Heart: View {
                @State private var scale: CGFloat = 1
                var body: some View {
                    Image(systemName: "heart").scaleEffect(scale).onTapGesture { like() }
                }
                func like() {
                    withAnimation(.spring(response: 0.2, dampingFraction: 0.45)) {
                        scale = 1.3
                    } completion: {
                        withAnimation(.spring(response: 0.4, dampingFraction: 0.6)) {
                            scale = 1
                        }
                    }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Heart.swift")
        #expect(result.animations.map(\.spec.id) == ["heart-scale", "heart-scale-2"])
        let grow = try Self.found(result, "heart-scale").spec.timeline()
        let settle = try Self.found(result, "heart-scale-2").spec.timeline()
        #expect(grow.properties == ["scale"] && settle.properties == ["scale"])
        #expect(grow.duration < 1 && settle.duration > 0.2 + 0.4 && settle.duration < 0.2 + 1.2, "\(grow.duration) \(settle.duration)")
        // Each until it settles (Apple's settlingDuration), then at rest on its target.
        for t in stride(from: 0.0, through: 1.5, by: 0.01) {
            let first = t > grow.duration ? 1.3 : 1 + 0.3 * Self.spring(t, response: 0.2, damping: 0.45)
            let second = t > settle.duration ? 1 : 1.3 - 0.3 * Self.spring(t - 0.2, response: 0.4, damping: 0.6)
            #expect(abs(grow.value(of: 0, at: t) - first) < 1e-9, "grow at \(t)")
            #expect(abs(settle.value(of: 0, at: t) - second) < 1e-9, "settle at \(t)")
        }
        #expect(result.animations.allSatisfy { $0.spec.trigger == .tap })
    }

    @Test("a curve's completion waits for its end, a repetition for its last run, completions add up; .removed waits for a spring to settle")
    func chains() throws {
        let source = """
            import SwiftUI
            struct Card: View {
                @State private var x: CGFloat = 0
                @State private var y: CGFloat = 0
                @State private var o: Double = 1
                var body: some View {
                    Rectangle().offset(x: x, y: y).opacity(o).onTapGesture { go() }
                }
                func go() {
                    withAnimation(.linear(duration: 0.25)) { x = 100 } completion: {
                        withAnimation(.linear(duration: 0.2).repeatCount(3, autoreverses: true)) { y = 10 } completion: {
                            withAnimation(.easeIn(duration: 0.1)) { o = 0 }
                        }
                    }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Card.swift")
        func animation(_ id: String) throws -> ImplicitAnimation {
            guard case .implicit(let motion) = try Self.found(result, id).spec.motion else { throw CancellationError() }
            return motion.animation
        }
        let x = try animation("card-x"), y = try animation("card-y"), o = try animation("card-o")
        #expect(x.run.delay == 0)
        // After the 0.25 s line (a repetition's wait is its start delay); the fade after that
        // and three 0.2 s runs.
        #expect(abs(y.startDelay - 0.25) < 1e-12 && y.run.delay == 0, "\(y)")
        #expect(abs(o.run.delay - (0.25 + 0.6)) < 1e-12, "\(o)")
        let fade = try Self.found(result, "card-o").spec.timeline()
        #expect(fade.value(of: 0, at: 0.85) == 1 && fade.value(of: 0, at: 0.95) == 0)

        let removed = """
            import SwiftUI
            struct Dot: View {
                @State private var s: CGFloat = 1
                @State private var o: Double = 1
                var body: some View { Circle().scaleEffect(s).opacity(o).onTapGesture { pop() } }
                func pop() {
                    withAnimation(.spring(response: 0.3, dampingFraction: 0.5), completionCriteria: .removed) { s = 2 } completion: {
                        withAnimation(.linear(duration: 0.1)) { o = 0 }
                    }
                }
            }
            """
        let popped = try SwiftSourceImporter().extract(source: removed, file: "Dot.swift")
        guard case .implicit(let fadeMotion) = try Self.found(popped, "dot-o").spec.motion,
            case .implicit(let popMotion) = try Self.found(popped, "dot-s").spec.motion
        else { throw CancellationError() }
        // Settled, not the response: Apple's settlingDuration of that spring (well over 0.3 s).
        #expect(abs(fadeMotion.animation.run.delay - popMotion.animation.run.settlingDuration) < 1e-12)
        #expect(fadeMotion.animation.run.delay > 0.5)
    }

    @Test(
        "elsewhere a reset to the state's initial value keeps its start known; another value makes it progress; a completion's start is always known")
    func resets() throws {
        func source(_ elsewhere: String) -> String {
            """
            import SwiftUI
            struct Like: View {
                @State private var scale: CGFloat = 1
                var body: some View {
                    Image(systemName: "heart").scaleEffect(scale).onTapGesture { like() }.onLongPressGesture { undo() }
                }
                func like() {
                    withAnimation(.linear(duration: 0.2)) { scale = 1.3 } completion: {
                        withAnimation(.linear(duration: 0.4)) { scale = 1 }
                    }
                }
                func undo() { scale = \(elsewhere) }
            }
            """
        }
        let reset = try SwiftSourceImporter().extract(source: source("1"), file: "Like.swift")
        let grow = try Self.found(reset, "like-scale").spec.timeline()
        #expect(grow.properties == ["scale"] && abs(grow.value(of: 0, at: 0.1) - 1.15) < 1e-12)
        let other = try SwiftSourceImporter().extract(source: source("2"), file: "Like.swift")
        #expect(try Self.found(other, "like-scale").spec.timeline().properties == ["progress"])
        // The completion's animation starts at 1.3 whatever else the file does to the state.
        for result in [reset, other] {
            let back = try Self.found(result, "like-scale-2").spec.timeline()
            #expect(back.properties == ["scale"] && back.value(of: 0, at: 0.2) == 1.3 && abs(back.value(of: 0, at: 0.4) - 1.15) < 1e-12)
        }
    }

    @Test("the completion of an animation that repeats forever never runs: said, and taken to start with the action")
    func forever() throws {
        let source = """
            import SwiftUI
            struct Pulse: View {
                @State private var s: CGFloat = 1
                @State private var o: Double = 1
                var body: some View { Circle().scaleEffect(s).opacity(o).onTapGesture { pulse() } }
                func pulse() {
                    withAnimation(.easeInOut(duration: 0.5).repeatForever()) { s = 1.2 } completion: {
                        withAnimation(.linear(duration: 0.1)) { o = 0 }
                    }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Pulse.swift")
        #expect(
            result.unresolved.contains {
                $0.line == 8 && $0.what.contains("repeats forever (line 7)") && $0.what.contains("taken to start with the action")
            }, "\(result.unresolved)")
        guard case .implicit(let motion) = try Self.found(result, "pulse-o").spec.motion else { throw CancellationError() }
        #expect(motion.animation.run.delay == 0)
    }
}
