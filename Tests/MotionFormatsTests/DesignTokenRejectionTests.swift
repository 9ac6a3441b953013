import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionTestSupport
import Testing

@Suite("DesignTokenDecoder: refusals, each at its token, pointer and line:column")
struct DesignTokenRejectionTests {
    // MARK: Alias cycles

    @Test("a two-token cycle is an error at each alias, naming the chain")
    func twoTokenCycle() throws {
        let text = """
            {
              "motion": {
                "$type": "duration",
                "a": { "$value": "{motion.b}" },
                "b": { "$value": "{motion.a}" }
              }
            }
            """
        let result = decodeTokens(text)
        expectTokenRejection(
            result, in: text, at: ["/motion/a/$value", "/motion/b/$value"], needle: #""{motion.b}""#,
            token: "motion.a", problem: ["alias cycle", "motion.a → motion.b → motion.a"])
        let b = try #require(result.errors.first { $0.pointer.description == "/motion/b/$value" })
        #expect(b.location == position(of: #""{motion.a}""#, in: text))
        #expect(b.problem.contains("\"motion.b\"") && b.problem.contains("motion.b → motion.a → motion.b"))
    }

    @Test("a token that leads into a cycle fails without an error of its own; the cycle is reported once")
    func dependentOfCycle() {
        let text = """
            {
              "m": {
                "$type": "duration",
                "entry": { "$value": "{m.a}" },
                "a": { "$value": "{m.b}" },
                "b": { "$value": "{m.a}" },
                "fine": { "$value": "10ms" }
              }
            }
            """
        expectTokenRejection(
            decodeTokens(text), in: text, at: ["/m/a/$value", "/m/b/$value"], needle: #""{m.b}""#,
            token: "m.a", problem: ["m.a → m.b → m.a"])
    }

    @Test("alias chains deeper than 256 are refused instead of recursing without bound")
    func deepChain() throws {
        // Written from the far end, so that resolving in document order walks the whole chain at once.
        let count = 300
        let links = (1..<count).reversed().map { "\"t\($0)\": { \"$value\": \"{t\($0 - 1)}\" }" }.joined(separator: ", ")
        let text = "{ \"$type\": \"duration\", \"t0\": { \"$value\": \"1ms\" }, \(links) }"
        let result = decodeTokens(text)
        #expect(result.tokens == nil)
        #expect(result.errors.count == 1 && result.errors[0].problem.contains("256 aliases deep"), "\(result.errors)")
        // A chain of 200 is followed to the end.
        let short = (1..<200).reversed().map { "\"t\($0)\": { \"$value\": \"{t\($0 - 1)}\" }" }.joined(separator: ", ")
        let ok = decodeTokens("{ \"$type\": \"duration\", \"t0\": { \"$value\": \"1ms\" }, \(short) }")
        #expect(try #require(ok.tokens).duration(named: "t199") == 0.001)
    }

    @Test("a token that refers to itself is an error")
    func selfReference() {
        let text = """
            {
              "easing": {
                "loop": { "$type": "cubicBezier", "$value": "{easing.loop}" }
              }
            }
            """
        expectTokenRejection(
            decodeTokens(text), in: text, at: ["/easing/loop/$value"], needle: #""{easing.loop}""#,
            token: "easing.loop", problem: ["refers to itself", "easing.loop → easing.loop"])
    }

    @Test("a cycle through a transition's sub-value is found, at the sub-value")
    func cycleThroughTransition() {
        let text = """
            {
              "t": { "$type": "transition", "$value": { "duration": "{d}", "delay": "0ms", "timingFunction": [0, 0, 1, 1] } },
              "d": { "$value": "{t}" }
            }
            """
        expectTokenRejection(
            decodeTokens(text), in: text, at: ["/t/$value/duration", "/d/$value"], needle: #""{d}""#,
            token: "t", problem: ["t → d → t"])
    }

    // MARK: Dangling and mistyped aliases

