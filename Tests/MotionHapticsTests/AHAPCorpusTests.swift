import Foundation
import MotionHaptics
import MotionJSON
import MotionTestSupport
import Testing

/// Apple's 13 sample patterns and Meta's SDK test files, decoded, checked and re-encoded.
/// Expected warnings were found by reading each file (trailing-comma positions agree with
/// MotionJSONTests' corpus tests; out-of-range values and curve sizes were counted by hand and
/// with a script over the JSON).
@Suite("AHAP: real corpus files")
struct AHAPCorpusTests {
    static let appleNames = [
        "Boing.ahap", "Bounce.ahap", "Bouncing.ahap", "Close.ahap", "Heartbeats.ahap", "Hit.ahap", "Inflate.ahap",
        "Jump.ahap", "Open.ahap", "Oscillate.ahap", "Recharge.ahap", "Recoil.ahap", "Spin.ahap",
    ]

    /// The 7 Apple samples with trailing commas: each comma's line:column and enclosing pointer.
    static let trailingCommas: [String: [(TextLocation, String)]] = [
        "Bounce.ahap": [(TextLocation(line: 6, column: 75), "/Metadata")],
        "Bouncing.ahap": [(TextLocation(line: 6, column: 88), "/Metadata")],
        "Close.ahap": [
            (TextLocation(line: 6, column: 81), "/Metadata"),
            (TextLocation(line: 53, column: 22), "/Pattern/2/ParameterCurve/ParameterCurveControlPoints"),
            (TextLocation(line: 73, column: 10), "/Pattern"),
        ],
        "Jump.ahap": [
            (TextLocation(line: 6, column: 96), "/Metadata"),
            (TextLocation(line: 85, column: 22), "/Pattern/4/ParameterCurve/ParameterCurveControlPoints"),
        ],
        "Open.ahap": [
            (TextLocation(line: 6, column: 100), "/Metadata"),
            (TextLocation(line: 69, column: 22), "/Pattern/3/ParameterCurve/ParameterCurveControlPoints"),
        ],
        "Recharge.ahap": [(TextLocation(line: 46, column: 63), "/Pattern/1/ParameterCurve/ParameterCurveControlPoints")],
        "Spin.ahap": [
            (TextLocation(line: 74, column: 22), "/Pattern/2/ParameterCurve/ParameterCurveControlPoints"),
            (TextLocation(line: 90, column: 22), "/Pattern/3/ParameterCurve/ParameterCurveControlPoints"),
        ],
    ]

    /// Meta's AHAP test files that must decode without errors, with the pointers of their
    /// expected warnings (curves of more than 16 control points).
    static let metaValid: [String: [String]] = [
        "16_points.ahap": [],
        "17_points.ahap": ["/Pattern/0/ParameterCurve/ParameterCurveControlPoints"],
        "2_points.ahap": [],
        "3_points.ahap": [],
        "3_points_continuous.ahap": [],
        "long_clip.ahap": [],
        "multiple_emphasis.ahap": [
            "/Pattern/0/ParameterCurve/ParameterCurveControlPoints",
            "/Pattern/1/ParameterCurve/ParameterCurveControlPoints",
        ],
        "single_transient.ahap": [],
        "studio_export.ahap": [
            "/Pattern/1/ParameterCurve/ParameterCurveControlPoints",
            "/Pattern/2/ParameterCurve/ParameterCurveControlPoints",
        ],
        "valid.ahap": [],
        "valid_v1.ahap": ["/Pattern/1/ParameterCurve/ParameterCurveControlPoints"],
        "valid_v1_continuous.ahap": ["/Pattern/1/ParameterCurve/ParameterCurveControlPoints"],
        "valid_v1_transients.ahap": [],
    ]

    // MARK: Apple

    @Test("the corpus holds exactly Apple's 13 samples")
    func appleInventory() throws {
        #expect(try HapticCorpus.names(in: HapticCorpus.apple, withExtension: "ahap") == Self.appleNames)
    }

    @Test("every Apple sample decodes without errors", arguments: appleNames)
    func appleSampleDecodes(name: String) throws {
        let result = try HapticCorpus.decodeAHAP(HapticCorpus.apple, name)
        #expect(result.errors.isEmpty, "\(listing(result.errors))")
        #expect(result.pattern != nil)
        #expect(result.pattern?.version == 1)
        #expect(result.pattern?.metadata["Project"] == "Apple.CoreHaptics Unity Plug-in")
    }

