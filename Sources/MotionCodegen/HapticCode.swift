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
///
/// Reduce Motion: where the fallback plays another motion (or none), the events planned for it
/// (`HapticPlanner.reducedMotionPlan`) play instead, from a second AHAP file; the player is then
/// started with the Reduce Motion setting.
enum HapticCode: Equatable {
    case none
    /// The `SensoryFeedback` value: `.impact(flexibility: .solid, intensity: 0.8)`.
    case sensoryFeedback(String)
    /// A Core Haptics player of the AHAP files `export` writes.
    case player(Playback)

    /// What a generated Core Haptics player plays.
    struct Playback: Equatable {
        /// The AHAP file (`Feed--heart-pulse.ahap`); nil when the motion as written has no event
        /// (only its Reduce Motion version does).
        var file: String?
        var events: Int
        /// A looping pattern repeats every `cycle` seconds (the animation's cycle).
        var looping: Bool
        var cycle: Double
        /// Whether Reduce Motion plays another pattern than `file` (then the player takes
        /// `reduceMotion` and plays `reducedFile`).
        var branches = false
        /// The Reduce Motion pattern's AHAP file (`Feed--heart-pulse.reduce-motion.ahap`); nil:
        /// no haptic with Reduce Motion on.
        var reducedFile: String? = nil
        var reducedEvents = 0
    }

    /// The latest a single transient may land after the trigger and still play at it (s).
    static let immediateTolerance = HapticPlanner.triggerTolerance

    /// The code for `pattern`; `file` is the AHAP file name `export` gives it. With `reduced`
    /// (the pattern `HapticPlanner.reducedMotionPlan` plans for Reduce Motion) that differs from
    /// `pattern`, both play through the player, each from its own file (`reducedFile`), so each
    /// event lands on the motion that plays.
    static func choose(_ pattern: HapticPattern, file: String, reduced: HapticPattern? = nil, reducedFile: String = "") -> HapticCode {
        if let reduced, reduced != pattern, !(pattern.events.isEmpty && reduced.events.isEmpty) {
            return .player(
                Playback(
                    file: pattern.events.isEmpty ? nil : file, events: pattern.events.count, looping: pattern.isLooping, cycle: pattern.duration,
                    branches: true, reducedFile: reduced.events.isEmpty ? nil : reducedFile, reducedEvents: reduced.events.count))
        }
        guard !pattern.events.isEmpty else { return .none }
        if pattern.events.count == 1, !pattern.isLooping, let event = pattern.events.first, event.kind == .transient,
            event.time <= immediateTolerance
        {
            return .sensoryFeedback(impact(intensity: event.intensity, sharpness: event.sharpness))
        }
        return .player(Playback(file: file, events: pattern.events.count, looping: pattern.isLooping, cycle: pattern.duration))
    }

    /// The player's start call: `playPattern()`, or with the Reduce Motion setting
    /// (`playPattern(reduceMotion: reduceMotion)`) when it plays another pattern then.
    func playCall(reduceMotion: String) -> String {
        if case .player(let p) = self, p.branches { return "playPattern(reduceMotion: \(reduceMotion))" }
        return "playPattern()"
    }

    /// The doc comment's haptics line (without the leading `Haptics: `).
    var summary: String {
        switch self {
        case .none: return "none."
        case .sensoryFeedback: return "one impact at the trigger (`.sensoryFeedback`)."
        case .player(let p):
            func events(_ n: Int, _ file: String?) -> String {
                guard let file else { return "none" }
                return "\(n) event\(n == 1 ? "" : "s") from `\(file)`"
            }
            let main = events(p.events, p.file) + (p.looping ? ", looping" : "")
            guard p.branches else { return main + " (Core Haptics)." }
            let reduced =
                p.reducedFile == nil ? "none (what plays then has no haptic moment)" : events(p.reducedEvents, p.reducedFile) + ", on what plays then"
            return main + "; with Reduce Motion on, " + reduced + " (Core Haptics)."
        }
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

    /// The name of the Reduce Motion pattern's file: `reducedExtension` in place of `ahap`
    /// (`Feed--heart-pulse.reduce-motion.ahap`).
    static func defaultReducedFileName(screen: String, id: String) -> String {
        "\(screen)--\(id).\(reducedExtension)"
    }

    /// What the Reduce Motion pattern's file name ends in.
    static let reducedExtension = "reduce-motion.ahap"
}
