// MARK: - HapticEvent

/// One haptic event of a pattern: a transient tap or a continuous buzz. Times in seconds from the
/// start of the pattern; intensity and sharpness in 0…1 (Core Haptics' `HapticIntensity`,
/// `HapticSharpness`).
public struct HapticEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case transient
        case continuous
    }

    public var kind: Kind
    /// Start time (s), ≥ 0.
    public var time: Double
    /// Length (s) of a continuous event; 0 for a transient.
    public var duration: Double
    /// 0…1.
    public var intensity: Double
    /// 0…1.
    public var sharpness: Double

    public init(kind: Kind, time: Double, duration: Double = 0, intensity: Double, sharpness: Double) {
        self.kind = kind
        self.time = time
        self.duration = kind == .transient ? 0 : duration
        self.intensity = intensity
        self.sharpness = sharpness
    }

    public static func transient(at time: Double, intensity: Double, sharpness: Double) -> HapticEvent {
        HapticEvent(kind: .transient, time: time, intensity: intensity, sharpness: sharpness)
    }

    public static func continuous(at time: Double, duration: Double, intensity: Double, sharpness: Double) -> HapticEvent {
        HapticEvent(kind: .continuous, time: time, duration: duration, intensity: intensity, sharpness: sharpness)
    }

    /// When the event ends (s).
    public var end: Double { time + duration }
}
