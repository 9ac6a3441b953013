import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import Testing

/// Specs of kind `implicit` (`withAnimation`, `.animation(_:value:)`) and the `feedback` field:
/// what a designer writes decodes to the model, the schema agrees, bad ones are refused at the
/// culprit.
@Suite("implicit animations in specs")
struct ImplicitSpecTests {
    /// One implicit animation with `fields` after id, kind and trigger.
    static func implicitSpec(_ fields: String, trigger: String = "tap") -> String {
        animationSpec(#"{ "id": "i", "kind": "implicit", "trigger": "\#(trigger)", \#(fields) }"#)
    }

    static func implicitMotion(_ spec: MotionSpec?) -> ImplicitMotion? {
        guard case .implicit(let m)? = spec?.animations.first?.motion else { return nil }
        return m
    }

    @Test("a designer's implicit animation: values, a repetition, a Reduce Motion animation and feedback")
    func decodesEverything() throws {
        let text = Self.implicitSpec(
            #"""
            "component": "LikeButton", "reduceMotion": "shortened",
            "animation": { "type": "spring", "duration": 0.4, "bounce": 0.3, "delay": 0.05, "repeatCount": 3, "autoreverses": true, "startDelay": 0.1 },
            "values": { "scale": { "from": 1, "to": 1.2 }, "opacity": { "from": 0.6, "to": 1 } },
            "reduceMotionAnimation": { "type": "easeOut", "duration": 0.15 },
            "feedback": [ { "type": "impact", "time": 0, "source": "LikeButton.swift:12" } ]
            """#)
        let result = decode(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(try schemaFailures(text).isEmpty)
        let m = try #require(Self.implicitMotion(result.spec))
        #expect(
            m.animation
                == ImplicitAnimation(
                    PhaseAnimation(.spring(Spring(duration: 0.4, bounce: 0.3)), delay: 0.05),
                    repetition: .count(3, autoreverses: true), startDelay: 0.1))
        #expect(m.values == [ImplicitValue("scale", from: 1, to: 1.2), ImplicitValue("opacity", from: 0.6, to: 1)])
        #expect(m.reduceMotionAnimation == ImplicitAnimation(PhaseAnimation(.bezier(.easeOut, duration: 0.15))))
        let a = try #require(result.spec?.animations.first)
        #expect(a.kind == "implicit" && a.reduceMotion == .shortened)
        #expect(a.feedback == [Feedback(kind: "impact", time: 0, source: "LikeButton.swift:12")])
        // 0.1 + 3 × (0.05 + settling of the spring).
        #expect(abs(try a.timeline().duration - (0.1 + 3 * (0.05 + Spring(duration: 0.4, bounce: 0.3).settlingDuration))) < 1e-12)
    }

    @Test("without values, one progress track from 0 to 1; repeatForever loops; autoreverses defaults to true")
    func defaults() throws {
        let result = decode(Self.implicitSpec(#""animation": { "type": "linear", "duration": 2, "repeatForever": true }"#, trigger: "appear"))
        #expect(result.errors.isEmpty, "\(result.errors)")
        let m = try #require(Self.implicitMotion(result.spec))
        #expect(m.values == [.progress])
        #expect(m.animation.repetition == .forever(autoreverses: true))
        #expect(result.spec?.animations.first?.isRepeating == true)
        #expect(result.spec?.animations.first?.feedback == nil, "absent feedback: not known")
        let none = decode(Self.implicitSpec(#""animation": { "type": "default" }, "feedback": []"#))
        #expect(none.spec?.animations.first?.feedback == [], "an empty array: the code fires none")
    }

    @Test("a repeating trigger on an animation that plays once gets a warning")
    func repeatingTriggerWarning() {
        let result = decode(Self.implicitSpec(#""animation": { "type": "easeIn" }"#, trigger: "repeating"))
        #expect(result.spec != nil)
        #expect(result.warnings.map(\.pointer.description) == ["/animations/0/trigger"])
    }

    static let rejections: [(String, String, [String])] = [
        ("missing animation", implicitSpec(#""values": { "x": { "from": 0, "to": 1 } }"#), ["/animations/0/animation"]),
        (
            "tracks on an implicit animation",
            implicitSpec(#""animation": { "type": "default" }, "tracks": { "x": [ { "type": "move", "to": 1 } ] }"#), ["/animations/0/tracks"]
        ),
        (
            "animation on a keyframes animation",
            animationSpec(
                #"{ "id": "k", "kind": "keyframes", "trigger": "tap", "animation": { "type": "default" }, "tracks": { "x": [ { "type": "move", "to": 1 } ] } }"#
            ), ["/animations/0/animation"]
        ),
        (
            "values on a phases animation",
            animationSpec(
                #"{ "id": "p", "kind": "phases", "trigger": "tap", "values": {}, "phases": [ { "name": "a", "values": {} }, { "name": "b", "values": {} } ] }"#
            ), ["/animations/0/values"]
        ),
        ("repeatCount 0", implicitSpec(#""animation": { "type": "linear", "repeatCount": 0 }"#), ["/animations/0/animation/repeatCount"]),
        ("repeatCount 2.5", implicitSpec(#""animation": { "type": "linear", "repeatCount": 2.5 }"#), ["/animations/0/animation/repeatCount"]),
        (
            "repeatCount and repeatForever", implicitSpec(#""animation": { "type": "linear", "repeatCount": 2, "repeatForever": true }"#),
            ["/animations/0/animation/repeatForever"]
        ),
        (
            "repeatForever false", implicitSpec(#""animation": { "type": "linear", "repeatForever": false }"#),
            ["/animations/0/animation/repeatForever"]
        ),
        (
            "autoreverses without a repetition", implicitSpec(#""animation": { "type": "linear", "autoreverses": false }"#),
            ["/animations/0/animation/autoreverses"]
        ),
        (
            "negative startDelay", implicitSpec(#""animation": { "type": "linear", "repeatCount": 2, "startDelay": -1 }"#),
            ["/animations/0/animation/startDelay"]
        ),
        ("misspelt repeatCont", implicitSpec(#""animation": { "type": "linear", "repeatCont": 2 }"#), ["/animations/0/animation/repeatCont"]),
        ("empty values", implicitSpec(#""animation": { "type": "linear" }, "values": {}"#), ["/animations/0/values"]),
        ("values without to", implicitSpec(#""animation": { "type": "linear" }, "values": { "x": { "from": 0 } }"#), ["/animations/0/values/x/to"]),
        ("a value as a number", implicitSpec(#""animation": { "type": "linear" }, "values": { "x": 1 }"#), ["/animations/0/values/x"]),
        (
            "reduceMotionAnimation without shortened",
            implicitSpec(#""animation": { "type": "linear" }, "reduceMotionAnimation": { "type": "easeOut", "duration": 0.1 }"#),
            ["/animations/0/reduceMotionAnimation"]
        ),
        (
            "spring that never settles", implicitSpec(#""animation": { "type": "spring", "duration": 0.3, "bounce": 1.2 }"#),
            ["/animations/0/animation"]
        ),
        (
            "unknown feedback type", implicitSpec(#""animation": { "type": "linear" }, "feedback": [ { "type": "impakt" } ]"#),
            ["/animations/0/feedback/0/type"]
        ),
        ("feedback as an object", implicitSpec(#""animation": { "type": "linear" }, "feedback": { "type": "impact" }"#), ["/animations/0/feedback"]),
        (
            "negative feedback time", implicitSpec(#""animation": { "type": "linear" }, "feedback": [ { "type": "impact", "time": -0.1 } ]"#),
            ["/animations/0/feedback/0/time"]
        ),
    ]

    @Test("bad implicit animations are refused at the culprit, and the schema refuses them too")
    func rejections() throws {
        for (what, text, pointers) in Self.rejections {
            let result = decode(text)
            #expect(result.spec == nil, "\(what)")
            #expect(result.errors.map(\.pointer.description).sorted() == pointers.sorted(), "\(what): \(result.errors)")
            #expect(result.errors.allSatisfy { !$0.fix.isEmpty }, "\(what)")
            #expect(!(try schemaFailures(text)).isEmpty, "\(what): the schema accepts it")
        }
    }

    @Test("the unknown feedback type gets a suggestion")
    func suggestion() throws {
        let d = try #require(decode(Self.implicitSpec(#""animation": { "type": "linear" }, "feedback": [ { "type": "impakt" } ]"#)).errors.first)
        #expect(d.fix.contains(#"did you mean "impact"?"#))
    }

    @Test("feedback on a keyframes animation decodes and validates too")
    func feedbackOnKeyframes() throws {
        let text = animationSpec(
            #"{ "id": "k", "kind": "keyframes", "trigger": "tap", "tracks": { "x": [ { "type": "move", "to": 1 } ] }, "feedback": [ { "type": "selection" } ] }"#
        )
        #expect(try schemaFailures(text).isEmpty)
        #expect(decode(text).spec?.animations.first?.feedback == [Feedback(kind: "selection")])
    }

    @Test("the example in Specs/README.md's Implicit animations section decodes and validates")
    func readmeExample() throws {
        let readme = try String(contentsOf: Repo.specs.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Implicit animations").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let text = animationSpec(block)
        #expect(try schemaFailures(text).isEmpty)
        let result = decode(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let m = try #require(Self.implicitMotion(result.spec))
        #expect(m.animation.repetition == .count(2, autoreverses: true))
        #expect(result.spec?.animations.first?.feedback == [Feedback(kind: "impact")])
    }
}
