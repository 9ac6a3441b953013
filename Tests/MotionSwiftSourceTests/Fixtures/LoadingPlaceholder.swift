import SwiftUI

// Seed 000, "Using an Array of Values". The seed writes `PhaseAnimator([…]) { content, opacity in … }`,
// but the PhaseAnimator view's content closure takes only the phase; the two-parameter closure
// (a proxy for the view and the phase) belongs to the `.phaseAnimator` modifier, used here with the
// seed's closures unchanged.
struct LoadingPlaceholder: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 8)
            .fill(.gray.opacity(0.3))
            .frame(height: 44)
            .phaseAnimator([0.0, 1.0, 0.5, 1.0]) { content, opacity in
                content.opacity(opacity)
            } animation: { _ in
                .easeInOut(duration: 0.4)
            }
    }
}
