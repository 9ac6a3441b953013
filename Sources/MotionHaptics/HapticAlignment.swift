import MotionCore

// MARK: - HapticAlignment

/// How far a haptic event sits from the motion moment it should land on.
public struct HapticAlignment: Hashable, Sendable {
    public let time: Double
    public let kind: HapticEvent.Kind
    /// The nearest moment (s): peaks, impacts and snaps for transients; hold starts for
    /// continuous events (any moment when the motion has no holds).
    public let nearest: Double?

    /// event − moment (s): negative when the haptic comes first.
    public var offset: Double? { nearest.map { time - $0 } }

    /// A haptic may lead its visual moment by at most 15 ms and trail it by at most 50 ms
    /// (Di Luca & Mahnan 2019: asynchrony goes unnoticed up to 50 ms haptic-after-visual, only
    /// 15 ms haptic-first).
    public static let maximumLead = 0.015
    public static let maximumLag = 0.050

    public enum Verdict: String, Sendable { case ok, leads, lags, noMoment = "no moment" }

    public var verdict: Verdict {
        guard let offset else { return .noMoment }
        if offset < -Self.maximumLead - 1e-9 { return .leads }
        if offset > Self.maximumLag + 1e-9 { return .lags }
        return .ok
    }

    /// Each event against the nearest moment of `analysis`. O(events × moments).
    public static func align(_ events: [HapticEvent], to analysis: MotionAnalysis) -> [HapticAlignment] {
        let moments = HapticPlanner().moments(analysis).map(\.time)
        let holdStarts = analysis.holds.filter { $0.position == .interior }.map(\.start)
        return events.map { event in
            let candidates = event.kind == .continuous && !holdStarts.isEmpty ? holdStarts : moments + holdStarts
            let nearest = candidates.min { abs($0 - event.time) < abs($1 - event.time) }
            return HapticAlignment(time: event.time, kind: event.kind, nearest: nearest)
        }
    }
}
