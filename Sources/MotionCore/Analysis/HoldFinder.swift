// MARK: - HoldFinder

/// The holds of one property: the maximal runs with |velocity| ≤ tolerance / minimum length
/// (`CurvePieces.slowRuns`) whose value stays in the tolerance band. A run that drifts out of the
/// band holds only its true rests, searched on the exact curve where its pieces are monotone
/// (`RestSearch`), on sampled points elsewhere (`SampledRestSearch`). A hold before the first
/// moment of motion leads, one after the last trails (never in a loop).
struct HoldFinder<Motion: PropertyMotion> {
    typealias Rest = (start: Double, end: Double, low: Double, high: Double)

    let name: String
    let skeleton: PropertyAnalysis.Skeleton<Motion>
    let motion: Motion
    let duration: Double
    let wraps: Bool
    /// The value jumps where a loop's cycle ends (`LoopSequence.wrapJump`).
    let wrapJump: Bool
    let options: AnalysisOptions
    let buffers: PropertyBuffers?
    /// The band a hold's value stays in (units).
    let tolerance: Double
    /// The shortest hold kept (s): the minimum length less 1e-9 s for the rounding of times.
    let shortestHold: Double
    /// The first and last moments of motion (s): outside the slow runs, or a jump.
    private(set) var firstMotion = 0.0, lastMotion = 0.0

    /// - Parameter span: the property's range (units).
    init(
        name: String, skeleton: PropertyAnalysis.Skeleton<Motion>, motion: Motion, wraps: Bool, wrapJump: Bool, span: Double,
        options: AnalysisOptions, buffers: PropertyBuffers?
    ) {
        self.name = name
        self.skeleton = skeleton
        self.motion = motion
        self.duration = skeleton.curve.duration
        self.wraps = wraps
        self.wrapJump = wrapJump
        self.options = options
        self.buffers = buffers
        tolerance = options.holdTolerance * span
        shortestHold = options.minimumHoldLength - 1e-9
    }

    /// Appends the holds of every slow run to `holds`.
    /// - Parameter share: how many properties, this one included, append to `holds` (`Array.reserveRoom`).
    mutating func appendHolds(into holds: inout [Hold], share: Int) {
        let cuts = skeleton.cuts, delta = skeleton.delta
        // Slow enough to stay in the band for the minimum length (drift is sorted out below).
        // Runs too short to hold a hold, that move neither the first nor the last moment of motion,
        // are left out unsolved (most are a turn's few milliseconds).
        let slow = tolerance / options.minimumHoldLength
        var runs = skeleton.curve.slowRuns(
            limit: slow, shorterThan: options.minimumHoldLength, wraps: wraps, stationary: skeleton.stationary, buffers: buffers)
        defer { buffers?.runs.keepRoom(of: runs) }
        // A boundary within a few right-limit offsets of a breakpoint is that breakpoint: the first
        // such cut, found by binary search in the sorted cuts (a scan per run was runs × cuts).
        for k in runs.indices {
            runs[k] = (Self.snapped(runs[k].start, to: cuts, delta: delta), Self.snapped(runs[k].end, to: cuts, delta: delta))
        }
        // Usually a hold a run at most (a drifting run may hold several rests).
        if !runs.isEmpty { holds.reserveRoom(for: runs.count + 1, share: share) }
        (firstMotion, lastMotion) = motionBounds(runs: runs)
        if joinsRestThroughWrap(runs, into: &holds) { runs = Array(runs.dropFirst().dropLast()) }
        for run in runs {
            // A run shorter than a hold holds none: every hold it gives lies inside it, and
            // `appendHold` keeps none shorter (a rounded difference of times inside the run is
            // at most the run's). Its extent and rests are not worked out. (The runs `slowRuns`
            // could not show short before solving them: next to the last moment of motion, too
            // close to a neighbour, or too far from their estimates.)
            if run.end - run.start < shortestHold { continue }
            // A run that stays in the band is one hold: no need to look inside.
            let extent = valueRange(from: run.start, to: run.end)
            if extent.high - extent.low <= tolerance {
                appendHold(run.start, run.end, extent.low, extent.high, into: &holds)
                continue
            }
            for piece in rests(inDrifting: run) { appendHold(piece.start, piece.end, piece.low, piece.high, into: &holds) }
        }
    }

    /// Appends the flat written holds (`PropertyAnalysis.checkWrittenHolds`) where the measure
    /// found no rest at all: a sub-pixel drift a spring's tail leaves in one is no motion to the
    /// eye, and it gets its haptic. After `appendHolds(into:share:)`: the measured holds are
    /// this property's among those in `holds` on entry (one appended here hides no other).
    /// Searched in place, and not at all when there is no flat written hold (most properties): a
    /// filtered copy of the holds would cost every property an array of all properties' holds.
    func appendFlatWrittenHolds(_ flatWritten: [Rest], into holds: inout [Hold]) {
        guard !flatWritten.isEmpty else { return }
        let measured = holds.count
        for w in flatWritten where !Self.overlaps(holds, upTo: measured, property: name, start: w.start, end: w.end) {
            appendHold(w.start, w.end, w.low, w.high, into: &holds)
        }
    }

    /// Whether one of `holds[0..<count]` of `property` overlaps (start, end). O(count).
    static func overlaps(_ holds: [Hold], upTo count: Int, property: String, start: Double, end: Double) -> Bool {
        for i in 0..<count where holds[i].start < end && holds[i].end > start && holds[i].property == property { return true }
        return false
    }

