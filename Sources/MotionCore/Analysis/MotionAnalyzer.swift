// MARK: - MotionAnalyzer

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
public struct MotionAnalyzer: Sendable {
    public var options: AnalysisOptions

    public init(options: AnalysisOptions = .standard) { self.options = options }

    public func analyze(_ timeline: any MotionTimeline) -> MotionAnalysis {
        var window: any MotionTimeline = timeline
        if let phases = timeline as? PhaseTimeline, phases.isRepeating, phases.cycleDuration > 0 {
            let cycles = max(1, (phases.exhausted / phases.cycleDuration).rounded(.up))
            window = CycleWindow(base: phases, offset: cycles * phases.cycleDuration)
        }
        // A loop has no ends: it is analysed over two cycles and what falls in the second is kept
        // (shifted back by one cycle), so a turn, hold or jump across the wrap is seen whole.
        let cycle = timeline.duration
        let looping = timeline.isRepeating && cycle > 0
        if looping { window = TwoCycles(base: window, cycle: cycle) }
        var ranges: [PropertyRange] = []
        var peaks: [Peak] = [], holds: [Hold] = [], checks: [WrittenHoldCheck] = [], snaps: [Snap] = [], impacts: [Impact] = []
        for index in window.properties.indices {
            let result = PropertyAnalysis(timeline: window, index: index, options: options)
            ranges.append(result.range)
            guard looping else {
                peaks += result.peaks
                holds += result.holds
                checks += result.writtenHolds
                snaps += result.snaps
                impacts += result.impacts
                continue
            }
            let second = { (t: Double) in t >= cycle - 1e-9 && t < 2 * cycle - 1e-9 }
            func back(_ t: Double) -> Double { max(0, t - cycle) }
            peaks += result.peaks.filter { second($0.time) }.map {
                Peak(property: $0.property, time: back($0.time), value: $0.value, kind: $0.kind, prominence: $0.prominence, arrivalSpeed: $0.arrivalSpeed)
            }
            snaps += result.snaps.filter { second($0.time) }.map { Snap(property: $0.property, time: back($0.time), from: $0.from, to: $0.to) }
            impacts += result.impacts.filter { second($0.time) }.map {
                Impact(property: $0.property, time: back($0.time), value: $0.value, incomingVelocity: $0.incomingVelocity, outgoingVelocity: $0.outgoingVelocity)
            }
            // Holds clipped to the second cycle: one across the wrap becomes its two ends.
            for h in result.holds where h.end > cycle + 1e-9 && h.start < 2 * cycle - 1e-9 {
                let start = max(h.start, cycle), end = min(h.end, 2 * cycle)
                guard end - start >= options.minimumHoldLength - 1e-9 || h.start < cycle || h.end >= 2 * cycle - 1e-9 else { continue }
                holds.append(Hold(property: h.property, start: back(start), end: end - cycle, value: h.value, deviation: h.deviation,
                                  position: h.position == .interior || h.start < cycle || h.end >= 2 * cycle - 1e-9 ? .interior : h.position))
            }
            checks += result.writtenHolds.filter { $0.written.start >= cycle - 1e-9 }.map { c in
                WrittenHoldCheck(property: c.property,
                                 written: WrittenHold(start: c.written.start - cycle, end: c.written.end - cycle, value: c.written.value, origin: c.written.origin),
                                 isFlat: c.isFlat, deviation: c.deviation, deviationTime: c.deviationTime - cycle, deviationValue: c.deviationValue)
            }
        }
        return MotionAnalysis(duration: timeline.duration, isRepeating: timeline.isRepeating, ranges: ranges,
                              peaks: peaks.sorted { ($0.time, $0.property) < ($1.time, $1.property) },
                              holds: holds.sorted { ($0.start, $0.property) < ($1.start, $1.property) },
                              writtenHolds: checks, snaps: snaps.sorted { $0.time < $1.time },
                              impacts: impacts.sorted { $0.time < $1.time })
    }
}

// MARK: - CycleWindow

/// A repeating phase timeline seen from a later cycle, so that times 0…duration are one
/// steady-state cycle.
struct CycleWindow: MotionTimeline {
    let base: PhaseTimeline
    let offset: Double
    var properties: [String] { base.properties }
    var duration: Double { base.duration }
    var isRepeating: Bool { true }
    func value(of index: Int, at time: Double) -> Double { base.value(of: index, at: time + offset) }
    func velocity(of index: Int, at time: Double) -> Double { base.velocity(of: index, at: time + offset) }
    func breakpoints(of index: Int) -> [Double] { base.breakpoints(of: index) }
    func jumps(of index: Int) -> [Jump] {
        base.jumps(of: index).map { j in
            let before = value(of: index, at: j.time)
            return Jump(time: j.time, from: before, to: before + (j.to - j.from))
        }
    }
    func writtenHolds(of index: Int) -> [WrittenHold] { base.writtenHolds(of: index) }
}

// MARK: - TwoCycles

