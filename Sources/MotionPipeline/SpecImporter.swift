import MotionCore
import MotionFormats
import MotionJSON
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

// MARK: - SpecImporter

/// Imports files into a store: reads, recognises, decodes, and stores each file in its own
/// transaction, reporting what happened. The unchanged check hashes the bytes before decoding,
/// so re-importing a large unchanged folder costs one read and one hash per file.
public struct SpecImporter {
    public let store: MotionStore
    public let io: CommandIO
    /// Overrides the screen of files that do not name one (Lottie).
    public let screen: String?
    /// Reads Swift files (Apple's parser, in the `motionsync-swift` process by default).
    public let reader: any SwiftSourceReading
    /// Which screens contain each type of the app's code (`refreshScreens`); without it, code is
    /// listed under the view its code is written in, as the file alone shows.
    public var screens: ScreenAttribution?
    /// The numeric constants every Swift file the store knows declares (`moduleConstants`), for
    /// the names animations use across files.
    public var constants = SwiftModuleConstants()
    /// The Swift files the store still lists animations from, read once for a whole import
    /// (`withoutAnimator` asks it of each file without animators); nil: asked of the store per file.
    public var swiftFilesWithAnimations: Set<String>?

    public init(store: MotionStore, io: CommandIO, screen: String? = nil, reader: any SwiftSourceReading = SwiftReaderProcess.beside()) {
        self.store = store
        self.io = io
        self.screen = screen
        self.reader = reader
    }

    /// A file to import: its absolute path and the name to print.
    public struct InputFile: Equatable, Sendable {
        public let path: String
        public let display: String
        /// Named on the command line (imported whatever its extension) rather than found in a folder.
        public let explicit: Bool

        public init(path: String, display: String, explicit: Bool) {
            self.path = path
            self.display = display
            self.explicit = explicit
        }
    }

    /// Expands files and folders (recursively, `.json` and `.swift` files, sorted, hidden entries
    /// and `.build` folders skipped).
    /// - Throws: `CLIError.usage` for a path that does not exist.
    public static func collect(_ paths: [String], io: CommandIO) throws -> [InputFile] {
        collect(try roots(paths, io: io))
    }

    /// A path named on the command line, resolved: what `collect` expands.
    public struct Root: Sendable {
        /// As given.
        public let path: String
        /// Absolute, standardized, symbolic links resolved.
        public let absolute: String
        public let isDirectory: Bool
    }

    /// Each of `paths` resolved, in order; nothing is read yet.
    /// - Throws: `CLIError.usage` for a path that does not exist.
    public static func roots(_ paths: [String], io: CommandIO) throws -> [Root] {
        try paths.map { path in
            guard let (absolute, isDirectory) = resolved(io.resolve(path: path)) else {
                throw CLIError.usage("no such file or folder: \(path)", hint: "check the path (relative to \(io.currentDirectory))")
            }
            return Root(path: path, absolute: absolute, isDirectory: isDirectory)
        }
    }

