import MotionCore
import MotionFormats
import MotionJSON
import MotionStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - AnimationReference

/// How the command line names an animation: `SCREEN/ID` (in the store), `FILE#ID` (a spec file
/// read directly, nothing stored) or `FILE` alone (that file's only animation).
public enum AnimationReference: Equatable, Sendable {
    case stored(screen: String, id: String)
    case file(path: String, id: String?)

    /// Parses `text`. `FILE#ID` when it contains `#`; a bare existing file is `FILE`; otherwise
    /// `SCREEN/ID` split at the last `/` (so a screen name may contain slashes, an id may not).
    /// - Throws: `CLIError.usage` for text that is none of these.
    public init(_ text: String, fileExists: (String) -> Bool) throws {
        if let hash = text.lastIndex(of: "#") {
            let path = String(text[..<hash]), id = String(text[text.index(after: hash)...])
            guard !path.isEmpty else {
                throw CLIError.usage("\"\(text)\" has no file before '#'", hint: "write FILE#ID, like Specs/Feed.json#heart-pulse")
            }
            self = .file(path: path, id: id.isEmpty ? nil : id)
        } else if fileExists(text) {
            self = .file(path: text, id: nil)
        } else if let slash = text.lastIndex(of: "/"), slash != text.startIndex, text.index(after: slash) != text.endIndex {
            self = .stored(screen: String(text[..<slash]), id: String(text[text.index(after: slash)...]))
        } else {
            throw CLIError.usage("\"\(text)\" names no animation", hint: "write SCREEN/ID (stored), FILE#ID or FILE (a spec file)")
        }
    }
}

// MARK: - ResolvedAnimation

/// An animation found by reference: its screen, spec and source.
public struct ResolvedAnimation: Sendable {
    public let screen: String
    public let spec: AnimationSpec
    /// The file it came from (as named by the user or recorded in the store).
    public let source: String

    public init(screen: String, spec: AnimationSpec, source: String) {
        self.screen = screen
        self.spec = spec
        self.source = source
    }
}

// MARK: - AnimationResolver

/// Finds animations by reference.
public struct AnimationResolver {
    public let io: CommandIO
    public let globals: GlobalOptions

    public init(io: CommandIO, globals: GlobalOptions) {
        self.io = io
        self.globals = globals
    }

    /// Resolves `text` to one animation.
    /// - Throws: `CLIError.rejectedFile` for a spec file with errors, `.rejected` for a missing
    ///   id, `.usage` for a malformed reference.
    public func resolve(_ text: String) throws -> ResolvedAnimation {
        let reference = try AnimationReference(text) { path in PathKind.of(io.resolve(path: path)) == .file }
        switch reference {
        case .file(let path, let id):
            let spec = try loadSpec(path)
            if let id {
                guard let animation = spec.animation(id: id) else {
                    let ids = spec.animations.map(\.id)
                    throw CLIError.rejected(
                        what: "no such animation", place: "\(path)#\(id)",
                        why: "the file has \(ids.joined(separator: ", "))"
                            + (Self.closeName(id, in: ids).map { "; did you mean \(path)#\($0)?" } ?? ""))
                }
                return ResolvedAnimation(screen: spec.screen, spec: animation, source: path)
            }
            guard spec.animations.count == 1, let only = spec.animations.first else {
                throw CLIError.rejected(
                    what: "ambiguous animation", place: path,
                    why: "the file has \(spec.animations.count) animations (\(spec.animations.map(\.id).joined(separator: ", "))); write \(path)#ID")
            }
            return ResolvedAnimation(screen: spec.screen, spec: only, source: path)
        case .stored(let screen, let id):
            let store = try StoreAccess.open(globals, io: io)
            let found: StoredAnimation?
            do { found = try store.animation(screen: screen, id: id) } catch let error as StoreError {
                throw CLIError.store(place: store.path, why: error.description)
            }
            guard let found else { throw Self.missing(screen: screen, id: id, in: store) }
            return ResolvedAnimation(screen: found.screen, spec: found.spec, source: found.source)
        }
    }

