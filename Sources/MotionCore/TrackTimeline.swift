// MARK: - TrackTimeline

/// One property's keyframes resolved into segments with SwiftUI's velocity hand-over rules.
///
/// Resolution is O(n) in keyframes; `value(at:)` and `velocity(at:)` are O(log n).
///
/// Named choices where the sources are silent or disagree (each has a test):
/// - Consecutive cubics form a non-uniform Catmull-Rom spline (Apple's docs in words, DanceUI's
///   numbers); SwiftVVD's v1 = 0 variant is not followed.
/// - An explicit `endVelocity` on a cubic is the next cubic's start velocity, and an explicit
///   `startVelocity` on the next cubic or spring is this cubic's end velocity (DanceUI), so explicit
///   velocities never open a kink on their own.
/// - Every segment starts from the value the previous one actually reached (a spring cut off by
///   its duration hands over its reached value and velocity), and the track's final value is what
///   its last segment reached. The Catmull-Rom P of a cubic is likewise where the previous cubic
///   really started (the reference says "the target two keyframes back"; the two differ only
///   after a cut-off spring, where the target would open a kink in the velocity).
/// - A zero-duration Linear keyframe is a jump like Move (outgoing velocity 0), where the formula
///   would divide by zero.
/// - A time exactly on a boundary belongs to the earlier segment; at time ≤ 0 the initial value holds.
public struct TrackTimeline: Hashable, Sendable {
    public let property: String
    public let initialValue: Double
    public let segments: [KeyframeSegment]
    /// Segments with a duration, in order: the ones time can fall inside.
    let timed: [KeyframeSegment]

    /// Sum of the segment durations (s).
    public var duration: Double { Self.duration(of: segments) }

    /// `duration` of a track whose segments are `segments` (s).
    static func duration(of segments: [KeyframeSegment]) -> Double { segments.last?.finish ?? 0 }
    /// The value the track ends on and holds afterwards.
    public var finalValue: Double { segments.last?.end ?? initialValue }

    /// ε for a spring keyframe without a duration ("until settled"), as DanceUI uses.
    public static let springKeyframeEpsilon = 0.0001

    /// Resolves `track` starting at `initialValue` with start velocity 0.
    /// - Throws: `MotionError.neverSettles` for a spring keyframe without a duration whose spring
    ///   does not settle, `MotionError.invalidDuration` for a negative or non-finite duration,
    ///   `MotionError.doesNotComeToRest` when it breaks a `MotionLimits` rule.
    public init(track: KeyframeTrack, initialValue: Double) throws {
        property = track.property
        self.initialValue = initialValue
        let keyframes = track.keyframes
        var segments: [KeyframeSegment] = []
        segments.reserveCapacity(keyframes.count)
        var value = initialValue
        var velocity = 0.0
        var time = 0.0

        for (i, keyframe) in keyframes.enumerated() {
            // A value that is not a finite number (a store edited by hand, a caller's NaN) has no
            // place to rest at, and the analysis would search for one forever.
            if let why = Self.nonFinite(keyframe, initialValue: i == 0 ? initialValue : 0) {
                throw MotionError.doesNotComeToRest(.keyframe(property: property, index: i), why: why)
            }
            let shape: KeyframeSegment.Shape
            var duration: Double
            switch keyframe {
            case .move:
                shape = .jump
                duration = 0
            case .linear(_, let d, let curve):
                try Self.check(d, index: i, property: property)
                duration = d
                shape = d > 0 ? .linear(curve: curve) : .jump
            case .cubic(let to, let d, let explicitStart, let explicitEnd):
                try Self.check(d, index: i, property: property)
                duration = d
                if d <= 0 {
                    shape = .jump
                    break
                }
                // P, the value the previous cubic set out from: where it really started (the
                // reached value when the keyframe before it was a cut-off spring), so velocity
                // stays continuous; the reference's "target two keyframes back" differs only there.
                let start =
                    explicitStart
                    ?? Self.cubicStartVelocity(
                        keyframes: keyframes, index: i, to: to, duration: d,
                        previousTarget: segments.last?.from ?? initialValue, handedOver: velocity)
                let end =
                    explicitEnd
                    ?? Self.cubicEndVelocity(
                        keyframes: keyframes, index: i, from: value, to: to, duration: d)
                shape = .cubic(startVelocity: start, endVelocity: end)
            case .spring(let to, let d, let spring, let explicitStart):
                let v0 = explicitStart ?? velocity
                duration = try Self.springDuration(spring, to: to, written: d, from: value, velocity: v0, index: i, property: property)
                shape = .spring(spring, startVelocity: v0)
            }
            // Durations are each finite and ≥ 0 (checked above), so the running sum is too; the
            // track must end within the hour the analysis is bounded by.
            guard time + duration <= MotionLimits.maximumDuration else {
                throw MotionError.doesNotComeToRest(
                    .keyframe(property: property, index: i),
                    why: "the track reaches \(MotionLimits.figure(time + duration)) s here and the limit is an hour")
            }
            let segment = KeyframeSegment(keyframeIndex: i, shape: shape, start: time, duration: duration, from: value, to: keyframe.to)
            // Finite numbers whose motion is not (a stiffness and a distance whose product is past
            // what a Double holds) would leave the analysis nothing finite to search.
            guard segment.end.isFinite, segment.endVelocity.isFinite else {
                throw MotionError.doesNotComeToRest(
                    .keyframe(property: property, index: i),
                    why:
                        "its motion overflows (the value or velocity at its end is not a finite number): the spring or the distance is beyond any motion's range"
                )
            }
            segments.append(segment)
            value = segment.end
            velocity = segment.endVelocity
            time += duration
        }
        self.segments = segments
        var timed: [KeyframeSegment] = []
        timed.reserveCapacity(segments.count)
        for segment in segments where segment.duration > 0 { timed.append(segment) }
        self.timed = timed
    }

