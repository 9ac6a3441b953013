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
}
