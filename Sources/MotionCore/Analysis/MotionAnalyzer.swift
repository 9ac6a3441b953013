// MARK: - MotionAnalyzer

/// Finds peaks, holds, snaps and impacts on the real curve of a timeline, property by property.
///
/// Method: the curve is cut at its breakpoints and at its velocity turns, which every segment
/// type gives in closed form (a Hermite cubic's acceleration is linear; a Bézier-eased segment's
/// turns are roots of a quadratic in the curve parameter; a spring's fall at (θ0 + kπ)/ωd; phase
/// steps are the same curves shifted and scaled). Where overlapping phase steps move together,
/// the piece is cut again at the zeros of their summed acceleration, isolated by branch and bound
/// on exact acceleration and jerk bounds (`CurvePieces.monotoneCuts`). On each piece the velocity
/// is monotone, so its zeros (the stationary points) and its crossings of the hold speed are
/// bracketed once and polished to 1e-10 s (`CurvePieces`, `RegulaFalsi`). The stationary points, the breakpoints (both sides of a
/// jump) and the ends form a sequence between whose points the curve is monotone; extremes,
/// prominence and the property's range are read from that sequence exactly. A flat run counts as
/// part of the extreme it tops, and the extreme's time is the arrival (the run's first point).
/// Holds are the maximal runs with |velocity| ≤ tolerance / minimum length whose value stays in
/// the tolerance band; a run that drifts out of the band is searched for its true rests on the
/// exact curve (`RestSearch`; on points spaced so the value moves at most 1/16 of the band between
/// them only where a piece could not be shown monotone). Cost: O(pieces + crossings),
/// independent of the duration (plus the drifting runs' total variation over the band).
///
/// Repeating phase timelines are analysed over a steady-state cycle (late enough that the
/// previous cycles' spring tails are included); repeating keyframe timelines over their one cycle.
public struct MotionAnalyzer: Sendable {
    public var options: AnalysisOptions

    public init(options: AnalysisOptions = .standard) { self.options = options }