    /// The absolute path `absolute` standardized (`.` and `..` taken away as written, as
    /// `URL.standardizedFileURL` does), then with its symbolic links resolved, and whether it is
    /// a folder; nil when nothing is there. On Linux with realpath(3) and stat(2): Foundation's
    /// URL and FileManager cost a short import as much as reading its files.
    static func resolved(_ absolute: String) -> (path: String, isDirectory: Bool)? {
        #if os(Linux)
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." {
                _ = parts.popLast()
            } else {
                parts.append(part)
            }
        }
        var standard = parts.isEmpty ? "/" : ""
        for part in parts {
            standard += "/"
            standard += String(part)
        }
        guard let real = realpath(standard, nil) else { return nil }
        defer { free(real) }
        var info = stat()
        guard stat(real, &info) == 0 else { return nil }
        return (String(cString: real), info.st_mode & S_IFMT == S_IFDIR)
        #else
        let path = URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return (path, isDirectory.boolValue)
        #endif
    }

    /// `collect` of roots already resolved. `foundSwift` is called once, as soon as the first
    /// `.swift` file is known (before the other folders are walked), so that a caller can start
    /// the Swift reader meanwhile.
    public static func collect(_ roots: [Root], foundSwift: () -> Void = {}) -> [InputFile] {
        var files: [InputFile] = []
        var seen: Set<String> = []
        var toldSwift = false
        func note(_ file: String) {
            if !toldSwift && file.hasSuffix(".swift") {
                toldSwift = true
                foundSwift()
            }
        }
        for root in roots {
            let absolute = root.absolute, path = root.path
            if !root.isDirectory {
                if seen.insert(absolute).inserted {
                    note(absolute)
                    files.append(InputFile(path: absolute, display: path, explicit: true))
                }
                continue
            }
            let found = SourceTreeWalk.files(
                under: absolute,
                foundSwift: {
                    if !toldSwift {
                        toldSwift = true
                        foundSwift()
                    }
                })
            // The root's prefix and the folder shown for it, made once for all of its files.
            let prefix = absolute + "/", shown = path.hasSuffix("/") ? path : path + "/"
            for file in found.sorted() where seen.insert(file).inserted {
                note(file)
                let relative = file.hasPrefix(prefix) ? String(file.utf8.dropFirst(prefix.utf8.count))! : file
                files.append(InputFile(path: file, display: shown + relative, explicit: false))
            }
        }
        return files
    }

    /// What a file too large to read is told.
    public static let splitHint = "split it into several files"

    /// Imports one file. Rejections are reported, not thrown; store failures throw
    /// `CLIError.store` (exit 3). `prepared` is the file already read, hashed, parsed and perhaps
    /// decoded on a worker (`PreparationPipeline`); the report is the same either way.
    public func importFile(_ file: InputFile, extracted: SwiftExtraction? = nil, prepared: PreparedFile? = nil) throws -> FileImportReport {
        func rejected(_ problems: [String]) -> FileImportReport { FileImportReport(file: file.display, result: .rejected, problems: problems) }
        // A Swift file scanned by `extractSwift` was read there, once; one it could not read is
        // read here, to say why (`prepared` never holds Swift sources).
        if file.path.hasSuffix(".swift") {
            if let extracted { return try importSwift(file, bytes: [], extracted: extracted) }
            switch InputDocument.read(path: file.path, displayName: file.display, splitHint: Self.splitHint) {
            case .success(let read): return try importSwift(file, bytes: read, extracted: nil)
            case .failure(let d): return rejected([CLIError.line(for: d)])
            }
        }
        let bytes: [UInt8]
        switch prepared?.read ?? InputDocument.read(path: file.path, displayName: file.display, splitHint: Self.splitHint) {
        case .success(let read): bytes = read
        case .failure(let d): return rejected([CLIError.line(for: d)])
        }
        let hash = prepared?.hash ?? SHA256.hex(bytes)
        do {
            if try store.sourceHash(path: file.path) == hash {
                return FileImportReport(file: file.display, result: .unchanged)
            }
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
        let document: JSONDocument
        switch prepared?.parsed ?? InputDocument.parse(bytes, file: file.display, splitHint: Self.splitHint) {
        case .success(let parsed): document = parsed
        case .failure(let d): return rejected([CLIError.line(for: d)])
        }
        switch try decode(document, file: file, hash: hash, prepared: prepared) {
        case .finished(let report): return report
        case .decoded(let result, let format, let figures):
            return try storeDecoded(result, format: format, figures: figures, document: document, file: file, hash: hash)
        }
    }

    /// What a JSON file decodes to: a spec's decoding to store (its format, and its figures when
    /// a worker computed them), or the file's report already (tokens imported, or a file that is
    /// not a spec skipped or refused).
    enum Decoding {
        case decoded(SpecDecoder.Result, format: String, figures: ImportFigures?)
        case finished(FileImportReport)
    }

    /// Decodes `document` as what it is: a spec (with the store's tokens), a Lottie export or a
    /// design-tokens file (imported here); a worker's decoding in `prepared` is taken as it is.
    func decode(_ document: JSONDocument, file: InputFile, hash: String, prepared: PreparedFile?) throws -> Decoding {
        func rejected(_ problems: [String]) -> Decoding { .finished(FileImportReport(file: file.display, result: .rejected, problems: problems)) }
        switch InputKind.classify(document.value) {
        case .tokens:
            return .finished(try importTokens(document, file: file, hash: hash))
        case .spec where prepared?.decoded != nil:
            return .decoded(prepared!.decoded!, format: "spec-v1", figures: prepared!.figures)
        case .spec:
            let tokens: DesignTokenSet
            do { tokens = try store.tokens() } catch let error as StoreError { throw CLIError.store(place: store.path, why: error.description) }
            return .decoded(SpecDecoder(tokens: tokens).decode(document: document, file: file.display), format: "spec-v1", figures: nil)
        case .lottie where prepared?.decoded != nil:
            return .decoded(prepared!.decoded!, format: "lottie", figures: prepared!.figures)
        case .lottie:
            return .decoded(LottieImporter().importDocument(document, file: file.display, screen: screen), format: "lottie", figures: nil)
        case .jsonSchema where !file.explicit:
            return .finished(FileImportReport(file: file.display, result: .skipped, note: "a JSON Schema, not a spec"))
        case .jsonSchema:
            return rejected([
                "motionsync: rejected (\(file.display)): this is a JSON Schema, not a motion spec; fix: import spec files (they have \"specVersion\": 1)"
            ])
        case .unknown(let what) where !file.explicit:
            return .finished(FileImportReport(file: file.display, result: .skipped, note: "not something motionsync imports (\(what))"))
        case .unknown(let what):
            return rejected([
                "motionsync: rejected (\(file.display)): not something motionsync imports: \(what); fix: import motion specs (\"specVersion\": 1, see Specs/README.md), Lottie exports, design-token files or Swift sources"
            ])
        }
    }

    /// Stores a decoded spec or Lottie file (with the figures computed with the decoding, if
    /// any), or reports why not: the decoding's errors, or a conflict or invalid animation the
    /// store refuses. Other store failures throw `CLIError.store` (exit 3).
    func storeDecoded(
        _ result: SpecDecoder.Result, format: String, figures: ImportFigures?, document: JSONDocument, file: InputFile, hash: String
    ) throws -> FileImportReport {
        func rejected(_ problems: [String]) -> FileImportReport { FileImportReport(file: file.display, result: .rejected, problems: problems) }
        let warnings = result.warnings.map(CLIError.line(for:))
        guard let spec = result.spec else { return rejected(result.errors.map(CLIError.line(for:)) + warnings) }
        // A spec that uses tokens changes when they do: its hash covers the token values too.
        var contentHash = hash
        if !result.usedTokens.isEmpty, let tokens = try? store.tokens() {
            let values = result.usedTokens.map {
                "\($0)=\(tokens.duration(named: $0).map { "\($0)" } ?? "")|\(tokens.curve(named: $0).map { "\($0)" } ?? "")|\(tokens.spring(named: $0).map { "\($0)" } ?? "")|\(tokens.transition(named: $0).map { "\($0)" } ?? "")"
            }
            contentHash = hash + "+" + SHA256.hex(values.joined(separator: "\n"))
        }
        do {
            let places = format == "spec-v1" ? Self.places(of: spec, in: document) : [:]
            let outcome = try store.importSpecs(
                [spec], from: SourceFile(path: file.path, format: format, contentHash: contentHash), figures: figures, places: places)
            return FileImportReport(file: file.display, result: FileImportReport.Result(outcome.result), outcome: outcome, problems: warnings)
        } catch let error as StoreError {
            switch error {
            case .conflict, .invalidAnimation:
                return rejected(["motionsync: rejected (\(file.display)): \(error.description)"])
            default:
                throw CLIError.store(place: store.path, why: error.description)
            }
        }
    }
}

