import Foundation
import MotionCore
import MotionSQLite
import Testing

@testable import MotionStore

/// Migration 010 (issue 48): where each animation is written, the haptics its code fires, and
/// code never refused for an id another file holds.
@Suite("code locations and ids")
struct CodeLocationTests {
    static func swift(_ path: String, hash: String) -> SourceFile { SourceFile(path: path, format: "swift", contentHash: hash) }

    @Test("the place is stored, listed, and written again when the code moves without changing")
    func places() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        let spec = MotionSpec(screen: "Feed", animations: [keyframeAnimation(id: "bump")])
        let key = AnimationKey(screen: "Feed", id: "bump")
        try store.importSpecs([spec], from: Self.swift("/app/Feed.swift", hash: "1"), places: [key: SourcePlace(line: 12, column: 9)])
        #expect(try store.inventory().map(\.place) == [SourcePlace(line: 12, column: 9)])
        #expect(try store.inventoryFigures().map(\.row.place) == [SourcePlace(line: 12, column: 9)])
        // Two lines added above: the same definition (no new revision), the new place.
        try store.importSpecs([spec], from: Self.swift("/app/Feed.swift", hash: "2"), places: [key: SourcePlace(line: 14, column: 9)])
        let rows = try store.inventory()
        #expect(rows.map(\.place) == [SourcePlace(line: 14, column: 9)] && rows.map(\.revision) == [1])
        // Unknown places are nil, not a made-up line.
        try store.importSpecs([spec], from: Self.swift("/app/Feed.swift", hash: "3"))
        #expect(try store.inventory().map(\.place) == [nil])
    }

    @Test("code haptics: the length of the feedback the code fires; nil when the source does not say")
    func codeHaptics() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        var fires = keyframeAnimation(id: "fires")
        fires.feedback = [Feedback(kind: "impact"), Feedback(kind: "success", time: 0.2)]
        var silent = keyframeAnimation(id: "silent")
        silent.feedback = []
        try store.importSpecs(
            [MotionSpec(screen: "Feed", animations: [fires, silent, keyframeAnimation(id: "spec")])], from: Self.swift("/app/Feed.swift", hash: "1"))
        #expect(try store.inventory().map(\.codeHaptics) == [2, 0, nil], "fires, silent, spec")
    }

    @Test("an id another live file holds: code gets id@folder (stable); a spec takes its id from code, not from another spec")
    func uniqueCodeIDs() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        let spec = MotionSpec(screen: "ContentView", animations: [keyframeAnimation(id: "content-view")])
        try store.importSpecs([spec], from: Self.swift("/app/DemoA/ContentView.swift", hash: "a"))
        let second = try store.importSpecs([spec], from: Self.swift("/app/DemoB/ContentView.swift", hash: "b"))
        #expect(second.added == ["content-view@DemoB"])
        // A third file in a folder of the same name: the folder and a hash of the path.
        let third = try store.importSpecs([spec], from: Self.swift("/other/DemoB/ContentView.swift", hash: "c"))
        let hashed = "content-view@DemoB-" + SHA256.hex("/other/DemoB/ContentView.swift").prefix(8)
        #expect(third.added == [hashed])
        // Changed and imported again, each file keeps its own id.
        let again = try store.importSpecs(
            [MotionSpec(screen: "ContentView", animations: [keyframeAnimation(id: "content-view", scaleTo: 1.3)])],
            from: Self.swift("/app/DemoB/ContentView.swift", hash: "b2"))
        #expect(again.changed == ["content-view@DemoB"])
        #expect(try store.inventory().map(\.id) == ["content-view", "content-view@DemoB", hashed])
        // A designer's name is never renamed behind their back: the spec keeps it, and the code
        // that held it takes the name it would have had had the spec come first.
        try store.importSpecs([spec], from: source("/app/Specs/ContentView.json", hash: "s"))
        #expect(try store.inventory().map(\.id) == ["content-view", "content-view@DemoA", "content-view@DemoB", hashed])
        #expect(try store.inventory().map(\.givenID) == ["content-view", "content-view", "content-view", "content-view"])
        // Two spec files still may not define one animation.
        #expect(throws: StoreError.self) { try store.importSpecs([spec], from: source("/app/Specs/Other.json", hash: "o")) }
    }
}
