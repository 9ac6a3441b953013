// MARK: - PropertyMotion

/// One property of a timeline as the analysis asks of it, thousands of times per animation: value
/// and velocity at a time (s) and velocity bounds on an interval inside one piece. The analysis is
/// generic over it, so the timelines it knows (keyframe tracks, phase steps) are evaluated from a
/// flat copy of their terms without dynamic dispatch or copies, and any other `MotionTimeline`
/// through `TimelineProperty`. Each conformance returns exactly what its timeline's
/// `value(of:at:)`, `velocity(of:at:)`, `state(of:at:)` and `velocityBounds(of:from:to:)` return.
protocol PropertyMotion {
    func value(_ time: Double) -> Double
    func velocity(_ time: Double) -> Double
    func state(_ time: Double) -> (value: Double, velocity: Double)
    func velocityBounds(_ a: Double, _ b: Double) -> VelocityBounds
    /// Whether the velocity is provably monotone on [a, b] (inside one piece) although
    /// `velocityBounds` could not say so: the acceleration keeps one sign there.
    func velocityIsMonotone(_ a: Double, _ b: Double) -> Bool
    /// The acceleration (units/s²) at a time; nil where it is not known.
    func acceleration(_ time: Double) -> Double?
    /// The acceleration (units/s²) and the jerk (units/s³) at a time not asked for again (a root
    /// solve's iterate), from one evaluation of each term; nil where they are not known.
    func transientAccelerationAndJerk(_ time: Double) -> (acceleration: Double, jerk: Double)?
    /// True when `transientAccelerationAndJerk` gives values (nil only at a singular time).
    static var hasJerk: Bool { get }

    /// Rigorous bounds on the acceleration (units/s²) and on the jerk (units/s³) over [a, b]
    /// inside one piece; nil where they are not known.
    func accelerationBounds(_ a: Double, _ b: Double) -> (min: Double, max: Double)?
    func jerkBounds(_ a: Double, _ b: Double) -> (min: Double, max: Double)?
    /// The time in [a, b] (inside one piece, where the velocity is monotone and crosses `level`;
    /// fa and fb are v − level at its ends) at which the velocity equals `level` (units/s), from
    /// the motion's own form (a closed form, or Halley's method on its exact derivatives) to
    /// 1e-10 s or better; nil where it has none there (the caller then solves numerically).
    func velocityCrossing(of level: Double, _ a: Double, _ b: Double, _ fa: Double, _ fb: Double) -> Double?
    /// True when every piece between breakpoints and velocity turns has a monotone velocity by
    /// construction (one closed-form term moves at a time), so `velocityBounds` need not be asked.
    static var piecesAreMonotone: Bool { get }
    /// The times where a moving term's velocity turns (`MotionTimeline.velocityTurns(of:)` of
    /// `timeline`, the one this motion is a property of), sorted, appended to `times` (no array
    /// of their own where the motion can).
    func appendVelocityTurns(of timeline: any MotionTimeline, index: Int, to times: inout [Double])
    /// `MotionTimeline.breakpoints(of:)` of `timeline`, the one this motion is a property of.
    func breakpoints(of timeline: any MotionTimeline, index: Int) -> [Double]
    /// `MotionTimeline.jumps(of:)` and `writtenHolds(of:)` of `timeline`, likewise.
    func jumps(of timeline: any MotionTimeline, index: Int) -> [Jump]
    func writtenHolds(of timeline: any MotionTimeline, index: Int) -> [WrittenHold]
}

extension PropertyMotion {
    func velocityIsMonotone(_ a: Double, _ b: Double) -> Bool { false }
    static var piecesAreMonotone: Bool { false }
    func appendVelocityTurns(of timeline: any MotionTimeline, index: Int, to times: inout [Double]) { times += timeline.velocityTurns(of: index) }
    func breakpoints(of timeline: any MotionTimeline, index: Int) -> [Double] { timeline.breakpoints(of: index) }
    func jumps(of timeline: any MotionTimeline, index: Int) -> [Jump] { timeline.jumps(of: index) }
    func writtenHolds(of timeline: any MotionTimeline, index: Int) -> [WrittenHold] { timeline.writtenHolds(of: index) }
    func acceleration(_ time: Double) -> Double? { nil }
    func transientAccelerationAndJerk(_ time: Double) -> (acceleration: Double, jerk: Double)? { nil }
    static var hasJerk: Bool { false }
    func accelerationBounds(_ a: Double, _ b: Double) -> (min: Double, max: Double)? { nil }
    func jerkBounds(_ a: Double, _ b: Double) -> (min: Double, max: Double)? { nil }
    func velocityCrossing(of level: Double, _ a: Double, _ b: Double, _ fa: Double, _ fb: Double) -> Double? { nil }
}

// MARK: - TimelineProperty

/// Any timeline's property, through the protocol (the general case).
struct TimelineProperty: PropertyMotion {
    let timeline: any MotionTimeline
    let index: Int
    func value(_ time: Double) -> Double { timeline.value(of: index, at: time) }
    func velocity(_ time: Double) -> Double { timeline.velocity(of: index, at: time) }
    func state(_ time: Double) -> (value: Double, velocity: Double) { timeline.state(of: index, at: time) }
    func velocityBounds(_ a: Double, _ b: Double) -> VelocityBounds { timeline.velocityBounds(of: index, from: a, to: b) }
}

// MARK: - TrackProperty

/// A keyframe timeline's property: its timed segments in a flat array, found by binary search
/// over their end times. O(log segments) per evaluation.
final class TrackProperty: PropertyMotion {
    /// The track's segments, jumps included (none: a property with only an initial value, no
    /// track, as `hasTrack` says), copied out of the timeline once: its breakpoints, velocity
    /// turns, jumps and written holds come from these arrays (`TrackTimeline`'s static forms), not
    /// from the timeline, whose every answer copies the track again, nor from a stored optional
    /// track, which each answer copied too (a retain and a release of its name and of both its
    /// arrays).
    let allSegments: [KeyframeSegment]
    let hasTrack: Bool
    /// The track's timed segments (the timeline's array itself, shared, not copied).
    let segments: [KeyframeSegment]
    /// A spring segment's closed form with its constants worked out (nil for other shapes).
    let oscillations: [Spring.Oscillation?]
    let initial: Double
    let final: Double
    /// The timeline's duration and whether it loops (time wraps as `KeyframeTimeline.local`).
    let duration: Double
    let isRepeating: Bool
    /// The states already evaluated.
    let memo: StateMemo
    /// The index `segment(at:)` found last (a hint: any index gives the same answers).
    private var lastSegment = 0
    /// One segment moves at a time, and the pieces are cut at its velocity turns.
    static var piecesAreMonotone: Bool { true }

    /// - Parameter memo: a memo remembering nothing yet (`AnalysisScratch.stateMemo`), else one
    ///   of its own.
    init(_ timeline: KeyframeTimeline, index: Int, memo: StateMemo? = nil) {
        self.memo = memo ?? StateMemo()
        let track = timeline.tracks[index]
        allSegments = track?.segments ?? []
        hasTrack = track != nil
        segments = track?.timed ?? []
        oscillations = segments.map { segment in
            guard case .spring(let spring, let v0) = segment.shape else { return nil }
            return Spring.Oscillation(spring, target: segment.to - segment.from, initialVelocity: v0)
        }
        initial = track?.initialValue ?? timeline.initialValues[index]
        final = track?.finalValue ?? initial
        duration = timeline.duration
        isRepeating = timeline.isRepeating
    }

    /// `KeyframeTimeline.breakpoints(of:)`, `velocityTurns(of:)`, `jumps(of:)` and
    /// `writtenHolds(of:)` of this property, from its track.
    func breakpoints(of timeline: any MotionTimeline, index: Int) -> [Double] {
        hasTrack ? TrackTimeline.breakpoints(of: allSegments, endingAt: duration) : [0]
    }
    func appendVelocityTurns(of timeline: any MotionTimeline, index: Int, to times: inout [Double]) {
        TrackTimeline.appendVelocityTurns(of: segments, to: &times)
    }
    func jumps(of timeline: any MotionTimeline, index: Int) -> [Jump] { TrackTimeline.jumps(of: allSegments) }
    /// (`initial` is the track's start value where there is a track; without one there are no
    /// segments and so no written holds.)
    func writtenHolds(of timeline: any MotionTimeline, index: Int) -> [WrittenHold] {
        TrackTimeline.writtenHolds(of: allSegments, initialValue: initial)
    }

    private func local(_ time: Double) -> Double {
        guard isRepeating, duration > 0, time > duration else { return time }
        let wrapped = time.truncatingRemainder(dividingBy: duration)
        return wrapped == 0 ? duration : wrapped
    }

    /// The index of the timed segment with start < time ≤ finish, or nil: the first whose finish
    /// is ≥ time (the finishes never decrease). The segment found last is tried first, as the
    /// analysis asks for times close together (a piece's ends and the roots between them), and
    /// then answers in two comparisons, where the search takes log2(segments) steps.
    private func segment(at time: Double) -> Int? {
        guard time > 0, let last = segments.last, time <= last.finish else { return nil }
        let k = lastSegment
        if k < segments.count, segments[k].finish >= time, k == 0 || segments[k - 1].finish < time { return k }
        // (The last finish is ≥ time: the search stops before it.)
        let i = segments.partitionIndex(upTo: segments.count - 1) { $0.finish >= time }
        lastSegment = i
        return i
    }

