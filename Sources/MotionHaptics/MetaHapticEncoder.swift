import MotionJSON

// MARK: - MetaHapticEncoder

/// Writes Meta Haptics Studio `.haptic` v1 files, deterministically (pretty JSON, 2-space
/// indent, trailing newline; keys `version` {major, minor, patch}, `metadata`, `signals` →
/// `continuous` → `envelopes` → `amplitude` [{time, amplitude, emphasis {amplitude, frequency}}],
/// `frequency` [{time, frequency}]). `encode(decode(encode(x))) == encode(x)`.
///
/// From a `HapticPattern` (`haptic(from:)`):
///
/// - **Continuous events** become plateaus of the amplitude envelope: the envelope steps (two
///   points at the same time, which the format allows) to the event's level at its start and
///   back at its end, so the timing stays exact (an event's intensity envelope is followed
///   point by point between). Where continuous events overlap, the strongest
///   one sets the level and the frequency.
/// - **Transients** become emphasis points on the envelope at their time: emphasis amplitude
///   from the intensity (raised to the envelope's amplitude there when the plateau is stronger,
///   as the format requires), emphasis frequency = sharpness. Several transients at the same
///   time: the strongest wins.
/// - **Levels**: Meta's tools treat `.haptic` amplitudes as the square of Core Haptics
///   intensities (the corpus pairs `valid_v1`, `multiple_emphasis`, `long_clip`, `16_points`
///   show envelope amplitude a ↔ `HapticIntensityControl` √a, except at emphasis points where
///   Meta's converter also ducks the envelope by 0.8; emphasis amplitude a ↔ transient intensity
///   √a; envelope frequency f ↔ `HapticSharpnessControl` √f; but emphasis frequency f ↔
///   transient sharpness f, unchanged). So amplitude = intensity², envelope frequency = sharpness², emphasis
///   frequency = sharpness: a file written here and converted back by Meta's SDK gives the
///   pattern's own intensities and sharpnesses.
/// - **Length**: the pattern's duration, extended to 20 ms after the last transient
///   (`transientTail`) so an emphasis is never the envelope's very end, and at least 20 ms (the
///   format needs a duration > 0). Where no continuous event plays the amplitude is 0.
/// - Times are rounded to 0.1 ms, values to 4 decimals; the result passes `MetaHapticValidator`.
///   The format has no loop flag: a looping pattern is looped by its player.
public struct MetaHapticEncoder: Sendable {
    /// Envelope kept after the last transient (s).
    public static let transientTail = 0.02

    /// Metadata written with patterns converted by `haptic(from:)`.
    public var metadata: JSONObject

    public init(metadata: JSONObject = JSONObject([("editor", "motionsync")])) { self.metadata = metadata }

    // MARK: MetaHaptic

    /// The `.haptic` text of `haptic`, values as they are (no rounding). O(n).
    public func encode(_ haptic: MetaHaptic) -> String {
        JSONWriter(pretty: true).string(json(haptic))
    }

    /// The JSON tree `encode` writes.
    public func json(_ haptic: MetaHaptic) -> JSONValue {
        let amplitude = haptic.amplitude.map { point -> JSONValue in
            var o = JSONObject([("time", .number(point.time)), ("amplitude", .number(point.amplitude))])
            if let e = point.emphasis {
                o["emphasis"] = .object(JSONObject([("amplitude", .number(e.amplitude)), ("frequency", .number(e.frequency))]))
            }
            return .object(o)
        }
        let frequency = haptic.frequency.map { point -> JSONValue in
            .object(JSONObject([("time", .number(point.time)), ("frequency", .number(point.frequency))]))
        }
        let version = JSONObject([
            ("major", .number(Double(haptic.version.major))), ("minor", .number(Double(haptic.version.minor))),
            ("patch", .number(Double(haptic.version.patch))),
        ])
        let envelopes = JSONObject([("amplitude", .array(amplitude)), ("frequency", .array(frequency))])
        let signals = JSONObject([("continuous", .object(JSONObject([("envelopes", .object(envelopes))])))])
        return .object(JSONObject([("version", .object(version)), ("metadata", .object(haptic.metadata)), ("signals", .object(signals))]))
    }

    // MARK: HapticPattern