    public func analyze(_ timeline: any MotionTimeline) -> MotionAnalysis {
        var window: any MotionTimeline = timeline
        // The kind of timeline, looked at once: each cast copies the timeline, so a keyframe
        // timeline is not also tried as the two phase kinds.
        var keyframeWindow: KeyframeTimeline?, phaseWindow: PhaseTimeline?, cycleWindow: CycleWindow?
        if let keyframes = timeline as? KeyframeTimeline {
            keyframeWindow = keyframes
        } else if let phases = timeline as? PhaseTimeline {
            if phases.isRepeating, phases.cycleDuration > 0 {
                let cycles = max(1, (phases.exhausted / phases.cycleDuration).rounded(.up))
                let cycle = CycleWindow(base: phases, cycles: cycles)
                window = cycle
                cycleWindow = cycle
            } else {
                phaseWindow = phases
            }
        }
        // A phase step's constants are the same for every property it moves: worked out once.
        let stepConstants = (phaseWindow ?? cycleWindow?.base).map(PhaseProperty.constants(of:))
        // The memo tables and buffers, shared by the properties (`AnalysisScratch`), kept from an
        // earlier analysis (`ScratchPool`).
        let scratch = ScratchPool.shared.take()
        defer { ScratchPool.shared.give(scratch) }
        // A step's values at the ends of the pieces are the same for every property too: shared.
        let stepMemo = stepConstants.map { _ in scratch.phaseStepMemo() }
        // And so are the moving steps' animations, laid out cycle by cycle, with the breakpoints
        // and turns they make, for the properties the same steps move (`PhaseTermLayouts`).
        let layouts = stepConstants.map { _ in PhaseTermLayouts() }
        let wraps = timeline.isRepeating
        var ranges: [PropertyRange] = []
        let count = window.properties.count
        ranges.reserveCapacity(count)
        // Every property's findings in one array of each kind, property after property.
        var findings = AnalysisFindings()
        for index in window.properties.indices {
            let share = count - index
            // A loop has no ends: its last moment runs into its first (see PropertyAnalysis).
            let result: PropertyAnalysis
            if let keyframes = keyframeWindow {
                result = PropertyAnalysis(
                    timeline: window, index: index, motion: TrackProperty(keyframes, index: index, memo: scratch.stateMemo()), options: options,
                    wraps: wraps, buffers: scratch.propertyBuffers, into: &findings, share: share)
            } else if let phases = phaseWindow {
                result = PropertyAnalysis(
                    timeline: window, index: index,
                    motion: PhaseProperty(
                        phases, index: index, span: phases.duration + 1, constants: stepConstants, steps: stepMemo, memo: scratch.stateMemo(),
                        layouts: layouts), options: options, wraps: wraps, buffers: scratch.propertyBuffers, into: &findings, share: share)
            } else if let cycle = cycleWindow {
                let motion = PhaseProperty(
                    cycle.base, index: index, afterCycles: cycle.cycles, span: cycle.duration + 1, constants: stepConstants, steps: stepMemo,
                    memo: scratch.stateMemo(), layouts: layouts)
                result = PropertyAnalysis(
                    timeline: window, index: index, motion: motion, options: options, wraps: wraps, buffers: scratch.propertyBuffers, into: &findings,
                    share: share)
            } else {
                result = PropertyAnalysis(
                    timeline: window, index: index, motion: TimelineProperty(timeline: window, index: index), options: options, wraps: wraps,
                    into: &findings, share: share)
            }
            var range = result.range
            if cycleWindow != nil {
                // The first visible change happens in the first cycle, from rest, not in the steady state.
                let first = PropertyAnalysis.departure(timeline, index: index, threshold: PropertyRange.visibleChangeFraction * range.span)
                range = PropertyRange(
                    property: range.property, minimum: range.minimum, maximum: range.maximum, maximumSpeed: range.maximumSpeed,
                    firstVisibleChange: first)
            }
            ranges.append(range)
        }
        // Sorted in place (as `sorted` would order them).
        findings.peaks.sort { ($0.time, $0.property) < ($1.time, $1.property) }
        findings.holds.sort { ($0.start, $0.property) < ($1.start, $1.property) }
        findings.snaps.sort { $0.time < $1.time }
        findings.impacts.sort { $0.time < $1.time }
        return MotionAnalysis(
            duration: timeline.duration, isRepeating: timeline.isRepeating, ranges: ranges,
            peaks: findings.peaks, holds: findings.holds, writtenHolds: findings.writtenHolds, snaps: findings.snaps, impacts: findings.impacts)
    }
}

// MARK: - CycleWindow

/// A repeating phase timeline seen from a later cycle, so that times 0…duration are one
/// steady-state cycle.
struct CycleWindow: MotionTimeline {
    let base: PhaseTimeline
    /// How many whole cycles have passed before the one seen.
    let cycles: Double
    var properties: [String] { base.properties }
    var duration: Double { base.duration }
    var isRepeating: Bool { true }
    func value(of index: Int, at time: Double) -> Double { base.value(of: index, at: time, afterCycles: cycles) }
    func velocity(of index: Int, at time: Double) -> Double { base.velocity(of: index, at: time, afterCycles: cycles) }
    func state(of index: Int, at time: Double) -> (value: Double, velocity: Double) { base.state(of: index, at: time, afterCycles: cycles) }
    func breakpoints(of index: Int) -> [Double] { base.breakpoints(of: index) }
    func jumps(of index: Int) -> [Jump] { base.cycleJumps(of: index, afterCycles: cycles) }
    func writtenHolds(of index: Int) -> [WrittenHold] { base.writtenHolds(of: index) }
    func velocityTurns(of index: Int) -> [Double] { base.velocityTurns(of: index, from: 0, to: duration, afterCycles: cycles) }
    func velocityBounds(of index: Int, from a: Double, to b: Double) -> VelocityBounds {
        base.velocityBounds(of: index, from: a, to: b, afterCycles: cycles)
    }
}

// MARK: - PropertyAnalysis

