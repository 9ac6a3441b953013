import SwiftUI

// Seed 004, "Multi-track animations with KeyframeTrack".
struct BumpValues {
    var scale: CGFloat = 1.0
    var rotation: Angle = .zero
    var yOffset: CGFloat = 0
}

struct BumpButton: View {
    @State private var trigger = 0

    var body: some View {
        Button("Add to Cart") { trigger += 1 }
            .keyframeAnimator(
                initialValue: BumpValues(),
                trigger: trigger
            ) { view, v in
                view
                    .scaleEffect(v.scale)
                    .rotationEffect(v.rotation)
                    .offset(y: v.yOffset)
            } keyframes: { _ in
                KeyframeTrack(\.scale) {
                    SpringKeyframe(1.15, duration: 0.20, spring: .snappy(duration: 0.20))
                    SpringKeyframe(1.0,  duration: 0.30, spring: .smooth(duration: 0.30))
                }
                KeyframeTrack(\.rotation) {
                    CubicKeyframe(.degrees(-4), duration: 0.10)
                    CubicKeyframe(.degrees(4),  duration: 0.12)
                    SpringKeyframe(.zero,       duration: 0.28)
                }
                KeyframeTrack(\.yOffset) {
                    SpringKeyframe(-6, duration: 0.18, spring: .snappy(duration: 0.18))
                    SpringKeyframe(0,  duration: 0.32, spring: .smooth(duration: 0.32))
                }
            }
    }
}
