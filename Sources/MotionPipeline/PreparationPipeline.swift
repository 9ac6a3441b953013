import Dispatch
import MotionCore
import MotionFormats

// MARK: - PreparationPipeline

/// Feeds the one ordered writer of `import`: while the writer stores chunk c, the workers prepare
/// chunk c + 1 (`PreparedFile`, on all cores). At most two chunks are held, so memory stays
/// bounded by the chunk size, not by the number of files.
public final class PreparationPipeline: @unchecked Sendable {
    /// Files per chunk: enough to keep every core busy, few enough to bound memory.
    public static let chunkSize = 16

    public let files: [SpecImporter.InputFile]
    public let storedHashes: [String: String]
    public let tokens: DesignTokenSet?
    /// The screen of Lottie files (`import --screen`), or nil for their own names.
    public let screen: String?
    private var currentChunk = -1
    private var current: [PreparedFile?] = []
    private var nextChunk = -1
    private var next: [PreparedFile?] = []
    private let group = DispatchGroup()
    /// Every file is prepared on the writer's thread when it takes it, none ahead on workers:
    /// for an import of a few small files, where starting the workers costs more than they save.
    /// Nothing is held then: a file's document and decoding go with the writer's copy.
    public var inline = false
    /// The bytes of the files read already, at their index in `files` (or empty): not read again.
    public var bytes: [[UInt8]?] = []

    /// - Parameters:
    ///   - files: the files to prepare, in the order the writer takes them.
    ///   - storedHashes: path → content hash in the store when the import began.
    ///   - tokens: design tokens to decode specs against; nil leaves decoding to the writer (an
    ///     import that itself changes tokens).
    ///   - screen: the screen of Lottie files, or nil for their own names.
    public init(files: [SpecImporter.InputFile], storedHashes: [String: String], tokens: DesignTokenSet?, screen: String? = nil) {
        self.files = files
        self.storedHashes = storedHashes
        self.tokens = tokens
        self.screen = screen
    }

    /// Starts preparing the first chunk on a worker, before the writer takes it (as while a new
    /// store is being made); returns at once. Call before the first `take`, at most once.
    public func startAhead() {
        guard currentChunk < 0, nextChunk < 0 else { return }
        start(0)
    }

    /// The prepared file at `index`; call with increasing indices. Waits
    /// for its chunk when needed and starts preparing the one after (`inline`: prepares it).
    public func take(_ index: Int) -> PreparedFile? {
        if inline { return prepareInline(index) }
        let chunk = index / Self.chunkSize
        if chunk != currentChunk {
            // The chunk done with (documents, decoded specs, figure texts) is freed on a worker,
            // not on the writer, which is the import's one serial thread.
            let done = current
            if !done.isEmpty { DispatchQueue.global().async { withExtendedLifetime(done) {} } }
            if nextChunk == chunk {
                group.wait()
                current = next
                next = []
            } else {
                current = prepare(chunk)
            }
            currentChunk = chunk
            start(chunk + 1)
        }
        return current[index - chunk * Self.chunkSize]
    }

    private func range(_ chunk: Int) -> Range<Int> {
        chunk * Self.chunkSize..<min(files.count, (chunk + 1) * Self.chunkSize)
    }

    private func prepare(_ chunk: Int) -> [PreparedFile?] {
        let range = range(chunk)
        return PreparedFile.prepare(
            Array(files[range]), storedHashes: storedHashes, tokens: tokens, screen: screen, bytes: Array(bytes[range.clamped(to: bytes.indices)]))
    }

    /// The file at `index` prepared on this thread, its bytes read already let go (`inline`).
    private func prepareInline(_ index: Int) -> PreparedFile {
        var read: [UInt8]?
        if index < bytes.count { swap(&read, &bytes[index]) }
        return PreparedFile.prepare(files[index], storedHash: storedHashes[files[index].path], tokens: tokens, screen: screen, bytes: read)
    }

    private func start(_ chunk: Int) {
        guard !inline, chunk * Self.chunkSize < files.count else { return }
        nextChunk = chunk
        DispatchQueue.global().async(group: group) { [self] in
            next = prepare(chunk)
        }
    }
}
