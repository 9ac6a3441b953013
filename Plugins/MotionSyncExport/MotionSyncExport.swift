import Foundation
import PackagePlugin

// MARK: - MotionSyncExport

/// Build-tool plugin: for a target holding motion specs (`.json` files with `specVersion`,
/// anywhere in the target's folder), runs `motionsync export --out DIR SPEC…` at build time and
/// hands SwiftPM the AHAP files it writes as the target's resources, so the bundle always holds
/// the patterns of the current specs (`Bundle.module.url(forResource: "Feed--heart-pulse",
/// withExtension: "ahap")`, and `Feed--heart-pulse.reduce-motion.ahap` for an animation whose
/// Reduce Motion fallback changes what plays). The bytes are those `motionsync export` writes from a store; with
/// `--include-empty`, since the outputs are named before the plans exist, an animation without
/// haptic events gets its (empty) file too.
///
/// Exclude the spec files from the target (`exclude: ["Motion"]`) or SwiftPM warns that it does
/// not know what to do with them; the plugin reads them all the same.
@main
struct MotionSyncExport: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let specs = SpecFiles.find(in: target.directoryURL)
        guard !specs.isEmpty else { return [] }
        var animations: [(screen: String, id: String)] = []
        var fallbacks: [String?] = []
        for spec in specs {
            guard let found = SpecFiles.spec(at: spec) else { continue }
            animations += found.ids.map { (found.screen, $0) }
            fallbacks += found.reduceMotion
        }
        let tool = try context.tool(named: "motionsync")
        let out = context.pluginWorkDirectoryURL.appendingPathComponent("Haptics")
        let outputs = PatternNames.names(animations, extension: "ahap", reduceMotion: fallbacks).map { out.appendingPathComponent($0) }
        // A store path that is never there: the specs are read directly, nothing stored or read.
        let noStore = context.pluginWorkDirectoryURL.appendingPathComponent("no-store.sqlite")
        return [
            .buildCommand(
                displayName: "motionsync: export \(outputs.count) haptic pattern\(outputs.count == 1 ? "" : "s") of \(target.name)",
                executable: tool.url,
                arguments: ["--quiet", "--db", noStore.path, "export", "--out", out.path, "--force", "--include-empty"] + specs.map(\.path),
                inputFiles: specs,
                outputFiles: outputs)
        ]
    }
}
