import MotionCore
import MotionStore
import MotionSwiftSourceModel

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ImportRun

/// One `motionsync import`: files and folders into the store, each file in its own transaction
/// (tokens files first), JSON prepared on all cores a chunk ahead of the one writer, Swift
/// sources parsed in parallel; specs stored earlier that use changed design tokens re-read. The
/// figures of a spec decoded on the workers are computed there too and stored with its revisions;
/// those of anything else added or changed are computed and stored at the end.
public struct ImportRun {
    /// Files and folders (relative paths against the IO's current directory).
    public var paths: [String]
    /// The screen of files that do not name one (Lottie).
    public var screen: String?
    /// Where the store is (created when missing).
    public var globals: GlobalOptions
    /// Reads Swift files (Apple's parser in the `motionsync-swift` process by default).
    public var reader: any SwiftSourceReading

    public init(
        paths: [String], screen: String? = nil, globals: GlobalOptions = GlobalOptions(), reader: any SwiftSourceReading = SwiftReaderProcess.beside()
    ) {
        self.paths = paths
        self.screen = screen
        self.globals = globals
        self.reader = reader
    }

    // MARK: Outcome

    /// What an import did.
    public struct Outcome: Sendable {
        /// One report per file, in the order imported (re-read dependents last).
        public var reports: [FileImportReport] = []
        /// Swift files found in folders that hold no animator (not parsed, not listed).
        public var quietSkips = 0
        /// Animations of code moved to another screen because what contains their code changed.
        public var moves: [ScreenMove] = []

        /// How many reports have `result`.
        public func count(_ result: FileImportReport.Result) -> Int { reports.filter { $0.result == result }.count }

        /// The summary line (`15 files: 14 added, 0 changed, 0 unchanged, 0 rejected, 1 skipped`).
        public var summary: String {
            "\(reports.count) file\(reports.count == 1 ? "" : "s"): \(count(.added)) added, \(count(.changed)) changed, \(count(.unchanged)) unchanged, \(count(.rejected)) rejected\(count(.skipped) > 0 ? ", \(count(.skipped)) skipped" : "")"
                + (quietSkips > 0 ? "; \(quietSkips) Swift file\(quietSkips == 1 ? "" : "s") without an animator not parsed" : "")
        }

        /// 2 when any file was rejected or any animation left out as broken, else 0.
        public var exitCode: Int32 {
            count(.rejected) > 0 || reports.contains { $0.refusedAnimations > 0 } ? CLIError.rejectedFile([]).exitCode : 0
        }
    }

    // MARK: Running

    /// Imports. `progress` gets a line to show while working (nil clears it); `report` gets each
    /// file's report as soon as it is stored, with `true` for a spec re-read because tokens it
    /// uses changed.
    /// - Throws: `CLIError.usage` for a path that does not exist, `CLIError.store` (exit 3).
    public func run(io: CommandIO, progress: (String?) -> Void = { _ in }, report: (FileImportReport, Bool) -> Void = { _, _ in }) throws -> Outcome {
        let roots = try SpecImporter.roots(paths, io: io)
        // Into a new store, the Swift reader starts as soon as the walk meets a Swift file, since
        // every file with an animator is new to a new store (it is stopped if none has one).
        var info = stat()
        let isNew = stat(globals.databasePath(io: io), &info) != 0
        var launched: SwiftReaderProcess.Launched?
        var launchedYet = false
        func launchReader() {
            guard isNew, !launchedYet else { return }
            launchedYet = true
            launched = (reader as? SwiftReaderProcess)?.launchAhead()
        }
        // (Read for the order: what an import of a few small files then takes, not read again.)
        let ordered = SpecImporter.ordered(SpecImporter.collect(roots, foundSwift: launchReader), keep: Self.inlineBytes)
        let files = ordered.files
        let small = Self.isSmall(files)
        let inMemory = Self.buildsStoreInMemory(files)
        // A new store is made on another thread from here on (on this one for a small import),
        // while the files are read. The paths exist (checked above), so the import goes on to
        // use that store.
        let opening = isNew ? StoreOpening(globals, io: io, inline: small, inMemory: inMemory) : nil
        // A new store holds no files and no design tokens: the first files are read, parsed and
        // decoded against that while it is being made (checked once it is open).
        let early = opening.map { _ in
            PreparationPipeline(files: files, storedHashes: [:], tokens: ordered.bringsTokens ? nil : DesignTokenSet(), screen: screen)
        }
        early?.inline = small
        early?.bytes = ordered.bytes
        early?.startAhead()
        let store: MotionStore
        var ahead: (scan: SwiftScan, launched: SwiftReaderProcess.Launched?)?
        if let opening, files.contains(where: { $0.path.hasSuffix(".swift") }) {
            // The Swift files are read and searched here meanwhile.
            progress("parsing Swift sources…")
            launchReader() // (a link named otherwise that leads to a Swift file: not started yet)
            let scan = SwiftScan(files)
            do { store = try opening.wait() } catch {
                launched?.cancel()
                throw error
            }
            ahead = (scan, launched)
        } else if let opening {
            launched?.cancel() // only links named `.swift` leading elsewhere: nothing to parse
            store = try opening.wait()
        } else {
            store = try StoreAccess.open(globals, io: io, access: .readWrite)
        }
        // Many JSON files: the WAL is checkpointed beside the writer, so its commits never wait on
        // a checkpoint's syncs. (A few files rarely fill the WAL up to a checkpoint: not worth a
        // second connection and a thread.)
        let outcome =
            if files.count(where: { !$0.path.hasSuffix(".swift") }) > Self.checkpointAsideFiles {
                try store.checkpointingAside {
                    try run(ordered, store: store, ahead: ahead, early: early, io: io, progress: progress, report: report)
                }
            } else {
                try run(ordered, store: store, ahead: ahead, early: early, io: io, progress: progress, report: report)
            }
        // A new store built in memory goes to its path whole, now that everything is in it.
        do { try store.publish() } catch let error as StoreError { throw CLIError.store(place: store.path, why: error.description) }
        return outcome
    }

