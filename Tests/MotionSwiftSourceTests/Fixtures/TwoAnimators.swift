import SwiftUI

struct LikeRow: View {
    @State private var taps = 0

    var body: some View {
        HStack {
            Image(systemName: "heart")
                .keyframeAnimator(initialValue: 1.0, trigger: taps) { view, scale in
                    view.scaleEffect(scale)
                } keyframes: { _ in
                    SpringKeyframe(1.35, duration: 0.20, spring: .snappy(duration: 0.20))
                    SpringKeyframe(1.0, duration: 0.34, spring: .smooth(duration: 0.34))
                }
            Text("Like")
                .phaseAnimator([false, true], trigger: taps) { content, lit in
                    content.opacity(lit ? 1 : 0.6)
                }
        }
    }
}
