import Foundation
import MotionCodegen
import MotionCore
import MotionStore

// MARK: - CodegenCommand

/// `motionsync codegen SCREEN/ID|FILE#ID|FILE [--target swiftui|uikit] [-o FILE]` and
/// `motionsync codegen --out DIR [--screen S] [--target …]`. Parsing, help and output only: the
/// generation is `MotionCodegen`'s.
public struct CodegenCommand: Command {
    public static let name = "codegen"
    public static let summary = "write the SwiftUI (or UIKit) code that plays an animation, with its haptics"
    public static let help = """
    USAGE
      motionsync codegen SCREEN/ID|FILE#ID|FILE [--target swiftui|uikit] [-o FILE.swift]
      motionsync codegen --out DIR [--screen S] [--target swiftui|uikit]

    Writes the Swift code that plays the animation as the spec says, so that `motionsync diff`
    finds nothing between the two. Same spec, same bytes; laid out as swift-format lays it out;
    headed by the spec file and its revision (the store's revision, or the file's SHA-256).

    --target swiftui (default): a ViewModifier named after the animation (heart-pulse →
    HeartPulse, applied with .heartPulse(trigger:)) with keyframeAnimator (one KeyframeTrack per
    property of an AnimationValues struct), phaseAnimator (a Phase enum with each phase's values
    and animation) or .animation(_:value:) for implicit animations; scroll- and drag-driven
    keyframes scrub a KeyframeTimeline. Reduce Motion plays the spec's fallback through
    @Environment(\\.accessibilityReduceMotion). Haptics: one impact at the trigger is a
    .sensoryFeedback; anything else is a small Core Haptics player that loads the AHAP file
    `motionsync export` writes (SCREEN--ID.ahap, named in the code) from the app bundle.
    Layer animations are Core Animation's: they need --target uikit.

    --target uikit: a function adding the CAAnimations to a layer: CABasicAnimation,
    CASpringAnimation and CAKeyframeAnimation where Core Animation plays the timeline exactly,
    else a CAKeyframeAnimation of values sampled at 120 fps with linear key times (a comment says so).

    OPTIONS
      --target T         swiftui (default) or uikit
      -o, --output FILE  write the code there (its folder must exist) instead of standard output
      --out DIR          one file per stored animation, SCREEN--ID.swift (named safely), in DIR
                         (created when missing); an animation the target cannot play is reported
                         and skipped (exit 1)
      --screen S         with --out: only this screen's animations

    EXAMPLES
      motionsync codegen Specs/Feed.json#heart-pulse
      motionsync codegen Feed/heart-pulse --target uikit -o HeartPulseLayer.swift
      motionsync codegen --out Generated/ --screen Checkout
    """