extension SpecImporter {
    /// Where each of `spec`'s animations is written: its object in the file's `animations` array.
    /// O(animations) lookups in the parse's position table.
    static func places(of spec: MotionSpec, in document: JSONDocument) -> [AnimationKey: SourcePlace] {
        guard let written = document.value["animations"]?.arrayValue else { return [:] }
        var places: [AnimationKey: SourcePlace] = [:]
        for (k, item) in written.enumerated() {
            guard let id = item["id"]?.stringValue, let at = document.location(of: JSONPointer(["animations", String(k)])) else { continue }
            places[AnimationKey(screen: spec.screen, id: id)] = SourcePlace(line: at.line, column: at.column)
        }
        return places
    }

    /// Imports a design-tokens file.
    public func importTokens(_ document: JSONDocument, file: InputFile, hash: String) throws -> FileImportReport {
        // Aliases may name tokens of the token files imported before this one (not its own old ones).
        let known: DesignTokenSet
        do { known = try store.tokens(besides: file.path) } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
        let result = DesignTokenDecoder().decode(document: document, file: file.display, known: known)
        let warnings = result.warnings.map(CLIError.line(for:))
        guard let tokens = result.tokens else {
            return FileImportReport(file: file.display, result: .rejected, problems: result.errors.map(CLIError.line(for:)) + warnings)
        }
        // Tokens resolved from other files: the stored hash covers their values, so this file is
        // read again when they change.
        var contentHash = hash
        if !result.usedKnown.isEmpty {
            let used = DesignTokenSet(
                durations: known.durations.filter { result.usedKnown.contains($0.key) },
                curves: known.curves.filter { result.usedKnown.contains($0.key) },
                springs: known.springs.filter { result.usedKnown.contains($0.key) },
                transitions: known.transitions.filter { result.usedKnown.contains($0.key) })
            contentHash = hash + "+" + SHA256.hex(MotionStore.tokenRows(used).map { "\($0.0)=\($0.1):\($0.2)" }.joined(separator: "\n"))
        }
        do {
            let outcome = try store.importTokens(tokens, from: SourceFile(path: file.path, format: "design-tokens", contentHash: contentHash))
            let parts = outcome.added.map { "+\($0)" } + outcome.changed.map { "~\($0)" } + outcome.removed.map { "-\($0)" }
            return FileImportReport(
                file: file.display, result: FileImportReport.Result(outcome.result), problems: warnings,
                note: "\(tokens.count) motion token\(tokens.count == 1 ? "" : "s")" + (parts.isEmpty ? "" : ": " + parts.joined(separator: " ")))
        } catch let error as StoreError {
            if case .conflict = error {
                return FileImportReport(
                    file: file.display, result: .rejected, problems: ["motionsync: rejected (\(file.display)): \(error.description)"])
            }
            throw CLIError.store(place: store.path, why: error.description)
        }
    }