/// The analysis of one property (internal: built by `MotionAnalyzer`).
struct PropertyAnalysis {
    let range: PropertyRange
    /// Its findings, where it kept them (`init(timeline:index:motion:options:wraps:buffers:)`;
    /// nil where it appended them to the caller's: nothing to release when it is dropped).
    private var own: AnalysisFindings?
    var peaks: [Peak] { own?.peaks ?? [] }
    var holds: [Hold] { own?.holds ?? [] }
    var writtenHolds: [WrittenHoldCheck] { own?.writtenHolds ?? [] }
    var snaps: [Snap] { own?.snaps ?? [] }
    var impacts: [Impact] { own?.impacts ?? [] }

    /// A point of the monotone sequence.
    struct Point {
        let time: Double
        let value: Double
        let jumpSide: Bool
    }

    /// The exact shape of one property: its pieces, stationary points and the monotone sequence
    /// (ends, both sides of every breakpoint, stationary points; several jumps at one time chain
    /// into one, as the timeline reports them).
    struct Skeleton<Motion: PropertyMotion> {
        let delta: Double
        let cuts: [Double]
        let curve: CurvePieces<Motion>
        let stationary: [Double]
        let points: [Point]
        let jumps: [Jump]
        let jumpTargets: JumpTargets
        /// `cuts` was made here (not the timeline's own array).
        let ownsCuts: Bool

        /// - Parameter buffers: arrays an earlier property's analysis left, filled again here
        ///   (`PropertyBuffers`; given back with `recycle(into:)`).
        init(timeline: any MotionTimeline, index p: Int, motion: Motion, buffers: PropertyBuffers? = nil) {
            let d = timeline.duration
            delta = max(1e-9, d * 1e-12) // right-limit offset at a breakpoint
            // The inner breakpoints and both ends in one array, sorted, each time once.
            let inner = motion.breakpoints(of: timeline, index: p)
            if let first = inner.first, first == 0, first.sign == .plus, inner.last == d, inner.isStrictlyIncreasing {
                cuts = inner // already so (a keyframe track's): no copy
                ownsCuts = false
            } else {
                var breaks = buffers?.breakpoints.take().emptied() ?? []
                ownsCuts = true
                breaks.reserveCapacity(inner.count + 2)
                breaks.append(0)
                for b in inner where b > 0 && b < d { breaks.append(b) }
                breaks.append(d)
                breaks.sortRemovingRepeats()
                cuts = breaks
            }
            // The curve in monotone-velocity pieces; stationary points are the velocity's zeros.
            curve = CurvePieces(timeline: timeline, index: p, motion: motion, breakpoints: cuts, delta: delta, buffers: buffers)
            var stationary = buffers?.stationary.take().emptied() ?? []
            curve.crossings(of: 0, into: &stationary)
            self.stationary = stationary
            jumps = motion.jumps(of: timeline, index: p)
            let targets = JumpTargets(jumps)
            jumpTargets = targets
            var points = buffers?.points.take().emptied() ?? []
            points.reserveCapacity(2 * cuts.count + stationary.count)
            // The cuts' points and the stationary points merged in time order (both lists are
            // sorted; no sort): a stationary point at a cut's time comes after the cut's points,
            // and the two sides of a jump keep their order, as a stable sort by time of the
            // cuts' points followed by the stationary points' would leave them.
            var next = 0
            for b in cuts {
                while next < stationary.count && stationary[next] < b {
                    points.append(Point(time: stationary[next], value: motion.value(stationary[next]), jumpSide: false))
                    next += 1
                }
                let left = motion.value(b)
                if b < d, let right = targets[b], right != left {
                    points.append(Point(time: b, value: left, jumpSide: true))
                    points.append(Point(time: b, value: right, jumpSide: true))
                } else {
                    points.append(Point(time: b, value: left, jumpSide: false))
                }
            }
            for s in stationary[next...] { points.append(Point(time: s, value: motion.value(s), jumpSide: false)) }
            self.points = points
        }

