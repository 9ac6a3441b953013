import SwiftUI

// Seed 001, "KeyframeAnimator Example", as written.
// MARK: - KeyframeAnimator Example
struct KeyframeAnimatorView: View {
    struct AnimationValues {
        var scale: Double = 1.0
        var verticalOffset: Double = 0.0
        var opacity: Double = 1.0
    }

    @State private var animationTrigger = 0

    var body: some View {
        VStack {
            Text("KeyframeAnimator")
                .font(.title)
                .fontWeight(.bold)

            Text("Hello, Keyframes!")
                .keyframeAnimator(
                    initialValue: AnimationValues(),
                    trigger: animationTrigger
                ) { content, value in
                    content
                        .scaleEffect(value.scale)
                        .offset(y: value.verticalOffset)
                        .opacity(value.opacity)
                } keyframes: { _ in
                    KeyframeTrack(\.scale) {
                        SpringKeyframe(1.2, duration: 0.3, spring: .bouncy)
                        SpringKeyframe(1.0, spring: .bouncy)
                    }
                    KeyframeTrack(\.verticalOffset) {
                        LinearKeyframe(-20, duration: 0.2)
                        LinearKeyframe(0, duration: 0.5)
                    }
                    KeyframeTrack(\.opacity) {
                        LinearKeyframe(1.0, duration: 0.6)
                        LinearKeyframe(0.0, duration: 0.2)
                    }
                }
                .onTapGesture {
                    animationTrigger += 1
                }

            Text("Tap the text!")
                .font(.caption)
                .foregroundColor(.secondary)

            Spacer()
        }
    }
}
