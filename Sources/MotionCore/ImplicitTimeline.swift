// MARK: - ImplicitTimeline

/// An implicit animation's motion as a function of time: every property moves from its `from` to
/// its `to` value with the animation's progress (`ImplicitAnimation`), value = from + Δ·p(t).
///
/// Progress: 0 before the start delay; run k (k = 0, 1, …) starts at startDelay + k·L, L being
/// the run length, and plays the run's curve or spring (mirrored, 1 − run, for odd k when
/// autoreversing); a boundary belongs to the earlier run. After the last run the property holds
/// its model value `to` (SwiftUI snaps to it: after an even number of autoreversing runs that is
/// a jump from the start value). A loop (`repeatForever`) has one cycle of one run (two when
/// autoreversing) and wraps like a repeating keyframe timeline; its start delay is not part of
/// the cycle. A run restarting from the start and the final snap after a mirrored last run are
/// listed jumps; a spring's settling tolerance at its cut (≤ 0.001 of the distance) is not.
///
/// Sampling is O(1); breakpoints, turns and jumps are O(runs) (O(runs · visible oscillations)
/// for springs).
public struct ImplicitTimeline: MotionTimeline, Hashable {
    public let properties: [String]
    /// Start and end value per property, parallel to `properties`.
    public let from: [Double]
    public let to: [Double]
    public let animation: ImplicitAnimation
    public let isRepeating: Bool
    /// One play (start delay + runs × run length), or one cycle of a loop.
    public let duration: Double
    /// Length (s) of one run.
    public let runLength: Double
    /// Runs in one play or cycle.
    public let runs: Int
    /// When the first run starts (0 for a loop).
    public let start: Double

    /// Most runs one play may have: a repetition is interface motion, not a timer.
    public static let maximumRuns = 1000

    /// - Throws: `MotionError.doesNotComeToRest` when the run's spring never settles or breaks a
    ///   `MotionLimits` rule, the repetition has more than `maximumRuns` runs, or the motion lasts
    ///   over an hour; `.zeroLengthCycle` for a loop whose run takes no time.
    public init(values: [ImplicitValue], animation: ImplicitAnimation) throws {
        var index = PropertyNameIndex(capacity: values.count)
        var from: [Double] = [], to: [Double] = []
        for v in values where index.insert(v.name).inserted {
            from.append(v.from)
            to.append(v.to)
        }
        let names = index.names
        if case .spring(let s) = animation.run.curve {
            if let why = MotionLimits.growth(of: s) { throw MotionError.doesNotComeToRest(.motion, why: why) }
            guard s.settles else {
                throw MotionError.doesNotComeToRest(.motion, why: "its spring never settles (damping ratio \(MotionLimits.figure(s.dampingRatio)))")
            }
            let swings = MotionLimits.visibleOscillations(of: s, over: nil)
            guard swings <= MotionLimits.maximumOscillations else {
                throw MotionError.doesNotComeToRest(
                    .motion,
                    why:
                        "its spring swings \(MotionLimits.figure(swings.rounded())) visible times and the limit is \(MotionLimits.figure(MotionLimits.maximumOscillations))"
                )
            }
        }
        let length = animation.runLength
        guard length.isFinite, length <= MotionLimits.maximumDuration else {
            throw MotionError.doesNotComeToRest(.motion, why: "one run \(MotionLimits.settling(length)) and the limit is an hour")
        }
        let runs = animation.runsPerPlay
        guard runs <= Self.maximumRuns else {
            throw MotionError.doesNotComeToRest(.motion, why: "it repeats \(runs) times and the limit is \(Self.maximumRuns)")
        }
        if animation.isForever && !(length > 0) { throw MotionError.zeroLengthCycle }
        let start = animation.isForever ? 0 : animation.startDelay
        let duration = start + Double(runs) * length
        guard duration <= MotionLimits.maximumDuration else {
            throw MotionError.doesNotComeToRest(.motion, why: "it lasts \(MotionLimits.figure(duration)) s and the limit is an hour")
        }
        guard Double(names.count) * duration <= MotionLimits.maximumPropertySeconds else {
            throw MotionError.doesNotComeToRest(
                .motion,
                why:
                    "\(names.count) properties over \(MotionLimits.figure(duration)) s is more than \(MotionLimits.figure(MotionLimits.maximumPropertySeconds)) property-seconds to analyse"
            )
        }
        properties = names
        self.from = from
        self.to = to
        self.animation = animation
        isRepeating = animation.isForever
        self.duration = duration
        runLength = length
        self.runs = runs
        self.start = start
    }

    /// The timeline of `motion`.
    public init(_ motion: ImplicitMotion) throws {
        try self.init(values: motion.values, animation: motion.animation)
    }

    // MARK: Progress

