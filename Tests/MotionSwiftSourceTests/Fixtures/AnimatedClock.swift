import SwiftUI

// Seed 002, "Repeating phase animations" (the shadow values the seed elides are left out).
private enum TimerPhase: CaseIterable {
    case resting
    case lifted
    case tiltedLeft
    case tiltedRight
    case settled

    var scale: Double {
        switch self {
        case .lifted: 1.03
        case .resting, .tiltedLeft, .tiltedRight, .settled: 1
        }
    }

    var rotation: Angle {
        switch self {
        case .tiltedLeft: .degrees(-2)
        case .tiltedRight: .degrees(2)
        case .resting, .lifted, .settled: .zero
        }
    }

    var verticalOffset: Double {
        self == .lifted ? -8 : 0
    }

    var animation: Animation {
        switch self {
        case .resting:
            .smooth(duration: 0.35).delay(1.5)
        case .lifted:
            .spring(duration: 0.4, bounce: 0.25)
        case .tiltedLeft, .tiltedRight:
            .easeInOut(duration: 0.16)
        case .settled:
            .spring(duration: 0.5, bounce: 0.2)
        }
    }
}

private struct AnimatedClock: View {
    var body: some View {
        ClockSymbol()
            .phaseAnimator(TimerPhase.allCases) { clock, phase in
                clock
                    .scaleEffect(phase.scale)
                    .rotationEffect(phase.rotation)
                    .offset(y: phase.verticalOffset)
            } animation: { phase in
                phase.animation
            }
    }
}
