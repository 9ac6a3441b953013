import MotionCore

// MARK: - HapticAlignment

/// How far a haptic event sits from the motion moment it should land on.
public struct HapticAlignment: Hashable, Sendable {
    public let time: Double
    public let kind: HapticEvent.Kind
    /// The nearest moment (s): peaks, impacts, snaps and haptic cues for transients; hold starts
    /// and haptic cues for continuous events (the other kind only when the motion has none of
    /// the right kind).
    public let nearest: Double?
    /// event − moment (s): negative when the haptic comes first. In a loop it is measured around
    /// the cycle, so an event at 0.99 s of a 1 s loop is 10 ms before a moment at 0 s.
    public let offset: Double?

    public init(time: Double, kind: HapticEvent.Kind, nearest: Double?, cycle: Double? = nil) {
        self.time = time
        self.kind = kind
        self.nearest = nearest
        offset = nearest.map { Self.offset(time, from: $0, cycle: cycle) + 0 }  // + 0: never -0
    }

    /// `time − moment`, or in a loop of length `cycle` the same difference taken into
    /// (−cycle/2, cycle/2].
    static func offset(_ time: Double, from moment: Double, cycle: Double?) -> Double {
        guard let cycle, cycle > 0 else { return time - moment }
        var d = (time - moment).truncatingRemainder(dividingBy: cycle)
        if d > cycle / 2 { d -= cycle } else if d <= -cycle / 2 { d += cycle }
        return d
    }

    /// A haptic may lead its visual moment by at most 15 ms and trail it by at most 50 ms
    /// (Di Luca & Mahnan 2019: asynchrony goes unnoticed up to 50 ms haptic-after-visual, only
    /// 15 ms haptic-first).
    public static let maximumLead = 0.015
    public static let maximumLag = 0.050

    public enum Verdict: String, Sendable { case ok, leads, lags, noMoment = "no moment" }

    /// The offset in ms rounded to 0.1 ms, with the sign always written and never `-0.0`
    /// (`+0.0 ms`, `-12.5 ms`); with more decimals where 0.1 ms would land on the other side of a
    /// limit than the offset itself (a lead of 15.03 ms is `-15.03 ms`, never `-15.0 ms` and
    /// "leads").
    public var offsetText: String? {
        shownOffset.map { String(format: "%+.\($0.decimals)f ms", $0.ms) }
    }

    /// The offset in ms as shown (`offsetText`, `offsetMs` in JSON): rounded to 0.1 ms, or to as
    /// many more decimals (up to 6) as it takes to keep the offset's verdict.
    public var shownOffset: (ms: Double, decimals: Int)? {
        guard let offset else { return nil }
        for decimals in 1...6 {
            let scale = [1.0, 10, 100, 1000, 1e4, 1e5, 1e6][decimals]
            let ms = (offset * 1000 * scale).rounded() / scale + 0
            if HapticAlignment(time: ms / 1000, kind: kind, nearest: 0).verdict == verdict { return (ms, decimals) }
        }
        return (offset * 1000 + 0, 6)
    }

    /// `seconds` in ms rounded to 0.1 ms; a value that rounds to zero is +0.
    public static func roundedMs(_ seconds: Double) -> Double {
        (seconds * 10_000).rounded() / 10 + 0
    }

    public var verdict: Verdict {
        guard let offset else { return .noMoment }
        if offset < -Self.maximumLead - 1e-9 { return .leads }
        if offset > Self.maximumLag + 1e-9 { return .lags }
        return .ok
    }

    /// Each event against the nearest moment of `analysis` and the animation's haptic `cues`
    /// (a cue is a moment the designer named). Pinned events are not moments: a pin off the
    /// motion is what this measures. In a repeating animation distances wrap around the cycle.
    /// O(events × moments).
    public static func align(_ events: [HapticEvent], to analysis: MotionAnalysis, cues: [Cue] = []) -> [HapticAlignment] {
        let cueTimes = cues.filter { $0.isHapticCue && $0.time >= 0 && $0.time <= analysis.duration + 1e-9 }.map(\.time)
        let moments = HapticPlanner().moments(analysis).map(\.time) + cueTimes
        let holdStarts = analysis.holds.filter { $0.position == .interior }.map(\.start)
        let cycle = analysis.isRepeating ? analysis.duration : nil
        return events.map { event in
            // Transients stand on peaks, impacts, snaps (and haptic cues); continuous events on hold
            // starts (and cues). Only a motion without any moment of the right kind falls back to
            // the other kind, so a hold that starts near a transient never hides its real peak.
            let candidates: [Double] = switch event.kind {
            case .transient: moments.isEmpty ? holdStarts : moments
            case .continuous: holdStarts.isEmpty ? moments : holdStarts + cueTimes
            }
            let distance = { (m: Double) in abs(Self.offset(event.time, from: m, cycle: cycle)) }
            let nearest = candidates.min { distance($0) < distance($1) }
            return HapticAlignment(time: event.time, kind: event.kind, nearest: nearest, cycle: cycle)
        }
    }
}
