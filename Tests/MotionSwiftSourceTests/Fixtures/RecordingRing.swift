import SwiftUI

// Seed 003, "PhaseAnimator" section (continuous: no trigger).
enum PulsePhase: CaseIterable {
    case idle, scale, reset
}

struct RecordingRing: View {
    var body: some View {
        Circle()
            .phaseAnimator(PulsePhase.allCases) { content, phase in
                content
                    .scaleEffect(phase == .scale ? 1.3 : 1.0)
                    .opacity(phase == .scale ? 0.7 : 1.0)
            } animation: { phase in
                switch phase {
                case .idle: .easeOut(duration: 0.3)
                case .scale: .spring(duration: 0.4, bounce: 0.3)
                case .reset: .easeInOut(duration: 0.5)
                }
            }
    }
}
