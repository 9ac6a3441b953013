import SwiftUI

// The geometry and effect modifiers a phase or an implicit animation can move.
enum StretchPhase: CaseIterable {
    case rest, stretched

    var stretch: Double { self == .rest ? 1 : 1.4 }
    var tilt: Double { self == .rest ? 0 : 20 }
    var glow: Double { self == .rest ? 0 : 8 }
    var inset: Double { self == .rest ? 4 : 12 }
    var corner: Double { self == .rest ? 4 : 16 }
    var progress: Double { self == .rest ? 0.2 : 1 }
    var hue: Double { self == .rest ? 0 : 45 }
}

struct StretchyTile: View {
    @State private var taps = 0

    var body: some View {
        PhaseAnimator(StretchPhase.allCases, trigger: taps) { phase in
            Circle()
                .trim(from: 0, to: phase.progress)
                .scaleEffect(x: phase.stretch, y: 1)
                .rotation3DEffect(.degrees(phase.tilt), axis: (x: 1, y: 0, z: 0))
                .shadow(color: .black, radius: phase.glow)
                .padding(phase.inset)
                .cornerRadius(phase.corner)
                .hueRotation(.degrees(phase.hue))
                .contrast(phase == .rest ? 1 : 1.2)
                .saturation(phase == .rest ? 1 : 0.5)
        } animation: { phase in
            phase == .rest ? .easeOut(duration: 0.2) : .spring(duration: 0.3, bounce: 0.2)
        }
        .onTapGesture { taps += 1 }
    }
}

struct SpinningBadge: View {
    @State private var isOn = false

    var body: some View {
        Image(systemName: "star")
            .rotationEffect(.degrees(isOn ? 90 : 0), anchor: .center)
            .scaleEffect(isOn ? 1.25 : 1, anchor: .bottom)
            .brightness(isOn ? 0.1 : 0)
            .animation(.easeOut(duration: 0.25), value: isOn)
            .onTapGesture { isOn.toggle() }
    }
}
