import SwiftUI

// Written for motionsync's tests in a shape met in public SwiftUI apps: a container hands its
// child closures that animate its own state, under the child's callback labels.

struct PlayerPanel: View {
    @State private var panelSide = 0
    @State private var detailsVisible = false

    var body: some View {
        PanelControls(
            onAlignmentToggle: { withAnimation(.easeInOut(duration: 0.3)) { panelSide = 1 - panelSide } },
            onTapped: { withAnimation(.spring(duration: 0.4, bounce: 0.2)) { detailsVisible.toggle() } }
        )
        .offset(x: CGFloat(panelSide) * 120)
        .opacity(detailsVisible ? 1 : 0.6)
    }
}

struct PanelControls: View {
    var onAlignmentToggle: () -> Void
    var onTapped: () -> Void
    var body: some View {
        HStack {
            Button("Flip", action: onAlignmentToggle)
            Button("Details", action: onTapped)
        }
    }
}
