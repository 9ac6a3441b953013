import SwiftUI

// Seed 000, "Enum Phases with Computed Properties". As in LoadingPlaceholder.swift, the seed's
// two-parameter content closure is the `.phaseAnimator` modifier's, not the PhaseAnimator view's.
// No animation closure, as in the seed.
enum EmphasisPhase: CaseIterable {
    case idle, lifting, settling

    var scale: Double {
        switch self {
        case .idle: 1.0
        case .lifting: 1.15
        case .settling: 1.05
        }
    }

    var shadowRadius: Double { self == .idle ? 2 : 10 }
}

struct ScoreLabel: View {
    var score: Int
    var didScore: Int

    var body: some View {
        Text(score, format: .number)
            .font(.largeTitle)
            .phaseAnimator(EmphasisPhase.allCases, trigger: didScore) { content, phase in
                content
                    .scaleEffect(phase.scale)
                    .shadow(radius: phase.shadowRadius)
            }
    }
}
