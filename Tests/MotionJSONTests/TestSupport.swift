import Foundation
import MotionJSON
import MotionTestSupport
import Testing

/// MotionJSON's 1-based line:column (Testing has its own `SourceLocation`).
typealias Loc = MotionJSON.SourceLocation

// MARK: - Paths

enum Paths {
    static let packageRoot = MotionTestSupport.packageRoot
    static let corpus = sharedCorpus

    static let specs = packageRoot.appendingPathComponent("Specs")

    /// Regular files directly in `directory`, sorted by name, optionally filtered by extension.
    static func files(in directory: URL, withExtension ext: String? = nil) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { ext == nil || $0.pathExtension == ext }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
}

// MARK: - Parsing helpers

func parse(_ text: String, trailingCommas: Bool = false) throws -> JSONDocument {
    try JSONParser(allowTrailingCommas: trailingCommas).parse(text)
}

/// The error a strict parse of `text` throws, or nil (recorded as an issue) when it parses.
func parseError(_ text: String, trailingCommas: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONParseError? {
    parseError(bytes: Array(text.utf8), trailingCommas: trailingCommas, sourceLocation: sourceLocation)
}

func parseError(bytes: [UInt8], trailingCommas: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> JSONParseError? {
    do {
        let doc = try JSONParser(allowTrailingCommas: trailingCommas).parse(bytes)
        Issue.record("expected a parse error, parsed \(doc.value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Counts every value in a tree (containers count themselves plus their members).
func valueCount(_ value: JSONValue) -> Int {
    switch value {
    case .array(let items): 1 + items.reduce(0) { $0 + valueCount($1) }
    case .object(let object): 1 + object.reduce(0) { $0 + valueCount($1.value) }
    default: 1
    }
}

/// Unicode scalars of a string value (String `==` is canonical equivalence, too lenient here).
func scalars(_ value: JSONValue?) -> [UInt32]? { value?.stringValue.map { $0.unicodeScalars.map(\.value) } }
func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }
