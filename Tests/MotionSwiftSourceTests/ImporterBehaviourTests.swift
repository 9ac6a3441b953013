import Foundation
import MotionCore
import MotionSwiftSource
import Testing

@Suite struct ImporterBehaviourTests {
    @Test func parserIsAvailableInThisBuild() {
        #expect(SwiftSourceSupport.isAvailable)
    }

    @Test("a file that does not parse is refused with the parser's first error, line and column")
    func syntaxErrorIsRefused() throws {
        let source = """
            struct HeartView: View {
                var body: some View {
                    Image(systemName: "heart")
                        .keyframeAnimator(initialValue: 1.0, trigger: liked) { c, v in c.scaleEffect(v) } keyframes: { _ in
                            KeyframeTrack {
                                SpringKeyframe(1.3, duration: 0.2
                                SpringKeyframe(1.0, duration: 0.3)
                            }
                        }
                }
            }
            """
        do {
            _ = try SwiftSourceImporter().extract(source: source, file: "Broken.swift")
            Issue.record("a file with a syntax error was read")
        } catch let error as SwiftSourceError {
            guard case .syntax(let file, let line, let column, let what, _) = error else {
                Issue.record("\(error)")
                return
            }
            // Line 6 is the SpringKeyframe call missing its ')'; the parser notices right after its last argument (20 spaces + 33 characters).
            #expect(file == "Broken.swift" && line == 6 && column == 54)
            #expect(what.contains("')'"))
            #expect(error.description.hasPrefix("Broken.swift:6:54: not valid Swift"))
        }
        // The same source, repaired, is read.
        let fixed = source.replacingOccurrences(of: "duration: 0.2\n", with: "duration: 0.2)\n")
        #expect(try SwiftSourceImporter().extract(source: fixed, file: "Fixed.swift").animations.count == 1)
    }