    /// `t`, or the first breakpoint within four right-limit offsets of it.
    static func snapped(_ t: Double, to cuts: [Double], delta: Double) -> Double {
        let i = cuts.partitionIndex { $0 - t >= -4 * delta }
        return i < cuts.count && abs(cuts[i] - t) <= 4 * delta ? cuts[i] : t
    }

    /// The first and last moments of motion: what lies outside the slow runs, and the jumps
    /// (none: the end and 0).
    func motionBounds(runs: [(start: Double, end: Double)]) -> (first: Double, last: Double) {
        let d = duration, delta = skeleton.delta
        var first = Double.infinity, last = -Double.infinity
        for jump in skeleton.jumps {
            first = min(first, jump.time)
            last = max(last, jump.time)
        }
        var cursor = 0.0
        for run in runs {
            if run.start > cursor {
                first = min(min(first, cursor + delta), run.start)
                last = max(max(last, cursor + delta), run.start)
            }
            cursor = run.end
        }
        if cursor < d {
            first = min(min(first, cursor), d)
            last = max(max(last, cursor), d)
        }
        return first == .infinity ? (d, 0) : (first, last)
    }

    /// In a loop, a rest that runs through the cycle boundary is one hold: its two ends count
    /// together (each may be shorter than the minimum) when the value stays in the band. Appends
    /// both ends and returns true when the first and last runs are such a rest.
    func joinsRestThroughWrap(_ runs: [(start: Double, end: Double)], into holds: inout [Hold]) -> Bool {
        let d = duration, delta = skeleton.delta
        guard wraps, !wrapJump, runs.count >= 2, let first = runs.first, let last = runs.last, first.start <= 4 * delta, last.end >= d - 4 * delta
        else { return false }
        let end = valueRange(from: last.start, to: d), start = valueRange(from: 0, to: first.end)
        let lo = min(end.low, start.low), hi = max(end.high, start.high)
        guard hi - lo <= tolerance, (first.end - first.start) + (last.end - last.start) >= shortestHold else { return false }
        for piece in [first, last] {
            holds.append(
                Hold(
                    property: name, start: max(0, piece.start), end: min(d, piece.end), value: (lo + hi) / 2, deviation: (hi - lo) / 2,
                    position: .interior))
        }
        return true
    }

    /// The rests of a slow run whose value leaves the tolerance band, in time order: split where
    /// the value leaves the band, at a jump inside the run or where a slow drift carries it out. A
    /// piece between jumps is kept whole when it fits the band; one that drifts out of it holds
    /// only its true rests (`RestSearch`).
    func rests(inDrifting run: (start: Double, end: Double)) -> [Rest] {
        let curve = skeleton.curve
        let inner = skeleton.jumps.filter { $0.time > run.start && $0.time < run.end }
        // On the exact curve when every piece of the run has a monotone velocity (every piece is,
        // where one closed-form term moves at a time: `piecesAreMonotone`), each stretch between
        // jumps searched on its own.
        guard Motion.piecesAreMonotone || curve.pieces(from: run.start, to: run.end).allSatisfy({ $0.monotone }),
            inner.allSatisfy({ abs($0.to - $0.from) > tolerance / 2 })
        else {
            let samples = PropertyAnalysis.samples(
                of: curve, from: run.start, to: run.end, cuts: skeleton.cuts, step: options.step, resolution: tolerance / 16)
            let search = SampledRestSearch(samples: samples, cuts: skeleton.cuts, tolerance: tolerance)
            let d = duration
            return search.rests(inRun: run, startValue: motion.value(min(run.start + skeleton.delta, d)), endValue: motion.value(run.end)).sorted(
                by: { $0.start < $1.start })
        }
        let search = RestSearch(
            curve: curve, stationary: skeleton.stationary, tolerance: tolerance, breakpoints: skeleton.cuts, step: options.step,
            shortestRest: shortestHold, buffers: buffers)
        var pieces: [Rest] = []
        // (Room for a few rests at once: a drifting run usually holds one to three.)
        pieces.reserveCapacity(inner.count + 4)
        // The stretches between the run's ends and the jumps inside it.
        var a = run.start
        for k in 0...inner.count {
            let b = k < inner.count ? inner[k].time : run.end
            defer { a = b }
            guard b > a else { continue }
            let extent = valueRange(from: a, to: b)
            if extent.high - extent.low <= tolerance {
                pieces.append((a, b, extent.low, extent.high))
            } else {
                search.rests(from: a, to: b, into: &pieces)
            }
        }
        pieces.sort { $0.start < $1.start }
        return pieces
    }

    /// The least and greatest value over [from, to] (`PropertyAnalysis.valueRange`).
    func valueRange(from: Double, to: Double) -> (low: Double, high: Double) {
        PropertyAnalysis.valueRange(skeleton.points, from: from, to: to, value: { motion.value($0) })
    }

    /// Appends the hold [start, end] with values low…high, when it is at least the shortest hold.
    func appendHold(_ start: Double, _ end: Double, _ low: Double, _ high: Double, into holds: inout [Hold]) {
        guard end - start >= shortestHold else { return }
        let position: Hold.Position = wraps ? .interior : (start < firstMotion ? .leading : (end > lastMotion ? .trailing : .interior))
        holds.append(
            Hold(
                property: name, start: max(0, start), end: min(duration, end), value: (low + high) / 2, deviation: (high - low) / 2,
                position: position))
    }
}
