import Foundation
import MotionJSON
import Testing

/// Real files from `shared/corpus`. Value counts and top-level keys were computed with Python's
/// `json` module (after stripping trailing commas for the Apple files); trailing-comma positions
/// with a regex over the text.
@Suite("JSONParser: real corpus files")
struct ParserCorpusTests {
    static let apple = Paths.corpus.appendingPathComponent("ahap/apple")
    static let meta = Paths.corpus.appendingPathComponent("ahap/meta")
    static let lottie = Paths.corpus.appendingPathComponent("lottie/lottie-docs")

    /// The 7 Apple samples SOURCES.md names as carrying trailing commas, with each comma's line:column.
    static let trailingCommaFiles: [String: [Loc]] = [
        "Bounce.ahap": [Loc(line: 6, column: 75)],
        "Bouncing.ahap": [Loc(line: 6, column: 88)],
        "Close.ahap": [Loc(line: 6, column: 81), Loc(line: 53, column: 22), Loc(line: 73, column: 10)],
        "Jump.ahap": [Loc(line: 6, column: 96), Loc(line: 85, column: 22)],
        "Open.ahap": [Loc(line: 6, column: 100), Loc(line: 69, column: 22)],
        "Recharge.ahap": [Loc(line: 46, column: 63)],
        "Spin.ahap": [Loc(line: 74, column: 22), Loc(line: 90, column: 22)],
    ]

    /// (file, number of values, top-level keys in order).
    static let expected: [String: (count: Int, keys: [String])] = [
        "Boing.ahap": (55, ["Version", "Metadata", "Pattern"]),
        "Bounce.ahap": (30, ["Version", "Metadata", "Pattern"]),
        "Bouncing.ahap": (106, ["Version", "Metadata", "Pattern"]),
        "Close.ahap": (52, ["Version", "Metadata", "Pattern"]),
        "Heartbeats.ahap": (139, ["Version", "Metadata", "Pattern"]),
        "Hit.ahap": (15, ["Version", "Metadata", "Pattern"]),
        "Inflate.ahap": (44, ["Version", "Metadata", "Pattern"]),
        "Jump.ahap": (63, ["Version", "Metadata", "Pattern"]),
        "Open.ahap": (52, ["Version", "Metadata", "Pattern"]),
        "Oscillate.ahap": (45, ["Version", "Metadata", "Pattern"]),
        "Recharge.ahap": (72, ["Version", "Metadata", "Pattern"]),
        "Recoil.ahap": (65, ["Version", "Metadata", "Pattern"]),
        "Spin.ahap": (68, ["Version", "Metadata", "Pattern"]),
        "16_points.ahap": (79, ["Version", "Pattern"]),
        "16_points.haptic": (71, ["version", "metadata", "signals"]),
        "17_points.ahap": (82, ["Version", "Pattern"]),
        "17_points.haptic": (74, ["version", "metadata", "signals"]),
        "2_points.ahap": (37, ["Version", "Pattern"]),
        "2_points.haptic": (29, ["version", "metadata", "signals"]),
        "3_points.ahap": (40, ["Version", "Pattern"]),
        "3_points.haptic": (32, ["version", "metadata", "signals"]),
        "3_points_continuous.ahap": (40, ["Version", "Pattern"]),
        "invalid.ahap": (28, ["Version", "Pattern"]),
        "invalid_empty_amplitude_envelope.haptic": (18, ["version", "metadata", "signals"]),
        "invalid_fields_v1.haptic": (42, ["version", "metadata", "sssignals"]),
        "invalid_freq_bp_outside_amp_env.haptic": (25, ["version", "signals"]),
        "invalid_single_amplitude_breakpoint.haptic": (21, ["version", "metadata", "signals"]),
        "invalid_zero_duration.haptic": (36, ["version", "metadata", "signals"]),
        "long_clip.ahap": (99, ["Version", "Pattern"]),
        "long_clip.haptic": (59, ["version", "metadata", "signals"]),
        "multiple_emphasis.ahap": (352, ["Version", "Pattern"]),
        "multiple_emphasis.haptic": (201, ["version", "metadata", "signals"]),
        "single_transient.ahap": (14, ["Version", "Pattern"]),
        "studio_export.ahap": (3697, ["Version", "Pattern"]),
        "valid.ahap": (28, ["Version", "Pattern"]),
        "valid_beta_impulses.haptic": (117, ["version", "metadata", "signals"]),
        "valid_required_v1.haptic": (19, ["version", "signals"]),
        "valid_v1.ahap": (123, ["Version", "Pattern"]),
        "valid_v1.haptic": (108, ["version", "metadata", "signals"]),
        "valid_v1_continuous.ahap": (112, ["Version", "Pattern"]),
        "valid_v1_transients.ahap": (14, ["Version", "Pattern"]),
        "validation_v1_amplitude.haptic": (105, ["version", "metadata", "signals"]),
        "validation_v1_emphasis_amplitude.haptic": (108, ["version", "metadata", "signals"]),
        "validation_v1_emphasis_amplitude_range.haptic": (108, ["version", "metadata", "signals"]),
        "validation_v1_emphasis_frequency_range.haptic": (108, ["version", "metadata", "signals"]),
        "validation_v1_optionals.haptic": (32, ["version", "metadata", "signals"]),
        "validation_v1_sequence.haptic": (108, ["version", "metadata", "signals"]),
        "auto_orient.json": (304, ["v", "ip", "op", "nm", "mn", "fr", "w", "h", "assets", "layers", "meta"]),
        "bouncy_ball.json": (163, ["nm", "v", "ip", "op", "fr", "w", "h", "layers"]),
        "easing.json": (318, ["v", "ip", "op", "nm", "mn", "fr", "w", "h", "assets", "layers", "meta"]),
        "parenting.json": (428, ["v", "ip", "op", "nm", "mn", "fr", "w", "h", "assets", "layers", "meta"]),
        "remapping.json": (275, ["v", "ip", "op", "nm", "mn", "fr", "w", "h", "assets", "layers", "meta"]),
        "transform.json": (205, ["v", "ip", "op", "nm", "mn", "fr", "w", "h", "assets", "layers", "meta"]),
    ]

