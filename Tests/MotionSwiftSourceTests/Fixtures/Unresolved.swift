import SwiftUI

struct Wobble: View {
    @State private var trigger = 0
    var peak: Double = 1.4

    var body: some View {
        Circle()
            .keyframeAnimator(initialValue: 1.0, trigger: trigger) { view, scale in
                view.scaleEffect(scale)
            } keyframes: { _ in
                LinearKeyframe(1.2, duration: 0.1)
                SpringKeyframe(peak, duration: 0.2)
                CubicKeyframe(1.0, duration: 0.3)
            }
    }
}
