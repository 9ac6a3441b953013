import Foundation
import MotionStore

// MARK: - SafeFileName

/// File names derived from SCREEN and ID that can only name a file inside the output folder:
/// letters, digits, `.`, `_`, `-` are kept, anything else (slashes, `..`, spaces, control
/// characters, emoji) becomes `_`; no leading dot; at most 120 characters. A name that had to be
/// changed or shortened gets 8 hex digits of its original's SHA-256, so two different ids never
/// share a file.
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
            name = String(name.prefix(110)) + "-" + String(SHA256.hex(original).prefix(8))
        }
        return name + "." + ext
    }
}