    /// The length (s) of spring keyframe `index`: the written one (checked), else how long the
    /// spring takes to settle from `from` to `to` starting at `velocity`. Throws where the spring
    /// grows, never settles, takes over an hour or swings visibly more often than the limit.
    static func springDuration(
        _ spring: Spring, to: Double, written d: Double?, from value: Double, velocity v0: Double, index i: Int, property: String
    ) throws -> Double {
        if let why = MotionLimits.growth(of: spring) { throw MotionError.doesNotComeToRest(.keyframe(property: property, index: i), why: why) }
        let duration: Double
        if let d {
            try Self.check(d, index: i, property: property)
            duration = d
        } else {
            guard spring.settles else { throw MotionError.neverSettles(property: property, keyframe: i) }
            duration = spring.settlingDuration(target: to - value, initialVelocity: v0, epsilon: Self.springKeyframeEpsilon)
            guard duration.isFinite, duration <= MotionLimits.maximumDuration else {
                throw MotionError.doesNotComeToRest(
                    .keyframe(property: property, index: i),
                    why: "its spring \(MotionLimits.settling(duration)) and the limit is an hour")
            }
        }
        let swings = MotionLimits.visibleOscillations(of: spring, over: duration)
        guard swings <= MotionLimits.maximumOscillations else {
            throw MotionError.doesNotComeToRest(
                .keyframe(property: property, index: i),
                why:
                    "its spring swings \(MotionLimits.figure(swings.rounded())) visible times and the limit is \(MotionLimits.figure(MotionLimits.maximumOscillations))"
            )
        }
        return duration
    }

    /// Why `keyframe` (with the track's initial value, for the first) holds a value that is not a
    /// finite number, or nil.
    static func nonFinite(_ keyframe: Keyframe, initialValue: Double) -> String? {
        if !initialValue.isFinite { return "the initial value \(initialValue) is not a finite number" }
        if !keyframe.to.isFinite { return "its target \(keyframe.to) is not a finite number" }
        switch keyframe {
        case .cubic(_, _, let start, let end):
            if let v = start, !v.isFinite { return "its start velocity \(v) is not a finite number" }
            if let v = end, !v.isFinite { return "its end velocity \(v) is not a finite number" }
        case .spring(_, _, _, let start):
            if let v = start, !v.isFinite { return "its start velocity \(v) is not a finite number" }
        default: break
        }
        return nil
    }

    static func check(_ d: Double, index: Int, property: String) throws {
        guard d.isFinite, d >= 0 else { throw MotionError.invalidDuration(property: property, keyframe: index, duration: d) }
    }

    /// Start velocity of cubic `i` without an explicit one.
    static func cubicStartVelocity(
        keyframes: [Keyframe], index i: Int, to: Double, duration d: Double,
        previousTarget p: Double, handedOver: Double
    ) -> Double {
        guard i > 0 else { return handedOver } // 0 at the start of the track
        switch keyframes[i - 1] {
        case .cubic(_, let prevD, _, let prevEnd):
            if let prevEnd { return prevEnd }
            guard prevD > 0 else { return 0 }
            // Catmull-Rom: (to − P)/(d_prev + d), P where the previous cubic started.
            return (to - p) / (prevD + d)
        case .move, .linear, .spring:
            // Move and zero-length Linear hand over 0; Linear its (to − from)/d·curve'(1);
            // Spring its velocity at its cut-off time.
            return handedOver
        }
    }

    /// End velocity of cubic `i` without an explicit one.
    static func cubicEndVelocity(keyframes: [Keyframe], index i: Int, from: Double, to: Double, duration d: Double) -> Double {
        guard i + 1 < keyframes.count else { return 0 } // 0 at the end of the track
        switch keyframes[i + 1] {
        case .move:
            return 0
        case .cubic(let nextTo, let nextD, let nextStart, _):
            if let nextStart { return nextStart }
            return (nextTo - from) / (d + nextD)
        case .spring(let nextTo, _, _, let nextStart):
            if let nextStart { return nextStart }
            return (nextTo - from) / (2 * d)
        case .linear(let nextTo, let nextD, let curve):
            guard nextD > 0 else { return 0 }
            return (nextTo - to) / nextD * curve.velocity(at: 0)
        }
    }

    // MARK: Evaluation

