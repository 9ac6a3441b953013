import SwiftUI
import UIKit

// Haptics fired alongside animations, and one fired with nothing animating.
struct ToggleChip: View {
    @State private var isOn = false
    @State private var taskCompleted = false
    @State private var saves = 0

    var body: some View {
        VStack {
            Button("Toggle") {
                UIImpactFeedbackGenerator(style: .medium).impactOccurred()
                withAnimation(.snappy) { isOn.toggle() }
            }
            .scaleEffect(isOn ? 1.1 : 1.0)

            Button("Save") { save() }
                .offset(y: saves > 0 ? -6 : 0)
                .animation(.smooth(duration: 0.3), value: saves)

            Text("Done")
                .sensoryFeedback(.success, trigger: taskCompleted)
        }
    }

    private func save() {
        saves += 1
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {
            UINotificationFeedbackGenerator().notificationOccurred(.success)
        }
    }
}