        /// Gives the arrays made here back to `buffers`, for the next property's analysis (the
        /// caller holds no other copy of them past its own end).
        func recycle(into buffers: PropertyBuffers?) {
            guard let buffers else { return }
            buffers.pieces.keepRoom(of: curve.pieces)
            buffers.stationary.keepRoom(of: stationary)
            buffers.points.keepRoom(of: points)
            if ownsCuts { buffers.breakpoints.keepRoom(of: cuts) }
        }
    }

    /// Where each jump lands, by its time (the last of several chained at one time), as a
    /// dictionary would answer: a scan of the few jumps a property usually has, a dictionary
    /// only for many.
    struct JumpTargets {
        let jumps: [Jump]
        let table: [Double: Double]?

        init(_ jumps: [Jump]) {
            self.jumps = jumps
            if jumps.count > 16 {
                var targets: [Double: Double] = [:]
                for jump in jumps { targets[jump.time] = jump.to }
                table = targets
            } else {
                table = nil
            }
        }

        subscript(time: Double) -> Double? {
            if let table { return table[time] }
            var i = jumps.count - 1
            while i >= 0 {
                if jumps[i].time == time { return jumps[i].to }
                i -= 1
            }
            return nil
        }
    }

    /// The first time property `p` of `timeline` is `threshold` away from its start value.
    static func departure(_ timeline: any MotionTimeline, index p: Int, threshold: Double) -> Double? {
        guard timeline.duration > 0 else { return nil }
        let motion = TimelineProperty(timeline: timeline, index: p)
        return firstDeparture(Skeleton(timeline: timeline, index: p, motion: motion).points, threshold: threshold) { motion.state($0) }
    }

    /// - Parameter wraps: the timeline loops: its end runs into its start, so a turn, hold, jump
    ///   or reversal across the cycle boundary is found (at time 0), and no hold is leading or
    ///   trailing. The two cycles are joined on the point sequence itself, not by evaluating past
    ///   the end, so breakpoints keep their exact times.
    /// - Parameter buffers: arrays an earlier property's analysis left, to fill again instead of
    ///   allocating (`PropertyBuffers`); given back when this one is done.
    init<Motion: PropertyMotion>(
        timeline: any MotionTimeline, index p: Int, motion: Motion, options: AnalysisOptions, wraps: Bool = false, buffers: PropertyBuffers? = nil
    ) {
        var found = AnalysisFindings()
        self.init(timeline: timeline, index: p, motion: motion, options: options, wraps: wraps, buffers: buffers, into: &found, share: 1)
        own = found
    }

