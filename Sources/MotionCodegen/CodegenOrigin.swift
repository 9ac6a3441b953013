// MARK: - CodegenOrigin

/// Where the spec being generated came from, for the header of the generated file.
public struct CodegenOrigin: Hashable, Sendable {
    /// The spec file as the user named it (`Specs/Feed.json`) or the store's source file.
    public var file: String
    /// The revision: `revision 3` in the store, or the file's content hash (`sha256 1a2b…`).
    public var revision: String

    public init(file: String, revision: String) {
        self.file = file
        self.revision = revision
    }
}
