// MARK: - XMLText

/// Text made safe for XML and HTML (JUnit reports, SVG plots, HTML reports).
public enum XMLText {
    /// `text` made safe for XML and HTML text and attribute values: `&`, `<`, `>`, `"` and `'`
    /// become entities; characters XML 1.0 does not allow (controls other than tab, newline and
    /// carriage return; U+FFFE, U+FFFF) become U+FFFD.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
