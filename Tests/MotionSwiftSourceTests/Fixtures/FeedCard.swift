import SwiftUI

// Seed 000, "Keyframe Types": the seed's opacity track, as written. The seed shows the track alone;
// the animator around it, its CardValues and the appear trigger are ours, following
// Specs/Feed.json (card-fade-in: the card starts invisible and fades in on appear).
struct CardValues {
    var opacity: Double = 0
}

struct FeedCard: View {
    @State private var appeared = false

    var body: some View {
        RoundedRectangle(cornerRadius: 12)
            .keyframeAnimator(initialValue: CardValues(), trigger: appeared) { content, values in
                content.opacity(values.opacity)
            } keyframes: { _ in
                KeyframeTrack(\.opacity) {
                    MoveKeyframe(0.0)                          // Start invisible
                    LinearKeyframe(1.0, duration: 0.3)         // Fade in linearly
                    CubicKeyframe(0.5, duration: 0.2)          // Ease to half opacity
                    SpringKeyframe(1.0, duration: 0.4)         // Spring back to full
                }
            }
            .onAppear { appeared = true }
    }
}
