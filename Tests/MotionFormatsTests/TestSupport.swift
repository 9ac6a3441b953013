import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionTestSupport
import Testing

/// MotionJSON's 1-based line:column (Testing has its own `SourceLocation`).
typealias Loc = MotionJSON.SourceLocation

// MARK: - Repository files

enum Repo {
    static let root = packageRoot

    static let specs = root.appendingPathComponent("Specs")
    static let schemaURL = specs.appendingPathComponent("schema.json")

    /// Every example spec: `Specs/*.json` except `schema.json`, sorted by name.
    static func exampleSpecs() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: specs, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" && $0.lastPathComponent != "schema.json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// The published schema as a validator.
    static func validator() throws -> JSONSchemaValidator {
        let bytes = [UInt8](try Data(contentsOf: schemaURL))
        return try JSONSchemaValidator(schema: try JSONParser().parse(bytes).value)
    }
}

// MARK: - Decoding helpers

let testFile = "test.json"

func decode(_ text: String) -> SpecDecoder.Result {
    SpecDecoder().decode(bytes: Array(text.utf8), file: testFile)
}

/// Schema failures for `text` (which must be valid JSON).
func schemaFailures(_ text: String) throws -> [JSONSchemaValidator.Failure] {
    try Repo.validator().validate(try JSONParser().parse(text).value)
}

/// Checks that `result` is a rejection whose errors are exactly at `pointers` (in any order), and
/// that the diagnostic at the first of them sits at `location` with a non-empty problem and fix.
@discardableResult
func expectRejected(
    _ result: SpecDecoder.Result, at pointers: [String], location: Loc?,
    problem: String? = nil, fix: String? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> SpecDiagnostic? {
    #expect(result.spec == nil, "a rejected file yields no spec", sourceLocation: sourceLocation)
    let errors = result.errors
    #expect(errors.map(\.pointer.description).sorted() == pointers.sorted(), "\(errors)", sourceLocation: sourceLocation)
    for d in errors {
        #expect(!d.problem.isEmpty && !d.fix.isEmpty, "\(d)", sourceLocation: sourceLocation)
        #expect(d.file == testFile, sourceLocation: sourceLocation)
        #expect(d.severity == .error, sourceLocation: sourceLocation)
    }
    guard let first = pointers.first, let d = errors.first(where: { $0.pointer.description == first }) else {
        Issue.record("no error at \(pointers.first ?? "?"): \(errors)", sourceLocation: sourceLocation)
        return nil
    }
    #expect(d.location == location, "\(d)", sourceLocation: sourceLocation)
    if let problem { #expect(d.problem.contains(problem), "\(d.problem)", sourceLocation: sourceLocation) }
    if let fix { #expect(d.fix.contains(fix), "\(d.fix)", sourceLocation: sourceLocation) }
    return d
}

// MARK: - Spec builders

/// A one-animation keyframes spec whose `scale` track is `[linear to 1 over 0.2 s, <keyframe>]`:
/// the keyframe under test is `/animations/0/tracks/scale/1`, on line 12.
func keyframeSpec(_ keyframe: String) -> String {
    """
    {
      "specVersion": 1,
      "screen": "S",
      "animations": [
        {
          "id": "a",
          "kind": "keyframes",
          "trigger": "tap",
          "tracks": {
            "scale": [
              { "type": "linear", "to": 1, "duration": 0.2 },
              \(keyframe)
            ]
          }
        }
      ]
    }
    """
}

/// A one-animation spec with `<animation>` as the only element of `animations` (line 5 on).
func animationSpec(_ animation: String) -> String {
    """
    {
      "specVersion": 1,
      "screen": "S",
      "animations": [
        \(animation)
      ]
    }
    """
}

/// A one-animation phases spec: phase 0 `rest` { "x": 0 }, phase 1 `up` { "x": 1 } moving with
/// `<animation>` (`/animations/0/phases/1/animation`, on line 11).
func phaseSpec(_ animation: String, trigger: String = "tap") -> String {
    """
    {
      "specVersion": 1,
      "screen": "S",
      "animations": [
        {
          "id": "p",
          "kind": "phases",
          "trigger": "\(trigger)",
          "phases": [
            { "name": "rest", "values": { "x": 0 } },
            { "name": "up", "values": { "x": 1 }, "animation": \(animation) }
          ]
        }
      ]
    }
    """
}

/// The keyframes of the first track of the first animation of a decoded spec.
func firstTrack(_ spec: MotionSpec?) -> [Keyframe]? {
    guard case .keyframes(_, let tracks, _)? = spec?.animations.first?.motion else { return nil }
    return tracks.first?.keyframes
}

/// The phases of the first animation of a decoded spec.
func phases(_ spec: MotionSpec?) -> [Phase]? {
    guard case .phases(let phases)? = spec?.animations.first?.motion else { return nil }
    return phases
}
