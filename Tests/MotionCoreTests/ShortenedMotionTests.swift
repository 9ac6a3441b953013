import MotionCore
import Testing

/// `AnimationSpec.shortenedMotion()`: the one definition of what plays under Reduce Motion
/// `shortened`, checked against values worked out by hand.
@Suite("MotionCore: the shortened Reduce Motion version")
struct ShortenedMotionTests {
    static func keyframes(trigger: Trigger = .tap, reduceMotion: ReduceMotion? = .shortened, repeating: Bool = false) -> AnimationSpec {
        // scale 1 → 1.4 → 1.2 (furthest 1.4: half way is 1.2); opacity 1 → 0.5 → 1 (half way 0.75).
        AnimationSpec(
            id: "pop", trigger: trigger, reduceMotion: reduceMotion,
            motion: .keyframes(
                initial: [NamedValue("scale", 1), NamedValue("opacity", 1)],
                tracks: [
                    KeyframeTrack(property: "scale", keyframes: [.linear(to: 1.4, duration: 0.2), .linear(to: 1.2, duration: 0.3)]),
                    KeyframeTrack(property: "opacity", keyframes: [.linear(to: 0.5, duration: 0.25), .linear(to: 1, duration: 0.25)]),
                ],
                repeating: repeating))
    }

    @Test("keyframes: each track half way to its furthest excursion in 0.06 s, then to its end in 0.06 s")
    func keyframeTracks() throws {
        let timeline = try #require(try Self.keyframes().shortenedTimeline())
        #expect(abs(timeline.duration - 0.12) < 1e-12)
        let scale = try #require(timeline.properties.firstIndex(of: "scale"))
        let opacity = try #require(timeline.properties.firstIndex(of: "opacity"))
        for (index, start, middle, end) in [(scale, 1.0, 1.2, 1.2), (opacity, 1.0, 0.75, 1.0)] {
            #expect(abs(timeline.value(of: index, at: 0) - start) < 1e-9)
            #expect(abs(timeline.value(of: index, at: 0.06) - middle) < 1e-9)
            #expect(abs(timeline.value(of: index, at: 0.12) - end) < 1e-9)
        }
        guard case .keyframes(_, let tracks, let repeating)? = try Self.keyframes().shortenedMotion() else {
            Issue.record("not keyframes")
            return
        }
        #expect(!repeating)
        #expect(
            tracks.map { $0.keyframes } == [
                [.linear(to: 1.2, duration: 0.06, curve: .easeOut), .linear(to: 1.2, duration: 0.06, curve: .easeIn)],
                [.linear(to: 0.75, duration: 0.06, curve: .easeOut), .linear(to: 1, duration: 0.06, curve: .easeIn)],
            ])
    }

    @Test("phases: the same phases, each step ease-in-out 0.12 s (a jump too)")
    func phaseSteps() throws {
        let phases = [
            Phase(name: "rest", values: [("s", 1)], animation: nil),
            Phase(name: "pop", values: [("s", 1.3)], animation: PhaseAnimation(.spring(Spring(duration: 0.4, bounce: 0.3)))),
            Phase(name: "jump", values: [("s", 0.9)], animation: nil),
        ]
        let spec = AnimationSpec(id: "p", trigger: .tap, reduceMotion: .shortened, motion: .phases(phases))
        guard case .phases(let short)? = try spec.shortenedMotion() else {
            Issue.record("not phases")
            return
        }
        #expect(short.map(\.name) == ["rest", "pop", "jump"])
        #expect(short.map(\.values) == phases.map(\.values))
        #expect(short.allSatisfy { $0.animation == PhaseAnimation(.bezier(.easeInOut, duration: 0.12)) })
    }

    @Test("implicit: the written Reduce Motion animation, else ease-in-out 0.12 s")
    func implicitAnimation() throws {
        let values = [ImplicitValue("scale", from: 1, to: 1.2)]
        let bouncy = ImplicitAnimation(PhaseAnimation(.spring(Spring(duration: 0.4, bounce: 0.3))))
        let written = ImplicitAnimation(PhaseAnimation(.bezier(.easeOut, duration: 0.1)))
        let plain = AnimationSpec(
            id: "i", trigger: .tap, reduceMotion: .shortened, motion: .implicit(ImplicitMotion(animation: bouncy, values: values)))
        guard case .implicit(let m)? = try plain.shortenedMotion() else {
            Issue.record("not implicit")
            return
        }
        #expect(m.animation == ImplicitAnimation(PhaseAnimation(.bezier(.easeInOut, duration: 0.12))) && m.values == values)
        let own = AnimationSpec(
            id: "i", trigger: .tap, reduceMotion: .shortened,
            motion: .implicit(ImplicitMotion(animation: bouncy, values: values, reduceMotionAnimation: written)))
        guard case .implicit(let w)? = try own.shortenedMotion() else {
            Issue.record("not implicit")
            return
        }
        #expect(w.animation == written)
    }

    @Test("no shortened version: other fallbacks, none declared, a loop, a scrubbed keyframe animation")
    func none() throws {
        for rm in [nil, ReduceMotion.none, .crossfade, .instant, .static] {
            #expect(try Self.keyframes(reduceMotion: rm).shortenedMotion() == nil, "\(String(describing: rm))")
        }
        #expect(try Self.keyframes(repeating: true).shortenedTimeline() == nil)
        #expect(try Self.keyframes(trigger: .repeating).shortenedTimeline() == nil)
        #expect(try Self.keyframes(trigger: .scroll).shortenedTimeline() == nil)
        #expect(try Self.keyframes(trigger: .drag).shortenedTimeline() == nil)
    }

    @Test("a motion the core refuses is refused here too, not shortened from nothing")
    func refused() throws {
        // More property-seconds than the core analyses.
        let tracks = (0..<200).map { KeyframeTrack(property: "p\($0)", keyframes: [.linear(to: 1, duration: 100_000)]) }
        let spec = AnimationSpec(
            id: "huge", trigger: .tap, reduceMotion: .shortened, motion: .keyframes(initial: [], tracks: tracks, repeating: false))
        #expect(throws: MotionError.self) { try spec.shortenedMotion() }
    }
}
