import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import Testing

@Suite("SpecDecoder: the contract's example, decoded exactly")
struct ContractExampleTests {
    /// Copied verbatim from /work/shared/contracts/spec-format.md.
    static let contractExample = """
        {
          "specVersion": 1,
          "screen": "Checkout",
          "animations": [
            {
              "id": "add-to-cart-bump",
              "component": "AddToCartButton",
              "kind": "keyframes",
              "trigger": "tap",
              "reduceMotion": "shortened",
              "initial": { "scale": 1.0, "rotation": 0, "y": 0 },
              "tracks": {
                "scale": [
                  { "type": "spring", "to": 1.15, "duration": 0.20, "spring": { "preset": "snappy", "duration": 0.20 } },
                  { "type": "spring", "to": 1.0,  "duration": 0.30, "spring": { "preset": "smooth", "duration": 0.30 } }
                ],
                "rotation": [
                  { "type": "cubic",  "to": -4, "duration": 0.10 },
                  { "type": "cubic",  "to": 4,  "duration": 0.12 },
                  { "type": "spring", "to": 0,  "duration": 0.28 }
                ],
                "y": [
                  { "type": "linear", "to": -6, "duration": 0.18, "curve": "easeOut" },
                  { "type": "move",   "to": 0 }
                ]
              }
            },
            {
              "id": "timer-finished",
              "kind": "phases",
              "trigger": "repeating",
              "phases": [
                { "name": "resting", "values": { "scale": 1, "rotation": 0, "y": 0 },
                  "animation": { "type": "smooth", "duration": 0.35, "delay": 1.5 } },
                { "name": "lifted", "values": { "scale": 1.03, "y": -8 },
                  "animation": { "type": "spring", "duration": 0.4, "bounce": 0.25 } },
                { "name": "tiltedLeft", "values": { "rotation": -2 },
                  "animation": { "type": "easeInOut", "duration": 0.16 } }
              ]
            }
          ]
        }
        """

    func decoded() throws -> MotionSpec {
        let result = decode(Self.contractExample)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try #require(result.spec)
    }

    @Test("the contract's example validates against the published schema")
    func validates() throws {
        #expect(try schemaFailures(Self.contractExample).isEmpty)
    }

    @Test("screen, animations, kinds, triggers, reduceMotion")
    func topLevel() throws {
        let spec = try decoded()
        #expect(spec.specVersion == 1)
        #expect(spec.screen == "Checkout")
        #expect(spec.animations.count == 2)
        #expect(spec.animations.map(\.id) == ["add-to-cart-bump", "timer-finished"])
        #expect(spec.animations.map(\.kind) == ["keyframes", "phases"])
        #expect(spec.animations.map(\.trigger) == [.tap, .repeating])
        #expect(spec.animations.map(\.reduceMotion) == [.shortened, nil])
        #expect(spec.animations.map(\.component) == ["AddToCartButton", nil])
        #expect(spec.animations.map(\.notes) == [nil, nil])
        #expect(spec.animations.map(\.isRepeating) == [false, true])
        #expect(spec.animation(id: "timer-finished")?.kind == "phases")
        #expect(spec.animation(id: "nope") == nil)
    }