    func checkShape(_ doc: JSONDocument, _ name: String) {
        guard let want = Self.expected[name] else {
            Issue.record("no expectation for \(name)")
            return
        }
        #expect(valueCount(doc.value) == want.count, "\(name)")
        #expect(doc.locations.count == want.count, "\(name): one location per value")
        #expect(doc.value.objectValue?.keys == want.keys, "\(name)")
    }

    @Test("all 13 Apple AHAP samples parse with trailing commas allowed")
    func appleSamples() throws {
        let files = try Paths.files(in: Self.apple, withExtension: "ahap")
        #expect(files.count == 13)
        for url in files {
            let name = url.lastPathComponent
            let bytes = try Paths.bytes(url)
            let doc = try JSONParser(allowTrailingCommas: true).parse(bytes)
            checkShape(doc, name)
            if let commas = Self.trailingCommaFiles[name] {
                // Not strict JSON: refused strictly, at the first trailing comma.
                let strict = parseError(bytes: bytes)
                #expect(strict?.message.contains("trailing comma") == true, "\(name)")
                #expect(strict?.location == commas.first, "\(name)")
                #expect(doc.warnings.count >= 1, "\(name)")
                #expect(doc.warnings.map(\.location) == commas, "\(name)")
            } else {
                #expect(doc.warnings.isEmpty, "\(name)")
                let strict = try JSONParser().parse(bytes)
                #expect(strict.value == doc.value, "\(name)")
            }
        }
        #expect(Set(files.map(\.lastPathComponent)).isSuperset(of: Self.trailingCommaFiles.keys))
    }

    @Test("the 7 trailing-comma samples are the ones SOURCES.md names")
    func sourcesNamesTheSeven() throws {
        let sources = try String(contentsOf: Paths.corpus.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        let line = try #require(sources.split(separator: "\n").first { $0.contains("trailing commas") })
        for name in Self.trailingCommaFiles.keys {
            #expect(line.contains(name.replacingOccurrences(of: ".ahap", with: "")), "\(name)")
        }
        #expect(line.contains("7 of the 13"))
    }

    @Test("Bounce.ahap's trailing comma is reported inside Metadata")
    func bounceWarning() throws {
        let doc = try JSONParser(allowTrailingCommas: true).parse(try Paths.bytes(Self.apple.appendingPathComponent("Bounce.ahap")))
        let warning = try #require(doc.warnings.first)
        #expect(warning.pointer == JSONPointer(["Metadata"]))
        #expect(doc.value["Version"] == .number(1))
        #expect(doc.value["Metadata"]?.objectValue?.keys == ["Project", "Created", "Description"])
    }

    @Test("every Meta haptics file parses strictly")
    func metaFiles() throws {
        let files = try Paths.files(in: Self.meta)
        #expect(files.count == 34)
        for url in files {
            let doc = try JSONParser().parse(try Paths.bytes(url))
            #expect(doc.warnings.isEmpty)
            checkShape(doc, url.lastPathComponent)
        }
    }

    @Test("every lottie-docs example parses strictly")
    func lottieFiles() throws {
        let files = try Paths.files(in: Self.lottie, withExtension: "json")
        #expect(files.count == 6)
        for url in files {
            let doc = try JSONParser().parse(try Paths.bytes(url))
            #expect(doc.warnings.isEmpty)
            checkShape(doc, url.lastPathComponent)
        }
    }
}