    /// Value and velocity at `time`, remembered (`StateMemo`).
    func state(_ time: Double) -> (value: Double, velocity: Double) {
        memo.state(time) { evaluate($0) }
    }

    private func evaluate(_ time: Double) -> (value: Double, velocity: Double) {
        let t = local(time)
        if t <= 0 { return (initial, 0) }
        guard let i = segment(at: t) else { return (final, 0) }
        // (`segment(at:)` gives an index of `segments`.)
        if let oscillation = oscillations[i] {
            // `KeyframeSegment.evaluate` of a spring, its constants worked out once.
            let y = oscillation.offset(at: max(t - segments[i].start, 0))
            return (segments[i].to + y.value, y.velocity)
        }
        // (Its fields, read in place: `segments[i].evaluate` copied the whole segment first.)
        return KeyframeSegment.evaluate(
            segments[i].shape, from: segments[i].from, to: segments[i].to, duration: segments[i].duration, local: t - segments[i].start)
    }

    func value(_ time: Double) -> Double { state(time).value }
    func velocity(_ time: Double) -> Double { state(time).velocity }

    func velocityBounds(_ a: Double, _ b: Double) -> VelocityBounds {
        let va = velocity(a), vb = velocity(b)
        return VelocityBounds(lower: min(va, vb), upper: max(va, vb), isMonotone: true)
    }

    /// Inside one segment: a Hermite cubic's or a Bézier-eased segment's closed form
    /// (`KeyframeSegment.localTime(whereVelocityIs:)`, a quadratic's root), a spring's by
    /// `SafeguardedHalley` on its exact acceleration and jerk (to 1e-10 s). nil across segments
    /// and past a loop's first cycle. O(log segments), plus 2 or 3 evaluations for a spring.
    func velocityCrossing(of level: Double, _ a: Double, _ b: Double, _ fa: Double, _ fb: Double) -> Double? {
        // b in a's segment: for b ≥ a, b ≤ its finish (the segments before it finish before a).
        guard !isRepeating || b <= duration, let i = segment(at: a), b >= a ? b <= segments[i].finish : segment(at: b) == i else {
            return nil
        }
        let segment = segments[i]
        if let oscillation = oscillations[i] {
            // The velocity `evaluate` gives, with its acceleration and jerk from the same exp and sincos.
            return SafeguardedHalley.solve(a, b, fa, fb, tolerance: 1e-10) { t in
                let y = oscillation.velocityAccelerationAndJerk(at: max(t - segment.start, 0))
                return (y.velocity - level, y.acceleration, y.jerk)
            }
        }
        return segment.localTime(whereVelocityIs: level, from: a - segment.start, to: b - segment.start).map { min(max(segment.start + $0, a), b) }
    }
}

// MARK: - PhaseProperty

/// A phase timeline's property (seen after `cycles` whole cycles when it loops): the steps that
/// move it, laid out flat cycle by cycle for every cycle the analysis can visit, so an evaluation
/// is one pass over plain numbers. Cycles are skipped exactly as `PhaseTimeline.forEachActiveCycle`
/// skips them; a time whose active cycles were not laid out is answered by the timeline itself.
/// O(moving steps · active cycles) per evaluation.
final class PhaseProperty: PropertyMotion {
    /// What an evaluation reads of one step in one cycle (the rest of the step, its derivative
    /// bounds, stays in `constants`: the evaluations' loop walks only these numbers).
    struct Term {
        /// Start of the step relative to the shifted origin (s): its cycle's start plus its own.
        let origin: Double
        let delta: Double
        /// Time after the origin (s) from which the progress is 1 to 1e-12 and its rate 0 to the
        /// same precision: the term is then a constant, its motion finished (a spring's tail is
        /// below anything a float shows next to the value; `PhaseAnimation.exhaustedDuration`).
        let settled: Double
        /// The step's index in `constants`.
        let step: Int
        /// Whether the step has an animation (else it jumps at its origin).
        let animated: Bool
    }