    /// `encode(haptic(from: pattern))`.
    public func encode(_ pattern: HapticPattern) -> String { encode(haptic(from: pattern)) }

    /// The `.haptic` model of a pattern (mapping in the type's documentation).
    /// O(b · c + t) for b boundaries, c continuous events, t transients.
    public func haptic(from pattern: HapticPattern) -> MetaHaptic {
        let plateaus = pattern.events.filter { $0.kind == .continuous && $0.duration > 0 }
        let transients = pattern.events.filter { $0.kind == .transient }
        let lastTransient = transients.map(\.time).max() ?? -Double.infinity
        let end = max(pattern.duration, lastTransient + Self.transientTail, Self.transientTail)
        // An intensity envelope's points are boundaries too: the level follows it between them.
        var times: [Double] = [0, end] + transients.map(\.time)
        for p in plateaus { times += [p.time, p.end] + p.envelope.map { p.time + $0.time } }
        let boundaries = Set(times)
            .filter { $0 >= 0 && $0 <= end }.sorted()

        // The strongest plateau just before (left) or from (right) a time.
        func dominant(at t: Double, left: Bool) -> HapticEvent? {
            plateaus.filter { left ? ($0.time < t && t <= $0.end) : ($0.time <= t && t < $0.end) }
                .max { unit($0.intensity(at: t)) < unit($1.intensity(at: t)) }
        }
        func level(_ e: HapticEvent?, at t: Double) -> Double { e.map { unit($0.intensity(at: t)) * unit($0.intensity(at: t)) } ?? 0 }

        var amplitude: [MetaHaptic.AmplitudePoint] = []
        var frequency: [MetaHaptic.FrequencyPoint] = []
        for b in boundaries {
            let before = b > 0 ? dominant(at: b, left: true) : nil
            let after = b < end ? dominant(at: b, left: false) : nil
            let left = b > 0 ? level(before, at: b) : nil
            let right = b < end ? level(after, at: b) : nil
            if let left { amplitude.append(.init(time: b, amplitude: left)) }
            if let right, right != left { amplitude.append(.init(time: b, amplitude: right)) }
            let fl = before.map { unit($0.sharpness) * unit($0.sharpness) }
            let fr = after.map { unit($0.sharpness) * unit($0.sharpness) }
            if let fl { frequency.append(.init(time: b, frequency: fl)) }
            if let fr, fr != fl { frequency.append(.init(time: b, frequency: fr)) }
        }
        // Transients: the strongest at each time marks the last point at that time.
        for t in transients where !transients.contains(where: { $0.time == t.time && unit($0.intensity) > unit(t.intensity) }) {
            guard let k = amplitude.lastIndex(where: { $0.time == t.time }), amplitude[k].emphasis == nil else { continue }
            amplitude[k].emphasis = .init(amplitude: max(unit(t.intensity) * unit(t.intensity), amplitude[k].amplitude), frequency: unit(t.sharpness))
        }
        amplitude = Self.simplified(amplitude, value: \.amplitude) { $0.emphasis != nil }
        frequency = Self.simplified(frequency, value: \.frequency) { _ in false }
        return MetaHaptic(
            metadata: metadata,
            amplitude: amplitude.map {
                .init(
                    time: Self.round4($0.time), amplitude: Self.round4($0.amplitude),
                    emphasis: $0.emphasis.map { .init(amplitude: Self.round4($0.amplitude), frequency: Self.round4($0.frequency)) })
            },
            frequency: frequency.map { .init(time: Self.round4($0.time), frequency: Self.round4($0.frequency)) })
    }

    // MARK: Helpers

    /// `points` without the interior points of runs of equal values (they add nothing to a
    /// piecewise-linear envelope); first, last and `keep` points stay. O(n).
    static func simplified<P>(_ points: [P], value: (P) -> Double, keep: (P) -> Bool) -> [P] {
        points.indices.filter { i in
            i == 0 || i == points.count - 1 || keep(points[i])
                || value(points[i - 1]) != value(points[i]) || value(points[i + 1]) != value(points[i])
        }.map { points[$0] }
    }

    static func round4(_ x: Double) -> Double { AHAPEncoder.round4(x) }
}

/// `x` clamped to 0…1.
private func unit(_ x: Double) -> Double { min(max(x, 0), 1) }