    @Test("an alias to a missing token names the alias, the token using it and a close match")
    func missingTarget() {
        let text = """
            {
              "motion": {
                "$type": "duration",
                "short1": { "$value": "50ms" },
                "tap": { "$value": "{motion.shortl}" }
              }
            }
            """
        expectTokenRejection(
            decodeTokens(text), in: text, at: ["/motion/tap/$value"], needle: #""{motion.shortl}""#,
            token: "motion.tap", problem: ["{motion.shortl}", "no token \"motion.shortl\""], fix: "did you mean {motion.short1}?")
    }

    @Test("a missing target inside a transition is reported at the sub-value")
    func missingTargetInTransition() {
        let text = """
            {
              "fade": {
                "$type": "transition",
                "$value": { "duration": "200ms", "delay": "0ms", "timingFunction": "{easing.standrd}" }
              },
              "easing": { "standard": { "$type": "cubicBezier", "$value": [0.2, 0, 0, 1] } }
            }
            """
        expectTokenRejection(
            decodeTokens(text), in: text, at: ["/fade/$value/timingFunction"], needle: #""{easing.standrd}""#,
            token: "fade", problem: ["{easing.standrd}"], fix: "{easing.standard}")
    }

    @Test("an alias to a group is refused, pointing at its $root token")
    func aliasToGroup() {
        let text = """
            {
              "easing": {
                "$type": "cubicBezier",
                "emphasized": { "$root": { "$value": [0.2, 0, 0, 1] }, "decelerate": { "$value": [0.05, 0.7, 0.1, 1] } },
                "dialog": { "$value": "{easing.emphasized}" }
              }
            }
            """
        expectTokenRejection(
            decodeTokens(text), in: text, at: ["/easing/dialog/$value"], needle: #""{easing.emphasized}""#,
            token: "easing.dialog", problem: ["is a group, not a token"], fix: "{easing.emphasized.$root}")
    }

    @Test("an alias to a token of another type is refused: own $type, inherited $type, and in a transition")
    func wrongTypeAlias() {
        let own = """
            {
              "easing": { "standard": { "$type": "cubicBezier", "$value": [0.2, 0, 0, 1] } },
              "fast": { "$type": "duration", "$value": "{easing.standard}" }
            }
            """
        expectTokenRejection(
            decodeTokens(own), in: own, at: ["/fast/$value"], needle: #""{easing.standard}""#,
            token: "fast", problem: ["is a duration", "refers to a cubicBezier token"], fix: "refer to a duration token")

        let inherited = """
            {
              "easing": { "standard": { "$type": "cubicBezier", "$value": [0.2, 0, 0, 1] } },
              "duration": { "$type": "duration", "fast": { "$value": "{easing.standard}" } }
            }
            """
        expectTokenRejection(
            decodeTokens(inherited), in: inherited, at: ["/duration/fast/$value"], needle: #""{easing.standard}""#,
            token: "duration.fast", problem: ["from the $type of group \"duration\"", "cubicBezier"])

        let transition = """
            {
              "brand": { "$type": "color", "$value": "#ff0000" },
              "fade": { "$type": "transition", "$value": { "duration": "{brand}", "delay": "0ms", "timingFunction": "LINEAR" } }
            }
            """
        expectTokenRejection(
            decodeTokens(transition), in: transition, at: ["/fade/$value/duration"], needle: #""{brand}""#,
            token: "fade", problem: ["\"duration\" must be a duration", "refers to a color token"])
    }

