import MotionHaptics
import MotionJSON
import MotionTestSupport
import Testing

@Suite("MetaHapticEncoder: mapping, exact output, validity")
struct MetaHapticEncoderTests {
    typealias Point = MetaHaptic.AmplitudePoint

    @Test("a transient at 0.2 s on a continuous 0.2–0.26 s: a plateau stepping up at 0.2 s with the emphasis there")
    func tapAndBuzz() throws {
        let pattern = HapticPattern(events: [
            .transient(at: 0.2, intensity: 1, sharpness: 0.7),
            .continuous(at: 0.2, duration: 0.26 - 0.2, intensity: 0.5, sharpness: 0.3),
        ])
        let haptic = MetaHapticEncoder().haptic(from: pattern)
        // Amplitude = intensity² (0.5 → 0.25); envelope frequency = sharpness² (0.3 → 0.09);
        // emphasis frequency = sharpness.
        #expect(
            haptic.amplitude == [
                Point(time: 0, amplitude: 0),
                Point(time: 0.2, amplitude: 0),
                Point(time: 0.2, amplitude: 0.25, emphasis: .init(amplitude: 1, frequency: 0.7)),
                Point(time: 0.26, amplitude: 0.25),
            ])
        #expect(haptic.frequency == [.init(time: 0.2, frequency: 0.09), .init(time: 0.26, frequency: 0.09)])
        let text = MetaHapticEncoder().encode(pattern)
        let compact = JSONWriter(pretty: false).string(try JSONParser().parse(text).value)
        #expect(
            compact == #"{"version":{"major":1,"minor":0,"patch":0},"metadata":{"editor":"motionsync"},"signals":{"continuous":{"envelopes":{"#
                + #""amplitude":[{"time":0,"amplitude":0},{"time":0.2,"amplitude":0},{"time":0.2,"amplitude":0.25,"emphasis":{"amplitude":1,"frequency":0.7}},"#
                + #"{"time":0.26,"amplitude":0.25}],"frequency":[{"time":0.2,"frequency":0.09},{"time":0.26,"frequency":0.09}]}}}}"#)
        #expect(text.hasPrefix("{\n  \"version\": {\n    \"major\": 1,"))
        #expect(text.hasSuffix("}\n"))
        let decoded = decodeMeta(text)
        #expect(decoded.diagnostics.isEmpty, "\(listing(decoded.diagnostics))")
        #expect(decoded.haptic == haptic)
    }

    @Test("overlapping plateaus: the strongest sets level and frequency; a weaker transient is raised to the envelope")
    func overlap() {
        let pattern = HapticPattern(events: [
            .continuous(at: 0, duration: 1, intensity: 0.5, sharpness: 0.2),
            .continuous(at: 0.5, duration: 0.3, intensity: 1, sharpness: 0.9),
            .transient(at: 0.6, intensity: 0.4, sharpness: 0.5),
        ])
        let haptic = MetaHapticEncoder().haptic(from: pattern)
        #expect(
            haptic.amplitude == [
                Point(time: 0, amplitude: 0.25), Point(time: 0.5, amplitude: 0.25), Point(time: 0.5, amplitude: 1),
                Point(time: 0.6, amplitude: 1, emphasis: .init(amplitude: 1, frequency: 0.5)),
                Point(time: 0.8, amplitude: 1), Point(time: 0.8, amplitude: 0.25), Point(time: 1, amplitude: 0.25),
            ])
        #expect(
            haptic.frequency == [
                .init(time: 0, frequency: 0.04), .init(time: 0.5, frequency: 0.04), .init(time: 0.5, frequency: 0.81),
                .init(time: 0.8, frequency: 0.81), .init(time: 0.8, frequency: 0.04), .init(time: 1, frequency: 0.04),
            ])
        #expect(MetaHapticValidator().validate(haptic).isEmpty)
    }

    @Test("transients only: emphasis points on a silent envelope, 20 ms kept after the last")
    func transientsOnly() {
        let single = MetaHapticEncoder().haptic(from: HapticPattern(events: [.transient(at: 0, intensity: 0.5, sharpness: 1)]))
        #expect(single.amplitude == [Point(time: 0, amplitude: 0, emphasis: .init(amplitude: 0.25, frequency: 1)), Point(time: 0.02, amplitude: 0)])
        #expect(single.frequency.isEmpty)
        // Two transients at one time: the stronger one is written.
        let pair = MetaHapticEncoder().haptic(
            from: HapticPattern(
                events: [
                    .transient(at: 0.1, intensity: 0.3, sharpness: 0.1), .transient(at: 0.1, intensity: 0.9, sharpness: 0.8),
                ], duration: 0.5))
        #expect(
            pair.amplitude == [
                Point(time: 0, amplitude: 0), Point(time: 0.1, amplitude: 0, emphasis: .init(amplitude: 0.81, frequency: 0.8)),
                Point(time: 0.5, amplitude: 0),
            ])
        // An empty pattern still makes a valid file.
        let empty = MetaHapticEncoder().haptic(from: HapticPattern(events: []))
        #expect(empty.amplitude == [Point(time: 0, amplitude: 0), Point(time: 0.02, amplitude: 0)])
        for haptic in [single, pair, empty] { #expect(MetaHapticValidator().validate(haptic).isEmpty) }
    }

    @Test("generated patterns always pass the decoder's validation, and re-encode identically")
    func alwaysValid() {
        for seed in 0..<40 {
            var events: [HapticEvent] = []
            for k in 0..<(seed % 9 + 1) {
                let time = Double((seed * 31 + k * 17) % 97) / 50
                let intensity = Double((seed + k * 7) % 11) / 10, sharpness = Double((seed * 3 + k) % 13) / 12
                if (seed + k) % 3 == 0 {
                    events.append(.transient(at: time, intensity: intensity, sharpness: sharpness))
                } else {
                    events.append(.continuous(at: time, duration: Double((seed + k) % 7) / 20 + 0.00003, intensity: intensity, sharpness: sharpness))
                }
            }
            let pattern = HapticPattern(events: events, isLooping: seed % 2 == 0, duration: Double(seed % 5) / 3)
            let text = MetaHapticEncoder().encode(pattern)
            let decoded = decodeMeta(text)
            #expect(decoded.diagnostics.isEmpty, "seed \(seed): \(listing(decoded.diagnostics))")
            if let haptic = decoded.haptic {
                #expect(MetaHapticEncoder().encode(haptic) == text)
                #expect(abs(haptic.duration - max(pattern.duration, 0.02)) < 0.021)
                #expect(haptic.emphasisPoints.count == Set(events.filter { $0.kind == .transient }.map(\.time)).count)
            }
        }
    }
}

