import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// A site whose animation is not all literal is kept (issue 48): what can be read, SwiftUI's own
/// default for each unknown value, and why, in `AnimationSpec.estimates`. Each is checked against
/// the same site written with the literal (or default) SwiftUI would use.
@Suite("implicit animations with values that are not literal: kept, estimated, located")
struct EstimatedSiteTests {
    /// A view with one `.animation(ANIMATION, value: shown)` site on line 10.
    static func view(_ animation: String, members: String = "") -> String {
        """
        import SwiftUI
        struct Tile: View {
            @State private var shown = false
            let duration: Double
            let index: Int
            \(members)
            var body: some View {
                Text("x")
                    .opacity(shown ? 1 : 0)
                    .animation(\(animation), value: shown)
                    .onTapGesture { shown.toggle() }
            }
        }
        """
    }

    /// The one animation `source` yields.
    static func only(_ source: String) throws -> SwiftSourceAnimation {
        let result = try SwiftSourceImporter().extract(source: source, file: "Tile.swift")
        try #require(result.animations.count == 1, "\(result)")
        return result.animations[0]
    }

    @Test("a non-literal duration: the curve with SwiftUI's default duration, marked, at its line and column")
    func nonLiteralDuration() throws {
        let read = try Self.only(Self.view(".easeOut(duration: duration)"))
        try expectSameTimeline(read.spec, try Self.only(Self.view(".easeOut")).spec)
        #expect(read.spec.estimates == ["duration: `duration` in `.easeOut` is not a literal; SwiftUI's default for it is used"])
        #expect(read.line == 10 && read.column == 14, "the `animation` token of `.animation(`")
        #expect(read.spec.trigger == .tap)
    }

    @Test("a spring with one non-literal argument keeps the literal ones")
    func partialSpring() throws {
        let read = try Self.only(Self.view(".spring(response: 0.3, dampingFraction: duration)"))
        try expectSameTimeline(read.spec, try Self.only(Self.view(".spring(response: 0.3)")).spec)
        #expect(read.spec.estimates.count == 1 && read.spec.estimates[0].contains("dampingFraction: `duration`"))
    }

    @Test("a delay per item: the base timing, the delay named in the reason")
    func staggered() throws {
        let read = try Self.only(Self.view(".easeIn(duration: 0.2).delay(Double(index) * 0.05)"))
        try expectSameTimeline(read.spec, try Self.only(Self.view(".easeIn(duration: 0.2)")).spec)
        #expect(
            read.spec.estimates == [
                "the delay `Double(index) * 0.05` is not a literal (it may differ per item or per run); the timing is shown without it"
            ])
    }

    @Test("an animation held in a name the file does not define: Animation.default stands in, marked")
    func unknownName() throws {
        let read = try Self.only(Self.view("slideGently"))
        try expectSameTimeline(read.spec, try Self.only(Self.view(".default")).spec)
        #expect(read.spec.estimates.first?.hasPrefix("`slideGently` is not an animation written with literal values here") == true)
    }

    @Test("a name the type defines with literal values is read exactly, with no estimate")
    func namedInType() throws {
        let read = try Self.only(Self.view("slideGently", members: "private let slideGently = Animation.easeOut(duration: 0.4)"))
        try expectSameTimeline(read.spec, try Self.only(Self.view(".easeOut(duration: 0.4)")).spec)
        #expect(read.spec.estimates.isEmpty)
    }

    @Test("a choice at run time between two animations: the first shown, the condition named")
    func runTimeChoice() throws {
        let read = try Self.only(Self.view("index > 2 ? .easeIn(duration: 0.1) : .easeOut(duration: 0.5)"))
        try expectSameTimeline(read.spec, try Self.only(Self.view(".easeIn(duration: 0.1)")).spec)
        #expect(read.spec.estimates.first?.contains("chosen at run time by `index > 2`") == true)
    }

    @Test("an exact site has no estimate")
    func exact() throws {
        #expect(try Self.only(Self.view(".easeOut(duration: 0.3)")).spec.estimates.isEmpty)
    }
}

