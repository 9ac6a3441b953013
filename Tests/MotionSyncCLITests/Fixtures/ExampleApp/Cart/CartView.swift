import SwiftUI
import UIKit

// The example app's cart screen: a keyframe animator and a phase animator beside the implicit
// animations real screens are mostly made of, with the haptics that go with them.
// motionsync: screen=Cart
struct CartView: View {
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var showTotal = false
    @State private var isSpinning = false

    var body: some View {
        VStack(spacing: 16) {
            AddToCartButton()
            CartSummary()
            PayButton()
            Text("Total")
                .scaleEffect(showTotal ? 1 : 0.6)
                .opacity(showTotal ? 1 : 0)
                .onAppear {
                    withAnimation(.easeInOut(duration: 0.8)) { showTotal = true }
                }
            Image(systemName: "arrow.triangle.2.circlepath")
                .rotationEffect(.degrees(isSpinning ? 360 : 0))
                .onAppear {
                    withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { isSpinning = true }
                }
            if !reduceMotion {
                Text("Free shipping")
                    .phaseAnimator([false, true]) { content, phase in
                        content.scaleEffect(phase ? 1.05 : 1)
                    } animation: { _ in .easeInOut(duration: 0.6) }
            }
        }
    }
}

// Seed 004's bump, with the haptic it pairs with: .sensoryFeedback on the same trigger.
// motionsync: screen=Cart
struct AddToCartButton: View {
    @State private var taps = 0

    var body: some View {
        Image(systemName: "cart.badge.plus")
            .keyframeAnimator(initialValue: 1.0, trigger: taps) { content, scale in
                content.scaleEffect(scale)
            } keyframes: { _ in
                LinearKeyframe(1.25, duration: 0.12)
                SpringKeyframe(1.0, duration: 0.3, spring: .smooth(duration: 0.3))
            }
            .sensoryFeedback(.impact(weight: .medium), trigger: taps)
            .onTapGesture { taps += 1 }
    }
}

// motionsync: screen=Cart
struct CartSummary: View {
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var isExpanded = false

    var body: some View {
        VStack {
            Button("Details") { isExpanded.toggle() }
            RoundedRectangle(cornerRadius: 12)
                .frame(height: isExpanded ? 240 : 96)
                .animation(reduceMotion ? .easeOut(duration: 0.15) : .spring(duration: 0.4, bounce: 0.2), value: isExpanded)
        }
    }
}

// motionsync: screen=Cart
struct PayButton: View {
    @State private var isPaying = false
    @State private var savedCount = 0

    var body: some View {
        Button("Pay") {
            UIImpactFeedbackGenerator(style: .rigid).impactOccurred()
            withAnimation(.bouncy) { isPaying = true }
        }
        .scaleEffect(isPaying ? 0.95 : 1)
        .sensoryFeedback(.success, trigger: savedCount)
    }
}
