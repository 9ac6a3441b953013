import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import MotionTestSupport
import Testing

@Suite("DesignTokenDecoder: motion tokens that decode")
struct DesignTokenDecoderTests {
    // MARK: Material 3

    @Test("M3 durations short1…extra-long4 decode to exactly 0.05…1 s")
    func m3Durations() throws {
        let result = decodeTokens(m3TokensFile)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tokens = try #require(result.tokens)
        #expect(tokens.durations.count == 16)
        for (name, _, seconds) in MotionFormatsTests.m3Durations {
            #expect(tokens.duration(named: "md.sys.motion.duration.\(name)") == seconds, "\(name)")
        }
    }

    @Test("M3 easings decode to exactly their control points")
    func m3Easings() throws {
        let tokens = try #require(decodeTokens(m3TokensFile).tokens)
        #expect(tokens.curves.count == 6)
        for (name, p) in MotionFormatsTests.m3Easings {
            #expect(points(tokens.curve(named: "md.sys.motion.easing.\(name)")) == p, "\(name)")
        }
        #expect(tokens.count == 22)
        #expect(tokens.springs.isEmpty && tokens.transitions.isEmpty)
        #expect(tokens.names.first == "md.sys.motion.duration.extra-long1")
    }

    // MARK: Durations

    @Test("the 2025.10 object form in ms and s, and the older string forms")
    func durationForms() throws {
        let text = """
            {
              "d": {
                "$type": "duration",
                "objectMs": { "$value": { "value": 100, "unit": "ms" } },
                "objectS": { "$value": { "value": 1.5, "unit": "s" } },
                "zero": { "$value": { "value": 0, "unit": "ms" } },
                "stringMs": { "$value": "100ms" },
                "stringS": { "$value": "0.25s" },
                "stringFraction": { "$value": "12.5ms" },
                "stringExponent": { "$value": "1e2ms" }
              }
            }
            """
        let result = decodeTokens(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tokens = try #require(result.tokens)
        #expect(
            tokens.durations == [
                "d.objectMs": 0.1, "d.objectS": 1.5, "d.zero": 0, "d.stringMs": 0.1, "d.stringS": 0.25,
                "d.stringFraction": 0.0125, "d.stringExponent": 0.1,
            ])
    }

    // MARK: Types

