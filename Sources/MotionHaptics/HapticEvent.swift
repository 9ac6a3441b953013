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
    /// A continuous event's intensity over its length, for motion whose strength changes while
    /// it plays (a fade, a sweep): points in time order, linear between, `intensity` their
    /// highest. Empty: `intensity` throughout (every transient, and every hold's event).
    public var envelope: [EnvelopePoint]

    /// One point of an intensity envelope.
    public struct EnvelopePoint: Hashable, Sendable {
        /// Seconds from the event's start (0…duration).
        public var time: Double
        /// 0…1.
        public var intensity: Double
        public init(time: Double, intensity: Double) {
            self.time = time
            self.intensity = intensity
        }
    }

    public init(kind: Kind, time: Double, duration: Double = 0, intensity: Double, sharpness: Double, envelope: [EnvelopePoint] = []) {
        self.kind = kind
        self.time = time
        self.duration = kind == .transient ? 0 : duration
        self.intensity = intensity
        self.sharpness = sharpness
        self.envelope = kind == .transient ? [] : envelope
    }

    /// The intensity at `t` (s from the start of the pattern): the envelope's, linear between
    /// its points and held beyond them, else `intensity`.
    public func intensity(at t: Double) -> Double {
        guard let first = envelope.first, let last = envelope.last else { return intensity }
        let local = t - time
        if local <= first.time { return first.intensity }
        if local >= last.time { return last.intensity }
        guard let k = envelope.firstIndex(where: { $0.time >= local }), k > 0 else { return first.intensity }
        let a = envelope[k - 1], b = envelope[k]
        return b.time > a.time ? a.intensity + (b.intensity - a.intensity) * (local - a.time) / (b.time - a.time) : b.intensity
    }

    public static func transient(at time: Double, intensity: Double, sharpness: Double) -> HapticEvent {
        HapticEvent(kind: .transient, time: time, intensity: intensity, sharpness: sharpness)
    }

    public static func continuous(
        at time: Double, duration: Double, intensity: Double, sharpness: Double, envelope: [EnvelopePoint] = []
    ) -> HapticEvent {
        HapticEvent(kind: .continuous, time: time, duration: duration, intensity: intensity, sharpness: sharpness, envelope: envelope)
    }

    /// When the event ends (s).
    public var end: Double { time + duration }
}
