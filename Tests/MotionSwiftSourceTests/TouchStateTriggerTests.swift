import MotionCore
import MotionSwiftSource
import Testing

/// States a touch sets, read in apps as `event:<name>`: a cell's or control's highlight and
/// selection (`setHighlighted(_:animated:)`, `override var isHighlighted { didSet }`; Rocket.Chat,
/// Aidoku, Session), a style's `configuration.isPressed` read in a method `makeBody` hands the
/// configuration to (Swiftfin), and a view's `isPressed` that a style passes in (Home Assistant).
@Suite("highlight, selection and press states are taps")
struct TouchStateTriggerTests {
    static func triggers(_ source: String) throws -> [Trigger] {
        try SwiftSourceImporter().extract(source: "import UIKit\nimport SwiftUI\n" + source, file: "Cells.swift").animations.map(\.spec.trigger)
    }

    @Test("UIKit: setHighlighted/setSelected(_:animated:) and overridden isHighlighted/isSelected are taps; another property is not")
    func cells() throws {
        let found = try Self.triggers(
            """
            final class ServerCell: UITableViewCell {
                override func setHighlighted(_ highlighted: Bool, animated: Bool) {
                    super.setHighlighted(highlighted, animated: animated)
                    UIView.animate(withDuration: 0.2) { self.contentView.alpha = highlighted ? 0.5 : 1 }
                }
                override func setSelected(_ selected: Bool, animated: Bool) {
                    UIView.animate(withDuration: 0.3) { self.contentView.alpha = selected ? 0.6 : 1 }
                }
                func setSelected(_ selected: Bool) { UIView.animate(withDuration: 0.4) { self.contentView.alpha = 0.7 } }
            }
            final class Chip: UIControl {
                override var isHighlighted: Bool {
                    didSet { UIView.animate(withDuration: 0.15) { self.alpha = self.isHighlighted ? 0.5 : 1 } }
                }
                override var isSelected: Bool {
                    didSet { UIView.animate(withDuration: 0.25) { self.alpha = self.isSelected ? 0.8 : 1 } }
                }
                var progress: Double = 0 {
                    didSet { UIView.animate(withDuration: 0.35) { self.alpha = 0.9 } }
                }
            }
            """)
        #expect(found == [.tap, .tap, .event("setSelected"), .tap, .tap, .event("progress")])
    }

    @Test("SwiftUI: a style's configuration.isPressed in a method given the configuration, and a passed-in isPressed, are taps")
    func styles() throws {
        let found = try Self.triggers(
            """
            struct OverlayButtonStyle: ButtonStyle {
                func makeBody(configuration: Configuration) -> some View { body(configuration) }
                private func body(_ configuration: Configuration) -> some View {
                    configuration.label.scaleEffect(configuration.isPressed ? 0.8 : 1)
                        .animation(.bouncy(duration: 0.25), value: configuration.isPressed)
                }
            }
            struct PressEffect: ViewModifier {
                let isPressed: Bool
                let isLoading: Bool
                func body(content: Content) -> some View {
                    content.scaleEffect(isPressed ? 0.95 : 1).animation(.easeInOut(duration: 0.1), value: isPressed)
                        .opacity(isLoading ? 0.5 : 1).animation(.easeInOut(duration: 0.2), value: isLoading)
                }
            }
            struct Pad: View {
                @State private var isPressed = false
                var body: some View {
                    Circle().scaleEffect(isPressed ? 0.9 : 1).animation(.easeIn(duration: 0.1), value: isPressed)
                        .onAppear { isPressed = true }
                }
            }
            """)
        #expect(found == [.tap, .tap, .event("isLoading"), .appear])
    }

