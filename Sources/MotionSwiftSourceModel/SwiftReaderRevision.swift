// MARK: - SwiftReaderRevision

/// Which reading of Swift a store's rows come from.
///
/// An import skips a Swift file whose stored hash matches, so a motionsync whose reader reads
/// the same bytes differently (a form now read, a trigger now resolved, a screen now found)
/// would keep the old rows of every file nobody touched. A file is therefore stored under its
/// bytes' hash and this revision: after an upgrade that reads differently, each file is read
/// again once. `ReaderRevisionTests` keeps the digest of the reader's answers on its fixtures,
/// so a change to the answers fails there until this number goes up.
public enum SwiftReaderRevision {
    /// The reader's revision; raised with every change to what it answers for the same bytes.
    public static let current = 9

    /// What a stored Swift file's hash carries after its bytes' SHA-256: `+reader2`.
    public static var hashSuffix: String { "+reader\(current)" }
}
