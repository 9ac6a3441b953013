import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import Testing

/// Style Dictionary's older form (`value` / `type`, Theo's `props`), as design systems publish it.
@Suite("design tokens: Style Dictionary form")
struct DesignTokenStyleDictionaryTests {
    @Test("value/type tokens: time strings and bare milliseconds, CSS curves, aliases (also .value), notes and metadata beside them")
    func nested() throws {
        let text = #"""
            {
              "_comment": "generated, do not edit",
              "motion": {
                "duration": {
                  "fast": { "value": "100ms", "type": "time", "comment": "taps", "attributes": { "category": "time" } },
                  "base": { "value": 250, "type": "duration" },
                  "slow": { "value": ".6s", "type": "time" },
                  "whole": { "value": "2s", "type": "time" },
                  "alias": { "value": "{motion.duration.fast}", "type": "time" },
                  "alias-v3": { "value": "{motion.duration.base.value}", "type": "time" }
                },
                "easing": {
                  "standard": { "value": "cubic-bezier(0.2, 0, 0.2, 1)", "type": "cubic-bezier" },
                  "enter": { "value": "ease-in-out", "type": "cubicBezier" },
                  "exit": { "value": [0.4, 0, 1, 1], "type": "cubic-bezier" }
                }
              },
              "space": { "sm": { "value": "8px", "type": "dimension" }, "grid": { "value": "{space.sm} * 5", "type": "sizing" } }
            }
            """#
        #expect(DesignTokenDecoder.looksLikeTokens(try JSONParser().parse(text).value))
        let result = decodeTokens(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tokens = try #require(result.tokens)
        // 250 without a unit is milliseconds (Style Dictionary's time/seconds transform: ms / 1000).
        #expect(
            tokens.durations == [
                "motion.duration.fast": 0.1, "motion.duration.base": 0.25, "motion.duration.slow": 0.6,
                "motion.duration.whole": 2, "motion.duration.alias": 0.1, "motion.duration.alias-v3": 0.25,
            ])
        #expect(tokens.curves["motion.easing.standard"] == UnitCurve(x1: 0.2, y1: 0, x2: 0.2, y2: 1))
        #expect(tokens.curves["motion.easing.enter"] == .easeInOut)
        #expect(tokens.curves["motion.easing.exit"] == UnitCurve(x1: 0.4, y1: 0, x2: 1, y2: 1))
        #expect(tokens.springs.isEmpty && tokens.transitions.isEmpty)
    }

    @Test("Theo's props with the type given once in global")
    func theo() throws {
        let text = #"""
            { "global": { "type": "time", "category": "time" },
              "props": { "DURATION_QUICKLY": { "value": "0.1s", "comment": "6 frames" }, "DURATION_SLOWLY": { "value": "0.4s" } } }
            """#
        #expect(DesignTokenDecoder.looksLikeTokens(try JSONParser().parse(text).value))
        let result = decodeTokens(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.tokens?.durations == ["DURATION_QUICKLY": 0.1, "DURATION_SLOWLY": 0.4])
    }

    @Test("what Style Dictionary evaluates when it builds is skipped with a located warning: expressions, aliases to other files and to other types")
    func skipped() throws {
        let text = #"""
            { "motion": {
                "double": { "value": "{motion.base} * 2", "type": "time" },
                "elsewhere": { "value": "{base.duration.50}", "type": "time" },
                "number": { "value": "50", "type": "number" },
                "typed": { "value": "{motion.number}", "type": "time" },
                "base": { "value": "200ms", "type": "time" } } }
            """#
        let result = decodeTokens(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.tokens?.durations == ["motion.base": 0.2])
        let pointers = result.warnings.map(\.pointer.description)
        #expect(pointers == ["/motion/double/value", "/motion/elsewhere/value", "/motion/typed/value"], "\(result.warnings)")
        #expect(
            result.warnings[0].problem.contains("expression")
                && result.warnings[1].problem.contains("neither in this file nor in the token files imported before it"))
    }

    @Test("a value that is not a duration is still an error at its place; DTCG files are read as before")
    func errors() throws {
        let text = #"{ "motion": { "fast": { "value": "quick", "type": "time" } } }"#
        let result = decodeTokens(text)
        #expect(result.tokens == nil)
        #expect(result.errors.map(\.pointer.description) == ["/motion/fast/value"])
        // A file with any $value is DTCG: a bare number there has no unit (an error, as before).
        let dtcg = decodeTokens(#"{ "a": { "$type": "duration", "$value": 100 }, "b": { "value": "1s", "type": "time" } }"#)
        #expect(dtcg.errors.map(\.pointer.description) == ["/a/$value", "/b/value", "/b/type"], "\(dtcg.diagnostics)")
        // Neither form: not a tokens file.
        #expect(!DesignTokenDecoder.looksLikeTokens(try JSONParser().parse(#"{ "duration-fast": 100, "x": { "value": 1 } }"#).value))
    }

    @Test(
        "an alias to a token of a file imported before resolves from `known` and is listed as used; one in neither is an error (DTCG) or skipped (Style Dictionary)"
    )
    func knownTokens() throws {
        let known = DesignTokenSet(durations: ["base.quick": 0.12], curves: ["base.ease": .easeOut])
        let dtcg = DesignTokenDecoder().decode(
            document: try JSONParser().parse(#"{ "m": { "$type": "duration", "tap": { "$value": "{base.quick}" } } }"#), file: tokenTestFile,
            known: known)
        #expect(dtcg.tokens?.durations == ["m.tap": 0.12] && dtcg.usedKnown == ["base.quick"], "\(dtcg.diagnostics)")
        let sd = DesignTokenDecoder().decode(
            document: try JSONParser().parse(
                #"{ "m": { "e": { "value": "{base.ease.value}", "type": "cubic-bezier" }, "t": { "value": "{base.quick}", "type": "time" } } }"#),
            file: tokenTestFile, known: known)
        #expect(
            sd.tokens?.curves == ["m.e": .easeOut] && sd.tokens?.durations == ["m.t": 0.12] && sd.usedKnown == ["base.ease", "base.quick"],
            "\(sd.diagnostics)")
        // A type mismatch with the known token is the same error (DTCG) as inside one file.
        let wrong = DesignTokenDecoder().decode(
            document: try JSONParser().parse(#"{ "m": { "$type": "duration", "tap": { "$value": "{base.ease}" } } }"#), file: tokenTestFile,
            known: known)
        #expect(wrong.tokens == nil && wrong.errors.first?.problem.contains("refers to a cubicBezier token") == true, "\(wrong.diagnostics)")
        let missing = DesignTokenDecoder().decode(
            document: try JSONParser().parse(#"{ "m": { "$type": "duration", "tap": { "$value": "{base.slow}" } } }"#), file: tokenTestFile,
            known: known)
        #expect(missing.tokens == nil && missing.errors.first?.problem.contains("there is no token \"base.slow\"") == true, "\(missing.diagnostics)")
    }

    @Test("JSON5 and YAML sources are named in the syntax error's fix")
    func otherSyntaxes() {
        let json5 = DesignTokenDecoder().decode(bytes: Array("{ base: { $value: 1 } }".utf8), file: "motion.json5")
        #expect(json5.errors.first?.fix.contains("not JSON5") == true, "\(json5.errors)")
        let yaml = DesignTokenDecoder().decode(bytes: Array("animation:\n  speed: 1".utf8), file: "tokens/animation.yml")
        #expect(yaml.errors.first?.fix.contains("not YAML") == true, "\(yaml.errors)")
    }
}
