import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionStore
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

@Suite("design tokens through the command line")
struct TokenCommandTests {
    static let tokens = #"""
        {
          "motion": {
            "duration": {
              "$type": "duration",
              "short4": { "$value": { "value": 200, "unit": "ms" } },
              "medium2": { "$value": "300ms" },
              "tap": { "$value": "{motion.duration.alias}" },
              "alias": { "$value": "{motion.duration.short4}" }
            },
            "easing": {
              "$type": "cubicBezier",
              "standard": { "$value": [0.2, 0, 0, 1] },
              "emphasized": { "$value": "{motion.easing.standard}" }
            },
            "transition": {
              "enter": { "$type": "transition", "$value": { "duration": "{motion.duration.medium2}", "delay": { "value": 50, "unit": "ms" }, "timingFunction": "{motion.easing.emphasized}" } }
            }
          },
          "color": { "brand": { "$type": "color", "$value": "#ff0000" } }
        }
        """#

    static let spec = #"""
        {"specVersion": 1, "screen": "T", "animations": [
          {"id": "k", "kind": "keyframes", "trigger": "tap", "tracks": {"x": [{"type": "linear", "to": 1, "duration": "{motion.duration.tap}", "curve": "{motion.easing.emphasized}"}]}},
          {"id": "p", "kind": "phases", "trigger": "tap", "phases": [
            {"name": "a", "values": {"o": 0}, "animation": {"type": "easeOut", "duration": 0.2}},
            {"name": "b", "values": {"o": 1}, "animation": "{motion.transition.enter}"}]},
          {"id": "f", "kind": "keyframes", "trigger": "tap", "tracks": {"s": [{"type": "linear", "to": 2, "duration": 0.3, "curve": "EASE_OUT_BACK"}, {"type": "spring", "to": 1, "spring": "GENTLE"}]}}
        ]}
        """#

    @Test(
        "tokens split over files: an alias names a token of a file imported before; a change there makes the aliasing file change too; Style Dictionary files go first like DTCG ones"
    )
    func splitFiles() throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(at: ws.folder.appendingPathComponent("tokens/semantic"), withIntermediateDirectories: true)
        func primitives(_ ms: Int) -> String {
            #"{ "base": { "duration": { "$type": "duration", "quick": { "$value": { "value": \#(ms), "unit": "ms" } } } } }"#
        }
        try ws.write("tokens/base.json", primitives(150))
        try ws.write("tokens/semantic/motion.json", #"{ "motion": { "tap": { "$type": "duration", "$value": "{base.duration.quick}" } } }"#)
        // A spec that sorts before the Style Dictionary file and uses its token.
        try ws.write(
            "a-spec.json",
            #"{"specVersion": 1, "screen": "S", "animations": [{"id": "k", "kind": "keyframes", "trigger": "tap", "tracks": {"x": [{"type": "linear", "to": 1, "duration": "{legacy.fade}"}]}}]}"#
        )
        try ws.write("z-legacy.json", #"{ "legacy": { "fade": { "value": "{motion.tap}", "type": "time", "comment": "from the semantic file" } } }"#)
        let first = ws.run("import", ".")
        #expect(first.code == 0, "\(first.out)\n\(first.err)")
        let store = try MotionStore(path: ws.db)
        #expect(try store.tokens().durations == ["base.duration.quick": 0.15, "motion.tap": 0.15, "legacy.fade": 0.15])
        #expect(try store.inventory().first { $0.id == "k" }?.duration == 0.15)
        // Nothing changed: all unchanged.
        let again = ws.run("import", ".")
        #expect(again.code == 0 && again.out.contains(": 0 added, 0 changed,"), "\(again.out)")
        for file in ["tokens/base.json", "tokens/semantic/motion.json", "z-legacy.json", "a-spec.json"] {
            #expect(again.out.contains("unchanged  ./\(file)"), "\(file)")
        }
        // The primitive changes: the files aliasing it follow (the stored hash covers what they used).
        try ws.write("tokens/base.json", primitives(120))
        let changed = ws.run("import", ".")
        #expect(changed.code == 0, "\(changed.err)")
        #expect(
            changed.out.contains("~base.duration.quick") && changed.out.contains("~motion.tap") && changed.out.contains("~legacy.fade"),
            "\(changed.out)")
        #expect(try MotionStore(path: ws.db).inventory().first { $0.id == "k" }?.duration == 0.12)
    }

    @Test(
        "a file no importer reads is rejected when named and skipped in a folder, saying what motionsync imports; a DTCG resolver document is told apart"
    )
    func unknownJSON() throws {
        let ws = try Workspace()
        try ws.write(
            "resolver.json",
            ##"{"$schema": "https://www.designtokens.org/schemas/2025.10/resolver.json", "version": "2025.10", "resolutionOrder": [{"$ref": "#/sets/base"}], "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}}}"##
        )
        try FileManager.default.createDirectory(at: ws.folder.appendingPathComponent("other"), withIntermediateDirectories: true)
        try ws.write("other/thing.json", #"{"name": "not motion"}"#)
        let r = ws.run("import", "resolver.json")
        #expect(r.code == 2)
        #expect(
            r.err.contains("rejected (resolver.json): not something motionsync imports: a design-token resolver document")
                && r.err.contains("import the token files its sets name"), "\(r.err)")
        let named = ws.run("import", "other/thing.json")
        #expect(
            named.code == 2
                && named.err.contains("neither a motion spec (\"specVersion\"), a Lottie file (\"fr\" and \"layers\") nor a design tokens file"),
            "\(named.err)")
        let folder = ws.run("import", "other")
        #expect(folder.code == 0 && folder.out.contains("skipped") && folder.out.contains("not something motionsync imports"), "\(folder.out)")
    }

    @Test("a tokens file with nested aliases imports; a spec that references its tokens imports with their values")
    func tokensAndSpec() throws {
        let ws = try Workspace()
        try ws.write("tokens.json", Self.tokens)
        try ws.write("spec.json", Self.spec)
        // One batch: the tokens file is imported first whatever the order on the command line.
        let r = ws.run("import", "spec.json", "tokens.json")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("added      tokens.json 7 motion tokens"), "4 durations, 2 curves, 1 transition; the color is skipped")
        let store = try MotionStore(path: ws.db)
        let tokens = try store.tokens()
        #expect(tokens.duration(named: "motion.duration.tap") == 0.2)
        #expect(tokens.curve(named: "motion.easing.emphasized") == UnitCurve(x1: 0.2, y1: 0, x2: 0, y2: 1))
        let k = try #require(try store.animation(screen: "T", id: "k"))
        #expect(
            k.spec.motion
                == .keyframes(
                    initial: [],
                    tracks: [
                        KeyframeTrack(property: "x", keyframes: [.linear(to: 1, duration: 0.2, curve: UnitCurve(x1: 0.2, y1: 0, x2: 0, y2: 1)!)])
                    ], repeating: false))
        let p = try #require(try store.animation(screen: "T", id: "p"))
        guard case .phases(let phases) = p.spec.motion else {
            Issue.record("not phases")
            return
        }
        #expect(phases[1].animation == PhaseAnimation(.bezier(UnitCurve(x1: 0.2, y1: 0, x2: 0, y2: 1)!, duration: 0.3), delay: 0.05))
        let f = try #require(try store.animation(screen: "T", id: "f"))
        guard case .keyframes(_, let tracks, _) = f.spec.motion, case .linear(_, _, let curve) = tracks[0].keyframes[0],
            case .spring(_, _, let spring, _) = tracks[0].keyframes[1]
        else {
            Issue.record("shape")
            return
        }
        #expect(curve == UnitCurve(x1: 0.45, y1: 1.45, x2: 0.8, y2: 1)!, "Figma EASE_OUT_BACK")
        #expect(spring == Spring(mass: 1, stiffness: 100, damping: 15), "Figma GENTLE")
        // Sampling: 0.1 s into a 0.2 s segment eased by the standard curve.
        let sampled = try JSONParser().parse(ws.run("sample", "T/k", "--times", "0.1", "--format", "json").out).value
        #expect(
            abs((sampled["properties"]?["x"]?.arrayValue?.first?.numberValue ?? 0) - UnitCurve(x1: 0.2, y1: 0, x2: 0, y2: 1)!.value(at: 0.5)) < 1e-9)
    }

    @Test("changing a token makes the spec that uses it a new revision; an unchanged batch writes nothing")
    func tokenChange() throws {
        let ws = try Workspace()
        try ws.write("tokens.json", Self.tokens)
        try ws.write("spec.json", Self.spec)
        #expect(ws.run("import", ".").code == 0)
        let counts = try ws.counts()
        #expect(ws.run("import", ".").out.contains("0 added, 0 changed"))
        #expect(try ws.counts() == counts)
        try ws.write("tokens.json", Self.tokens.replacingOccurrences(of: "\"value\": 200", with: "\"value\": 250"))
        let r = ws.run("import", ".")
        #expect(r.out.contains("changed    ./tokens.json"))
        #expect(r.out.contains("changed    ./spec.json T: ~k"))
        #expect(try MotionStore(path: ws.db).revisions(screen: "T", id: "k").count == 2)
    }

    @Test("re-importing only a changed tokens file re-reads the stored specs that use it")
    func tokensAlone() throws {
        let ws = try Workspace()
        try ws.write("tokens.json", Self.tokens)
        try ws.write("spec.json", Self.spec)
        #expect(ws.run("import", "tokens.json", "spec.json").code == 0)
        try ws.write("tokens.json", Self.tokens.replacingOccurrences(of: "\"value\": 200", with: "\"value\": 250"))
        let r = ws.run("import", "tokens.json")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("(uses the changed tokens)"))
        let store = try MotionStore(path: ws.db)
        #expect(try store.revisions(screen: "T", id: "k").count == 2)
        #expect(try store.inventory(InventoryFilter(screen: "T")).first { $0.id == "k" }?.duration == 0.25)
        // Removing a token a stored spec uses: the spec is re-read and rejected, and says why.
        try ws.write("tokens.json", #"{"motion": {"easing": {"$type": "cubicBezier", "standard": {"$value": [0.2, 0, 0, 1]}}}}"#)
        let removed = ws.run("import", "tokens.json")
        #expect(removed.code == 2)
        #expect(removed.err.contains("no duration token"))
    }

    @Test("alias cycles, missing aliases and unknown token references are clear errors")
    func errors() throws {
        let ws = try Workspace()
        try ws.write("cycle.json", #"{"a": {"$type": "duration", "x": {"$value": "{a.y}"}, "y": {"$value": "{a.x}"}}}"#)
        let cycle = ws.run("import", "cycle.json")
        #expect(cycle.code == 2)
        #expect(cycle.err.contains("a.x") && cycle.err.contains("a.y"))
        try ws.write("missing.json", #"{"a": {"$type": "duration", "x": {"$value": "{a.nope}"}}}"#)
        let missing = ws.run("import", "missing.json")
        #expect(missing.code == 2 && missing.err.contains("a.nope"))
        try ws.write("spec.json", Self.spec)
        let unresolved = ws.run("import", "spec.json")
        #expect(unresolved.code == 2)
        #expect(unresolved.err.contains("at /animations/0/tracks/x/0/duration): no duration token \"{motion.duration.tap}\""))
        #expect(try ws.counts()["revisions"] == 0)
    }
}
