// MARK: - SourceWriter

/// Builds Swift source line by line with two-space indentation (what `swift-format` writes by
/// default), so generated code is already formatted.
struct SourceWriter {
    private(set) var lines: [String] = []
    private var depth = 0
    /// The current indentation in columns.
    var column: Int { depth * 2 }

    /// Appends one line at the current depth (an empty string adds an empty line).
    mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : String(repeating: "  ", count: depth) + text)
    }

    /// Appends `open`, the body one level deeper, then `close`.
    mutating func block(_ open: String, close: String = "}", _ body: (inout SourceWriter) -> Void) {
        line(open)
        depth += 1
        body(&self)
        depth -= 1
        line(close)
    }

    /// Runs `body` one level deeper.
    mutating func indented(_ body: (inout SourceWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// The text, ending in one newline, with no run of blank lines and none before a `}`.
    var text: String {
        var out: [String] = []
        for l in lines {
            if l.isEmpty, out.last?.isEmpty ?? true { continue }
            if l.trimmingLeadingSpaces.hasPrefix("}"), out.last?.isEmpty == true { out.removeLast() }
            out.append(l)
        }
        while out.last?.isEmpty == true { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }
}

extension String {
    var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
}