    /// Whether `files` are few and small enough to import on one thread: no Swift source, at
    /// most `inlineFiles` files and `inlineBytes` bytes in all. Starting the worker threads
    /// (and the heaps they allocate from) then costs more time than they save.
    static func isSmall(_ files: [SpecImporter.InputFile]) -> Bool {
        guard files.count <= inlineFiles, !files.contains(where: { $0.path.hasSuffix(".swift") }) else { return false }
        return bytes(of: files, atMost: inlineBytes) != nil
    }

    /// Whether a new store for `files` is built in memory: the bytes of their specs, Lottie files
    /// and tokens are at most `inMemoryInputBytes` in all. Swift sources do not count: a Swift
    /// file stores a few rows and its facts, a small part of its size (not a hundred times it,
    /// as a spec of lively springs can), so a tree of thousands of them is still a small store,
    /// written once instead of through a WAL, a commit per file and its checkpoints; one past
    /// `MotionStore.inMemoryLimit` goes to its path then (`publishIfLarger`).
    static func buildsStoreInMemory(_ files: [SpecImporter.InputFile]) -> Bool {
        bytes(of: files.filter { !$0.path.hasSuffix(".swift") }, atMost: inMemoryInputBytes) != nil
    }

    /// The files' sizes in all, or nil past `limit` or when one cannot be asked. O(files) stats,
    /// stopping at the limit.
    static func bytes(of files: [SpecImporter.InputFile], atMost limit: Int) -> Int? {
        var total = 0
        for file in files {
            var info = stat()
            guard stat(file.path, &info) == 0 else { return nil }
            total += Int(info.st_size)
            if total > limit { return nil }
        }
        return total
    }

    /// The most bytes, in all, of the files of an import that builds a new store in memory
    /// (`MotionStore.unpublished(at:)`). A store holds the figures of what it imports, which can
    /// be a hundred times the input (a track of thousands of lively springs), and one file is one
    /// transaction, which stays in memory until it ends; the syncs the memory saves matter for
    /// small imports only. Larger ones make the store on disk.
    static let inMemoryInputBytes = 256 * 1024

    /// The most files an import does on one thread (`isSmall`).
    static let inlineFiles = 8
    /// The most bytes, in all, of the files an import does on one thread (`isSmall`).
    static let inlineBytes = 128 * 1024

    /// JSON files above which an import checkpoints beside its writer (`MotionStore.checkpointingAside`).
    public static let checkpointAsideFiles = 2 * PreparationPipeline.chunkSize