    /// Files that hold design tokens go first, so the specs of the same import can use them.
    /// (A cheap byte search for `"$value"`; the content decides for real when each is read.)
    public static func tokensFirst(_ files: [InputFile]) -> [InputFile] {
        ordered(files).files
    }

    /// Files in the order an import takes them (`tokensFirst`), with what reading them for that
    /// gave, so that the import reads none of them again to know it.
    public struct Ordered: Sendable {
        /// Design-token files first, each part in the order given.
        public var files: [InputFile]
        /// Whether the first file may hold design tokens (`hasTokens`): the import may change them.
        public var bringsTokens: Bool
        /// The bytes of each of `files` as read for the order, for those read first up to `keep`
        /// bytes in all (`ordered(_:keep:)`); nil past that, for a Swift source and for a file
        /// that could not be read (the import reads it, and says why).
        public var bytes: [[UInt8]?]
    }

    /// `tokensFirst`, keeping the bytes read of the first files, up to `keep` bytes in all, for
    /// the import to use instead of reading them again. O(bytes of the files).
    public static func ordered(_ files: [InputFile], keep: Int = 0) -> Ordered {
        var tokens = Ordered(files: [], bringsTokens: false, bytes: [])
        var others = tokens
        var kept = 0
        for file in files {
            let read = file.path.hasSuffix(".swift") ? nil : try? InputDocument.contents(atPath: file.path, limit: SpecDecoder.maximumFileSize).get()
            let isTokens = read.map(hasTokens) ?? false
            kept += read?.count ?? 0
            let bytes = kept <= keep ? read : nil
            if isTokens {
                tokens.files.append(file)
                tokens.bytes.append(bytes)
            } else {
                others.files.append(file)
                others.bytes.append(bytes)
            }
        }
        return Ordered(files: tokens.files + others.files, bringsTokens: !tokens.files.isEmpty, bytes: tokens.bytes + others.bytes)
    }

    /// Whether the file may hold design tokens: its bytes contain `"$value"`, or `"value"` and the
    /// name of a Style Dictionary motion type (`"time"`, `"cubic-bezier"`, …; specs have no
    /// `"value"` key). Swift sources never do, and are not read. O(file size).
    public static func hasTokens(_ f: InputFile) -> Bool {
        guard !f.path.hasSuffix(".swift") else { return false }
        guard case .success(let data) = InputDocument.contents(atPath: f.path, limit: SpecDecoder.maximumFileSize) else { return false }
        return hasTokens(data)
    }

    /// `hasTokens` of a file's bytes. O(bytes).
    static func hasTokens(_ data: [UInt8]) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if Self.contains(Array("\"$value\"".utf8), in: bytes) { return true }
            return Self.contains(Array("\"value\"".utf8), in: bytes)
                && DesignTokenDialect.motionTypeNames.contains { Self.contains(Array(("\"" + $0 + "\"").utf8), in: bytes) }
        }
    }

    /// Whether `bytes` hold `marker` (two bytes or more): each occurrence of its second byte found
    /// by memchr, the marker compared around it. O(bytes).
    static func contains(_ marker: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, marker.count >= 2, bytes.count >= marker.count else { return false }
        var from = 1
        while from < bytes.count, let hit = memchr(base + from, Int32(marker[1]), bytes.count - from) {
            let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - 1 // where the marker would start
            if i + marker.count <= bytes.count, (0..<marker.count).allSatisfy({ bytes[i + $0] == marker[$0] }) { return true }
            from = i + 2
        }
        return false
    }
}

// MARK: - Swift sources

/// A Swift file's scan, done ahead (in parallel) of the store writes: the file is read once, here.
public struct SwiftExtraction: Sendable {
    /// What the scan found.
    public enum State: Sendable {
        /// The bytes name no animator, implicit animation, haptic or UIKit/Core Animation call.
        case noAnimator
        /// The store holds these bytes already (by hash): nothing to parse.
        case unchanged
        /// Parsed: the animations, or why the file cannot be read as Swift.
        case parsed(Result<SwiftSourceResult, SwiftSourceError>)
    }

    /// SHA-256 (hex) of the bytes; empty for `noAnimator`.
    public let hash: String
    public let state: State

    public init(hash: String, state: State) {
        self.hash = hash
        self.state = state
    }

    /// The parse's result, when the file was parsed.
    public var result: Result<SwiftSourceResult, SwiftSourceError>? {
        if case .parsed(let r) = state { return r }
        return nil
    }
}

