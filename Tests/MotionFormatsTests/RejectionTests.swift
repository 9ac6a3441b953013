import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionTestSupport
import Testing

/// A spec the decoder must refuse: the exact pointers of its errors, where the first one sits,
/// and words its problem and fix must contain.
struct Rejection: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let pointers: [String]
    let location: Loc?
    let problem: String?
    let fix: String?

    /// `needle` (its `occurrence`-th match) marks where the first error's value starts.
    init(_ name: String, _ text: String, _ pointers: [String], at needle: String, occurrence: Int = 1, problem: String? = nil, fix: String? = nil) {
        self.init(name, text, pointers, location: position(of: needle, in: text, occurrence: occurrence), problem: problem, fix: fix)
    }

    init(_ name: String, _ text: String, _ pointers: [String], location: Loc?, problem: String? = nil, fix: String? = nil) {
        self.name = name
        self.text = text
        self.pointers = pointers
        self.location = location
        self.problem = problem
        self.fix = fix
    }

    var testDescription: String { name }
}

private let kf = "/animations/0/tracks/scale/1"
private let step = "/animations/0/phases/1/animation"

private func keyframes(_ body: String) -> String {
    animationSpec(#"{ "id": "a", "kind": "keyframes", "trigger": "tap", \#(body) }"#)
}

private func phaseList(_ phases: String, trigger: String = "tap") -> String {
    animationSpec(#"{ "id": "p", "kind": "phases", "trigger": "\#(trigger)", "phases": [ \#(phases) ] }"#)
}

private let track = #""tracks": { "scale": [ { "type": "move", "to": 1 } ] }"#

@Suite("SpecDecoder: every rejection the contract lists")
struct RejectionTests {
    static let cases: [Rejection] = [
        // Wrong types
        Rejection(
            "string where a number belongs (to)", keyframeSpec(#"{ "type": "linear", "to": "1.2", "duration": 0.2 }"#), ["\(kf)/to"], at: #""1.2""#,
            problem: "must be a number, found string", fix: "plain number"),
        Rejection(
            "string where a number belongs (duration)", keyframeSpec(#"{ "type": "spring", "to": 1, "duration": "0.3" }"#), ["\(kf)/duration"],
            at: #""0.3""#, problem: "must be a number"),
        Rejection("null where a number belongs", keyframeSpec(#"{ "type": "move", "to": null }"#), ["\(kf)/to"], at: "null", problem: "found null"),
        Rejection("number where a keyframe object belongs", keyframeSpec("5"), [kf], at: "5\n", problem: "must be an object"),
        Rejection("array where tracks object belongs", keyframes(#""tracks": []"#), ["/animations/0/tracks"], at: "[]", problem: "must be an object"),
        Rejection(
            "object where animations array belongs", #"{ "specVersion": 1, "screen": "S", "animations": {} }"#, ["/animations"], at: "{}",
            problem: "must be an array"),
        Rejection(
            "string in initial", keyframes(#""initial": { "scale": "1" }, \#(track)"#), ["/animations/0/initial/scale"], at: #""1""#,
            problem: "must be a number"),
        Rejection(
            "boolean where repeating is fine but a string is not", keyframes(#""repeating": "yes", \#(track)"#), ["/animations/0/repeating"],
            at: #""yes""#, problem: "true or false"),
        Rejection("number where screen string belongs", #"{ "specVersion": 1, "screen": 5 }"#, ["/screen"], at: "5", problem: "must be a string"),
        Rejection("string specVersion", #"{ "specVersion": "1", "screen": "S" }"#, ["/specVersion"], at: #""1""#, problem: "must be a number"),
        Rejection("top level is an array", "[1, 2]", ["/"], location: Loc(line: 1, column: 1), problem: "must be an object"),
        Rejection("phase animation as a string", phaseSpec(#""smooth""#), [step], at: #""smooth""#, problem: "must be an object"),
        // Unknown types, with a suggestion when one is close
        Rejection(
            "unknown keyframe type sprng", keyframeSpec(#"{ "type": "sprng", "to": 1 }"#), ["\(kf)/type"], at: #""sprng""#,
            problem: #"unknown keyframe type "sprng""#, fix: #"did you mean "spring"?"#),
        Rejection("missing keyframe type", keyframeSpec(#"{ "to": 1 }"#), ["\(kf)/type"], at: #"{ "to": 1 }"#, problem: #"missing required "type""#),
        Rejection(
            "unknown animation type sprng", phaseSpec(#"{ "type": "sprng" }"#), ["\(step)/type"], at: #""sprng""#, problem: "unknown animation type",
            fix: #"did you mean "spring"?"#),
        Rejection(
            "unknown kind", animationSpec(#"{ "id": "a", "kind": "spline", "trigger": "tap" }"#), ["/animations/0/kind"], at: #""spline""#,
            problem: "unknown kind"),
        Rejection(
            "unknown curve", keyframeSpec(#"{ "type": "linear", "to": 1, "duration": 0.1, "curve": "bounce" }"#), ["\(kf)/curve"], at: #""bounce""#,
            problem: "unknown curve"),
        Rejection(
            "unknown preset", keyframeSpec(#"{ "type": "spring", "to": 1, "spring": { "preset": "wobbly" } }"#), ["\(kf)/spring/preset"],
            at: #""wobbly""#, problem: "unknown preset"),
        Rejection(
            "unknown reduceMotion", keyframes(#""reduceMotion": "sometimes", \#(track)"#), ["/animations/0/reduceMotion"], at: #""sometimes""#,
            problem: "unknown reduceMotion"),
        // Durations
        Rejection(
            "negative duration", keyframeSpec(#"{ "type": "linear", "to": 1, "duration": -0.1 }"#), ["\(kf)/duration"], at: "-0.1", problem: "-0.1",
            fix: "duration in seconds"),
        Rejection(
            "cubic duration 0", keyframeSpec(#"{ "type": "cubic", "to": 1, "duration": 0 }"#), ["\(kf)/duration"], at: "0 }",
            problem: "greater than 0"),
        Rejection(
            "spring keyframe duration 0", keyframeSpec(#"{ "type": "spring", "to": 1, "duration": 0 }"#), ["\(kf)/duration"], at: "0 }",
            problem: "greater than 0"),
        Rejection(
            "missing linear duration", keyframeSpec(#"{ "type": "linear", "to": 1 }"#), ["\(kf)/duration"], at: #"{ "type": "linear", "to": 1 }"#,
            problem: #"missing required "duration""#),
        Rejection(
            "negative phase delay", phaseSpec(#"{ "type": "linear", "duration": 0.2, "delay": -1 }"#), ["\(step)/delay"], at: "-1",
            problem: "0 or more"),
        Rejection(
            "phase animation duration 0", phaseSpec(#"{ "type": "easeIn", "duration": 0 }"#), ["\(step)/duration"], at: "0 }", occurrence: 2,
            problem: "greater than 0"),
        Rejection(
            "non-finite 1e400 is a parse error", keyframeSpec(#"{ "type": "linear", "to": 1, "duration": 1e400 }"#), ["\(kf)/duration"], at: "1e400",
            problem: "out of range", fix: "JSON"),
        Rejection(
            "non-finite NaN is a parse error", keyframeSpec(#"{ "type": "linear", "to": 1, "duration": NaN }"#), ["\(kf)/duration"], at: "NaN",
            problem: "not valid JSON"),
        Rejection(
            "non-finite -Infinity is a parse error", keyframeSpec(#"{ "type": "linear", "to": -Infinity, "duration": 1 }"#), ["\(kf)/to"],
            at: "Infinity", problem: "not valid JSON"),
        // Springs that never settle, without a duration
        Rejection(
            "spring bounce 1.2 without duration", keyframeSpec(#"{ "type": "spring", "to": 1, "spring": { "bounce": 1.2 } }"#), ["\(kf)/spring"],
            at: #"{ "bounce""#, problem: "never settles", fix: "duration"),
        Rejection(
            "spring bounce 1 without duration", keyframeSpec(#"{ "type": "spring", "to": 1, "spring": { "duration": 0.3, "bounce": 1 } }"#),
            ["\(kf)/spring"], at: #"{ "duration": 0.3"#, problem: "never settles"),
        Rejection(
            "spring damping 0 without duration",
            keyframeSpec(#"{ "type": "spring", "to": 1, "spring": { "mass": 1, "stiffness": 100, "damping": 0 } }"#), ["\(kf)/spring"],
            at: #"{ "mass""#, problem: "never settles"),
        Rejection(
            "spring dampingRatio 0 without duration",
            keyframeSpec(#"{ "type": "spring", "to": 1, "spring": { "response": 0.4, "dampingRatio": 0 } }"#), ["\(kf)/spring"], at: #"{ "response""#,
            problem: "never settles"),
        Rejection(
            "bouncy + extraBounce 0.7 without duration",
            keyframeSpec(#"{ "type": "spring", "to": 1, "spring": { "preset": "bouncy", "extraBounce": 0.7 } }"#), ["\(kf)/spring"],
            at: #"{ "preset""#, problem: "never settles"),
        Rejection(
            "snappy + extraBounce 0.85 without duration",
            keyframeSpec(#"{ "type": "spring", "to": 1, "spring": { "preset": "snappy", "extraBounce": 0.85 } }"#), ["\(kf)/spring"],
            at: #"{ "preset""#, problem: "never settles"),
        Rejection(
            "phase spring bounce 1.2", phaseSpec(#"{ "type": "spring", "duration": 0.3, "bounce": 1.2 }"#), [step], at: #"{ "type": "spring""#,
            problem: "never settles"),
        Rejection(
            "phase dampingFraction 0", phaseSpec(#"{ "type": "spring", "response": 0.3, "dampingFraction": 0 }"#), ["\(step)/dampingFraction"],
            at: "0 }", occurrence: 2, problem: "greater than 0"),
        // Spring parameters out of range
        Rejection(
            "spring bounce -1", keyframeSpec(#"{ "type": "spring", "to": 1, "spring": { "bounce": -1 } }"#), ["\(kf)/spring/bounce"], at: "-1",
            problem: "−1 or less"),
        Rejection(
            "spring mass 0", keyframeSpec(#"{ "type": "spring", "to": 1, "spring": { "mass": 0, "stiffness": 100, "damping": 10 } }"#),
            ["\(kf)/spring/mass"], at: "0,", problem: "mass must be greater than 0"),
        Rejection(
            "spring shapes mixed", keyframeSpec(#"{ "type": "spring", "to": 1, "spring": { "duration": 0.3, "mass": 1 } }"#),
            ["\(kf)/spring/duration", "\(kf)/spring/stiffness", "\(kf)/spring/damping"], at: "0.3", problem: #"unknown key "duration""#),
        Rejection(
            "interpolatingSpring stiffness without damping", phaseSpec(#"{ "type": "interpolatingSpring", "stiffness": 100 }"#), ["\(step)/damping"],
            at: #"{ "type": "interpolatingSpring""#, problem: #"missing required "damping""#),
        // Unit curves
        Rejection(
            "bezier x1 above 1", keyframeSpec(#"{ "type": "linear", "to": 1, "duration": 0.2, "curve": { "bezier": [1.2, 0, 0.5, 1] } }"#),
            ["\(kf)/curve/bezier"], at: "[1.2", problem: "0…1"),
        Rejection(
            "bezier x2 below 0", keyframeSpec(#"{ "type": "linear", "to": 1, "duration": 0.2, "curve": { "bezier": [0.5, 0, -0.1, 1] } }"#),
            ["\(kf)/curve/bezier"], at: "[0.5", problem: "0…1"),
        Rejection(
            "bezier with 3 numbers", keyframeSpec(#"{ "type": "linear", "to": 1, "duration": 0.2, "curve": { "bezier": [0.1, 0.2, 0.3] } }"#),
            ["\(kf)/curve/bezier"], at: "[0.1", problem: "4 numbers"),
        Rejection(
            "bezier with 5 numbers", keyframeSpec(#"{ "type": "linear", "to": 1, "duration": 0.2, "curve": { "bezier": [0, 0, 1, 1, 1] } }"#),
            ["\(kf)/curve/bezier"], at: "[0, 0", problem: "4 numbers"),
        Rejection(
            "bezier with a string", keyframeSpec(#"{ "type": "linear", "to": 1, "duration": 0.2, "curve": { "bezier": ["a", 0, 1, 1] } }"#),
            ["\(kf)/curve/bezier"], at: #"["a""#, problem: "4 numbers"),
        Rejection(
            "curve object without bezier", keyframeSpec(#"{ "type": "linear", "to": 1, "duration": 0.2, "curve": {} }"#), ["\(kf)/curve/bezier"],
            at: "{} }", problem: #"missing "bezier""#),
        Rejection(
            "timingCurve without bezier", phaseSpec(#"{ "type": "timingCurve", "duration": 0.3 }"#), ["\(step)/bezier"],
            at: #"{ "type": "timingCurve""#, problem: "bezier"),
        Rejection(
            "timingCurve bezier x out of range", phaseSpec(#"{ "type": "timingCurve", "bezier": [0, 0, 2, 1] }"#), ["\(step)/bezier"], at: "[0, 0, 2",
            problem: "0…1"),
        // Speed
        Rejection(
            "speed 0", phaseSpec(#"{ "type": "linear", "duration": 0.2, "speed": 0 }"#), ["\(step)/speed"], at: "0 }", occurrence: 2,
            problem: "speed 0 is outside 0.001 … 1000"),
        Rejection("negative speed", phaseSpec(#"{ "type": "snappy", "speed": -2 }"#), ["\(step)/speed"], at: "-2", problem: "outside 0.001 … 1000"),
        // Tracks and phases
        Rejection("empty tracks object", keyframes(#""tracks": {}"#), ["/animations/0/tracks"], at: "{} }", problem: "empty"),
        Rejection("empty track", keyframes(#""tracks": { "scale": [] }"#), ["/animations/0/tracks/scale"], at: "[] }", problem: "no keyframes"),
        Rejection("missing tracks", keyframes(#""initial": {}"#), ["/animations/0/tracks"], at: #"{ "id""#, problem: #"missing required "tracks""#),
        Rejection(
            "empty property name", keyframes(#""tracks": { "": [ { "type": "move", "to": 1 } ] }"#), ["/animations/0/tracks/"], at: "[ { \"type\"",
            problem: "empty property name"),
        Rejection(
            "one phase only", phaseList(#"{ "name": "only", "values": { "x": 0 } }"#), ["/animations/0/phases"], at: "[ { \"name\"",
            problem: "at least 2 phases, found 1"),
        Rejection("no phases", phaseList(""), ["/animations/0/phases"], at: "[  ]", problem: "found 0"),
        Rejection(
            "duplicate phase names",
            phaseList(#"{ "name": "a", "values": { "x": 0 } }, { "name": "b", "values": { "x": 1 } }, { "name": "a", "values": { "x": 2 } }"#),
            ["/animations/0/phases/2/name"], at: #""a""#, occurrence: 2, problem: #"duplicate phase name "a" (also phase 0)"#),
        Rejection(
            "phase without values", phaseList(#"{ "name": "a", "values": { "x": 0 } }, { "name": "b" }"#), ["/animations/0/phases/1/values"],
            at: #"{ "name": "b" }"#, problem: #"missing required "values""#),
        Rejection(
            "empty phase name", phaseList(#"{ "name": "a", "values": {} }, { "name": "", "values": {} }"#), ["/animations/0/phases/1/name"],
            at: #""""#, problem: "empty"),
        Rejection(
            "repeating cycle where every step is null",
            phaseList(
                #"{ "name": "a", "values": { "x": 0 }, "animation": null }, { "name": "b", "values": { "x": 1 }, "animation": null }"#,
                trigger: "repeating"),
            ["/animations/0/phases"], at: "[ { \"name\"", problem: "no time"),
        Rejection(
            "phase keys on a keyframes animation", keyframes(#""phases": [], \#(track)"#), ["/animations/0/phases"], at: "[]",
            problem: "belongs to a phases animation"),
        Rejection(
            "keyframe keys on a phases animation",
            animationSpec(
                #"{ "id": "p", "kind": "phases", "trigger": "tap", "repeating": true, "phases": [ { "name": "a", "values": {} }, { "name": "b", "values": {} } ] }"#
            ),
            ["/animations/0/repeating"], at: "true", problem: "belongs to a keyframes animation", fix: #""trigger": "repeating""#),
        // Unknown keys, with suggestions
        Rejection(
            "duraton in a keyframe", keyframeSpec(#"{ "type": "spring", "to": 1, "duraton": 0.3 }"#), ["\(kf)/duraton"], at: "0.3",
            problem: #"unknown key "duraton""#, fix: #"did you mean "duration"?"#),
        Rejection(
            "duraton in a linear keyframe also misses duration", keyframeSpec(#"{ "type": "linear", "to": 1, "duraton": 0.3 }"#),
            ["\(kf)/duraton", "\(kf)/duration"], at: "0.3", fix: #"did you mean "duration"?"#),
        Rejection(
            "duration on a move keyframe", keyframeSpec(#"{ "type": "move", "to": 1, "duration": 0.2 }"#), ["\(kf)/duration"], at: "0.2 }",
            occurrence: 2, problem: #"unknown key "duration""#),
        Rejection(
            "reduceMotoin", keyframes(#""reduceMotoin": "none", \#(track)"#), ["/animations/0/reduceMotoin"], at: #""none""#,
            fix: #"did you mean "reduceMotion"?"#),
        Rejection(
            "animatons at the top", #"{ "specVersion": 1, "screen": "S", "animatons": [] }"#, ["/animatons"], at: "[]",
            fix: #"did you mean "animations"?"#),
        Rejection(
            "duration on a default animation", phaseSpec(#"{ "type": "default", "duration": 0.3 }"#), ["\(step)/duration"], at: "0.3",
            problem: #"unknown key "duration""#),
        Rejection(
            "bounce on a smooth animation", phaseSpec(#"{ "type": "smooth", "bounce": 0.3 }"#), ["\(step)/bounce"], at: "0.3",
            problem: #"unknown key "bounce""#),
        // Top level
        Rejection("specVersion 2", #"{ "specVersion": 2, "screen": "S" }"#, ["/specVersion"], at: "2,", problem: "version 2 is not supported"),
        Rejection("specVersion 1.5", #"{ "specVersion": 1.5, "screen": "S" }"#, ["/specVersion"], at: "1.5", problem: "not supported"),
        Rejection(
            "missing specVersion", #"{ "screen": "S" }"#, ["/specVersion"], location: Loc(line: 1, column: 1),
            problem: #"missing required "specVersion""#),
        Rejection("empty screen", #"{ "specVersion": 1, "screen": "" }"#, ["/screen"], at: #""""#, problem: "empty"),
        Rejection("whitespace-only screen", "{ \"specVersion\": 1, \"screen\": \" \\n \" }", ["/screen"], at: #"" \n ""#, problem: "empty"),
        Rejection("missing screen", #"{ "specVersion": 1 }"#, ["/screen"], location: Loc(line: 1, column: 1), problem: #"missing required "screen""#),
        // Animation metadata
        Rejection(
            "unknown trigger", keyframes(track).replacingOccurrences(of: #""trigger": "tap""#, with: #""trigger": "hover""#),
            ["/animations/0/trigger"], at: #""hover""#, problem: #"unknown trigger "hover""#, fix: "event:<name>"),
        Rejection(
            "event: with no name", keyframes(track).replacingOccurrences(of: #""trigger": "tap""#, with: #""trigger": "event:""#),
            ["/animations/0/trigger"], at: #""event:""#, problem: "unknown trigger"),
        Rejection(
            "missing trigger", animationSpec(#"{ "id": "a", "kind": "keyframes", \#(track) }"#), ["/animations/0/trigger"], at: #"{ "id""#,
            problem: #"missing required "trigger""#),
        Rejection(
            "empty id", keyframes(track).replacingOccurrences(of: #""id": "a""#, with: #""id": """#), ["/animations/0/id"], at: #""""#,
            problem: "empty"),
        Rejection(
            "missing id", animationSpec(#"{ "kind": "keyframes", "trigger": "tap", \#(track) }"#), ["/animations/0/id"], at: #"{ "kind""#,
            problem: #"missing required "id""#),
        // Broken files
        Rejection(
            "truncated file", #"{"specVersion": 1, "screen": "S", "animations": ["#, ["/animations/0"], location: Loc(line: 1, column: 50),
            problem: "not valid JSON: unexpected end of file"),
        Rejection(
            "truncated string", "{\"specVersion\": 1,\n \"screen\": \"Checko", ["/screen"], location: Loc(line: 2, column: 19),
            problem: "inside a string"),
        Rejection("empty file", "", ["/"], location: Loc(line: 1, column: 1), problem: "empty"),
        Rejection("whitespace-only file", "\n\n", ["/"], location: Loc(line: 3, column: 1), problem: "empty"),
        Rejection("trailing comma", #"{ "specVersion": 1, "screen": "S", }"#, ["/"], location: Loc(line: 1, column: 34), problem: "trailing comma"),
        Rejection(
            "duplicate key", #"{ "specVersion": 1, "screen": "S", "screen": "T" }"#, ["/screen"], location: Loc(line: 1, column: 36),
            problem: "duplicate key"),
    ]

    @Test("is rejected with the exact pointer, line:column, problem and fix", arguments: cases)
    func rejected(_ c: Rejection) {
        #expect(c.location != nil, "test setup: location not found")
        let result = decode(c.text)
        expectRejected(result, at: c.pointers, location: c.location, problem: c.problem, fix: c.fix)
        #expect(result.warnings.isEmpty)
    }

    @Test("the keyframe under test sits on line 12 (checks the test's own position helper)")
    func positionHelper() {
        let text = keyframeSpec(#"{ "type": "linear", "to": "1.2", "duration": 0.2 }"#)
        #expect(position(of: #""1.2""#, in: text) == Loc(line: 12, column: 37))
        let d = decode(text).errors.first
        #expect(d?.location == Loc(line: 12, column: 37))
        #expect(
            d?.description
                == #"test.json:12:37: error: /animations/0/tracks/scale/1/to: "to" must be a number, found string; fix: write a plain number, like 0.25"#
        )
        #expect(d?.place == "test.json:12:37")
    }

    @Test("a never-settling spring WITH a duration is accepted")
    func neverSettlingWithDuration() throws {
        for spring in [
            #"{ "bounce": 1.2 }"#, #"{ "duration": 0.3, "bounce": 1 }"#, #"{ "mass": 1, "stiffness": 100, "damping": 0 }"#,
            #"{ "response": 0.4, "dampingRatio": 0 }"#, #"{ "preset": "bouncy", "extraBounce": 0.7 }"#,
        ] {
            let text = keyframeSpec(#"{ "type": "spring", "to": 1, "duration": 0.4, "spring": \#(spring) }"#)
            let result = decode(text)
            // A bounce above 1 is said (it plays as 1); the others are plain.
            let above = spring.contains("1.2")
            #expect(result.errors.isEmpty && result.warnings.count == (above ? 1 : 0), "\(spring): \(result.diagnostics)")
            guard case .spring(let to, let duration, let s, _)? = firstTrack(result.spec)?.last else {
                Issue.record("\(spring) did not decode to a spring keyframe")
                continue
            }
            #expect(to == 1 && duration == 0.4)
            #expect(s.dampingRatio == 0, "\(spring)")
            #expect(!s.settles)
            #expect(try schemaFailures(text).isEmpty, "\(spring)")
        }
        // And just below the threshold the spring settles, so no duration is needed.
        let settling = decode(keyframeSpec(#"{ "type": "spring", "to": 1, "spring": { "bounce": 0.99 } }"#))
        #expect(settling.diagnostics.isEmpty)
        #expect(firstTrack(settling.spec)?.last == .spring(to: 1, duration: nil, spring: Spring(duration: 0.5, bounce: 0.99), startVelocity: nil))
    }

    @Test("unknown type without a close match gets no made-up suggestion")
    func noSuggestion() throws {
        let d = try #require(decode(keyframeSpec(#"{ "type": "bezier", "to": 1 }"#)).errors.first)
        #expect(d.pointer.description == "/animations/0/tracks/scale/1/type")
        #expect(!d.fix.contains("did you mean"))
        #expect(d.fix.contains("linear, cubic, spring or move"))
    }

    @Test("duplicate ids: the later one is reported and names the first")
    func duplicateIds() throws {
        let a = #"{ "id": "dup", "kind": "keyframes", "trigger": "tap", \#(track) }"#
        let b = #"{ "id": "other", "kind": "keyframes", "trigger": "tap", \#(track) }"#
        let text = animationSpec([a, b, a, a].joined(separator: ",\n    "))
        let result = decode(text)
        let errors = expectRejected(
            result, at: ["/animations/2/id", "/animations/3/id"], location: position(of: #""dup""#, in: text, occurrence: 2),
            problem: #"duplicate id "dup""#)
        #expect(errors != nil)
        for d in result.errors {
            #expect(d.problem.contains("/animations/0/id"), "both pointers: \(d.problem)")
        }
        #expect(result.errors.last?.location == position(of: #""dup""#, in: text, occurrence: 3))
        // Ids are case-sensitive: "dup" and "Dup" do not clash.
        let distinct = animationSpec([a, a.replacingOccurrences(of: #""dup""#, with: #""Dup""#)].joined(separator: ",\n    "))
        #expect(decode(distinct).spec?.animations.map(\.id) == ["dup", "Dup"])
    }

    @Test("binary junk is rejected as not JSON at 1:1")
    func binaryJunk() {
        let junk: [UInt8] = [0x00, 0xFF, 0xFE, 0x00, 0x7B, 0x22, 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let result = SpecDecoder().decode(bytes: junk, file: testFile)
        #expect(result.spec == nil)
        #expect(result.diagnostics.count == 1)
        let d = result.diagnostics.first
        #expect(d?.pointer == .root)
        #expect(d?.location == Loc(line: 1, column: 1))
        #expect(d?.problem.hasPrefix("not valid JSON") == true)
        #expect(d?.fix.isEmpty == false)

        let invalidUTF8 = Array(#"{"specVersion": 1, "screen": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        let bad = SpecDecoder().decode(bytes: invalidUTF8, file: testFile)
        #expect(bad.spec == nil)
        #expect(bad.errors.first?.problem.contains("UTF-8") == true)
        #expect(bad.errors.first?.pointer == .root / "screen")
    }

    @Test("several problems in one file are all reported")
    func manyProblems() throws {
        let text = """
            {
              "specVersion": 2,
              "screen": "",
              "animations": [
                { "id": "a", "kind": "keyframes", "trigger": "hover",
                  "tracks": { "scale": [ { "type": "linear", "to": 1, "duration": -1 }, { "type": "sprng", "to": 2 } ] } },
                { "id": "b", "kind": "phases", "trigger": "tap", "phases": [ { "name": "x", "values": { "o": 0 } } ] },
                { "id": "a", "kind": "keyframes", "trigger": "tap", "tracks": {} }
              ]
            }
            """
        let result = decode(text)
        #expect(result.spec == nil)
        #expect(result.errors.count == 8)
        #expect(
            Set(result.errors.map(\.pointer.description)) == [
                "/specVersion", "/screen", "/animations/0/trigger", "/animations/0/tracks/scale/0/duration",
                "/animations/0/tracks/scale/1/type", "/animations/1/phases", "/animations/2/id", "/animations/2/tracks",
            ])
        // Each one carries the line it is on.
        let lines = Dictionary(uniqueKeysWithValues: result.errors.map { ($0.pointer.description, $0.location?.line) })
        #expect(lines["/specVersion"] == 2)
        #expect(lines["/screen"] == 3)
        #expect(lines["/animations/0/trigger"] == 5)
        #expect(lines["/animations/0/tracks/scale/0/duration"] == 6)
        #expect(lines["/animations/0/tracks/scale/1/type"] == 6)
        #expect(lines["/animations/1/phases"] == 7)
        #expect(lines["/animations/2/tracks"] == 8)
        // The duplicate id is reported even though both animations are broken otherwise.
        #expect(result.errors.first { $0.pointer.description == "/animations/2/id" }?.problem.contains("/animations/0/id") == true)
        #expect(result.errors.allSatisfy { !$0.problem.isEmpty && !$0.fix.isEmpty })
    }

    @Test("diagnostics come in document order")
    func documentOrder() throws {
        // SpecDecoder.Result.diagnostics is documented as "Errors and warnings, in document order".
        let text = """
            {
              "specVersion": 1,
              "screen": "",
              "animations": [
                { "id": "a", "kind": "keyframes", "trigger": "hover", "tracks": { "x": [ { "type": "move", "to": 1 } ] } }
              ],
              "extra": true
            }
            """
        let result = decode(text)
        #expect(result.errors.count == 3)
        let lines = result.diagnostics.compactMap { $0.location?.line }
        #expect(lines == lines.sorted(), "\(result.diagnostics.map(\.description))")
    }
}
