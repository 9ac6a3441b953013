import Foundation

// MARK: - PatternNames

/// The file names `motionsync export` gives the patterns of some animations, computed ahead so the
/// build command can declare its outputs: `SafeFileName` (MotionPipeline) and
/// `PatternExport.fileName`, restated here because a plugin cannot link a library target. The
/// plugin test checks the names against what export writes.
enum PatternNames {
    /// Names for `(screen, id)` pairs in the order export writes them (sorted by screen, then id).
    static func names(_ animations: [(screen: String, id: String)], extension ext: String) -> [String] {
        var taken: Set<String> = []
        return animations.sorted { ($0.screen, $0.id) < ($1.screen, $1.id) }.map { a in
            var name = safe(screen: a.screen, id: a.id, extension: ext)
            if taken.contains(name.lowercased()) {
                name = String(name.dropLast(ext.count + 1)) + "-" + String(PortableSHA256.hex("\(a.screen)\u{0}\(a.id)").prefix(8)) + "." + ext
            }
            taken.insert(name.lowercased())
            return name
        }
    }

    /// `SCREEN--ID.EXT` with anything but ASCII letters, digits, `.`, `_`, `-` replaced by `_`,
    /// runs of `_` joined, no leading `.` or `-`, and 8 hex digits of the original's SHA-256 when
    /// the name had to change or is longer than 120 characters.
    static func safe(screen: String, id: String, extension ext: String) -> String {
        let original = "\(screen)--\(id)"
        var name = String(original.unicodeScalars.map { c -> Character in
            (c.properties.isASCIIHexDigit || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "." || c == "_" || c == "-")
                ? Character(c) : "_"
        })
        while name.contains("__") { name = name.replacingOccurrences(of: "__", with: "_") }
        while name.hasPrefix(".") || name.hasPrefix("-") { name.removeFirst() }
        if name.isEmpty { name = "_" }
        if name != original || name.count > 120 {
            name = String(name.prefix(110)) + "-" + String(PortableSHA256.hex(original).prefix(8))
        }
        return name + "." + ext
    }
}