    /// The timeline (its layout's copy, shared: a copy of its own cost four retains and releases).
    var timeline: PhaseTimeline { layout.timeline }
    let index: Int
    /// Every step's constants (nil without an animation), in step order.
    let constants: [StepConstants?]
    /// `stride` terms per cycle, cycle by cycle from `firstCycle`.
    let terms: ContiguousArray<Term>
    /// Each term's animation progress with its constants worked out (`PhaseTermLayout.placeholder`
    /// where the step has none), parallel to `terms`: kept apart, so that the loops over the terms
    /// read a few numbers each, not a copy of an optional enum with its payload. The layout's
    /// array, shared by the properties the same steps move.
    let progresses: ContiguousArray<PhaseAnimation.Progress>
    /// Each term's acceleration and jerk bounds (`StepConstants`), parallel to `terms`: read
    /// without copying the step's whole constants. The layout's arrays.
    let accelerationTerms: ContiguousArray<PhaseAnimation.DerivativeBounds?>
    let jerkTerms: ContiguousArray<PhaseAnimation.DerivativeBounds?>
    /// Each term's under-damped spring and the term it shares its waves with (`PhaseTermLayout`).
    let oscillations: ContiguousArray<Spring.Oscillation>
    let partners: ContiguousArray<Int>
    /// The layout the arrays above come from, which also remembers the breakpoints and the
    /// velocity turns (`PhaseTermLayout`).
    let layout: PhaseTermLayout
    let stride: Int
    let firstCycle: Double
    let lastCycle: Double
    let base: Double
    let duration: Double
    let isRepeating: Bool
    let cycleDuration: Double
    let exhausted: Double
    /// Whole cycles passed before the one seen, and that many cycles in seconds.
    let cycles: Double
    let shift: Double
    /// The terms' origins never decrease and no animated term moves before its origin (every
    /// delay ≥ 0, every speed ≥ 0): a loop over the terms at time t may stop at the first term
    /// whose origin is at or after t, since it and every later one add exactly 0 there (see
    /// `startsAtOrAfter`).
    let ordered: Bool
    /// The states already evaluated.
    let memo: StateMemo
    /// Every step's progress at the ends of the pieces and its spring's acceleration and jerk at
    /// the ends of the intervals the bounds are asked over, remembered for all the timeline's
    /// properties (`PhaseStepMemo`): the branch and bound of `CurvePieces.monotoneCuts` asks for
    /// both bounds over one interval, then for the acceleration at its midpoint, then for both
    /// bounds over each half, and the next property asks for the same pieces.
    let steps: PhaseStepMemo

    /// One step's animation with its constants worked out: the same for every property it moves
    /// and every cycle, so worked out once per timeline (`constants(of:)`).
    struct StepConstants {
        let animation: PhaseAnimation
        let progress: PhaseAnimation.Progress
        let accelerationBounds: PhaseAnimation.DerivativeBounds
        let jerkBounds: PhaseAnimation.DerivativeBounds
        let settled: Double
        /// The step's velocity turns (s after its start) up to the timeline's end, when the
        /// timeline does not loop (`PhaseAnimation.velocityTurns(upTo:)`): the same for every
        /// property the step moves, so worked out once.
        let turns: [Double]?

        init(_ animation: PhaseAnimation, turnsUpTo end: Double?) {
            self.animation = animation
            progress = PhaseAnimation.Progress(animation)
            accelerationBounds = PhaseAnimation.DerivativeBounds(animation, order: 2)
            jerkBounds = PhaseAnimation.DerivativeBounds(animation, order: 3)
            settled = animation.exhaustedDuration
            turns = end.map { animation.velocityTurns(upTo: $0) }
        }
    }

    /// Every step's constants (nil for a step without animation), in step order.
    static func constants(of timeline: PhaseTimeline) -> [StepConstants?] {
        timeline.steps.map { step in
            step.animation.map { StepConstants($0, turnsUpTo: timeline.isRepeating ? nil : timeline.duration - step.start) }
        }
    }

    /// As `PhaseTimeline.velocityTurns(of:)` (every cycle's turns when the timeline loops); from
    /// the steps' turns worked out once per timeline when it does not. The same for every property
    /// the same steps move: remembered by the layout for the others.
    func appendVelocityTurns(of timeline: any MotionTimeline, index: Int, to times: inout [Double]) {
        if let turns = layout.velocityTurns {
            times += turns
            return
        }
        let turns = computedVelocityTurns(of: timeline, index: index)
        layout.velocityTurns = turns
        times += turns
    }

    private func computedVelocityTurns(of timeline: any MotionTimeline, index: Int) -> [Double] {
        guard !isRepeating, cycles == 0 else { return timeline.velocityTurns(of: index) }
        var times: [Double] = []
        // One allocation: every step's turns, at most.
        var count = 0
        for c in constants { count += c?.turns?.count ?? 0 }
        times.reserveCapacity(count)
        let timelineSteps = self.timeline.steps
        for k in timelineSteps.indices where layout.moving[k] {
            guard let turns = constants[k]?.turns else {
                if timelineSteps[k].animation == nil { continue }
                return timeline.velocityTurns(of: index)
            }
            let origin = 0 + timelineSteps[k].start
            for t in turns where origin + t > 0 { times.append(origin + t) }
        }
        times.sort()
        return times
    }

    /// `timeline.breakpoints(of:)`, the same for every property the same steps move: remembered
    /// by the layout for the others.
    func breakpoints(of timeline: any MotionTimeline, index: Int) -> [Double] {
        if let times = layout.breakpoints { return times }
        let times = timeline.breakpoints(of: index)
        layout.breakpoints = times
        return times
    }