    @Test("a malformed alias is refused")
    func malformedAlias() {
        let text = #"{ "a": { "$type": "duration", "$value": "{motion..fast}" } }"#
        expectTokenRejection(decodeTokens(text), in: text, at: ["/a/$value"], needle: #""{motion..fast}""#, token: "a", problem: ["malformed"])
    }

    // MARK: Durations

    @Test("negative durations are refused, in both forms")
    func negativeDuration() {
        let object = #"{ "back": { "$type": "duration", "$value": { "value": -100, "unit": "ms" } } }"#
        expectTokenRejection(
            decodeTokens(object), in: object, at: ["/back/$value/value"], needle: "-100",
            token: "back", problem: ["-100 ms", "0 or more"])
        let string = #"{ "back": { "$type": "duration", "$value": "-0.1s" } }"#
        expectTokenRejection(
            decodeTokens(string), in: string, at: ["/back/$value"], needle: #""-0.1s""#,
            token: "back", problem: ["-0.1s", "0 or more"])
    }

    @Test("units other than ms and s are refused with what to write: \"100min\", \"5min\", unit \"h\", \"250us\"")
    func badUnits() {
        let minutes = #"{ "slow": { "$type": "duration", "$value": "100min" } }"#
        expectTokenRejection(
            decodeTokens(minutes), in: minutes, at: ["/slow/$value"], needle: #""100min""#,
            token: "slow", problem: ["unit \"min\""], fix: "if you meant 100 milliseconds, write { \"value\": 100, \"unit\": \"ms\" }")
        let fiveMinutes = #"{ "slow": { "$type": "duration", "$value": "5min" } }"#
        expectTokenRejection(
            decodeTokens(fiveMinutes), in: fiveMinutes, at: ["/slow/$value"], needle: #""5min""#,
            token: "slow", problem: ["unit \"min\""], fix: "5 min is { \"value\": 300, \"unit\": \"s\" }")
        let hours = #"{ "slow": { "$type": "duration", "$value": { "value": 0.5, "unit": "h" } } }"#
        expectTokenRejection(
            decodeTokens(hours), in: hours, at: ["/slow/$value/unit"], needle: #""h""#,
            token: "slow", problem: ["\"h\" is not a duration unit"], fix: "{ \"value\": 1800, \"unit\": \"s\" }")
        let micro = #"{ "tick": { "$type": "duration", "$value": "250us" } }"#
        expectTokenRejection(
            decodeTokens(micro), in: micro, at: ["/tick/$value"], needle: #""250us""#,
            token: "tick", fix: "{ \"value\": 0.25, \"unit\": \"ms\" }")
    }

    @Test("durations without a unit, malformed, non-finite or over an hour are refused")
    func otherBadDurations() {
        let bare = #"{ "d": { "$type": "duration", "$value": 200 } }"#
        expectTokenRejection(
            decodeTokens(bare), in: bare, at: ["/d/$value"], needle: "200", token: "d", problem: ["no unit"], fix: "\"unit\": \"ms\"")
        let noUnit = #"{ "d": { "$type": "duration", "$value": { "value": 0 } } }"#
        expectTokenRejection(
            decodeTokens(noUnit), in: noUnit, at: ["/d/$value/unit"], needle: #"{ "value": 0 }"#, token: "d", problem: ["no \"unit\""])
        let spaced = #"{ "d": { "$type": "duration", "$value": "100 ms" } }"#
        expectTokenRejection(decodeTokens(spaced), in: spaced, at: ["/d/$value"], needle: #""100 ms""#, token: "d", problem: ["is not a duration"])
        let hex = #"{ "d": { "$type": "duration", "$value": "0x10ms" } }"#
        expectTokenRejection(decodeTokens(hex), in: hex, at: ["/d/$value"], needle: #""0x10ms""#, token: "d", problem: ["is not a duration"])
        let huge = #"{ "d": { "$type": "duration", "$value": "1e400ms" } }"#
        expectTokenRejection(decodeTokens(huge), in: huge, at: ["/d/$value"], needle: #""1e400ms""#, token: "d", problem: ["out of range"])
        let long = #"{ "d": { "$type": "duration", "$value": { "value": 3601, "unit": "s" } } }"#
        expectTokenRejection(decodeTokens(long), in: long, at: ["/d/$value/value"], needle: "3601", token: "d", problem: ["longer than an hour"])
        let extra = #"{ "d": { "$type": "duration", "$value": { "value": 1, "unit": "s", "scale": 2 } } }"#
        expectTokenRejection(decodeTokens(extra), in: extra, at: ["/d/$value/scale"], needle: "2 }", token: "d", problem: ["unknown key \"scale\""])
    }

    // MARK: Cubic Béziers

    @Test("an x outside 0…1 is refused at that coordinate")
    func xOutOfRange() {
        let text = """
            {
              "easing": {
                "$type": "cubicBezier",
                "wild": { "$value": [1.2, 0, 0.5, 1] }
              }
            }
            """
        expectTokenRejection(
            decodeTokens(text), in: text, at: ["/easing/wild/$value/0"], needle: "1.2",
            token: "easing.wild", problem: ["x1 is 1.2", "0…1"], fix: "like 1")
        let x2 = #"{ "e": { "$type": "cubicBezier", "$value": [0.5, 0, -0.25, 1] } }"#
        expectTokenRejection(decodeTokens(x2), in: x2, at: ["/e/$value/2"], needle: "-0.25", token: "e", problem: ["x2 is -0.25"], fix: "like 0")
    }

    @Test("a Bézier with three numbers, a string item or a CSS string is refused")
    func badBezierShapes() {
        let three = #"{ "e": { "$type": "cubicBezier", "$value": [0.2, 0, 1] } }"#
        expectTokenRejection(decodeTokens(three), in: three, at: ["/e/$value"], needle: "[0.2", token: "e", problem: ["needs 4 numbers", "found 3"])
        let item = #"{ "e": { "$type": "cubicBezier", "$value": [0.2, "0", 0, 1] } }"#
        expectTokenRejection(decodeTokens(item), in: item, at: ["/e/$value/1"], needle: #""0""#, token: "e", problem: ["y1 must be a number"])
        let css = #"{ "e": { "$type": "cubicBezier", "$value": "cubic-bezier(0.4, 0, 0.2, 1)" } }"#
        expectTokenRejection(decodeTokens(css), in: css, at: ["/e/$value"], needle: #""cubic-bezier"#, token: "e", fix: "[0.4, 0, 0.2, 1]")
        let lower = #"{ "e": { "$type": "cubicBezier", "$value": "ease_in" } }"#
        expectTokenRejection(decodeTokens(lower), in: lower, at: ["/e/$value"], needle: #""ease_in""#, token: "e", fix: "\"EASE_IN\"")
    }

    // MARK: Transitions

    @Test("a transition needs duration, delay and timingFunction, and nothing else")
    func badTransition() {
        let text = #"{ "t": { "$type": "transition", "$value": { "duration": "200ms", "timingFunction": [0, 0, 1, 1], "easing": "LINEAR" } } }"#
        let result = decodeTokens(text)
        expectTokenRejection(
            result, in: text, at: ["/t/$value/delay", "/t/$value/easing"], needle: "{ \"duration\"",
            token: "t", problem: ["no \"delay\""], fix: "\"delay\": { \"value\": 0, \"unit\": \"ms\" }")
    }

    // MARK: Springs

    @Test("spring mistakes: a Bézier name, a mix of forms, a bounce of −1, no duration")
    func badSprings() {
        let curveName = #"{ "s": { "$type": "spring", "$value": "EASE_OUT" } }"#
        expectTokenRejection(
            decodeTokens(curveName), in: curveName, at: ["/s/$value"], needle: #""EASE_OUT""#, token: "s", problem: ["Bézier easing, not a spring"])
        let springAsCurve = #"{ "e": { "$type": "cubicBezier", "$value": "GENTLE" } }"#
        expectTokenRejection(
            decodeTokens(springAsCurve), in: springAsCurve, at: ["/e/$value"], needle: #""GENTLE""#, token: "e",
            problem: ["spring preset, not a Bézier"])
        let mixed = #"{ "s": { "$type": "spring", "$value": { "stiffness": 100, "damping": 10, "bounce": 0.2 } } }"#
        expectTokenRejection(decodeTokens(mixed), in: mixed, at: ["/s/$value/bounce"], needle: "0.2", token: "s", problem: ["unknown key \"bounce\""])
        let bounce = #"{ "s": { "$type": "spring", "$value": { "duration": 0.5, "bounce": -1 } } }"#
        expectTokenRejection(decodeTokens(bounce), in: bounce, at: ["/s/$value/bounce"], needle: "-1", token: "s", problem: ["−1 or less"])
        let noDuration = #"{ "s": { "$type": "spring", "$value": { "bounce": 0.2 } } }"#
        expectTokenRejection(
            decodeTokens(noDuration), in: noDuration, at: ["/s/$value/duration"], needle: "{ \"bounce\"", token: "s", problem: ["no \"duration\""])
    }

    @Test("a spring that never settles is accepted with a warning")
    func undampedSpring() throws {
        let result = decodeTokens(#"{ "s": { "$type": "spring", "$value": { "mass": 1, "stiffness": 100, "damping": 0 } } }"#)
        #expect(result.errors.isEmpty)
        #expect(result.warnings.count == 1 && result.warnings[0].problem.contains("never settles"))
        #expect(try #require(result.tokens).spring(named: "s")?.dampingRatio == 0)
    }

    // MARK: Structure

    @Test("structural mistakes: a dotted name, a token holding a group, a non-object member, a non-string $type")
    func structure() {
        let dotted = #"{ "motion": { "fast.tap": { "$type": "duration", "$value": "100ms" } } }"#
        let d = decodeTokens(dotted)
        #expect(d.tokens == nil && d.errors.map(\.pointer.description) == ["/motion/fast.tap"])
        #expect(d.errors.first?.fix.contains("\"fast-tap\"") == true)

        let holder = #"{ "fast": { "$type": "duration", "$value": "100ms", "hover": { "$value": "50ms" } } }"#
        expectTokenRejection(
            decodeTokens(holder), in: holder, at: ["/fast/hover"], needle: #"{ "$value": "50ms" }"#, token: "fast",
            problem: ["cannot contain tokens or groups"])

        let stray = #"{ "motion": { "fast": 100 } }"#
        let s = decodeTokens(stray)
        #expect(s.tokens == nil && s.errors.map(\.pointer.description) == ["/motion/fast"])

        let type = #"{ "motion": { "$type": ["duration"], "fast": { "$value": "100ms" } } }"#
        let t = decodeTokens(type)
        #expect(t.tokens == nil && t.errors.map(\.pointer.description) == ["/motion/$type"])
    }

    @Test("malformed JSON and a non-object top level are refused with a location")
    func notTokens() {
        let broken = decodeTokens("{ \"a\": { \"$value\": } }")
        #expect(broken.tokens == nil && broken.errors.count == 1)
        #expect(broken.errors[0].problem.hasPrefix("not valid JSON") && broken.errors[0].location == Loc(line: 1, column: 20))
        let array = decodeTokens("[1, 2]")
        #expect(array.tokens == nil && array.errors.map(\.pointer) == [.root])
    }

    @Test("every error of a file is reported in one run, in document order")
    func allErrorsAtOnce() {
        let text = """
            {
              "a": { "$type": "duration", "$value": "-5ms" },
              "b": { "$type": "cubicBezier", "$value": [2, 0, 0, 1] },
              "c": { "$type": "duration", "$value": "{zzz}" }
            }
            """
        let result = decodeTokens(text)
        #expect(result.tokens == nil)
        #expect(result.errors.map(\.pointer.description) == ["/a/$value", "/b/$value/0", "/c/$value"])
        #expect(result.errors.map { $0.location?.line } == [2, 3, 4])
        #expect(result.errors[0].description.hasPrefix("\(tokenTestFile):2:"))
    }
}