extension SpecImporter {
    /// Reads every Swift file once, on all cores: a cheap byte search says whether it may hold an
    /// animator; those that do and changed since the last import are parsed in one batch by the
    /// reader (`motionsync-swift`, one parser per file on all cores); the store writes stay sequential. A file that cannot be read has no
    /// entry (the writer reads it and reports why). O(files) byte searches plus the parses.
    /// `scan` is the files' scan when made already (`SwiftScan`), and `launched` a reader
    /// process started ahead for the parses (used, or stopped when nothing needs parsing).
    public func extractSwift(_ files: [InputFile], scan: SwiftScan? = nil, launched: SwiftReaderProcess.Launched? = nil) -> [String: SwiftExtraction]
    {
        // Read and searched on all cores; the store (one connection) is asked on this thread.
        let found = scan ?? SwiftScan(files)
        var scanned: [String: SwiftExtraction] = [:]
        var candidates: [(InputFile, [UInt8], String)] = []
        for (f, item) in zip(found.files, found.items) {
            guard let (bytes, hash) = item else { continue }
            guard let bytes else {
                scanned[f.path] = SwiftExtraction(hash: "", state: .noAnimator)
                continue
            }
            // (A file read with other files' constants is stored as `hash+…`: read again, since
            // a constant may have changed; the store then finds it unchanged if none did.)
            if (try? store.sourceHash(path: f.path)) == hash {
                scanned[f.path] = SwiftExtraction(hash: hash, state: .unchanged)
            } else {
                candidates.append((f, bytes, hash))
            }
        }
        // Parsed by the reader (on all cores, in its own process unless told otherwise), all at once.
        let texts = candidates.map { SwiftSourceText(file: $0.0.display, bytes: $0.1, constants: constants) }
        let results: [Result<SwiftSourceResult, SwiftSourceError>]
        if let process = reader as? SwiftReaderProcess {
            results = process.read(texts, launched: launched)
        } else {
            launched?.cancel()
            results = reader.read(texts)
        }
        for ((file, _, hash), result) in zip(candidates, results) {
            scanned[file.path] = SwiftExtraction(hash: hash, state: .parsed(result))
        }
        return scanned
    }

    /// What a Swift file's bytes are stored under: their SHA-256 (hex) and the reader's revision
    /// (`SwiftReaderRevision`), so that rows read by an earlier reader are read again. O(bytes).
    public static func swiftHash(_ bytes: [UInt8]) -> String {
        SHA256.hex(bytes) + SwiftReaderRevision.hashSuffix
    }

    /// Imports one Swift file: its animators, grouped by screen, in one transaction.
    public func importSwift(_ file: InputFile, bytes: [UInt8], extracted: SwiftExtraction?) throws -> FileImportReport {
        if case .noAnimator? = extracted?.state {
            return try withoutAnimator(file, hash: bytes.isEmpty ? "no animator" : Self.swiftHash(bytes), note: "no animator")
        }
        guard extracted != nil || SwiftSourceScan.mayContainAnimator(bytes) else {
            return try withoutAnimator(file, hash: Self.swiftHash(bytes), note: "no animator")
        }
        let hash = extracted?.hash ?? Self.swiftHash(bytes)
        if (try? store.sourceHash(path: file.path)) == hash { return FileImportReport(file: file.display, result: .unchanged) }
        let result: Result<SwiftSourceResult, SwiftSourceError>
        if let parsed = extracted?.result {
            result = parsed
        } else {
            result = reader.read([SwiftSourceText(file: file.display, bytes: bytes, constants: constants)])[0]
        }
        let found: SwiftSourceResult
        switch result {
        case .success(let r): found = r
        case .failure(let error):
            return FileImportReport(file: file.display, result: .rejected, problems: ["motionsync: rejected (\(file.display)): \(error)"])
        }
        let unresolved =
            found.unresolved.map { "motionsync: unresolved (\($0.file):\($0.line)): \($0.what)" }
            + found.unpairedFeedback.map {
                "motionsync: haptic without motion (\($0.file):\($0.line)): \($0.kind) fires on \($0.trigger), and nothing animates on it"
            }
        guard !found.animations.isEmpty || !found.unpairedFeedback.isEmpty else {
            return try withoutAnimator(file, hash: hash, problems: unresolved, note: "no animator found")
        }
        // The keyframe limit of spec files, for the whole file (the store would refuse it).
        if let tooMany = Self.keyframeLimit(found, file: file.display) {
            return FileImportReport(file: file.display, result: .rejected, problems: [tooMany] + unresolved)
        }
        var refused: [String] = []
        let playable = Self.playable(found.animations, file: file, refused: &refused)
        let grouped = groupedByScreen(playable, file: file)
        var specs = grouped.specs
        let figures = Self.figures(of: &specs, file: file, refused: &refused)
        do {
            let contentHash = Self.contentHash(hash, constantsUsed: found.constantsUsed)
            let outcome = try store.importSpecs(
                specs, from: SourceFile(path: file.path, format: "swift", contentHash: contentHash), unpairedFeedback: found.unpairedFeedback,
                figures: figures, places: grouped.places, containers: grouped.containers)
            var notes: [String] = []
            if !refused.isEmpty { notes.append("\(refused.count) not imported") }
            if !found.unresolved.isEmpty { notes.append("\(found.unresolved.count) unresolved") }
            if !found.unpairedFeedback.isEmpty {
                notes.append("\(found.unpairedFeedback.count) haptic\(found.unpairedFeedback.count == 1 ? "" : "s") without motion")
            }
            var report = FileImportReport(
                file: file.display, result: FileImportReport.Result(outcome.result), outcome: specs.isEmpty ? nil : outcome,
                problems: refused + grouped.unplaced + unresolved, note: notes.isEmpty ? nil : notes.joined(separator: ", "))
            report.refusedAnimations = refused.count
            return report
        } catch let error as StoreError {
            return try swiftRejection(error, file: file, unresolved: unresolved)
        }
    }