    /// The timed segment containing `time` (start < time ≤ finish), or nil before 0 / after the end.
    func segment(at time: Double) -> KeyframeSegment? {
        segmentIndex(at: time).map { timed[$0] }
    }

    /// The index in `timed` of the first segment whose finish ≥ `time`, nil at or before 0 and
    /// after the last finish (binary search). O(log n).
    func segmentIndex(at time: Double) -> Int? {
        guard time > 0, let last = timed.last, time <= last.finish else { return nil }
        var lo = 0, hi = timed.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if timed[mid].finish >= time { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Value at `time` (s).
    public func value(at time: Double) -> Double {
        if time <= 0 { return initialValue }
        if let s = segment(at: time) { return s.evaluate(local: time - s.start).value }
        return finalValue
    }

    /// Velocity at `time` (units/s); 0 where the value holds.
    public func velocity(at time: Double) -> Double {
        if let s = segment(at: time) { return s.evaluate(local: time - s.start).velocity }
        return 0
    }

    /// Value and velocity at `time` from one evaluation of its segment.
    public func state(at time: Double) -> (value: Double, velocity: Double) {
        if time <= 0 { return (initialValue, 0) }
        if let s = segment(at: time) { return s.evaluate(local: time - s.start) }
        return (finalValue, 0)
    }

    /// Times inside segments where the velocity turns (see `KeyframeSegment.velocityTurns`),
    /// sorted. O(segments + visible oscillations).
    public var velocityTurns: [Double] {
        var times: [Double] = []
        times.reserveCapacity(timed.count + 4)
        appendVelocityTurns(to: &times)
        return times
    }

    /// Appends `velocityTurns` to `times`.
    func appendVelocityTurns(to times: inout [Double]) { Self.appendVelocityTurns(of: timed, to: &times) }

    /// `appendVelocityTurns(to:)` of a track whose timed segments are `timed`: for a caller that
    /// keeps the arrays, not the track (reading a track out of an optional copies it: a retain and
    /// a release of its name and of both its arrays).
    static func appendVelocityTurns(of timed: [KeyframeSegment], to times: inout [Double]) {
        for s in timed { s.appendVelocityTurns(to: &times, offset: s.start) }
    }

    /// Segment start and end times, sorted and unique.
    public var breakpoints: [Double] {
        var times: [Double] = []
        times.reserveCapacity(segments.count + 1)
        appendBreakpoints(to: &times)
        return times
    }

    /// Appends `breakpoints` to `times` (which it expects empty).
    func appendBreakpoints(to times: inout [Double]) { Self.appendBreakpoints(of: segments, to: &times) }

    /// `appendBreakpoints(to:)` of a track whose segments are `segments`.
    static func appendBreakpoints(of segments: [KeyframeSegment], to times: inout [Double]) {
        times.append(0)
        var last = 0.0
        for s in segments where s.finish != last {
            times.append(s.finish)
            last = s.finish
        }
    }

    // MARK: Inside a timeline

    /// `breakpoints`, and the timeline's end when this track ends before it (`KeyframeTimeline`,
    /// whose duration is `timelineDuration` s). One allocation.
    func breakpoints(endingAt timelineDuration: Double) -> [Double] { Self.breakpoints(of: segments, endingAt: timelineDuration) }

    /// `breakpoints(endingAt:)` of a track whose segments are `segments`.
    static func breakpoints(of segments: [KeyframeSegment], endingAt timelineDuration: Double) -> [Double] {
        var times: [Double] = []
        times.reserveCapacity(segments.count + 2)
        appendBreakpoints(of: segments, to: &times)
        if duration(of: segments) < timelineDuration { times.append(timelineDuration) }
        return times
    }

    /// The segments without duration that change the value, as jumps. Counted first: one
    /// allocation, none without jumps.
    var jumps: [Jump] { Self.jumps(of: segments) }

    /// `jumps` of a track whose segments are `segments`.
    static func jumps(of segments: [KeyframeSegment]) -> [Jump] {
        let isJump = { (s: KeyframeSegment) in s.duration == 0 && s.end != s.from }
        var count = 0
        for s in segments where isJump(s) { count += 1 }
        guard count > 0 else { return [] }
        var jumps: [Jump] = []
        jumps.reserveCapacity(count)
        for s in segments where isJump(s) { jumps.append(Jump(time: s.start, from: s.from, to: s.end)) }
        return jumps
    }

    /// The segments with a duration whose target is the previous one's: written holds.
    var writtenHolds: [WrittenHold] { Self.writtenHolds(of: segments, initialValue: initialValue) }

    /// `writtenHolds` of a track whose segments are `segments`, starting at `initialValue`.
    static func writtenHolds(of segments: [KeyframeSegment], initialValue: Double) -> [WrittenHold] {
        var holds: [WrittenHold] = []
        var previousTarget = initialValue
        for segment in segments {
            if segment.duration > 0, segment.to == previousTarget {
                holds.append(WrittenHold(start: segment.start, end: segment.finish, value: segment.to, origin: "keyframe \(segment.keyframeIndex)"))
            }
            previousTarget = segment.to
        }
        return holds
    }
}
