import Foundation
import MotionJSON

// MARK: - InputDocument

/// Reading an input file the way every importer does: size limit first, then strict JSON, each
/// failure as one located diagnostic; and diagnostics put in document order.
public enum InputDocument {
    /// Largest accepted input file, in bytes (64 MiB).
    public static let maximumFileSize = 64 * 1024 * 1024

    /// The bytes of the file at `path`, or a diagnostic naming `displayName`. `splitHint` says how
    /// to split an oversized file ("split the screen's animations into several files").
    public static func read(path: String, displayName: String, splitHint: String) -> Result<[UInt8], SpecDiagnostic> {
        func failure(_ problem: String, _ fix: String) -> Result<[UInt8], SpecDiagnostic> {
            .failure(SpecDiagnostic(file: displayName, pointer: .root, location: nil, problem: problem, fix: fix))
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return failure("cannot read the file", "check that the path exists and is readable")
        }
        if let size = attributes[.size] as? Int, size > maximumFileSize {
            return failure("the file is \(size) bytes, over the 64 MiB limit", splitHint)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return failure("cannot read the file", "check that the path is a readable file")
        }
        return .success([UInt8](data))
    }

    /// Strict JSON, or a located diagnostic.
    public static func parse(_ bytes: [UInt8], file: String, splitHint: String) -> Result<JSONDocument, SpecDiagnostic> {
        guard bytes.count <= maximumFileSize else {
            return .failure(SpecDiagnostic(file: file, pointer: .root, location: nil, problem: "the file is \(bytes.count) bytes, over the 64 MiB limit", fix: splitHint))
        }
        do {
            return .success(try JSONParser().parse(bytes))
        } catch {
            return .failure(SpecDiagnostic(file: file, pointer: error.pointer, location: error.location,
                                           problem: "not valid JSON: \(error.message)", fix: "fix the JSON syntax at this line and column"))
        }
    }

    /// By line and column; diagnostics without a location keep their place, first.
    public static func documentOrder(_ diagnostics: [SpecDiagnostic]) -> [SpecDiagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let la = a.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let lb = b.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }
}
