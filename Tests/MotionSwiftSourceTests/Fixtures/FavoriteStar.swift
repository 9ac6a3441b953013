import SwiftUI

// Seed 004, "Syncing haptics with keyframe peaks".
struct FavoriteStar: View {
    @State private var tapCount = 0

    var body: some View {
        Image(systemName: "star.fill")
            .keyframeAnimator(initialValue: 1.0, trigger: tapCount) { view, scale in
                view.scaleEffect(scale)
            } keyframes: { _ in
                SpringKeyframe(1.35, duration: 0.20, spring: .snappy(duration: 0.20))
                SpringKeyframe(1.0,  duration: 0.34, spring: .smooth(duration: 0.34))
            }
            .sensoryFeedback(.impact(weight: .medium, intensity: 0.85), trigger: tapCount)
            .onTapGesture { tapCount += 1 }
    }
}
