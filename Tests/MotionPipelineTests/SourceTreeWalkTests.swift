import Foundation
import Testing
@testable import MotionPipeline

/// The import's folder walk (`SourceTreeWalk`, through `SpecImporter.collect`): which files a
/// folder gives, on a tree with every case the rules name.
@Suite("MotionPipeline: the folder walk")
struct SourceTreeWalkTests {
    @Test("sources in any case, nested; hidden entries, .build and other extensions skipped; a link to a file taken as its target, a link to a folder not followed")
    func rules() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("walk-outside-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root); try? FileManager.default.removeItem(at: outside) }
        let fm = FileManager.default
        for folder in ["A/B/C", ".hidden", ".build/debug", "D", "E.json"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        let files = ["top.json", "A/a.swift", "A/B/b.JSON", "A/B/C/c.Swift", "A/notes.txt", "A/json", "A/.dot.json",
                     ".hidden/h.json", ".build/debug/x.swift", "D/d.json5", "E.json/inside.json"]
        for file in files { try Data("{}".utf8).write(to: root.appendingPathComponent(file)) }
        try Data("{}".utf8).write(to: outside.appendingPathComponent("target.json"))
        try Data("{}".utf8).write(to: outside.appendingPathComponent("deep.json"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("D/link.json"), withDestinationURL: outside.appendingPathComponent("target.json"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("D/folderlink"), withDestinationURL: outside)
        try fm.createSymbolicLink(at: root.appendingPathComponent("D/broken.json"), withDestinationURL: outside.appendingPathComponent("missing.json"))

        let io = CommandIO(stdout: { _ in }, stderr: { _ in }, stderrIsTerminal: false, environment: [:], currentDirectory: root.path)
        let found = try SpecImporter.collect(["."], io: io)
        let base = URL(fileURLWithPath: root.path).resolvingSymlinksInPath().path
        let target = URL(fileURLWithPath: outside.path).resolvingSymlinksInPath().path + "/target.json"
        #expect(found.map(\.path) == [base + "/A/B/C/c.Swift", base + "/A/B/b.JSON", base + "/A/a.swift", base + "/E.json/inside.json", base + "/top.json", target].sorted())
        #expect(found.allSatisfy { !$0.explicit })
        #expect(found.first { $0.path == base + "/top.json" }?.display == "./top.json")

        // A walk that starts inside a .build folder finds nothing there (the path says .build).
        #expect(try SpecImporter.collect([".build"], io: io).isEmpty)
        #expect(SourceTreeWalk.isSource("a.json") && SourceTreeWalk.isSource("B.SWIFT") && !SourceTreeWalk.isSource("json") && !SourceTreeWalk.isSource("a.jsonl"))
    }
}
