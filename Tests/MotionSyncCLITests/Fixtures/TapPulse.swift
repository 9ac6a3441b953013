import SwiftUI

// A keyframe animator on `taps` and a .sensoryFeedback on the same `taps`: the haptic fires when
// taps changes, the scale peaks 120 ms later (up linearly in 0.12 s, back in 0.2 s).
struct TapPulse: View {
    @State private var taps = 0

    var body: some View {
        Circle()
            .keyframeAnimator(initialValue: 1.0, trigger: taps) { content, scale in
                content.scaleEffect(scale)
            } keyframes: { _ in
                LinearKeyframe(1.3, duration: 0.12)
                LinearKeyframe(1.0, duration: 0.2)
            }
            .sensoryFeedback(.impact(weight: .light), trigger: taps)
            .onTapGesture { taps += 1 }
    }
}

// The same pulse peaking 12 ms after the haptic: within the 15 ms a haptic may lead.
struct QuickPulse: View {
    @State private var taps = 0

    var body: some View {
        Circle()
            .keyframeAnimator(initialValue: 1.0, trigger: taps) { content, scale in
                content.scaleEffect(scale)
            } keyframes: { _ in
                LinearKeyframe(1.3, duration: 0.012)
                LinearKeyframe(1.0, duration: 0.2)
            }
            .sensoryFeedback(.impact(weight: .light), trigger: taps)
            .onTapGesture { taps += 1 }
    }
}
