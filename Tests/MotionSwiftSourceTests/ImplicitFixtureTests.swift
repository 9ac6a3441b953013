import MotionCore
import MotionSwiftSource
import Testing

/// Issue 17: every form of implicit animation, its trigger, its Reduce Motion fallback, the
/// haptics paired with it, map camera keyframes and the animatable modifiers, read from valid
/// SwiftUI fixtures and compared with hand-written specs (timelines equal to 1e-9 at 100 fps).
@Suite struct ImplicitFixtureTests {
    static func implicit(
        _ id: String, _ trigger: Trigger, _ animation: ImplicitAnimation, _ values: [ImplicitValue] = [.progress],
        reduceMotion: ReduceMotion? = nil, reduceMotionAnimation: ImplicitAnimation? = nil
    ) -> AnimationSpec {
        AnimationSpec(
            id: id, trigger: trigger, reduceMotion: reduceMotion,
            motion: .implicit(ImplicitMotion(animation: animation, values: values, reduceMotionAnimation: reduceMotionAnimation)))
    }

    static func curve(_ c: UnitCurve, _ d: Double, delay: Double = 0, speed: Double = 1) -> ImplicitAnimation {
        ImplicitAnimation(PhaseAnimation(.bezier(c, duration: d), delay: delay, speed: speed))
    }

    static func spring(_ s: Spring) -> ImplicitAnimation { ImplicitAnimation(PhaseAnimation(.spring(s))) }

