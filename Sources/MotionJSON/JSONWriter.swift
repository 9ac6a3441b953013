// MARK: - JSONWriter

/// Deterministic JSON text: keys in the object's own order, numbers in their shortest round-trip
/// form (integers without a fraction), two-space indentation when `pretty`. The same value always
/// gives the same bytes, so encoders built on it can be compared byte for byte.
public struct JSONWriter: Sendable {
    public var pretty: Bool
    public init(pretty: Bool = true) { self.pretty = pretty }

    public func string(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        if pretty { out += "\n" }
        return out
    }

    /// A number as JSON text. Non-finite numbers cannot be written and become `null`.
    public static func number(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return n == 0 ? "0" : String(Int64(n)) }
        return "\(n)"
    }

    /// A string literal with JSON escapes. O(n); a string with nothing to escape (the usual
    /// case) is checked byte by byte and copied whole.
    public static func quote(_ s: String) -> String {
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) { return "\"" + s + "\"" }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += Self.number(n)
        case .string(let s): out += Self.quote(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                newline(indent + 1, &out)
                write(item, indent: indent + 1, into: &out)
            }
            newline(indent, &out)
            out += "]"
        case .object(let object):
            if object.isEmpty { out += "{}"; return }
            out += "{"
            for (k, entry) in object.enumerated() {
                if k > 0 { out += "," }
                newline(indent + 1, &out)
                out += Self.quote(entry.key)
                out += pretty ? ": " : ":"
                write(entry.value, indent: indent + 1, into: &out)
            }
            newline(indent, &out)
            out += "}"
        }
    }

    private func newline(_ indent: Int, _ out: inout String) {
        guard pretty else { return }
        out += "\n" + String(repeating: "  ", count: indent)
    }
}