    @Test("trailing commas: one warning each, at the comma; the other samples are silent", arguments: appleNames)
    func appleWarnings(name: String) throws {
        let result = try HapticCorpus.decodeAHAP(HapticCorpus.apple, name)
        if let commas = Self.trailingCommas[name] {
            #expect(result.warnings.count == commas.count, "\(listing(result.warnings))")
            for (warning, (location, path)) in zip(result.warnings, commas) {
                #expect(warning.location == location)
                #expect(warning.pointer == pointer(path))
                #expect(warning.problem.contains("trailing comma"))
            }
        } else if name == "Recoil.ahap" {
            // Apple's own Recoil.ahap gives HapticSharpness −1: outside 0–1, clamped by Core Haptics.
            #expect(result.warnings.count == 1)
            #expect(result.warnings.first?.pointer == pointer("/Pattern/0/Event/EventParameters/1/ParameterValue"))
            #expect(result.warnings.first?.location == TextLocation(line: 21, column: 43))
            #expect(result.warnings.first?.problem == "HapticSharpness is -1, outside its range 0–1; Core Haptics clamps it to 0")
        } else {
            #expect(result.diagnostics.isEmpty, "\(listing(result.diagnostics))")
        }
    }

    @Test("Boing.ahap decodes to the values in the file, in file order")
    func boingModel() throws {
        let pattern = try #require(try HapticCorpus.decodeAHAP(HapticCorpus.apple, "Boing.ahap").pattern)
        #expect(pattern.metadata.keys == ["Project", "Created", "Description"])
        #expect(pattern.elements.map(\.key) == ["Event", "Event", "ParameterCurve", "ParameterCurve"])
        #expect(
            pattern.events == [
                AHAPEvent(
                    time: 0, type: .hapticTransient, parameters: [.init(id: "HapticIntensity", value: 0.8), .init(id: "HapticSharpness", value: 0.4)]),
                AHAPEvent(
                    time: 0.015, type: .hapticContinuous, duration: 0.25,
                    parameters: [.init(id: "HapticIntensity", value: 0.8), .init(id: "HapticSharpness", value: 0.4)]),
            ])
        #expect(
            pattern.parameterCurves == [
                AHAPParameterCurve(
                    id: "HapticIntensityControl", time: 0.015,
                    controlPoints: [.init(time: 0, value: 1), .init(time: 0.1, value: 0.5), .init(time: 0.25, value: 0)]),
                AHAPParameterCurve(
                    id: "HapticSharpnessControl", time: 0.015, controlPoints: [.init(time: 0, value: 0), .init(time: 0.25, value: -0.3)]),
            ])
    }

    @Test("hapticEvents: defaults for absent parameters, clamping, audio left out")
    func hapticEventsView() throws {
        // Hit.ahap gives only HapticIntensity: sharpness takes the 0.5 default.
        let hit = try #require(try HapticCorpus.decodeAHAP(HapticCorpus.apple, "Hit.ahap").pattern)
        #expect(hit.hapticEvents == [.transient(at: 0, intensity: 1, sharpness: 0.5)])
        // Recoil.ahap's sharpness −1 is clamped to 0, as Core Haptics plays it.
        let recoil = try #require(try HapticCorpus.decodeAHAP(HapticCorpus.apple, "Recoil.ahap").pattern)
        #expect(
            recoil.hapticEvents == [
                .continuous(at: 0, duration: 0.1, intensity: 1, sharpness: 0),
                .continuous(at: 0.2, duration: 0.2, intensity: 1, sharpness: 0),
            ])
        // Heartbeats.ahap: transients 13 ms apart are fine (no documented spacing limit).
        let heartbeats = try #require(try HapticCorpus.decodeAHAP(HapticCorpus.apple, "Heartbeats.ahap").pattern)
        #expect(heartbeats.hapticEvents.prefix(2).map(\.time) == [0, 0.013])
        // long_clip.ahap lists its transient last; the view sorts by time.
        let long = try #require(try HapticCorpus.decodeAHAP(HapticCorpus.meta, "long_clip.ahap").pattern)
        #expect(long.hapticEvents.map(\.time) == [0, 5, 30, 60])
        #expect(long.hapticEvents[1] == .transient(at: 5, intensity: 0.8660254, sharpness: 1))
        let audio = AHAPPattern(elements: [
            .event(AHAPEvent(time: 0, type: .audioCustom, waveformPath: "a.wav")),
            .event(AHAPEvent(time: 0.1, type: .hapticContinuous, duration: 0.5)),
        ])
        #expect(audio.hapticEvents == [.continuous(at: 0.1, duration: 0.5, intensity: 1, sharpness: 0.5)])
    }

    // MARK: Meta

    @Test("Meta's valid AHAP test files decode without errors; only >16-point curves warn", arguments: metaValid.keys.sorted())
    func metaValidFiles(name: String) throws {
        let result = try HapticCorpus.decodeAHAP(HapticCorpus.meta, name)
        #expect(result.errors.isEmpty, "\(listing(result.errors))")
        #expect(result.pattern != nil)
        #expect(result.warnings.map(\.pointer) == Self.metaValid[name]!.map(pointer), "\(listing(result.warnings))")
        for warning in result.warnings { #expect(warning.problem.contains("keep at most 16 per curve")) }
    }

    @Test("17_points.ahap: a warning naming the 17 points, at the control point array")
    func seventeenPoints() throws {
        let name = "17_points.ahap"
        let result = try HapticCorpus.decodeAHAP(HapticCorpus.meta, name)
        let warning = try #require(result.warnings.first)
        #expect(warning.problem.hasPrefix("the curve has 17 control points"))
        let text = try HapticCorpus.text(HapticCorpus.meta, name)
        let key = try #require(position(of: "\"ParameterCurveControlPoints\": [", in: text))
        #expect(warning.location == TextLocation(line: key.line, column: key.column + 31))
        #expect(result.pattern?.parameterCurves.first?.controlPoints.count == 17)
    }

    @Test("invalid.ahap is refused: ParameterCurves at /Pattern/1")
    func invalidAHAP() throws {
        let name = "invalid.ahap"
        let result = try HapticCorpus.decodeAHAP(HapticCorpus.meta, name)
        #expect(result.pattern == nil)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1, "\(listing(result.diagnostics))")
        #expect(error.pointer == pointer("/Pattern/1"))
        #expect(error.problem.contains("\"ParameterCurves\""))
        #expect(error.problem.contains("did you mean ParameterCurve?"))
        // The element's opening brace: the line above the unknown key, 8 spaces in.
        let text = try HapticCorpus.text(HapticCorpus.meta, name)
        let key = try #require(position(of: "\"ParameterCurves\"", in: text))
        #expect(error.location == TextLocation(line: key.line - 1, column: 9))
        #expect(
            error.description
                == "invalid.ahap:\(key.line - 1):9: error: /Pattern/1: unknown element kind \"ParameterCurves\": a Pattern element holds exactly one of Event, Parameter, ParameterCurve — did you mean ParameterCurve?"
        )
    }

    @Test("Meta's AHAP inventory: every file is either expected valid or invalid.ahap")
    func metaInventory() throws {
        let names = try HapticCorpus.names(in: HapticCorpus.meta, withExtension: "ahap")
        #expect(Set(names) == Set(Self.metaValid.keys).union(["invalid.ahap"]))
    }

    // MARK: Round trip

    static var corpusFiles: [(directory: String, name: String)] {
        appleNames.map { ("apple", $0) } + metaValid.keys.sorted().map { ("meta", $0) }
    }

    @Test("encode → decode → encode is byte-identical for every corpus AHAP", arguments: corpusFiles.map { "\($0.directory)/\($0.name)" })
    func roundTrip(path: String) throws {
        let parts = path.split(separator: "/").map(String.init)
        let directory = parts[0] == "apple" ? HapticCorpus.apple : HapticCorpus.meta
        let pattern = try #require(try HapticCorpus.decodeAHAP(directory, parts[1]).pattern)
        let encoder = AHAPEncoder()
        let first = encoder.encode(pattern)
        let again = decodeAHAP(first)
        #expect(again.errors.isEmpty, "\(listing(again.errors))")
        // The encoder splits long curves: its output never warns about them.
        #expect(!again.warnings.contains { $0.problem.contains("control points") })
        let second = encoder.encode(try #require(again.pattern))
        #expect(first == second)
        #expect(first.hasSuffix("}\n"))
    }

    @Test("re-encoding keeps every event and the curves' values at the same absolute times")
    func roundTripPreservesContent() throws {
        for name in ["studio_export.ahap", "multiple_emphasis.ahap"] {
            let original = try #require(try HapticCorpus.decodeAHAP(HapticCorpus.meta, name).pattern)
            let encoded = try #require(decodeAHAP(AHAPEncoder().encode(original)).pattern)
            #expect(encoded.events.count == original.events.count)
            for id in ["HapticIntensityControl", "HapticSharpnessControl"] {
                let before = Self.absolutePoints(original, id)
                let after = Self.absolutePoints(encoded, id)
                // After splitting, boundary points appear twice; drop exact repeats and compare.
                var deduplicated: [(Double, Double)] = []
                for p in after where deduplicated.last.map({ $0 != p }) ?? true { deduplicated.append(p) }
                #expect(deduplicated.count == before.count)
                for (a, b) in zip(before, deduplicated) {
                    #expect(abs(a.0 - b.0) <= 0.0001 + 1e-9 && abs(a.1 - b.1) <= 0.00005 + 1e-9)
                }
            }
        }
    }

    /// Control points of every curve with `id`, as (absolute time, value), rounded as written.
    static func absolutePoints(_ pattern: AHAPPattern, _ id: String) -> [(Double, Double)] {
        pattern.parameterCurves.filter { $0.id == id }.flatMap { curve in
            curve.controlPoints.map { ((($0.time + curve.time) * 10_000).rounded() / 10_000, $0.value) }
        }
    }
}