    /// Why `screen/id` is not in `store`, with a did-you-mean: the same name but for case, or
    /// the closest screen, or the closest id on the screen.
    public static func missing(screen: String, id: String, in store: MotionStore) -> CLIError {
        let rows = (try? store.inventory()) ?? []
        let references = rows.map { "\($0.screen)/\($0.id)" }
        let wanted = "\(screen)/\(id)"
        let onScreen = rows.filter { $0.screen == screen }.map(\.id)
        var why: String
        if rows.isEmpty {
            why = "the store \(store.path) holds no animations; import the spec first, or name a file as FILE#ID"
        } else if onScreen.isEmpty {
            let screens = Array(Set(rows.map(\.screen))).sorted()
            why = "no screen \"\(screen)\" in \(store.path)"
            if let close = closeName(wanted, in: references) {
                why += "; did you mean \(close)?"
            } else if let close = closeName(screen, in: screens) {
                why += "; did you mean screen \(close)? (it has \(rows.filter { $0.screen == close }.map(\.id).joined(separator: ", ")))"
            } else {
                why += "; screens: \(screens.joined(separator: ", "))"
            }
        } else {
            why = "screen \(screen) has \(onScreen.joined(separator: ", "))"
            if let close = closeName(id, in: onScreen) { why += "; did you mean \(screen)/\(close)?" }
        }
        return CLIError.rejected(what: "no such animation", place: wanted, why: why)
    }

    /// The name equal to `word` but for case, else the closest by the decoder's edit distance.
    public static func closeName(_ word: String, in names: [String]) -> String? {
        names.first { $0.lowercased() == word.lowercased() } ?? Suggestion.closest(word, in: names)
    }

    /// Decodes the spec file at `path`, printing its warnings.
    /// - Throws: `CLIError.rejectedFile` with its diagnostics when it has errors.
    public func loadSpec(_ path: String) throws -> MotionSpec {
        // Read and parse once; say plainly when the file is not a spec at all.
        let document: JSONDocument
        switch InputDocument.read(path: io.resolve(path: path), displayName: path, splitHint: "split it into several files")
            .flatMap({ InputDocument.parse($0, file: path, splitHint: "split it into several files") })
        {
        case .success(let parsed): document = parsed
        case .failure(let d): throw CLIError.rejectedFile([d])
        }
        switch InputKind.classify(document.value) {
        case .spec: break
        case .lottie:
            let result = LottieImporter().importDocument(document, file: path)
            for warning in result.warnings { io.err(CLIError.line(for: warning)) }
            guard let spec = result.spec else { throw CLIError.rejectedFile(result.errors) }
            return spec
        case .jsonSchema:
            throw CLIError.rejected(
                what: "rejected", place: path, why: "this is a JSON Schema, not a motion spec; name a spec file (it has \"specVersion\": 1)")
        case .tokens:
            throw CLIError.rejected(
                what: "rejected", place: path,
                why: "this is a design-tokens file, not an animation; import it (motionsync import \(path)) and reference its tokens from a spec")
        case .unknown(let what):
            throw CLIError.rejected(
                what: "rejected", place: path,
                why: "not an animation file: \(what); name a motion spec (\"specVersion\": 1, see Specs/README.md) or a Lottie file")
        }
        // Tokens from the store, when there is one (reading FILE#ID never creates a store).
        var tokens = DesignTokenSet()
        // A store that is there must be sound: a damaged one is an error (exit 3), not ignored.
        if FileManager.default.fileExists(atPath: globals.databasePath(io: io)) {
            let store = try StoreAccess.open(globals, io: io)
            tokens = (try? store.tokens()) ?? tokens
        }
        let result = SpecDecoder(tokens: tokens).decode(document: document, file: path)
        for warning in result.warnings { io.err(CLIError.line(for: warning)) }
        guard let spec = result.spec else { throw CLIError.rejectedFile(result.errors) }
        return spec
    }
}
