import Foundation
import MotionJSON
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

@Suite("Lottie through the command line")
struct LottieCommandTests {
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/lottie/lottie-docs")

    @Test("import recognises Lottie by content; --screen names the screen; the ball's haptic lands on its impact")
    func importLottie() throws {
        let ws = try Workspace()
        try FileManager.default.copyItem(
            at: Self.corpus.appendingPathComponent("bouncy_ball.json"), to: ws.folder.appendingPathComponent("ball.anim"))
        let r = ws.run("import", "ball.anim", "--screen", "Onboarding")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("added      ball.anim Onboarding: +ball"))
        let plan = try JSONParser().parse(ws.run("haptics", "Onboarding/ball", "--format", "plan").out).value
        let events = plan["events"]?.arrayValue ?? []
        #expect(events.count == 1 && events[0]["time"] == 1 && events[0]["type"] == "transient")
        // Re-importing the same file is a no-op; a folder import takes every Lottie file.
        #expect(ws.run("import", "ball.anim", "--screen", "Onboarding").out.contains("unchanged"))
        let all = ws.run("import", Self.corpus.path)
        #expect(all.code == 0, "\(all.err)")
        #expect(all.out.contains("6 files: 6 added"))
    }

    @Test("a marker named haptic… gets its own event")
    func hapticMarker() throws {
        let ws = try Workspace()
        try ws.write(
            "m.json",
            #"""
            {"fr": 30, "ip": 0, "op": 60, "markers": [{"cm": "haptic", "tm": 45, "dr": 0}],
             "layers": [{"nm": "L", "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 60, "s": [100]}]}}}]}
            """#)
        let plan = try JSONParser().parse(ws.run("haptics", "m.json", "--format", "plan").out).value
        #expect(plan["events"]?.arrayValue?.contains { $0["time"] == 1.5 && $0["moments"]?.arrayValue?.first?["kind"] == "cue" } == true)
    }

    @Test("a trim-path draw-on gets a transient where the stroke completes (frame 42 of 60 fps: 0.7 s)")
    func drawOnTransient() throws {
        let ws = try Workspace()
        try ws.write(
            "done.json",
            #"""
            {"fr": 60, "ip": 0, "op": 60, "w": 200, "h": 200, "layers": [{"nm": "Check", "shapes": [{"ty": "gr", "nm": "Tick", "it": [
              {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 0], [10, 10], [30, -10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}},
              {"ty": "st", "w": {"a": 0, "k": 4}},
              {"ty": "tm", "nm": "Trim Paths 1", "s": {"a": 0, "k": 0}, "o": {"a": 0, "k": 0},
               "e": {"a": 1, "k": [{"t": 12, "s": [0], "o": {"x": [0.33], "y": [0]}, "i": {"x": [0.2], "y": [1]}}, {"t": 42, "s": [100]}]}},
              {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}]}]}]}
            """#)
        let r = ws.run("haptics", "done.json", "--format", "plan")
        #expect(r.code == 0, "\(r.err)")
        let events = try JSONParser().parse(r.out).value["events"]?.arrayValue ?? []
        #expect(events.count == 1 && events.first?["time"] == 0.7 && events.first?["type"] == "transient", "\(r.out)")
        #expect(events.first?["moments"]?.arrayValue?.first?["property"] == "haptic: Check/Tick/Trim Paths 1 drawn")
    }

    @Test("every haptic event of a file falls inside its main composition, precompositions played on its clock")
    func eventsInsideMainComposition() throws {
        // A 20 s precomposition turning at 12.5, 15 and 17.5 s inside a 10 s composition: played at
        // sr 1 it never turns while the file plays; "Fast" plays it at sr 0.5: turns at 6.25, 7.5
        // and 8.75 s.
        let ws = try Workspace()
        try ws.write(
            "long.json",
            #"""
            {"fr": 10, "ip": 0, "op": 100, "layers": [{"nm": "Slow", "ty": 0, "refId": "p", "ks": {}}, {"nm": "Fast", "ty": 0, "refId": "p", "sr": 0.5, "ks": {}}],
             "assets": [{"id": "p", "layers": [{"nm": "Dial", "ks": {"r": {"a": 1, "k": [
               {"t": 100, "s": [0]}, {"t": 125, "s": [90]}, {"t": 150, "s": [0]}, {"t": 175, "s": [90]}, {"t": 200, "s": [0]}]}}}]}]}
            """#)
        let plan = try JSONParser().parse(ws.run("haptics", "long.json", "--format", "plan").out).value
        #expect(plan["duration"] == 10)
        let times = (plan["events"]?.arrayValue ?? []).compactMap { $0["time"]?.numberValue }
        #expect(times == [6.25, 7.5, 8.75], "\(times)")
        let imported = ws.run("import", "long.json")
        #expect(imported.out.contains("+long") && !imported.out.contains("+p"), "one animation: the main composition")
    }

    @Test("planner modes from the command line: --sustained adds a shaped continuous event, --max-rate caps transients; bad values are refused")
    func plannerFlags() throws {
        let ws = try Workspace()
        try FileManager.default.copyItem(
            at: Self.corpus.appendingPathComponent("bouncy_ball.json"), to: ws.folder.appendingPathComponent("ball.json"))
        let plain = try JSONParser().parse(ws.run("haptics", "ball.json", "--format", "plan").out).value
        #expect(plain["events"]?.arrayValue?.map { $0["type"] } == ["transient"])
        let sustained = try JSONParser().parse(ws.run("haptics", "ball.json", "--format", "plan", "--sustained").out).value
        #expect(sustained["events"]?.arrayValue?.compactMap { $0["type"]?.stringValue }.sorted() == ["continuous", "transient"])
        let ahap = ws.run("haptics", "ball.json", "--sustained")
        #expect(ahap.out.contains("HapticIntensityControl"))
        let bad = ws.run("haptics", "ball.json", "--max-rate", "0")
        #expect(bad.code == 2 && bad.err.contains("--max-rate 0"))
        #expect(ws.run("haptics", "ball.json", "--canvas", "wide").err.contains("like --canvas 512x512"))
    }
}