    /// What prepares `ordered`'s files for `store`: `early` (started before the store was open,
    /// for one without files or tokens) when the store holds none, else a preparation made now.
    private func preparation(_ ordered: SpecImporter.Ordered, store: MotionStore, early: PreparationPipeline?) throws -> PreparationPipeline {
        // A store this import builds in memory holds nothing yet: not asked.
        if let early, store.isUnpublished { return early }
        do {
            let storedHashes = Dictionary(try store.sources().map { ($0.path, $0.contentHash) }, uniquingKeysWith: { a, _ in a })
            let tokens = ordered.bringsTokens ? nil : try store.tokens()
            // (A store another process made meanwhile may hold files or tokens: prepared again.)
            if let early, storedHashes.isEmpty, tokens?.isEmpty ?? true { return early }
            let pipeline = PreparationPipeline(files: ordered.files, storedHashes: storedHashes, tokens: tokens, screen: screen)
            pipeline.inline = Self.isSmall(ordered.files)
            pipeline.bytes = ordered.bytes
            return pipeline
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
    }

    /// `run` once the files are collected and ordered and the store is open; `ahead` is the
    /// Swift files' scan and the reader started while a new store was being created, `early` the
    /// preparation started then, for a store without files or tokens.
    private func run(
        _ ordered: SpecImporter.Ordered, store: MotionStore, ahead: (scan: SwiftScan, launched: SwiftReaderProcess.Launched?)?,
        early: PreparationPipeline?, io: CommandIO, progress: (String?) -> Void, report: (FileImportReport, Bool) -> Void
    ) throws -> Outcome {
        let files = ordered.files
        var importer = SpecImporter(store: store, io: io, screen: screen, reader: reader)
        var outcome = Outcome()
        let hasSwift = files.contains(where: { $0.path.hasSuffix(".swift") })
        if ahead == nil, hasSwift { progress("parsing Swift sources…") }
        let scan = ahead?.scan ?? (hasSwift ? SwiftScan(files) : nil)
        // The store's facts of other files, read once: their constants, then the screens.
        let storedFacts = try scan.map { _ in try importer.storedCodeFacts() }
        // The files whose animators may have gone: one query, not one per file without animators.
        if scan != nil { importer.swiftFilesWithAnimations = try? store.filesWithLiveAnimations(format: "swift") }
        if let scan { importer.constants = try importer.moduleConstants(scan, stored: storedFacts) }
        let extracted = importer.extractSwift(files, scan: scan, launched: ahead?.launched)
        if let scan { importer.screens = try importer.refreshScreens(scan, stored: storedFacts) }
        // JSON files are read, hashed, parsed and decoded on all cores, a chunk ahead of the one
        // writer below, which stores them in order. Decoding waits for the writer when this
        // import brings design tokens (tokens files come first), since specs may use them.
        let pipeline = try preparation(ordered, store: store, early: early)
        for (k, file) in files.enumerated() {
            progress("[\(k + 1)/\(files.count)] \(file.display)")
            let fileReport = try importer.importFile(file, extracted: extracted[file.path], prepared: pipeline.take(k))
            progress(nil)
            // A new store built in memory goes to its path early when it grows large.
            do { try store.publishIfLarger(than: MotionStore.inMemoryLimit) } catch let error as StoreError {
                throw CLIError.store(place: store.path, why: error.description)
            }
            if fileReport.result == .skipped && fileReport.note == "no animator" && !file.explicit {
                outcome.quietSkips += 1 // Swift files without an animator are not listed one by one
                continue
            }
            outcome.reports.append(fileReport)
            report(fileReport, false)
        }
        // Code of files not read again whose containing screens changed with the others.
        if let screens = importer.screens {
            do { outcome.moves = try store.reassignCodeScreens { screens.screens(of: $0) } } catch let error as StoreError {
                throw CLIError.store(place: store.path, why: error.description)
            }
        }
        // Specs stored earlier that use design tokens follow their tokens: when a tokens file
        // changed, they are re-read from disk (their hash covers the token values).
        // (A tokens file's report has no outcome: a spec's or a Lottie file's note is not searched.)
        let tokenFiles = Set(
            outcome.reports.filter { ($0.result == .added || $0.result == .changed) && $0.outcome == nil && ($0.note ?? "").contains("motion token") }
                .map(\.file))
        if !tokenFiles.isEmpty {
            let batch = Set(files.map(\.path))
            let dependents = ((try? store.sources()) ?? []).filter {
                $0.format == "spec-v1" && $0.contentHash.contains("+") && !batch.contains($0.path)
            }
            for source in dependents where FileManager.default.fileExists(atPath: source.path) {
                let fileReport = try importer.importFile(SpecImporter.InputFile(path: source.path, display: source.path, explicit: true))
                outcome.reports.append(fileReport)
                report(fileReport, true)
            }
        }
        // The figures of what was added or changed and not stored with it (computed ahead on the
        // workers), stored now so queries only read them.
        if outcome.reports.contains(where: { $0.result == .added || $0.result == .changed }) {
            try StoredFigures.refresh(store, io: io, storedAhead: outcome.reports.reduce(0) { $0 + ($1.outcome?.figuresStored ?? 0) })
        }
        return outcome
    }
}
