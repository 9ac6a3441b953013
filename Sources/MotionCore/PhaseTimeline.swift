// MARK: - PhaseTimeline

/// A phase animator's motion (`PhaseAnimator` / `.phaseAnimator`) as a function of time.
///
/// Triggered: the trigger runs phase 1, …, n−1 and back to phase 0, once. Repeating: the same
/// cycle forever. Step k moves from phase k to phase k+1 (mod n) with the destination's animation.
/// Each step starts when the previous one is logically complete (see
/// `PhaseAnimation.logicalDuration`). Steps that overlap (a spring still settling when the next
/// starts) are added: each contributes Δ·progress, which for equal springs equals SwiftUI's
/// retargeting with the velocity kept. A `nil` animation jumps at the step's start. Two equal
/// consecutive phases move nothing but still take their step's time (the delay of the timer
/// example's `resting` step is its pause).
///
/// Sampling is O(steps) per call (O(steps · overlapping cycles) when repeating).
public struct PhaseTimeline: MotionTimeline, Hashable {
    public let properties: [String]
    public let phases: [Phase]
    public let isRepeating: Bool
    /// Triggered: until the last step has settled. Repeating: one cycle (the sum of the steps'
    /// logical durations).
    public let duration: Double
    /// Sum of the steps' logical durations: when the cycle is logically complete and a loop restarts.
    public let cycleDuration: Double
    /// The steps of one cycle, in order.
    public let steps: [PhaseStep]
    /// Phase values resolved per property: `values[phase][property]`.
    public let values: [[Double]]

    /// - Throws: `MotionError.tooFewPhases`, `.phaseNeverSettles` (a spring step that never
    ///   settles), `.zeroLengthCycle` (a repeating cycle that takes no time), `.doesNotComeToRest`
    ///   (a `MotionLimits` rule broken).
    public init(phases: [Phase], repeating: Bool) throws {
        guard phases.count >= 2 else { throw MotionError.tooFewPhases(count: phases.count) }
        let (names, values) = try Self.valueTable(of: phases)
        let (steps, cycle, settled) = try Self.steps(between: phases, values: values)
        if repeating && !(cycle > 0) { throw MotionError.zeroLengthCycle }
        // Every step settles within the hour (checked per step), so these sums are finite.
        let length = repeating ? cycle : max(cycle, settled)
        guard length <= MotionLimits.maximumDuration else {
            throw MotionError.doesNotComeToRest(.motion, why: "it lasts \(MotionLimits.figure(length)) s and the limit is an hour")
        }
        // A sample sums every step of every cycle still moving (O(properties × steps × cycles)).
        // Each sample sums the steps, so a phase costs about what a keyframe track costs per
        // step: properties × phases × duration within twice the keyframes' property-seconds.
        guard Double(names.count * phases.count) * length <= MotionLimits.maximumPropertySeconds * 2 else {
            throw MotionError.doesNotComeToRest(
                .motion,
                why:
                    "\(names.count) properties × \(phases.count) phases over \(MotionLimits.figure(length)) s is more than \(MotionLimits.figure(MotionLimits.maximumPropertySeconds * 2)) to analyse"
            )
        }
        properties = names
        self.phases = phases
        isRepeating = repeating
        cycleDuration = cycle
        self.steps = steps
        self.values = values
        duration = length
        var exhausted = -Double.infinity
        for step in steps { exhausted = max(exhausted, step.start + (step.animation?.exhaustedDuration ?? 0)) }
        self.exhausted = steps.isEmpty ? 0 : exhausted
        if repeating, exhausted > MotionLimits.maximumOverlappingCycles * cycle {
            throw MotionError.doesNotComeToRest(
                .motion,
                why:
                    "its springs keep moving for \(MotionLimits.figure((exhausted / cycle).rounded(.up))) cycles of \(MotionLimits.figure(cycle)) s and the limit is \(MotionLimits.figure(MotionLimits.maximumOverlappingCycles))"
            )
        }
    }

