// MARK: - HapticSettings

/// The optional `haptics` field of an animation in a spec: how its haptic pattern may be pinned,
/// scaled or switched off. Absent means every default (events on, unscaled, nothing pinned).
public struct HapticSettings: Hashable, Sendable, Codable {
    /// false: the animation gets no haptic events at all.
    public var enabled: Bool
    /// Multiplies every generated event's intensity (result clamped to 0…1).
    public var intensityScale: Double
    /// Multiplies every generated event's sharpness (result clamped to 0…1).
    public var sharpnessScale: Double
    /// Properties whose moments make no events (a rotation wiggle that should stay silent).
    public var ignore: [String]
    /// Events placed by hand, added as written (not scaled).
    public var pins: [HapticPin]

    public init(enabled: Bool = true, intensityScale: Double = 1, sharpnessScale: Double = 1, ignore: [String] = [], pins: [HapticPin] = []) {
        self.enabled = enabled
        self.intensityScale = intensityScale
        self.sharpnessScale = sharpnessScale
        self.ignore = ignore
        self.pins = pins
    }

    /// Whether these are all defaults.
    public var isDefault: Bool { self == HapticSettings() }
}

// MARK: - HapticPin

/// A haptic event pinned by hand at `time` seconds (continuous ones last `duration` seconds).
/// Intensity and sharpness in 0…1.
public struct HapticPin: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, CaseIterable, Codable { case transient, continuous }
    public var kind: Kind
    public var time: Double
    public var duration: Double
    public var intensity: Double
    public var sharpness: Double

    public init(kind: Kind, time: Double, duration: Double = 0, intensity: Double, sharpness: Double) {
        self.kind = kind
        self.time = time
        self.duration = duration
        self.intensity = intensity
        self.sharpness = sharpness
    }
}
