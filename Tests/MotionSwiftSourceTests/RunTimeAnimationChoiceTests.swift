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
            func customBounce() -> Double { 0.3 }
        }
        """
        let result = try SwiftSourceImporter().extract(source: source, file: "Springs.swift")
        // Kept, each with its first choice and the reason it is an estimate (issue 48).
        #expect(result.animations.map(\.spec.estimates) == [
            ["`picked` is chosen at run time by `switch kind`; its first choice, `.spring(response: 0.5, dampingFraction: 0.8)`, is shown"],
            ["`dragged` is chosen at run time by `if left`; its first choice, `.spring(duration: 0.6, bounce: 0)`, is shown"],
        ])
        let picked = try #require(result.unresolved.first { $0.line == 27 }, "\(result.unresolved)")
        #expect(picked.what.hasPrefix("withAnimation: `picked` is chosen at run time by `switch kind` among 3 literal animations, so no one animation stands for it; estimated:"))
        let dragged = try #require(result.unresolved.first { $0.line == 30 }, "\(result.unresolved)")
        #expect(dragged.what.hasPrefix("withAnimation: `dragged` is chosen at run time by `if left` among 2 animations (1 of them literal), so no one animation stands for it; estimated:"))
        #expect(result.unresolved.count == 2, "\(result.unresolved)")
        #expect(!result.unresolved.contains { $0.what.contains("\\u{A}") || $0.what.contains("comment") })
    }
}