    /// The analysis of property `p`, its findings appended to `findings` (`range` kept here), kind
    /// by kind: the range, the written holds checked against the curve, the extremes
    /// (`PeakFinder`), snaps and impacts (`SnapsAndImpacts`) and the holds (`HoldFinder`).
    /// - Parameter share: how many properties, this one included, will append to `findings`:
    ///   room is made for about that many times this one's findings when it runs out
    ///   (`Array.reserveRoom(for:share:)`).
    init<Motion: PropertyMotion>(
        timeline: any MotionTimeline, index p: Int, motion: Motion, options: AnalysisOptions, wraps: Bool = false, buffers: PropertyBuffers? = nil,
        into findings: inout AnalysisFindings, share: Int
    ) {
        let name = timeline.properties[p]
        let d = timeline.duration
        let value = { (t: Double) in motion.value(t) }
        let velocity = { (t: Double) in motion.velocity(t) }
        guard d > 0 else {
            let v = value(0)
            range = PropertyRange(property: name, minimum: v, maximum: v, maximumSpeed: 0)
            return
        }
        let skeleton = Skeleton(timeline: timeline, index: p, motion: motion, buffers: buffers)
        defer { skeleton.recycle(into: buffers) }
        let points = skeleton.points, jumpTargets = skeleton.jumpTargets
        let (lo, hi) = Self.extremeValues(of: points)
        let maxSpeed = skeleton.curve.maximumSpeed()
        range = PropertyRange(
            property: name, minimum: lo, maximum: hi, maximumSpeed: maxSpeed,
            firstVisibleChange: Self.firstDeparture(points, threshold: PropertyRange.visibleChangeFraction * (hi - lo), state: { motion.state($0) }))
        let span = hi - lo
        // Written holds against the real curve. The start itself counts, unless the value jumps
        // there (the hold begins after the jump) or it is a loop's time 0 (the previous cycle's).
        let flatWritten = Self.checkWrittenHolds(
            motion.writtenHolds(of: timeline, index: p), property: name, stationary: skeleton.stationary, delta: skeleton.delta, span: span,
            options: options, ownsStart: { jumpTargets[$0] == nil && !(wraps && $0 == 0) },
            value: value, velocity: velocity, into: &findings.writtenHolds)
        // Nothing moves (or only by rounding, 1e-12 of the value): no extremes, holds, snaps or impacts.
        guard span > 1e-12 * max(1, abs(lo), abs(hi)) else { return }
        let flat = 1e-9 * max(1, abs(lo), abs(hi))
        let loop = LoopSequence(points: points, duration: d, wraps: wraps, flat: flat, jumpsAtStart: jumpTargets[0] != nil)
        if loop.wrapJump && abs(points[points.count - 1].value - points[0].value) >= options.minimumProminence * span {
            findings.snaps.append(Snap(property: name, time: 0, from: points[points.count - 1].value, to: points[0].value))
        }
        PeakFinder.appendPeaks(
            of: loop, property: name, curve: skeleton.curve, flat: flat, minimumProminence: options.minimumProminence * span,
            duration: d, into: &findings.peaks, share: share)
        SnapsAndImpacts.appendSnaps(
            skeleton.jumps, property: name, minimumProminence: options.minimumProminence * span, into: &findings.snaps, share: share)
        SnapsAndImpacts.appendImpacts(
            at: skeleton.cuts, property: name, duration: d, delta: skeleton.delta, maxSpeed: maxSpeed, jumpTargets: jumpTargets,
            wrapsSmoothly: wraps && !loop.wrapJump, startValue: points[0].value, value: value, velocity: velocity, into: &findings.impacts)
        var holds = HoldFinder(
            name: name, skeleton: skeleton, motion: motion, wraps: wraps, wrapJump: loop.wrapJump, span: span, options: options, buffers: buffers)
        holds.appendHolds(into: &findings.holds, share: share)
        holds.appendFlatWrittenHolds(flatWritten, into: &findings.holds)
    }

    /// The first least and greatest value of `points` (as `min()` and `max()` of the values).
    static func extremeValues(of points: [Point]) -> (low: Double, high: Double) {
        var lo = points.first?.value ?? 0, hi = lo
        for q in points.dropFirst() {
            if q.value < lo { lo = q.value }
            if q.value > hi { hi = q.value }
        }
        return (lo, hi)
    }

    /// Each written hold checked against the curve by the rule measured holds follow
    /// (`writtenHoldIsFlat`), appended to `checks`; returns the flat ones with their value ranges.
    /// The curve is monotone between stationary points, so its extremes over a hold are there or
    /// at its ends (the start only where `ownsStart`).
    static func checkWrittenHolds(
        _ holds: [WrittenHold], property name: String, stationary: [Double], delta: Double, span: Double, options: AnalysisOptions,
        ownsStart: (Double) -> Bool, value: (Double) -> Double, velocity: (Double) -> Double,
        into checks: inout [WrittenHoldCheck]
    ) -> [(start: Double, end: Double, low: Double, high: Double)] {
        var flatHolds: [(start: Double, end: Double, low: Double, high: Double)] = []
        for written in holds where written.end > written.start {
            var worst = (deviation: 0.0, time: written.start, value: written.value)
            let inside = stationary.filter { $0 > written.start && $0 < written.end }
            let candidates = (ownsStart(written.start) ? [written.start] : []) + [min(written.start + delta, written.end)] + inside + [written.end]
            var low = Double.infinity, high = -Double.infinity
            for t in candidates {
                let x = value(t)
                low = min(low, x)
                high = max(high, x)
                if abs(x - written.value) > worst.deviation { worst = (abs(x - written.value), t, x) }
            }
            let flat = writtenHoldIsFlat(written, low: low, high: high, end: value(written.end), turns: !inside.isEmpty, span: span, options: options)
            {
                Swift.abs(velocity($0))
            }
            if flat { flatHolds.append((written.start, written.end, low, high)) }
            checks.append(
                WrittenHoldCheck(
                    property: name, written: written, isFlat: flat,
                    deviation: worst.deviation, deviationTime: worst.time, deviationValue: worst.value))
        }
        return flatHolds
    }

