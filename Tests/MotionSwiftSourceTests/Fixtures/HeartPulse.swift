import SwiftUI

// Seed 004, "A minimal KeyframeAnimator example".
struct HeartPulse: View {
    @State private var tapCount = 0

    var body: some View {
        Image(systemName: "heart.fill")
            .font(.system(size: 64))
            .foregroundStyle(.pink)
            .keyframeAnimator(
                initialValue: 1.0,
                trigger: tapCount
            ) { view, scale in
                view.scaleEffect(scale)
            } keyframes: { _ in
                LinearKeyframe(1.0, duration: 0.0)
                SpringKeyframe(1.28, duration: 0.18, spring: .snappy(duration: 0.18))
                CubicKeyframe(1.28, duration: 0.06)          // hold
                SpringKeyframe(1.0, duration: 0.34, spring: .smooth(duration: 0.34))
            }
            .onTapGesture { tapCount += 1 }
    }
}
