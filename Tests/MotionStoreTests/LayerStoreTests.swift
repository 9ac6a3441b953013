import Foundation
import MotionCore
import MotionSQLite
import MotionTestSupport
import Testing

@testable import MotionStore

/// Layer motions in the store (migrations 007 and 009): stored as kind `layer`, read back equal,
/// one `layer_animations` row per animation, and the estimates the inventory marks.
@Suite("layer animations in the store")
struct LayerStoreTests {
    /// A layer motion using every content, spring and timing form, in a group.
    static func layerAnimation(id: String = "CartBadgeView.itemAdded", settles: Bool = true) -> AnimationSpec {
        AnimationSpec(
            id: id, component: "CartBadgeView", trigger: .event("itemAdded"),
            motion: .layer(
                LayerMotion(
                    animations: [
                        LayerAnimation(
                            keyPath: "opacity",
                            timing: MediaTiming(
                                beginTime: 0.1, duration: 0.35, speed: 2, timeOffset: 0.05, repeatCount: 1.5, autoreverses: true,
                                fillMode: .both, timingFunction: .easeInOut),
                            content: .basic(from: [1], to: [0.2])),
                        LayerAnimation(
                            keyPath: "position", components: ["x", "y"],
                            timing: MediaTiming(duration: 0.25, repeatDuration: 0.6, timingFunction: UnitCurve(x1: 0.3, y1: 0.1, x2: 0.2, y2: 1)),
                            content: .basic(from: [0, 0], to: [10, 20])),
                        // A settling spring's duration is not read (its canonical form says "settling").
                        LayerAnimation(
                            keyPath: "position.y", timing: MediaTiming(duration: settles ? 0 : 0.8),
                            content: .spring(
                                from: [0], to: [12], spring: .physical(Spring(mass: 1, stiffness: 200, damping: 12), allowsOverdamping: false),
                                initialVelocity: 2, settles: settles)),
                        LayerAnimation(
                            keyPath: "bounds.size.width", timing: MediaTiming(duration: 0.5),
                            content: .spring(from: [40], to: [64], spring: .dampingDuration(ratio: 0.7), initialVelocity: 0.5, settles: false)),
                        LayerAnimation(
                            keyPath: "transform.scale", timing: MediaTiming(duration: 0.4),
                            content: .keyframes(
                                LayerKeyframes(
                                    values: [[1], [1.3], [0.9], [1]], keyTimes: [0, 0.3, 0.7, 1], timingFunctions: [.easeOut, .easeInOut, .easeIn],
                                    mode: .cubic, tension: [0, 0.3, 0, 0], continuity: [0, -0.2, 0, 0], bias: [0, 0, 0.1, 0]))),
                    ], group: MediaTiming(duration: 2, fillMode: .forwards), estimate: "a test's own reason")))
    }

    /// An exact layer motion: one basic animation.
    static func exactAnimation(id: String = "CartBadgeView.clearTapped") -> AnimationSpec {
        AnimationSpec(
            id: id, trigger: .tap,
            motion: .layer(
                LayerMotion(animations: [
                    LayerAnimation(
                        keyPath: "opacity", timing: MediaTiming(duration: 0.25, timingFunction: UnitCurve(x1: 0.2, y1: 0, x2: 0, y2: 1)),
                        content: .basic(from: [1], to: [0]))
                ])))
    }

    @Test("a layer motion is stored as kind layer and read back equal; its animations and estimates are in their tables")
    func roundTrip() throws {
        let path = try temporaryStorePath()
        let store = try MotionStore(path: path)
        let spec = Self.layerAnimation(), exact = Self.exactAnimation()
        try store.importSpec(
            MotionSpec(screen: "CartBadgeView", animations: [spec, exact, keyframeAnimation()]), from: source("/a/CartBadgeView.swift", hash: "h1"))
        #expect(try #require(try store.animation(screen: "CartBadgeView", id: spec.id)).spec == spec)
        #expect(try #require(try store.animation(screen: "CartBadgeView", id: exact.id)).spec == exact)

        let rows = try store.inventory(InventoryFilter(kind: "layer"))
        #expect(rows.map(\.id) == [exact.id, spec.id])
        #expect(rows[1].duration == (try spec.timeline()).duration)
        // The estimate's reasons, one a line: the motion's own, the damping-duration spring, the settling spring.
        guard case .layer(let motion) = spec.motion else { return }
        #expect(rows[1].estimated == motion.estimates.joined(separator: "\n"))
        #expect(motion.estimates.count == 3)
        #expect(rows[0].estimated == nil)

        let db = try SQLiteDatabase(path: path)
        let layerRows = try db.rows(
            """
            SELECT l.position, l.key_path, l.type, l.components, l.duration, l.repeat_count, l.autoreverses, l.calculation_mode, l.key_count,
                   l.spring_stiffness, l.spring_damping_ratio, l.initial_velocity, l.settles
            FROM layer_animations l JOIN animations a ON a.current_revision = l.revision_id WHERE a.name = ? ORDER BY l.position
            """, spec.id)
        #expect(layerRows.map { $0[1].string ?? "" } == ["opacity", "position", "position.y", "bounds.size.width", "transform.scale"])
        #expect(layerRows.map { $0[2].string ?? "" } == ["basic", "basic", "spring", "spring", "keyframe"])
        #expect(layerRows[1][3].string == "x,y")
        #expect(layerRows[0][4].double == 0.35 && layerRows[0][5].double == 1.5 && layerRows[0][6].int == 1)
        #expect(layerRows[1][4].double == 0.25)
        #expect(layerRows[4][7].string == "cubic" && layerRows[4][8].int == 4)
        #expect(abs((layerRows[2][9].double ?? 0) - 200) <= 1e-9 && abs((layerRows[2][10].double ?? 0) - 12 / (2 * 200.0.squareRoot())) <= 1e-12)
        #expect(layerRows[2][11].double == 2 && layerRows[2][12].int == 1)
        // The UIKit spring is stored resolved: mass 1, damping ratio 0.7, the stiffness of the model.
        let w0 = UIKitSpringModel.spring(dampingRatio: 0.7, duration: 0.5, initialVelocity: 0.5).angularFrequency
        #expect(abs((layerRows[3][9].double ?? 0) - w0 * w0) <= 1e-9 * w0 * w0 && abs((layerRows[3][10].double ?? 0) - 0.7) <= 1e-12)
        #expect(try db.first("SELECT count(*) FROM estimates")?[0].int == 1)
        // SQL readers see the estimate in the views too.
        #expect(try db.first("SELECT estimated FROM inventory WHERE id = ?", spec.id)?[0].string == rows[1].estimated)
        #expect(try db.first("SELECT estimated FROM inventory_figures WHERE id = ?", exact.id)?[0].isNull == true)
    }

