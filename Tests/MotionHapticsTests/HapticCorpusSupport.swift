import Foundation
import MotionHaptics
import MotionJSON
import MotionTestSupport
import Testing

/// MotionJSON's 1-based line:column (Testing has its own `SourceLocation`).
typealias TextLocation = MotionJSON.SourceLocation

// MARK: - HapticCorpus

/// The shared corpus next to the package (`…/shared/corpus/ahap`), found from this file.
enum HapticCorpus {
    static let packageRoot = MotionTestSupport.packageRoot
    static let ahap = sharedCorpus.appendingPathComponent("ahap")
    static let apple = ahap.appendingPathComponent("apple")
    static let meta = ahap.appendingPathComponent("meta")

    /// File names directly in `directory` with extension `ext`, sorted.
    static func names(in directory: URL, withExtension ext: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix("." + ext) }.sorted()
    }

    static func bytes(_ directory: URL, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func text(_ directory: URL, _ name: String) throws -> String {
        String(decoding: try bytes(directory, name), as: UTF8.self)
    }

    static func decodeAHAP(_ directory: URL, _ name: String) throws -> AHAPDecodeResult {
        AHAPDecoder().decode(bytes: try bytes(directory, name), file: name)
    }

    static func decodeMeta(_ name: String, mode: MetaHapticValidator.Mode = .strict) throws -> MetaHapticDecodeResult {
        MetaHapticDecoder(mode: mode).decode(bytes: try bytes(meta, name), file: name)
    }
}

// MARK: - Helpers

/// Decodes AHAP text named `test.ahap`.
func decodeAHAP(_ text: String) -> AHAPDecodeResult {
    AHAPDecoder().decode(bytes: Array(text.utf8), file: "test.ahap")
}

/// Decodes `.haptic` text named `test.haptic`.
func decodeMeta(_ text: String, mode: MetaHapticValidator.Mode = .strict) -> MetaHapticDecodeResult {
    MetaHapticDecoder(mode: mode).decode(bytes: Array(text.utf8), file: "test.haptic")
}

/// A pointer from its RFC 6901 text (`/Pattern/0/Event/Time`).
func pointer(_ text: String) -> JSONPointer {
    if text == "/" { return .root }
    return JSONPointer(text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init))
}

/// Human-readable list of diagnostics for failure messages.
func listing(_ diagnostics: [HapticDiagnostic]) -> String {
    diagnostics.map(\.description).joined(separator: "\n")
}
