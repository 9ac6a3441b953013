import MotionCore
import MotionSwiftSource
import Testing

/// A closure handed to a view or a method of the same file that runs it from a handler of its
/// own (Habitica's `ChecklistItemView(onDelete: { withAnimation { … } })` whose `Button` calls
/// `onDelete()`; Nostur's `controlButton(icon:action:)` that makes `Button(action: action)`)
/// was `event:onDelete` or the method's name: it is that handler's trigger.
@Suite("a closure handed to the file's own view or method takes the trigger of the handler that runs it")
struct ForwardedClosureTriggerTests {
    static func triggers(_ source: String) throws -> [Trigger] {
        try SwiftSourceImporter().extract(source: "import SwiftUI\n" + source, file: "Checklist.swift").animations.map(\.spec.trigger)
    }

    @Test(
        "a view's Button action, a closure called in a Button, a drag or a task, a method's Button(action:), given as a label or a trailing closure")
    func forwarded() throws {
        let found = try Self.triggers(
            """
            struct ChecklistView: View {
                @State private var items: [String] = ["a"]
                @State private var flag = false
                var body: some View {
                    VStack {
                        ForEach(items, id: \\.self) { item in
                            ChecklistItemView(item: item, onDelete: { withAnimation(.easeOut(duration: 0.2)) { items.removeAll { $0 == item } } },
                                onRemove: { withAnimation(.easeIn(duration: 0.3)) { flag.toggle() } },
                                onSave: { withAnimation(.easeIn(duration: 0.4)) { flag = true } })
                        }
                        controlButton(icon: "plus", action: { withAnimation(.easeInOut(duration: 0.25)) { items.append("b") } })
                        controlButton(icon: "minus") { withAnimation(.easeInOut(duration: 0.35)) { items.removeLast() } }
                    }.opacity(flag ? 1 : 0.5).offset(y: CGFloat(items.count))
                }
                private func controlButton(icon: String, action: @escaping () -> Void) -> some View {
                    Button(action: action) { Image(systemName: icon) }
                }
            }
            struct ChecklistItemView: View {
                let item: String
                var onDelete: () -> Void
                var onRemove: (() -> Void)?
                var onSave: () -> Void
                var body: some View {
                    HStack {
                        Text(item)
                        Button { onDelete() } label: { Image(systemName: "trash") }
                    }
                    .gesture(DragGesture().onEnded { _ in self.onRemove?() })
                    .task { onSave() }
                }
            }
            """)
        #expect(found == [.tap, .drag, .appear, .tap, .tap])
    }

    @Test("a method handed by name to .onTapGesture(perform:), a Button's or an app button's action:, .onAppear(perform:)")
    func methodReferences() throws {
        let found = try Self.triggers(
            """
            struct Tags: View {
                @State private var picked = false
                var body: some View {
                    VStack {
                        Text("t").onTapGesture(perform: select)
                        Button("b", action: clear)
                        CircleButton(icon: "x", action: flip)
                        Text("u").onAppear(perform: load)
                    }.opacity(picked ? 1 : 0.5)
                }
                func select() { withAnimation(.easeIn(duration: 0.2)) { picked.toggle() } }
                func clear() { withAnimation(.easeIn(duration: 0.3)) { picked = false } }
                func flip() { withAnimation(.easeIn(duration: 0.4)) { picked.toggle() } }
                func load() { withAnimation(.easeIn(duration: 0.5)) { picked = true } }
            }
            """)
        #expect(found == [.tap, .tap, .tap, .appear])
    }
}