    /// The animations the motion core plays. One it refuses (the settling rule, a negative
    /// damping) is left out, located at its line in `refused`, and the import fails (exit 2);
    /// the file's other animations are stored: code is never refused whole for one.
    static func playable(_ animations: [SwiftSourceAnimation], file: InputFile, refused: inout [String]) -> [SwiftSourceAnimation] {
        animations.filter { a in
            do {
                _ = try a.spec.timeline()
                return true
            } catch {
                refused.append("motionsync: not imported (\(file.display):\(a.line):\(a.column) at \(a.screen)/\(a.spec.id)): \(error)")
                return false
            }
        }
    }

    /// A code file's animations grouped by the screen each is listed under (screens in the order
    /// first met), with where each is written and what contains it, and a line for each container
    /// no screen of the files read creates (at its first animation's line).
    func groupedByScreen(
        _ animations: [SwiftSourceAnimation], file: InputFile
    )
        -> (specs: [MotionSpec], places: [AnimationKey: SourcePlace], containers: [AnimationKey: CodeContainer], unplaced: [String])
    {
        var byScreen: [String: [AnimationSpec]] = [:]
        var order: [String] = []
        var places: [AnimationKey: SourcePlace] = [:]
        var containers: [AnimationKey: CodeContainer] = [:]
        var unplaced: [String: Int] = [:]
        for a in animations {
            let (screen, container) = placement(of: a)
            if container == nil, !a.screenNamed, let name = a.container, unplaced[name] == nil { unplaced[name] = a.line }
            if byScreen[screen] == nil { order.append(screen) }
            byScreen[screen, default: []].append(a.spec)
            places[AnimationKey(screen: screen, id: a.spec.id)] = SourcePlace(line: a.line, column: a.column)
            containers[AnimationKey(screen: screen, id: a.spec.id)] = container
        }
        let unplacedLines = unplaced.sorted { $0.value < $1.value }.map { name, line in
            // An extension method (`func:NAME`) is reached through its calls, a type through what creates it.
            let reach = name.hasPrefix("func:") ? "calls `\(name.dropFirst(5))()`" : "creates `\(name)`"
            return "motionsync: screen not found (\(file.display):\(line)): no view or view controller of the files read \(reach); "
                + "its animations are listed under the type they are written in (import the whole app, or name the screen with `// motionsync: screen=Name`)"
        }
        return (order.map { MotionSpec(screen: $0, animations: byScreen[$0]!) }, places, containers, unplacedLines)
    }

    /// The report of a code file the store refused (a conflict or an invalid animation), with the
    /// file's unresolved lines; any other store failure throws `CLIError.store` (exit 3).
    /// A Swift file without animators: skipped, unless animations read from it before are still
    /// listed; those are marked removed (the code no longer plays them, so no spec stays linked
    /// with them), the file recorded with `hash`.
    func withoutAnimator(_ file: InputFile, hash: String, problems: [String] = [], note: String) throws -> FileImportReport {
        let listed = swiftFilesWithAnimations.map { $0.contains(file.path) } ?? ((try? store.hasLiveAnimations(sourcePath: file.path)) == true)
        guard listed else {
            return FileImportReport(file: file.display, result: .skipped, problems: problems, note: note)
        }
        do {
            let outcome = try store.importSpecs([], from: SourceFile(path: file.path, format: "swift", contentHash: hash))
            return FileImportReport(
                file: file.display, result: FileImportReport.Result(outcome.result), outcome: outcome, problems: problems, note: note)
        } catch let error as StoreError {
            return try swiftRejection(error, file: file, unresolved: problems)
        }
    }

