import Foundation
import PackagePlugin

// MARK: - MotionSyncCommand

/// Command plugin: `swift package motionsync <command> …` runs the `motionsync` executable (built
/// from this package with the Swift reader `motionsync-swift` beside it; nothing to install) in
/// the package's folder, and
/// `swift package motionsync check` runs the CI checks over the package:
///
/// - `budget --strict` over every spec file (`.json` with `specVersion`) in `Specs/` and in the
///   targets' folders;
/// - `diff --strict` of each of those specs against the Swift code in `Sources/`;
/// - `check-ahap` over every `.ahap` file in the package (`.build` and hidden folders skipped).
///
/// Every step runs; the plugin fails (so `swift package` exits non-zero) when any step exits
/// non-zero, naming the steps that did.
@main
struct MotionSyncCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try buildMotionSync(for: arguments)
        let root = context.package.directoryURL
        guard arguments.first == "check" else {
            let status = try run(tool, arguments, in: root)
            if status != 0 { throw PluginFailure.exit(command: arguments.first ?? "motionsync", status: status) }
            return
        }
        var specs = SpecFiles.find(in: root.appendingPathComponent("Specs"))
        for target in context.package.targets {
            guard let source = target as? SourceModuleTarget else { continue }
            specs += SpecFiles.find(in: source.directoryURL)
        }
        specs = Array(Set(specs.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
        let ahaps = SpecFiles.ahapFiles(in: root)
        let code = root.appendingPathComponent("Sources")
        var steps: [(name: String, arguments: [String])] = []
        if !specs.isEmpty {
            steps.append(("budget --strict", ["budget", "--strict"] + specs.map { relative($0, to: root) }))
            if FileManager.default.fileExists(atPath: code.path) {
                steps += specs.map { ("diff --strict \(relative($0, to: root))", ["diff", relative($0, to: root), "--code", "Sources", "--strict"]) }
            }
        }
        if !ahaps.isEmpty { steps.append(("check-ahap", ["check-ahap"] + ahaps.map { relative($0, to: root) })) }
        guard !steps.isEmpty else {
            throw PluginFailure.nothingToCheck(root.path)
        }
        var failed: [String] = []
        for step in steps {
            print("== motionsync \(step.name)")
            if try run(tool, step.arguments, in: root) != 0 { failed.append(step.name) }
        }
        if !failed.isEmpty { throw PluginFailure.findings(failed) }
        print("motionsync check: \(steps.count) step\(steps.count == 1 ? "" : "s") passed")
    }

    /// Builds motionsync, and the Swift reader beside it unless the command reads no Swift, as
    /// the package's own products (SwiftPM's build folder and database, `-c` as given to
    /// `swift package`); returns motionsync's path. Not as plugin tools: SwiftPM builds the tools
    /// of a build-tool plugin (MotionSyncExport runs motionsync) with a database of its own into
    /// the very files a command plugin's tools are built into, so each of the two builds would
    /// redo what the other wrote and relink motionsync on every call. Each product is a build of
    /// its own (SwiftPM plans the whole package each time), hence no reader build where no Swift
    /// is read.
    func buildMotionSync(for arguments: [String]) throws -> URL {
        // The reader first: motionsync starts it from beside itself.
        let products = ReaderUse.readsSwift(arguments) ? ["motionsync-swift", "motionsync"] : ["motionsync"]
        var built: URL?
        for product in products {
            let result = try packageManager.build(.product(product), parameters: .init(configuration: .inherit, logging: .concise, echoLogs: true))
            guard result.succeeded else { throw PluginFailure.build(product: product) }
            built = result.builtArtifacts.first { $0.kind == .executable && $0.url.lastPathComponent == product }?.url
        }
        guard let built else { throw PluginFailure.build(product: "motionsync") }
        return built
    }

    /// Runs `tool` with `arguments` in `folder`, its output going to ours. Returns its exit status.
    func run(_ tool: URL, _ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        // The plugin's own stdin is closed (SwiftPM talks to it on other descriptors); the
        // tool gets an empty one instead of none.
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// `url`'s path relative to `root` when inside it (shorter messages, stable SARIF paths).
    func relative(_ url: URL, to root: URL) -> String {
        let base = root.standardizedFileURL.path.hasSuffix("/") ? root.standardizedFileURL.path : root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}

// MARK: - PluginFailure

/// Why the plugin failed (SwiftPM prints it and exits non-zero).
enum PluginFailure: Error, CustomStringConvertible {
    /// `motionsync COMMAND` exited with `status`.
    case exit(command: String, status: Int32)
    /// Steps of `check` that found problems.
    case findings([String])
    /// No spec and no AHAP file in the package: nothing checked is not a pass.
    case nothingToCheck(String)
    /// SwiftPM could not build `product` (its errors are printed above), or built no executable.
    case build(product: String)

    var description: String {
        switch self {
        case .exit(let command, let status): "motionsync \(command) exited with \(status)"
        case .findings(let steps): "motionsync check: findings in \(steps.joined(separator: ", "))"
        case .nothingToCheck(let root):
            "motionsync check: no motion spec (.json with specVersion) and no .ahap file in \(root); nothing checked is not a pass"
        case .build(let product):
            "swift package motionsync: building the \(product) product failed (the build's errors are above; `swift build --product \(product)` shows them alone)"
        }
    }
}