    /// Whether a written hold is flat, by the rule measured holds follow: its values stay within
    /// one hold band (`holdTolerance` of the property's range, as a measured hold's do); or it
    /// settles onto its written value, as when a spring's tail is still drifting in: monotone
    /// (no turn inside), ending within the band of the written value, never faster than a
    /// measured hold may move (the band crossed in `minimumHoldLength`), so the drift is below
    /// what the eye reads as motion. `speed` is |velocity|, sampled every `options.step`.
    static func writtenHoldIsFlat(
        _ written: WrittenHold, low: Double, high: Double, end: Double, turns: Bool, span: Double, options: AnalysisOptions,
        speed: (Double) -> Double
    ) -> Bool {
        let band = options.holdTolerance * span + 1e-12
        if high - low <= band { return true }
        guard !turns, Swift.abs(end - written.value) <= band else { return false }
        let slow = band / options.minimumHoldLength
        var t = written.start + options.step / 2
        while t < written.end {
            if speed(t) > slow { return false }
            t += options.step
        }
        return true
    }

    /// The values the curve takes at its extremes inside (from, to]: just after `from`, at `to`, and
    /// at every point of the monotone sequence strictly between (stationary points, both sides of
    /// jumps). Their min and max are the curve's range there, exactly. O(log n + k), no allocation.
    static func valueRange(_ points: [Point], from: Double, to: Double, value: (Double) -> Double) -> (low: Double, high: Double) {
        guard to > from else {
            let x = value(to)
            return (x, x)
        }
        let lo = points.partitionIndex { !($0.time <= from) }
        let first = value(min(from + max(1e-9, abs(from) * 1e-12), to)), last = value(to)
        var low = min(first, last), high = max(first, last)
        var i = lo
        while i < points.count && points[i].time < to {
            low = min(low, points[i].value)
            high = max(high, points[i].value)
            i += 1
        }
        return (low, high)
    }

    /// The first time the curve is `threshold` away from its start value, from the monotone
    /// sequence: between two of its points the curve is monotone, so the departure is bracketed
    /// once and solved to 1e-10 s. nil when it never gets that far (or nothing moves).
    ///
    /// On that stretch the value moves one way, towards the side s = ±1 where it gets
    /// `threshold` away, so (x − start)·s − threshold is monotone, negative at the stretch's
    /// start and not at its end, with slope s·v: Newton's method on the state (`SafeguardedNewton`,
    /// fewer evaluations than regula falsi). It starts where the parabola through the
    /// stretch's ends, flat at its start, crosses: a motion leaves its start from rest (or a turn)
    /// as (t − a)², so the secant point lies far short of the departure and the first Newton steps
    /// from there overshoot; where the value moves linearly, one step from this start lands on it.
    static func firstDeparture(_ points: [Point], threshold: Double, state: (Double) -> (value: Double, velocity: Double)) -> Double? {
        guard threshold > 0, let start = points.first?.value else { return nil }
        var i = 1
        while i < points.count && abs(points[i].value - start) < threshold { i += 1 }
        guard i < points.count else { return nil }
        let p = points[i - 1], q = points[i]
        let a = p.time, b = q.time
        if b <= a { return b } // a jump
        guard abs(p.value - start) < threshold else { return a }
        let side: Double = q.value >= start ? 1 : -1
        let fa = (p.value - start) * side - threshold, fb = (q.value - start) * side - threshold
        let guess = a + (b - a) * (-fa / (fb - fa)).squareRoot() // fa < 0 ≤ fb
        return SafeguardedNewton.solve(a, b, fa, fb, tolerance: 1e-10, start: guess) { t in
            let q = state(t)
            return ((q.value - start) * side - threshold, q.velocity * side)
        }
    }

