import SwiftUI

// motionsync: screen=Checkout
struct CartIcon: View {
    @State private var count = 0

    var body: some View {
        Image(systemName: "cart")
            .keyframeAnimator(initialValue: 1.0, repeating: true) { view, scale in
                view.scaleEffect(scale)
            } keyframes: { _ in
                MoveKeyframe(1.0)
                LinearKeyframe(1.1, duration: 0.2, timingCurve: .easeOut)
                SpringKeyframe(1.0, spring: Spring(mass: 1, stiffness: 170, damping: 15))
            }
    }
}

struct PlainBadge: View {
    var body: some View {
        Circle()
            .phaseAnimator([0.0, 1.0, 0.5]) { content, opacity in
                content.opacity(opacity)
            } animation: { _ in
                .easeInOut(duration: 0.4)
            }
    }
}