    @Test("keyframes: initial values and track order scale, rotation, y")
    func keyframeTracks() throws {
        let spec = try decoded()
        guard case .keyframes(let initial, let tracks, let repeating) = spec.animations[0].motion else {
            Issue.record("expected keyframes")
            return
        }
        #expect(initial == [NamedValue("scale", 1), NamedValue("rotation", 0), NamedValue("y", 0)])
        #expect(repeating == false)
        #expect(tracks.map(\.property) == ["scale", "rotation", "y"])
        #expect(tracks.map { $0.keyframes.map(\.typeName) } == [["spring", "spring"], ["cubic", "cubic", "spring"], ["linear", "move"]])
        #expect(tracks.map { $0.keyframes.map(\.to) } == [[1.15, 1.0], [-4, 4, 0], [-6, 0]])

        #expect(
            tracks[0].keyframes == [
                .spring(to: 1.15, duration: 0.2, spring: Spring.preset(.snappy, duration: 0.2), startVelocity: nil),
                .spring(to: 1.0, duration: 0.3, spring: Spring.preset(.smooth, duration: 0.3), startVelocity: nil),
            ])
        #expect(
            tracks[1].keyframes == [
                .cubic(to: -4, duration: 0.1, startVelocity: nil, endVelocity: nil),
                .cubic(to: 4, duration: 0.12, startVelocity: nil, endVelocity: nil),
                .spring(to: 0, duration: 0.28, spring: Spring(duration: 0.5, bounce: 0), startVelocity: nil),
            ])
        #expect(tracks[2].keyframes == [.linear(to: -6, duration: 0.18, curve: .easeOut), .move(to: 0)])
    }

    @Test("spring presets: snappy 0.2 is a 0.2 s spring with bounce 0.15")
    func presetNumbers() throws {
        let spec = try decoded()
        guard case .keyframes(_, let tracks, _) = spec.animations[0].motion,
            case .spring(_, _, let snappy, _) = tracks[0].keyframes[0],
            case .spring(_, _, let smooth, _) = tracks[0].keyframes[1],
            case .spring(_, _, let implicit, _) = tracks[1].keyframes[2]
        else {
            Issue.record("expected springs")
            return
        }
        // ζ = 1 − bounce, ω0 = 2π / duration (README, Springs).
        #expect(abs(snappy.dampingRatio - 0.85) < 1e-12)
        #expect(abs(snappy.response - 0.2) < 1e-12)
        #expect(abs(snappy.angularFrequency - 2 * .pi / 0.2) < 1e-9)
        #expect(smooth.dampingRatio == 1)
        #expect(abs(smooth.response - 0.3) < 1e-12)
        #expect(implicit.dampingRatio == 1)
        #expect(abs(implicit.response - 0.5) < 1e-12)
    }

    @Test("phases: names, values, order and step animations")
    func phaseSteps() throws {
        let spec = try decoded()
        guard case .phases(let steps) = spec.animations[1].motion else {
            Issue.record("expected phases")
            return
        }
        #expect(steps.map(\.name) == ["resting", "lifted", "tiltedLeft"])
        #expect(steps.map(\.order) == [["scale", "rotation", "y"], ["scale", "y"], ["rotation"]])
        #expect(steps[0].values == ["scale": 1, "rotation": 0, "y": 0])
        #expect(steps[1].values == ["scale": 1.03, "y": -8])
        #expect(steps[2].values == ["rotation": -2])

        // .smooth(duration: 0.35).delay(1.5)
        #expect(steps[0].animation == PhaseAnimation(.spring(Spring(duration: 0.35, bounce: 0)), delay: 1.5, speed: 1))
        #expect(steps[0].animation?.delay == 1.5)
        // .spring(duration: 0.4, bounce: 0.25)
        #expect(steps[1].animation == PhaseAnimation(.spring(Spring(duration: 0.4, bounce: 0.25))))
        // .easeInOut(duration: 0.16)
        #expect(steps[2].animation == PhaseAnimation(.bezier(.easeInOut, duration: 0.16)))
        // Logical durations from the README: delay + response for springs, delay + duration for curves.
        let logical = steps.compactMap { $0.animation?.logicalDuration }
        #expect(logical.count == 3)
        for (got, want) in zip(logical, [1.85, 0.4, 0.16]) { #expect(abs(got - want) < 1e-12) }
    }

    @Test("absent animation is Animation.default, null is a jump")
    func defaultAndNull() throws {
        let text = animationSpec(
            """
            { "id": "p", "kind": "phases", "trigger": "tap", "phases": [
                { "name": "a", "values": { "x": 0 } },
                { "name": "b", "values": { "x": 1 }, "animation": null },
                { "name": "c", "values": { "x": 2 }, "animation": { "type": "default" } },
                { "name": "d", "values": { "x": 3 }, "animation": { "type": "linear" } }
              ] }
            """)
        let result = decode(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let steps = try #require(phases(result.spec))
        #expect(steps[0].animation == PhaseAnimation.default)
        #expect(steps[1].animation == nil)
        #expect(steps[2].animation == PhaseAnimation.default)
        #expect(steps[3].animation == PhaseAnimation(.bezier(.linear, duration: 0.35)))
        // Animation.default per Apple's docs: spring(response: 0.55, dampingFraction: 1.0).
        if case .spring(let s)? = steps[0].animation?.curve {
            #expect(abs(s.response - 0.55) < 1e-12)
            #expect(s.dampingRatio == 1)
        } else {
            Issue.record("default should be a spring")
        }
    }

    @Test("every phase step animation type decodes to its SwiftUI meaning")
    func phaseAnimationTypes() throws {
        let cases: [(String, PhaseAnimation)] = [
            (#"{ "type": "spring", "response": 0.3, "dampingFraction": 0.6 }"#, PhaseAnimation(.spring(Spring(response: 0.3, dampingRatio: 0.6)))),
            (#"{ "type": "snappy" }"#, PhaseAnimation(.spring(Spring.preset(.snappy)))),
            (#"{ "type": "bouncy", "duration": 0.4, "extraBounce": 0.1 }"#, PhaseAnimation(.spring(Spring(duration: 0.4, bounce: 0.4)))),
            (#"{ "type": "easeIn", "duration": 0.2, "speed": 2 }"#, PhaseAnimation(.bezier(.easeIn, duration: 0.2), speed: 2)),
            (#"{ "type": "easeOut" }"#, PhaseAnimation(.bezier(.easeOut, duration: 0.35))),
            (
                #"{ "type": "timingCurve", "bezier": [0.68, -0.55, 0.27, 1.55], "duration": 0.4 }"#,
                PhaseAnimation(.bezier(UnitCurve(x1: 0.68, y1: -0.55, x2: 0.27, y2: 1.55)!, duration: 0.4))
            ),
            (
                #"{ "type": "interpolatingSpring", "stiffness": 170, "damping": 26 }"#,
                PhaseAnimation(.spring(Spring(mass: 1, stiffness: 170, damping: 26)))
            ),
            (
                #"{ "type": "interpolatingSpring", "mass": 2, "stiffness": 100, "damping": 10 }"#,
                PhaseAnimation(.spring(Spring(mass: 2, stiffness: 100, damping: 10)))
            ),
            (#"{ "type": "interpolatingSpring", "duration": 0.3, "bounce": 0.2 }"#, PhaseAnimation(.spring(Spring(duration: 0.3, bounce: 0.2)))),
        ]
        for (json, expected) in cases {
            let result = decode(phaseSpec(json))
            #expect(result.diagnostics.isEmpty, "\(json): \(result.diagnostics)")
            #expect(phases(result.spec)?[1].animation == expected, "\(json)")
            #expect(try schemaFailures(phaseSpec(json)).isEmpty, "\(json)")
        }
    }

    @Test("a spring step without parameters is SwiftUI's .spring: response 0.5, dampingFraction 0.825")
    func bareSpringStep() throws {
        // Specs/README.md, Phase step animations: "no parameters: `.spring` = response 0.5, dampingFraction 0.825".
        let result = decode(phaseSpec(#"{ "type": "spring" }"#))
        #expect(result.diagnostics.isEmpty)
        let animation = try #require(phases(result.spec)?[1].animation)
        #expect(animation == PhaseAnimation.spring)
        if case .spring(let s) = animation.curve { #expect(abs(s.dampingRatio - 0.825) < 1e-12) }
        if case .spring(let s) = animation.curve { #expect(abs(s.response - 0.5) < 1e-12) }
    }

    @Test("keyframe variants: velocities, curves, spring shapes, repeating, event triggers")
    func keyframeVariants() throws {
        let text = animationSpec(
            """
            { "id": "k", "component": "C", "kind": "keyframes", "trigger": "event:save", "reduceMotion": "static",
              "notes": "n", "repeating": true, "initial": { "x": 5 },
              "tracks": {
                "x": [
                  { "type": "cubic", "to": 1, "duration": 0.1, "startVelocity": 2, "endVelocity": -3 },
                  { "type": "linear", "to": 2, "duration": 0, "curve": { "bezier": [0.2, 0, 0, 1] } },
                  { "type": "spring", "to": 3, "spring": { "response": 0.4, "dampingRatio": 0.7 }, "startVelocity": 1.5 },
                  { "type": "spring", "to": 4, "duration": 0.2, "spring": { "mass": 2, "stiffness": 300, "damping": 20 } },
                  { "type": "spring", "to": 5, "spring": { "preset": "bouncy", "extraBounce": -0.1 } },
                  { "type": "spring", "to": 6, "spring": { "duration": 0.3 } },
                  { "type": "spring", "to": 7, "spring": { "bounce": -0.5 } }
                ]
              } }
            """)
        let result = decode(text)
        #expect(result.diagnostics.map(\.pointer.description) == ["/animations/0/repeating"], "repeating with a non-repeating trigger warns")
        #expect(result.warnings.count == 1)
        let spec = try #require(result.spec)
        let a = spec.animations[0]
        #expect(a.trigger == .event("save"))
        #expect(a.trigger.description == "event:save")
        #expect(a.reduceMotion == .static)
        #expect(a.notes == "n")
        #expect(a.isRepeating)
        #expect(
            firstTrack(spec) == [
                .cubic(to: 1, duration: 0.1, startVelocity: 2, endVelocity: -3),
                .linear(to: 2, duration: 0, curve: UnitCurve(x1: 0.2, y1: 0, x2: 0, y2: 1)!),
                .spring(to: 3, duration: nil, spring: Spring(response: 0.4, dampingRatio: 0.7), startVelocity: 1.5),
                .spring(to: 4, duration: 0.2, spring: Spring(mass: 2, stiffness: 300, damping: 20), startVelocity: nil),
                .spring(to: 5, duration: nil, spring: Spring.preset(.bouncy, extraBounce: -0.1), startVelocity: nil),
                .spring(to: 6, duration: nil, spring: Spring(duration: 0.3, bounce: 0), startVelocity: nil),
                .spring(to: 7, duration: nil, spring: Spring(duration: 0.5, bounce: -0.5), startVelocity: nil),
            ])
        // Over-damped: ζ = 1 / (1 + bounce) = 2 for bounce −0.5.
        if case .spring(_, _, let s, _)? = firstTrack(spec)?.last { #expect(abs(s.dampingRatio - 2) < 1e-12) }
        #expect(try schemaFailures(text).isEmpty)
    }

    @Test("all five plain triggers and the five reduceMotion values")
    func triggersAndReduceMotion() throws {
        for (trigger, expected) in [
            ("tap", Trigger.tap), ("appear", .appear), ("repeating", .repeating), ("scroll", .scroll), ("drag", .drag), ("event:x", .event("x")),
        ] {
            let spec = decode(phaseSpec("null", trigger: trigger)).spec
            #expect(spec?.animations.first?.trigger == expected, "\(trigger)")
        }
        for value in ReduceMotion.allCases {
            let text = animationSpec(
                #"{ "id": "a", "kind": "keyframes", "trigger": "tap", "reduceMotion": "\#(value.rawValue)", "tracks": { "x": [ { "type": "move", "to": 1 } ] } }"#
            )
            #expect(decode(text).spec?.animations.first?.reduceMotion == value)
        }
    }

    @Test("a spec without animations, with $schema, decodes to an empty screen")
    func emptyAnimations() throws {
        let spec = decode(#"{ "$schema": "./schema.json", "specVersion": 1, "screen": "Empty" }"#).spec
        #expect(spec == MotionSpec(specVersion: 1, screen: "Empty", animations: []))
        #expect(decode(#"{ "specVersion": 1, "screen": "E", "animations": [] }"#).spec?.animations.isEmpty == true)
    }
}
