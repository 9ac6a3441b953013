// MARK: - The Reduce Motion version

extension AnimationSpec {
    /// How long a `shortened` Reduce Motion version plays, in seconds: each step of it (a
    /// keyframe track's two halves together, each phase step, an implicit animation) takes this
    /// long, without bounce.
    public static let shortenedLength = 0.12

    /// The motion played with Reduce Motion on, for an animation that declares `shortened`; nil
    /// when it plays none (another fallback, none declared) or the shortened one would not be a
    /// motion of its own: a loop (a 0.12 s loop would flicker) and a keyframe animation scrubbed
    /// by scroll or drag (it follows the finger) stand still instead.
    ///
    /// One definition for the code `codegen` writes, the Reduce Motion variant `budget` checks
    /// and what `diff` compares:
    /// - keyframes: each track half way to its furthest excursion from the start (the full
    ///   timeline sampled every millisecond) in 0.06 s eased out, then to its end value in 0.06 s
    ///   eased in;
    /// - phases: the same phases, each step `.easeInOut(duration: 0.12)`;
    /// - implicit: its written Reduce Motion animation, else `.easeInOut(duration: 0.12)`.
    /// - Throws: `MotionError` when the core refuses the full motion (keyframes only).
    public func shortenedMotion() throws -> Motion? {
        guard reduceMotion == .shortened, !isRepeating else { return nil }
        switch motion {
        case .keyframes(let initial, let tracks, _):
            if trigger == .scroll || trigger == .drag { return nil }
            let start = Dictionary(initial.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
            return .keyframes(initial: initial, tracks: Self.shortened(tracks: tracks, start: start, timeline: try timeline()), repeating: false)
        case .phases(let phases):
            let step = PhaseAnimation(.bezier(.easeInOut, duration: Self.shortenedLength))
            return .phases(
                phases.map {
                    var p = $0
                    p.animation = step
                    return p
                })
        case .implicit(let m):
            guard let reduced = m.reducedAnimation(under: reduceMotion) else { return nil }
            return .implicit(ImplicitMotion(animation: reduced, values: m.values))
        case .layer:
            return nil
        }
    }

    /// The timeline of `shortenedMotion()`, nil when there is none.
    /// - Throws: `MotionError` when the core refuses the motion.
    public func shortenedTimeline() throws -> (any MotionTimeline)? {
        guard let motion = try shortenedMotion() else { return nil }
        var reduced = self
        reduced.motion = motion
        reduced.reduceMotion = nil
        return try reduced.timeline()
    }

    /// Each track in `shortenedLength` without bounce: half way to its furthest excursion from
    /// its start (`timeline` sampled every millisecond, at most 60 s), eased out, then to its end
    /// value, eased in; the middle value rounded to 10⁻⁶ (what generated code writes). O(n) in
    /// the sampled milliseconds per track.
    static func shortened(tracks: [KeyframeTrack], start: [String: Double], timeline: any MotionTimeline) -> [KeyframeTrack] {
        let half = shortenedLength / 2
        return tracks.map { t in
            let from = start[t.property] ?? 0
            var furthest = from
            if let index = timeline.properties.firstIndex(of: t.property) {
                let steps = Int(min(timeline.duration, 60) * 1000)
                for i in 0...max(steps, 0) {
                    let v = timeline.value(of: index, at: Double(i) / 1000)
                    if abs(v - from) > abs(furthest - from) { furthest = v }
                }
            }
            let mid = ((from + (furthest - from) / 2) * 1e6).rounded() / 1e6
            let end = t.keyframes.last?.to ?? from
            return KeyframeTrack(
                property: t.property,
                keyframes: [
                    .linear(to: mid, duration: half, curve: .easeOut), .linear(to: end, duration: half, curve: .easeIn),
                ])
        }
    }
}