    let reference: String?
    let target: CodegenTarget
    let output: String?
    let outDirectory: String?
    let screen: String?
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        let targetText = try arguments.option("target") ?? "swiftui"
        guard let target = CodegenTarget(rawValue: targetText) else {
            throw CLIError.usage("unknown --target \(targetText)", hint: "use swiftui or uikit")
        }
        self.target = target
        output = try arguments.option("output", short: "o")
        outDirectory = try arguments.option("out")
        screen = try arguments.option("screen")
        let positionals = try arguments.positionals()
        if let outDirectory {
            guard positionals.isEmpty else { throw CLIError.usage("--out writes the whole store; name no animation with it", hint: "write motionsync codegen --out \(outDirectory) [--screen S]") }
            guard output == nil else { throw CLIError.usage("-o and --out cannot go together", hint: "write -o FILE for one animation, --out DIR for the store") }
            reference = nil
        } else {
            guard screen == nil else { throw CLIError.usage("--screen goes with --out", hint: "write motionsync codegen --out DIR --screen \(screen ?? "S")") }
            guard positionals.count == 1 else { throw CLIError.usage("name one animation", hint: "write motionsync codegen SCREEN/ID (or FILE#ID), or --out DIR for the store") }
            reference = positionals[0]
        }
        if let output, output.isEmpty { throw CLIError.usage("-o needs a file name", hint: "write -o HeartPulse.swift") }
    }

    /// The generator, naming AHAP files as `export` does.
    var generator: MotionCodegen {
        MotionCodegen(target: target) { screen, id in SafeFileName.make(screen: screen, id: id, extension: "ahap") }
    }

    public func run(io: CommandIO) throws -> Int32 {
        if let outDirectory { return try writeStore(into: outDirectory, io: io) }
        guard let reference else { return 2 }
        // Check the destination first: nothing is generated for a path that cannot be written.
        let destination = try output.map { try Self.checkedFile($0, io: io) }
        let animation = try AnimationResolver(io: io, globals: globals).resolve(reference)
        let origin = try self.origin(of: animation, reference: reference, io: io)
        let generated: GeneratedSource
        do { generated = try generator.generate(animation.spec, screen: animation.screen, origin: origin) } catch {
            throw CLIError.rejected(what: "cannot generate", place: reference, why: Self.reason(error))
        }
        guard let destination, let output else {
            io.out(generated.text)
            return 0
        }
        do { try Data(generated.text.utf8).write(to: destination, options: .atomic) } catch {
            throw CLIError.rejected(what: "cannot write", place: output, why: error.localizedDescription)
        }
        io.note("wrote \(output)" + (generated.hapticFile.map { " (it plays \($0): motionsync export --format ahap writes it)" } ?? ""))
        return 0
    }

    /// `error`'s text without the place `CLIError` already names.
    static func reason(_ error: CodegenError) -> String {
        let text = error.description
        return text.hasPrefix(error.place + ": ") ? String(text.dropFirst(error.place.count + 2)) : text
    }

    /// The spec file and revision for the header: the store's revision, or the file's SHA-256.
    func origin(of animation: ResolvedAnimation, reference: String, io: CommandIO) throws -> CodegenOrigin {
        let path = io.resolve(path: animation.source)
        if case .file = try AnimationReference(reference, fileExists: { FileManager.default.fileExists(atPath: io.resolve(path: $0)) }) {
            let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
            return CodegenOrigin(file: animation.source, revision: "sha256 " + String(SHA256.hex(bytes).prefix(12)))
        }
        let store = try StoreAccess.open(globals, io: io)
        let revision = (try? store.animation(screen: animation.screen, id: animation.spec.id))?.map(\.revision)
        return CodegenOrigin(file: Self.display(animation.source, io: io), revision: revision.map { "revision \($0)" } ?? "stored")
    }

    /// A stored source path relative to the current folder when inside it (the store keeps
    /// absolute paths), so the header reads the same on every machine.
    static func display(_ path: String, io: CommandIO) -> String {
        let folder = URL(fileURLWithPath: io.currentDirectory).standardizedFileURL.path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The output file's URL after checking that its folder exists and it is not a folder.
    static func checkedFile(_ output: String, io: CommandIO) throws -> URL {
        let path = URL(fileURLWithPath: io.resolve(path: output)).standardizedFileURL
        let folder = path.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError.rejected(what: "cannot write", place: output, why: "the folder \(folder) does not exist; create it first or write -o into an existing folder")
        }
        if FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError.rejected(what: "cannot write", place: output, why: "it is a folder; name a file, like \((output as NSString).appendingPathComponent("Motion.swift"))")
        }
        return path
    }

    // MARK: The whole store

    /// One file per live animation in scope; returns 1 when some could not be generated.
    func writeStore(into out: String, io: CommandIO) throws -> Int32 {
        let store = try StoreAccess.open(globals, io: io)
        try ScreenScope.check(screen, in: store)
        let rows: [InventoryRow]
        do { rows = try store.inventory(InventoryFilter(screen: screen)) } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
        let folder = URL(fileURLWithPath: io.resolve(path: out)).standardizedFileURL
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw CLIError.rejected(what: "cannot create the folder", place: out, why: error.localizedDescription)
        }
        var skipped = 0, written = 0
        for row in rows {
            let found: StoredAnimation?
            do { found = try store.animation(screen: row.screen, id: row.id) } catch let error as StoreError {
                throw CLIError.store(place: store.path, why: error.description)
            }
            guard let stored = found else { continue }
            let generated: GeneratedSource
            do {
                generated = try generator.generate(stored.spec, screen: stored.screen,
                                                   origin: CodegenOrigin(file: Self.display(stored.source, io: io), revision: "revision \(stored.revision)"))
            } catch {
                io.err("motionsync: cannot generate (\(row.screen)/\(row.id)): \(Self.reason(error))")
                skipped += 1
                continue
            }
            let name = SafeFileName.make(screen: row.screen, id: row.id, extension: "swift")
            let file = folder.appendingPathComponent(name)
            do { try Data(generated.text.utf8).write(to: file, options: .atomic) } catch {
                throw CLIError.rejected(what: "cannot write", place: file.path, why: error.localizedDescription)
            }
            written += 1
            io.note("wrote \((out as NSString).appendingPathComponent(name))")
        }
        io.note("\(written) file\(written == 1 ? "" : "s") written" + (skipped > 0 ? ", \(skipped) animation\(skipped == 1 ? "" : "s") skipped" : ""))
        return skipped > 0 ? 1 : 0
    }
}
