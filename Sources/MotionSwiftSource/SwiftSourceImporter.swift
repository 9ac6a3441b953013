import Dispatch
import MotionCore
@_exported import MotionSwiftSourceModel

// MARK: - SwiftSourceImporter

/// Reads SwiftUI source files with Apple's own parser (SwiftParser/SwiftSyntax from the toolchain)
/// and extracts keyframe and phase animations as the project's spec model.
///
/// Only literals are read: numbers, `.zero`, `.degrees(x)`, SwiftUI's named springs, curves and
/// animations, and structs and enums declared in the same file. Anything else (a variable, an
/// unknown function) is reported in `SwiftSourceResult.unresolved` with its file and line; the
/// rest of the file is still read.
public struct SwiftSourceImporter: Sendable {
    public init() {}

    /// Parses `source` (named `file` in issues) and returns the animations it declares.
    /// - Throws: `SwiftSourceError.unavailable` when this build has no Swift parser.
    /// `constants` are the module's other files' (`SwiftModuleConstants`), for names it uses.
    public func extract(source: String, file: String, constants: SwiftModuleConstants = SwiftModuleConstants()) throws -> SwiftSourceResult {
        #if MOTIONSYNC_SWIFTSYNTAX
        // A nest of [ the parser would take too long on is read as empty, with a warning there;
        // lines and columns elsewhere are unchanged.
        var text = source
        var nests: [SwiftSourceIssue] = []
        if let tooDeep = SwiftBracketBudget.check(Array(source.utf8)) {
            // Blanking a nest that ends inside a literal's interpolation changes how the rest
            // is lexed: what is blanked must itself be within the limits, or the file is refused.
            guard let blanked = SwiftBracketBudget.blanked(Array(source.utf8)), SwiftBracketBudget.check(blanked.bytes) == nil else {
                throw SwiftSourceError.tooComplex(file: file, line: tooDeep.line, column: tooDeep.column, what: tooDeep.what)
            }
            text = String(decoding: blanked.bytes, as: UTF8.self)
            nests = blanked.nests.map { SwiftSourceIssue(file: file, line: $0.line, what: "column \($0.column): \($0.what)") }
        }
        let extraction = SwiftSourceExtraction(source: text, file: file, constants: constants)
        if let error = extraction.syntaxError() { throw error }
        var result = extraction.run()
        result.unresolved = nests + result.unresolved
        result.constantsUsed = extraction.evaluator.module.used
        return result
        #else
        throw SwiftSourceError.unavailable(SwiftSourceSupport.unavailableReason)
        #endif
    }
}

// MARK: - SwiftSourceReading

extension SwiftSourceImporter: SwiftSourceReading {
    public func unavailableReason() -> String? { SwiftSourceSupport.isAvailable ? nil : SwiftSourceSupport.unavailableReason }

    /// Parses every file on all cores (one parser per file). O(total bytes).
    public func read(_ sources: [SwiftSourceText]) -> [Result<SwiftSourceResult, SwiftSourceError>] {
        /// The results, one slot per file, filled by concurrent workers (each writes its own slot).
        final class Slots: @unchecked Sendable {
            var items: [Result<SwiftSourceResult, SwiftSourceError>?]
            init(_ count: Int) { items = Array(repeating: nil, count: count) }
        }
        let slots = Slots(sources.count)
        slots.items.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: sources.count) { k in
                let source = sources[k]
                if let encoding = SwiftSourceScan.otherEncoding(source.bytes) {
                    out[k] = .failure(.encoding(file: source.file, name: encoding))
                    return
                }
                do {
                    out[k] = .success(
                        try extract(source: String(decoding: source.bytes, as: UTF8.self), file: source.file, constants: source.constants))
                } catch let error as SwiftSourceError { out[k] = .failure(error) } catch { out[k] = .failure(.unavailable("\(error)")) }
            }
        }
        return slots.items.map { $0! }
    }
}
