// MARK: - MediaTiming

/// Core Animation's `CAMediaTiming` of one animation (or of a `CAAnimationGroup`): how its parent's
/// time maps to the time of its basic duration. Times in seconds.
///
/// The mapping (Apple's `CAMediaTiming.h`; Docs/core-animation-semantics.md):
/// - active local time t = (parent − beginTime) · speed + timeOffset;
/// - the basic duration d (0 means Core Animation's default 0.25 s) repeats `repeatCount` times
///   (fractional allowed; 0 means once; infinity forever) or for `repeatDuration` seconds of
///   local time; with `autoreverses` every repetition plays forwards then backwards (a period of
///   2d);
/// - the object is active from `beginTime` for activeDuration / speed seconds of parent time;
///   `timeOffset` starts it part-way into its period and wraps around (C→D→E→A→B).
///
/// Before it begins the timeline holds the value it starts with, after it ends the value it ends
/// with: what the screen shows with `fillMode` backwards/forwards, or when the layer's model
/// value is set to those values (Apple's advice). `fillMode` itself is kept as written.
public struct MediaTiming: Hashable, Sendable, Codable {
    /// `fillMode`, kept as written (see the type's note on what the timeline holds).
    public enum FillMode: String, Hashable, Sendable, CaseIterable, Codable {
        case removed, forwards, backwards, both
    }

    /// Start (s) in the parent's time.
    public var beginTime: Double
    /// Basic duration (s) as written; 0 plays for `defaultDuration`.
    public var duration: Double
    /// Rate of local time against parent time (> 0).
    public var speed: Double
    /// Offset (s) added to active local time.
    public var timeOffset: Double
    /// Repetitions (may be fractional; 0 = once; `.infinity` = forever).
    public var repeatCount: Double
    /// Local seconds to repeat for (0 = unused).
    public var repeatDuration: Double
    /// Plays backwards after playing forwards.
    public var autoreverses: Bool
    public var fillMode: FillMode
    /// `timingFunction`: warps each play of the basic duration (nil = linear pacing).
    public var timingFunction: UnitCurve?

    /// What Core Animation plays an animation whose `duration` is 0 for (s): the default of
    /// `CATransaction.animationDuration`.
    public static let defaultDuration = 0.25
    /// Relative distance under which a time is taken to be on a boundary (rounding only).
    static let snap = 1e-12

    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0, repeatCount: Double = 0,
        repeatDuration: Double = 0, autoreverses: Bool = false, fillMode: FillMode = .removed, timingFunction: UnitCurve? = nil
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        self.timingFunction = timingFunction
    }

    // MARK: Derived durations

    /// The basic duration that plays (s): `duration`, or 0.25 s when it is 0.
    public var basicDuration: Double { duration > 0 ? duration : Self.defaultDuration }
    /// One period of local time (s): the basic duration, twice it when autoreversing.
    public var period: Double { basicDuration * (autoreverses ? 2 : 1) }
    /// Whether it repeats forever.
    public var isForever: Bool { repeatDuration <= 0 && repeatCount == .infinity }
    /// Local seconds it is active for (infinite when forever).
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        return (repeatCount > 0 ? repeatCount : 1) * period
    }
    /// When it ends, in parent time (s); infinite when forever.
    public var end: Double { beginTime + activeDuration / speed }

    // MARK: Mapping

    /// The basic local time (0 … basicDuration) at parent time `t`, and its rate dτ/dt. Before
    /// the start and after the end the rate is 0 and τ holds the first or last value. A time on
    /// a boundary belongs to the earlier side (the end of a period, not the start of the next)
    /// unless `right`, which asks for the limit from the right.
    public func local(at t: Double, right: Bool = false) -> (time: Double, rate: Double) {
        let d = basicDuration, p = period
        let active = activeDuration
        // Parent times of the boundaries (`breakpoints`) are computed from these same numbers;
        // a time that maps to within rounding of a boundary is on it.
        var raw = (t - beginTime) * speed
        if abs(raw) <= Self.snap * max(1, abs(t)) * speed { raw = 0 }
        if active.isFinite, abs(raw - active) <= Self.snap * max(1, active) { raw = active }
        let moving = right ? (raw >= 0 && raw < active) : (raw > 0 && raw <= active)
        let elapsed = min(max(raw, 0), active)
        let x = elapsed + timeOffset
        // Position within the period. On a multiple of the basic duration (to within rounding)
        // it is counted exactly: a period's start (or a reflection when autoreversing).
        var q: Double
        let whole = (x / d).rounded()
        if abs(x - whole * d) <= Self.snap * max(1, abs(x)) {
            let perPeriod = autoreverses ? 2.0 : 1.0
            q = (whole - perPeriod * (whole / perPeriod).rounded(.down)) * d
        } else {
            q = x - p * (x / p).rounded(.down)
            if q < 0 || q >= p { q = 0 }
        }
        // An exact period start after the start is the end of the period before (or, from the
        // right while still active, the start of the next).
        if q == 0, elapsed > 0, !(right && elapsed < active) { q = p }
        if autoreverses, right ? q >= d : q > d {
            return (2 * d - q, moving ? -speed : 0)
        }
        return (q, moving ? speed : 0)
    }

    /// Parent times in [from, to] where the mapping bends or jumps: the start, the end, and every
    /// time local time reaches a multiple of the basic duration while active. Sorted, unique.
    /// O((to − from) / basicDuration).
    public func breakpoints(from: Double, to: Double) -> [Double] {
        var times: [Double] = []
        let start = beginTime
        if start >= from && start <= to { times.append(start) }
        if end.isFinite && end >= from && end <= to { times.append(end) }
        periodMultiples(from: from, to: to, into: &times)
        return Self.unique(times)
    }

    /// Parent times in (from, to] where local time wraps from the end of a period back to its
    /// start (a jump of the value unless autoreversing, where the period returns to its start).
    public func wraps(from: Double, to: Double) -> [Double] {
        guard !autoreverses else { return [] }
        var times: [Double] = []
        periodMultiples(from: from, to: to, into: &times)
        return times
    }

    /// Appends the parent times in (max(from, begin), min(end, to)) where local active time
    /// x = offset + (t − begin)·speed reaches a multiple of the basic duration, in order, until
    /// `times` holds more than a million. Shared by `breakpoints` and `wraps`.
    private func periodMultiples(from: Double, to: Double, into times: inout [Double]) {
        let d = basicDuration
        let start = beginTime, stop = min(end, to)
        let first = max(from, start)
        guard stop > first else { return }
        var k = ((timeOffset + (first - start) * speed) / d).rounded(.down) + 1
        while true {
            let t = start + (k * d - timeOffset) / speed
            if t >= stop { break }
            if t > first || (t == first && t > start) { times.append(t) }
            k += 1
            if times.count > 1_000_000 { break }
        }
    }

    static func unique(_ times: [Double]) -> [Double] {
        var out = times
        out.sortRemovingRepeats()
        return out
    }
}
