import Foundation
import MotionCore
import MotionSQLite
import Testing

@testable import MotionStore

@Suite("importing")
struct ImportTests {
    @Test("an animation read back from its rows equals what was stored")
    func roundTrip() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        let spec = MotionSpec(screen: "Checkout", animations: [keyframeAnimation(), phaseAnimation()])
        let outcome = try store.importSpec(spec, from: source("/a/Checkout.json", hash: "h1"))
        #expect(outcome == ImportOutcome(result: .added, screen: "Checkout", added: ["bump", "timer"]))
        for original in spec.animations {
            let stored = try #require(try store.animation(screen: "Checkout", id: original.id))
            #expect(stored.spec == original, "rebuilt \(original.id) differs")
            #expect(stored.revision == 1)
            #expect(stored.source == "/a/Checkout.json")
            // Same timeline, sample for sample.
            let a = try original.timeline(), b = try stored.spec.timeline()
            for t in SampleGrid.times(duration: a.duration, fps: 100) { #expect(a.values(at: t) == b.values(at: t)) }
        }
    }

    @Test("durations and resolved timing come from the motion core")
    func storedFigures() throws {
        let path = try temporaryStorePath()
        let store = try MotionStore(path: path)
        let animation = keyframeAnimation()
        try store.importSpec(MotionSpec(screen: "S", animations: [animation, phaseAnimation()]), from: source("/s.json", hash: "h"))
        let timeline = try animation.timeline() as! KeyframeTimeline
        let row = try #require(try store.inventory().first { $0.id == "bump" })
        #expect(row.duration == timeline.duration)
        let db = try SQLiteDatabase(path: path)
        // The until-settled spring's resolved duration and start time.
        let settled = try #require(
            try db.first(
                "SELECT start_time, resolved_duration, k.duration FROM keyframes k JOIN tracks t ON t.id = k.track_id WHERE t.property = 'scale' AND k.position = 1"
            ))
        let segment = timeline.tracks[0]!.segments[1]
        #expect(settled[0].double == segment.start && settled[1].double == segment.duration && settled[2].isNull)
        let steps = try db.rows("SELECT start_time FROM phase_steps ORDER BY position").map { $0[0].double! }
        let phaseTimeline = try phaseAnimation().timeline() as! PhaseTimeline
        #expect(steps == phaseTimeline.steps.map(\.start))
    }

    @Test("every keyframes column, for each keyframe type, over a track longer than one batched INSERT (8 rows)")
    func keyframeColumns() throws {
        let path = try temporaryStorePath()
        let store = try MotionStore(path: path)
        let spring = Spring(mass: 2, stiffness: 300, damping: 30)
        var keyframes: [Keyframe] = [
            .linear(to: 2, duration: 0.25, curve: UnitCurve(x1: 0.2, y1: -0.5, x2: 0.3, y2: 1.5)!), .move(to: -1),
            .cubic(to: 3, duration: 0.1, startVelocity: 4, endVelocity: -2), .spring(to: 5, duration: 0.3, spring: spring, startVelocity: 7),
            .spring(to: 0, spring: spring), .linear(to: 1, duration: 0.2, curve: .easeIn), .cubic(to: 0, duration: 0.15),
        ]
        keyframes += keyframes + [.move(to: 9)] // 15 rows: one INSERT of 8, one of 7
        let animation = AnimationSpec(
            id: "all", trigger: .tap,
            motion: .keyframes(
                initial: [NamedValue("x", 0)],
                tracks: [KeyframeTrack(property: "x", keyframes: keyframes)], repeating: false))
        try store.importSpec(MotionSpec(screen: "S", animations: [animation]), from: source("/k.json", hash: "k"))
        let timeline = try animation.timeline() as! KeyframeTimeline
        let segments = timeline.tracks[0]!.segments
        let db = try SQLiteDatabase(path: path)
        let rows = try db.rows(
            """
            SELECT position, type, to_value, duration, start_time, resolved_duration, curve, curve_x1, curve_y1, curve_x2, curve_y2,
                   start_velocity, end_velocity, spring_angular_frequency, spring_damping_ratio, spring_mass, spring_response,
                   spring_stiffness, spring_damping
            FROM keyframes ORDER BY position
            """)
        #expect(rows.count == keyframes.count)
        func real(_ v: Double?) -> SQLiteValue { v.map(SQLiteValue.real) ?? .null }
        for (k, row) in rows.enumerated() {
            var expected: [SQLiteValue] = [.integer(Int64(k)), .text(keyframes[k].typeName), .real(keyframes[k].to)]
            let none = Array(repeating: SQLiteValue.null, count: 4)
            switch keyframes[k] {
            case .move:
                expected += [.null, .real(segments[k].start), .real(0), .null] + none + [.null, .null] + Array(repeating: .null, count: 6)
            case .linear(_, let d, let c):
                expected +=
                    [
                        .real(d), .real(segments[k].start), .real(d), .text(c == .easeIn ? "easeIn" : "bezier"),
                        .real(c.p1.x), .real(c.p1.y), .real(c.p2.x), .real(c.p2.y), .null, .null,
                    ] + Array(repeating: .null, count: 6)
            case .cubic(_, let d, let sv, let ev):
                expected += [.real(d), .real(segments[k].start), .real(d), .null] + none + [real(sv), real(ev)] + Array(repeating: .null, count: 6)
            case .spring(_, let d, _, let sv):
                // ω0 = √(k/m), ζ = c / (2√(km)), response = 2π/ω0.
                let omega = (300.0 / 2).squareRoot()
                expected += [real(d), .real(segments[k].start), .real(segments[k].duration), .null] + none + [real(sv), .null]
                let stored = (13...17).map { row[$0].double ?? .nan }
                #expect(abs(stored[0] - omega) < 1e-12 && abs(stored[1] - 30 / (2 * (300.0 * 2).squareRoot())) < 1e-12 && stored[2] == 2, "\(stored)")
                #expect(
                    abs(stored[3] - 2 * Double.pi / omega) < 1e-12 && abs(stored[4] - 300) < 1e-9 && abs((row[18].double ?? 0) - 30) < 1e-9,
                    "\(stored)")
                #expect(Array(row.values[0..<13]) == expected, "row \(k)")
                continue
            }
            #expect(row.values == expected, "row \(k)")
        }
    }

    @Test("the same file again changes nothing; an edited keyframe makes one new revision; the old one stays queryable")
    func revisions() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        let v1 = MotionSpec(screen: "Checkout", animations: [keyframeAnimation(), phaseAnimation()])
        try store.importSpec(v1, from: source("/c.json", hash: "h1"))
        let counts = try store.rowCounts()
        #expect(try store.importSpec(v1, from: source("/c.json", hash: "h1")).result == .unchanged)
        #expect(try store.rowCounts() == counts)
        // Same animations, different bytes (reformatted): unchanged, nothing logged.
        #expect(
            try store.importSpec(v1, from: source("/c.json", hash: "h1-reformatted"))
                == ImportOutcome(result: .unchanged, screen: "Checkout", unchanged: ["bump", "timer"]))
        #expect(try store.rowCounts()["revisions"] == counts["revisions"])
        #expect(try store.rowCounts()["imports"] == counts["imports"])

        let v2 = MotionSpec(screen: "Checkout", animations: [keyframeAnimation(scaleTo: 1.2), phaseAnimation()])
        let outcome = try store.importSpec(v2, from: source("/c.json", hash: "h2"))
        #expect(outcome == ImportOutcome(result: .changed, screen: "Checkout", changed: ["bump"], unchanged: ["timer"]))
        let history = try store.revisions(screen: "Checkout", id: "bump")
        #expect(history.map(\.number) == [1, 2])
        #expect(history.map(\.isCurrent) == [false, true])
        #expect(history[0].definition.contains("\"to\":1.15") && history[1].definition.contains("\"to\":1.2"))
        #expect(try store.animation(screen: "Checkout", id: "bump")?.spec == keyframeAnimation(scaleTo: 1.2))
        #expect(try store.animation(screen: "Checkout", id: "bump", revision: 1)?.spec == keyframeAnimation(scaleTo: 1.15))
        #expect(try store.revisions(screen: "Checkout", id: "timer").count == 1)
    }

    @Test("animations a re-imported file no longer has are marked removed, and come back")
    func removal() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        try store.importSpec(MotionSpec(screen: "S", animations: [keyframeAnimation(), phaseAnimation()]), from: source("/s.json", hash: "1"))
        let outcome = try store.importSpec(MotionSpec(screen: "S", animations: [keyframeAnimation()]), from: source("/s.json", hash: "2"))
        #expect(outcome.removed == ["timer"])
        #expect(try store.inventory().map(\.id) == ["bump"])
        #expect(try store.animation(screen: "S", id: "timer") == nil)
        #expect(try store.animation(screen: "S", id: "timer", includeRemoved: true)?.removed == true)
        #expect(try store.revisions(screen: "S", id: "timer").count == 1, "its history is kept")
        let back = try store.importSpec(
            MotionSpec(screen: "S", animations: [keyframeAnimation(), phaseAnimation()]), from: source("/s.json", hash: "3"))
        #expect(back.added == ["timer"])
        #expect(try store.inventory().map(\.id) == ["bump", "timer"])
        #expect(try store.revisions(screen: "S", id: "timer").count == 1, "same definition: no new revision")
        // The screens listed are those with a live animation: one whose every animation was
        // removed is not, while its rows stay; sorted by name.
        try store.importSpec(MotionSpec(screen: "A", animations: [keyframeAnimation(id: "gone")]), from: source("/a.json", hash: "a1"))
        #expect(try store.liveScreens() == ["A", "S"])
        try store.importSpec(MotionSpec(screen: "A", animations: [keyframeAnimation(id: "kept")]), from: source("/a.json", hash: "a2"))
        #expect(try store.liveScreens() == ["A", "S"], "A still has one live animation")
        try store.importSpec(MotionSpec(screen: "S", animations: []), from: source("/s.json", hash: "4"))
        #expect(try store.liveScreens() == ["A"])
        #expect(try store.animation(screen: "S", id: "bump", includeRemoved: true)?.removed == true)
    }

    @Test("a second file defining a live animation is refused whole, the first file's rows intact")
    func conflict() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        try store.importSpec(MotionSpec(screen: "S", animations: [keyframeAnimation(id: "owned")]), from: source("/a.json", hash: "a"))
        let counts = try store.rowCounts()
        // "fresh" would be inserted before "owned" conflicts: the rollback must take it out again.
        #expect(throws: StoreError.conflict(screen: "S", id: "owned", owner: "/a.json")) {
            try store.importSpec(
                MotionSpec(screen: "S", animations: [keyframeAnimation(id: "fresh"), keyframeAnimation(id: "owned")]),
                from: source("/b.json", hash: "b"))
        }
        #expect(try store.rowCounts() == counts)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("names with quotes, SQL, newlines and emoji are stored and read back exactly")
    func hostileNames() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        let screen = "Check'out \"Σ\"\n'); DROP TABLE screens;--"
        let id = "bump 🎉\n\"x\"'; DELETE FROM animations;--"
        var animation = keyframeAnimation(id: id)
        animation.component = "Robert'); DROP TABLE revisions;--"
        animation.notes = "line1\nline2\t\u{1}"
        try store.importSpec(MotionSpec(screen: screen, animations: [animation]), from: source("/weird 'path'/é.json", hash: "x"))
        let row = try #require(try store.inventory().first)
        #expect(row.screen == screen && row.id == id && row.source == "/weird 'path'/é.json")
        let stored = try #require(try store.animation(screen: screen, id: id))
        #expect(stored.spec == animation)
        #expect(try store.inventory(InventoryFilter(screen: screen)).count == 1)
    }

    @Test("inventory filters by screen, kind and trigger")
    func filters() throws {
        let store = try MotionStore(path: try temporaryStorePath())
        try store.importSpec(MotionSpec(screen: "A", animations: [keyframeAnimation(), phaseAnimation()]), from: source("/a.json", hash: "a"))
        try store.importSpec(MotionSpec(screen: "B", animations: [keyframeAnimation(id: "other")]), from: source("/b.json", hash: "b"))
        #expect(try store.inventory().map { "\($0.screen)/\($0.id)" } == ["A/bump", "A/timer", "B/other"])
        #expect(try store.inventory(InventoryFilter(screen: "B")).map(\.id) == ["other"])
        #expect(try store.inventory(InventoryFilter(kind: "phases")).map(\.id) == ["timer"])
        #expect(try store.inventory(InventoryFilter(trigger: "tap")).map(\.id) == ["bump", "other"])
        #expect(try store.inventory(InventoryFilter(screen: "A", trigger: "repeating")).map(\.id) == ["timer"])
        #expect(try store.inventory(InventoryFilter(screen: "nope")).isEmpty)
    }

    @Test("two connections importing into one store at the same time both finish")
    func concurrentImports() async throws {
        let path = try temporaryStorePath()
        _ = try MotionStore(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<2 {
                group.addTask {
                    let store = try MotionStore(path: path)
                    for k in 0..<25 {
                        let spec = MotionSpec(screen: "W\(worker)", animations: [keyframeAnimation(id: "a\(k)"), phaseAnimation(id: "p\(k)")])
                        try store.importSpec(spec, from: source("/w\(worker)/\(k).json", hash: "\(k)"))
                    }
                }
            }
            try await group.waitForAll()
        }
        let store = try MotionStore(path: path)
        #expect(try store.inventory().count == 100)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("canonical definitions: equal motion written differently hashes the same; any change differs")
    func canonical() {
        let a = keyframeAnimation()
        var b = a
        b.motion = .keyframes(
            initial: [NamedValue("scale", 1), NamedValue("y", 0), NamedValue("opacity", 1)],
            tracks: [
                KeyframeTrack(
                    property: "scale",
                    keyframes: [
                        .spring(to: 1.15, duration: 0.2, spring: Spring(duration: 0.2, bounce: 0.15)), // = .snappy(duration: 0.2)
                        .spring(to: 1, spring: Spring(mass: 2, stiffness: 300, damping: 30)),
                    ]),
                KeyframeTrack(
                    property: "y",
                    keyframes: [
                        .linear(to: -6, duration: 0.18, curve: UnitCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)!), .move(to: 0),
                        .linear(to: 3, duration: 0.1, curve: UnitCurve(x1: 0.2, y1: 0, x2: 0, y2: 1)!),
                        .cubic(to: 1, duration: 0.1, startVelocity: 4, endVelocity: nil), .cubic(to: 0, duration: 0.1),
                    ]),
            ], repeating: false)
        #expect(CanonicalDefinition.hash(a) != CanonicalDefinition.hash(keyframeAnimation(scaleTo: 1.16)))
        var c = a
        c.notes = "other"
        #expect(CanonicalDefinition.hash(a) != CanonicalDefinition.hash(c))
        // A preset and its duration/bounce, a named curve and its control points: same canonical text.
        #expect(CanonicalDefinition.text(a) == CanonicalDefinition.text(b))
        #expect(CanonicalDefinition.text(a).contains("\"response\":0.2,\"dampingRatio\":0.85"))
        #expect(CanonicalDefinition.text(a).contains("\"curve\":\"easeOut\""))
    }
}
