// MARK: - TextTable

/// A plain-text table with left-aligned columns, for terminal output (cells escaped by `TerminalText`).
public struct TextTable {
    public let header: [String]
    public let rows: [[String]]

    public init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    public func render() -> String {
        // Cells are names from input: shown with controls and bidi overrides escaped.
        let all = ([header] + rows).map { $0.map(TerminalText.escaped) }
        let widths = header.indices.map { c in all.map { $0.indices.contains(c) ? $0[c].count : 0 }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { c, cell in
                c == row.count - 1 ? cell : Self.padded(cell, to: widths[c])
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// `cell` made `width` UTF-16 code units long, as Foundation's `padding(toLength:withPad:
    /// startingAt:)` makes it (the widths count `Character`s, which a cell of characters beyond
    /// the Basic Multilingual Plane exceeds): spaces after a shorter cell, a longer one cut.
    static func padded(_ cell: String, to width: Int) -> String {
        let length = cell.utf16.count
        if length < width { return cell + String(repeating: " ", count: width - length) }
        return length == width ? cell : String(decoding: cell.utf16.prefix(width), as: UTF16.self)
    }
}
