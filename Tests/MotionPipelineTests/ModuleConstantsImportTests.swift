import Foundation
import MotionPipeline
import MotionStore
import Testing

/// Issue 48: an import reads a constant of another file as its number, and reads the animation
/// again when that constant changes (the file's own bytes did not).
@Suite("constants across files, through an import")
struct ModuleConstantsImportTests {
    static func constants(_ value: String) -> String {
        "enum Constants {\n    enum Animation {\n        static let fadeTime: TimeInterval = \(value)\n    }\n}\n"
    }
    static let view = """
        import SwiftUI
        struct Card: View {
            @State private var open = false
            var body: some View {
                Button("Open") { withAnimation(.easeOut(duration: Constants.Animation.fadeTime)) { open.toggle() } }
                    .opacity(open ? 1 : 0)
            }
        }
        """

    @Test("the duration is the constant's; a changed constant re-reads the file, an unchanged one does not")
    func importFollowsTheConstant() throws {
        let folder = try temporaryFolder()
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(Self.constants("0.35").utf8).write(to: app.appendingPathComponent("Constants.swift"))
        try Data(Self.view.utf8).write(to: app.appendingPathComponent("Card.swift"))
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        func card() throws -> InventoryRow {
            let rows = try MotionStore(path: storeOptions(folder).database!).inventory()
            return try #require(rows.first { $0.source.hasSuffix("Card.swift") })
        }
        _ = try importIntoStore([app.path], folder: folder, io: io)
        #expect(try card().duration == 0.35)
        #expect(try card().estimated == nil)
        let again = try importIntoStore([app.path], folder: folder, io: io)
        #expect(again.first { $0.file.hasSuffix("Card.swift") }?.result == .unchanged)
        try Data(Self.constants("0.5").utf8).write(to: app.appendingPathComponent("Constants.swift"))
        let changed = try importIntoStore([app.path], folder: folder, io: io)
        #expect(changed.first { $0.file.hasSuffix("Card.swift") }?.result == .changed)
        #expect(try card().duration == 0.5)
        // Imported alone later, the view still finds the constant the store knows.
        _ = try importIntoStore([app.appendingPathComponent("Card.swift").path], folder: folder, io: io)
        #expect(try card().duration == 0.5)
    }

    static let indirectView = """
        import SwiftUI
        struct Banner: View {
            @State private var shown = false
            var body: some View {
                Text("Saved")
                    .opacity(shown ? 1 : 0)
                    .animation(.easeOut(duration: Timing.total), value: shown)
                    .offset(y: shown ? 0 : 20)
                    .animation(.easeIn(duration: baseDuration), value: shown)
            }
        }
        """

    @Test("a constant used through another (and a file-level one) re-reads the file when the one it is defined by changes")
    func importFollowsIndirectConstants() throws {
        let folder = try temporaryFolder()
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: app.appendingPathComponent(name)) }
        try write("Base.swift", "import Foundation\nlet baseDuration: TimeInterval = 0.2\n")
        try write("Timing.swift", "enum Timing {\n    static let total = baseDuration * 2 + 0.1\n}\n")
        try write("Banner.swift", Self.indirectView)
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        func rows() throws -> [InventoryRow] {
            try MotionStore(path: storeOptions(folder).database!).inventory().filter { $0.source.hasSuffix("Banner.swift") }.sorted {
                $0.duration < $1.duration
            }
        }
        func banner(_ reports: [FileImportReport]) -> FileImportReport.Result? { reports.first { $0.file.hasSuffix("Banner.swift") }?.result }
        _ = try importIntoStore([app.path], folder: folder, io: io)
        #expect(try rows().map(\.duration) == [0.2, 0.2 * 2 + 0.1])
        #expect(try rows().allSatisfy { $0.estimated == nil })
        #expect(banner(try importIntoStore([app.path], folder: folder, io: io)) == .unchanged)
        // Only the file-level constant that `Timing.total` is defined by changes.
        try write("Base.swift", "import Foundation\nlet baseDuration: TimeInterval = 0.3\n")
        #expect(banner(try importIntoStore([app.path], folder: folder, io: io)) == .changed)
        #expect(try rows().map(\.duration) == [0.3, 0.3 * 2 + 0.1])
        // A cycle: not read, estimated with why; mended, read again though the view did not change.
        try write("Timing.swift", "enum Timing {\n    static let total = other\n    static let other = total\n}\n")
        #expect(banner(try importIntoStore([app.path], folder: folder, io: io)) == .changed)
        let cycle = try #require(try rows().first { $0.estimated != nil })
        #expect(cycle.estimated?.contains("defined through itself (Timing.other → Timing.total → Timing.other)") == true, "\(cycle.estimated ?? "")")
        try write("Timing.swift", "enum Timing {\n    static let total = 0.5\n}\n")
        #expect(banner(try importIntoStore([app.path], folder: folder, io: io)) == .changed)
        #expect(try rows().map(\.duration) == [0.3, 0.5])
    }
}
