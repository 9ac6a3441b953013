import Foundation

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
                c == row.count - 1 ? cell : cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
