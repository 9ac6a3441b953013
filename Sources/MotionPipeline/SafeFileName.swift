#if canImport(MotionStore)
import MotionStore
#endif

// MARK: - SafeFileName

/// File names derived from SCREEN and ID that can only name a file inside the output folder:
/// letters, digits, `.`, `_`, `-` are kept, anything else (slashes, `..`, spaces, control
/// characters, emoji) becomes `_`; no leading dot; no Windows device name (`aux.Feed`); at most
/// 120 characters. A name that had to be
/// changed or shortened gets 8 hex digits of its original's SHA-256, so two different ids never
/// share a file.
///
/// The export build plugin compiles this very file (a link in Plugins/MotionSyncExport, beside
/// `PortableSHA256`), so the names it declares ahead of a build are export's by construction.
public enum SafeFileName {
    public static func make(screen: String, id: String, extension ext: String) -> String {
        let original = "\(screen)--\(id)"
        var name = String(
            original.unicodeScalars.map { c -> Character in
                (c.properties.isASCIIHexDigit || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "." || c == "_"
                    || c == "-")
                    ? Character(c) : "_"
            })
        while name.contains("__") { name = name.replacing("__", with: "_") }
        while name.hasPrefix(".") || name.hasPrefix("-") { name.removeFirst() }
        if name.isEmpty { name = "_" }
        if isWindowsDevice(name) { name = "_" + name }
        if name != original || name.count > 120 {
            name = String(name.prefix(110)) + "-" + String(PortableSHA256.hex(original).prefix(8))
        }
        return name + "." + ext
    }

    /// Windows' reserved device names (`CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9`, any
    /// case): a file whose name up to its first dot is one of them opens the device, so a folder
    /// exported on macOS or Linux and copied to Windows would lose it. Such a name gets a leading
    /// `_` (and so the hash of its original).
    static func isWindowsDevice(_ name: String) -> Bool {
        let stem = (name.split(separator: ".", omittingEmptySubsequences: false).first ?? "").uppercased()
        if ["CON", "PRN", "AUX", "NUL"].contains(stem) { return true }
        guard stem.count == 4, stem.hasPrefix("COM") || stem.hasPrefix("LPT"), let digit = stem.last else { return false }
        return ("0"..."9").contains(digit)
    }

    /// What a Reduce Motion pattern's name has before its extension
    /// (`Feed--heart-pulse.reduce-motion.ahap`).
    public static let reducedMotionInfix = "reduce-motion"

    /// Whether export writes a Reduce Motion pattern for an animation whose `reduceMotion` is this
    /// (as the spec spells it): a fallback that changes what plays (`crossfade`, `shortened`,
    /// `instant`, `static`), whose haptics follow what plays then.
    public static func hasReducedMotionPattern(_ reduceMotion: String?) -> Bool {
        ["crossfade", "shortened", "instant", "static"].contains(reduceMotion ?? "")
    }

    /// The names of SCREEN/ID's pattern files in `ext`, in the order export takes them: its
    /// pattern, then with `reduced` its Reduce Motion pattern (`…--ID.reduce-motion.EXT`), each
    /// made unique in any case against `taken` (`make(screen:id:extension:taken:)`).
    public static func patternNames(screen: String, id: String, extension ext: String, reduced: Bool, taken: inout Set<String>) -> [String] {
        var names = [make(screen: screen, id: id, extension: ext, taken: &taken)]
        if reduced { names.append(make(screen: screen, id: id, extension: reducedMotionInfix + "." + ext, taken: &taken)) }
        return names
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
