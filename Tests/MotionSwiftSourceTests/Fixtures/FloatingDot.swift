import SwiftUI

// Seed 000, "Continuous KeyframeAnimator". The seed does not show FloatValues; Specs/Home.json
// (floating-loop) assumes y 0 and opacity 1, so the struct gives those defaults.
struct FloatValues {
    var yOffset: Double = 0
    var opacity: Double = 1.0
}

struct FloatingDot: View {
    var body: some View {
        KeyframeAnimator(
            initialValue: FloatValues(),
            repeating: true
        ) { values in
            Circle()
                .offset(y: values.yOffset)
                .opacity(values.opacity)
        } keyframes: { _ in
            KeyframeTrack(\.yOffset) {
                CubicKeyframe(-10, duration: 1.0)
                CubicKeyframe(0, duration: 1.0)
            }
            KeyframeTrack(\.opacity) {
                CubicKeyframe(0.5, duration: 1.0)
                CubicKeyframe(1.0, duration: 1.0)
            }
        }
    }
}
