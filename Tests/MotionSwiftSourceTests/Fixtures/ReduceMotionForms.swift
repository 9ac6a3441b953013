import SwiftUI

// Seed 003, "Accessibility & Multimodal Feedback": the Reduce Motion patterns.
struct SettingsRow: View {
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var isExpanded = false
    @State private var isActive = false
    @State private var selected = 0

    var body: some View {
        VStack {
            // Pattern 1: conditional animation.
            Button("More") {
                withAnimation(reduceMotion ? .none : .spring()) {
                    isExpanded.toggle()
                }
            }
            .rotationEffect(.degrees(isExpanded ? 90 : 0))

            // Pattern 2: simplified alternative.
            Toggle("Active", isOn: $isActive)
                .scaleEffect(isActive ? 1.05 : 1.0)
                .animation(reduceMotion ? .easeOut(duration: 0.15) : .spring(duration: 0.5, bounce: 0.3), value: isActive)

            // Pattern 3: skip entirely.
            if !reduceMotion {
                Image(systemName: "sparkles")
                    .phaseAnimator([false, true]) { content, phase in
                        content.opacity(phase ? 1 : 0.5)
                    }
            }

            // A branch that changes the state without animation.
            Button("Next") {
                if reduceMotion {
                    selected += 1
                } else {
                    withAnimation(.snappy) { selected += 1 }
                }
            }
            .offset(x: selected > 0 ? 40 : 0)

            // Motion kept still under Reduce Motion, the fade stays: a crossfade.
            Text("Hint")
                .offset(y: reduceMotion ? 0 : (isExpanded ? -12 : 0))
                .opacity(isExpanded ? 1 : 0)
                .animation(.easeInOut(duration: 0.25), value: isExpanded)
        }
    }
}
