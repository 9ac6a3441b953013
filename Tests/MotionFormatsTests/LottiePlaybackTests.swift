import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionTestSupport
import Testing

/// The main composition as lottie-web plays it: precompositions on its clock, time remapping,
/// in/out points and trim paths. Expected values are worked out by hand from lottie-web's rules
/// (ICompElement.prepareFrame: contents at (f − st) / sr, or tm × fr; checkLayerLimits: shown
/// while ip ≤ f < op; TrimModifier: start and end / 100), easing by bisection here.
@Suite("Lottie as it plays")
struct LottiePlaybackTests {
    static let corpus = sharedCorpus.appendingPathComponent("lottie/lottie-docs")

    func importText(_ text: String) throws -> SpecDecoder.Result {
        LottieImporter().importDocument(try JSONParser().parse(text), file: "test.json")
    }

    /// lottie-web's easing: solve x(u) = x by bisection on the Bézier (0,0) P1 P2 (1,1), return y(u).
    static func ease(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func b(_ u: Double, _ c1: Double, _ c2: Double) -> Double { 3 * (1 - u) * (1 - u) * u * c1 + 3 * (1 - u) * u * u * c2 + u * u * u }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, y1, y2)
    }

    @Test("a precomposition plays inside the main composition: its contents show frame (f − st) / sr, held outside its layer's ip…op")
    func precompositionOnTheMainClock() throws {
        // 10 fps, main frames 5 → 40 (3.5 s). Holder: st 20, sr 2, shown from frame 10 to 38.
        // Inner: position frames 0 → 10, (0, 0) → (100, 40), linear. Main frame f = 5 + 10 t;
        // contents frame g = (f − 20) / 2, so g = 0 at t = 1.5 s; the layer hides at f = 38
        // (t = 3.3 s, g = 9) and keeps that frame: x = 90, y = 36 to the end.
        let text = #"""
            {"fr": 10, "ip": 5, "op": 40, "layers": [
              {"nm": "Holder", "ty": 0, "refId": "comp_0", "st": 20, "sr": 2, "ip": 10, "op": 38, "ks": {"o": {"a": 0, "k": 100}}},
              {"nm": "Main", "st": 7, "ks": {"r": {"a": 1, "k": [{"t": 5, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 25, "s": [90]}]}}}],
             "assets": [{"id": "comp_0", "layers": [
              {"nm": "Inner", "st": 3, "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [100, 40]}]}}}]}]}
            """#
        let spec = try #require(try importText(text).spec)
        #expect(spec.animations.map(\.id) == ["test"], "one animation: the main composition")
        let t = try spec.animations[0].timeline()
        #expect(t.duration == 3.5)
        #expect(abs(t.value(of: "Main/rotation", at: 1.0)! - 45) < 1e-9)
        for (time, x) in [(0.0, 0.0), (1.5, 0.0), (2.0, 25.0), (2.5, 50.0), (3.0, 75.0), (3.3, 90.0), (3.5, 90.0)] {
            #expect(abs(t.value(of: "Holder/Inner/position.x", at: time)! - x) < 1e-9, "t = \(time)")
        }
        #expect(abs(t.value(of: "Holder/Inner/position.y", at: 2.25)! - 15) < 1e-9, "g = 3.75 → 40 · 0.375")
    }

    @Test("nested precompositions compose their st and sr; the main composition's length bounds everything")
    func nestedAndLong() throws {
        // 10 fps, 10 s. Outer plays "mid" at sr 0.5 (twice as fast); mid plays "leaf" from st 20.
        // Leaf's rotation turns at its frames 125, 150, 175 (12.5, 15, 17.5 s on its own clock).
        // Main frame f → mid frame 2f → leaf frame 2f − 20: turns at f = 72.5, 85, 97.5.
        // Beside it, "Late" plays the leaf at sr 1: its turns would come after 10 s.
        let text = #"""
            {"fr": 10, "ip": 0, "op": 100, "layers": [
              {"nm": "Outer", "ty": 0, "refId": "mid", "sr": 0.5, "ks": {}},
              {"nm": "Late", "ty": 0, "refId": "leaf", "ks": {}}],
             "assets": [
              {"id": "mid", "layers": [{"nm": "Mid", "ty": 0, "refId": "leaf", "st": 20, "ks": {}}]},
              {"id": "leaf", "layers": [{"nm": "Leaf", "ks": {"r": {"a": 1, "k": [
                {"t": 100, "s": [0]}, {"t": 125, "s": [90]}, {"t": 150, "s": [0]}, {"t": 175, "s": [90]}, {"t": 200, "s": [0]}]}}}]}]}
            """#
        let spec = try #require(try importText(text).spec)
        let timeline = try spec.animations[0].timeline()
        #expect(timeline.duration == 10)
        let analysis = MotionAnalyzer().analyze(timeline)
        let turns = analysis.peaks.filter { $0.property == "Outer/Mid/Leaf/rotation" }.map(\.time)
        #expect(turns.count == 3 && zip(turns, [7.25, 8.5, 9.75]).allSatisfy { abs($0 - $1) < 1e-4 }, "\(turns)")
        #expect(!analysis.peaks.contains { $0.property == "Late/Leaf/rotation" }, "its turns fall after the file ends")
        #expect(analysis.peaks.allSatisfy { $0.time <= 10 } && analysis.impacts.allSatisfy { $0.time <= 10 })
    }

    @Test("time remapping: forward, backwards, forward; the needle turns where time reverses, eased segments played backwards exactly")
    func timeRemapping() throws {
        // 10 fps, 4 s. tm (seconds, linear): 0 → 2 over frames 0–10, back to 1 at 20, on to 3 at
        // 40; contents frame g = tm × 10: 0 → 20 → 10 → 30. Needle: 0 → 300° over its frames
        // 0–30, ease-in-out (0.42, 0, 0.58, 1): rotation = 300 · ease(g / 30).
        let text = #"""
            {"fr": 10, "ip": 0, "op": 40, "layers": [{"nm": "Dial", "ty": 0, "refId": "c", "ks": {},
              "tm": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [2], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}},
                                   {"t": 20, "s": [1], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 40, "s": [3]}]}}],
             "assets": [{"id": "c", "layers": [{"nm": "Needle", "ks": {"r": {"a": 1, "k": [
               {"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 30, "s": [300]}]}}}]}]}
            """#
        let result = try importText(text)
        let spec = try #require(result.spec, "\(result.diagnostics)")
        #expect(!result.warnings.contains { $0.problem.contains("time remapping") }, "linear remapping is exact: no warning")
        let t = try spec.animations[0].timeline()
        func g(_ time: Double) -> Double {
            let f = time * 10
            return f <= 10 ? 2 * f : (f <= 20 ? 20 - (f - 10) : 10 + (f - 20))
        }
        for time in stride(from: 0.0, through: 4.0, by: 0.125) {
            let expected = 300 * Self.ease(g(time) / 30, 0.42, 0, 0.58, 1)
            #expect(abs(t.value(of: "Dial/Needle/rotation", at: time)! - expected) < 1e-6, "t = \(time)")
        }
        let peaks = MotionAnalyzer().analyze(t).peaks.filter { $0.property == "Dial/Needle/rotation" }
        #expect(peaks.map(\.kind) == [.max, .min])
        #expect(peaks.count == 2 && abs(peaks[0].time - 1) < 1e-4 && abs(peaks[1].time - 2) < 1e-4, "\(peaks)")
        #expect(abs(peaks[0].value - 300 * Self.ease(20.0 / 30, 0.42, 0, 0.58, 1)) < 1e-6)
    }

    @Test("eased time remapping is followed in 1/240 s steps, exact at each step, with a warning")
    func easedRemapping() throws {
        // tm 0 → 2 s over frames 0–20, ease-in-out; contents 10°/frame: rotation = 200 · ease(f / 20).
        let text = #"""
            {"fr": 10, "ip": 0, "op": 20, "layers": [{"nm": "Dial", "ty": 0, "refId": "c", "ks": {},
              "tm": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0.42, "y": 0}, "i": {"x": 0.58, "y": 1}}, {"t": 20, "s": [2]}]}}],
             "assets": [{"id": "c", "layers": [{"nm": "Needle", "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [300]}]}}}]}]}
            """#
        let result = try importText(text)
        let spec = try #require(result.spec)
        #expect(result.warnings.contains { $0.pointer.description == "/layers/0/tm" && $0.problem.contains("eased time remapping") })
        let t = try spec.animations[0].timeline()
        for step in stride(from: 0, through: 480, by: 7) {
            let time = Double(step) / 240
            #expect(abs(t.value(of: "Dial/Needle/rotation", at: time)! - 200 * Self.ease(time / 2, 0.42, 0, 0.58, 1)) < 1e-6, "t = \(time)")
        }
    }

    @Test("remapping.json: the remapped copy turns where its time reverses (0.5 s, 1 s); the plain copy does not turn")
    func corpusRemapping() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent("remapping.json")))
        let spec = try #require(LottieImporter().importDocument(try JSONParser().parse(bytes), file: "remapping.json").spec)
        #expect(spec.animations.count == 1)
        let analysis = MotionAnalyzer().analyze(try spec.animations[0].timeline())
        // tm: 0 → 3 s over frames 0–30, back to 1.5 s at 60, on to 3 s at 180.
        for axis in ["x", "y"] {
            let turns = analysis.peaks.filter { $0.property == "Remapped/Layer 1/PolyStar 1/position.\(axis)" }.map(\.time)
            #expect(turns.count == 2 && abs(turns[0] - 0.5) < 1e-4 && abs(turns[1] - 1) < 1e-4, "\(axis): \(turns)")
        }
        #expect(!analysis.peaks.contains { $0.property.hasPrefix("Composition/") })
    }

    @Test("trim paths: start, end and offset tracks; a haptic cue where the stroke completes, once per draw")
    func trimPaths() throws {
        // 60 fps, 1.5 s. The tick's end goes 0 → 100 % over frames 12–42 (eased), so the stroke
        // is whole at 42 / 60 = 0.7 s; then its start goes 0 → 100 % (an erase: no cue). The
        // second stroke is drawn from its far end: start 100 → 0 % over frames 30–60: whole at 1 s.
        let text = #"""
            {"fr": 60, "ip": 0, "op": 90, "layers": [
              {"nm": "Check", "shapes": [{"ty": "gr", "nm": "Tick", "it": [
                {"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 0], [10, 10], [30, -10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}},
                {"ty": "st", "w": {"a": 0, "k": 4}},
                {"ty": "tm", "nm": "Trim Paths 1", "s": {"a": 1, "k": [{"t": 60, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 80, "s": [100]}]},
                 "e": {"a": 1, "k": [{"t": 12, "s": [0], "o": {"x": [0.33], "y": [0]}, "i": {"x": [0.2], "y": [1]}}, {"t": 42, "s": [100]}]}, "o": {"a": 0, "k": 0}},
                {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}]}]},
              {"nm": "Circle", "shapes": [{"ty": "el"}, {"ty": "tm", "nm": "Trim", "e": {"a": 0, "k": 100},
                "s": {"a": 1, "k": [{"t": 30, "s": [100]}, {"t": 60, "s": [0]}]}, "o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 90, "s": [180]}]}}]}]}
            """#
        let spec = try #require(try importText(text).spec)
        let animation = spec.animations[0]
        let t = try animation.timeline()
        #expect(Set(t.properties) == ["Check/Tick/Trim Paths 1/start", "Check/Tick/Trim Paths 1/end", "Circle/Trim/start", "Circle/Trim/offset"])
        #expect(
            abs(t.value(of: "Check/Tick/Trim Paths 1/end", at: 0.45)! - Self.ease(15.0 / 30, 0.33, 0, 0.2, 1)) < 1e-9, "frame 27, halfway in time")
        #expect(t.value(of: "Check/Tick/Trim Paths 1/end", at: 0.7) == 1)
        #expect(abs(t.value(of: "Circle/Trim/offset", at: 0.75)! - 90) < 1e-9, "degrees")
        #expect(animation.cues == [Cue(name: "haptic: Check/Tick/Trim Paths 1 drawn", time: 0.7), Cue(name: "haptic: Circle/Trim drawn", time: 1)])
        #expect(animation.cues.allSatisfy { $0.isHapticCue })
    }

    @Test("a precomposition that contains itself is named, not played forever")
    func selfNesting() throws {
        let text = #"""
            {"fr": 10, "ip": 0, "op": 10, "layers": [{"nm": "A", "ty": 0, "refId": "loop", "ks": {}},
              {"nm": "B", "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [90]}]}}}],
             "assets": [{"id": "loop", "layers": [{"nm": "Again", "ty": 0, "refId": "loop", "ks": {}}]}]}
            """#
        let result = try importText(text)
        #expect(result.spec != nil)
        #expect(result.warnings.contains { $0.pointer.description == "/assets/0/layers/0/refId" && $0.problem.contains("contains itself") })
    }

    @Test("a clock that runs back and forth over many keyframes is held to the keyframe limit, with an error")
    func remappingLimit() throws {
        // tm swings 0 ↔ 10 s (0 ↔ 300 frames) 400 times; the needle has 300 one-frame segments:
        // each swing crosses all of them, 120,000 keyframes in all, over the 100,000 a file may have.
        let swings = (0...400).map { #"{"t": \#($0), "s": [\#($0 % 2 == 0 ? 0 : 10)]}"# }.joined(separator: ", ")
        let needle = (0...300).map { #"{"t": \#($0), "s": [\#($0 % 2)]}"# }.joined(separator: ", ")
        let text =
            #"{"fr": 30, "ip": 0, "op": 400, "layers": [{"nm": "Dial", "ty": 0, "refId": "c", "ks": {}, "tm": {"a": 1, "k": [\#(swings)]}}], "assets": [{"id": "c", "layers": [{"nm": "Needle", "ks": {"r": {"a": 1, "k": [\#(needle)]}}}]}]}"#
        let result = try importText(text)
        #expect(result.spec == nil)
        #expect(result.errors.first?.problem.contains("more than 100000 keyframes") == true, "\(result.errors)")
    }
}