    /// The found animation `id`, checked against `expected`: same motion, trigger and Reduce
    /// Motion, same timeline, on `line`.
    @discardableResult
    static func expectAnimation(
        _ result: SwiftSourceResult, _ expected: AnimationSpec, line: Int, screen: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SwiftSourceAnimation {
        let found = try #require(
            result.animations.first { $0.spec.id == expected.id }, "no \(expected.id) in \(result.animations.map(\.spec.id))",
            sourceLocation: sourceLocation)
        #expect(found.spec.motion == expected.motion, sourceLocation: sourceLocation)
        #expect(found.spec.trigger == expected.trigger, sourceLocation: sourceLocation)
        #expect(found.spec.reduceMotion == expected.reduceMotion, sourceLocation: sourceLocation)
        #expect(found.line == line, sourceLocation: sourceLocation)
        if let screen { #expect(found.screen == screen, sourceLocation: sourceLocation) }
        try expectSameTimeline(found.spec, expected, sourceLocation: sourceLocation)
        return found
    }

    @Test func likeButtonWithAnimationAndSensoryFeedback() throws {
        let result = try extractFixture("LikeButton.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        #expect(result.animations.count == 1)
        // .bouncy: spring(duration: 0.5, bounce: 0.3); .scaleEffect(isLiked ? 1.2 : 1.0).
        let found = try Self.expectAnimation(
            result,
            Self.implicit(
                "like-button-is-liked", .tap, Self.spring(Spring(duration: 0.5, bounce: 0.3)),
                [ImplicitValue("scale", from: 1.0, to: 1.2)]), line: 9, screen: "LikeButton")
        #expect(found.spec.component == "LikeButton")
        #expect(found.spec.feedback == [Feedback(kind: "impact", time: 0, source: "LikeButton.swift:12")])
        #expect(result.unpairedFeedback.isEmpty)
    }

    @Test func animationModifierWithDelayAndSpeed() throws {
        let result = try extractFixture("ImplicitForms.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        #expect(
            result.animations.map(\.spec.id) == [
                "expanding-card-is-expanded", "count-badge-count", "pulsing-dot-is-pulsing", "delivery-truck-drive-forward",
                "zoom-image-scale", "save-badge-show-badge", "detail-panel-is-shown", "detail-panel-is-open",
            ])
        // .animation(.spring(duration: 0.4, bounce: 0.2), value: isExpanded), toggled on tap.
        try Self.expectAnimation(
            result,
            Self.implicit(
                "expanding-card-is-expanded", .tap, Self.spring(Spring(duration: 0.4, bounce: 0.2)),
                [ImplicitValue("height", from: 120, to: 300)]), line: 12)
        // .easeInOut(duration: 0.3).delay(0.2).speed(2): the delay is sped up too (0.1 s), the curve runs 0.15 s.
        let badge = try Self.expectAnimation(
            result,
            Self.implicit(
                "count-badge-count", .appear, Self.curve(.easeInOut, 0.3, delay: 0.1, speed: 2),
                [ImplicitValue("y", from: 0, to: -4)]), line: 23)
        #expect(abs(try badge.spec.timeline().duration - 0.25) < 1e-12)
    }

    @Test func repetitionsAndComputedAnimations() throws {
        let result = try extractFixture("ImplicitForms.swift")
        // withAnimation(.easeInOut(duration: 0.6).repeatForever(autoreverses: true)) in onAppear.
        let pulse = try Self.expectAnimation(
            result,
            Self.implicit(
                "pulsing-dot-is-pulsing", .appear,
                ImplicitAnimation(PhaseAnimation(.bezier(.easeInOut, duration: 0.6)), repetition: .forever(autoreverses: true)),
                [ImplicitValue("scale", from: 1.0, to: 1.3), ImplicitValue("opacity", from: 1.0, to: 0.4)]), line: 37)
        #expect(pulse.spec.isRepeating)
        #expect(try pulse.spec.timeline().duration == 1.2)
        // Apple's driveAnimation: .easeInOut.repeatCount(3, autoreverses: true).speed(0.5): 3 runs of 0.35 / 0.5 s.
        let truck = try Self.expectAnimation(
            result,
            Self.implicit(
                "delivery-truck-drive-forward", .tap,
                ImplicitAnimation(PhaseAnimation(.bezier(.easeInOut, duration: 0.35), speed: 0.5), repetition: .count(3, autoreverses: true))),
            line: 58)
        #expect(abs(try truck.spec.timeline().duration - 2.1) < 1e-12)
        // A direct read: .scaleEffect(scale) from `@State var scale = 1.0` to the 2.0 withAnimation assigns.
        try Self.expectAnimation(
            result,
            Self.implicit(
                "zoom-image-scale", .tap, Self.spring(Spring(mass: 1, stiffness: 200, damping: 25)),
                [ImplicitValue("scale", from: 1, to: 2)]), line: 75)
    }

    @Test func completionCriteriaAndTransactions() throws {
        let result = try extractFixture("ImplicitForms.swift")
        try Self.expectAnimation(
            result,
            Self.implicit(
                "save-badge-show-badge", .appear, Self.spring(.preset(.smooth, duration: 0.35)),
                [ImplicitValue("opacity", from: 0, to: 1), ImplicitValue("rotation", from: -90, to: 0), ImplicitValue("blur", from: 4, to: 0)]),
            line: 91)
        // .transaction { $0.animation = .easeIn(duration: 0.2) } on the view reading isShown.
        try Self.expectAnimation(
            result,
            Self.implicit(
                "detail-panel-is-shown", .tap, Self.curve(.easeIn, 0.2),
                [ImplicitValue("opacity", from: 0, to: 1)]), line: 108)
        // withTransaction(transaction) with `var transaction = Transaction(animation: .spring(…))`;
        // the one whose transaction disables animations is not an animation.
        try Self.expectAnimation(
            result,
            Self.implicit(
                "detail-panel-is-open", .tap, Self.spring(Spring(duration: 0.6, bounce: 0.2)),
                [ImplicitValue("width", from: 0, to: 320)]), line: 115)
    }

    @Test func reduceMotionBranches() throws {
        let result = try extractFixture("ReduceMotionForms.swift")
        // Pattern 1: reduceMotion ? .none : .spring() → instant.
        try Self.expectAnimation(
            result,
            Self.implicit(
                "settings-row-is-expanded", .tap, Self.spring(Spring(response: 0.5, dampingRatio: 0.825)),
                [ImplicitValue("rotation", from: 0, to: 90)], reduceMotion: .instant), line: 14)
        // Pattern 2: reduceMotion ? .easeOut(duration: 0.15) : .spring(…) → shortened, with its animation;
        // the state changes through Toggle(isOn: $isActive): a tap.
        try Self.expectAnimation(
            result,
            Self.implicit(
                "settings-row-is-active", .tap, Self.spring(Spring(duration: 0.5, bounce: 0.3)),
                [ImplicitValue("scale", from: 1, to: 1.05)], reduceMotion: .shortened,
                reduceMotionAnimation: Self.curve(.easeOut, 0.15)), line: 23)
        // Pattern 3: if !reduceMotion { view.phaseAnimator(…) } → static.
        let phases = try #require(result.animations.first { $0.spec.id == "settings-row" })
        #expect(phases.spec.kind == "phases" && phases.spec.reduceMotion == .static && phases.line == 28)
        // if reduceMotion { selected += 1 } else { withAnimation(.snappy) { selected += 1 } } → instant.
        try Self.expectAnimation(
            result,
            Self.implicit(
                "settings-row-selected", .tap, Self.spring(.preset(.snappy)),
                [ImplicitValue("x", from: 0, to: 40)], reduceMotion: .instant), line: 38)
        // .offset(y: reduceMotion ? 0 : …) with the opacity still changing → crossfade; the
        // withAnimation of isExpanded leaves this view to its own .animation(value: isExpanded).
        try Self.expectAnimation(
            result,
            Self.implicit(
                "settings-row-is-expanded-2", .tap, Self.curve(.easeInOut, 0.25),
                [ImplicitValue("y", from: 0, to: -12), ImplicitValue("opacity", from: 0, to: 1)],
                reduceMotion: .crossfade), line: 47)
        #expect(result.animations.count == 5)
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
    }

    @Test func gestureTriggers() throws {
        let result = try extractFixture("GestureCard.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        // The drag position is where the spring starts from: not in the code, so the progress track.
        try Self.expectAnimation(result, Self.implicit("draggable-card-offset", .drag, Self.spring(Spring(duration: 0.5, bounce: 0.2))), line: 18)
        // .interactiveSpring: response 0.15, dampingFraction 0.86; isDragging changes in onChanged/onEnded.
        try Self.expectAnimation(
            result, Self.implicit("draggable-card-is-dragging", .drag, Self.spring(Spring(response: 0.15, dampingRatio: 0.86))), line: 24)
    }

    @Test func imperativeAndUnpairedFeedback() throws {
        let result = try extractFixture("FeedbackForms.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        let chip = try Self.expectAnimation(
            result,
            Self.implicit(
                "toggle-chip-is-on", .tap, Self.spring(.preset(.snappy)),
                [ImplicitValue("scale", from: 1, to: 1.1)]), line: 14)
        // UIImpactFeedbackGenerator(style: .medium).impactOccurred() in the same Button action.
        #expect(chip.spec.feedback == [Feedback(kind: "impact", time: 0, source: "FeedbackForms.swift:13")])
        // The save() method: a notification 0.2 s after the action that changes `saves`.
        let save = try Self.expectAnimation(
            result,
            Self.implicit(
                "toggle-chip-saves", .tap, Self.spring(.preset(.smooth, duration: 0.3)),
                [ImplicitValue("y", from: 0, to: -6)]), line: 20)
        #expect(save.spec.feedback == [Feedback(kind: "success", time: 0.2, source: "FeedbackForms.swift:30")])
        // .sensoryFeedback(.success, trigger: taskCompleted) with nothing animating on taskCompleted.
        #expect(
            result.unpairedFeedback == [
                UnpairedFeedback(
                    screen: "ToggleChip", component: "ToggleChip", kind: "success", trigger: "taskCompleted",
                    file: "FeedbackForms.swift", line: 23)
            ])
    }

    @Test func favoriteStarPairsItsKeyframeAnimator() throws {
        let result = try extractFixture("FavoriteStar.swift")
        let star = try #require(result.animations.first)
        #expect(star.spec.feedback == [Feedback(kind: "impact", time: 0, source: "FavoriteStar.swift:15")])
        // An animator whose trigger no haptic fires on gets an empty list: known, none.
        #expect(try extractFixture("HeartPulse.swift").animations.first?.spec.feedback == [])
        // A loop (no trigger) gets none at all.
        #expect(try extractFixture("FloatingDot.swift").animations.first?.spec.feedback == nil)
    }

    @Test func mapCameraKeyframes() throws {
        let result = try extractFixture("MapFlyover.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        // Seed 000's flyover with literal coordinates: \.centerCoordinate split in two, the
        // initial camera from Map(initialPosition: .camera(MapCamera(…))).
        let expected = AnimationSpec(
            id: "map-flyover", trigger: .tap,
            motion: .keyframes(
                initial: [
                    NamedValue("latitude", 48.8566), NamedValue("longitude", 2.3522), NamedValue("distance", 5000), NamedValue("heading", 0),
                    NamedValue("pitch", 0),
                ],
                tracks: [
                    KeyframeTrack(property: "latitude", keyframes: [.cubic(to: 48.8584, duration: 2.0)]),
                    KeyframeTrack(property: "longitude", keyframes: [.cubic(to: 2.2945, duration: 2.0)]),
                    KeyframeTrack(property: "distance", keyframes: [.cubic(to: 7500, duration: 1.0), .cubic(to: 800, duration: 1.0)]),
                    KeyframeTrack(property: "heading", keyframes: [.linear(to: 90, duration: 2.0, curve: .easeInOut)]),
                    KeyframeTrack(property: "pitch", keyframes: [.spring(to: 60, duration: 1.5, spring: .preset(.smooth))]),
                ], repeating: false))
        try Self.expectAnimation(result, expected, line: 10, screen: "MapFlyover")
        // Without a literal camera the start is not in the code: said, with the line.
        let source = """
            import MapKit
            import SwiftUI
            struct Flyover: View {
                @Binding var position: MapCameraPosition
                @State private var stop = 0
                var body: some View {
                    Map(position: $position)
                        .mapCameraKeyframeAnimator(trigger: stop) { camera in
                            KeyframeTrack(\\MapCamera.heading) { LinearKeyframe(180, duration: 1) }
                        }
                }
            }
            """
        let other = try SwiftSourceImporter().extract(source: source, file: "Flyover.swift")
        #expect(other.animations.count == 1)
        #expect(other.unresolved.map(\.line) == [8, 8])
        #expect(other.unresolved.contains { $0.what.contains("camera starts where the map is") })
        #expect(other.unresolved.contains { $0.what.contains("`stop` is not changed in this file") })
    }

    @Test func everyAnimatableModifier() throws {
        let result = try extractFixture("EffectModifiers.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        // Each modifier's number named after the phase member it reads.
        let tile = try #require(result.animations.first { $0.spec.id == "stretchy-tile" })
        guard case .phases(let phases) = tile.spec.motion else {
            Issue.record("not phases")
            return
        }
        #expect(phases.map(\.name) == ["rest", "stretched"])
        #expect(phases[0].order == ["progress", "stretch", "rotation3D", "glow", "inset", "corner", "hueRotation", "contrast", "saturation"])
        #expect(
            phases[0].values == [
                "progress": 0.2, "stretch": 1, "rotation3D": 0, "glow": 0, "inset": 4, "corner": 4, "hueRotation": 0, "contrast": 1, "saturation": 1,
            ])
        #expect(
            phases[1].values == [
                "progress": 1, "stretch": 1.4, "rotation3D": 20, "glow": 8, "inset": 12, "corner": 16, "hueRotation": 45, "contrast": 1.2,
                "saturation": 0.5,
            ])
        // An implicit animation reads the same modifiers, anchors and all.
        try Self.expectAnimation(
            result,
            Self.implicit(
                "spinning-badge-is-on", .tap, Self.curve(.easeOut, 0.25),
                [
                    ImplicitValue("rotation", from: 0, to: 90), ImplicitValue("scale", from: 1, to: 1.25),
                    ImplicitValue("brightness", from: 0, to: 0.1),
                ]), line: 46)
    }

    @Test func unresolvedIsReportedWithItsLine() throws {
        let result = try extractFixture("ImplicitUnresolved.swift")
        // A binding changed by a parent: kept, with the trigger named after it and said so.
        try Self.expectAnimation(
            result,
            Self.implicit(
                "child-badge-is-active", .event("isActive"), Self.spring(Spring(response: 0.5, dampingRatio: 0.825)),
                [ImplicitValue("scale", from: 1, to: 1.2)]), line: 12)
        // Line 15's duration is not a literal: kept with SwiftUI's default and marked; line 18's
        // deprecated form is read as keyed on the state its view reads (issue 48).
        #expect(result.animations.map(\.line) == [12, 15, 18])
        #expect(result.animations[1].spec.estimates == ["duration: `speedValue` in `.spring` is not a literal; SwiftUI's default for it is used"])
        #expect(result.animations[2].spec.estimates.isEmpty)
        #expect(result.unresolved.map(\.line) == [12, 15, 15, 18, 18])
        #expect(result.unresolved[0].what.contains("`isActive` is not changed in this file"))
        #expect(result.unresolved[1].what.contains("not an animation with literal values"))
        #expect(result.unresolved.contains { $0.line == 18 && $0.what.contains("without `value:`") })
    }

    @Test("bad inputs: unreadable animations and modifiers are reported, never guessed")
    func badInputs() throws {
        let source = """
            import SwiftUI
            struct Odd: View {
                @State private var a = false
                @State private var level = 0.0
                let flag: Bool
                var body: some View {
                    VStack {
                        Text("1").opacity(a ? 1 : 0).animation(flag ? .spring : .easeIn, value: a)
                        Text("2").scaleEffect(a ? 1 : 0.5).animation(.easeIn.repeatCount(2).repeatForever(), value: a)
                        Text("3").scaleEffect(a ? level : 1).animation(.linear.speed(0), value: a)
                        Text("4").offset(x: level * 2).animation(.linear(duration: 0.2), value: level)
                        Text("5").onTapGesture { withAnimation { } }
                        Button("go") { a.toggle(); level = 3 }
                    }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Odd.swift")
        // Kept and marked as estimates (issue 48), except the empty body, which animates nothing.
        #expect(result.animations.map(\.spec.id) == ["odd-a", "odd-a-2", "odd-a-3", "odd-level"], "\(result.animations.map(\.spec.id))")
        #expect(result.animations.map { $0.spec.estimates.count } == [1, 1, 1, 0])
        let whats = result.unresolved.map { "\($0.line): \($0.what)" }
        #expect(whats.contains { $0.hasPrefix("8:") && $0.contains("chosen by a condition other than Reduce Motion") }, "\(whats)")
        #expect(whats.contains { $0.hasPrefix("9:") && $0.contains("a repetition around a repetition") }, "\(whats)")
        #expect(whats.contains { $0.hasPrefix("10:") && $0.contains("speed 0.0 must be a number greater than 0") }, "\(whats)")
        #expect(whats.contains { $0.hasPrefix("11:") && $0.contains("reads `level` but not as a choice between literals") }, "\(whats)")
        #expect(whats.contains { $0.hasPrefix("12:") && $0.contains("empty body animates nothing") }, "\(whats)")
        // The unreadable values leave the progress track.
        guard case .implicit(let m) = result.animations[3].spec.motion else {
            Issue.record("not implicit")
            return
        }
        #expect(m.values == [.progress])
    }

    @Test("the cheap pre-check finds implicit animations and haptics, and still skips the rest")
    func preCheck() throws {
        for text in [
            "withAnimation(.bouncy) { x = 1 }", "foo.animation(.spring, value: x)", "withTransaction(t) { }", "v.transaction { $0.animation = nil }",
            ".sensoryFeedback(.success, trigger: x)", "UIImpactFeedbackGenerator(style: .light)",
        ] {
            #expect(SwiftSourceScan.mayContainAnimator(Array(text.utf8)), "\(text)")
        }
        #expect(SwiftSourceScan.mayContainAnimator(Array("Text(\"a\").animation(.default)".utf8)), "the deprecated form is read too")
        #expect(!SwiftSourceScan.mayContainAnimator(Array("struct A: View { var body: some View { Text(\"value: 1\") } }".utf8)))
    }

    @Test("a phase step's .delay(d).speed(s) waits d/s, as SpeedAnimation scales the time the delay sees")
    func phaseDelayThenSpeed() throws {
        let source = """
            import SwiftUI
            struct Blink: View {
                var body: some View {
                    PhaseAnimator([0.0, 1.0]) { content, value in content.opacity(value) } animation: { _ in .easeIn(duration: 1).delay(1).speed(2) }
                }
            }
            """
        let found = try #require(try SwiftSourceImporter().extract(source: source, file: "Blink.swift").animations.first)
        guard case .phases(let phases) = found.spec.motion else {
            Issue.record("not phases")
            return
        }
        #expect(phases[1].animation == PhaseAnimation(.bezier(.easeIn, duration: 1), delay: 0.5, speed: 2))
    }

    @Test("interactiveSpring(duration:extraBounce:) and interpolatingSpring(…, initialVelocity: 0); a moving start is reported")
    func springForms() throws {
        let source = """
            import SwiftUI
            struct Springs: View {
                @State private var a = false
                @State private var b = false
                @State private var c = false
                var body: some View {
                    VStack {
                        Text("a").opacity(a ? 1 : 0).animation(.interactiveSpring(duration: 0.2, extraBounce: 0.1), value: a)
                        Text("b").opacity(b ? 1 : 0).animation(.interpolatingSpring(stiffness: 170, damping: 15, initialVelocity: 0), value: b)
                        Text("c").opacity(c ? 1 : 0).animation(.interpolatingSpring(stiffness: 170, damping: 15, initialVelocity: 4), value: c)
                        Button("go") { a.toggle(); b.toggle(); c.toggle() }
                    }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Springs.swift")
        let opacity = [ImplicitValue("opacity", from: 0, to: 1)]
        try Self.expectAnimation(result, Self.implicit("springs-a", .tap, Self.spring(Spring(duration: 0.2, bounce: 0.25)), opacity), line: 8)
        try Self.expectAnimation(
            result, Self.implicit("springs-b", .tap, Self.spring(Spring(mass: 1, stiffness: 170, damping: 15)), opacity), line: 9)
        // A moving start is not modelled: the spring from rest, marked as an estimate.
        try Self.expectAnimation(
            result, Self.implicit("springs-c", .tap, Self.spring(Spring(mass: 1, stiffness: 170, damping: 15)), opacity), line: 10)
        #expect(result.animations.map(\.spec.estimates.count) == [0, 0, 1])
        #expect(result.unresolved.map(\.line) == [10])
    }
}