    /// Every property any phase names, in first-seen order, and each phase's value of each:
    /// `values[phase][property]`.
    ///
    /// - Throws: `MotionError.doesNotComeToRest` when the table would be too large to build.
    private static func valueTable(of phases: [Phase]) throws -> (names: [String], values: [[Double]]) {
        // Linear in the names however many (a phase with 50,000 values; `PropertyNameIndex`).
        // (Room for the first phase's names, usually every phase's: no growth while inserting.)
        var index = PropertyNameIndex(capacity: phases[0].order.count)
        for phase in phases {
            for name in phase.order { index.insert(name) }
        }
        let names = index.names
        let base = phases[0].values
        // The value table is phases × properties: bounded before it is built (80 MB at most).
        guard names.count * phases.count <= Int(MotionLimits.maximumPhaseCells) else {
            throw MotionError.doesNotComeToRest(
                .motion,
                why:
                    "\(phases.count) phases × \(names.count) properties is more than \(MotionLimits.figure(MotionLimits.maximumPhaseCells)) values to resolve"
            )
        }
        // Each phase's row: phase 0's values (0 for a property it leaves out), with the phase's
        // own over them, placed by position (a dictionary's own pairs are read without hashing):
        // `phase.values[name] ?? base[name] ?? 0` for every name.
        var baseRow = [Double](repeating: 0, count: names.count)
        for (name, value) in base { if let k = index.position(of: name) { baseRow[k] = value } }
        let values = phases.indices.map { p in
            guard p > 0 else { return baseRow }
            var row = baseRow
            for (name, value) in phases[p].values { if let k = index.position(of: name) { row[k] = value } }
            return row
        }
        return (names, values)
    }

    /// The steps of one cycle (step k from phase k to phase k+1 mod n, each starting when the
    /// previous is logically complete), the cycle's length (the sum of the steps' logical
    /// durations, s) and when the last step has settled (s from the cycle's start).
    ///
    /// - Throws: what `checkSpring(_:of:into:)` throws for a step's spring.
    private static func steps(between phases: [Phase], values: [[Double]]) throws -> (steps: [PhaseStep], cycle: Double, settled: Double) {
        var steps: [PhaseStep] = []
        steps.reserveCapacity(phases.count)
        var start = 0.0
        var end = 0.0
        for k in 0..<phases.count {
            let destination = (k + 1) % phases.count
            let animation = phases[destination].animation
            if let animation, case .spring(let s) = animation.curve { try checkSpring(s, of: animation, into: destination) }
            let deltas = zip(values[destination], values[k]).map { $0 - $1 }
            let step = PhaseStep(from: k, to: destination, start: start, animation: animation, deltas: deltas)
            steps.append(step)
            end = max(end, start + step.settlingDuration)
            start += step.logicalDuration
        }
        return (steps, start, end)
    }

    /// Refuses the spring `s` of `animation`, the step into phase `destination`, when it grows,
    /// never settles, settles after the hour limit or swings visibly more often than the limit.
    private static func checkSpring(_ s: Spring, of animation: PhaseAnimation, into destination: Int) throws {
        if let why = MotionLimits.growth(of: s) { throw MotionError.doesNotComeToRest(.phase(destination), why: why) }
        guard s.settles else { throw MotionError.phaseNeverSettles(phase: destination) }
        let settling = animation.settlingDuration
        guard settling.isFinite, settling <= MotionLimits.maximumDuration else {
            throw MotionError.doesNotComeToRest(.phase(destination), why: "its spring \(MotionLimits.settling(settling)) and the limit is an hour")
        }
        let swings = MotionLimits.visibleOscillations(of: s, over: nil)
        guard swings <= MotionLimits.maximumOscillations else {
            throw MotionError.doesNotComeToRest(
                .phase(destination),
                why:
                    "its spring swings \(MotionLimits.figure(swings.rounded())) visible times and the limit is \(MotionLimits.figure(MotionLimits.maximumOscillations))"
            )
        }
    }

    /// Time after a cycle's start when all its steps are complete to 1e-12.
    let exhausted: Double

    // MARK: Sampling

    public func value(of index: Int, at time: Double) -> Double { value(of: index, at: time, afterCycles: 0) }

    /// The value at `time` + `cycles` whole cycles (a loop seen from a later cycle), with every
    /// step's local time computed relative to the shifted cycle, so the cycle being looked at
    /// gets exactly the local times it would have from 0 (no rounding from adding and removing
    /// the offset: a jump at a step's start stays on its side of the boundary).
    public func value(of index: Int, at time: Double, afterCycles cycles: Double) -> Double {
        // After the end the final value holds: motion is evaluated at the end, but a step that
        // jumps exactly at the end has jumped (a boundary belongs to the earlier side only at it).
        let t = isRepeating ? time : min(time, duration)
        var value = values[0][index]
        forEachActiveCycle(at: isRepeating ? t : time, afterCycles: cycles) { offset in
            for step in steps where step.deltas[index] != 0 {
                let local = (step.animation == nil ? time : t) - offset - step.start
                value += step.deltas[index] * step.progress(at: local).value
            }
        }
        return value
    }

