import Foundation
import MotionPipeline
import MotionSQLite
import MotionStore
import MotionSwiftSource
import Testing

/// A Swift file is stored under its bytes' hash and the reader's revision: a store written by
/// an earlier reader reads its files again, though no byte changed.
@Suite("Swift files are read again after the reader changes")
struct ReaderRevisionImportTests {
    static let view = """
        import SwiftUI
        struct Card: View {
            @State private var open = false
            var body: some View {
                Button("Open") { withAnimation(.easeOut(duration: 0.35)) { open.toggle() } }
                    .opacity(open ? 1 : 0)
            }
        }
        """

    @Test("the stored hash is the bytes' SHA-256 and the revision; an earlier reader's hash makes the file read again")
    func earlierReaderIsReadAgain() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("Card.swift")
        try Data(Self.view.utf8).write(to: file)
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        let database = try #require(storeOptions(folder).database)
        func storedHash() throws -> String? { try MotionStore(path: database).sourceHash(path: file.path) }
        let bytesHash = SHA256.hex(Array(Self.view.utf8))
        #expect(try importIntoStore([file.path], folder: folder, io: io).first?.result == .added)
        #expect(try storedHash() == bytesHash + "+reader\(SwiftReaderRevision.current)")
        #expect(try importIntoStore([file.path], folder: folder, io: io).first?.result == .unchanged)
        // As a motionsync before the revision (or with an earlier one) stored it, with a row that
        // reader read differently.
        for earlier in [bytesHash, bytesHash + "+reader\(SwiftReaderRevision.current - 1)"] {
            let db = try SQLiteDatabase(path: database)
            try db.run("UPDATE sources SET content_hash = ? WHERE path = ?", earlier, file.path)
            try db.run("UPDATE revisions SET trigger = 'event:open', content_hash = 'an earlier reading'")
            let again = try importIntoStore([file.path], folder: folder, io: io)
            #expect(again.first?.result == .changed, "stored as \(earlier): the file must be read again")
            #expect(try storedHash() == bytesHash + "+reader\(SwiftReaderRevision.current)")
            let rows = try MotionStore(path: database).inventory()
            #expect(rows.map(\.trigger) == ["tap"] && rows.map(\.duration) == [0.35])
        }
        // Stored with the current revision, the same tampering is kept: the file is not read.
        try SQLiteDatabase(path: database).run("UPDATE revisions SET trigger = 'event:open'")
        #expect(try importIntoStore([file.path], folder: folder, io: io).first?.result == .unchanged)
        #expect(try MotionStore(path: database).inventory().map(\.trigger) == ["event:open"])
    }
}