/// The forms of `.animation` read since issue 48, and what is not a site.
@Suite("the forms of .animation")
struct AnimationModifierFormTests {
    @Test("Binding.animation, the deprecated modifier, the body form and a called method's changes; transitions and layers are not sites")
    func forms() throws {
        let result = try extractFixture("AnimationModifierForms.swift")
        let byLine = Dictionary(uniqueKeysWithValues: result.animations.map { ($0.line, $0) })
        // Line for line: `$isOn.animation` (11), deprecated (18), body form (20), withAnimation calling swap() (21).
        #expect(result.animations.map(\.line).sorted() == [11, 18, 20, 21], "transitions (14, 15) and animation(forKey:) (25) are not sites")
        #expect(byLine[11]?.spec.trigger == .tap && byLine[11]?.column == 41)
        guard case .implicit(let toggle)? = byLine[11]?.spec.motion else {
            Issue.record("not implicit")
            return
        }
        #expect(toggle.animation == ImplicitAnimation(PhaseAnimation(.bezier(.easeIn, duration: 0.2))))
        guard case .implicit(let deprecated)? = byLine[18]?.spec.motion else {
            Issue.record("not implicit")
            return
        }
        #expect(deprecated.values == [ImplicitValue("scale", from: 1, to: 1.2)])
        guard case .implicit(let body)? = byLine[20]?.spec.motion else {
            Issue.record("not implicit")
            return
        }
        #expect(body.values == [ImplicitValue("opacity", from: 0.2, to: 1)])
        // `swap()` assigns `items` by a tuple and toggles `shown`: both are keys, none guessed.
        #expect(byLine[21]?.spec.id == "settings-items-shown" && byLine[21]?.spec.estimates == [])
        #expect(result.unresolved.map(\.line) == [18])
    }
}

/// `Task.sleep` before a `withAnimation` delays its start; a sleep that is not a literal marks it.
@Suite("Task.sleep before withAnimation")
struct TaskSleepSiteTests {
    static func view(_ sleep: String) -> String {
        """
        import SwiftUI
        struct Toast: View {
            @State private var shown = false
            let pause: Double
            var body: some View {
                Text("saved").opacity(shown ? 1 : 0)
                    .task {
                        try? await \(sleep)
                        withAnimation(.easeOut(duration: 0.3)) { shown = true }
                    }
            }
        }
        """
    }

    @Test("a literal sleep is a start delay; a sleep of a name is counted as 0 s and marked")
    func sleeps() throws {
        let literal = try EstimatedSiteTests.only(Self.view("Task.sleep(for: .seconds(1.5))"))
        guard case .implicit(let motion) = literal.spec.motion else {
            Issue.record("not implicit")
            return
        }
        #expect(abs(motion.animation.startDelay + motion.animation.run.delay - 1.5) < 1e-12 && literal.spec.estimates.isEmpty)
        let named = try EstimatedSiteTests.only(Self.view("Task.sleep(for: .seconds(pause))"))
        #expect(named.spec.estimates.count == 1 && named.spec.estimates[0].contains("not a literal duration"), "\(named.spec.estimates)")
    }
}

/// `withAnimation(A, body)` with a body that is not written as a closure (issue 48).
@Suite("withAnimation with its body passed in")
struct PassedBodyTests {
    static let source = """
        import SwiftUI
        struct Panel: View {
            @State private var open = false
            let operation: () -> Void
            var body: some View {
                VStack {
                    Button("a") { withAnimation(.easeIn(duration: 0.2), toggle) }
                    Button("b") { withAnimation(.easeOut(duration: 0.3), operation) { print("done") } }
                }
                .opacity(open ? 1 : 0.5)
            }
            func toggle() { open.toggle() }
        }
        """

    @Test("a method of the view: its changes are the keys; a closure held in a name: kept, estimated; the trailing closure is the completion")
    func passed() throws {
        let result = try SwiftSourceImporter().extract(source: Self.source, file: "Panel.swift")
        #expect(result.animations.map(\.line) == [7, 8], "\(result.animations.map(\.spec.id))")
        let method = try #require(result.animations.first { $0.line == 7 })
        guard case .implicit(let moved) = method.spec.motion else {
            Issue.record("not implicit")
            return
        }
        #expect(moved.values == [ImplicitValue("opacity", from: 0.5, to: 1)] && method.spec.estimates.isEmpty && method.spec.trigger == .tap)
        let held = try #require(result.animations.first { $0.line == 8 })
        #expect(
            held.spec.estimates == [
                "its body `operation` is passed in: what it changes is not written here; one progress value 0 → 1 stands for what moves"
            ])
        #expect(held.spec.trigger == .tap)
    }
}

/// `.animation(_:value:)` keyed on several states at once (issue 48's corpus).
@Suite(".animation keyed on an array of states")
struct ArrayValueTests {
    @Test("value: [a, b] keys on both states")
    func arrayValue() throws {
        let source = """
            import SwiftUI
            struct Bar: View {
                @State private var a = false
                @State private var b = false
                var body: some View {
                    Text("x").opacity(a ? 1 : 0).scaleEffect(b ? 1.2 : 1)
                        .animation(.easeIn(duration: 0.2), value: [a, b])
                        .onTapGesture { a.toggle(); b.toggle() }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Bar.swift")
        let only = try #require(result.animations.first)
        #expect(result.animations.count == 1 && only.spec.id == "bar-a-b" && only.spec.trigger == .tap, "\(result.animations.map(\.spec.id))")
        guard case .implicit(let motion) = only.spec.motion else {
            Issue.record("not implicit")
            return
        }
        #expect(Set(motion.values.map(\.name)) == ["opacity", "scale"])
    }
}
