import MotionCore
import MotionSwiftSource
import Testing

/// An animation kept in a computed property that chooses it with `switch` or `if` when the code
/// runs is reported where it is used, in one short line that says so and counts the branches.
@Suite struct RunTimeAnimationChoiceTests {
    @Test("switch and if/else computed animations: one line at the withAnimation call, naming the choice and counting its literal branches")
    func reportedAtTheCall() throws {
        let source = """
            import SwiftUI
            struct Springs: View {
                enum Kind { case smooth, snappy, bouncy }
                @State private var kind = Kind.smooth
                @State private var left = false
                @State private var on = false
                @State private var moved = false
                var picked: Animation {
                    switch kind {
                    case .smooth:
                        // a comment that must not show
                        return .spring(response: 0.5, dampingFraction: 0.8)
                    case .snappy: return .snappy
                    case .bouncy: return .interpolatingSpring(mass: 1, stiffness: 100, damping: 5)
                    }
                }
                var dragged: Animation {
                    if left {
                        return .spring(duration: 0.6, bounce: 0)
                    } else {
                        return .spring(duration: 0.6, bounce: customBounce())
                    }
                }
                var body: some View {
                    Circle().scaleEffect(on ? 1.2 : 1).offset(x: moved ? 40 : 0)
                        .onTapGesture {
                            withAnimation(picked) { on.toggle() }
                        }
                        .gesture(DragGesture().onEnded { _ in
                            withAnimation(dragged) { moved.toggle() }
                        })
                }
                func customBounce() -> Double { Double.random(in: 0...0.3) }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Springs.swift")
        // Kept, each with its first choice and the reason it is an estimate (issue 48).
        #expect(
            result.animations.map(\.spec.estimates) == [
                ["`picked` is chosen at run time by `switch kind`; its first choice, `.spring(response: 0.5, dampingFraction: 0.8)`, is shown"],
                ["`dragged` is chosen at run time by `if left`; its first choice, `.spring(duration: 0.6, bounce: 0)`, is shown"],
            ])
        let picked = try #require(result.unresolved.first { $0.line == 27 }, "\(result.unresolved)")
        #expect(
            picked.what.hasPrefix(
                "withAnimation: `picked` is chosen at run time by `switch kind` among 3 literal animations, so no one animation stands for it; estimated:"
            ))
        let dragged = try #require(result.unresolved.first { $0.line == 30 }, "\(result.unresolved)")
        #expect(
            dragged.what.hasPrefix(
                "withAnimation: `dragged` is chosen at run time by `if left` among 2 animations (1 of them literal), so no one animation stands for it; estimated:"
            ))
        #expect(result.unresolved.count == 2, "\(result.unresolved)")
        #expect(!result.unresolved.contains { $0.what.contains("\\u{A}") || $0.what.contains("comment") })
    }

    @Test("`pressed ? nil : .default`: the branch that animates is shown, marked as an estimate naming the condition")
    func noneOrOne() throws {
        let source = """
            import SwiftUI
            struct Pressable: ButtonStyle {
                @State private var isOn = false
                func makeBody(configuration: Configuration) -> some View {
                    configuration.label
                        .scaleEffect(isOn ? 1.2 : 1)
                        .animation(configuration.isPressed ? nil : .easeOut(duration: 0.3), value: isOn)
                        .onTapGesture { isOn.toggle() }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Pressable.swift")
        let animation = try #require(result.animations.first)
        // The same file with the literal alone: the animation it reads.
        let literal = source.replacingOccurrences(of: "configuration.isPressed ? nil : .easeOut", with: ".easeOut")
        let plain = try #require(try SwiftSourceImporter().extract(source: literal, file: "Pressable.swift").animations.first)
        guard case .implicit(let motion) = animation.spec.motion, case .implicit(let expected) = plain.spec.motion else {
            Issue.record("not implicit")
            return
        }
        #expect(motion.animation == expected.animation && plain.spec.estimates.isEmpty)
        #expect(
            animation.spec.estimates.contains { $0.contains("none when it holds") && $0.contains("configuration.isPressed") },
            "\(animation.spec.estimates)")
    }

    @Test("`$0.animation(_:value:)` in a closure is the modifier on the closure's view, not a binding's animation")
    func shorthandArgumentReceiver() throws {
        let source = """
            import SwiftUI
            struct Status: View {
                @State private var shown = false
                var body: some View {
                    Text("status")
                        .opacity(shown ? 1 : 0)
                        .modify {
                            $0.animation(.easeOut(duration: 0.25), value: shown)
                        }
                        .onTapGesture { shown.toggle() }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Status.swift")
        #expect(result.animations.count == 1)
        #expect(result.animations.first?.line == 8)
        #expect(result.animations.first?.spec.trigger == .tap)
    }
}
