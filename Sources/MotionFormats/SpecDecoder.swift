import MotionCore
import MotionJSON

// MARK: - SpecDecoder

/// Decodes spec format v1 (`Specs/README.md`, `Specs/schema.json`) into a `MotionSpec`, or
/// rejects the whole file with one diagnostic per problem (never a partial spec, never a guess).
///
/// Rejected: malformed JSON, wrong types, unknown keys (with a "did you mean"), unknown `type`s,
/// negative or non-finite durations, springs that never settle without an explicit duration,
/// duplicate ids or phase names, empty tracks, fewer than two phases, more than 100,000 keyframes,
/// files over 64 MiB. O(n) in the file size.
public struct SpecDecoder: Sendable {
    /// Largest accepted file, in bytes (64 MiB).
    public static let maximumFileSize = InputDocument.maximumFileSize
    /// Most keyframes accepted in one file.
    public static let maximumKeyframes = 100_000
    /// Longest accepted duration, delay or spring response, in seconds (an hour: beyond it a
    /// value is almost surely milliseconds written as seconds).
    public static let maximumDuration = 3600.0
    /// Largest accepted magnitude of any number.
    public static let maximumMagnitude = 1e9
    /// The spec format version this decoder reads.
    public static let specVersion = 1

    /// Design tokens that `"{group.token}"` references resolve against.
    public let tokens: DesignTokenSet

    public init(tokens: DesignTokenSet = DesignTokenSet()) { self.tokens = tokens }

    /// The outcome of decoding one file.
    public struct Result: Sendable {
        /// The spec, or nil when any error was found.
        public let spec: MotionSpec?
        /// Errors and warnings, in document order.
        public let diagnostics: [SpecDiagnostic]
        /// The design tokens the file referenced, sorted.
        public var usedTokens: [String] = []
        public var errors: [SpecDiagnostic] { diagnostics.filter { $0.severity == .error } }
        public var warnings: [SpecDiagnostic] { diagnostics.filter { $0.severity == .warning } }
    }

    static let splitHint = "split the screen's animations into several files"

    /// Reads and decodes the file at `path` (named `displayName` in diagnostics).
    public func decode(fileAt path: String, displayName: String? = nil) -> Result {
        switch InputDocument.read(path: path, displayName: displayName ?? path, splitHint: Self.splitHint) {
        case .success(let bytes): decode(bytes: bytes, file: displayName ?? path)
        case .failure(let d): Result(spec: nil, diagnostics: [d])
        }
    }

    /// Decodes spec bytes; `file` names the source in diagnostics.
    public func decode(bytes: [UInt8], file: String) -> Result {
        switch InputDocument.parse(bytes, file: file, splitHint: Self.splitHint) {
        case .success(let document): decode(document: document, file: file)
        case .failure(let d): Result(spec: nil, diagnostics: [d])
        }
    }

    /// Decodes an already parsed document.
    public func decode(document: JSONDocument, file: String) -> Result {
        let context = SpecDecodingContext(file: file, document: document, tokens: tokens)
        let spec = context.spec(document.value)
        let diagnostics = InputDocument.documentOrder(context.diagnostics)
        let failed = diagnostics.contains { $0.severity == .error }
        var result = Result(spec: failed ? nil : spec, diagnostics: diagnostics)
        result.usedTokens = context.usedTokens.sorted()
        return result
    }
}
