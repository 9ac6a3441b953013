import MotionCodegen
import MotionCore
import MotionFormats
import MotionStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - CodeGeneration

/// What `motionsync codegen` does, for a command or a test to call: the code of one animation
/// (named `SCREEN/ID`, `FILE#ID` or `FILE`), written to standard output or a file, or one file per
/// live animation of the store (or of one screen) in a folder. The code itself is
/// `MotionCodegen`'s; this adds where the spec comes from (the header's file and revision), file
/// names (``SafeFileName``, as `export` names its patterns) and checked destinations.
public struct CodeGeneration {
    /// SwiftUI or UIKit.
    public var target: CodegenTarget
    /// Where the store is.
    public var globals: GlobalOptions

    public init(target: CodegenTarget = .swiftui, globals: GlobalOptions = GlobalOptions()) {
        self.target = target
        self.globals = globals
    }

    /// The generator, naming AHAP files as `export` does.
    public var generator: MotionCodegen {
        MotionCodegen(
            target: target, hapticFileName: { screen, id in SafeFileName.make(screen: screen, id: id, extension: "ahap") },
            reducedHapticFileName: { screen, id in SafeFileName.make(screen: screen, id: id, extension: SafeFileName.reducedMotionInfix + ".ahap") })
    }

    // MARK: One animation

    /// The code of the animation `reference` names.
    /// - Throws: `CLIError` when it cannot be resolved or generated.
    public func generate(_ reference: String, io: CommandIO) throws -> GeneratedSource {
        let animation = try AnimationResolver(io: io, globals: globals).resolve(reference)
        let origin = try self.origin(of: animation, reference: reference, io: io)
        do { return try generator.generate(animation.spec, screen: animation.screen, origin: origin) } catch {
            throw CLIError.rejected(what: "cannot generate", place: reference, why: Self.reason(error))
        }
    }

    /// `error`'s text without the place `CLIError` already names.
    public static func reason(_ error: CodegenError) -> String {
        let text = error.description
        return text.hasPrefix(error.place + ": ") ? String(text.dropFirst(error.place.count + 2)) : text
    }

    /// The spec file and revision for the header: the store's revision, or the file's SHA-256.
    func origin(of animation: ResolvedAnimation, reference: String, io: CommandIO) throws -> CodegenOrigin {
        let path = io.resolve(path: animation.source)
        if case .file = try AnimationReference(reference, fileExists: { FileManager.default.fileExists(atPath: io.resolve(path: $0)) }) {
            let bytes = (try? InputDocument.contents(atPath: path).get()) ?? []
            return CodegenOrigin(file: animation.source, revision: "sha256 " + String(SHA256.hex(bytes).prefix(12)))
        }
        let store = try StoreAccess.open(globals, io: io)
        let revision = (try? store.animation(screen: animation.screen, id: animation.spec.id))?.map(\.revision)
        return CodegenOrigin(file: Self.display(animation.source, io: io), revision: revision.map { "revision \($0)" } ?? "stored")
    }

    /// A stored source path relative to the current folder when inside it (the store keeps
    /// absolute paths), so the header reads the same on every machine.
    public static func display(_ path: String, io: CommandIO) -> String {
        let folder = URL(fileURLWithPath: io.currentDirectory).standardizedFileURL.path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    // MARK: The whole store

    /// What writing the store's code did.
    public struct Summary: Equatable, Sendable {
        /// The files written, as `out/NAME`, in the store's order.
        public var written: [String] = []
        /// Animations the target cannot play.
        public var skipped: [Skipped] = []

        /// An animation not generated, and why.
        public struct Skipped: Equatable, Sendable {
            /// `SCREEN/ID`.
            public var reference: String
            public var why: String
        }

        /// The command's closing line (`14 files written, 1 animation skipped`).
        public var line: String {
            "\(written.count) file\(written.count == 1 ? "" : "s") written"
                + (skipped.isEmpty ? "" : ", \(skipped.count) animation\(skipped.count == 1 ? "" : "s") skipped")
        }
    }

    /// One file per live animation in scope (`SCREEN--ID.swift`, named safely; a name that
    /// differs from an earlier one only in case gets a hash, as `export` names its files) in
    /// `out`, created when missing. The files compile as one module: type and function names are
    /// unique across them (`MotionCodegen.typeNames`), and each player loads the AHAP file
    /// `export` writes for its animation. O(animations).
    /// - Throws: `CLIError` when the store, the screen or the folder is not usable.
    public func writeStore(into out: String, screen: String?, io: CommandIO) throws -> Summary {
        let stored = try storedAnimations(screen: screen, io: io)
        let folder = URL(fileURLWithPath: io.resolve(path: out)).standardizedFileURL
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw CLIError.rejected(what: "cannot create the folder", place: out, why: ErrorText.describing(error))
        }
        let types = generator.typeNames(stored.map { ($0.screen, $0.spec) })
        var swiftTaken: Set<String> = [], ahapTaken: Set<String> = []
        var ahapNames: [String: [String]] = [:]
        let swiftNames = stored.map { a in
            // As export names them: each pattern, then its Reduce Motion pattern when it has one.
            ahapNames[a.screen + "\u{0}" + a.spec.id] = SafeFileName.patternNames(
                screen: a.screen, id: a.spec.id, extension: "ahap",
                reduced: SafeFileName.hasReducedMotionPattern(a.spec.reduceMotion?.rawValue), taken: &ahapTaken)
            return SafeFileName.make(screen: a.screen, id: a.spec.id, extension: "swift", taken: &swiftTaken)
        }
        let names = ahapNames, single = generator
        let codegen = MotionCodegen(
            target: target,
            hapticFileName: { screen, id in
                names[screen + "\u{0}" + id]?.first ?? single.hapticFileName(screen, id)
            },
            reducedHapticFileName: { screen, id in
                names[screen + "\u{0}" + id].flatMap { $0.count == 2 ? $0[1] : nil } ?? single.reducedHapticFileName(screen, id)
            })
        var summary = Summary()
        for (k, a) in stored.enumerated() {
            let generated: GeneratedSource
            do {
                generated = try codegen.generate(
                    a.spec, screen: a.screen, origin: CodegenOrigin(file: Self.display(a.source, io: io), revision: "revision \(a.revision)"),
                    typeName: types[k])
            } catch {
                summary.skipped.append(.init(reference: "\(a.screen)/\(a.spec.id)", why: Self.reason(error)))
                continue
            }
            let file = folder.appendingPathComponent(swiftNames[k])
            try OutputFile.write(generated.text, to: file, named: file.path)
            summary.written.append(PathText.appending(swiftNames[k], to: out))
        }
        return summary
    }

    /// The live animations in scope, in the store's order (the order `export` names files in).
    func storedAnimations(screen: String?, io: CommandIO) throws -> [StoredAnimation] {
        let store = try StoreAccess.open(globals, io: io)
        try ScreenScope.check(screen, in: store)
        do {
            return try store.inventory(InventoryFilter(screen: screen)).compactMap { try store.animation(screen: $0.screen, id: $0.id) }
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
    }
}
