// MARK: - SwiftSourceText

/// One Swift file handed to a reader: its name as messages show it, and its bytes.
public struct SwiftSourceText: Sendable, Hashable {
    /// The file as diagnostics name it (a display path).
    public var file: String
    /// The file's bytes (UTF-8 Swift source).
    public var bytes: [UInt8]
    /// The numeric constants the module's other files declare, for names the file uses.
    public var constants: SwiftModuleConstants

    public init(file: String, bytes: [UInt8], constants: SwiftModuleConstants = SwiftModuleConstants()) {
        self.file = file
        self.bytes = bytes
        self.constants = constants
    }
}

// MARK: - SwiftSourceReading

/// Something that reads Swift files into animations: Apple's parser in this process
/// (`SwiftSourceImporter`, in MotionSwiftSource) or in its own process (`SwiftReaderProcess`, in
/// MotionPipeline, which the motionsync command uses so that queries never load the parser).
public protocol SwiftSourceReading: Sendable {
    /// Why this reader cannot read Swift at all, or nil when it can. May start a process.
    func unavailableReason() -> String?
    /// Reads every file, concurrently where it can; one result per file, in the order given.
    /// A file that cannot be read gets its error; the others are read all the same.
    func read(_ sources: [SwiftSourceText]) -> [Result<SwiftSourceResult, SwiftSourceError>]
}