    @Test("a deprecated .animation(_:) keyed on no state of the view takes the trigger of the handlers in the view it modifies")
    func deprecatedAnimationOnHandlers() throws {
        let found = try Self.triggers(
            """
            struct TaskForm: View {
                @State private var items: [String] = []
                var body: some View {
                    VStack {
                        weekOption("M", isEnabled: .constant(true))
                        VStack {
                            ForEach(items, id: \\.self) { Text($0) }
                            Button(action: { items.append("x") }, label: { Text("Add") })
                        }.animation(.easeInOut)
                        Text("t").frame(width: 3).animation(.easeIn)
                    }
                }
                private func weekOption(_ initial: String, isEnabled: Binding<Bool>) -> some View {
                    Text(initial).background(Circle().fill(isEnabled.wrappedValue ? Color.accentColor : Color.gray))
                        .animation(.easeInOut)
                        .onTapGesture { isEnabled.wrappedValue.toggle() }
                }
            }
            """)
        #expect(found == [.tap, .event("change"), .tap], "the stack's Button, nothing, the option's own tap")
    }

    @Test("a @GestureState takes the gesture whose updating sets it: a long press is a tap, a drag a drag, also through onChange(of:)")
    func gestureStates() throws {
        let found = try Self.triggers(
            """
            struct FloatingTrigger: View {
                @GestureState private var pressingDown = false
                @GestureState private var dragOffset: CGSize = .zero
                @State private var expanded = false
                var body: some View {
                    Circle()
                        .scaleEffect(pressingDown ? 0.9 : 1).animation(.easeOut(duration: 0.2), value: pressingDown)
                        .offset(dragOffset).animation(.easeOut(duration: 0.3), value: dragOffset)
                        .gesture(LongPressGesture(minimumDuration: .infinity).updating($pressingDown) { value, state, _ in state = value })
                        .simultaneousGesture(DragGesture().updating($dragOffset) { value, state, _ in state = value.translation })
                        .onChange(of: pressingDown) { _ in withAnimation(.easeIn(duration: 0.4)) { expanded.toggle() } }
                        .onChange(of: dragOffset) { _ in withAnimation(.easeIn(duration: 0.5)) { expanded = false } }
                }
            }
            struct Cover: View {
                @GestureState private var dragState = CGSize.zero
                var body: some View {
                    Circle().offset(dragState).animation(.spring(), value: dragState)
                        .gesture(LongPressGesture(minimumDuration: 0.01).sequenced(before: DragGesture()).updating($dragState) { v, s, _ in s = .zero })
                }
            }
            """)
        // A press then a drag (`sequenced(before: DragGesture())`) is a drag.
        #expect(found == [.tap, .drag, .tap, .drag, .drag])
    }

    @Test("a deprecated .animation(_:) takes the gesture a local let attaches; a view property's spring with a velocity is estimated, not replaced")
    func localGestureAndPropertySpring() throws {
        let source = """
            import SwiftUI
            struct Cover: View {
                @GestureState private var dragState = CGSize.zero
                @State private var moved = false
                private var coverSpring: Animation { .interpolatingSpring(mass: 1, stiffness: 150, damping: 15, initialVelocity: 5) }
                var body: some View {
                    let pressDrag = LongPressGesture(minimumDuration: 0.01).sequenced(before: DragGesture())
                        .updating($dragState) { _, state, _ in state = .zero }
                    return Circle().offset(dragState).animation(coverSpring)
                        .gesture(pressDrag)
                        .simultaneousGesture(TapGesture().onEnded { moved = false })
                }
            }
            """
        let found = try #require(try SwiftSourceImporter().extract(source: source, file: "Cover.swift").animations.first)
        #expect(found.spec.trigger == .drag)
        let literal = try #require(
            try SwiftSourceImporter().extract(
                source: source.replacingOccurrences(of: "initialVelocity: 5", with: "initialVelocity: 0"), file: "Cover.swift"
            ).animations.first)
        #expect(found.spec.estimates.contains { $0.hasPrefix("`coverSpring`: initialVelocity") }, "\(found.spec.estimates)")
        try expectSameTimeline(found.spec, literal.spec)
    }
}