    /// - Parameters:
    ///   - span: the times evaluated lie within [−span, span] (s).
    ///   - constants: `constants(of: timeline)`, when already worked out for another property.
    ///   - steps: the memo of the timeline's other properties, to share theirs.
    ///   - memo: a state memo remembering nothing yet (`AnalysisScratch.stateMemo`), else one of
    ///     its own.
    ///   - layouts: the layouts of the timeline's other properties, to share theirs.
    init(
        _ timeline: PhaseTimeline, index: Int, afterCycles cycles: Double = 0, span: Double, constants: [StepConstants?]? = nil,
        steps: PhaseStepMemo? = nil, memo: StateMemo? = nil, layouts: PhaseTermLayouts? = nil
    ) {
        self.memo = memo ?? StateMemo()
        self.index = index
        base = timeline.values[0][index]
        duration = timeline.duration
        isRepeating = timeline.isRepeating
        cycleDuration = timeline.cycleDuration
        exhausted = timeline.exhausted
        self.cycles = cycles
        shift = cycles * timeline.cycleDuration
        let constants = constants ?? Self.constants(of: timeline)
        self.constants = constants
        // The moving steps' animations, cycle by cycle: shared with the properties the same steps move.
        let layout =
            layouts?.layout(timeline, index: index, afterCycles: cycles, span: span, constants: constants)
            ?? PhaseTermLayout(timeline, index: index, afterCycles: cycles, span: span, constants: constants)
        self.layout = layout
        stride = layout.stride
        firstCycle = layout.firstCycle
        lastCycle = layout.lastCycle
        progresses = layout.progresses
        accelerationTerms = layout.accelerationTerms
        jerkTerms = layout.jerkTerms
        oscillations = layout.oscillations
        partners = layout.partners
        // This property's terms, parallel to the layout's (one allocation).
        let timelineSteps = timeline.steps
        let moving = layout.moving
        var terms = ContiguousArray<Term>()
        terms.reserveCapacity(layout.progresses.count)
        var cycle = firstCycle
        while cycle <= lastCycle {
            let start = (cycle - cycles) * cycleDuration
            for k in timelineSteps.indices where moving[k] {
                let delta = timelineSteps[k].deltas[index]
                let origin = start + timelineSteps[k].start
                if let settled = constants[k]?.settled {
                    terms.append(Term(origin: origin, delta: delta, settled: settled, step: k, animated: true))
                } else {
                    terms.append(Term(origin: origin, delta: delta, settled: 0, step: k, animated: false))
                }
            }
            cycle += 1
        }
        self.terms = terms
        // The loops over the terms read every parallel array by the terms' indices: they must all
        // have the terms' count.
        precondition(
            progresses.count == terms.count && accelerationTerms.count == terms.count && jerkTerms.count == terms.count
                && oscillations.count == terms.count && partners.count == terms.count, "a phase property's term arrays differ in length")
        var ordered = true
        for k in terms.indices {
            if k > 0 && !(terms[k].origin >= terms[k - 1].origin) { ordered = false }
            if terms[k].animated, let animation = constants[terms[k].step]?.animation, !(animation.delay >= 0 && animation.speed >= 0) {
                ordered = false
            }
        }
        self.ordered = ordered
        self.steps = steps ?? PhaseStepMemo()
    }

    /// Term `k` and every term after it start at or after `time` (s, `ordered`): each adds
    /// exactly 0 to a sum of rates, accelerations, jerks or their ranges at `time` or over an
    /// interval ending there, and 0 to a value. Skipping such an addend changes no sum's bits:
    /// a sum that starts at +0 is never −0 (x + (−x) rounds to +0), and x ± 0 is x for every
    /// other x; only a value that is ±0 so far may change its sign (see `evaluate`).
    private func startsAtOrAfter(_ k: Int, _ time: Double) -> Bool {
        ordered && terms[k].origin >= time
    }

    /// Term `k`'s spring form's value and next derivative at its own time `u` (s), remembered
    /// (`steps`).
    private func springEnds(_ k: Int, _ form: Spring.Form, _ u: Double) -> (value: Double, next: Double) {
        steps.springEnds(step: terms[k].step, at: u) { form.valueAndNext(at: u) }
    }

    /// Term `k`'s acceleration (order 2, 1/s²) at `local` s after its step's start: what
    /// `DerivativeBounds.acceleration(at:)` gives, to the bit, a spring's from `springEnds`.
    private func termAcceleration(_ k: Int, _ bounds: PhaseAnimation.DerivativeBounds, _ local: Double) -> Double? {
        guard case .spring(let form) = bounds.kind else { return bounds.acceleration(at: local) }
        let u = (local - bounds.delay) * bounds.speed
        guard u > 0 else { return 0 }
        return springEnds(k, form, u).value * bounds.speed * bounds.speed
    }

