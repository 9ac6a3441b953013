import PackagePlugin

// MARK: - MotionSyncSwiftReader

/// Build-tool plugin of MotionPipeline: builds `motionsync-swift` (the process that reads Swift
/// with Apple's parser) whenever anything using the pipeline is built, and has it write where it
/// was built (`SwiftReaderBuildLocation.swift`), so `motionsync` (and the tests) find their reader
/// with `swift run motionsync …` alone. An executable cannot simply depend on another: SwiftPM would
/// link the reader's libraries, and so SwiftSyntax, into the static motionsync.
@main
struct MotionSyncSwiftReader: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let reader = try context.tool(named: "motionsync-swift")
        let out = context.pluginWorkDirectoryURL.appendingPathComponent("SwiftReaderBuildLocation.swift")
        return [
            .buildCommand(displayName: "motionsync-swift: note where the Swift reader was built",
                          executable: reader.url,
                          arguments: ["--write-location", out.path],
                          inputFiles: [reader.url],
                          outputFiles: [out]),
        ]
    }
}
