import Foundation
import MotionHaptics
import MotionJSON
import Testing

/// MotionJSON's 1-based line:column (Testing has its own `SourceLocation`).
typealias TextLocation = MotionJSON.SourceLocation

// MARK: - HapticCorpus

/// The shared corpus next to the package (`…/shared/corpus/ahap`), found from this file.
enum HapticCorpus {
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    static let ahap = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/ahap")
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

/// 1-based line and byte column of the `occurrence`-th match of `needle` in `text`, found by
/// plain byte search (independently of the parser).
func textLocation(of needle: String, in text: String, occurrence: Int = 1) -> TextLocation? {
    let hay = Array(text.utf8), pin = Array(needle.utf8)
    guard !pin.isEmpty, hay.count >= pin.count else { return nil }
    var seen = 0
    for start in 0...(hay.count - pin.count) where Array(hay[start..<start + pin.count]) == pin {
        seen += 1
        guard seen == occurrence else { continue }
        let before = hay[..<start]
        let line = before.filter { $0 == 0x0A }.count + 1
        let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        return TextLocation(line: line, column: start - lineStart + 1)
    }
    return nil
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
