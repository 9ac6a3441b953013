import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// Issue 48, forms met in apps not seen before: each site is kept, its keys and trigger read,
/// and each is checked against the same site written in a form read before.
@Suite("sites from apps not seen before: expressions as keys, #if chains, held bindings, stiff springs")
struct UnseenAppFormTests {
    static func animations(_ source: String) throws -> [SwiftSourceAnimation] {
        try SwiftSourceImporter().extract(source: source, file: "View.swift").animations
    }

    @Test("`.animation(A, value: expression)` keys on the states the expression reads; one naming none on the view's changes")
    func expressionKeys() throws {
        let source = """
            import SwiftUI
            struct Panel: View {
                @State private var focused: String? = nil
                @State private var items: [Int] = []
                @State private var model = Model()
                var body: some View {
                    ZStack { if let focused { Text(focused) } }
                        .opacity(focused == nil ? 0 : 1)
                        .animation(.linear(duration: 0.2), value: focused == nil)
                        .animation(.easeIn(duration: 0.3), value: items.map { $0 * 2 })
                        .animation(.easeOut(duration: 0.4), value: model.phase.is(.loading))
                        .animation(.easeInOut(duration: 0.5), value: UUID())
                        .onTapGesture { focused = "a" }
                }
            }
            """
        let found = try Self.animations(source)
        #expect(found.map(\.line) == [9, 10, 11, 12])
        #expect(found.map(\.spec.id) == ["panel-focused", "panel-items", "panel-phase", "panel-focused-2"])
        // Keyed as the plain state would be: the same trigger and timeline.
        let plain = try Self.animations(source.replacingOccurrences(of: "value: focused == nil)", with: "value: focused)"))
        #expect(found[0].spec.trigger == plain[0].spec.trigger && found[0].spec.trigger == .tap)
        try expectSameTimeline(found[0].spec, plain[0].spec)
        #expect(found[3].spec.estimates.isEmpty, "UUID() keys on every change: the opacity ternary's state is read")
    }

    @Test("a modifier chain inside `#if` after a view is the view's, not a transition")
    func postfixIfConfig() throws {
        let source = """
            import SwiftUI
            struct Player: View {
                @State private var dims = false
                var body: some View {
                    Color.red
                    #if os(iOS)
                    .overlay(Color.black.opacity(dims ? 0.5 : 0.0))
                    .animation(.linear(duration: 0.2), value: dims)
                    #endif
                    .onTapGesture { dims.toggle() }
                }
            }
            """
        let found = try Self.animations(source)
        #expect(found.map(\.line) == [8] && found.first?.spec.trigger == .tap)
        let plain = try Self.animations(source.replacingOccurrences(of: "#if os(iOS)\n", with: "").replacingOccurrences(of: "#endif\n", with: ""))
        try expectSameTimeline(try #require(found.first).spec, try #require(plain.first).spec)
    }

    @Test("a binding held in a property, animated where a control takes it, is a tap as `$x.animation()` is")
    func heldBinding() throws {
        let held = try Self.animations(
            """
            import SwiftUI
            struct Row: View {
                var isVisible: Binding<Bool>
                var body: some View { Toggle(isOn: isVisible.animation()) { Text("Show") } }
            }
            """)
        let dollar = try Self.animations(
            """
            import SwiftUI
            struct Row: View {
                @Binding var isVisible: Bool
                var body: some View { Toggle(isOn: $isVisible.animation()) { Text("Show") } }
            }
            """)
        #expect(held.count == 1 && held.first?.spec.trigger == .tap && held.first?.spec.id == dollar.first?.spec.id)
        try expectSameTimeline(try #require(held.first).spec, try #require(dollar.first).spec)
        let notPassed = try Self.animations(
            "import SwiftUI\nstruct Row: View {\n    var isVisible: Binding<Bool>\n    var body: some View { let b = isVisible.animation(); Toggle(isOn: b) { Text(\"x\") } }\n}"
        )
        #expect(notPassed.isEmpty, "not passed to a control: nothing says it is a binding")
    }

    @Test("a file Swift 5 accepts and Swift 6 refuses (`@Environment (\\.colorScheme)`) is read; a file neither accepts is refused")
    func swiftFiveSyntax() throws {
        let source = """
            import SwiftUI
            struct Onboarding: View {
                @Environment (\\.colorScheme) var colorScheme
                @State private var shown = false
                var body: some View {
                    Text("x").opacity(shown ? 1 : 0).onAppear { withAnimation(.easeIn(duration: 0.4)) { shown = true } }
                }
            }
            """
        let read = try Self.animations(source)
        let spaced = try Self.animations(source.replacingOccurrences(of: "@Environment (", with: "@Environment("))
        #expect(read.count == 1 && read.first?.spec.trigger == .appear)
        try expectSameTimeline(try #require(read.first).spec, try #require(spaced.first).spec)
        #expect(throws: (any Error).self) { try Self.animations(source.replacingOccurrences(of: "var body", with: "var body var")) }
    }

    @Test("a style's `configuration.isPressed` changes as the user presses: a tap")
    func pressedStyle() throws {
        let source = """
            import SwiftUI
            struct PressStyle: ButtonStyle {
                func makeBody(configuration: Configuration) -> some View {
                    configuration.label
                        .scaleEffect(configuration.isPressed ? 0.9 : 1)
                        .animation(.easeOut(duration: 0.1), value: configuration.isPressed)
                }
            }
            """
        #expect(try Self.animations(source).map(\.spec.trigger) == [.tap])
        let handed = source.replacingOccurrences(of: "func makeBody", with: "func render")
        #expect(try Self.animations(handed).map(\.spec.trigger) == [.tap], "a method the style hands its configuration to")
        let elsewhere = """
            import SwiftUI
            struct Badge: View {
                let configuration: BadgeSettings
                var body: some View {
                    Text("x").scaleEffect(configuration.isPressed ? 0.9 : 1)
                        .animation(.easeOut(duration: 0.1), value: configuration.isPressed)
                }
            }
            """
        #expect(try Self.animations(elsewhere).map(\.spec.trigger) == [.event("isPressed")], "a view's own property: not known as a press")
    }

    @Test("`spring(response: 0)` is infinitely stiff (SwiftUI's documentation): a jump, as a curve of no duration")
    func infinitelyStiffSpring() throws {
        let view = { (animation: String) in
            """
            import SwiftUI
            struct Pin: View {
                @State private var offset: CGFloat = 0
                var body: some View { Text("x").offset(x: offset).onTapGesture { withAnimation(\(animation)) { offset = 15 } } }
            }
            """
        }
        let stiff = try #require(try Self.animations(view(".spring(response: 0, dampingFraction: 0.7, blendDuration: 0)")).first)
        let jump = try #require(try Self.animations(view(".linear(duration: 0)")).first)
        try expectSameTimeline(stiff.spec, jump.spec)
        #expect(try Self.animations(view(".interactiveSpring(response: 0)")).count == 1)
    }
}
