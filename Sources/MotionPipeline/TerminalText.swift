// MARK: - TerminalText

/// Names shown as text (tables, reports, error lines) are escaped so that no input can drive the
/// reader's terminal or reorder what it shows: C0 controls (U+0000–U+001F, so ESC sequences,
/// CR and LF too), DEL, C1 controls (U+0080–U+009F) and the bidirectional overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069) become Swift-style escapes like `\u{1B}`. Everything else,
/// including other non-ASCII text, is shown as written. JSON output is left to the JSON writer
/// (exact JSON); CSV output to RFC 4180 quoting (`CSV`).
public enum TerminalText {
    /// Whether `scalar` is shown escaped.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with every control and bidi-override scalar escaped (line breaks too: for one cell
    /// or one name).
    public static func escaped(_ text: String) -> String {
        escaped(text, keepingNewlines: false)
    }

    /// `text` escaped like `escaped(_:)` but keeping its line feeds (for whole lines of output).
    public static func escapedLines(_ text: String) -> String {
        escaped(text, keepingNewlines: true)
    }

    public static func escaped(_ text: String, keepingNewlines: Bool) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar), !(keepingNewlines && scalar == "\n") {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

// MARK: - CSV

/// RFC 4180 fields: a field holding a comma or a double quote is put in double quotes, with its
/// quotes doubled. Control and bidi-override scalars are escaped first as `TerminalText` escapes
/// them (CR and LF too), so a name cannot drive the terminal a CSV is shown on, and every record
/// is one line. Checked per Unicode scalar, so a CR LF pair (one `Character`) is seen.
public enum CSV {
    public static func field(_ s: String) -> String {
        let s = TerminalText.escaped(s)
        guard s.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" }) else { return s }
        return "\"" + s.replacing("\"", with: "\"\"") + "\""
    }
}
