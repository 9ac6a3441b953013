// MARK: - HapticPattern

/// A haptic pattern independent of any file format: events sorted by time, plus whether it loops.
/// The encoders (AHAP, Android waveform and composition, Meta `.haptic`) write it out; the AHAP
/// decoder reads Apple's files into the richer `AHAPPattern` instead.
public struct HapticPattern: Hashable, Sendable {
    /// Events sorted by time (ties: transients first).
    public var events: [HapticEvent]
    /// Whether the pattern is one cycle of a looping animation.
    public var isLooping: Bool
    /// Length (s) of the motion the pattern accompanies (one cycle when looping); at least the
    /// end of the last event.
    public var duration: Double

    public init(events: [HapticEvent], isLooping: Bool = false, duration: Double? = nil) {
        self.events = events.sorted { ($0.time, $0.kind == .transient ? 0 : 1) < ($1.time, $1.kind == .transient ? 0 : 1) }
        self.isLooping = isLooping
        self.duration = max(duration ?? 0, events.map(\.end).max() ?? 0)
    }
}
