import Foundation
#if canImport(MotionStore)
import MotionStore
#endif

// MARK: - SafeFileName

/// File names derived from SCREEN and ID that can only name a file inside the output folder:
/// letters, digits, `.`, `_`, `-` are kept, anything else (slashes, `..`, spaces, control
/// characters, emoji) becomes `_`; no leading dot; at most 120 characters. A name that had to be
/// changed or shortened gets 8 hex digits of its original's SHA-256, so two different ids never
/// share a file.
///
/// The export build plugin compiles this very file (a link in Plugins/MotionSyncExport, beside
/// `PortableSHA256`), so the names it declares ahead of a build are export's by construction.
public enum SafeFileName {
    public static func make(screen: String, id: String, extension ext: String) -> String {
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

    /// `make`'s name for `screen/id`, with 8 hex digits of the SHA-256 of `SCREEN\0ID` added when
    /// a name already `taken` differs only in case (one file on macOS). Adds the name to `taken`.
    public static func make(screen: String, id: String, extension ext: String, taken: inout Set<String>) -> String {
        var name = make(screen: screen, id: id, extension: ext)
        if taken.contains(name.lowercased()) {
            name = String(name.dropLast(ext.count + 1)) + "-" + String(PortableSHA256.hex("\(screen)\u{0}\(id)").prefix(8)) + "." + ext
        }
        taken.insert(name.lowercased())
        return name
    }
}
