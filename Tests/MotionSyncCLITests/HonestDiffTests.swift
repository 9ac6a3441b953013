import Foundation
import MotionJSON
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

/// Issue 12: `diff` matches properties by meaning and keeps unreadable code in its place.
@Suite("an honest diff")
struct HonestDiffTests {
    /// Writes `spec` (one animation on screen S, id "a", component A) and `swift` into a workspace
    /// and runs `diff … --format json` (and `--strict`).
    func diff(animation: String, swift: String) throws -> (json: JSONValue, strict: Int32, table: String) {
        let ws = try Workspace()
        try ws.write(
            "spec.json", #"{ "specVersion": 1, "screen": "S", "animations": [ { "id": "a", "component": "A", "trigger": "tap", \#(animation) } ] }"#)
        try ws.write("A.swift", "import SwiftUI\n// motionsync: screen=S\n" + swift)
        let r = ws.run("diff", "spec.json", "--code", "A.swift", "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        return (
            try JSONParser().parse(r.out).value, ws.run("diff", "spec.json", "--code", "A.swift", "--strict").code,
            ws.run("diff", "spec.json", "--code", "A.swift").out
        )
    }

    func rows(_ v: JSONValue) -> [String] {
        (v["differences"]?.arrayValue ?? []).map {
            "\($0["property"]!.stringValue!) \($0["field"]!.stringValue!) \($0["spec"]!.stringValue!) → \($0["code"]!.stringValue!)"
        }
    }

    @Test("a single-value keyframeAnimator is the track its content closure feeds (scaleEffect(scale) is scale), not `value`")
    func singleValueAnimator() throws {
        let (v, strict, _) = try diff(
            animation: #"""
                "kind": "keyframes", "initial": { "scale": 1, "opacity": 1 },
                "tracks": { "scale": [ { "type": "linear", "to": 1.2, "duration": 0.1 }, { "type": "linear", "to": 1, "duration": 0.2 } ],
                            "opacity": [ { "type": "linear", "to": 0.5, "duration": 0.1 } ] }
                """#,
            swift: """
                struct A: View {
                    @State var t = 0
                    var body: some View {
                        Circle().keyframeAnimator(initialValue: 1.0, trigger: t) { content, scale in
                            content.scaleEffect(scale)
                        } keyframes: { _ in
                            LinearKeyframe(1.2, duration: 0.1)
                            LinearKeyframe(1.0, duration: 0.2)
                        }
                    }
                }
                """)
        // scale matches exactly; only opacity, which the code does not animate, is reported.
        #expect(rows(v) == ["opacity track 1 keyframes → absent"])
        #expect(strict == 1)
    }

    @Test("a phase value read through a modifier is named after the phase's member (.offset(y: phase.lift) is lift, not y)")
    func phaseMember() throws {
        let (v, strict, table) = try diff(
            animation: #"""
                "kind": "phases", "phases": [
                  { "name": "rest", "values": { "scale": 1, "lift": 0 }, "animation": { "type": "spring", "duration": 0.3 } },
                  { "name": "up", "values": { "scale": 1.1, "lift": -6 }, "animation": { "type": "spring", "duration": 0.3 } } ]
                """#,
            swift: """
                enum P: CaseIterable {
                    case rest, up
                    var scale: Double { self == .up ? 1.1 : 1 }
                    var lift: Double { self == .up ? -6 : 0 }
                }
                struct A: View {
                    @State var t = 0
                    var body: some View {
                        Circle().phaseAnimator(P.allCases, trigger: t) { content, phase in
                            content.scaleEffect(phase.scale).offset(y: phase.lift)
                        } animation: { _ in .spring(duration: 0.3) }
                    }
                }
                """)
        #expect(rows(v) == [] && v["onlyInSpec"] == [] && v["onlyInCode"] == [], "\(table)")
        #expect(strict == 0)
    }

    @Test("names that still differ pair by values and position and are reported as one rename, not two absences")
    func renameByValues() throws {
        let (v, strict, _) = try diff(
            animation: #"""
                "kind": "keyframes", "initial": { "scale": 1, "lift": 0 },
                "tracks": { "scale": [ { "type": "linear", "to": 1.2, "duration": 0.1 } ],
                            "lift": [ { "type": "linear", "to": -10, "duration": 0.1 }, { "type": "linear", "to": 0, "duration": 0.2 } ] }
                """#,
            swift: """
                struct V { var scale = 1.0; var yOffset = 0.0; var opacity = 1.0 }
                struct A: View {
                    @State var t = 0
                    var body: some View {
                        Circle().keyframeAnimator(initialValue: V(), trigger: t) { c, v in c.scaleEffect(v.scale).offset(y: v.yOffset).opacity(v.opacity) } keyframes: { _ in
                            KeyframeTrack(\\.opacity) { LinearKeyframe(0.5, duration: 0.1); LinearKeyframe(1, duration: 0.1) }
                            KeyframeTrack(\\.yOffset) { LinearKeyframe(-10, duration: 0.1); LinearKeyframe(0, duration: 0.2) }
                            KeyframeTrack(\\.scale) { LinearKeyframe(1.2, duration: 0.1) }
                        }
                    }
                }
                """)
        // lift ↔ yOffset by their values (opacity, written before it, is not taken by position);
        // opacity is only in the code.
        #expect(rows(v) == ["lift renamed lift → yOffset", "opacity track absent → 2 keyframes"])
        #expect(strict == 1)
    }

    @Test("an unreadable keyframe keeps its place: the real differences after it are found, it is listed with file:line, and --strict fails")
    func unreadableKeyframe() throws {
        let spec = #"""
            "kind": "keyframes", "initial": { "scale": 1 },
            "tracks": { "scale": [ { "type": "linear", "to": 1.1, "duration": 0.1 }, { "type": "linear", "to": 1.3, "duration": 0.1 },
                                   { "type": "linear", "to": 1.2, "duration": 0.1 }, { "type": "linear", "to": 1.05, "duration": 0.1 },
                                   { "type": "linear", "to": 1, "duration": 0.2 } ] }
            """#
        func code(_ last: String) -> String {
            """
            struct A: View {
                @State var t = 0
                var peak = 1.3
                var body: some View {
                    Circle().keyframeAnimator(initialValue: 1.0, trigger: t) { content, scale in
                        content.scaleEffect(scale)
                    } keyframes: { _ in
                        LinearKeyframe(1.1, duration: 0.1)
                        LinearKeyframe(peak, duration: 0.1)
                        LinearKeyframe(1.2, duration: 0.1)
            \(last)
                    }
                }
            }
            """
        }
        // Two real differences after the unreadable keyframe: [3] value, [4] duration.
        let (v, strict, table) = try diff(
            animation: spec,
            swift: code(
                """
                            LinearKeyframe(1.08, duration: 0.1)
                            LinearKeyframe(1, duration: 0.25)
                """))
        #expect(
            rows(v) == [
                "scale[1] unreadable linear to 1.3, 0.1 s → unreadable: `LinearKeyframe(peak, duration: 0.1)`",
                "scale[3] value 1.05 → 1.08", "scale[4] duration 0.2 → 0.25",
            ])
        // A.swift: 2 header lines, then `LinearKeyframe(peak…` is line 9 of the struct.
        #expect(v["differences"]?.arrayValue?.first?["source"] == "A.swift:11")
        #expect(table.split(separator: "\n").contains { $0.contains("unreadable") && $0.hasSuffix("A.swift:11") }, "\(table)")
        #expect(strict == 1)
        // Nothing else differs: the unreadable keyframe alone still fails --strict.
        let alone = try diff(
            animation: spec,
            swift: code(
                """
                            LinearKeyframe(1.05, duration: 0.1)
                            LinearKeyframe(1, duration: 0.2)
                """))
        #expect(rows(alone.json).count == 1 && alone.strict == 1)
    }

    @Test("an unreadable phase value keeps its phase: the others are still compared")
    func unreadablePhaseValue() throws {
        let (v, strict, _) = try diff(
            animation: #"""
                "kind": "phases", "phases": [
                  { "name": "a", "values": { "scale": 1 }, "animation": { "type": "spring", "duration": 0.3 } },
                  { "name": "b", "values": { "scale": 1.2 }, "animation": { "type": "spring", "duration": 0.3 } },
                  { "name": "c", "values": { "scale": 0.9 }, "animation": { "type": "spring", "duration": 0.3 } } ]
                """#,
            swift: """
                enum P: CaseIterable { case a, b, c }
                struct A: View {
                    @State var t = 0
                    var big: Double
                    var body: some View {
                        Circle().phaseAnimator(P.allCases, trigger: t) { content, phase in
                            content.scaleEffect(phase == .a ? 1 : (phase == .b ? big : 0.8))
                        } animation: { _ in .spring(duration: 0.3) }
                    }
                }
                """)
        #expect(
            rows(v) == ["phase 1.scale unreadable 1.2 → unreadable: `phase == .a ? 1 : (phase == .b ? big : 0.8)`", "phase 2.scale value 0.9 → 0.8"])
        #expect(strict == 1)
    }
}