    func swiftRejection(_ error: StoreError, file: InputFile, unresolved: [String]) throws -> FileImportReport {
        switch error {
        case .conflict(let screen, _, _):
            // The screen and id come from the code: the way out is naming the screen.
            let fix =
                "; in Swift the screen is the enclosing view's name: put `// motionsync: screen=Name` on one of the two types to tell them apart"
            return FileImportReport(
                file: file.display, result: .rejected,
                problems: ["motionsync: rejected (\(file.display)): \(error.description)" + (screen.isEmpty ? "" : fix)] + unresolved)
        case .invalidAnimation:
            return FileImportReport(
                file: file.display, result: .rejected, problems: ["motionsync: rejected (\(file.display)): \(error.description)"] + unresolved)
        default: throw CLIError.store(place: store.path, why: error.description)
        }
    }
}

// MARK: - Constants across files

extension SpecImporter {
    /// What a Swift file is stored under: its bytes' hash, and when its animations were read with
    /// other files' constants, `+` and the hash of those (name=value lines, sorted; `nan` for one
    /// declared with a value not read), so that a changed constant makes the file changed (as a
    /// spec's design tokens do), also one defined through the changed one.
    static func contentHash(_ hash: String, constantsUsed: [String: Double]) -> String {
        guard !constantsUsed.isEmpty else { return hash }
        return hash + "+" + SHA256.hex(constantsUsed.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "\n"))
    }

    /// The numeric constants of every Swift file: those of `scan` as read, the others' as the
    /// store keeps them (files of earlier imports).
    /// `stored` is the store's facts when the caller has just read them (`storedCodeFacts()`).
    public func moduleConstants(_ scan: SwiftScan, stored known: [String: String]? = nil) throws -> SwiftModuleConstants {
        do {
            let read = Set(scan.files.map(\.path))
            // Constants (`c`, `e`), animations (`a`), delaying functions (`d`), handlers (`h`)
            // and the member names that may hide file-level constants (`m`).
            let stored = try (known ?? store.codeFacts()).filter { path, facts in
                !read.contains(path) && ["c\t", "e\t", "m\t", "a\t", "d\t", "h\t"].contains { facts.hasPrefix($0) || facts.contains("\n" + $0) }
            }
            return SwiftModuleConstants(scan.facts.compactMap { $0 } + stored.values.map(SwiftModuleFacts.init(text:)))
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
    }
}

// MARK: - Screens

extension SpecImporter {
    /// Every Swift file's facts the store holds, as text, by path (`MotionStore.codeFacts`): read
    /// once per import for its constants and its screens.
    public func storedCodeFacts() throws -> [String: String] {
        do { return try store.codeFacts() } catch let error as StoreError { throw CLIError.store(place: store.path, why: error.description) }
    }
}

extension SpecImporter {
    /// Stores what every Swift file of `scan` says about the app's types (forgetting files no
    /// longer there) and returns which screens contain each type, from every file the store
    /// knows of: an import of one file still places it among the others read before.
    /// `stored` is the store's facts when the caller has just read them (`storedCodeFacts()`).
    public func refreshScreens(_ scan: SwiftScan, stored known: [String: String]? = nil) throws -> ScreenAttribution {
        do {
            // Each path's place in `rows` and `facts`: the scan's order, each path once (the
            // last facts of a path repeated), as the store writes the rows.
            var read: [String: Int] = [:]
            read.reserveCapacity(scan.files.count)
            var rows: [(path: String, text: String)] = [], facts: [SwiftModuleFacts] = []
            for (file, fileFacts) in zip(scan.files, scan.facts) {
                guard let fileFacts else { continue }
                if let k = read[file.path] {
                    (rows[k].text, facts[k]) = (fileFacts.text, fileFacts)
                } else {
                    read[file.path] = rows.count
                    rows.append((file.path, fileFacts.text))
                    facts.append(fileFacts)
                }
            }
            let stored = try known ?? store.codeFacts()
            let gone = stored.keys.filter { read[$0] == nil && !FileManager.default.fileExists(atPath: $0) }
            try store.writeCodeFacts(rows, removing: gone, known: stored)
            // The files read give their facts as read; only the others' are decoded from the store.
            let others = stored.filter { read[$0.key] == nil && !gone.contains($0.key) }.values.map(SwiftModuleFacts.init(text:))
            return ScreenAttribution(facts + others)
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
    }

    /// Where an animation read from code is listed: the first screen that contains its code,
    /// with what contains it (nil when no screen is found, or a comment names the screen, or no
    /// screens are known: then the screen the file alone shows).
    func placement(of animation: SwiftSourceAnimation) -> (screen: String, container: CodeContainer?) {
        guard let screens, !animation.screenNamed, let name = animation.container else { return (animation.screen, nil) }
        let found = screens.screens(of: name)
        guard let first = found.first else { return (animation.screen, nil) }
        return (first, CodeContainer(name: name, alsoOn: Array(found.dropFirst())))
    }
}

extension SpecImporter {
    /// The figures of a code file's animations, computed before the store is written and stored
    /// in the same transaction, so no revision is ever stored without them. An animation whose
    /// figures cannot be computed is taken out of `specs` and said in `refused`.
    static func figures(of specs: inout [MotionSpec], file: InputFile, refused: inout [String]) -> ImportFigures {
        var records: [(screen: String, id: String, record: FigureRecord)] = []
        for k in specs.indices {
            specs[k].animations = specs[k].animations.filter { animation in
                do {
                    records.append(
                        (
                            specs[k].screen, animation.id,
                            try StoredFigures.compute(ResolvedAnimation(screen: specs[k].screen, spec: animation, source: file.path))
                        ))
                    return true
                } catch {
                    refused.append(
                        "motionsync: not imported (\(file.display) at \(specs[k].screen)/\(animation.id)): its figures cannot be computed: \(error)")
                    return false
                }
            }
        }
        specs.removeAll { $0.animations.isEmpty }
        return ImportFigures(version: StoredFigures.analysisVersion, records: records)
    }