    @Test(
        "the stored definition is canonical: a duration left at 0 is the 0.25 s that plays, a settling spring's duration is not kept; both play the same"
    )
    func canonical() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        let written = AnimationSpec(
            id: "a", trigger: .tap,
            motion: .layer(
                LayerMotion(animations: [
                    LayerAnimation(keyPath: "x", timing: MediaTiming(), content: .basic(from: [0], to: [1])),
                    LayerAnimation(
                        keyPath: "y", timing: MediaTiming(duration: 3),
                        content: .spring(
                            from: [0], to: [1], spring: .physical(Spring(mass: 1, stiffness: 300, damping: 20), allowsOverdamping: false),
                            initialVelocity: 0, settles: true)),
                ])))
        try store.importSpec(MotionSpec(screen: "S", animations: [written]), from: source("/a/S.json", hash: "h1"))
        let back = try #require(try store.animation(screen: "S", id: "a")).spec
        guard case .layer(let m) = back.motion else {
            Issue.record("not layer")
            return
        }
        #expect(m.animations[0].timing.duration == 0.25 && m.animations[1].timing.duration == 0)
        let (a, b) = (try written.timeline(), try back.timeline())
        #expect(a.duration == b.duration)
        for t in stride(from: 0.0, through: a.duration, by: 0.01) {
            #expect(a.value(of: 0, at: t) == b.value(of: 0, at: t) && a.value(of: 1, at: t) == b.value(of: 1, at: t))
        }
        // Importing the canonical form again changes nothing.
        try store.importSpec(MotionSpec(screen: "S", animations: [back]), from: source("/a/S.json", hash: "h2"))
        #expect(try store.revisions(screen: "S", id: "a").count == 1)
    }

    @Test("a new revision replaces the estimate: an exact motion is no longer marked")
    func estimateFollowsRevision() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        var spec = Self.layerAnimation(settles: true)
        try store.importSpec(MotionSpec(screen: "S", animations: [spec]), from: source("/a/S.json", hash: "h1"))
        #expect(try store.inventory().first?.estimated?.contains("settled") == true)
        guard case .layer(var motion) = spec.motion else { return }
        motion.animations.remove(at: 3) // the damping-duration spring
        motion.estimate = nil
        motion.animations[2].content = .spring(
            from: [0], to: [12], spring: .physical(Spring(mass: 1, stiffness: 200, damping: 12), allowsOverdamping: false),
            initialVelocity: 2, settles: false)
        motion.animations[2].timing.duration = 0.8
        spec.motion = .layer(motion)
        try store.importSpec(MotionSpec(screen: "S", animations: [spec]), from: source("/a/S.json", hash: "h2"))
        #expect(try store.revisions(screen: "S", id: spec.id).count == 2)
        #expect(try store.inventory().first?.estimated == nil)
        #expect(try store.animation(screen: "S", id: spec.id, revision: 1)?.spec == Self.layerAnimation(settles: true))
    }

    @Test("migrations 007 and 009 bring an older store up: its revisions kept, the kind layer allowed, the views with estimated")
    func migration() throws {
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
        #expect(try after.integrityCheck() == "ok")
        let db = try SQLiteDatabase(path: path)
        #expect(try db.first("PRAGMA foreign_key_check") == nil)
        #expect(try db.first("SELECT sql FROM sqlite_master WHERE name = 'revisions'")?[0].string?.contains("'layer'") == true)
        #expect(try db.first("SELECT max(version) FROM schema_migrations")?[0].int == Int64(Migration.all.map(\.version).max() ?? 0))
        for view in ["inventory", "inventory_figures"] {
            #expect(try db.first("SELECT count(*) FROM pragma_table_info('\(view)') WHERE name = 'estimated'")?[0].int == 1, "\(view)")
        }
        // A layer motion now stores beside the old animations.
        try after.importSpec(MotionSpec(screen: "Feed", animations: [Self.exactAnimation()]), from: source("/fixture/Feed.swift", hash: "s1"))
        #expect(try after.inventory(InventoryFilter(kind: "layer")).count == 1)
    }
}
