import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionTestSupport
import Testing

@Suite("Lottie import")
struct LottieImporterTests {
    static let corpus = sharedCorpus.appendingPathComponent("lottie/lottie-docs")

    func importFile(_ name: String) throws -> SpecDecoder.Result {
        let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
        return LottieImporter().importDocument(try JSONParser().parse(bytes), file: name)
    }

    func importText(_ text: String, screen: String? = nil) throws -> SpecDecoder.Result {
        LottieImporter().importDocument(try JSONParser().parse(text), file: "test.json", screen: screen)
    }

    @Test("bouncy_ball.json: the impact at 1.000 s, and the squash peaks at the same moment")
    func bouncyBall() throws {
        let spec = try #require(try importFile("bouncy_ball.json").spec)
        #expect(spec.screen == "bouncy_ball")
        let animation = try #require(spec.animations.first)
        let timeline = try animation.timeline()
        #expect(abs(timeline.duration - 2.0) < 1e-12, "(op − ip) / fr = 120 / 60")
        let analysis = MotionAnalyzer().analyze(timeline)
        let impact = try #require(analysis.impacts.first { $0.property.hasSuffix("position.y") })
        #expect(abs(impact.time - 1.0) <= 0.0001)
        let squashX = try #require(analysis.peaks.first { $0.property.hasSuffix("scale.x") })
        let squashY = try #require(analysis.peaks.first { $0.property.hasSuffix("scale.y") })
        #expect(abs(squashX.time - 1.0) <= 0.0001 && squashX.kind == .max && abs(squashX.value - 1.36) < 1e-9)
        #expect(abs(squashY.time - 1.0) <= 0.0001 && squashY.kind == .min && abs(squashY.value - 0.59) < 1e-9)
        // … and the haptic plan puts a transient there.
        #expect(analysis.impacts.map(\.time).allSatisfy { abs($0 - 1) < 1e-4 })
    }

