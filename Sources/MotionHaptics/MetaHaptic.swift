import MotionJSON

// MARK: - MetaHaptic

/// A Meta Haptics Studio `.haptic` file (format v1, `facebook/meta-haptics-sdk`,
/// `resources/haptic-file-spec.md`) as a value: an amplitude envelope with optional emphasis
/// (transient) points and a frequency envelope, both piecewise linear over time (s). Amplitude,
/// frequency and emphasis values are normalized to 0–1.
public struct MetaHaptic: Hashable, Sendable {
    /// `version`: `major` must be 1; `minor` and `patch` default to 0 when absent (Meta's own
    /// reader and `valid_required_v1.haptic` omit them).
    public struct Version: Hashable, Sendable {
        public var major: Int
        public var minor: Int
        public var patch: Int
        public init(major: Int = 1, minor: Int = 0, patch: Int = 0) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }
    }

    /// A transient at an amplitude point: `amplitude` (its strength, ≥ the envelope's amplitude
    /// there) and `frequency` (its sharpness), both 0–1.
    public struct Emphasis: Hashable, Sendable {
        public var amplitude: Double
        public var frequency: Double
        public init(amplitude: Double, frequency: Double) {
            self.amplitude = amplitude
            self.frequency = frequency
        }
    }

    /// One breakpoint of the amplitude envelope.
    public struct AmplitudePoint: Hashable, Sendable {
        /// Seconds, ≥ 0, not decreasing along the envelope.
        public var time: Double
        /// 0–1 (0: no vibration).
        public var amplitude: Double
        public var emphasis: Emphasis?
        public init(time: Double, amplitude: Double, emphasis: Emphasis? = nil) {
            self.time = time
            self.amplitude = amplitude
            self.emphasis = emphasis
        }
    }

    /// One breakpoint of the frequency envelope.
    public struct FrequencyPoint: Hashable, Sendable {
        /// Seconds, ≥ 0, not decreasing, not after the last amplitude point.
        public var time: Double
        /// 0–1.
        public var frequency: Double
        public init(time: Double, frequency: Double) {
            self.time = time
            self.frequency = frequency
        }
    }

    public var version: Version
    /// `metadata` (editor, author, source, project, tags, description, and any other keys) in
    /// file order; empty when the file has none.
    public var metadata: JSONObject
    /// `signals.continuous.envelopes.amplitude`: at least 2 points spanning more than 0 s.
    public var amplitude: [AmplitudePoint]
    /// `signals.continuous.envelopes.frequency`: may be empty (players then use a default).
    public var frequency: [FrequencyPoint]

    public init(version: Version = Version(), metadata: JSONObject = JSONObject(), amplitude: [AmplitudePoint], frequency: [FrequencyPoint] = []) {
        self.version = version
        self.metadata = metadata
        self.amplitude = amplitude
        self.frequency = frequency
    }

    /// Length of the effect (s): the time of the last amplitude point (0 without points).
    public var duration: Double { amplitude.last?.time ?? 0 }

    /// The amplitude points that carry an emphasis, in order.
    public var emphasisPoints: [AmplitudePoint] { amplitude.filter { $0.emphasis != nil } }
}
