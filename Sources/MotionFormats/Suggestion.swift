// MARK: - Suggestion

/// "Did you mean …?" for the command line: the spec decoder's own edit-distance rule
/// (`SpecDecodingContext.closest`), made public so every typo gets the same suggestion.
public enum Suggestion {
    /// The candidate closest to `word` (case-insensitive edit distance), when it is close enough to
    /// be a typo (distance ≤ max(2, a third of the word)); nil otherwise. O(|word| · Σ|candidate|).
    public static func closest(_ word: String, in candidates: [String]) -> String? {
        SpecDecodingContext.closest(word, in: candidates)
    }

    /// `; did you mean "X"?` or the empty string, for appending to a message.
    public static func hint(_ word: String, in candidates: [String]) -> String {
        closest(word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }
}