    /// Term `k`'s acceleration and jerk range over [from, to] (s after its step's start), as
    /// `DerivativeBounds.range` gives them for order 2 and 3, a spring's ends from `springEnds`:
    /// remembered for the timeline's other properties (`PhaseStepMemo.range`), which bound the
    /// same steps over the same pieces.
    private func termRange(_ k: Int, order: Int, _ from: Double, _ to: Double) -> (min: Double, max: Double)? {
        steps.range(step: terms[k].step, order: order, from: from, to: to) { computeTermRange(k, order: order, from, to) }
    }

    /// `termRange`, computed.
    private func computeTermRange(_ k: Int, order: Int, _ from: Double, _ to: Double) -> (min: Double, max: Double)? {
        guard let bounds = accelerationTerms[k] else { return nil }
        guard case .spring(let form) = bounds.kind, case .spring(let jerkForm)? = jerkTerms[k]?.kind else {
            return order == 2 ? bounds.range(from: from, to: to) : jerkTerms[k]?.range(from: from, to: to)
        }
        let speed = bounds.speed
        let a = (from - bounds.delay) * speed, b = (to - bounds.delay) * speed
        guard b > 0 else { return (0, 0) }
        let lo = max(0, a)
        let ya = springEnds(k, form, lo), yb = springEnds(k, form, b)
        if order == 2 {
            let r = form.range(from: lo, to: b, ends: (ya.value, yb.value))
            return (r.min * speed * speed, r.max * speed * speed)
        }
        let r = jerkForm.range(from: lo, to: b, ends: (ya.next, yb.next))
        let scale = speed * speed * speed
        return (r.min * scale, r.max * scale)
    }

    /// The terms of the cycles active between `from` and `to` (as `PhaseTimeline.forEachActiveCycle`):
    /// an empty range when none is, nil when one was not laid out; always inside `terms.indices`.
    func activeTerms(from: Double, to: Double) -> Range<Int>? {
        guard to + shift > 0 else { return 0..<0 }
        guard isRepeating else { return 0..<terms.count }
        let last = ((to + shift) / cycleDuration).rounded(.down)
        let first = max(0, ((from + shift - exhausted) / cycleDuration).rounded(.down))
        guard first <= last else { return 0..<0 }
        guard first >= firstCycle, last <= lastCycle else { return nil }
        let range = Int(first - firstCycle) * stride..<Int(last - firstCycle + 1) * stride
        precondition(range.lowerBound >= 0 && range.upperBound <= terms.count, "active terms outside the laid-out cycles")
        return range
    }

    /// A wave worked out ahead for a later term of the same loop (`wave(_:_:at:in:_:)`).
    struct PendingWave {
        var index = -1
        var wave = Spring.Wave(decay: 0, sin: 0, cos: 0)
    }

    /// Under-damped term `k`'s wave `local` s after its origin (nil before its motion starts,
    /// where the loops give it 0): the one `pending` holds for it, else worked out together with
    /// its partner's (`PhaseTermLayout.partners`) when that one is in motion at `t` too, whose
    /// wave `pending` then keeps for when the loop reaches it (`Spring.waves`: two waves cheaper
    /// than two calls). The loops still sum term by term, in order, and each wave has the
    /// bits its own `exp` and `sincos` would give (from the own time `PhaseAnimation.Progress`
    /// computes, (local − delay)·speed). O(1).
    private func wave(_ k: Int, _ local: Double, at t: Double, in active: Range<Int>, _ pending: inout PendingWave) -> Spring.Wave? {
        let u = (local - progresses[k].delay) * progresses[k].speed
        guard u > 0 else { return nil }
        if pending.index == k { return pending.wave }
        let arguments = oscillations[k].underDampedArguments(at: u)
        let j = partners[k]
        if j >= 0 && j < active.upperBound {
            // (The local time, the settled test and the own time as the loops have them.)
            let term = terms[j]
            let other = t - term.origin
            let v = (other - progresses[j].delay) * progresses[j].speed
            if v > 0 && !(other > term.settled && term.settled > 0) {
                let (own, next) = Spring.waves(arguments, oscillations[j].underDampedArguments(at: v))
                pending = PendingWave(index: j, wave: next)
                return own
            }
        }
        return Spring.Wave(arguments)
    }

    /// Value and velocity at `time`, remembered (`StateMemo`): `velocity(_:)` and `value(_:)`
    /// are its parts (the velocity summed here is, term by term, the one a velocity-only pass sums).
    func state(_ time: Double) -> (value: Double, velocity: Double) {
        memo.state(time) { evaluate($0) }
    }

