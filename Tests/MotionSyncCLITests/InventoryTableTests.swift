import Foundation
import MotionStore
import Testing

@testable import MotionSyncCLI

// MARK: - The inventory table shows a linked animation once

@Suite("inventory table: a spec and its code are one row")
struct InventoryTableTests {
    static func row(_ id: String, origin: String, source: String, line: Int, codeHaptics: Int? = nil) -> InventoryRow {
        var r = InventoryRow(
            screen: "Like", id: id, kind: "keyframes", trigger: "tap", component: nil, reduceMotion: nil, duration: 0.56, repeating: false,
            revision: 1, source: "/app/" + source)
        r.origin = origin
        r.place = SourcePlace(line: line, column: 3)
        r.codeHaptics = codeHaptics
        return r
    }

    /// The table's lines, each cut to its words.
    static func lines(_ rows: [InventoryRow]) -> [[String]] {
        let text = InventoryCommand.render(rows, figures: rows.map { _ in .init() }, format: .table, relativeTo: "/app")
        return text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    }

    @Test("paired: one row, both places (the spec's first), the code's haptics; unrelated code its own row; ambiguous said below")
    func folded() {
        var spec = Self.row("like-heart", origin: "spec", source: "Like.json", line: 2)
        var code = Self.row("like-heart@ui", origin: "code", source: "ui/LikeHeart.swift", line: 44, codeHaptics: 2)
        spec.link = InventoryLink(state: .paired, with: [InventoryLink.Other(code)])
        code.link = InventoryLink(state: .paired, with: [InventoryLink.Other(spec)])
        let badge = Self.row("like-heart-badge", origin: "code", source: "Hand.swift", line: 5, codeHaptics: 0)
        var glow = Self.row("glow", origin: "spec", source: "Like.json", line: 9)
        let card = Self.row("card", origin: "code", source: "Hand.swift", line: 14, codeHaptics: 0)
        let card2 = Self.row("card-2", origin: "code", source: "Hand.swift", line: 15, codeHaptics: 0)
        glow.link = InventoryLink(state: .ambiguous, with: [InventoryLink.Other(card), InventoryLink.Other(card2)])
        let lines = Self.lines([card, card2, glow, spec, code, badge])
        #expect(lines.count == 1 + 5 + 1, "\(lines)")
        let heart = lines.first { $0.count > 1 && $0[1] == "like-heart" } ?? []
        #expect(heart.suffix(3) == ["Like.json:2:3", "+", "ui/LikeHeart.swift:44:3"], "\(heart)")
        // SCREEN ID KIND TRIGGER "560 ms" PEAKS HOLDS HAPTICS: CODE HAPTICS is the tenth word.
        #expect(heart.count > 9 && heart[9] == "2", "CODE HAPTICS is the code's: \(heart)")
        #expect(!lines.contains { $0.count > 1 && $0[1] == "like-heart@ui" }, "the code row is the spec's row")
        #expect(lines.contains { $0.count > 1 && $0[1] == "like-heart-badge" && $0.last == "Hand.swift:5:3" })
        #expect(lines.last?.prefix(2) == ["ambiguous:", "Like/glow:"] && lines.last?.contains("card-2") == true, "\(lines.last ?? [])")
        // The spec row filtered away (--kind, --over-budget): the code row shows, with both places.
        let alone = Self.lines([code])
        #expect(alone.count == 2 && alone[1][1] == "like-heart@ui" && alone[1].suffix(3) == ["Like.json:2:3", "+", "ui/LikeHeart.swift:44:3"])
    }
}