    /// A file's keyframes against `SpecDecoder.maximumKeyframes`, the limit of spec and Lottie
    /// files, so the limit is the same whatever the format: the rejection, or nil within it.
    static func keyframeLimit(_ found: SwiftSourceResult, file: String) -> String? {
        var count = 0
        for a in found.animations {
            guard case .keyframes(_, let tracks, _) = a.spec.motion else { continue }
            for track in tracks { count += track.keyframes.count }
            if count > SpecDecoder.maximumKeyframes {
                return
                    "motionsync: rejected (\(file):\(a.line) at \(a.screen)/\(a.spec.id)): more than \(SpecDecoder.maximumKeyframes) keyframes in one file; fix: split the animations into several files"
            }
        }
        return nil
    }
}

// MARK: - FileImportReport

/// What happened to one file.
public struct FileImportReport: Equatable, Sendable {
    public enum Result: String, Sendable {
        case added, changed, unchanged, rejected, skipped
        init(_ r: ImportOutcome.Result) {
            switch r {
            case .added: self = .added
            case .changed: self = .changed
            case .unchanged: self = .unchanged
            }
        }
    }
    public let file: String
    public let result: Result
    public var outcome: ImportOutcome?
    /// Diagnostic lines (errors of a rejected file, warnings of an imported one).
    public var problems: [String] = []
    public var note: String?
    /// Animations of an imported file that were left out as broken (the motion core refuses
    /// them): the file's others are stored, and the import fails all the same (exit 2).
    public var refusedAnimations = 0

    public init(file: String, result: Result, outcome: ImportOutcome? = nil, problems: [String] = [], note: String? = nil) {
        self.file = file
        self.result = result
        self.outcome = outcome
        self.problems = problems
        self.note = note
    }

    /// One line: `added      Specs/Feed.json  Feed: +heart-pulse +card-fade-in`.
    public var textLine: String {
        var parts: [String] = []
        if let o = outcome {
            parts = o.added.map { "+\($0)" } + o.changed.map { "~\($0)" } + o.removed.map { "-\($0)" }
            if parts.isEmpty && !o.unchanged.isEmpty {
                parts = ["\(o.unchanged.count) unchanged"]
            } else if !o.unchanged.isEmpty {
                parts.append("(\(o.unchanged.count) unchanged)")
            }
            parts.insert("\(o.screen):", at: 0)
        }
        if let note { parts.append(note) }
        if result == .rejected { parts.append("\(problems.count) problem\(problems.count == 1 ? "" : "s"), nothing stored") }
        // (Each outcome's name is ASCII and under 10 characters; spaces make the column.)
        var line = result.rawValue + String(repeating: " ", count: max(0, 10 - result.rawValue.utf8.count)) + " " + file
        // (Appended one by one: the generic `joined` looks its types up in the runtime at its
        // first call, a scan of every conformance of the binary.)
        for part in parts { line += " " + part }
        return line
    }

    public var json: JSONValue {
        var o = JSONObject()
        o["file"] = .string(file)
        o["result"] = .string(result.rawValue)
        if let outcome {
            o["screen"] = .string(outcome.screen)
            o["added"] = .array(outcome.added.map(JSONValue.string))
            o["changed"] = .array(outcome.changed.map(JSONValue.string))
            o["removed"] = .array(outcome.removed.map(JSONValue.string))
            o["unchanged"] = .array(outcome.unchanged.map(JSONValue.string))
        }
        if let note { o["note"] = .string(note) }
        o["problems"] = .array(problems.map(JSONValue.string))
        return .object(o)
    }
}
