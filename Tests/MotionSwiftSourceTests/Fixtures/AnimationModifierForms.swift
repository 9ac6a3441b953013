import SwiftUI
// The forms of `.animation` (issue 48): Binding.animation, the deprecated modifier, the body form;
// a transition's `.animation` and a layer's `animation(forKey:)` are not sites.

struct Settings: View {
    @State private var isOn = false
    @State private var shown = false
    @State private var items = [1, 2]
    var body: some View {
        VStack {
            Toggle("Sound", isOn: $isOn.animation(.easeIn(duration: 0.2)))
            Text("a")
                .opacity(shown ? 1 : 0)
                .transition(.opacity.animation(.easeOut(duration: 0.3)))
                .transition(AnyTransition.slide.animation(.default))
            Text("b")
                .scaleEffect(shown ? 1.2 : 1)
                .animation(.spring(duration: 0.4))
            Text("c")
                .animation(.smooth) { content in content.opacity(shown ? 1 : 0.2) }
            Button("swap") { withAnimation(.snappy) { swap() } }
        }
    }
    func swap() { (items[0], items[1]) = (items[1], items[0]); shown.toggle() }
    func look(_ layer: CALayer) { _ = layer.animation(forKey: "x") }
}
