// MARK: - AHAPEventType

/// The four event types of Core Haptics (`CHHapticEvent.EventType`), spelt as in AHAP files.
public enum AHAPEventType: String, CaseIterable, Hashable, Sendable {
    case hapticTransient = "HapticTransient"
    case hapticContinuous = "HapticContinuous"
    case audioContinuous = "AudioContinuous"
    case audioCustom = "AudioCustom"

    /// Whether the event drives the haptic actuator (rather than the speaker).
    public var isHaptic: Bool { self == .hapticTransient || self == .hapticContinuous }

    /// Whether the event lasts for an `EventDuration` that the file must give.
    public var isContinuous: Bool { self == .hapticContinuous || self == .audioContinuous }
}

// MARK: - AHAPEvent

/// One `Event` element of an AHAP pattern. Times in seconds from the start of the pattern.
public struct AHAPEvent: Hashable, Sendable {
    /// One `EventParameters` entry, kept in file order.
    public struct Parameter: Hashable, Sendable {
        public var id: String
        public var value: Double
        public init(id: String, value: Double) {
            self.id = id
            self.value = value
        }
    }

    /// Start time (s), ≥ 0.
    public var time: Double
    public var type: AHAPEventType
    /// `EventDuration` (s): required for continuous events (> 0, at most 30 s for haptics);
    /// optional elsewhere (on a transient it pads the pattern's length).
    public var duration: Double?
    public var parameters: [Parameter]
    /// `EventWaveformPath`: the audio file of an `AudioCustom` event.
    public var waveformPath: String?
    /// `EventWaveformUseVolumeEnvelope` (AudioCustom only).
    public var waveformUseVolumeEnvelope: Bool?
    /// `EventWaveformLoopEnabled` (AudioCustom only).
    public var waveformLoopEnabled: Bool?

    public init(
        time: Double, type: AHAPEventType, duration: Double? = nil, parameters: [Parameter] = [],
        waveformPath: String? = nil, waveformUseVolumeEnvelope: Bool? = nil, waveformLoopEnabled: Bool? = nil
    ) {
        self.time = time
        self.type = type
        self.duration = duration
        self.parameters = parameters
        self.waveformPath = waveformPath
        self.waveformUseVolumeEnvelope = waveformUseVolumeEnvelope
        self.waveformLoopEnabled = waveformLoopEnabled
    }

    /// The value of parameter `id` (the last one when the file repeats it), or nil. O(n).
    public func value(of id: String) -> Double? { parameters.last { $0.id == id }?.value }

    /// When the event ends (s): `time + duration`, or `time` without a duration.
    public var end: Double { time + (duration ?? 0) }
}
