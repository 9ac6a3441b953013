import SwiftUI

// Seed 003, "Sensory Feedback": a like button that bounces and taps back.
struct LikeButton: View {
    @State private var isLiked = false

    var body: some View {
        Button("Like") {
            withAnimation(.bouncy) { isLiked.toggle() }
        }
        .scaleEffect(isLiked ? 1.2 : 1.0)
        .sensoryFeedback(.impact(flexibility: .soft, intensity: 0.7), trigger: isLiked)
    }
}
