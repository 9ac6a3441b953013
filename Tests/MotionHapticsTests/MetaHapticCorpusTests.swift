import MotionHaptics
import MotionJSON
import MotionTestSupport
import Testing

/// Meta's `.haptic` test files. Each file's verdict was decided from its content against the
/// format's rules (`resources/haptic-file-spec.md`); the pointers and numbers below were read
/// off the files.
@Suite("Meta .haptic: real corpus files")
struct MetaHapticCorpusTests {
    static let envelopes = "/signals/continuous/envelopes"

    /// Files that must decode without any diagnostic.
    static let clean = [
        "16_points.haptic", "17_points.haptic", "3_points.haptic", "long_clip.haptic", "multiple_emphasis.haptic",
        "valid_beta_impulses.haptic", "valid_required_v1.haptic", "valid_v1.haptic", "validation_v1_optionals.haptic",
    ]

    /// Files that must be refused: (pointer, exact problem) of their one error.
    static let refused: [String: (String, String)] = [
        "2_points.haptic": (
            "\(envelopes)/frequency/1/time",
            "frequency point at 2 s is after the end of the amplitude envelope (1.9995465 s); no frequency point may come after the last amplitude point"
        ),
        "invalid_empty_amplitude_envelope.haptic": (
            "\(envelopes)/amplitude",
            "the amplitude envelope has 0 points; it needs at least 2 (a start and an end)"
        ),
        "invalid_fields_v1.haptic": ("/sssignals", "unknown key \"sssignals\" and the required signals is missing — did you mean signals?"),
        "invalid_freq_bp_outside_amp_env.haptic": (
            "\(envelopes)/frequency/2/time",
            "frequency point at 1.0001 s is after the end of the amplitude envelope (1 s); no frequency point may come after the last amplitude point"
        ),
        "invalid_single_amplitude_breakpoint.haptic": (
            "\(envelopes)/amplitude",
            "the amplitude envelope has 1 point; it needs at least 2 (a start and an end)"
        ),
        "invalid_zero_duration.haptic": (
            "\(envelopes)/amplitude",
            "the amplitude envelope lasts 0 s (all its points are at 0 s); its duration must be > 0"
        ),
        "validation_v1_amplitude.haptic": ("\(envelopes)/amplitude/3/amplitude", "amplitude 1.5 is outside 0–1"),
        "validation_v1_emphasis_amplitude.haptic": (
            "\(envelopes)/amplitude/2/emphasis/amplitude",
            "emphasis amplitude 0.2 is below the envelope amplitude 0.5 at this point; an emphasis must be at least as strong as the envelope under it"
        ),
        "validation_v1_emphasis_amplitude_range.haptic": ("\(envelopes)/amplitude/2/emphasis/amplitude", "emphasis amplitude -0.2 is outside 0–1"),
        "validation_v1_emphasis_frequency_range.haptic": ("\(envelopes)/amplitude/2/emphasis/frequency", "emphasis frequency 1.1 is outside 0–1"),
        "validation_v1_sequence.haptic": (
            "\(envelopes)/amplitude/2/time",
            "time 0.1 s comes before the previous point's 0.2 s; amplitude points must be in non-decreasing time order"
        ),
    ]

    @Test("every .haptic file in the corpus has a verdict here")
    func inventory() throws {
        let names = try HapticCorpus.names(in: HapticCorpus.meta, withExtension: "haptic")
        #expect(Set(names) == Set(Self.clean).union(Self.refused.keys))
        #expect(Set(Self.clean).isDisjoint(with: Self.refused.keys))
        // Every file named valid_* is clean; every invalid* file is refused.
        #expect(names.filter { $0.hasPrefix("valid_") }.allSatisfy { Self.clean.contains($0) })
        #expect(names.filter { $0.hasPrefix("invalid") }.allSatisfy { Self.refused[$0] != nil })
    }

    @Test("clean files decode without any diagnostic", arguments: clean)
    func cleanFile(name: String) throws {
        let result = try HapticCorpus.decodeMeta(name)
        #expect(result.diagnostics.isEmpty, "\(listing(result.diagnostics))")
        #expect(result.haptic != nil)
    }