    public func velocity(of index: Int, at time: Double) -> Double { velocity(of: index, at: time, afterCycles: 0) }

    /// The velocity at `time` + `cycles` whole cycles (see `value(of:at:afterCycles:)`).
    public func velocity(of index: Int, at time: Double, afterCycles cycles: Double) -> Double {
        if !isRepeating && time > duration { return 0 }
        var rate = 0.0
        forEachActiveCycle(at: time, afterCycles: cycles) { offset in
            for step in steps where step.deltas[index] != 0 {
                rate += step.deltas[index] * step.progress(at: time - offset - step.start).rate
            }
        }
        return rate
    }

    public func state(of index: Int, at time: Double) -> (value: Double, velocity: Double) { state(of: index, at: time, afterCycles: 0) }

    /// `value(of:at:afterCycles:)` and `velocity(of:at:afterCycles:)` in one pass over the steps.
    public func state(of index: Int, at time: Double, afterCycles cycles: Double) -> (value: Double, velocity: Double) {
        let t = isRepeating ? time : min(time, duration)
        let moving = isRepeating || time <= duration
        var value = values[0][index], rate = 0.0
        forEachActiveCycle(at: isRepeating ? t : time, afterCycles: cycles) { offset in
            for step in steps where step.deltas[index] != 0 {
                let progress = step.progress(at: (step.animation == nil ? time : t) - offset - step.start)
                value += step.deltas[index] * progress.value
                if moving { rate += step.deltas[index] * progress.rate }
            }
        }
        return (value, rate)
    }

    /// Calls `body` with the start time of every cycle still moving at `time` + `cycles` whole
    /// cycles, relative to the shifted origin. Cycles that are complete contribute Σ Δ = 0 (the
    /// cycle returns to phase 0) and are skipped.
    func forEachActiveCycle(at time: Double, afterCycles cycles: Double = 0, _ body: (Double) -> Void) {
        forEachActiveCycle(from: time, to: time, afterCycles: cycles, body)
    }

    public func breakpoints(of index: Int) -> [Double] {
        var times: [Double] = []
        // One allocation: the ends and at most three times a step.
        times.reserveCapacity(2 + 3 * steps.count)
        times.append(0)
        times.append(duration)
        for step in steps where step.deltas[index] != 0 {
            // A curve's motion also ends sharply, at its logical end (a plateau's arrival).
            if step.start <= duration { times.append(step.start) }
            if step.start + step.delay <= duration { times.append(step.start + step.delay) }
            if case .bezier? = step.animation?.curve, step.start + step.logicalDuration <= duration {
                times.append(step.start + step.logicalDuration)
            }
        }
        times.sortRemovingRepeats()
        return times
    }

    public func velocityTurns(of index: Int) -> [Double] { velocityTurns(of: index, from: 0, to: duration) }

    /// Turns of every step that moves property `index`, in every cycle active between `from` and
    /// `to` (s, after `cycles` whole cycles, as `value(of:at:afterCycles:)`), sorted.
    /// O(steps · active cycles · visible oscillations).
    public func velocityTurns(of index: Int, from: Double, to: Double, afterCycles cycles: Double = 0) -> [Double] {
        var times: [Double] = []
        forEachActiveCycle(from: from, to: to, afterCycles: cycles) { offset in
            for step in steps where step.deltas[index] != 0 {
                guard let animation = step.animation else { continue }
                let origin = offset + step.start
                for t in animation.velocityTurns(upTo: to - origin) where origin + t > from { times.append(origin + t) }
            }
        }
        return times.sorted()
    }

    public func velocityBounds(of index: Int, from a: Double, to b: Double) -> VelocityBounds {
        velocityBounds(of: index, from: a, to: b, afterCycles: 0)
    }

