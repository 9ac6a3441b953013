import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionTestSupport
import Testing

// MARK: - Decoding helpers for design-token tests

let tokenTestFile = "motion.tokens.json"

func decodeTokens(_ text: String) -> DesignTokenResult {
    DesignTokenDecoder().decode(bytes: Array(text.utf8), file: tokenTestFile)
}

/// Checks that `result` is a rejection whose errors sit exactly at `pointers` (in any order), and
/// that the one at the first pointer starts where `needle` (its `occurrence`-th match in `text`)
/// starts, names the token `token`, and has a problem containing `problem` and a fix containing
/// `fix`. Returns that diagnostic.
@discardableResult
func expectTokenRejection(
    _ result: DesignTokenResult, in text: String, at pointers: [String], needle: String, occurrence: Int = 1,
    token: String, problem: [String] = [], fix: String? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> SpecDiagnostic? {
    #expect(result.tokens == nil, "a rejected file yields no tokens", sourceLocation: sourceLocation)
    let errors = result.errors
    #expect(errors.map(\.pointer.description).sorted() == pointers.sorted(), "\(errors)", sourceLocation: sourceLocation)
    for d in errors {
        #expect(!d.problem.isEmpty && !d.fix.isEmpty, "\(d)", sourceLocation: sourceLocation)
        #expect(d.file == tokenTestFile && d.severity == .error, "\(d)", sourceLocation: sourceLocation)
    }
    guard let first = pointers.first, let d = errors.first(where: { $0.pointer.description == first }) else {
        Issue.record("no error at \(pointers.first ?? "?"): \(errors)", sourceLocation: sourceLocation)
        return nil
    }
    let expected = position(of: needle, in: text, occurrence: occurrence)
    #expect(expected != nil, "needle \(needle) not in the text", sourceLocation: sourceLocation)
    #expect(d.location == expected, "\(d)", sourceLocation: sourceLocation)
    #expect(d.problem.contains("\"\(token)\""), "the problem names the token: \(d.problem)", sourceLocation: sourceLocation)
    for words in problem { #expect(d.problem.contains(words), "\(d.problem)", sourceLocation: sourceLocation) }
    if let fix { #expect(d.fix.contains(fix), "\(d.fix)", sourceLocation: sourceLocation) }
    return d
}

/// Control points of a curve as one array, for exact comparisons.
func points(_ curve: UnitCurve?) -> [Double]? {
    curve.map { [$0.p1.x, $0.p1.y, $0.p2.x, $0.p2.y] }
}

// MARK: - Material 3 motion tokens written as DTCG 2025.10

/// M3 duration tokens (guidelines.md): short1–4, medium1–4, long1–4, extra-long1–4, in ms.
let m3Durations: [(String, Int, Double)] = [
    ("short1", 50, 0.05), ("short2", 100, 0.1), ("short3", 150, 0.15), ("short4", 200, 0.2),
    ("medium1", 250, 0.25), ("medium2", 300, 0.3), ("medium3", 350, 0.35), ("medium4", 400, 0.4),
    ("long1", 450, 0.45), ("long2", 500, 0.5), ("long3", 550, 0.55), ("long4", 600, 0.6),
    ("extra-long1", 700, 0.7), ("extra-long2", 800, 0.8), ("extra-long3", 900, 0.9), ("extra-long4", 1000, 1.0),
]

/// M3 easing tokens (guidelines.md) with their exact control points.
let m3Easings: [(String, [Double])] = [
    ("standard", [0.2, 0, 0, 1]),
    ("standard-decelerate", [0, 0, 0, 1]),
    ("standard-accelerate", [0.3, 0, 1, 1]),
    ("emphasized-decelerate", [0.05, 0.7, 0.1, 1]),
    ("emphasized-accelerate", [0.3, 0, 0.8, 0.15]),
    ("legacy", [0.4, 0, 0.2, 1]),
]

/// The M3 tokens as one DTCG file: `md.sys.motion.duration.*` and `md.sys.motion.easing.*`, with
/// `$type` on the two groups.
let m3TokensFile: String = {
    let durations = m3Durations.map { name, ms, _ in
        "          \"\(name)\": { \"$value\": { \"value\": \(ms), \"unit\": \"ms\" } }"
    }.joined(separator: ",\n")
    let easings = m3Easings.map { name, p in
        "          \"\(name)\": { \"$value\": [\(p.map { JSONWriter.number($0) }.joined(separator: ", "))] }"
    }.joined(separator: ",\n")
    return """
        {
          "$schema": "https://www.designtokens.org/schemas/2025.10/format.json",
          "md": {
            "sys": {
              "motion": {
                "$description": "Material 3 motion tokens",
                "duration": {
                  "$type": "duration",
        \(durations)
                },
                "easing": {
                  "$type": "cubicBezier",
        \(easings)
                }
              }
            }
          }
        }
        """
}()
