import MotionCore

// MARK: - SwiftLiteral

/// Swift source spellings of numbers and comment text, the same bytes on every run.
enum SwiftLiteral {
    /// A `Double` as a Swift float literal: the shortest round-trip form (`0.18`, `1.0`, `-4.0`,
    /// `1e-05`) of the value rounded to 15 significant digits. A value written with 15 digits or
    /// fewer (every number of a spec) reads back exactly; a derived sum keeps no rounding noise
    /// (0.4 + 0.18 is written `0.58`, not `0.5800000000000001`; within 1e-15 relative). Non-finite
    /// values never reach here (the spec decoder refuses them).
    static func number(_ value: Double) -> String {
        let rounded = Double(CFormat.string("%.15g", value)) ?? value
        let v = rounded == 0 ? 0 : rounded // no "-0.0"
        return "\(v)"
    }

    /// `value` with at most `digits` significant digits, as a Swift literal.
    static func number(_ value: Double, significantDigits digits: Int) -> String {
        number(Double(CFormat.string("%.\(digits)g", value)) ?? value)
    }

    /// The shortest spelling of a derived number (a bounce computed from a damping ratio) whose
    /// reading back passes `accept`, trying 1…17 significant digits; the full value otherwise.
    static func shortest(_ value: Double, accept: (Double) -> Bool) -> String {
        for digits in 1...17 {
            let candidate = Double(CFormat.string("%.\(digits)g", value)) ?? value
            if accept(candidate) { return number(candidate) }
        }
        return number(value)
    }

    /// A string literal with quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if isUnsafe(scalar) { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// Text safe inside a `//` comment: one line, no control characters, and no character that
    /// reorders or breaks what a reader sees (bidi controls, line and paragraph separators): each
    /// such character is written as its escape (`\u{202e}`), a control character as a space.
    static func comment(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += " "
            } else if isUnsafe(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Control characters (C0, DEL, C1), bidi controls (U+061C, U+200E–U+200F, U+202A–U+202E,
    /// U+2066–U+2069) and line breaks other than `\n` (U+0085, U+2028, U+2029): shown as escapes.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