    @Test("refused files: one error naming the specific problem, at its pointer and line:column", arguments: refused.keys.sorted())
    func refusedFile(name: String) throws {
        let result = try HapticCorpus.decodeMeta(name)
        #expect(result.haptic == nil)
        let (path, problem) = Self.refused[name]!
        #expect(result.diagnostics.count == 1, "\(listing(result.diagnostics))")
        let error = try #require(result.errors.first)
        #expect(error.pointer == pointer(path))
        #expect(error.problem == problem)
        #expect(error.file == name)
        #expect(error.location != nil)
    }

    @Test("locations point at the offending value in the file")
    func locations() throws {
        let sequence = try HapticCorpus.text(HapticCorpus.meta, "validation_v1_sequence.haptic")
        let error = try #require(try HapticCorpus.decodeMeta("validation_v1_sequence.haptic").errors.first)
        // The third amplitude point's "time": 0.1 (the file's first occurrence of that text).
        let key = try #require(position(of: "\"time\": 0.1,", in: sequence))
        #expect(error.location == TextLocation(line: key.line, column: key.column + 8))
        let fields = try HapticCorpus.text(HapticCorpus.meta, "invalid_fields_v1.haptic")
        let misspelt = try #require(try HapticCorpus.decodeMeta("invalid_fields_v1.haptic").errors.first)
        let at = try #require(position(of: "\"sssignals\": {", in: fields))
        #expect(misspelt.location == TextLocation(line: at.line, column: at.column + 13))
        #expect(
            misspelt.description
                == "invalid_fields_v1.haptic:\(at.line):\(at.column + 13): error: /sssignals: unknown key \"sssignals\" and the required signals is missing — did you mean signals?"
        )
    }

    @Test("legacy mode: a frequency point after the envelope's end is only a warning")
    func legacyCompatibility() throws {
        for name in ["invalid_freq_bp_outside_amp_env.haptic", "2_points.haptic"] {
            let result = try HapticCorpus.decodeMeta(name, mode: .legacyCompatibility)
            #expect(result.haptic != nil)
            #expect(result.errors.isEmpty)
            #expect(result.warnings.count == 1)
            #expect(result.warnings.first?.pointer == pointer(Self.refused[name]!.0))
        }
        // Legacy mode relaxes nothing else.
        #expect(try HapticCorpus.decodeMeta("validation_v1_sequence.haptic", mode: .legacyCompatibility).haptic == nil)
    }

    @Test("decoded values: optional fields default, points keep their values")
    func model() throws {
        let required = try #require(try HapticCorpus.decodeMeta("valid_required_v1.haptic").haptic)
        #expect(required.version == MetaHaptic.Version(major: 1, minor: 0, patch: 0))
        #expect(required.metadata.isEmpty)
        #expect(required.frequency.isEmpty)
        #expect(
            required.amplitude == [
                .init(time: 0, amplitude: 0.2), .init(time: 0.1, amplitude: 0.3), .init(time: 0.2, amplitude: 0.2), .init(time: 0.3, amplitude: 0.5),
            ])
        #expect(required.duration == 0.3)

        let valid = try #require(try HapticCorpus.decodeMeta("valid_v1.haptic").haptic)
        #expect(valid.metadata.keys == ["editor", "author", "source", "project", "tags", "description"])
        #expect(valid.metadata["tags"] == ["Test"])
        #expect(valid.amplitude[2] == .init(time: 0.2, amplitude: 0.2, emphasis: .init(amplitude: 0.6, frequency: 0.7)))
        #expect(valid.duration == 9.961360544217687)
        #expect(valid.frequency.count == 24)
        #expect(valid.frequency.first == .init(time: 0.01, frequency: 0.99))
        #expect(valid.emphasisPoints.count == 1)
    }

    @Test("encode → decode → encode is byte-identical for every decodable .haptic", arguments: clean)
    func roundTrip(name: String) throws {
        let haptic = try #require(try HapticCorpus.decodeMeta(name).haptic)
        let encoder = MetaHapticEncoder()
        let first = encoder.encode(haptic)
        let again = decodeMeta(first)
        #expect(again.diagnostics.isEmpty, "\(listing(again.diagnostics))")
        #expect(again.haptic == haptic)
        #expect(encoder.encode(try #require(again.haptic)) == first)
    }
}