    private func evaluate(_ time: Double) -> (value: Double, velocity: Double) {
        let t = isRepeating ? time : min(time, duration)
        let moving = isRepeating || time <= duration
        guard let active = activeTerms(from: isRepeating ? t : time, to: isRepeating ? t : time) else {
            return timeline.state(of: index, at: time, afterCycles: cycles)
        }
        var value = base, rate = 0.0
        var pending = PendingWave()
        for k in active {
            // (A value of ±0 so far goes on through the terms that add ±0: its sign may turn.)
            if startsAtOrAfter(k, time) && value != 0 { break }
            let term = terms[k]
            guard term.animated else {
                if time - term.origin > 0 { value += term.delta }
                continue
            }
            let local = t - term.origin
            if local > term.settled && term.settled > 0 {
                value += term.delta
                continue
            }
            let progress: (value: Double, rate: Double)
            if partners[k] != PhaseTermLayout.notUnderDamped, let wave = wave(k, local, at: t, in: active, &pending) {
                progress = progresses[k].at(oscillations[k], wave)
            } else {
                progress = progresses[k].at(local)
            }
            value += term.delta * progress.value
            if moving { rate += term.delta * progress.rate }
        }
        return (value, rate)
    }

    func value(_ time: Double) -> Double { state(time).value }

    func velocity(_ time: Double) -> Double { state(time).velocity }

    /// The sum of every moving step's exact acceleration range (`PhaseAnimation.accelerationRange`)
    /// excludes 0: the velocity is monotone. False when a step's range is unknown (a non-linear
    /// Bézier moving there). O(moving steps · (1 + jerk zeros)).
    func velocityIsMonotone(_ a: Double, _ b: Double) -> Bool {
        guard let range = accelerationBounds(a, b) else { return false }
        return range.min > 0 || range.max < 0
    }

    /// The sum of the moving steps' accelerations (`PhaseAnimation.acceleration`); nil where a
    /// Bézier's slope is singular or the time's cycles were not laid out. O(moving steps).
    func acceleration(_ time: Double) -> Double? {
        if !isRepeating && time > duration { return 0 }
        guard let active = activeTerms(from: time, to: time) else { return nil }
        var total = 0.0
        for k in active {
            if startsAtOrAfter(k, time) { break }
            guard let bounds = accelerationTerms[k] else { continue }
            let term = terms[k]
            let local = time - term.origin
            if local > term.settled && term.settled > 0 { continue }
            guard let a = termAcceleration(k, bounds, local) else { return nil }
            total += term.delta * a
        }
        return total
    }

    static var hasJerk: Bool { true }

    /// The sums of the moving steps' accelerations and jerks at `time`, each spring term's from
    /// one `exp` and `sincos` (`Spring.Form.valueAndNext`, not remembered), each Bézier's from one
    /// parameter solve (`UnitCurve.curvatureAndJerk`); nil where a Bézier's slope is singular or
    /// the time's cycles were not laid out. O(moving steps).
    func transientAccelerationAndJerk(_ time: Double) -> (acceleration: Double, jerk: Double)? {
        if !isRepeating && time > duration { return (0, 0) }
        guard let active = activeTerms(from: time, to: time) else { return nil }
        var acceleration = 0.0, jerk = 0.0
        for k in active {
            if startsAtOrAfter(k, time) { break }
            guard let bounds = accelerationTerms[k] else { continue }
            let term = terms[k]
            let local = time - term.origin
            if local > term.settled && term.settled > 0 { continue }
            let u = (local - bounds.delay) * bounds.speed
            guard u > 0 else { continue }
            let speed = bounds.speed
            switch bounds.kind {
            case .spring(let form):
                let y = form.valueAndNext(at: u)
                acceleration += term.delta * (y.value * speed * speed)
                jerk += term.delta * (y.next * speed * speed * speed)
            case .bezier(let curve, let d):
                guard d > 0, u < d else { continue }
                guard let y = curve.curvatureAndJerk(at: u / d) else { return nil }
                let rate = speed / d
                acceleration += term.delta * (y.curvature * rate * rate)
                jerk += term.delta * (y.jerk * rate * rate * rate)
            }
        }
        return (acceleration, jerk)
    }

