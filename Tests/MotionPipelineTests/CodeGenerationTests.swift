import Foundation
import MotionCodegen
import MotionCore
import MotionPipeline
import MotionStore
import MotionTestSupport
import Testing

/// `codegen` as a library call: one file per stored animation, named as `export` names its
/// patterns, each exactly what the generator makes of the stored spec; one the target cannot play
/// is skipped with the generator's reason.
@Suite("MotionPipeline: code generation")
struct CodeGenerationTests {
    @Test("writeStore: a file per live animation with the generator's text; a layer animation under SwiftUI is skipped, named")
    func writeStore() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let toast = folder.appendingPathComponent("Toast.json")
        try Data(
            """
            { "specVersion": 1, "screen": "Toast", "animations": [ { "id": "dismiss", "kind": "layer", "trigger": "event:dismiss",
              "layerAnimations": [ { "keyPath": "opacity", "type": "basic", "from": 1, "to": 0, "duration": 0.3, "timingFunction": "easeOut" } ] } ] }
            """.utf8
        ).write(to: toast)
        let (io, _) = CommandIO.capture(currentDirectory: packageRoot.path)
        _ = try importIntoStore([packageRoot.appendingPathComponent("Specs/Feed.json").path, toast.path], folder: folder, io: io)
        let out = folder.appendingPathComponent("Generated").path
        let generation = CodeGeneration(globals: storeOptions(folder))
        let summary = try generation.writeStore(into: out, screen: nil, io: io)
        #expect(summary.skipped.map(\.reference) == ["Toast/dismiss"])
        #expect(summary.skipped.first?.why.contains("uikit") == true, "\(summary.skipped)")

        // Every Feed animation, each file the generator's text for the stored spec.
        let store = try MotionStore(path: storeOptions(folder).database!)
        let feed = try store.inventory(InventoryFilter(screen: "Feed"))
        #expect(summary.written.count == feed.count && feed.count > 0)
        for row in feed {
            let stored = try #require(try store.animation(screen: row.screen, id: row.id))
            let expected = try generation.generator.generate(
                stored.spec, screen: stored.screen,
                origin: CodegenOrigin(file: "Specs/Feed.json", revision: "revision \(stored.revision)"))
            let name = SafeFileName.make(screen: row.screen, id: row.id, extension: "swift")
            let written = try String(contentsOfFile: (out as NSString).appendingPathComponent(name), encoding: .utf8)
            #expect(written == expected.text, "\(name)")
        }
        #expect(summary.line == "\(feed.count) files written, 1 animation skipped")
        // The UIKit target plays the layer animation too.
        let uikit = try CodeGeneration(target: .uikit, globals: storeOptions(folder)).writeStore(into: out, screen: "Toast", io: io)
        #expect(uikit.skipped.isEmpty && uikit.written.count == 1)
    }

    @Test("OutputFile.checked refuses a missing folder and a folder named as the file, naming the path")
    func checkedFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        #expect(
            try OutputFile.checked("Motion.swift", io: io, example: "Motion.swift").path
                == folder.appendingPathComponent("Motion.swift").standardizedFileURL.path)
        #expect(throws: CLIError.self) { try OutputFile.checked("missing/Motion.swift", io: io, example: "Motion.swift") }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Dir.swift"), withIntermediateDirectories: true)
        #expect(throws: CLIError.self) { try OutputFile.checked("Dir.swift", io: io, example: "Motion.swift") }
    }
}
