import SwiftUI

// Seed 003, "Gesture + Spring Completion Pattern".
struct DraggableCard: View {
    @State private var offset: CGSize = .zero
    @State private var isDragging = false

    var body: some View {
        RoundedRectangle(cornerRadius: 16)
            .offset(offset)
            .gesture(
                DragGesture()
                    .onChanged { value in
                        offset = value.translation
                        isDragging = true
                    }
                    .onEnded { value in
                        withAnimation(.spring(duration: 0.5, bounce: 0.2)) {
                            offset = .zero
                        }
                        isDragging = false
                    }
            )
            .animation(.interactiveSpring, value: isDragging)
    }
}
