@testable import MotionCore

// The analysis as it was before issue 15: the velocity sampled every 0.5 ms between breakpoints,
// sign changes bisected. Kept only as a test oracle for the closed-form `MotionAnalyzer`.

// MARK: - SampledMotionAnalyzer

/// Finds peaks, holds, snaps and impacts on the real curve of a timeline, property by property.
///
/// Method: between two breakpoints a property's curve is analytic, so its velocity is sampled
/// every `options.step` seconds and every sign change is refined by bisection to 1e-9 s (the
/// issue asks ≤ 0.1 ms). The exact stationary points, the breakpoints (both sides of a jump) and
/// the ends form a sequence between whose points the curve is monotone; extremes, prominence
/// and the property's range are read from that sequence exactly. A flat run counts as part of
/// the extreme it tops, and the extreme's time is the arrival (the run's first point). Holds are
/// maximal runs with |velocity| ≤ tolerance / minimum length, split where the value leaves the
/// tolerance band. Cost: O(duration / step) evaluations per property.
///
/// Repeating phase timelines are analysed over a steady-state cycle (late enough that the
/// previous cycles' spring tails are included); repeating keyframe timelines over their one cycle.
public struct SampledMotionAnalyzer: Sendable {
    public var options: AnalysisOptions

    public init(options: AnalysisOptions = .standard) { self.options = options }

    public func analyze(_ timeline: any MotionTimeline) -> MotionAnalysis {
        var window: any MotionTimeline = timeline
        if let phases = timeline as? PhaseTimeline, phases.isRepeating, phases.cycleDuration > 0 {
            let cycles = max(1, (phases.exhausted / phases.cycleDuration).rounded(.up))
            window = SampledCycleWindow(base: phases, cycles: cycles)
        }
        var ranges: [PropertyRange] = []
        var peaks: [Peak] = [], holds: [Hold] = [], checks: [WrittenHoldCheck] = [], snaps: [Snap] = [], impacts: [Impact] = []
        for index in window.properties.indices {
            // A loop has no ends: its last moment runs into its first (see SampledPropertyAnalysis).
            let result = SampledPropertyAnalysis(timeline: window, index: index, options: options, wraps: timeline.isRepeating)
            ranges.append(result.range)
            peaks += result.peaks
            holds += result.holds
            checks += result.writtenHolds
            snaps += result.snaps
            impacts += result.impacts
        }
        return MotionAnalysis(
            duration: timeline.duration, isRepeating: timeline.isRepeating, ranges: ranges,
            peaks: peaks.sorted { ($0.time, $0.property) < ($1.time, $1.property) },
            holds: holds.sorted { ($0.start, $0.property) < ($1.start, $1.property) },
            writtenHolds: checks, snaps: snaps.sorted { $0.time < $1.time },
            impacts: impacts.sorted { $0.time < $1.time })
    }
}

// MARK: - SampledCycleWindow

/// A repeating phase timeline seen from a later cycle, so that times 0…duration are one
/// steady-state cycle.
struct SampledCycleWindow: MotionTimeline {
    let base: PhaseTimeline
    /// Whole cycles before the one seen (evaluated with `afterCycles`, so the cycle's local times
    /// are exact; the first version added and removed the offset, which moved jumps by rounding).
    let cycles: Double
    var properties: [String] { base.properties }
    var duration: Double { base.duration }
    var isRepeating: Bool { true }
    func value(of index: Int, at time: Double) -> Double { base.value(of: index, at: time, afterCycles: cycles) }
    func velocity(of index: Int, at time: Double) -> Double { base.velocity(of: index, at: time, afterCycles: cycles) }
    func breakpoints(of index: Int) -> [Double] { base.breakpoints(of: index) }
    func jumps(of index: Int) -> [Jump] { base.cycleJumps(of: index, afterCycles: cycles) }
    func writtenHolds(of index: Int) -> [WrittenHold] { base.writtenHolds(of: index) }
    func velocityTurns(of index: Int) -> [Double] { [] }
}

// MARK: - SampledPropertyAnalysis

