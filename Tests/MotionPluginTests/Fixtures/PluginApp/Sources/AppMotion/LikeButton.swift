#if canImport(SwiftUI)
import SwiftUI

// motionsync: screen=Like
/// The like button's bump, as the designer's Motion/Like.json writes it.
struct LikeButton: View {
    @State private var taps = 0

    var body: some View {
        Image(systemName: "heart.fill")
            .keyframeAnimator(initialValue: 1.0, trigger: taps) { content, scale in
                content.scaleEffect(scale)
            } keyframes: { _ in
                LinearKeyframe(1.25, duration: 0.1)
                LinearKeyframe(1.0, duration: 0.15)
            }
            .onTapGesture { taps += 1 }
    }
}
#endif
