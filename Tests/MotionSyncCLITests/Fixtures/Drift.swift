import SwiftUI

struct LikeValues {
    var scale: Double = 1.0
    var rotation: Double = 0
}

// motionsync: screen=Feed
struct LikeBurst: View {
    @State private var taps = 0

    var body: some View {
        Image(systemName: "heart.fill")
            .keyframeAnimator(initialValue: LikeValues(), trigger: taps) { view, v in
                view.scaleEffect(v.scale).rotationEffect(.degrees(v.rotation))
            } keyframes: { _ in
                KeyframeTrack(\.scale) {
                    SpringKeyframe(1.3, duration: 0.15, spring: .snappy(duration: 0.18))
                    SpringKeyframe(1.0, duration: 0.34, spring: .smooth(duration: 0.34))
                }
                KeyframeTrack(\.rotation) {
                    CubicKeyframe(-8, duration: 0.1)
                    CubicKeyframe(0, duration: 0.2)
                }
            }
            .onTapGesture { taps += 1 }
    }
}

// motionsync: screen=Feed
struct BadgePop: View {
    var count: Int

    var body: some View {
        Circle()
            .phaseAnimator([false, true], trigger: count) { content, phase in
                content.scaleEffect(phase ? 1.3 : 1.0)
            } animation: { phase in
                phase ? .spring(duration: 0.2, bounce: 0.3) : .spring(duration: 0.3)
            }
    }
}
