// MARK: - UTF8Search

/// Byte-wise tests of an identifier against an ASCII word. Each answers as `String.hasPrefix`,
/// `hasSuffix` and `contains` would, save where a combining mark joins the word's first or last
/// letter to its neighbour (`"didTap\u{301}"`): `String` compares characters (grapheme breaking,
/// and the regex engine for `contains`), which the readers would otherwise pay on every name.
public enum UTF8Search {
    /// Whether `text` begins with `word`. O(`word` length).
    public static func hasPrefix(_ text: String, _ word: String) -> Bool {
        text.utf8.starts(with: word.utf8)
    }

    /// Whether `text` ends with `word`. O(`word` length).
    public static func hasSuffix(_ text: String, _ word: String) -> Bool {
        let bytes = text.utf8, count = word.utf8.count
        return bytes.count >= count && bytes.suffix(count).elementsEqual(word.utf8)
    }

    /// Whether `word` occurs anywhere in `text`. O(`text` length × `word` length).
    public static func contains(_ text: String, _ word: String) -> Bool {
        let bytes = Array(text.utf8), word = Array(word.utf8)
        guard bytes.count >= word.count else { return false }
        return (0...(bytes.count - word.count)).contains { start in bytes[start..<(start + word.count)].elementsEqual(word) }
    }
}
