import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import Testing

/// Specs of kind `layer` (issue 13): what a designer writes for Core Animation and UIKit
/// animations decodes to the model, the schema agrees, bad ones are refused at the culprit.
@Suite("layer animations in specs")
struct LayerSpecTests {
    /// One layer animation with `fields` after id, kind and trigger.
    static func layerSpec(_ fields: String, trigger: String = "tap") -> String {
        animationSpec(#"{ "id": "l", "kind": "layer", "trigger": "\#(trigger)", \#(fields) }"#)
    }

    static func layerMotion(_ spec: MotionSpec?) -> LayerMotion? {
        guard case .layer(let m)? = spec?.animations.first?.motion else { return nil }
        return m
    }

    @Test("every field: the CAMediaTiming fields, basic, physical and UIKit springs, cut and settling, keyframes with every option, a group")
    func decodesEverything() throws {
        let text = Self.layerSpec(
            #"""
            "component": "CartBadgeView",
            "group": { "duration": 2, "repeatCount": 2, "fillMode": "forwards" },
            "layerAnimations": [
              { "keyPath": "opacity", "type": "basic", "from": 1, "to": 0.2, "duration": 0.35, "beginTime": 0.1, "speed": 2, "timeOffset": 0.05,
                "repeatCount": 1.5, "autoreverses": true, "fillMode": "both", "timingFunction": "easeInEaseOut" },
              { "keyPath": "position", "type": "basic", "from": { "x": 0, "y": 0 }, "to": { "x": 10, "y": 20 }, "repeatDuration": 0.6,
                "timingFunction": { "bezier": [0.3, 0.1, 0.2, 1] } },
              { "keyPath": "position.y", "type": "spring", "from": 0, "to": 12, "spring": { "mass": 1, "stiffness": 200, "damping": 12 },
                "initialVelocity": 2, "duration": "settling" },
              { "keyPath": "transform.scale", "type": "spring", "from": 0.8, "to": 1.2, "spring": { "stiffness": 100, "damping": 30 },
                "allowsOverdamping": true, "duration": 1.5 },
              { "keyPath": "bounds.size.width", "type": "spring", "from": 40, "to": 64, "spring": { "dampingRatio": 0.7 }, "initialVelocity": 0.5, "duration": 0.5 },
              { "keyPath": "position.x", "type": "keyframe", "values": [310, 60, 120, 60, 310], "keyTimes": [0, 0.2, 0.5, 0.75, 1],
                "calculationMode": "cubic", "tensionValues": [0, 0.3, -0.2, 0.5, 0], "continuityValues": [0, -0.4, 0.1, 0.2, 0],
                "biasValues": [0, 0.25, 0, -0.3, 0], "timingFunctions": ["easeOut", "linear", "easeIn", "default"], "duration": 1 },
              { "keyPath": "cornerRadius", "type": "keyframe", "values": [0, 8, 4], "keyTimes": [0, 0.25, 0.5, 1], "calculationMode": "discrete" }
            ]
            """#)
        let result = decode(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(try schemaFailures(text).isEmpty)
        let m = try #require(Self.layerMotion(result.spec))
        let expected = LayerMotion(
            animations: [
                LayerAnimation(
                    keyPath: "opacity",
                    timing: MediaTiming(
                        beginTime: 0.1, duration: 0.35, speed: 2, timeOffset: 0.05, repeatCount: 1.5, autoreverses: true,
                        fillMode: .both, timingFunction: .easeInOut),
                    content: .basic(from: [1], to: [0.2])),
                LayerAnimation(
                    keyPath: "position", components: ["x", "y"],
                    timing: MediaTiming(repeatDuration: 0.6, timingFunction: UnitCurve(x1: 0.3, y1: 0.1, x2: 0.2, y2: 1)),
                    content: .basic(from: [0, 0], to: [10, 20])),
                LayerAnimation(
                    keyPath: "position.y", timing: MediaTiming(),
                    content: .spring(
                        from: [0], to: [12], spring: .physical(Spring(mass: 1, stiffness: 200, damping: 12), allowsOverdamping: false),
                        initialVelocity: 2, settles: true)),
                LayerAnimation(
                    keyPath: "transform.scale", timing: MediaTiming(duration: 1.5),
                    content: .spring(
                        from: [0.8], to: [1.2], spring: .physical(Spring(mass: 1, stiffness: 100, damping: 30), allowsOverdamping: true),
                        initialVelocity: 0, settles: false)),
                LayerAnimation(
                    keyPath: "bounds.size.width", timing: MediaTiming(duration: 0.5),
                    content: .spring(from: [40], to: [64], spring: .dampingDuration(ratio: 0.7), initialVelocity: 0.5, settles: false)),
                LayerAnimation(
                    keyPath: "position.x", timing: MediaTiming(duration: 1),
                    content: .keyframes(
                        LayerKeyframes(
                            values: [[310], [60], [120], [60], [310]], keyTimes: [0, 0.2, 0.5, 0.75, 1],
                            timingFunctions: [.easeOut, .linear, .easeIn, UnitCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)!],
                            mode: .cubic, tension: [0, 0.3, -0.2, 0.5, 0], continuity: [0, -0.4, 0.1, 0.2, 0], bias: [0, 0.25, 0, -0.3, 0]))),
                LayerAnimation(
                    keyPath: "cornerRadius", timing: MediaTiming(),
                    content: .keyframes(LayerKeyframes(values: [[0], [8], [4]], keyTimes: [0, 0.25, 0.5, 1], mode: .discrete))),
            ], group: MediaTiming(duration: 2, repeatCount: 2, fillMode: .forwards))
        #expect(m == expected)
        #expect(result.spec?.animations.first?.kind == "layer")
        #expect(result.spec?.animations.first?.component == "CartBadgeView")
        // The group plays twice its 2 s; the properties in order of first appearance.
        let timeline = try #require(result.spec?.animations.first).timeline()
        #expect(timeline.duration == 4)
        #expect(timeline.properties == ["opacity", "position.x", "position.y", "transform.scale", "bounds.size.width", "cornerRadius"])
        // Estimated: the settling spring and the damping-duration spring, each with its reason.
        #expect(m.estimates.count == 2)
        #expect(m.estimates.contains { $0.hasPrefix("position.y: plays until settled") })
        #expect(m.estimates.contains { $0.hasPrefix("bounds.size.width: UIKit's damping-duration spring") })
    }

    @Test(
        "defaults: Core Animation's 0.25 s, linear pacing, removed; a spring without a duration is cut at 0.25 s with a warning; repeatCount infinity loops"
    )
    func defaults() throws {
        let plain = decode(Self.layerSpec(#""layerAnimations": [ { "keyPath": "opacity", "type": "basic", "from": 0, "to": 1 } ]"#))
        #expect(plain.errors.isEmpty && plain.warnings.isEmpty, "\(plain.errors) \(plain.warnings)")
        let a = try #require(Self.layerMotion(plain.spec)?.animations.first)
        #expect(a.timing == MediaTiming() && a.timing.basicDuration == 0.25)
        #expect(try plain.spec!.animations[0].timeline().duration == 0.25)

        let spring = decode(Self.layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "spring", "from": 0, "to": 1 } ]"#))
        #expect(spring.errors.isEmpty)
        #expect(spring.warnings.map(\.pointer.description) == ["/animations/0/layerAnimations/0"])
        #expect(spring.warnings.first?.problem.contains("0.25 s") == true)
        guard case .spring(_, _, let s, 0, false)? = Self.layerMotion(spring.spec)?.animations.first?.content else {
            Issue.record("not a cut spring")
            return
        }
        #expect(s == .physical(Spring(mass: 1, stiffness: 100, damping: 10), allowsOverdamping: false))

        let loop = decode(
            Self.layerSpec(
                #""layerAnimations": [ { "keyPath": "x", "type": "basic", "from": 0, "to": 1, "duration": 0.6, "autoreverses": true, "repeatCount": "infinity" } ]"#,
                trigger: "repeating"))
        #expect(loop.errors.isEmpty, "\(loop.errors)")
        #expect(loop.spec?.animations.first?.isRepeating == true)
        #expect(try loop.spec!.animations[0].timeline().duration == 1.2)
    }

    static let rejections: [(String, String, [String])] = [
        ("no layerAnimations", layerSpec(#""estimate": "x""#), ["/animations/0/layerAnimations"]),
        ("empty layerAnimations", layerSpec(#""layerAnimations": []"#), ["/animations/0/layerAnimations"]),
        (
            "unknown type", layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "basik", "from": 0, "to": 1 } ]"#),
            ["/animations/0/layerAnimations/0/type"]
        ),
        (
            "basic without to", layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "basic", "from": 0 } ]"#),
            ["/animations/0/layerAnimations/0/to"]
        ),
        (
            "negative duration", layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "basic", "from": 0, "to": 1, "duration": -1 } ]"#),
            ["/animations/0/layerAnimations/0/duration"]
        ),
        (
            "settling on a basic animation",
            layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "basic", "from": 0, "to": 1, "duration": "settling" } ]"#),
            ["/animations/0/layerAnimations/0/duration"]
        ),
        (
            "speed 0", layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "basic", "from": 0, "to": 1, "speed": 0 } ]"#),
            ["/animations/0/layerAnimations/0/speed"]
        ),
        (
            "repeatCount and repeatDuration",
            layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "basic", "from": 0, "to": 1, "repeatCount": 2, "repeatDuration": 1 } ]"#),
            ["/animations/0/layerAnimations/0/repeatDuration"]
        ),
        (
            "unknown fillMode", layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "basic", "from": 0, "to": 1, "fillMode": "forward" } ]"#),
            ["/animations/0/layerAnimations/0/fillMode"]
        ),
        (
            "unknown calculationMode",
            layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "keyframe", "values": [0, 1], "calculationMode": "spline" } ]"#),
            ["/animations/0/layerAnimations/0/calculationMode"]
        ),
        (
            "no values", layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "keyframe", "keyTimes": [0, 1] } ]"#),
            ["/animations/0/layerAnimations/0/values"]
        ),
        (
            "a damping ratio of 0",
            layerSpec(
                #""layerAnimations": [ { "keyPath": "x", "type": "spring", "from": 0, "to": 1, "spring": { "dampingRatio": 0 }, "duration": 0.5 } ]"#),
            ["/animations/0/layerAnimations/0/spring/dampingRatio"]
        ),
        (
            "a field of another type",
            layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "basic", "from": 0, "to": 1, "values": [0, 1] } ]"#),
            ["/animations/0/layerAnimations/0/values"]
        ),
        (
            "layer fields on a keyframes animation",
            animationSpec(
                #"{ "id": "k", "kind": "keyframes", "trigger": "tap", "tracks": { "x": [ { "type": "move", "to": 1 } ] }, "layerAnimations": [] }"#),
            ["/animations/0/layerAnimations"]
        ),
    ]

    @Test("bad layer animations are refused at the culprit with a fix, and the schema refuses them too")
    func rejections() throws {
        for (what, text, pointers) in Self.rejections {
            let result = decode(text)
            #expect(result.spec == nil, "\(what)")
            #expect(result.errors.map(\.pointer.description).sorted() == pointers.sorted(), "\(what): \(result.errors)")
            #expect(result.errors.allSatisfy { !$0.fix.isEmpty }, "\(what)")
            #expect(!(try schemaFailures(text)).isEmpty, "\(what): the schema accepts it")
        }
    }

    /// What README's "What the schema cannot check" lists for layer animations: one field against another.
    static let decoderOnly: [(String, String, [String])] = [
        (
            "mismatched members", layerSpec(#""layerAnimations": [ { "keyPath": "p", "type": "basic", "from": { "x": 0 }, "to": { "y": 1 } } ]"#),
            ["/animations/0/layerAnimations/0/to"]
        ),
        (
            "keyTimes not rising",
            layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "keyframe", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.5] } ]"#),
            ["/animations/0/layerAnimations/0/keyTimes"]
        ),
        (
            "keyTimes of the wrong count",
            layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "keyframe", "values": [0, 1, 0], "keyTimes": [0, 1] } ]"#),
            ["/animations/0/layerAnimations/0/keyTimes"]
        ),
        (
            "timingFunctions of the wrong count",
            layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "keyframe", "values": [0, 1, 0], "timingFunctions": ["easeIn"] } ]"#),
            ["/animations/0/layerAnimations/0/timingFunctions"]
        ),
        (
            "more tension values than values",
            layerSpec(
                #""layerAnimations": [ { "keyPath": "x", "type": "keyframe", "values": [0, 1], "calculationMode": "cubic", "tensionValues": [0, 0, 0] } ]"#
            ),
            ["/animations/0/layerAnimations/0/tensionValues"]
        ),
    ]

    @Test("what the schema cannot compare (README says so) the decoder refuses at the culprit")
    func decoderOnlyRejections() throws {
        for (what, text, pointers) in Self.decoderOnly {
            let result = decode(text)
            #expect(result.spec == nil, "\(what)")
            #expect(result.errors.map(\.pointer.description).sorted() == pointers.sorted(), "\(what): \(result.errors)")
            #expect(try schemaFailures(text).isEmpty, "\(what): README says the schema cannot check it")
        }
    }

    @Test("the unknown layer animation type gets a suggestion")
    func suggestion() throws {
        let d = try #require(decode(Self.layerSpec(#""layerAnimations": [ { "keyPath": "x", "type": "sprnig", "from": 0, "to": 1 } ]"#)).errors.first)
        #expect(d.fix.contains(#"did you mean "spring"?"#))
    }

    @Test("the example in Specs/README.md's Layer animations section decodes, validates and plays as written")
    func readmeExample() throws {
        let readme = try String(contentsOf: Repo.specs.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Layer animations").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let text = animationSpec(block)
        #expect(try schemaFailures(text).isEmpty)
        let result = decode(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let m = try #require(Self.layerMotion(result.spec))
        #expect(m.animations.map(\.keyPath) == ["transform.scale", "position.y", "opacity"])
        #expect(m.animations[2].timing == MediaTiming(beginTime: 0.4, duration: 0.2, repeatCount: 2, autoreverses: true, timingFunction: .easeOut))
        // The opacity ends last: 0.4 + 2 × 2 × 0.2 s, or the spring's settling, whichever is later.
        let lambda = 6.0, settling = -log(0.001 / (1 + abs(lambda - 2))) / lambda
        #expect(abs(try result.spec!.animations[0].timeline().duration - max(1.2, settling)) <= 1e-9)
    }
}