    /// Points (t, velocity, value) inside a slow run [from, to] for the search of its rests. The
    /// 0.5 ms grid of each breakpoint piece when that is at most 200,000 points (the points the
    /// sampled analysis used, so rests come out the same: the rest search is a rule on points);
    /// otherwise steps sized from the exact speed bound so the value moves at most `resolution`
    /// between neighbours, so the count grows with how far the run drifts, not how long it lasts.
    static func samples<Motion: PropertyMotion>(
        of curve: CurvePieces<Motion>, from: Double, to: Double, cuts: [Double], step: Double, resolution: Double
    ) -> [(t: Double, v: Double, x: Double)] {
        var result: [(t: Double, v: Double, x: Double)] = []
        let delta = curve.delta
        var estimate = 0.0
        for i in 0..<(cuts.count - 1) where cuts[i + 1] >= from && cuts[i] <= to {
            estimate += max(8, ((cuts[i + 1] - cuts[i]) / step).rounded(.up))
        }
        if estimate <= 200_000 {
            for i in 0..<(cuts.count - 1) where cuts[i + 1] >= from && cuts[i] <= to {
                let a = cuts[i], b = cuts[i + 1]
                guard b - a > delta * 2 else { continue }
                let n = max(8, Int(((b - a) / step).rounded(.up)))
                for k in 0...n {
                    let t = k == 0 ? a + delta : (k == n ? b : a + (b - a) * Double(k) / Double(n))
                    if t >= from && t <= to {
                        let q = curve.state(t)
                        result.append((t, q.velocity, q.value))
                    }
                }
            }
            return result
        }
        var t = from + delta
        var h = step
        while t < to {
            let q = curve.state(t)
            result.append((t, q.velocity, q.value))
            h *= 2
            while h > step && curve.speedBound(from: t, to: min(t + h, to)) * h > resolution { h /= 2 }
            t = min(t + h, to)
            if t >= to {
                let q = curve.state(to)
                result.append((to, q.velocity, q.value))
            }
        }
        return result
    }

    /// The samples (sorted by time) with `from ≤ t ≤ to`, found by binary search: O(log n + k).
    static func window(_ samples: [(t: Double, v: Double, x: Double)], from: Double, to: Double) -> ArraySlice<(t: Double, v: Double, x: Double)> {
        func firstIndex(atLeast time: Double) -> Int {
            var lo = 0, hi = samples.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if samples[mid].t < time { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let a = firstIndex(atLeast: from)
        var b = firstIndex(atLeast: to)
        while b < samples.count && samples[b].t <= to { b += 1 }
        return samples[a..<max(a, b)]
    }

    /// For a predicate true at `a` and false at `b` (or the reverse), the switching time to 1e-10 s.
    static func bisect(_ a: Double, _ b: Double, _ isLeftSide: (Double) -> Bool) -> Double {
        var lo = a, hi = b
        let leftValue = isLeftSide(a)
        for _ in 0..<80 where hi - lo > 1e-10 {
            let mid = (lo + hi) / 2
            if isLeftSide(mid) == leftValue { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Topographic prominence of the extreme at `index`: for a maximum, its height above the
    /// higher of the two lowest points between it and the nearest higher point on each side (or
    /// the ends); mirrored for a minimum. The plain scan, O(n) each: `ProminenceSearch` answers
    /// the same in O(log n), and is checked against this.
    static func prominence(of index: Int, in points: [Point], kind: Peak.Kind) -> Double {
        let sign: Double = kind == .max ? 1 : -1
        let h = sign * points[index].value
        var leftBase = h, rightBase = h
        var i = index - 1
        // "Higher" means higher by more than float noise (a breakpoint evaluated from either side).
        let noise = 1e-9 * max(1, abs(h))
        while i >= 0, sign * points[i].value <= h + noise {
            leftBase = min(leftBase, sign * points[i].value)
            i -= 1
        }
        i = index + 1
        while i < points.count, sign * points[i].value <= h + noise {
            rightBase = min(rightBase, sign * points[i].value)
            i += 1
        }
        return h - max(leftBase, rightBase)
    }
}
