import Foundation
import MotionJSON
import Testing
@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI
import MotionTestSupport

@Suite("Lottie through the command line")
struct LottieCommandTests {
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/lottie/lottie-docs")

    @Test("import recognises Lottie by content; --screen names the screen; the ball's haptic lands on its impact")
    func importLottie() throws {
        let ws = try Workspace()
        try FileManager.default.copyItem(at: Self.corpus.appendingPathComponent("bouncy_ball.json"), to: ws.folder.appendingPathComponent("ball.anim"))
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
        try ws.write("m.json", #"""
        {"fr": 30, "ip": 0, "op": 60, "markers": [{"cm": "haptic", "tm": 45, "dr": 0}],
         "layers": [{"nm": "L", "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 60, "s": [100]}]}}}]}
        """#)
        let plan = try JSONParser().parse(ws.run("haptics", "m.json", "--format", "plan").out).value
        #expect(plan["events"]?.arrayValue?.contains { $0["time"] == 1.5 && $0["moments"]?.arrayValue?.first?["kind"] == "cue" } == true)
    }
}
