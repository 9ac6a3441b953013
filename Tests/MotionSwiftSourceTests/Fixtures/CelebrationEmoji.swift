import SwiftUI

// Seed 003, "KeyframeAnimator" section; `celebrate` is the event counter the seed leaves undeclared.
struct AnimationValues {
    var scale: Double = 1.0
    var rotation: Angle = .zero
    var yOffset: Double = 0
}

struct CelebrationEmoji: View {
    var celebrate: Int

    var body: some View {
        Text("🎉")
            .keyframeAnimator(initialValue: AnimationValues(), trigger: celebrate) { content, value in
                content
                    .scaleEffect(value.scale)
                    .rotationEffect(value.rotation)
                    .offset(y: value.yOffset)
            } keyframes: { _ in
                KeyframeTrack(\.scale) {
                    SpringKeyframe(1.5, duration: 0.2)
                    SpringKeyframe(1.0, duration: 0.3)
                }
                KeyframeTrack(\.rotation) {
                    LinearKeyframe(.degrees(-15), duration: 0.1)
                    SpringKeyframe(.degrees(15), duration: 0.15)
                    SpringKeyframe(.zero, duration: 0.25)
                }
                KeyframeTrack(\.yOffset) {
                    SpringKeyframe(-20, duration: 0.2)
                    SpringKeyframe(0, duration: 0.3)
                }
            }
    }
}
