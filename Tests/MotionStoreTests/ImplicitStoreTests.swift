import Foundation
import MotionCore
import MotionJSON
import MotionSQLite
import MotionTestSupport
import Testing

@testable import MotionStore

/// Implicit animations, their feedback and haptics without motion in the store (migration 008).
@Suite("implicit animations in the store")
struct ImplicitStoreTests {
    static func implicitAnimation(feedback: [Feedback]? = [Feedback(kind: "impact", time: 0, source: "Like.swift:12")]) throws -> AnimationSpec {
        let run = PhaseAnimation(.spring(Spring(duration: 0.4, bounce: 0.3)), delay: 0.05, speed: 1.5)
        let animation = try ImplicitAnimation(run).applying(.repeatCount(3, autoreverses: true)).applying(.delay(0.1))
        var spec = AnimationSpec(
            id: "like-button-is-liked", component: "LikeButton", trigger: .tap, reduceMotion: .shortened,
            motion: .implicit(
                ImplicitMotion(
                    animation: animation, values: [ImplicitValue("scale", from: 1, to: 1.2), ImplicitValue("opacity", from: 0.5, to: 1)],
                    reduceMotionAnimation: ImplicitAnimation(PhaseAnimation(.bezier(.easeOut, duration: 0.15))))))
        spec.feedback = feedback
        return spec
    }

    @Test("an implicit animation is stored as kind implicit and read back equal, feedback sources included")
    func roundTrip() throws {
        let path = try temporaryStorePath()
        let store = try MotionStore(path: path)
        let spec = try Self.implicitAnimation()
        let progressOnly = AnimationSpec(id: "card-offset", trigger: .drag, motion: .implicit(ImplicitMotion(animation: ImplicitAnimation(.spring))))
        try store.importSpec(
            MotionSpec(screen: "Feed", animations: [spec, progressOnly, keyframeAnimation()]), from: source("/a/Feed.swift", hash: "h1"))
        let stored = try #require(try store.animation(screen: "Feed", id: "like-button-is-liked"))
        #expect(stored.spec == spec)
        #expect(stored.spec.feedback?.first?.source == "Like.swift:12")
        #expect(try #require(try store.animation(screen: "Feed", id: "card-offset")).spec == progressOnly)
        let rows = try store.inventory(InventoryFilter(kind: "implicit"))
        #expect(rows.map(\.id) == ["card-offset", "like-button-is-liked"])
        // 0.1 s start delay + 3 runs of (0.05 + settling / 1.5), from the core.
        let timeline = try spec.timeline()
        #expect(rows[1].duration == timeline.duration)
        let settle = Spring(duration: 0.4, bounce: 0.3).settlingDuration
        #expect(abs(timeline.duration - (0.1 + 3 * (0.05 + settle / 1.5))) < 1e-12)
        let db = try SQLiteDatabase(path: path)
        #expect(
            try db.rows("SELECT role FROM implicit_animations ORDER BY revision_id, role").map { $0[0].string } == [
                "motion", "reduce-motion", "motion",
            ])
    }

    @Test("the definition leaves feedback sources out, and animations without feedback hash as before")
    func canonicalFeedback() throws {
        let with = try Self.implicitAnimation()
        var moved = with
        moved.feedback = [Feedback(kind: "impact", time: 0, source: "Like.swift:40")]
        #expect(CanonicalDefinition.hash(with) == CanonicalDefinition.hash(moved), "a line moving is not a new revision")
        var other = with
        other.feedback = [Feedback(kind: "selection", time: 0)]
        #expect(CanonicalDefinition.hash(with) != CanonicalDefinition.hash(other))
        var none = with
        none.feedback = []
        #expect(CanonicalDefinition.text(none).contains("\"feedback\":[]"))
        none.feedback = nil
        #expect(!CanonicalDefinition.text(none).contains("feedback"))
        // A keyframe animation without feedback keeps the canonical text it had before 008.
        #expect(!CanonicalDefinition.text(keyframeAnimation()).contains("feedback"))
    }

    @Test("haptics without motion are kept per file and replaced when the file is imported again")
    func unpaired() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        let saved = UnpairedFeedback(screen: "Editor", component: "SaveButton", kind: "success", trigger: "saved", file: "", line: 14)
        try store.importSpecs(
            [MotionSpec(screen: "Editor", animations: [keyframeAnimation()])], from: source("/e/Editor.swift", hash: "1"), unpairedFeedback: [saved])
        var listed = try store.unpairedFeedback()
        #expect(listed.count == 1 && listed[0].trigger == "saved" && listed[0].line == 14 && listed[0].file == "/e/Editor.swift")
        #expect(try store.unpairedFeedback(screen: "Other").isEmpty)
        try store.importSpecs(
            [MotionSpec(screen: "Editor", animations: [keyframeAnimation()])], from: source("/e/Editor.swift", hash: "2"), unpairedFeedback: [])
        listed = try store.unpairedFeedback()
        #expect(listed.isEmpty)
    }

    @Test("migration 008 keeps every revision, its views and foreign keys")
    func migrationKeepsData() throws {
        // The store of migration 1 (fixture), brought to 006 as an older motionsync would.
        let path = try temporaryStorePath()
        let fixture = try String(
            contentsOf: packageRoot.appendingPathComponent("Tests/MotionStoreTests/Fixtures/store-migration-1.sql"), encoding: .utf8)
        try SQLiteDatabase(path: path).execute(fixture)
        let before = try MotionStore(path: path, migrator: Migrator(migrations: Migration.all.filter { $0.version <= 6 }))
        let inventory = try before.inventory()
        let history = try before.revisions(screen: "Feed", id: "heart-pulse").map(\.definition)
        let after = try MotionStore(path: path)
        #expect(try after.inventory() == inventory)
        #expect(try after.revisions(screen: "Feed", id: "heart-pulse").map(\.definition) == history)
        #expect(try after.animation(screen: "Feed", id: "heart-pulse")?.spec.feedback == nil)
        #expect(try after.integrityCheck() == "ok")
        let db = try SQLiteDatabase(path: path)
        #expect(try db.first("PRAGMA foreign_keys")?[0].int == 1)
        #expect(try db.first("PRAGMA foreign_key_check") == nil)
        #expect(try db.first("SELECT sql FROM sqlite_master WHERE name = 'revisions'")?[0].string?.contains("'implicit'") == true)
        // A new revision of an old animation still gets figures' foreign keys right.
        try after.importSpec(
            MotionSpec(screen: "Feed", animations: [keyframeAnimation(id: "heart-pulse", scaleTo: 1.3)]),
            from: source("/fixture/Specs/Feed.json", hash: "h2"))
        #expect(try after.revisions(screen: "Feed", id: "heart-pulse").count == 2)
    }
}
