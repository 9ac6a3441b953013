// MARK: - Cue

/// A named moment of an animation (a Lottie marker, or a spec's `cues` entry): `time` and
/// `duration` in seconds from the trigger. A cue whose name starts with `haptic` gets a haptic
/// event (a transient, or a continuous one over the cue's duration when it has one).
public struct Cue: Hashable, Sendable, Codable {
    public let name: String
    public let time: Double
    public let duration: Double

    public init(name: String, time: Double, duration: Double = 0) {
        self.name = name
        self.time = time
        self.duration = duration
    }

    /// Whether the haptic plan places an event on this cue.
    public var isHapticCue: Bool { name.lowercased().hasPrefix("haptic") }
}
