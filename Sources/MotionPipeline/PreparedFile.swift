import Dispatch
import MotionCore
import MotionFormats
import MotionJSON
import MotionStore

// MARK: - PreparedFile

/// The store-independent part of importing one file, done ahead on a worker thread: its bytes
/// and, for JSON, their hash and, unless the store already holds those bytes, the parsed document
/// and (for a Lottie file, and for a spec when no design tokens change in this import) its
/// decoding and the figures of its animations (`StoredFigures.compute`, stored by the writer with each new revision, in the
/// file's transaction). (A Swift source is not read here: `extractSwift` reads, scans and parses
/// it.) The writer then only stores; what it prints is what `importFile` alone would print.
public struct PreparedFile: Sendable {
    /// The bytes read, or the diagnostic of a file that could not be read (empty for a Swift source).
    public let read: Result<[UInt8], SpecDiagnostic>
    /// SHA-256 (hex) of the bytes; empty when they could not be read, and for Swift sources.
    public let hash: String
    /// The parsed document (nil when the store held these bytes already, so nothing was parsed).
    public let parsed: Result<JSONDocument, SpecDiagnostic>?
    /// The decoded spec or Lottie file, when decoding did not depend on this import.
    public let decoded: SpecDecoder.Result?
    /// The figures of the decoded spec's animations (nil without a decoded spec); an animation
    /// whose figures cannot be computed has none here.
    public let figures: ImportFigures?

    public init(
        read: Result<[UInt8], SpecDiagnostic>, hash: String, parsed: Result<JSONDocument, SpecDiagnostic>? = nil,
        decoded: SpecDecoder.Result? = nil, figures: ImportFigures? = nil
    ) {
        self.read = read
        self.hash = hash
        self.parsed = parsed
        self.decoded = decoded
        self.figures = figures
    }

    /// Reads, hashes, parses and decodes one file, and computes the figures of a decoded spec's or
    /// Lottie file's animations; O(file size) plus the analysis of each animation.
    /// - Parameters:
    ///   - file: the file to read.
    ///   - storedHash: the hash the store had for this path when the import began.
    ///   - tokens: the design tokens to decode against, or nil to leave decoding to the writer.
    ///   - screen: the screen of Lottie files (`import --screen`), or nil for their own names.
    ///   - given: the file's bytes when they were read already (`SpecImporter.ordered`).
    public static func prepare(
        _ file: SpecImporter.InputFile, storedHash: String?, tokens: DesignTokenSet?, screen: String? = nil, bytes given: [UInt8]? = nil
    ) -> PreparedFile {
        // Swift sources are read by `SpecImporter.extractSwift`, once.
        if file.path.hasSuffix(".swift") { return PreparedFile(read: .success([]), hash: "") }
        let read = given.map { .success($0) } ?? InputDocument.read(path: file.path, displayName: file.display, splitHint: SpecImporter.splitHint)
        guard case .success(let bytes) = read else { return PreparedFile(read: read, hash: "") }
        let hash = SHA256.hex(bytes)
        if hash == storedHash { return PreparedFile(read: read, hash: hash) }
        let parsed = InputDocument.parse(bytes, file: file.display, splitHint: SpecImporter.splitHint)
        var decoded: SpecDecoder.Result?
        if case .success(let document) = parsed {
            // A Lottie file depends on nothing stored, a spec on the design tokens.
            switch InputKind.classify(document.value) {
            case .spec: decoded = tokens.map { SpecDecoder(tokens: $0).decode(document: document, file: file.display) }
            case .lottie: decoded = LottieImporter().importDocument(document, file: file.display, screen: screen)
            default: break
            }
        }
        return PreparedFile(
            read: read, hash: hash, parsed: parsed, decoded: decoded, figures: decoded?.spec.map { figures(of: $0, source: file.path) })
    }

    /// The figures of every animation of `spec` (those that can be computed), as the refresh
    /// would compute them from the stored revision; O(animations · analysis).
    static func figures(of spec: MotionSpec, source: String) -> ImportFigures {
        ImportFigures(
            version: StoredFigures.analysisVersion,
            records: spec.animations.compactMap { animation in
                (try? StoredFigures.compute(ResolvedAnimation(screen: spec.screen, spec: animation, source: source))).map {
                    (spec.screen, animation.id, $0)
                }
            })
    }

    /// Prepares `files` on all cores, in order; `bytes` holds the bytes of those read already, at
    /// their index (or is empty).
    public static func prepare(
        _ files: [SpecImporter.InputFile], storedHashes: [String: String], tokens: DesignTokenSet?, screen: String? = nil,
        bytes: [[UInt8]?] = []
    ) -> [PreparedFile?] {
        /// Slots filled by concurrent workers, each its own index.
        final class Slots: @unchecked Sendable {
            var items: [PreparedFile?]
            init(_ count: Int) { items = Array(repeating: nil, count: count) }
        }
        let slots = Slots(files.count)
        slots.items.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let base = buffer
            DispatchQueue.concurrentPerform(iterations: files.count) { k in
                base[k] = prepare(
                    files[k], storedHash: storedHashes[files[k].path], tokens: tokens, screen: screen, bytes: k < bytes.count ? bytes[k] : nil)
            }
        }
        return slots.items
    }
}