    /// Halley's method on the summed rates and their first two exact derivatives
    /// (`SafeguardedHalley`, to 1e-10 s): each spring term's from one `exp` and `sincos`, each
    /// Bézier's from one parameter solve. The velocity is summed term by term as `state(_:)` sums
    /// it. nil where the cycles were not laid out. Fewer evaluations than regula falsi.
    func velocityCrossing(of level: Double, _ a: Double, _ b: Double, _ fa: Double, _ fb: Double) -> Double? {
        guard isRepeating || b <= duration, activeTerms(from: a, to: b) != nil else { return nil }
        return SafeguardedHalley.solve(a, b, fa, fb, tolerance: 1e-10) { t in
            var rate = 0.0, acceleration = 0.0, jerk = 0.0
            var pending = PendingWave()
            let active = activeTerms(from: t, to: t) ?? 0..<0
            for k in active {
                if startsAtOrAfter(k, t) { break }
                let term = terms[k]
                guard term.animated else { continue }
                let local = t - term.origin
                if local > term.settled && term.settled > 0 { continue }
                let y: (rate: Double, acceleration: Double, jerk: Double)
                if partners[k] != PhaseTermLayout.notUnderDamped, let wave = wave(k, local, at: t, in: active, &pending) {
                    y = progresses[k].rateAccelerationAndJerk(oscillations[k], wave)
                } else {
                    y = progresses[k].rateAccelerationAndJerk(at: local)
                }
                rate += term.delta * y.rate
                acceleration += term.delta * y.acceleration
                jerk += term.delta * y.jerk
            }
            return (rate - level, acceleration, jerk)
        }
    }

    /// The sum of the moving steps' exact acceleration ranges (`PhaseAnimation.accelerationRange`)
    /// over [a, b]. O(moving steps · (1 + jerk zeros)).
    func accelerationBounds(_ a: Double, _ b: Double) -> (min: Double, max: Double)? {
        sumOfRanges(a, b) { k, from, to in termRange(k, order: 2, from, to) }
    }

    /// The sum of the moving steps' jerk ranges (`PhaseAnimation.jerkRange`) over [a, b].
    /// O(moving steps · (1 + snap zeros)).
    func jerkBounds(_ a: Double, _ b: Double) -> (min: Double, max: Double)? {
        sumOfRanges(a, b) { k, from, to in termRange(k, order: 3, from, to) }
    }

    /// Σ delta · range over the steps moving in [a, b], each range given in the step's own time.
    private func sumOfRanges(
        _ a: Double, _ b: Double, _ range: (Int, Double, Double) -> (min: Double, max: Double)?
    ) -> (min: Double, max: Double)? {
        guard let active = activeTerms(from: a, to: b) else { return nil }
        var low = 0.0, high = 0.0
        for k in active {
            if startsAtOrAfter(k, b) { break }
            let term = terms[k]
            guard term.animated else { continue }
            if a - term.origin > term.settled && term.settled > 0 { continue }
            guard let r = range(k, a - term.origin, b - term.origin) else { return nil }
            let delta = term.delta
            low += delta >= 0 ? delta * r.min : delta * r.max
            high += delta >= 0 ? delta * r.max : delta * r.min
        }
        return (low, high)
    }

    /// The sum of each moving step's rate bounds over [a, b] (its rates at the ends). Each step's
    /// rates at a and b are the ones `state(_:)` sums there: where every step is active at both
    /// ends (a timeline that does not loop, 0 < a ≤ b ≤ its duration) the states at a and b are
    /// summed in the same pass, term by term in the same order, and remembered (`StateMemo`).
    func velocityBounds(_ a: Double, _ b: Double) -> VelocityBounds {
        guard let active = activeTerms(from: a, to: b) else { return timeline.velocityBounds(of: index, from: a, to: b, afterCycles: cycles) }
        let states = !isRepeating && a > 0 && a <= b && b <= duration
        var lower = 0.0, upper = 0.0
        var rising = false, falling = false
        var xa = base, va = 0.0, xb = base, vb = 0.0
        for k in active {
            // (Values of ±0 so far go on through the terms that add ±0: their signs may turn.)
            if startsAtOrAfter(k, b) && !(states && (xa == 0 || xb == 0)) { break }
            let term = terms[k]
            guard term.animated else {
                if states {
                    if a - term.origin > 0 { xa += term.delta }
                    if b - term.origin > 0 { xb += term.delta }
                }
                continue
            }
            let la = a - term.origin, lb = b - term.origin
            if la > term.settled && term.settled > 0 {
                // Settled at a, so at b ≥ a too.
                if states {
                    xa += term.delta
                    xb += term.delta
                }
                continue
            }
            let pa = steps.progress(step: term.step, at: la) { progresses[k].at(la) },
                pb = steps.progress(step: term.step, at: lb) { progresses[k].at(lb) }
            let ra = term.delta * pa.rate
            let rb = term.delta * pb.rate
            if rb > ra { rising = true } else if rb < ra { falling = true }
            lower += min(ra, rb)
            upper += max(ra, rb)
            if states {
                xa += term.delta * pa.value
                va += ra
                if lb > term.settled && term.settled > 0 {
                    xb += term.delta
                } else {
                    xb += term.delta * pb.value
                    vb += rb
                }
            }
        }
        if states {
            memo.remember(a, (xa, va))
            memo.remember(b, (xb, vb))
        }
        return VelocityBounds(lower: lower, upper: upper, isMonotone: !(rising && falling))
    }
}