    @Test("an animator called on self in `extension View` is found and named after its function")
    func viewExtensionAnimator() throws {
        let source = """
            extension View {
                func wiggle(_ trigger: Int) -> some View {
                    keyframeAnimator(initialValue: 0.0, trigger: trigger) { content, angle in
                        content.rotationEffect(.degrees(angle))
                    } keyframes: { _ in
                        KeyframeTrack {
                            LinearKeyframe(10, duration: 0.1)
                            LinearKeyframe(-10, duration: 0.1)
                            LinearKeyframe(0, duration: 0.1)
                        }
                    }
                }
                func breathe() -> some View {
                    self.phaseAnimator([1.0, 1.1]) { content, s in content.scaleEffect(s) }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "View+Motion.swift")
        #expect(result.animations.map(\.screen) == ["Wiggle", "Breathe"])
        #expect(result.animations.map(\.spec.id) == ["wiggle", "breathe"])
        #expect(result.animations.map(\.line) == [3, 14])
        let wiggle = try #require(result.animations.first)
        guard case .keyframes(_, let tracks, _) = wiggle.spec.motion else {
            Issue.record("not keyframes")
            return
        }
        #expect(tracks.first?.keyframes == [.linear(to: 10, duration: 0.1), .linear(to: -10, duration: 0.1), .linear(to: 0, duration: 0.1)])
        // A free function of that name outside any type is not SwiftUI's.
        let free = try SwiftSourceImporter().extract(source: "func f() { keyframeAnimator(initialValue: 0.0) }", file: "Free.swift")
        #expect(free.animations.isEmpty)
    }

    @Test func variableKeyframeValueIsReportedWithItsLine() throws {
        let result = try extractFixture("Unresolved.swift")
        // The keyframe's value, and the trigger that changes nowhere in the file.
        #expect(result.unresolved.count == 2)
        #expect(
            result.unresolved.first?.what
                == "keyframeAnimator(trigger: trigger): `trigger` is not changed in this file (a binding or a model's property?); trigger event:trigger"
        )
        let issue = try #require(result.unresolved.last)
        #expect(issue.file == "Unresolved.swift")
        #expect(issue.line == 13)
        #expect(issue.what.contains("peak"))
        // The rest of the animator is still read: the unreadable keyframe is skipped.
        let found = try #require(result.animations.first)
        guard case .keyframes(_, let tracks, _) = found.spec.motion else {
            Issue.record("not keyframes")
            return
        }
        #expect(tracks.first?.keyframes == [.linear(to: 1.2, duration: 0.1), .cubic(to: 1.0, duration: 0.3)])
    }

    @Test(
        "a name bound by let to a number is read through it (local, member, extension, Type.name, file scope); a var, a parameter or an if/guard binding of that name is not"
    )
    func namedConstants() throws {
        let source = """
            import SwiftUI
            let globalPeak = 1.3
            enum Timing { static let fast = 0.15 }
            extension Timing { static let slow = 0.45 }
            struct Pop: View {
                let peak = 1.2
                var loose = 1.6
                @State private var t = 0
                var body: some View {
                    let settle = 0.25
                    return Text("x").keyframeAnimator(initialValue: 1.0, trigger: t) { v, s in v.scaleEffect(s) } keyframes: { _ in
                        LinearKeyframe(peak, duration: Timing.fast)
                        LinearKeyframe(globalPeak, duration: Timing.slow)
                        LinearKeyframe(1.0, duration: settle)
                        LinearKeyframe(loose, duration: 0.1)
                    }
                }
            }
            struct Shadow: View {
                let scale = 2.0
                @State private var t = 0
                func shaken(scale: Double) -> some View {
                    Text("y").keyframeAnimator(initialValue: 1.0, trigger: t) { v, s in v.scaleEffect(s) } keyframes: { _ in
                        LinearKeyframe(scale, duration: 0.2)
                    }
                }
                var body: some View { shaken(scale: 3) }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Named.swift")
        let pop = try #require(result.animations.first { $0.spec.id == "pop" })
        guard case .keyframes(_, let tracks, _) = pop.spec.motion else {
            Issue.record("not keyframes")
            return
        }
        // `loose` is a var (the memberwise initializer may set it): unread, that keyframe skipped.
        #expect(tracks.first?.keyframes == [.linear(to: 1.2, duration: 0.15), .linear(to: 1.3, duration: 0.45), .linear(to: 1.0, duration: 0.25)])
        #expect(result.unresolved.contains { $0.line == 15 && $0.what.contains("loose") }, "\(result.unresolved)")
        // The parameter `scale` hides the member: not read as 2.
        #expect(result.unresolved.contains { $0.line == 24 && $0.what.contains("scale") }, "\(result.unresolved)")
    }

    @Test func unknownInitialValueAndAnimationAreReported() throws {
        let source = """
            struct Pop: View {
                var body: some View {
                    Circle()
                        .keyframeAnimator(initialValue: Model.start, trigger: 0) { v, s in v } keyframes: { _ in
                            LinearKeyframe(2, duration: 0.5)
                        }
                        .phaseAnimator([0.0, 1.0], trigger: 1) { content, p in
                            content.opacity(p)
                        } animation: { _ in
                            myAnimation
                        }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Pop.swift")
        #expect(result.animations.map(\.spec.id) == ["pop", "pop-2"])
        #expect(result.unresolved.map(\.line) == [4, 10, 10])
        #expect(result.unresolved[0].what.contains("Model.start"))
        // Unreadable animation → Animation.default, kept going.
        guard case .phases(let phases) = result.animations[1].spec.motion else {
            Issue.record("not phases")
            return
        }
        #expect(phases.map(\.animation) == [.default, .default])
        #expect(phases.map { $0.values["opacity"] } == [0.0, 1.0])
    }

    @Test(
        "a spring of zero or negative mass or stiffness is no spring: unreadable, never a NaN, and the reader's answer reads back equal (a fuzzing find: mass 0 gave ζ = NaN)"
    )
    func springWithoutMassIsUnreadable() throws {
        let source = """
            import SwiftUI
            struct CartIcon: View {
                var body: some View {
                    Image(systemName: "cart")
                        .keyframeAnimator(initialValue: 1.0, repeating: true) { view, scale in
                            view.scaleEffect(scale)
                        } keyframes: { _ in
                            MoveKeyframe(1.0)
                            LinearKeyframe(1.1, duration: 0.2, timingCurve: .easeOut)
                            SpringKeyframe(1.0, spring: Spring(mass: 0, stiffness: 170, damping: 15))
                            SpringKeyframe(1.2, spring: Spring(mass: -1, stiffness: 170, damping: 15))
                            SpringKeyframe(1.0, spring: Spring(mass: 1, stiffness: 0, damping: 15))
                            SpringKeyframe(0.9, spring: Spring(mass: 1, stiffness: 170, damping: 15))
                        }
                        .phaseAnimator([0.0, 1.0]) { content, p in
                            content.opacity(p)
                        } animation: { _ in
                            .interpolatingSpring(mass: 0, stiffness: 100, damping: 10)
                        }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Cart.swift")
        // The three springs that describe nothing are reported on their lines, the good one is
        // read; the phase animation once for each phase it moves into, as any unreadable one.
        #expect(result.unresolved.map(\.line) == [10, 11, 12, 18, 18], "\(result.unresolved)")
        #expect(result.unresolved[0].what.contains("Spring(mass: 0, stiffness: 170, damping: 15)"))
        let cart = try #require(result.animations.first)
        guard case .keyframes(_, let tracks, _) = cart.spec.motion else {
            Issue.record("not keyframes")
            return
        }
        #expect(
            tracks.first?.keyframes == [
                .move(to: 1.0), .linear(to: 1.1, duration: 0.2, curve: .easeOut),
                .spring(to: 0.9, duration: nil, spring: Spring(mass: 1, stiffness: 170, damping: 15)),
            ])
        let badge = try #require(result.animations.last)
        guard case .phases(let phases) = badge.spec.motion else {
            Issue.record("not phases")
            return
        }
        #expect(phases.map(\.animation) == [.default, .default], "an unreadable animation is Animation.default")
        // What motionsync reads from the reader's process equals what the reader found.
        let answer = try SwiftSourceWire.answer([.success(result)])
        #expect(try SwiftSourceWire.results(fromAnswer: answer, expected: 1) == [.success(result)])
    }

    @Test func screenCommentOverridesTheViewName() throws {
        let result = try extractFixture("ScreenOverride.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        #expect(result.animations.map(\.screen) == ["Checkout", "PlainBadge"])
        #expect(result.animations.map(\.spec.id) == ["cart-icon", "plain-badge"])
        let cart = result.animations[0].spec
        #expect(cart.trigger == .repeating)
        #expect(cart.isRepeating)
        guard case .keyframes(_, let tracks, let repeating) = cart.motion else {
            Issue.record("not keyframes")
            return
        }
        #expect(repeating)
        #expect(
            tracks.first?.keyframes == [
                .move(to: 1.0),
                .linear(to: 1.1, duration: 0.2, curve: .easeOut),
                .spring(to: 1.0, duration: nil, spring: Spring(mass: 1, stiffness: 170, damping: 15)),
            ])
        // Numeric phases read through `content.opacity(phase)`; no trigger → repeating.
        let badge = result.animations[1].spec
        #expect(badge.trigger == .repeating)
        guard case .phases(let phases) = badge.motion else {
            Issue.record("not phases")
            return
        }
        #expect(phases.map { $0.values["opacity"] } == [0.0, 1.0, 0.5])
        #expect(phases.allSatisfy { $0.animation == PhaseAnimation(.bezier(.easeInOut, duration: 0.4)) })
    }

    @Test func screenCommentOnTheDeclarationLine() throws {
        let source = """
            struct Badge: View { // motionsync: screen=Inbox
                var body: some View {
                    Circle().phaseAnimator([1.0, 1.2]) { c, s in c.scaleEffect(s) }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Badge.swift")
        #expect(result.animations.map(\.screen) == ["Inbox"])
        guard case .phases(let phases) = result.animations[0].spec.motion else {
            Issue.record("not phases")
            return
        }
        #expect(phases.map(\.animation) == [.default, .default]) // no animation closure
    }

    @Test("a `// motionsync: trigger=…` comment names the trigger a view is handed; an unknown spelling is not taken")
    func triggerComment() throws {
        func source(_ comment: String) -> String {
            """
            import SwiftUI
            \(comment)
            struct Pop<T: Equatable>: ViewModifier {
                var trigger: T
                func body(content: Content) -> some View {
                    content.keyframeAnimator(initialValue: 1.0, trigger: trigger) { v, s in v.scaleEffect(s) } keyframes: { _ in
                        LinearKeyframe(1.2, duration: 0.2)
                    }
                }
            }
            struct Sheet: View {
                let shown: Bool
                var body: some View { Text("x").offset(y: shown ? 0 : 40).animation(.easeOut(duration: 0.3), value: shown) }
            }
            """
        }
        let named = try SwiftSourceImporter().extract(source: source("// motionsync: screen=Cart trigger=event:addedToCart"), file: "Pop.swift")
        #expect(named.animations.map(\.spec.trigger) == [.event("addedToCart"), .event("shown")])
        #expect(named.animations.first?.screen == "Cart")
        #expect(named.unresolved.map(\.line) == [13], "only Sheet's `shown`, which no comment names: \(named.unresolved)")
        let unknown = try SwiftSourceImporter().extract(source: source("// motionsync: trigger=sometimes"), file: "Pop.swift")
        #expect(unknown.animations.first?.spec.trigger == .event("trigger"))
        #expect(unknown.unresolved.map(\.line) == [6, 13])
    }

    @Test func twoAnimatorsInOneTypeGetTwoIDs() throws {
        let result = try extractFixture("TwoAnimators.swift")
        // `taps` is a parameter: each animator says its trigger is not resolved in the file.
        #expect(result.unresolved.map(\.line) == [9, 16], "\(result.unresolved)")
        #expect(result.animations.map(\.spec.id) == ["like-row", "like-row-2"])
        #expect(result.animations.map(\.spec.kind) == ["keyframes", "phases"])
        #expect(result.animations.map(\.line) == [9, 16])
        #expect(result.animations.map(\.spec.trigger) == [.event("taps"), .event("taps")])
    }

    @Test func mayContainAnimator() throws {
        for name in ["keyframeAnimator", "KeyframeAnimator", "KeyframeTimeline", "phaseAnimator", "PhaseAnimator"] {
            #expect(SwiftSourceScan.mayContainAnimator(Array("let x = 1\nfoo.\(name)(".utf8)), "\(name)")
        }
        #expect(SwiftSourceScan.mayContainAnimator(Array(try fixture("HeartPulse.swift").utf8)))
        #expect(
            SwiftSourceScan.mayContainAnimator(Array("struct A: View { var body: some View { Text(\"phase\").animation(.default) } }".utf8)),
            "every form of .animation is read")
        #expect(!SwiftSourceScan.mayContainAnimator(Array("struct A: View { var body: some View { Text(\"phase\").opacity(0.5) } }".utf8)))
        #expect(!SwiftSourceScan.mayContainAnimator([]))
        #expect(!SwiftSourceScan.mayContainAnimator(Array("keyframeAnimato".utf8)))
    }

    @Test func keyframeTimelineAndSpringForms() throws {
        let source = """
            struct Values { var scale: Double = 1; var angle: Angle = .degrees(10) }
            struct Scrubber: View {
                func make() {
                    let timeline = KeyframeTimeline(initialValue: Values(scale: 2)) {
                        KeyframeTrack(\\.scale) {
                            SpringKeyframe(1.5, duration: 0.3, spring: .init(response: 0.4, dampingRatio: 0.7))
                            SpringKeyframe(1.0, duration: 0.3, spring: Spring(duration: 0.3, bounce: 0.2), startVelocity: -2)
                            SpringKeyframe(1.2, duration: 0.3, spring: .bouncy(duration: 0.4, extraBounce: 0.1))
                        }
                        KeyframeTrack(\\Values.angle) {
                            CubicKeyframe(Angle.degrees(-5), duration: 0.2, startVelocity: 1, endVelocity: 0)
                            LinearKeyframe(.zero, duration: 0.1, timingCurve: .bezier(startControlPoint: UnitPoint(x: 0.2, y: 0), endControlPoint: .init(x: 0.8, y: 1)))
                        }
                    }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Scrubber.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        let found = try #require(result.animations.first)
        #expect(found.spec.id == "scrubber")
        guard case .keyframes(let initial, let tracks, _) = found.spec.motion else {
            Issue.record("not keyframes")
            return
        }
        #expect(initial == [NamedValue("scale", 2), NamedValue("angle", 10)])
        #expect(tracks.map(\.property) == ["scale", "angle"])
        #expect(
            tracks[0].keyframes == [
                .spring(to: 1.5, duration: 0.3, spring: Spring(response: 0.4, dampingRatio: 0.7)),
                .spring(to: 1.0, duration: 0.3, spring: Spring(duration: 0.3, bounce: 0.2), startVelocity: -2),
                .spring(to: 1.2, duration: 0.3, spring: .preset(.bouncy, duration: 0.4, extraBounce: 0.1)),
            ])
        #expect(
            tracks[1].keyframes == [
                .cubic(to: -5, duration: 0.2, startVelocity: 1, endVelocity: 0),
                .linear(to: 0, duration: 0.1, curve: UnitCurve(x1: 0.2, y1: 0, x2: 0.8, y2: 1)!),
            ])
    }

    @Test func phaseAnimationForms() throws {
        let source = """
            enum Step: CaseIterable {
                case a, b, c, d
                var lift: Double { if self == .b { return -4 } else { return 0 } }
            }
            struct Steps: View {
                var body: some View {
                    Circle().phaseAnimator(Step.allCases, trigger: 1) { content, step in
                        content.offset(x: step == .c ? 3 : 0, y: step.lift).blur(radius: step != .a ? 2 : 0)
                    } animation: { step in
                        switch step {
                        case .a: .spring(response: 0.3, dampingFraction: 0.6).speed(2)
                        case .b: nil
                        case .c: Animation.linear.delay(0.1)
                        default: .smooth(duration: 0.2)
                        }
                    }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Steps.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        guard case .phases(let phases) = try #require(result.animations.first).spec.motion else {
            Issue.record("not phases")
            return
        }
        #expect(phases.map(\.order) == Array(repeating: ["x", "lift", "blur"], count: 4)) // offset(y: step.lift) → lift
        #expect(phases.map { $0.values["x"] } == [0, 0, 3, 0])
        #expect(phases.map { $0.values["lift"] } == [0, -4, 0, 0])
        #expect(phases.map { $0.values["blur"] } == [0, 2, 2, 2])
        #expect(phases[0].animation == PhaseAnimation(.spring(Spring(response: 0.3, dampingRatio: 0.6)), speed: 2))
        #expect(phases[1].animation == nil)
        #expect(phases[2].animation == PhaseAnimation(.bezier(.linear, duration: 0.35), delay: 0.1))
        #expect(phases[3].animation == PhaseAnimation(.spring(.preset(.smooth, duration: 0.2))))
    }
}