    @Test("$type is inherited from the nearest typed group; a token's own $type wins")
    func inheritedType() throws {
        let text = """
            {
              "motion": {
                "$type": "duration",
                "fast": { "$value": { "value": 100, "unit": "ms" } },
                "nested": {
                  "deeper": {
                    "slow": { "$value": "500ms" }
                  }
                },
                "curves": {
                  "$type": "cubicBezier",
                  "out": { "$value": [0, 0, 0.58, 1] },
                  "back": { "$type": "duration", "$value": { "value": 2, "unit": "s" } }
                },
                "bounce": { "$type": "cubicBezier", "$value": [0.45, 1.45, 0.8, 1] }
              }
            }
            """
        let result = decodeTokens(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tokens = try #require(result.tokens)
        #expect(tokens.durations == ["motion.fast": 0.1, "motion.nested.deeper.slow": 0.5, "motion.curves.back": 2])
        #expect(points(tokens.curve(named: "motion.curves.out")) == [0, 0, 0.58, 1])
        #expect(tokens.curve(named: "motion.curves.out")?.name == "easeOut")
        #expect(points(tokens.curve(named: "motion.bounce")) == [0.45, 1.45, 0.8, 1])
    }

    @Test("y may overshoot; x may be exactly 0 or 1")
    func overshootingCurve() throws {
        let text = #"{ "e": { "$type": "cubicBezier", "$value": [1, -0.5, 0, 1.5] } }"#
        let tokens = try #require(decodeTokens(text).tokens)
        #expect(points(tokens.curve(named: "e")) == [1, -0.5, 0, 1.5])
    }

    // MARK: Aliases

    @Test("aliases chain through three levels, and an alias without $type takes its target's type")
    func nestedAliases() throws {
        let text = """
            {
              "base": {
                "$type": "duration",
                "short2": { "$value": { "value": 100, "unit": "ms" } }
              },
              "semantic": {
                "$type": "duration",
                "fast": { "$value": "{base.short2}" }
              },
              "component": {
                "button": {
                  "press": { "$value": "{semantic.fast}" },
                  "release": { "$type": "duration", "$value": "{component.button.press}" }
                }
              },
              "easing": {
                "$type": "cubicBezier",
                "standard": { "$value": [0.2, 0, 0, 1] },
                "default": { "$value": "{easing.standard}" },
                "button": { "$value": "{easing.default}" }
              },
              "card": { "curve": { "$value": "{easing.button}" } }
            }
            """
        let result = decodeTokens(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tokens = try #require(result.tokens)
        #expect(tokens.durations == ["base.short2": 0.1, "semantic.fast": 0.1, "component.button.press": 0.1, "component.button.release": 0.1])
        for path in ["easing.standard", "easing.default", "easing.button", "card.curve"] {
            #expect(points(tokens.curve(named: path)) == [0.2, 0, 0, 1], "\(path)")
        }
        #expect(tokens.curve(named: "{card.curve}") == tokens.curve(named: "card.curve"), "lookup accepts the alias form")
    }

    @Test("a group's $root token is a token at group.$root and can be aliased")
    func rootToken() throws {
        let text = """
            {
              "easing": {
                "$type": "cubicBezier",
                "emphasized": {
                  "$root": { "$value": [0.2, 0, 0, 1] },
                  "decelerate": { "$value": [0.05, 0.7, 0.1, 1] }
                },
                "dialog": { "$value": "{easing.emphasized.$root}" }
              }
            }
            """
        let result = decodeTokens(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tokens = try #require(result.tokens)
        #expect(points(tokens.curve(named: "easing.emphasized.$root")) == [0.2, 0, 0, 1])
        #expect(points(tokens.curve(named: "easing.dialog")) == [0.2, 0, 0, 1])
        #expect(points(tokens.curve(named: "easing.emphasized.decelerate")) == [0.05, 0.7, 0.1, 1])
    }

    // MARK: Transitions

    @Test("a transition resolves aliases in duration and timingFunction; an alias to it copies it")
    func transitionWithAliases() throws {
        let text = """
            {
              "motion": {
                "duration": { "$type": "duration", "medium2": { "$value": { "value": 300, "unit": "ms" } }, "hold": { "$value": "50ms" } },
                "easing": { "$type": "cubicBezier", "emphasized-decelerate": { "$value": [0.05, 0.7, 0.1, 1] } },
                "transition": {
                  "$type": "transition",
                  "enter": {
                    "$value": {
                      "duration": "{motion.duration.medium2}",
                      "delay": { "value": 0, "unit": "ms" },
                      "timingFunction": "{motion.easing.emphasized-decelerate}"
                    }
                  },
                  "exit": {
                    "$value": { "duration": { "value": 0.2, "unit": "s" }, "delay": "{motion.duration.hold}", "timingFunction": "EASE_IN" }
                  },
                  "dialog": { "$value": "{motion.transition.enter}" }
                }
              }
            }
            """
        let result = decodeTokens(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tokens = try #require(result.tokens)
        let enter = try #require(tokens.transition(named: "motion.transition.enter"))
        #expect(enter.duration == 0.3 && enter.delay == 0)
        #expect(points(enter.curve) == [0.05, 0.7, 0.1, 1])
        let exit = try #require(tokens.transition(named: "motion.transition.exit"))
        #expect(exit.duration == 0.2 && exit.delay == 0.05 && exit.end == 0.25)
        #expect(points(exit.curve) == [0.42, 0, 1, 1])
        #expect(tokens.transition(named: "motion.transition.dialog") == enter)
        #expect(tokens.transitions.count == 3)
    }

    // MARK: Springs

    @Test("spring tokens: duration/bounce (seconds or a duration), mass/stiffness/damping, Figma presets, aliases")
    func springs() throws {
        let text = """
            {
              "spring": {
                "$type": "spring",
                "snappy": { "$value": { "duration": 0.5, "bounce": 0.15 } },
                "measured": { "$value": { "duration": { "value": 400, "unit": "ms" }, "bounce": 0.3 } },
                "aliased": { "$value": { "duration": "{time.long}" } },
                "physical": { "$value": { "mass": 1, "stiffness": 170, "damping": 26 } },
                "figma": { "$value": "BOUNCY" },
                "again": { "$value": "{spring.snappy}" }
              },
              "time": { "long": { "$type": "duration", "$value": "600ms" } }
            }
            """
        let result = decodeTokens(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tokens = try #require(result.tokens)
        #expect(tokens.spring(named: "spring.snappy") == Spring(duration: 0.5, bounce: 0.15))
        #expect(tokens.spring(named: "spring.measured") == Spring(duration: 0.4, bounce: 0.3))
        #expect(tokens.spring(named: "spring.aliased") == Spring(duration: 0.6, bounce: 0))
        #expect(tokens.spring(named: "spring.physical") == Spring(mass: 1, stiffness: 170, damping: 26))
        #expect(tokens.spring(named: "spring.figma") == Spring(mass: 1, stiffness: 600, damping: 15))
        #expect(tokens.spring(named: "spring.again") == tokens.spring(named: "spring.snappy"))
        #expect(tokens.springs.count == 6 && tokens.durations == ["time.long": 0.6])
    }

    // MARK: Mixed files

    @Test("colors, dimensions, typography and other types are skipped without a word")
    func mixedFile() throws {
        let text = """
            {
              "$schema": "https://www.designtokens.org/schemas/2025.10/format.json",
              "color": {
                "$type": "color",
                "primary": { "$value": { "colorSpace": "srgb", "components": [0, 0.4, 0.8] }, "$description": "brand" },
                "legacy": { "$value": "#ff00ff", "$deprecated": "use primary" },
                "link": { "$value": "{color.primary}" },
                "broken": { "$value": "{color.nowhere}" }
              },
              "space": { "small": { "$type": "dimension", "$value": { "value": 8, "unit": "px" } } },
              "font": { "body": { "$type": "fontFamily", "$value": ["Inter", "sans-serif"] }, "weight": { "$type": "fontWeight", "$value": "bold" } },
              "shadow": { "card": { "$type": "shadow", "$value": { "color": "{color.primary}", "offsetX": "{space.small}" } } },
              "opacity": { "$type": "number", "$value": 0.5, "$extensions": { "com.figma": { "scopes": ["OPACITY"] } } },
              "motion": {
                "fast": { "$type": "duration", "$value": { "value": 150, "unit": "ms" } },
                "out": { "$type": "cubicBezier", "$value": "EASE_OUT" }
              }
            }
            """
        let result = decodeTokens(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tokens = try #require(result.tokens)
        #expect(tokens.durations == ["motion.fast": 0.15])
        #expect(points(tokens.curve(named: "motion.out")) == [0, 0, 0.58, 1])
        #expect(tokens.count == 2)
    }

    // MARK: Warnings

    @Test("an unknown $type is a warning at that $type, with a suggestion; the rest still decodes")
    func unknownType() throws {
        let text = """
            {
              "easing": {
                "$type": "cubic-bezier",
                "standard": { "$value": [0.2, 0, 0, 1] },
                "legacy": { "$value": [0.4, 0, 0.2, 1] }
              },
              "path": { "$type": "motionPath", "$value": "M0 0 L10 10" },
              "fast": { "$type": "duration", "$value": "100ms" }
            }
            """
        let result = decodeTokens(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let warnings = result.warnings
        #expect(warnings.map(\.pointer.description) == ["/easing/$type", "/path/$type"], "one warning per $type, not per token")
        #expect(warnings[0].location == position(of: #""cubic-bezier""#, in: text))
        #expect(warnings[0].problem.contains("unknown $type \"cubic-bezier\"") && warnings[0].problem.contains("group \"easing\""))
        #expect(warnings[0].fix.contains("\"cubicBezier\""))
        #expect(warnings[1].problem.contains("token \"path\"") && warnings[1].problem.contains("\"motionPath\""))
        #expect(try #require(result.tokens).durations == ["fast": 0.1])
    }

    @Test(
        "one warning per unknown $type name, at its first member, with how many name it; common non-motion types (Tokens Studio's string, boolean, fontSizes…) pass without a word"
    )
    func unknownTypeOncePerName() throws {
        let text = """
            {
              "a": { "$type": "mystery", "$value": 1 },
              "b": { "$type": "mystery", "$value": 2 },
              "c": { "$type": "mystery", "$value": 3 },
              "label": { "$type": "string", "$value": "Hello" },
              "flag": { "$type": "boolean", "$value": true },
              "big": { "$type": "fontSizes", "$value": "32" },
              "gap": { "$type": "spacing", "$value": "8" },
              "fast": { "$type": "duration", "$value": "100ms" }
            }
            """
        let result = decodeTokens(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.warnings.map(\.pointer.description) == ["/a/$type"], "\(result.warnings)")
        #expect(
            result.warnings.first?.problem.contains(
                "unknown $type \"mystery\"; its tokens are skipped (3 $type members in this file name it; this is the first)") == true)
        #expect(try #require(result.tokens).durations == ["fast": 0.1])
    }

    @Test("untyped tokens and unknown $ properties are warnings; $description, $extensions, $deprecated are not")
    func otherWarnings() throws {
        let text = """
            {
              "$version": 2,
              "motion": {
                "$description": "motion",
                "$extensions": { "org.example": true },
                "$deprecated": false,
                "fast": { "$type": "duration", "$value": "100ms", "$descriptoin": "typo", "$extensions": {}, "$deprecated": true },
                "mystery": { "$value": "100ms" }
              }
            }
            """
        let result = decodeTokens(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.warnings.map(\.pointer.description) == ["/$version", "/motion/fast/$descriptoin", "/motion/mystery"])
        #expect(result.warnings[1].fix.contains("\"$description\""))
        #expect(result.warnings[2].problem.contains("token \"motion.mystery\" has no $type"))
        #expect(result.warnings[2].location == position(of: #"{ "$value": "100ms" }"#, in: text))
        #expect(try #require(result.tokens).durations == ["motion.fast": 0.1])
    }

    @Test("$ref and $extends are reported as unsupported, not guessed at")
    func unsupportedReferences() {
        let text = """
            {
              "base": { "fast": { "$type": "duration", "$value": "100ms" } },
              "alias": { "$ref": "#/base/fast/$value" },
              "derived": { "$extends": "{base}" }
            }
            """
        let result = decodeTokens(text)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.warnings.map(\.pointer.description) == ["/alias/$ref", "/derived/$extends"])
        #expect(result.tokens?.durations == ["base.fast": 0.1])
    }

    @Test("a file without motion tokens decodes to an empty set with a warning")
    func noMotion() {
        let result = decodeTokens(##"{ "color": { "red": { "$type": "color", "$value": "#ff0000" } } }"##)
        #expect(result.tokens == DesignTokenSet())
        #expect(result.warnings.count == 1 && result.warnings[0].pointer == .root)
    }

    @Test("decode(fileAt:) reads a file and names it in diagnostics; a missing file is one error")
    func fromFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("designtoken-\(UUID().uuidString).tokens.json")
        try Data(m3TokensFile.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = DesignTokenDecoder().decode(fileAt: url.path, displayName: "m3.tokens.json")
        #expect(try #require(result.tokens).count == 22)
        let missing = DesignTokenDecoder().decode(fileAt: url.path + ".missing", displayName: "gone.tokens.json")
        #expect(missing.tokens == nil && missing.errors.count == 1 && missing.errors[0].file == "gone.tokens.json")
    }

    // MARK: Detection

    @Test("looksLikeTokens: $value or $type somewhere, and no specVersion")
    func detection() throws {
        func looks(_ text: String) throws -> Bool { DesignTokenDecoder.looksLikeTokens(try JSONParser().parse(text).value) }
        #expect(try looks(m3TokensFile))
        #expect(try looks(#"{ "a": { "b": { "$type": "duration" } } }"#))
        #expect(try looks(#"{ "a": { "$value": 1 } }"#))
        #expect(try !looks(#"{ "specVersion": 1, "screen": "S", "animations": [], "x": { "$value": 1 } }"#))
        #expect(try !looks(#"{ "fr": 60, "ip": 0, "op": 60, "layers": [ { "ks": { "o": { "a": 0, "k": 100 } } } ] }"#))
        #expect(try !looks(#"[ { "$value": 1 } ]"#))
        #expect(try !looks(#"{ "Version": 1, "Pattern": [ { "Event": { "Time": 0 } } ] }"#))
    }
}
