import MotionCore
import MotionSwiftSource
import Testing

/// Each seed snippet (as valid SwiftUI, in Fixtures/) imports to the same timeline as its
/// hand-written spec in Specs/. The expected specs are built by hand from the JSON files (the
/// decoder lives in MotionFormats, which this target does not depend on).
@Suite struct SeedFixtureTests {
    static let defaultSpring = Spring(duration: 0.5, bounce: 0)

    @Test func heartPulseMatchesFeedSpec() throws {
        let result = try extractFixture("HeartPulse.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        let found = try #require(result.animations.first)
        #expect(result.animations.count == 1)
        #expect(found.screen == "HeartPulse")
        #expect(found.spec.id == "heart-pulse")
        #expect(found.spec.trigger == .tap)
        #expect(found.line == 11)
        // Specs/Feed.json#heart-pulse
        let expected = AnimationSpec(
            id: "heart-pulse", trigger: .tap,
            motion: .keyframes(
                initial: [NamedValue("scale", 1.0)],
                tracks: [
                    KeyframeTrack(
                        property: "scale",
                        keyframes: [
                            .linear(to: 1.0, duration: 0.0),
                            .spring(to: 1.28, duration: 0.18, spring: .preset(.snappy, duration: 0.18)),
                            .cubic(to: 1.28, duration: 0.06),
                            .spring(to: 1.0, duration: 0.34, spring: .preset(.smooth, duration: 0.34)),
                        ])
                ], repeating: false))
        try expectSameTimeline(found.spec, expected)
        // The import itself, keyframe for keyframe (single-value animator: track `value`).
        guard case .keyframes(let initial, let tracks, let repeating) = found.spec.motion else {
            Issue.record("not keyframes")
            return
        }
        // Named after the modifier the closure feeds: { view, scale in view.scaleEffect(scale) } (issue 12).
        #expect(initial == [NamedValue("scale", 1.0)])
        #expect(!repeating)
        #expect(tracks.map(\.property) == ["scale"])
        guard case .keyframes(_, let expectedTracks, _) = expected.motion else { return }
        #expect(tracks.first?.keyframes == expectedTracks.first?.keyframes)
        #expect(abs(try found.spec.timeline().duration - 0.58) < 1e-12)
    }

    @Test func bumpButtonMatchesCheckoutSpec() throws {
        let result = try extractFixture("BumpButton.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        let found = try #require(result.animations.first)
        #expect(found.spec.id == "bump-button")
        #expect(found.screen == "BumpButton")
        // Specs/Checkout.json#add-to-cart-bump
        let expected = AnimationSpec(
            id: "add-to-cart-bump", trigger: .tap,
            motion: .keyframes(
                initial: [NamedValue("scale", 1.0), NamedValue("rotation", 0), NamedValue("y", 0)],
                tracks: [
                    KeyframeTrack(
                        property: "scale",
                        keyframes: [
                            .spring(to: 1.15, duration: 0.20, spring: .preset(.snappy, duration: 0.20)),
                            .spring(to: 1.0, duration: 0.30, spring: .preset(.smooth, duration: 0.30)),
                        ]),
                    KeyframeTrack(
                        property: "rotation",
                        keyframes: [
                            .cubic(to: -4, duration: 0.10),
                            .cubic(to: 4, duration: 0.12),
                            .spring(to: 0, duration: 0.28),
                        ]),
                    KeyframeTrack(
                        property: "y",
                        keyframes: [
                            .spring(to: -6, duration: 0.18, spring: .preset(.snappy, duration: 0.18)),
                            .spring(to: 0, duration: 0.32, spring: .preset(.smooth, duration: 0.32)),
                        ]),
                ], repeating: false))
        try expectSameTimeline(found.spec, expected)
        guard case .keyframes(let initial, let tracks, _) = found.spec.motion else {
            Issue.record("not keyframes")
            return
        }
        #expect(initial == [NamedValue("scale", 1.0), NamedValue("rotation", 0), NamedValue("yOffset", 0)])
        #expect(tracks.map(\.property) == ["scale", "rotation", "yOffset"])
    }

    @Test func bouncingLogoMatchesHomeSpec() throws {
        let result = try extractFixture("BouncingLogo.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        let found = try #require(result.animations.first)
        #expect(found.spec.id == "bouncing-logo")
        #expect(found.line == 14)
        // Specs/Home.json#bouncing-logo
        let expected = AnimationSpec(
            id: "bouncing-logo", trigger: .tap,
            motion: .keyframes(
                initial: [NamedValue("scale", 1.0), NamedValue("y", 0.0), NamedValue("rotation", 0.0)],
                tracks: [
                    KeyframeTrack(
                        property: "scale",
                        keyframes: [
                            .spring(to: 1.5, duration: 0.3), .spring(to: 1.0, duration: 0.3),
                        ]),
                    KeyframeTrack(
                        property: "y",
                        keyframes: [
                            .linear(to: -30, duration: 0.2), .spring(to: 0, duration: 0.4, spring: .preset(.bouncy)),
                        ]),
                    KeyframeTrack(
                        property: "rotation",
                        keyframes: [
                            .cubic(to: 15, duration: 0.15), .cubic(to: -15, duration: 0.15), .cubic(to: 0, duration: 0.2),
                        ]),
                ], repeating: false))
        try expectSameTimeline(found.spec, expected)
    }

    @Test func errorShakeMatchesSignInSpec() throws {
        let result = try extractFixture("ErrorShake.swift")
        #expect(
            result.unresolved.map(\.what) == [
                "KeyframeAnimator(trigger: shakeTrigger): `shakeTrigger` is not changed in this file (a binding or a model's property?); trigger event:shakeTrigger"
            ], "\(result.unresolved)")
        let found = try #require(result.animations.first)
        #expect(found.spec.id == "error-shake")
        // Specs/SignIn.json#error-shake
        let expected = AnimationSpec(
            id: "error-shake", trigger: .event("signInFailed"),
            motion: .keyframes(
                initial: [NamedValue("x", 0), NamedValue("rotation", 0), NamedValue("scale", 1)],
                tracks: [
                    KeyframeTrack(property: "x", keyframes: [10, -10, 8, -8, 4, 0].map { .linear(to: $0, duration: 0.07) }),
                    KeyframeTrack(
                        property: "rotation",
                        keyframes: [
                            .linear(to: 2, duration: 0.07), .linear(to: -2, duration: 0.07), .linear(to: 1, duration: 0.07),
                            .linear(to: -1, duration: 0.07), .linear(to: 0, duration: 0.14),
                        ]),
                    KeyframeTrack(
                        property: "scale",
                        keyframes: [
                            .spring(to: 1.05, duration: 0.15), .spring(to: 1.0, duration: 0.25),
                        ]),
                ], repeating: false))
        try expectSameTimeline(found.spec, expected)
    }

    @Test func notificationBadgeMatchesInboxSpec() throws {
        let result = try extractFixture("NotificationBadge.swift")
        // `count` comes from the parent: where it changes is not in this file, and that is said.
        #expect(
            result.unresolved.map(\.what) == [
                "PhaseAnimator(trigger: count): `count` is not changed in this file (a binding or a model's property?); trigger event:count"
            ], "\(result.unresolved)")
        let found = try #require(result.animations.first)
        #expect(found.spec.id == "notification-badge")
        #expect(found.spec.trigger == .event("count"))
        // Specs/Inbox.json#notification-badge
        let rest = PhaseAnimation(.spring(Spring(duration: 0.3, bounce: 0)))
        let expected = AnimationSpec(
            id: "notification-badge", trigger: .event("badgeCount"),
            motion: .phases([
                Phase(name: "rest", values: [("scale", 1.0), ("brightness", 0)], animation: rest),
                Phase(
                    name: "pop", values: [("scale", 1.3), ("brightness", 0.1)], animation: PhaseAnimation(.spring(Spring(duration: 0.2, bounce: 0.5)))
                ),
                Phase(name: "settle", values: [("scale", 1.0), ("brightness", 0)], animation: rest),
            ]))
        try expectSameTimeline(found.spec, expected)
        guard case .phases(let phases) = found.spec.motion else {
            Issue.record("not phases")
            return
        }
        #expect(phases.map(\.name) == ["false", "true", "false-2"])
        #expect(phases.map(\.order) == Array(repeating: ["scale", "brightness"], count: 3))
    }

    @Test func pulsingIconMatchesSettingsSpec() throws {
        let result = try extractFixture("PulsingIcon.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        let found = try #require(result.animations.first)
        #expect(found.spec.id == "pulsing-icon")
        #expect(found.spec.trigger == .repeating)
        // Specs/Settings.json#pulsing-icon
        let expected = AnimationSpec(
            id: "pulsing-icon", trigger: .repeating,
            motion: .phases([
                Phase(
                    name: "idle", values: [("scale", 1.0), ("rotation", 0), ("opacity", 0.8)],
                    animation: PhaseAnimation(.bezier(.easeInOut, duration: 0.6))),
                Phase(
                    name: "scaled", values: [("scale", 1.2), ("rotation", 0), ("opacity", 1.0)],
                    animation: PhaseAnimation(.spring(Spring(duration: 0.4, bounce: 0.3)))),
                Phase(
                    name: "rotated", values: [("scale", 1.0), ("rotation", 15), ("opacity", 1.0)],
                    animation: PhaseAnimation(.spring(Spring(duration: 0.3, bounce: 0.2)))),
            ]))
        try expectSameTimeline(found.spec, expected)
        #expect(found.spec.motion == expected.motion)
    }

    @Test func timerClockMatchesTimerSpec() throws {
        let result = try extractFixture("AnimatedClock.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        let found = try #require(result.animations.first)
        #expect(found.spec.id == "animated-clock")
        #expect(found.screen == "AnimatedClock")
        #expect(found.spec.trigger == .repeating)
        // Specs/Timer.json#timer-finished
        let expected = AnimationSpec(
            id: "timer-finished", trigger: .repeating,
            motion: .phases([
                Phase(
                    name: "resting", values: [("scale", 1), ("rotation", 0), ("y", 0)],
                    animation: PhaseAnimation(.spring(.preset(.smooth, duration: 0.35)), delay: 1.5)),
                Phase(
                    name: "lifted", values: [("scale", 1.03), ("rotation", 0), ("y", -8)],
                    animation: PhaseAnimation(.spring(Spring(duration: 0.4, bounce: 0.25)))),
                Phase(name: "tiltedLeft", values: [("rotation", -2)], animation: PhaseAnimation(.bezier(.easeInOut, duration: 0.16))),
                Phase(name: "tiltedRight", values: [("rotation", 2)], animation: PhaseAnimation(.bezier(.easeInOut, duration: 0.16))),
                Phase(
                    name: "settled", values: [("scale", 1), ("rotation", 0), ("y", 0)],
                    animation: PhaseAnimation(.spring(Spring(duration: 0.5, bounce: 0.2)))),
            ]))
        try expectSameTimeline(found.spec, expected)
        #expect(abs(try found.spec.timeline().duration - 3.07) < 1e-9)
        guard case .phases(let phases) = found.spec.motion else {
            Issue.record("not phases")
            return
        }
        #expect(phases.map(\.name) == ["resting", "lifted", "tiltedLeft", "tiltedRight", "settled"])
        // .offset(y: phase.verticalOffset): named after the phase's member, not the label y (issue 12).
        #expect(phases[1].order == ["scale", "rotation", "verticalOffset"])
        #expect(phases[1].values == ["scale": 1.03, "rotation": 0, "verticalOffset": -8])
    }
}
