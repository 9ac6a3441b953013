import SwiftUI

// Seed 001, "Simpler PhaseAnimator Example", as written. The one-parameter content closure is the
// PhaseAnimator view's own signature (`content: (Phase) -> Content`, Apple's documentation of
// init(_:trigger:content:animation:)), so this is valid SwiftUI.
// MARK: - Simpler PhaseAnimator Example
struct ProgressAnimatorView: View {
    // 1. Define the phases with a clear name and a computed property
    enum ProgressPhase: CaseIterable {
        case initial, quarter, half, threeQuarters, full

        var widthMultiplier: Double {
            switch self {
            case .initial: 0.0
            case .quarter: 0.25
            case .half: 0.5
            case .threeQuarters: 0.75
            case .full: 1.0
            }
        }
    }

    // 2. Use a simple integer trigger to replay the animation on each tap.
    @State private var progressTrigger = 0

    var body: some View {
        VStack(spacing: 20) {
            Text("PhaseAnimator")
                .font(.title)
                .fontWeight(.bold)

            // 3. The animator runs its sequence every time the trigger value changes.
            PhaseAnimator(ProgressPhase.allCases, trigger: progressTrigger) { phase in
                GeometryReader { geo in
                    ZStack(alignment: .leading) {
                        Capsule().fill(.gray.opacity(0.3))
                        Capsule()
                            .fill(.green)
                            .frame(width: geo.size.width * phase.widthMultiplier)
                    }
                }
            } animation: { _ in
                .spring(duration: 0.6, bounce: 0.4)
            }
            .frame(height: 20)

            Text("Tap the progress bar to animate it.")
                .font(.caption)
                .foregroundColor(.secondary)

            Spacer()
        }
        .onTapGesture {
            progressTrigger += 1
        }
    }
}
