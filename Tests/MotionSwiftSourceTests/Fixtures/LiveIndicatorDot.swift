import SwiftUI

// Seed 004, "Triggers, loops, and replay control", as written (including the zero-length
// CubicKeyframe, which SwiftUI accepts).
struct LiveIndicatorDot: View {
    var body: some View {
        Circle()
            .fill(.blue.opacity(0.6))
            .frame(width: 24, height: 24)
            .keyframeAnimator(
                initialValue: 1.0,
                repeating: true
            ) { view, scale in
                view.scaleEffect(scale)
            } keyframes: { _ in
                CubicKeyframe(1.0, duration: 0.0)
                SpringKeyframe(1.4, duration: 0.6, spring: .smooth(duration: 0.6))
                SpringKeyframe(1.0, duration: 0.8, spring: .smooth(duration: 0.8))
            }
    }
}
