import Foundation
import Testing

@testable import MotionPipeline

/// The import's folder walk (`SourceTreeWalk`, through `SpecImporter.collect`): which files a
/// folder gives, on a tree with every case the rules name.
@Suite("MotionPipeline: the folder walk")
struct SourceTreeWalkTests {
    @Test(
        "sources in any case, nested; hidden entries, .build and other extensions skipped; a link to a file taken as its target, a link to a folder not followed"
    )
    func rules() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("walk-outside-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: outside)
        }
        let fm = FileManager.default
        for folder in ["A/B/C", ".hidden", ".build/debug", "D", "E.json"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        let files = [
            "top.json", "A/a.swift", "A/B/b.JSON", "A/B/C/c.Swift", "A/notes.txt", "A/json", "A/.dot.json",
            ".hidden/h.json", ".build/debug/x.swift", "D/d.json5", "E.json/inside.json",
        ]
        for file in files { try Data("{}".utf8).write(to: root.appendingPathComponent(file)) }
        try Data("{}".utf8).write(to: outside.appendingPathComponent("target.json"))
        try Data("{}".utf8).write(to: outside.appendingPathComponent("deep.json"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("D/link.json"), withDestinationURL: outside.appendingPathComponent("target.json"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("D/folderlink"), withDestinationURL: outside)
        try fm.createSymbolicLink(
            at: root.appendingPathComponent("D/broken.json"), withDestinationURL: outside.appendingPathComponent("missing.json"))

        let io = CommandIO(stdout: { _ in }, stderr: { _ in }, stderrIsTerminal: false, environment: [:], currentDirectory: root.path)
        let found = try SpecImporter.collect(["."], io: io)
        let base = URL(fileURLWithPath: root.path).resolvingSymlinksInPath().path
        let target = URL(fileURLWithPath: outside.path).resolvingSymlinksInPath().path + "/target.json"
        #expect(
            found.map(\.path)
                == [base + "/A/B/C/c.Swift", base + "/A/B/b.JSON", base + "/A/a.swift", base + "/E.json/inside.json", base + "/top.json", target]
                .sorted())
        #expect(found.allSatisfy { !$0.explicit })
        #expect(found.first { $0.path == base + "/top.json" }?.display == "./top.json")

        // A walk that starts inside a .build folder finds nothing there (the path says .build).
        #expect(try SpecImporter.collect([".build"], io: io).isEmpty)
        #expect(
            SourceTreeWalk.isSource("a.json") && SourceTreeWalk.isSource("B.SWIFT") && !SourceTreeWalk.isSource("json")
                && !SourceTreeWalk.isSource("a.jsonl"))
    }

    @Test(
        "the walk says once, at its first .swift file, that Swift is coming (the import then starts the reader); never for JSON alone; a missing path is refused before any store is made"
    )
    func tellsSwiftOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-swift-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        for folder in ["Specs", "App/A", "App/B"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["Specs/a.json", "Specs/b.json", "App/A/x.swift", "App/B/y.swift", "App/B/z.json"] {
            try Data("{}".utf8).write(to: root.appendingPathComponent(file))
        }
        let io = CommandIO(stdout: { _ in }, stderr: { _ in }, stderrIsTerminal: false, environment: [:], currentDirectory: root.path)
        var told = 0
        #expect(SpecImporter.collect(try SpecImporter.roots(["Specs"], io: io), foundSwift: { told += 1 }).count == 2)
        #expect(told == 0)
        let all = SpecImporter.collect(try SpecImporter.roots(["Specs", "App", "App/A/x.swift"], io: io), foundSwift: { told += 1 })
        #expect(told == 1 && all.count == 5)
        #expect(all.map(\.path) == (try SpecImporter.collect(["Specs", "App", "App/A/x.swift"], io: io)).map(\.path))
        told = 0
        _ = SpecImporter.collect(try SpecImporter.roots(["Specs/a.json", "App/B/y.swift"], io: io), foundSwift: { told += 1 })
        #expect(told == 1, "a Swift file named on the command line")
        // A missing path: the usage error, and no store (a new one is otherwise made beside the walk).
        let store = root.appendingPathComponent("new.sqlite").path
        #expect(throws: CLIError.self) { try ImportRun(paths: ["App", "Nope"], globals: GlobalOptions(database: store)).run(io: io) }
        #expect(!fm.fileExists(atPath: store))
        let outcome = try ImportRun(paths: ["Specs"], globals: GlobalOptions(database: store)).run(io: io)
        #expect(fm.fileExists(atPath: store) && outcome.reports.count == 2)
    }
}