    @Test("the screen and main composition are named after the file's stem, '#' made '-', other text kept")
    func namedAfterStem() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent("bouncy_ball.json")))
        for (file, name) in [("dir/ball #2 é.json", "ball -2 é"), ("##.json", "--"), ("über.json", "über"), ("a\u{301}#.json", "a\u{301}-")] {
            let spec = try #require(LottieImporter().importDocument(try JSONParser().parse(bytes), file: file).spec, "\(file)")
            #expect(spec.screen == name, "\(file)")
            #expect(spec.animations.map(\.id) == [name], "\(file)")
        }
    }

    @Test("position keyframes follow lottie-web's per-dimension Bézier easing")
    func easingValue() throws {
        let spec = try #require(try importFile("bouncy_ball.json").spec)
        let timeline = try spec.animations[0].timeline()
        // Frame 30 (0.5 s) of the first segment: x from 235 to 265 with o = (0.333, 0), i = (1, 1).
        let expected = 235 + 30 * (UnitCurve(x1: 0.333, y1: 0, x2: 1, y2: 1)!.value(at: 0.5))
        #expect(abs(timeline.value(of: "Layer/Ellipse Group/position.x", at: 0.5)! - expected) < 1e-9)
        #expect(abs(timeline.value(of: "Layer/Ellipse Group/position.x", at: 0.5)! - 245.6958504860442) < 1e-6, "python-lottie's value")
    }

    @Test("every corpus file imports; spatial tangents and empty compositions are warned about")
    func corpus() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted() where name.hasSuffix(".json") {
            let result = try importFile(name)
            #expect(result.errors.isEmpty, "\(name): \(result.errors)")
        }
        let auto = try importFile("auto_orient.json")
        #expect(auto.warnings.contains { $0.problem.contains("spatial tangents") && $0.pointer.description == "/layers/0/ks/p" })
    }

    @Test(
        "hold keyframes hold then jump; old-format `e` values; split position; scale and opacity / 100; a layer's st and sr leave its own keyframes in composition frames"
    )
    func keyframeForms() throws {
        let text = #"""
            {"fr": 10, "ip": 0, "op": 40, "layers": [
              {"nm": "L", "st": 5, "sr": 2, "ks": {
                "o": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 10, "s": [100]}]},
                "p": {"s": true, "x": {"a": 1, "k": [{"t": 0, "s": [0], "e": [50], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10}]},
                                   "y": {"a": 0, "k": 7}},
                "s": {"a": 1, "k": [{"t": 0, "s": [100, 200], "o": {"x": [0, 0], "y": [0, 0]}, "i": {"x": [1, 1], "y": [1, 1]}}, {"t": 10, "s": [200, 100]}]}
              }}]}
            """#
        let result = try importText(text, screen: "Custom")
        let spec = try #require(result.spec, "\(result.diagnostics)")
        #expect(spec.screen == "Custom")
        let t = try spec.animations[0].timeline()
        #expect(t.duration == 4)
        // Keyframe t is a frame of the composition, as lottie-web evaluates it (it compares
        // t − st with the frame − st) and lottie-android (no st or sr on a layer's own
        // transform): keyframe 10 plays at 10 / 10 = 1.0 s whatever st (5) and sr (2) say.
        #expect(t.value(of: "L/opacity", at: 0.4) == 0)
        #expect(t.value(of: "L/opacity", at: 0.9) == 0, "held")
        #expect(t.value(of: "L/opacity", at: 1.0) == 0, "a boundary belongs to the hold")
        #expect(t.value(of: "L/opacity", at: 1.1) == 1, "then jumps to 100 % = 1")
        #expect(abs(t.value(of: "L/position.x", at: 0.5)! - 25) < 1e-9, "old format: s 0 → e 50, linear, halfway")
        #expect(t.properties.contains("L/position.x") && !t.properties.contains("L/position.y"), "a static split dimension makes no track")
        #expect(abs(t.value(of: "L/scale.x", at: 0.5)! - 1.5) < 1e-9 && abs(t.value(of: "L/scale.y", at: 0.5)! - 1.5) < 1e-9)
        #expect(t.value(of: "L/scale.x", at: 1.5) == 2, "holds after the last keyframe")
    }

    @Test("a track whose first keyframe comes after the out-point holds its first value to the out-point, no longer")
    func firstKeyframeAfterOutPoint() throws {
        // 24 fps, frames 0 → 48 (2 s); one layer's opacity starts moving at frame 57 (2.375 s).
        let text = #"""
            {"fr": 24, "ip": 0, "op": 48, "layers": [
              {"nm": "Late", "ks": {"o": {"a": 1, "k": [{"t": 57, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 66, "s": [100]}]}}},
              {"nm": "On", "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 24, "s": [90]}]}}}]}
            """#
        let spec = try #require(try importText(text).spec)
        let t = try spec.animations[0].timeline()
        #expect(t.duration == 2, "(op − ip) / fr, not the late keyframe's 2.375 s")
        #expect(t.value(of: "Late/opacity", at: 2) == 0)
        #expect(abs(t.value(of: "On/rotation", at: 0.5)! - 45) < 1e-9)
    }

    @Test("a segment that starts before the in-point is cut there exactly")
    func cutAtInPoint() throws {
        let text = #"""
            {"fr": 10, "ip": 5, "op": 20, "layers": [{"nm": "L", "ks": {
              "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 15, "s": [90]}]}}}]}
            """#
        let spec = try #require(try importText(text).spec)
        let t = try spec.animations[0].timeline()
        let curve = UnitCurve.easeInOut
        for frame in stride(from: 5.0, through: 15.0, by: 1.0) {
            let expected = 90 * curve.value(at: frame / 15)
            #expect(abs(t.value(of: "L/rotation", at: (frame - 5) / 10)! - expected) < 1e-9, "frame \(frame)")
        }
    }

    @Test("keyframes past the out-point are cut there exactly; out-of-range files are refused")
    func outPointAndLimits() throws {
        let text = #"""
            {"fr": 10, "ip": 0, "op": 10, "layers": [{"nm": "L", "ks": {
              "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 20, "s": [90]}]}}}]}
            """#
        let t = try #require(try importText(text).spec).animations[0].timeline()
        #expect(t.duration == 1, "(op − ip) / fr, not the 2 s of the keyframes")
        for frame in stride(from: 0.0, through: 10.0, by: 1.0) {
            #expect(abs(t.value(of: "L/rotation", at: frame / 10)! - 90 * UnitCurve.easeInOut.value(at: frame / 20)) < 1e-9, "frame \(frame)")
        }
        #expect(try importText(#"{"fr": 30, "ip": 0, "op": 1e12, "layers": []}"#).errors.first?.pointer.description == "/op")
        let huge =
            #"{"fr": 30, "ip": 0, "op": 30, "layers": [{"nm": "L", "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [1e300]}]}}}]}"#
        #expect(try importText(huge).errors.first?.pointer.description == "/layers/0/ks/r/k/1")
    }

    @Test("markers become cues; an expression is reported per property and its keyframes are imported (mobile players play them)")
    func markersAndExpressions() throws {
        let text = #"""
            {"fr": 30, "ip": 0, "op": 60, "markers": [{"cm": "haptic-land", "tm": 15, "dr": 0}, {"cm": "glow", "tm": 30, "dr": 6}],
             "layers": [{"nm": "L", "ks": {
               "p": {"a": 1, "x": "wiggle(2, 10)", "k": [{"t": 0, "s": [0, 0]}, {"t": 30, "s": [10, 10]}]},
               "r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [45]}]}}}]}
            """#
        let result = try importText(text)
        let spec = try #require(result.spec)
        #expect(spec.animations[0].cues == [Cue(name: "haptic-land", time: 0.5), Cue(name: "glow", time: 1, duration: 0.2)])
        #expect(
            result.warnings.contains {
                $0.pointer.description == "/layers/0/ks/p/x" && $0.problem.contains("expression") && $0.problem.contains("lottie-ios")
            })
        let t = try spec.animations[0].timeline()
        #expect(t.properties == ["L/position.x", "L/position.y", "L/rotation"])
        // The keyframes under the expression, as lottie-ios plays them (no easing given: linear).
        #expect(abs(t.value(of: "L/position.x", at: 0.5)! - 5) < 1e-9 && t.value(of: "L/position.y", at: 1)! == 10)
    }

    @Test("3D layers: rx and ry are imported as rotationX and rotationY (degrees), orientation per axis, beside rz")
    func threeDimensionalRotation() throws {
        let text = #"""
            {"fr": 30, "ip": 0, "op": 30, "ddd": 1, "layers": [{"nm": "Card", "ddd": 1, "ks": {
               "rx": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [90]}]},
               "ry": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 10, "s": [-30]}]},
               "rz": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [15]}]},
               "or": {"a": 1, "k": [{"t": 0, "s": [0, 0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [0, 180, 0]}]}}}]}
            """#
        let result = try importText(text)
        let spec = try #require(result.spec)
        let t = try spec.animations[0].timeline()
        #expect(
            Set(t.properties) == [
                "Card/rotationX", "Card/rotationY", "Card/rotation", "Card/orientation.x", "Card/orientation.y", "Card/orientation.z",
            ])
        // Linear easing: 90° · 15/30 at frame 15; the hold keyframe jumps at frame 10.
        #expect(abs(t.value(of: "Card/rotationX", at: 0.5)! - 45) < 1e-9)
        #expect(t.value(of: "Card/rotationY", at: 0.3)! == 0 && t.value(of: "Card/rotationY", at: 0.34)! == -30)
        #expect(abs(t.value(of: "Card/orientation.y", at: 0.5)! - 90) < 1e-9)
        #expect(!result.warnings.contains { $0.problem.contains("no animated transform") })
    }

    @Test("not a usable Lottie file: clear errors")
    func bad() throws {
        #expect(try importText(#"{"fr": 0, "layers": []}"#).errors.first?.pointer.description == "/fr")
        #expect(try importText(#"{"fr": 30, "ip": 10, "op": 5, "layers": []}"#).errors.first?.pointer.description == "/op")
        #expect(LottieImporter.looksLikeLottie(try JSONParser().parse(#"{"fr": 30, "layers": []}"#).value))
        #expect(!LottieImporter.looksLikeLottie(try JSONParser().parse(#"{"specVersion": 1, "fr": 30, "layers": []}"#).value))
    }
}