    /// The sum of each moving step's velocity bounds: every step's rate is monotone between
    /// consecutive turns and breakpoints, so its values at a and b bound it. The sum is monotone
    /// when no two moving terms change in opposite directions (a sum of non-decreasing functions
    /// does not decrease). O(steps · active cycles).
    public func velocityBounds(of index: Int, from a: Double, to b: Double, afterCycles cycles: Double) -> VelocityBounds {
        var lower = 0.0, upper = 0.0
        var rising = false, falling = false
        forEachActiveCycle(from: a, to: b, afterCycles: cycles) { offset in
            for step in steps where step.deltas[index] != 0 && step.animation != nil {
                let ra = step.deltas[index] * step.progress(at: a - offset - step.start).rate
                let rb = step.deltas[index] * step.progress(at: b - offset - step.start).rate
                if rb > ra { rising = true } else if rb < ra { falling = true }
                lower += min(ra, rb)
                upper += max(ra, rb)
            }
        }
        return VelocityBounds(lower: lower, upper: upper, isMonotone: !(rising && falling))
    }

    /// Calls `body` with the start (relative to the shifted origin) of every cycle that may move
    /// between `from` and `to`.
    func forEachActiveCycle(from: Double, to: Double, afterCycles cycles: Double = 0, _ body: (Double) -> Void) {
        let shift = cycles * cycleDuration
        guard to + shift > 0 else { return }
        guard isRepeating else {
            body(0)
            return
        }
        let last = ((to + shift) / cycleDuration).rounded(.down)
        var cycle = max(0, ((from + shift - exhausted) / cycleDuration).rounded(.down))
        while cycle <= last {
            body((cycle - cycles) * cycleDuration)
            cycle += 1
        }
    }

    public func jumps(of index: Int) -> [Jump] {
        Self.chained(
            steps.filter { $0.animation == nil && $0.deltas[index] != 0 && $0.start <= duration }.map { step in
                let before = value(of: index, at: step.start)
                return Jump(time: step.start, from: before, to: before + step.deltas[index])
            })
    }

    /// The jumps of the steady-state cycle seen after `cycles` whole cycles (a loop's analysis
    /// window: times 0…duration of that cycle), with that cycle's values. Steps at the cycle's end
    /// (the return to phase 0 without animation) happen at the same instant as the next cycle's
    /// start: they are reported at 0, before the steps there, so the cycle starts where they land
    /// (time 0 itself shows the previous cycle's end, as `value(of:at:afterCycles:)` does).
    /// O(steps).
    public func cycleJumps(of index: Int, afterCycles cycles: Double) -> [Jump] {
        let all = jumps(of: index)
        let wrap = all.filter { $0.time >= duration }, inside = all.filter { $0.time < duration }
        return Self.chained(
            (wrap + inside).map { j in
                let time = j.time >= duration ? 0 : j.time
                let before = value(of: index, at: time, afterCycles: cycles)
                return Jump(time: time, from: before, to: before + (j.to - j.from))
            })
    }

    /// Jumps at the same time happen one after another (steps without animation take no time):
    /// each starts where the previous one landed.
    static func chained(_ jumps: [Jump]) -> [Jump] {
        var result: [Jump] = []
        for jump in jumps {
            if let last = result.last, last.time == jump.time {
                result.append(Jump(time: jump.time, from: last.to, to: last.to + (jump.to - jump.from)))
            } else {
                result.append(jump)
            }
        }
        return result
    }

    public func writtenHolds(of index: Int) -> [WrittenHold] {
        steps.filter { $0.deltas[index] == 0 && $0.logicalDuration > 0 }.map { step in
            WrittenHold(
                start: step.start, end: min(duration, step.start + step.logicalDuration), value: values[step.to][index],
                origin: "phase step \(phases[step.from].name) → \(phases[step.to].name)")
        }
    }
}

// MARK: - PhaseStep

/// One step of a phase cycle: from phase `from` to phase `to`, starting at `start` seconds.
public struct PhaseStep: Hashable, Sendable {
    public let from: Int
    public let to: Int
    /// Start (s) within the cycle.
    public let start: Double
    /// The destination phase's animation; nil = jump.
    public let animation: PhaseAnimation?
    /// Change per property (destination − source), parallel to the timeline's properties.
    public let deltas: [Double]

    /// Delay (s) before the motion starts.
    public var delay: Double { animation?.delay ?? 0 }
    /// When the next step starts, relative to this one's start.
    public var logicalDuration: Double { animation?.logicalDuration ?? 0 }
    /// When this step's motion is over, relative to its start.
    public var settlingDuration: Double { animation?.settlingDuration ?? 0 }

    /// Progress and its rate `time` seconds after the step's start. A jump is 0 up to and including
    /// its start and 1 after it.
    public func progress(at time: Double) -> (value: Double, rate: Double) {
        guard let animation else { return (time > 0 ? 1 : 0, 0) }
        return animation.progress(at: time)
    }
}
