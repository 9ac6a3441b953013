// MARK: - AHAPParameterCatalog

/// The parameter IDs Core Haptics accepts in AHAP files, with their documented value ranges.
///
/// Source: Apple's `CHHapticParameter.h` (CoreHaptics framework header, iOS 13 / macOS 10.15
/// and later), the doc comments of `CHHapticEventParameterID` and `CHHapticDynamicParameterID`,
/// cross-checked with the `CHHapticDynamicParameter.ID` documentation pages (12 dynamic IDs,
/// including the audio attack/decay/release controls). Core Haptics clamps values outside these
/// ranges rather than rejecting the pattern.
public enum AHAPParameterCatalog {
    /// One parameter ID and its range. `isBoolean`: only 0 or 1 are meaningful (`Sustained`).
    public struct Entry: Hashable, Sendable {
        public let id: String
        public let range: ClosedRange<Double>
        public let isBoolean: Bool

        init(_ id: String, _ range: ClosedRange<Double>, boolean: Bool = false) {
            self.id = id
            self.range = range
            self.isBoolean = boolean
        }
    }

    /// Event parameters (`EventParameters[].ParameterID`), in the header's order.
    public static let eventParameters: [Entry] = [
        Entry("HapticIntensity", 0...1),
        Entry("HapticSharpness", 0...1),
        Entry("AttackTime", 0...1),
        Entry("DecayTime", 0...1),
        Entry("ReleaseTime", 0...1),
        Entry("Sustained", 0...1, boolean: true),
        Entry("AudioVolume", 0...1),
        Entry("AudioPitch", -1...1),
        Entry("AudioPan", -1...1),
        Entry("AudioBrightness", 0...1),
    ]

    /// Dynamic parameters (`Parameter.ParameterID` and `ParameterCurve.ParameterID`). The
    /// intensity and volume controls multiply (0–1); the others add (−1–1).
    public static let dynamicParameters: [Entry] = [
        Entry("HapticIntensityControl", 0...1),
        Entry("HapticSharpnessControl", -1...1),
        Entry("HapticAttackTimeControl", -1...1),
        Entry("HapticDecayTimeControl", -1...1),
        Entry("HapticReleaseTimeControl", -1...1),
        Entry("AudioVolumeControl", 0...1),
        Entry("AudioPanControl", -1...1),
        Entry("AudioPitchControl", -1...1),
        Entry("AudioBrightnessControl", -1...1),
        Entry("AudioAttackTimeControl", -1...1),
        Entry("AudioDecayTimeControl", -1...1),
        Entry("AudioReleaseTimeControl", -1...1),
    ]

    /// The entry for an event parameter ID, or nil when Core Haptics does not know it. O(1) amortized.
    public static func eventParameter(_ id: String) -> Entry? { eventIndex[id] }

    /// The entry for a dynamic parameter ID, or nil when Core Haptics does not know it. O(1) amortized.
    public static func dynamicParameter(_ id: String) -> Entry? { dynamicIndex[id] }

    private static let eventIndex = Dictionary(uniqueKeysWithValues: eventParameters.map { ($0.id, $0) })
    private static let dynamicIndex = Dictionary(uniqueKeysWithValues: dynamicParameters.map { ($0.id, $0) })
}