@Suite("Meta .haptic: bad inputs")
struct MetaHapticValidationTests {
    static func file(amplitude: String, frequency: String = "[]", version: String = #"{"major": 1, "minor": 0, "patch": 0}"#) -> String {
        """
        {
          "version": \(version),
          "metadata": {},
          "signals": {"continuous": {"envelopes": {
            "amplitude": \(amplitude),
            "frequency": \(frequency)
          }}}
        }
        """
    }

    @Test("a valid minimal file, as in the spec's example")
    func minimal() {
        let result = decodeMeta(Self.file(amplitude: #"[{"time": 0.0, "amplitude": 0.0}, {"time": 1.0, "amplitude": 0.0}]"#))
        #expect(result.diagnostics.isEmpty, "\(listing(result.diagnostics))")
    }

    @Test("version: major 2 is refused; minor and patch must be integers")
    func version() throws {
        let two = decodeMeta(Self.file(amplitude: #"[{"time": 0, "amplitude": 0}, {"time": 1, "amplitude": 0}]"#, version: #"{"major": 2}"#))
        #expect(two.errors.map(\.pointer) == [pointer("/version/major")])
        #expect(two.errors.first?.problem == "unsupported major version 2: this reader knows .haptic format v1")
        let fraction = decodeMeta(Self.file(amplitude: #"[{"time": 0, "amplitude": 0}, {"time": 1, "amplitude": 0}]"#, version: #"{"major": 1.5}"#))
        #expect(fraction.errors.map(\.problem) == ["major must be an integer, found 1.5"])
        let missing = decodeMeta(Self.file(amplitude: #"[{"time": 0, "amplitude": 0}, {"time": 1, "amplitude": 0}]"#, version: #"{"minor": 0}"#))
        #expect(missing.errors.map(\.pointer) == [pointer("/version")])
        #expect(missing.errors.first?.problem == "missing major (the format's major version, 1)")
    }

    @Test("missing sections and wrong types, each at its pointer")
    func shapes() throws {
        let noSignals = decodeMeta(#"{"version": {"major": 1}}"#)
        #expect(noSignals.errors.map(\.pointer) == [.root])
        #expect(noSignals.errors.first?.problem == "missing signals (an object {continuous})")
        let text = #"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": {"time": 0}}}}}"#
        let notArray = decodeMeta(text)
        #expect(notArray.errors.map(\.pointer) == [pointer("/signals/continuous/envelopes/amplitude")])
        #expect(notArray.errors.first?.location == position(of: #"{"time""#, in: text))
        let point = decodeMeta(Self.file(amplitude: #"[{"time": 0}, {"time": 1, "amplitude": "loud"}]"#))
        #expect(
            point.errors.map(\.pointer) == [
                pointer("/signals/continuous/envelopes/amplitude/0"), pointer("/signals/continuous/envelopes/amplitude/1/amplitude"),
            ])
        #expect(point.errors.map(\.problem) == ["missing amplitude (a number in 0–1)", "amplitude must be a number in 0–1, found string"])
        let emphasis = decodeMeta(Self.file(amplitude: #"[{"time": 0, "amplitude": 0, "emphasis": {"amplitude": 1}}, {"time": 1, "amplitude": 0}]"#))
        #expect(emphasis.errors.map(\.pointer) == [pointer("/signals/continuous/envelopes/amplitude/0/emphasis")])
        let metadata = decodeMeta(
            #"{"version": {"major": 1}, "metadata": {"tags": "demo", "studio": 3}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0}, {"time": 1, "amplitude": 0}]}}}}"#
        )
        // Known metadata fields must have their types; unknown ones are kept without comment.
        #expect(metadata.errors.map(\.pointer) == [pointer("/metadata/tags")])
        let trailing = decodeMeta(#"{"version": {"major": 1},}"#)
        #expect(trailing.errors.first?.problem.hasPrefix("not valid JSON: trailing comma") == true)
    }

    @Test("value rules: negative and non-monotonic times, frequency range")
    func values() throws {
        let negative = decodeMeta(Self.file(amplitude: #"[{"time": -0.1, "amplitude": 0}, {"time": 1, "amplitude": 0}]"#))
        #expect(negative.errors.map(\.problem) == ["time is -0.1 s; it must be ≥ 0"])
        let frequency = decodeMeta(
            Self.file(
                amplitude: #"[{"time": 0, "amplitude": 0}, {"time": 1, "amplitude": 0}]"#,
                frequency: #"[{"time": 0.5, "frequency": 0.5}, {"time": 0.4, "frequency": 1.2}]"#))
        #expect(
            frequency.errors.map(\.pointer) == [
                pointer("/signals/continuous/envelopes/frequency/1/time"), pointer("/signals/continuous/envelopes/frequency/1/frequency"),
            ])
        #expect(
            frequency.errors.map(\.problem) == [
                "time 0.4 s comes before the previous point's 0.5 s; frequency points must be in non-decreasing time order",
                "frequency 1.2 is outside 0–1",
            ])
        // Duplicate times are allowed (the spec allows them; the encoder uses them for steps).
        #expect(
            decodeMeta(
                Self.file(
                    amplitude:
                        #"[{"time": 0, "amplitude": 0}, {"time": 0.5, "amplitude": 0}, {"time": 0.5, "amplitude": 1}, {"time": 1, "amplitude": 1}]"#)
            ).diagnostics.isEmpty)
    }

    @Test("MetaHapticValidator on a model: pointers as the file would have them")
    func modelValidation() {
        let haptic = MetaHaptic(amplitude: [.init(time: 0, amplitude: 0.5, emphasis: .init(amplitude: 0.4, frequency: 0.5))])
        let diagnostics = MetaHapticValidator().validate(haptic)
        // Without locations, diagnostics keep the order the rules run in: points, then the envelope.
        #expect(
            diagnostics.map(\.pointer) == [
                pointer("/signals/continuous/envelopes/amplitude/0/emphasis/amplitude"), pointer("/signals/continuous/envelopes/amplitude"),
            ])
        #expect(diagnostics.allSatisfy { $0.location == nil && $0.severity == .error })
    }
}