/// Two cycles of a loop as one plain timeline, 0 … 2·cycle: the second cycle has a real past.
/// Breakpoints, jumps and written holds repeat; where the loop does not return to its start,
/// the wrap is a jump at `cycle`.
struct TwoCycles: MotionTimeline {
    let base: any MotionTimeline
    let cycle: Double
    var properties: [String] { base.properties }
    var duration: Double { 2 * cycle }
    var isRepeating: Bool { false }
    func value(of index: Int, at time: Double) -> Double { base.value(of: index, at: time) }
    func velocity(of index: Int, at time: Double) -> Double { base.velocity(of: index, at: time) }
    func breakpoints(of index: Int) -> [Double] {
        let once = base.breakpoints(of: index)
        return Array(Set(once + once.map { $0 + cycle } + [cycle])).sorted()
    }
    func jumps(of index: Int) -> [Jump] {
        let once = base.jumps(of: index)
        var jumps = once
        // The wrap: the end of the first cycle against the start of the second.
        let delta = max(1e-9, cycle * 1e-12)
        let end = base.value(of: index, at: cycle), next = base.value(of: index, at: cycle + delta)
        // More than the motion itself covers in `delta` is a jump.
        let drift = 4 * delta * max(abs(base.velocity(of: index, at: cycle)), abs(base.velocity(of: index, at: cycle + delta)))
        if abs(end - next) > drift + 1e-9 * max(1, abs(end)) { jumps.append(Jump(time: cycle, from: end, to: next)) }
        jumps += once.map { Jump(time: $0.time + cycle, from: $0.from, to: $0.to) }.filter { $0.time > cycle && $0.time < 2 * cycle }
        return jumps
    }
    func writtenHolds(of index: Int) -> [WrittenHold] {
        let once = base.writtenHolds(of: index)
        return once + once.map { WrittenHold(start: $0.start + cycle, end: $0.end + cycle, value: $0.value, origin: $0.origin) }
    }
}

// MARK: - PropertyAnalysis

/// The analysis of one property (internal: built by `MotionAnalyzer`).
struct PropertyAnalysis {
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

    init(timeline: any MotionTimeline, index p: Int, options: AnalysisOptions) {
        let name = timeline.properties[p]
        let d = timeline.duration
        let value = { (t: Double) in timeline.value(of: p, at: t) }
        let velocity = { (t: Double) in timeline.velocity(of: p, at: t) }
        guard d > 0 else {
            let v = value(0)
            range = PropertyRange(property: name, minimum: v, maximum: v, maximumSpeed: 0)
            return
        }
        let delta = max(1e-9, d * 1e-12)  // right-limit offset at a breakpoint
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
        points.sort { $0.time < $1.time }  // stable: the two sides of a jump keep their order

        let lo = points.map(\.value).min() ?? 0, hi = points.map(\.value).max() ?? 0
        let maxSpeed = samples.map { abs($0.v) }.max() ?? 0
        range = PropertyRange(property: name, minimum: lo, maximum: hi, maximumSpeed: maxSpeed)
        let span = hi - lo
        guard span > 0 else { return }
        let flat = 1e-9 * max(1, abs(lo), abs(hi))

        // Extremes: where the direction of travel reverses; the time is the arrival.
        var lastDirection = 0
        var arrival = 0
        for i in 0..<(points.count - 1) {
            let change = points[i + 1].value - points[i].value
            let direction = abs(change) <= flat ? 0 : (change > 0 ? 1 : -1)
            if direction == 0 { continue }
            if lastDirection != 0 && direction != lastDirection && !points[arrival].jumpSide && !points[i].jumpSide {
                let kind: Peak.Kind = lastDirection > 0 ? .max : .min
                let prominence = Self.prominence(of: arrival, in: points, kind: kind)
                if prominence >= options.minimumProminence * span {
                    let t = points[arrival].time
                    let arrivalSpeed = samples.filter { $0.t <= t + 1e-12 && $0.t >= t - 0.08 }.map { abs($0.v) }.max() ?? 0
                    peaks.append(Peak(property: name, time: t, value: points[arrival].value, kind: kind, prominence: prominence, arrivalSpeed: arrivalSpeed))
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

        // Holds.
        let tolerance = options.holdTolerance * span
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
        for run in runs {
            // Split where the value leaves the tolerance band (slow drift, or a jump inside).
            var segmentStart = run.start
            var low = value(min(run.start + delta, d)), high = low
            var lastTime = run.start
            let inside = samples.filter { $0.t > run.start && $0.t < run.end }.map { ($0.t, $0.x) } + [(run.end, value(run.end))]
            for (t, x) in inside {
                if max(high, x) - min(low, x) > tolerance {
                    appendHold(segmentStart, lastTime, low, high)
                    segmentStart = t
                    low = x; high = x
                } else {
                    low = min(low, x); high = max(high, x)
                }
                lastTime = t
            }
            appendHold(segmentStart, run.end, low, high)
        }
        func appendHold(_ start: Double, _ end: Double, _ low: Double, _ high: Double) {
            guard end - start >= options.minimumHoldLength - 1e-9 else { return }
            let position: Hold.Position = start < firstMotion ? .leading : (end > lastMotion ? .trailing : .interior)
            holds.append(Hold(property: name, start: max(0, start), end: min(d, end), value: (low + high) / 2, deviation: (high - low) / 2, position: position))
        }

        // Written holds against the real curve.
        for written in timeline.writtenHolds(of: p) where written.end > written.start {
            var worst = (deviation: 0.0, time: written.start, value: written.value)
            let candidates = samples.filter { $0.t >= written.start && $0.t <= written.end }.map(\.t)
                + stationary.filter { $0 >= written.start && $0 <= written.end } + [written.end]
            for t in candidates {
                let x = value(t)
                if abs(x - written.value) > worst.deviation { worst = (abs(x - written.value), t, x) }
            }
            writtenHolds.append(WrittenHoldCheck(property: name, written: written, isFlat: worst.deviation <= tolerance,
                                                 deviation: worst.deviation, deviationTime: worst.time, deviationValue: worst.value))
        }
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
        while i >= 0, sign * points[i].value <= h + noise { leftBase = min(leftBase, sign * points[i].value); i -= 1 }
        i = index + 1
        while i < points.count, sign * points[i].value <= h + noise { rightBase = min(rightBase, sign * points[i].value); i += 1 }
        return h - max(leftBase, rightBase)
    }
}