/// The analysis of one property (internal: built by `MotionAnalyzer`).
struct SampledPropertyAnalysis {
    let range: PropertyRange
    var peaks: [Peak] = []
    var holds: [Hold] = []
    var writtenHolds: [WrittenHoldCheck] = []
    var snaps: [Snap] = []
    var impacts: [Impact] = []

    /// A point of the monotone sequence.
    struct Point {
        let time: Double
        let value: Double
        let jumpSide: Bool
    }

    /// - Parameter wraps: the timeline loops: its end runs into its start, so a turn, hold, jump
    ///   or reversal across the cycle boundary is found (at time 0), and no hold is leading or
    ///   trailing. The two cycles are joined on the point sequence itself, not by evaluating past
    ///   the end, so breakpoints keep their exact times.
    init(timeline: any MotionTimeline, index p: Int, options: AnalysisOptions, wraps: Bool = false) {
        let name = timeline.properties[p]
        let d = timeline.duration
        let value = { (t: Double) in timeline.value(of: p, at: t) }
        let velocity = { (t: Double) in timeline.velocity(of: p, at: t) }
        guard d > 0 else {
            let v = value(0)
            range = PropertyRange(property: name, minimum: v, maximum: v, maximumSpeed: 0)
            return
        }
        let delta = max(1e-9, d * 1e-12) // right-limit offset at a breakpoint
        var breaks = Set(timeline.breakpoints(of: p).filter { $0 > 0 && $0 < d })
        breaks.insert(0)
        breaks.insert(d)
        let cuts = breaks.sorted()

        // Samples of velocity (and value) on each analytic piece; stationary points by bisection.
        var samples: [(t: Double, v: Double, x: Double)] = []
        var stationary: [Double] = []
        for i in 0..<(cuts.count - 1) {
            let a = cuts[i], b = cuts[i + 1]
            guard b - a > delta * 2 else { continue }
            let n = max(8, Int(((b - a) / options.step).rounded(.up)))
            var previous: (t: Double, v: Double)?
            for k in 0...n {
                let t = k == 0 ? a + delta : (k == n ? b : a + (b - a) * Double(k) / Double(n))
                let v = velocity(t)
                samples.append((t, v, value(t)))
                if let prev = previous, prev.v * v < 0 {
                    stationary.append(Self.bisect(prev.t, t) { (velocity($0) > 0) == (prev.v > 0) })
                }
                previous = (t, v)
            }
        }

        // The monotone sequence: ends, both sides of every breakpoint, stationary points.
        // The timeline says where it jumps; several jumps at one time chain into one.
        let jumps = timeline.jumps(of: p)
        var jumpTargets: [Double: Double] = [:]
        for jump in jumps { jumpTargets[jump.time] = jump.to }
        var points: [Point] = []
        for b in cuts {
            let left = value(b)
            if b < d, let right = jumpTargets[b], right != left {
                points.append(Point(time: b, value: left, jumpSide: true))
                points.append(Point(time: b, value: right, jumpSide: true))
            } else {
                points.append(Point(time: b, value: left, jumpSide: false))
            }
        }
        for s in stationary { points.append(Point(time: s, value: value(s), jumpSide: false)) }
        points.sort { $0.time < $1.time } // stable: the two sides of a jump keep their order

        let lo = points.map(\.value).min() ?? 0, hi = points.map(\.value).max() ?? 0
        let maxSpeed = samples.map { abs($0.v) }.max() ?? 0
        range = PropertyRange(property: name, minimum: lo, maximum: hi, maximumSpeed: maxSpeed)
        let span = hi - lo
        // Written holds against the real curve: flat within one band of values, or settling onto
        // the written value (no turn, ending in its band, under the hold speed: the production
        // rule's speed scan is shared, the values here come from the grid).
        var flatWritten: [(start: Double, end: Double, low: Double, high: Double)] = []
        for written in timeline.writtenHolds(of: p) where written.end > written.start {
            var worst = (deviation: 0.0, time: written.start, value: written.value)
            let candidates =
                Self.window(samples, from: written.start, to: written.end).map(\.t)
                + stationary.filter { $0 >= written.start && $0 <= written.end } + [written.end]
            var low = Double.infinity, high = -Double.infinity
            for t in candidates {
                let x = value(t)
                if t > written.start || !timeline.jumps(of: p).contains(where: { $0.time == t }) {
                    low = min(low, x)
                    high = max(high, x)
                }
                if abs(x - written.value) > worst.deviation { worst = (abs(x - written.value), t, x) }
            }
            let turns = stationary.contains { $0 > written.start && $0 < written.end }
            let flat = PropertyAnalysis.writtenHoldIsFlat(
                written, low: low, high: high, end: value(written.end), turns: turns, span: span, options: options
            ) {
                abs(timeline.velocity(of: p, at: $0))
            }
            if flat { flatWritten.append((written.start, written.end, low, high)) }
            writtenHolds.append(
                WrittenHoldCheck(
                    property: name, written: written, isFlat: flat,
                    deviation: worst.deviation, deviationTime: worst.time, deviationValue: worst.value))
        }
        // Nothing moves (or only by rounding, 1e-12 of the value): no extremes, holds, snaps or impacts.
        guard span > 1e-12 * max(1, abs(lo), abs(hi)) else { return }
        let flat = 1e-9 * max(1, abs(lo), abs(hi))

        // A loop: the sequence twice, the second copy one cycle later; the end of the first
        // meets the start of the second (a jump there when they differ).
        var sequence = points
        // (Or where the value jumps at time 0: a phase loop's return to phase 0 without animation.)
        let wrapJump = wraps && (abs(points[points.count - 1].value - points[0].value) > flat || jumpTargets[0] != nil)
        if wraps {
            if wrapJump {
                sequence[sequence.count - 1] = Point(time: d, value: points[points.count - 1].value, jumpSide: true)
                if abs(points[points.count - 1].value - points[0].value) >= options.minimumProminence * span {
                    snaps.append(Snap(property: name, time: 0, from: points[points.count - 1].value, to: points[0].value))
                }
            }
            sequence += points.enumerated().map { k, q in Point(time: q.time + d, value: q.value, jumpSide: q.jumpSide || (k == 0 && wrapJump)) }
        }
        // Only extremes that arrive in one cycle are kept: [0, d) in a loop (the wrap at 0), all otherwise.
        let kept = { (i: Int) -> Double? in
            guard wraps else { return sequence[i].time }
            let n = points.count
            if i == n - 1 { return 0 } // the wrap
            return i >= n && i < 2 * n - 1 ? points[i - n].time : nil // the second copy, at its exact time
        }

        // Extremes: where the direction of travel reverses; the time is the arrival.
        var lastDirection = 0
        var arrival = 0
        for i in 0..<(sequence.count - 1) {
            let change = sequence[i + 1].value - sequence[i].value
            let direction = abs(change) <= flat ? 0 : (change > 0 ? 1 : -1)
            if direction == 0 { continue }
            if lastDirection != 0 && direction != lastDirection && !sequence[arrival].jumpSide && !sequence[i].jumpSide, let t = kept(arrival) {
                let kind: Peak.Kind = lastDirection > 0 ? .max : .min
                let prominence = Self.prominence(of: arrival, in: sequence, kind: kind)
                if prominence >= options.minimumProminence * span {
                    let t = max(0, t)
                    // The arrival at a loop's wrap happens at the end of the cycle.
                    let arrivedAt = wraps && arrival == points.count - 1 ? d : t
                    let arrivalSpeed = Self.window(samples, from: arrivedAt - 0.08, to: arrivedAt + 1e-12).map { abs($0.v) }.max() ?? 0
                    peaks.append(
                        Peak(property: name, time: t, value: sequence[arrival].value, kind: kind, prominence: prominence, arrivalSpeed: arrivalSpeed))
                }
            }
            lastDirection = direction
            arrival = i + 1
        }

        // Snaps.
        for jump in jumps where abs(jump.to - jump.from) >= options.minimumProminence * span {
            snaps.append(Snap(property: name, time: jump.time, from: jump.from, to: jump.to))
        }

        // Impacts: a sharp reversal at a kink: the motion arrives fast and leaves the other way
        // at once (a ball meeting the floor). A smooth turn passes through zero velocity and is
        // only a peak; a motion that merely stops is a peak or the start of a hold.
        for b in cuts where b > 0 && b < d {
            let vIn = velocity(b), vOut = velocity(b + delta)
            guard jumpTargets[b] == nil, maxSpeed > 0, abs(vIn) >= 0.25 * maxSpeed else { continue }
            if vIn * vOut < 0 && abs(vOut) >= 0.1 * abs(vIn) {
                impacts.append(Impact(property: name, time: b, value: value(b), incomingVelocity: vIn, outgoingVelocity: vOut))
            }
        }

        if wraps, !wrapJump, maxSpeed > 0 {
            let vIn = velocity(d), vOut = velocity(delta)
            if abs(vIn) >= 0.25 * maxSpeed, vIn * vOut < 0, abs(vOut) >= 0.1 * abs(vIn) {
                impacts.append(Impact(property: name, time: 0, value: points[0].value, incomingVelocity: vIn, outgoingVelocity: vOut))
            }
        }

        // Holds.
        let tolerance = options.holdTolerance * span
        // Slow enough to stay in the band for the minimum length (drift is sorted out below).
        let slow = tolerance / options.minimumHoldLength
        var runs: [(start: Double, end: Double)] = []
        var runStart: Double?
        for k in samples.indices {
            let isSlow = abs(samples[k].v) <= slow
            if isSlow && runStart == nil {
                runStart = k == 0 ? samples[k].t - delta : Self.bisect(samples[k - 1].t, samples[k].t) { abs(velocity($0)) > slow }
            } else if !isSlow, let start = runStart {
                runs.append((start, Self.bisect(samples[k - 1].t, samples[k].t) { abs(velocity($0)) <= slow }))
                runStart = nil
            }
        }
        if let start = runStart { runs.append((start, d)) }
        // A boundary within a few right-limit offsets of a breakpoint is that breakpoint.
        let snap = { (t: Double) -> Double in cuts.first { abs($0 - t) <= 4 * delta } ?? t }
        runs = runs.map { (snap($0.start), snap($0.end)) }
        let jumpTimes = jumps.map(\.time)
        let movingTimes = samples.filter { abs($0.v) > slow }.map(\.t) + jumpTimes
        let firstMotion = movingTimes.min() ?? d, lastMotion = movingTimes.max() ?? 0
        // In a loop, a rest that runs through the cycle boundary is one hold: its two ends count
        // together (each may be shorter than the minimum) when the value stays in the band.
        if wraps, !wrapJump, runs.count >= 2, let first = runs.first, let last = runs.last, first.start <= 4 * delta, last.end >= d - 4 * delta {
            // (Fixed for the oracle: a run that starts at a jump starts after it, so the sample at
            // the run's start, the value before the jump, is not in its band.)
            let band = samples.filter { ($0.t > last.start) || ($0.t <= first.end) }.map(\.x)
            if let lo = band.min(), let hi = band.max(), hi - lo <= tolerance,
                (first.end - first.start) + (last.end - last.start) >= options.minimumHoldLength - 1e-9
            {
                for piece in [first, last] {
                    holds.append(
                        Hold(
                            property: name, start: max(0, piece.start), end: min(d, piece.end), value: (lo + hi) / 2, deviation: (hi - lo) / 2,
                            position: .interior))
                }
                runs = Array(runs.dropFirst().dropLast())
            }
        }
        for run in runs {
            // Split where the value leaves the tolerance band: at a jump inside the run, or where
            // a slow drift carries it out. A piece between jumps is kept whole when it fits the
            // band. One that drifts out of it holds only its true rests: from its slowest moment,
            // the band grows both ways; that is a rest if the motion there slows to under 0.4 of the
            // speed it has where it leaves the band (a settling tail, a start from rest, the turn
            // of a slow pulse), and the parts either side are searched the same way. A steady
            // drift has no such moment: it is motion, not a row of holds.
            var pieces: [(start: Double, end: Double, low: Double, high: Double)] = []
            var segmentStart = run.start
            var low = value(min(run.start + delta, d)), high = low
            var lastTime = run.start, lastValue = low
            var drifting: [(start: Double, end: Double, low: Double, high: Double)] = []
            func rests(_ from: Double, _ to: Double, depth: Int) {
                // (Fixed for the oracle: a window that starts on a breakpoint does not hold the
                // sample there, which is the previous piece's end: a curve that arrives fast and
                // is over reports velocity 0 at that instant, a rest that is not in the run.)
                let w = Array(Self.window(samples, from: from, to: to).drop { $0.t == from && cuts.contains(from) })
                guard w.count >= 2, depth < 64, let slowest = w.indices.min(by: { abs(w[$0].v) < abs(w[$1].v) }) else { return }
                var i0 = slowest, i1 = slowest, lo = w[slowest].x, hi = lo
                while true {
                    let left = i0 > 0 && max(hi, w[i0 - 1].x) - min(lo, w[i0 - 1].x) <= tolerance
                    let right = i1 < w.count - 1 && max(hi, w[i1 + 1].x) - min(lo, w[i1 + 1].x) <= tolerance
                    if left && (!right || abs(w[i0 - 1].v) <= abs(w[i1 + 1].v)) {
                        i0 -= 1
                        lo = min(lo, w[i0].x)
                        hi = max(hi, w[i0].x)
                    } else if right {
                        i1 += 1
                        lo = min(lo, w[i1].x)
                        hi = max(hi, w[i1].x)
                    } else {
                        break
                    }
                }
                var edges: [Double] = []
                if i0 > 0 { edges.append(abs(w[i0 - 1].v)) }
                if i1 < w.count - 1 { edges.append(abs(w[i1 + 1].v)) }
                guard abs(w[slowest].v) <= AnalysisOptions.restSpeedRatio * (edges.min() ?? .infinity) else { return }
                pieces.append((i0 == 0 ? from : w[i0].t, i1 == w.count - 1 ? to : w[i1].t, lo, hi))
                if i0 > 0 { rests(from, w[i0 - 1].t, depth: depth + 1) }
                if i1 < w.count - 1 { rests(w[i1 + 1].t, to, depth: depth + 1) }
            }
            func closeDrift() {
                defer { drifting = [] }
                guard drifting.count >= 2, let first = drifting.first, let last = drifting.last else {
                    pieces += drifting
                    return
                }
                rests(first.start, last.end, depth: 0)
            }
            let inside =
                Self.window(samples, from: run.start, to: run.end).filter { $0.t > run.start && $0.t < run.end }.map { ($0.t, $0.x) } + [
                    (run.end, value(run.end))
                ]
            for (t, x) in inside {
                if max(high, x) - min(low, x) > tolerance {
                    drifting.append((segmentStart, lastTime, low, high))
                    // A step this large between neighbouring samples of a slow run is a jump.
                    if abs(x - lastValue) > tolerance / 2 { closeDrift() }
                    segmentStart = t
                    low = x
                    high = x
                } else {
                    low = min(low, x)
                    high = max(high, x)
                }
                lastTime = t
                lastValue = x
            }
            drifting.append((segmentStart, run.end, low, high))
            closeDrift()
            for piece in pieces.sorted(by: { $0.start < $1.start }) { appendHold(piece.start, piece.end, piece.low, piece.high) }
        }
        func appendHold(_ start: Double, _ end: Double, _ low: Double, _ high: Double) {
            guard end - start >= options.minimumHoldLength - 1e-9 else { return }
            let position: Hold.Position = wraps ? .interior : (start < firstMotion ? .leading : (end > lastMotion ? .trailing : .interior))
            holds.append(
                Hold(property: name, start: max(0, start), end: min(d, end), value: (low + high) / 2, deviation: (high - low) / 2, position: position)
            )
        }
        // A flat written hold where no rest was measured is a hold.
        let measured = holds.filter { $0.property == name }
        for w in flatWritten where !measured.contains(where: { $0.start < w.end && $0.end > w.start }) {
            appendHold(w.start, w.end, w.low, w.high)
        }
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
    /// the ends); mirrored for a minimum.
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
