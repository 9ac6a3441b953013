// MARK: - White space at the ends

extension StringProtocol {
    /// The text without the spaces and tabs at its ends: Foundation's
    /// `trimmingCharacters(in: .whitespaces)`, with the same characters (Core Foundation's list,
    /// `isWhiteSpace`), so that trimmed names and messages stay as they were without Foundation.
    /// O(length).
    public func trimmingWhiteSpace() -> String {
        trimmingScalars(where: Self.isWhiteSpace)
    }

    /// The text without white space or line breaks at its ends: Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (`isWhiteSpace` and `isNewline`). O(length).
    public func trimmingWhiteSpaceAndNewlines() -> String {
        trimmingScalars { Self.isWhiteSpace($0) || Self.isNewline($0) }
    }

    /// Foundation's `CharacterSet.whitespaces` as Core Foundation lists it: the space, the tab,
    /// the no-break and ideographic spaces and U+2000…U+200B (the zero-width space included).
    static func isWhiteSpace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Foundation's `CharacterSet.newlines`: U+000A…U+000D, U+0085 and the line and paragraph separators.
    static func isNewline(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// The text without the scalars at its ends for which `strip` holds.
    private func trimmingScalars(where strip: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !strip($0) }), let last = scalars.lastIndex(where: { !strip($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
