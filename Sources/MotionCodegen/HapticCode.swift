import MotionCore
import MotionHaptics

// MARK: - HapticCode

/// How generated SwiftUI code plays an animation's haptic pattern (the one `motionsync haptics`
/// and `export` write for it).
///
/// - no event: nothing;
/// - one transient event within 15 ms of the trigger (the lead `check-ahap` tolerates):
///   `.sensoryFeedback(.impact(flexibility:intensity:), trigger:)` on the animation's trigger;
/// - anything else (more events, a continuous one, one landing later on a peak, a loop): a small
///   Core Haptics player that starts `CHHapticPattern(contentsOf:)` from the AHAP file `export`
///   writes, so every event lands on its moment (`.sensoryFeedback` fires at the trigger and
///   would be early).
enum HapticCode: Equatable {
    case none
    /// The `SensoryFeedback` value: `.impact(flexibility: .solid, intensity: 0.8)`.
    case sensoryFeedback(String)
    /// The AHAP file (`Feed--heart-pulse.ahap`) and what it holds; a looping pattern repeats
    /// every `cycle` seconds (the animation's cycle).
    case player(file: String, events: Int, looping: Bool, cycle: Double)

    /// The latest a single transient may land after the trigger and still play at it (s).
    static let immediateTolerance = 0.015

    /// The code for `pattern`; `file` is the AHAP file name `export` gives it.
    static func choose(_ pattern: HapticPattern, file: String) -> HapticCode {
        guard !pattern.events.isEmpty else { return .none }
        if pattern.events.count == 1, !pattern.isLooping, let event = pattern.events.first, event.kind == .transient,
           event.time <= immediateTolerance {
            return .sensoryFeedback(impact(intensity: event.intensity, sharpness: event.sharpness))
        }
        return .player(file: file, events: pattern.events.count, looping: pattern.isLooping, cycle: pattern.duration)
    }

    /// `.impact(flexibility:intensity:)`: sharpness above 2/3 is `.rigid`, below 1/3 `.soft`,
    /// else `.solid`; intensity (0…1) rounded to 0.01.
    static func impact(intensity: Double, sharpness: Double) -> String {
        let flexibility = sharpness > 2.0 / 3 ? "rigid" : (sharpness < 1.0 / 3 ? "soft" : "solid")
        let level = (min(1, max(0, intensity)) * 100).rounded() / 100
        return ".impact(flexibility: .\(flexibility), intensity: \(SwiftLiteral.number(level)))"
    }

    /// The AHAP file name `motionsync export` writes for SCREEN/ID when both are plain
    /// (`Feed--heart-pulse.ahap`); other names are made by the caller's rule (`SafeFileName`).
    static func defaultFileName(screen: String, id: String) -> String {
        "\(screen)--\(id).ahap"
    }
}