    /// Start time (s) of run `k` (k = runs: the end of the last one). Every boundary is computed
    /// this one way, so a time equal to a boundary is on the same side of it everywhere.
    func boundary(_ k: Int) -> Double { start + Double(k) * runLength }

    /// Whether run `k` travels back.
    func isMirrored(_ k: Int) -> Bool { animation.repetition.autoreverses && k % 2 == 1 }

    /// The time within one cycle: a loop wraps, a boundary belonging to the earlier cycle.
    func local(_ time: Double) -> Double {
        guard isRepeating, duration > 0, time > duration else { return time }
        let wrapped = time.truncatingRemainder(dividingBy: duration)
        return wrapped == 0 ? duration : wrapped
    }

    /// The run playing at `time` (within one play or cycle): the earlier one at a boundary.
    func run(at time: Double) -> Int {
        guard runLength > 0 else { return 0 }
        var k = min(max(Int(((time - start) / runLength).rounded(.up)) - 1, 0), runs - 1)
        while k > 0 && time <= boundary(k) { k -= 1 }
        while k < runs - 1 && time > boundary(k + 1) { k += 1 }
        return k
    }

    /// Progress (0 = from, 1 = to) and its rate (1/s) at `time`.
    public func progress(at time: Double) -> (value: Double, rate: Double) {
        guard time > 0 else { return (0, 0) }
        let t = local(time)
        if !isRepeating && t > duration { return (1, 0) } // after the end: the model value
        guard t > start, runLength > 0 else { return (0, 0) }
        let k = run(at: t)
        return runProgress(k, local: t - boundary(k))
    }

    /// Progress of run `k` at `local` seconds into it.
    func runProgress(_ k: Int, local: Double) -> (value: Double, rate: Double) {
        let r = animation.run.progress(at: local)
        return isMirrored(k) ? (1 - r.value, -r.rate) : r
    }

    // MARK: MotionTimeline

    public func value(of index: Int, at time: Double) -> Double { state(of: index, at: time).value }

    public func velocity(of index: Int, at time: Double) -> Double { state(of: index, at: time).velocity }

    /// Value and velocity from one evaluation of the progress.
    public func state(of index: Int, at time: Double) -> (value: Double, velocity: Double) {
        let p = progress(at: time)
        let delta = to[index] - from[index]
        // At the ends, the written values themselves (from + Δ·1 may round away from `to`).
        let value = p.value == 1 ? to[index] : (p.value == 0 ? from[index] : from[index] + delta * p.value)
        return (value, !isRepeating && time > duration ? 0 : delta * p.rate)
    }

    public func breakpoints(of index: Int) -> [Double] {
        var times: Set<Double> = [0, duration]
        guard to[index] != from[index] else { return times.sorted() }
        if start > 0 { times.insert(start) }
        for k in 0..<runs {
            times.insert(boundary(k))
            times.insert(boundary(k + 1))
            // A run's own delay ends; its motion starts.
            if animation.run.delay > 0 { times.insert(min(boundary(k) + animation.run.delay, boundary(k + 1))) }
        }
        return times.filter { $0 >= 0 && $0 <= duration }.sorted()
    }

    public func velocityTurns(of index: Int) -> [Double] {
        guard to[index] != from[index], runLength > 0 else { return [] }
        let turns = animation.run.velocityTurns(upTo: runLength)
        var times: [Double] = []
        for k in 0..<runs {
            let origin = boundary(k)
            for t in turns where origin + t > 0 && origin + t < min(boundary(k + 1), duration) { times.append(origin + t) }
        }
        return times
    }

    public func jumps(of index: Int) -> [Jump] {
        let delta = to[index] - from[index]
        guard delta != 0 else { return [] }
        guard runLength > 0 else {
            return isRepeating ? [] : [Jump(time: duration, from: from[index], to: to[index])]
        }
        // A run that restarts from the start, and the snap to the model value after a mirrored
        // last run. (Where a mirrored run follows, or the motion simply ends, a spring cut at its
        // settling time is within Apple's ε = 0.001 of where it goes on: that is no jump, as a
        // phase step's spring has none.)
        var jumps: [Jump] = []
        for k in 1..<max(runs, 1) where !animation.repetition.autoreverses {
            let before = runProgress(k - 1, local: boundary(k) - boundary(k - 1)).value
            jumps.append(Jump(time: boundary(k), from: from[index] + delta * before, to: from[index]))
        }
        if !isRepeating, isMirrored(runs - 1) {
            let before = runProgress(runs - 1, local: duration - boundary(runs - 1)).value
            jumps.append(Jump(time: duration, from: from[index] + delta * before, to: to[index]))
        }
        return jumps
    }

    /// An implicit animation writes no holds.
    public func writtenHolds(of index: Int) -> [WrittenHold] { [] }
}
