// MARK: - CurvePiece

/// A piece [a, b] of a property's curve (`CurvePieces`) and its velocity just inside both ends.
struct CurvePiece {
    let a: Double
    let b: Double
    let lo: Double
    let hi: Double
    let va: Double
    let vb: Double
    let monotone: Bool
    /// `b` is one of the breakpoints (not a velocity turn or a cut between monotone
    /// stretches, where the velocity is smooth): the velocity may change there within the
    /// right-limit offset.
    var endsAtBreakpoint = false
}

// MARK: - CurvePieces

/// One property's curve cut into pieces at its breakpoints and velocity turns, so that on each
/// piece every moving term's velocity is monotone. Everything the analysis asks of the curve
/// (where the velocity crosses a level, its largest magnitude, where the value leaves a band) is
/// answered exactly from these pieces: closed-form candidates, bracketed and polished by a
/// safeguarded regula falsi (Illinois), never from a time grid.
///
/// Where several terms move at once (overlapping phase steps), the velocity on a piece is a sum of
/// monotone terms that may turn inside: such a piece is cut at the zeros of the summed
/// acceleration (`monotoneCuts`). Where that cannot be shown, its bounds come from each term's
/// end values and the piece is split only where those bounds cannot decide (branch and bound), so
/// the work grows with the number of pieces and crossings, not with the duration.
struct CurvePieces<Motion: PropertyMotion> {
    let motion: Motion
    let duration: Double
    /// Right-limit offset at a boundary (s): the velocity just inside a piece.
    let delta: Double
    /// Breakpoints in [0, duration], sorted, 0 and the duration included.
    let breakpoints: [Double]
    /// The pieces, in time order.
    private(set) var pieces: [Piece] = []

    typealias Piece = CurvePiece

    /// - Parameter buffers: arrays an earlier property's analysis left (`PropertyBuffers`), to
    ///   fill again instead of allocating: the pieces (given back by the caller) and the cuts.
    init(timeline: any MotionTimeline, index: Int, motion: Motion, breakpoints: [Double], delta: Double, buffers: PropertyBuffers? = nil) {
        self.motion = motion
        duration = timeline.duration
        self.delta = delta
        self.breakpoints = breakpoints
        let d = duration
        var cuts = buffers?.cuts.take().emptied() ?? []
        defer { buffers?.cuts.keepRoom(of: cuts) }
        cuts += breakpoints
        // The velocity turns appended after them (no array of their own), those inside (0, d) kept.
        let first = cuts.count
        motion.appendVelocityTurns(of: timeline, index: index, to: &cuts)
        var kept = first
        for k in first..<cuts.count where cuts[k] > 0 && cuts[k] < d {
            cuts[kept] = cuts[k]
            kept += 1
        }
        cuts.removeLast(cuts.count - kept)
        cuts.sort()
        // One piece per cut, more where a piece is cut at its monotone stretches: one
        // allocation for the usual count (none where an earlier property left room).
        if let buffers { pieces = buffers.pieces.take().emptied() }
        pieces.reserveCapacity(cuts.count + 8)
        var previous = -Double.infinity
        var nextBreakpoint = 0
        // Whether `previous` is a breakpoint (else a velocity turn: the curve is smooth there).
        var previousIsBreakpoint = true
        // The monotone cuts of one piece at a time.
        var inner = buffers?.monotoneCuts.take().emptied() ?? []
        defer { buffers?.monotoneCuts.keepRoom(of: inner) }
        for b in cuts where b > previous {
            while nextBreakpoint < breakpoints.count && breakpoints[nextBreakpoint] < b { nextBreakpoint += 1 }
            let isBreakpoint = nextBreakpoint < breakpoints.count && breakpoints[nextBreakpoint] == b
            defer {
                previous = b
                previousIsBreakpoint = isBreakpoint
            }
            guard previous.isFinite, b - previous > 2 * delta else { continue }
            // One-sided limits inside at a breakpoint (the velocity may jump there); a velocity
            // turn is a smooth point of the curve, so the pieces either side share it as an end:
            // one evaluation serves both, as at the monotone cuts below.
            let lo = previousIsBreakpoint ? previous + delta : previous, hi = isBreakpoint ? b - delta : b
            var monotone = Motion.piecesAreMonotone || motion.velocityBounds(lo, hi).isMonotone
            // Else monotone where the acceleration keeps one sign (`velocityIsMonotone`); its
            // bounds over the piece are the first the monotone cuts ask for: asked once.
            var acceleration: (min: Double, max: Double)?
            if !monotone {
                acceleration = motion.accelerationBounds(lo, hi)
                if let range = acceleration { monotone = range.min > 0 || range.max < 0 } else { monotone = motion.velocityIsMonotone(lo, hi) }
            }
            if !inner.isEmpty { inner.removeAll(keepingCapacity: true) } // (a call even when empty)
            if !monotone, monotoneCuts(lo, hi, acceleration: acceleration, into: &inner) {
                // Several terms move and their sum turns inside: one piece per monotone stretch.
                var start = previous, from = lo, vFrom = velocity(lo)
                for c in inner where c > from && c < hi {
                    let vc = velocity(c)
                    pieces.append(Piece(a: start, b: c, lo: from, hi: c, va: vFrom, vb: vc, monotone: true))
                    (start, from, vFrom) = (c, c, vc)
                }
                pieces.append(Piece(a: start, b: b, lo: from, hi: hi, va: vFrom, vb: velocity(hi), monotone: true, endsAtBreakpoint: isBreakpoint))
                continue
            }
            pieces.append(
                Piece(a: previous, b: b, lo: lo, hi: hi, va: velocity(lo), vb: velocity(hi), monotone: monotone, endsAtBreakpoint: isBreakpoint))
        }
    }

    // MARK: Monotone stretches

    /// Times that cut [l, h] (inside one piece) into stretches of monotone velocity: the zeros of
    /// the acceleration. Branch and bound on the motion's rigorous acceleration bounds (a stretch
    /// whose bounds exclude 0 has no zero) and jerk bounds (where they exclude 0 the acceleration
    /// is monotone: one zero at most, where its end values differ in sign, solved by Newton's
    /// method on the acceleration and jerk to 1e-12 s). Sorted; nil when that cannot be shown
    /// within 48 splits (a Bézier's singular slope, a motion without these bounds or without its
    /// jerk at a time, a zero of the jerk at a zero of the acceleration).
    /// O(splits · moving terms). `acceleration`: `accelerationBounds(l, h)` when already known.
    func monotoneCuts(_ l: Double, _ h: Double, acceleration known: (min: Double, max: Double)? = nil) -> [Double]? {
        var cuts: [Double] = []
        return monotoneCuts(l, h, acceleration: known, into: &cuts) ? cuts : nil
    }

    /// `monotoneCuts(l, h, acceleration:)` appended to `cuts` (false for nil: then `cuts` may hold
    /// some of them), so that one array serves every piece.
    func monotoneCuts(_ l: Double, _ h: Double, acceleration known: (min: Double, max: Double)?, into cuts: inout [Double]) -> Bool {
        var budget = 48
        // `cuts` and `budget` passed inout, not captured (captured variables of a recursive local
        // function are checked for exclusive access at run time).
        func visit(_ a: Double, _ b: Double, _ fa: Double, _ fb: Double, depth: Int, _ cuts: inout [Double], _ budget: inout Int) -> Bool {
            guard let acceleration = depth == 0 && known != nil ? known : motion.accelerationBounds(a, b) else { return false }
            if acceleration.min > 0 || acceleration.max < 0 { return true }
            guard let jerk = motion.jerkBounds(a, b) else { return false }
            if jerk.min > 0 || jerk.max < 0 {
                if (fa < 0 && fb > 0) || (fa > 0 && fb < 0) {
                    // Newton's method on the acceleration and the jerk (which keeps its sign
                    // here: one simple zero). An unknown value ends the solve there.
                    cuts.append(
                        SafeguardedNewton.solve(a, b, fa, fb, tolerance: 1e-12) { t in
                            guard let y = motion.transientAccelerationAndJerk(t) else { return (0, 1) }
                            return (y.acceleration, y.jerk)
                        })
                }
                return true
            }
            budget -= 1
            guard depth < 24, budget > 0 else { return false }
            let m = (a + b) / 2
            guard let fm = motion.acceleration(m) else { return false }
            return visit(a, m, fa, fm, depth: depth + 1, &cuts, &budget) && visit(m, b, fm, fb, depth: depth + 1, &cuts, &budget)
        }
        // The zeros are solved on the acceleration and its jerk at a time (`hasJerk`).
        guard Motion.hasJerk, let fl = motion.acceleration(l), let fh = motion.acceleration(h) else { return false }
        return visit(l, h, fl, fh, depth: 0, &cuts, &budget)
    }

    func velocity(_ t: Double) -> Double { motion.velocity(t) }
    func value(_ t: Double) -> Double { motion.value(t) }
    func state(_ t: Double) -> (value: Double, velocity: Double) { motion.state(t) }

    // MARK: Level crossings

    /// Every time in the open pieces where the velocity crosses `level` (a sign change of
    /// v − level), sorted, each to 1e-10 s, appended to `times`.
    func crossings(of level: Double, into times: inout [Double]) {
        // (At most one a piece, unless a piece is not monotone.)
        times.reserveCapacity(times.count + pieces.count)
        for piece in pieces { crossings(of: level, in: piece, into: &times) }
    }

    /// The crossings of `level` inside one piece, appended in time order.
    func crossings(of level: Double, in piece: Piece, into times: inout [Double]) {
        let fa = piece.va - level, fb = piece.vb - level
        if piece.monotone {
            if fa * fb < 0 { times.append(root(piece.lo, piece.hi, fa, fb, level)) }
            return
        }
        var budget = 4096
        split(piece.lo, piece.hi, fa, fb, level, depth: 0, budget: &budget, into: &times)
    }

    /// Branch and bound on a sum of monotone terms: an interval whose velocity bounds exclude the
    /// level has no crossing; a monotone one has one exactly when its ends differ in sign.
    private func split(
        _ l: Double, _ h: Double, _ fl: Double, _ fh: Double, _ level: Double, depth: Int, budget: inout Int, into times: inout [Double]
    ) {
        let bounds = motion.velocityBounds(l, h)
        if level < bounds.lower || level > bounds.upper { return }
        let monotone = bounds.isMonotone || (depth > 0 && motion.velocityIsMonotone(l, h))
        if monotone || h - l < 1e-10 || depth >= 48 || budget <= 0 {
            if fl * fh < 0 { times.append(monotone ? root(l, h, fl, fh, level) : (l + h) / 2) }
            return
        }
        budget -= 1
        let m = (l + h) / 2
        let fm = velocity(m) - level
        split(l, m, fl, fm, level, depth: depth + 1, budget: &budget, into: &times)
        split(m, h, fm, fh, level, depth: depth + 1, budget: &budget, into: &times)
    }

    /// The root of v − level in [l, h] (a sign change, v monotone): in closed form where the
    /// motion has one there (`PropertyMotion.velocityCrossing`: a cubic's or a Bézier's quadratic,
    /// Halley on a spring's exact derivatives), else to 1e-10 s by `RegulaFalsi`, about 8
    /// evaluations of the velocity.
    func root(_ l: Double, _ h: Double, _ fl: Double, _ fh: Double, _ level: Double) -> Double {
        if let t = motion.velocityCrossing(of: level, l, h, fl, fh) { return t }
        return RegulaFalsi.solve(l, h, fl, fh, tolerance: 1e-10) { velocity($0) - level }
    }

    // MARK: Speed

    /// The pieces that overlap (from, to), found by binary search: O(log n + k).
    func pieces(from: Double, to: Double) -> ArraySlice<Piece> {
        pieces[firstPiece(endingAfter: from)...].prefix(while: { $0.a < to })
    }

    /// The index of the first piece that ends after `from` (count: none), by binary search: the
    /// first of the pieces overlapping (from, …). O(log n).
    private func firstPiece(endingAfter from: Double) -> Int {
        pieces.partitionIndex { !($0.b <= from) }
    }

    /// The largest |velocity| over [from, to] (clamped to the timeline), exact on monotone pieces
    /// and to a relative 1e-3 by branch and bound elsewhere (the top speed sets relative
    /// thresholds: an impact arrives at 25 % of it).
    func maximumSpeed(from: Double = -.infinity, to: Double = .infinity) -> Double {
        var best = 0.0
        // First the end values of every piece (the exact answer where one term moves), then a
        // branch and bound only where several terms move and their bounds could beat that.
        var ends: [(l: Double, h: Double)] = []
        // A window's end inside a monotone piece: the velocity there lies between the piece's
        // end velocities, so it is looked at only where their larger magnitude could beat the
        // rest (`best` is then the same: max is exact). At most two: the first piece's start and
        // the last piece's end.
        var inside: (first: (time: Double, bound: Double)?, last: (time: Double, bound: Double)?)
        /// The velocity at window end `t` in `piece`: `known` where `t` is the piece's own end;
        /// inside a monotone piece 0 for now, `t` kept in `later` with the piece's larger end
        /// speed; else evaluated.
        func endVelocity(at t: Double, isEnd: Bool, known: Double, in piece: Piece, later: inout (time: Double, bound: Double)?) -> Double {
            if isEnd { return known }
            guard piece.monotone else { return velocity(t) }
            later = (t, max(abs(piece.va), abs(piece.vb)))
            return 0
        }
        // The pieces overlapping (from, to), by index (`pieces(from:to:)` without its slice).
        var k = firstPiece(endingAfter: from)
        while k < pieces.count {
            let piece = pieces[k]
            guard piece.a < to else { break }
            k += 1
            let l = max(piece.lo, from), h = min(piece.hi, to)
            guard h >= l else { continue }
            let vl = endVelocity(at: l, isEnd: l == piece.lo, known: piece.va, in: piece, later: &inside.first)
            let vh = endVelocity(at: h, isEnd: h == piece.hi, known: piece.vb, in: piece, later: &inside.last)
            best = max(best, abs(vl), abs(vh))
            // The velocity at the piece's exact end belongs to it (a boundary is the earlier
            // side's): at a breakpoint it may differ from the one just inside. (At a velocity turn
            // the velocity is smooth: the value just inside is the end's, to the right-limit offset.)
            if piece.b <= to && piece.endsAtBreakpoint { best = max(best, abs(velocity(piece.b))) }
            if !piece.monotone { ends.append((l, h)) }
        }
        if let (t, bound) = inside.first, bound > best { best = max(best, abs(velocity(t))) }
        if let (t, bound) = inside.last, bound > best { best = max(best, abs(velocity(t))) }
        for (l, h) in ends {
            var budget = 64
            maximize(l, h, depth: 0, best: &best, budget: &budget)
        }
        return best
    }

    private func maximize(_ l: Double, _ h: Double, depth: Int, best: inout Double, budget: inout Int) {
        let bounds = motion.velocityBounds(l, h)
        let ceiling = max(abs(bounds.lower), abs(bounds.upper))
        if ceiling <= best * (1 + 1e-3) || bounds.isMonotone || h - l < 1e-10 || depth >= 16 || budget <= 0 { return }
        // Monotone by its acceleration: the ends are its extremes.
        if depth > 0 && motion.velocityIsMonotone(l, h) {
            best = max(best, abs(velocity(l)), abs(velocity(h)))
            return
        }
        budget -= 1
        let m = (l + h) / 2
        best = max(best, abs(velocity(m)))
        maximize(l, m, depth: depth + 1, best: &best, budget: &budget)
        maximize(m, h, depth: depth + 1, best: &best, budget: &budget)
    }

    /// An upper bound of |velocity| over [from, to]: the largest end value of each monotone piece
    /// there, or the piece's bounds where several terms move. One pass, no refinement.
    func speedBound(from: Double, to: Double) -> Double {
        var best = 0.0
        for piece in pieces(from: from, to: to) {
            let l = max(piece.lo, from), h = min(piece.hi, to)
            guard h >= l else { continue }
            if piece.monotone {
                best = max(best, abs(velocity(l)), abs(velocity(h)))
            } else {
                let bounds = motion.velocityBounds(l, h)
                best = max(best, abs(bounds.lower), abs(bounds.upper))
            }
        }
        return best
    }

    // MARK: Speed bands

    /// The maximal intervals where |velocity| ≤ `limit`, in time order, from the exact crossings
    /// of ±limit: consecutive slow intervals across piece boundaries join into one run.
    ///
    /// - Parameters:
    ///   - shorterThan: when given (s), a run that provably lasts less than this, even with each
    ///     end moved by 4 right-limit offsets (its ends bracketed by their pieces, or, between two
    ///     crossings estimated close, by an evaluation either side of the run: the side of the
    ///     level the velocity is on there), is left out without solving its ends, where leaving
    ///     it out changes nothing the analysis reads: it is not the first or last run of a loop,
    ///     and at least one right-limit offset separates it from both neighbours (and its start
    ///     from 0, its end from the end), so the first and last moments of motion stay where they
    ///     were. Such a run can hold no hold of that length. So is a timeline's leading run (from
    ///     rest at 0, not a loop) that an evaluation shows as short, with 16 offsets to the next
    ///     run: the first moment of motion then moves from its end to the start, but every hold
    ///     lies in a later run, at or after the next run's start, which both bound; the last
    ///     moment stays (the next run's start). Every run returned is exactly the one the full
    ///     computation gives (the same solves on the same brackets).
    ///   - wraps: the timeline loops (its first and last runs may join across the boundary).
    ///   - stationary: the velocity's zeros (`crossings(of: 0, into:)`), when `shorterThan` is given: a
    ///     run through a turn of the value is bounded by the velocity half that length either side.
    ///
    /// O(pieces), plus one root solve per kept run end that falls inside a monotone piece (a
    /// value's turn makes a run about 2·limit/|acceleration| long: usually too short to keep, and
    /// shown so by two evaluations instead of two solves).
    func slowRuns(
        limit: Double, shorterThan minimumLength: Double? = nil, wraps: Bool = false, stationary: [Double] = [], buffers: PropertyBuffers? = nil
    ) -> [(start: Double, end: Double)] {
        var joiner = SlowRunJoiner(capacity: pieces.count / 2 + 2, storage: buffers?.slowEdges.take().emptied() ?? [])
        var edges: [Double] = []
        // The next stationary point to look at (pieces and stationary points both in time order).
        var nextStationary = 0
        for (index, piece) in pieces.enumerated() {
            if piece.monotone {
                takeMonotone(
                    piece, index: index, limit: limit, minimumLength: minimumLength, stationary: stationary, next: &nextStationary, into: &joiner)
            } else {
                takeCurved(piece, limit: limit, edges: &edges, into: &joiner)
            }
        }
        let runs = joiner.finish(at: SlowEdge(duration))
        defer { buffers?.slowEdges.keepRoom(of: runs) }
        var result = buffers?.runs.take().emptied() ?? []
        result.reserveCapacity(runs.count)
        for (k, run) in runs.enumerated() {
            if let minimumLength, !(wraps && (k == 0 || k == runs.count - 1)), isShownShort(k, of: runs, minimumLength: minimumLength, wraps: wraps) {
                continue
            }
            let start = solved(run.start), end = solved(run.end)
            // Two crossings in one piece so close that their solved times meet: the slow stretch
            // between them is empty, as the full computation finds it (then it forms no run).
            guard end > start else { continue }
            result.append((start, end))
        }
        return result
    }

    /// Adds the slow and fast stretches of a monotone-velocity piece to `joiner`: between two
    /// edges the velocity lies between their levels, so no evaluation is needed (see `slowRuns`).
    /// - Parameter next: the next stationary point to look at (pieces and stationary points both
    ///   in time order).
    private func takeMonotone(
        _ piece: Piece, index: Int, limit: Double, minimumLength: Double?, stationary: [Double], next nextStationary: inout Int,
        into joiner: inout SlowRunJoiner
    ) {
        // A monotone piece crosses each level at most once, so the velocity between two
        // edges lies between their levels: slow where both are within the limit, with no
        // evaluation. Edges in time order: the piece's ends (its end velocities) and the
        // crossings of ±limit (when both, the one the velocity meets first comes first:
        // −limit when it rises), left unsolved (`SlowEdge`) until a run needs them.
        var up: SlowEdge?, down: SlowEdge?
        if (piece.va - limit) * (piece.vb - limit) < 0 { up = SlowEdge(crossing: limit, in: index, piece) }
        if (piece.va + limit) * (piece.vb + limit) < 0 { down = SlowEdge(crossing: -limit, in: index, piece) }
        let startSlow = abs(piece.va) <= limit, endSlow = abs(piece.vb) <= limit
        let a = SlowEdge(piece.a), b = SlowEdge(piece.b)
        switch (up, down) {
        case (nil, nil):
            joiner.take(a, b, slow: startSlow && endSlow)
        case (let c?, nil), (nil, let c?):
            joiner.take(a, c, slow: startSlow)
            joiner.take(c, b, slow: endSlow)
        case (let u?, let d?):
            // Both: the velocity goes from beyond one limit to beyond the other, so it
            // meets −limit first when it rises.
            var (first, second) = piece.vb > piece.va ? (d, u) : (u, d)
            // It passes 0 between them, at a stationary point s: where it is still beyond
            // the first level at s − h, the first crossing comes after (monotone piece),
            // and the second comes before s + h where it is already beyond the second
            // (1e-9 s for the solves' tolerance). The slow stretch then lasts under 2h.
            if let minimumLength {
                while nextStationary < stationary.count && stationary[nextStationary] < piece.lo { nextStationary += 1 }
                if nextStationary < stationary.count, case let s = stationary[nextStationary], s <= piece.hi {
                    let h = minimumLength / 2 - 4 * delta - 1e-8
                    if s - h > piece.lo, (velocity(s - h) - first.level) * (piece.va - first.level) > 0 {
                        first = first.bracketed(from: s - h - 1e-9)
                    }
                    if s + h < piece.hi, (velocity(s + h) - second.level) * (piece.vb - second.level) > 0 {
                        second = second.bracketed(to: s + h + 1e-9)
                    }
                }
            }
            joiner.take(a, first, slow: startSlow)
            joiner.take(first, second, slow: true)
            joiner.take(second, b, slow: endSlow)
        }
    }

    /// Adds the stretches of a piece whose velocity may turn inside to `joiner`: cut at its
    /// crossings of ±limit, the velocity in the middle of each stretch deciding.
    private func takeCurved(_ piece: Piece, limit: Double, edges: inout [Double], into joiner: inout SlowRunJoiner) {
        edges.removeAll(keepingCapacity: true)
        edges.append(piece.a)
        crossings(of: limit, in: piece, into: &edges)
        crossings(of: -limit, in: piece, into: &edges)
        edges.append(piece.b)
        edges.sort()
        // Between consecutive crossings the velocity stays on one side of each limit: the
        // velocity in the middle decides.
        for k in 0..<(edges.count - 1) where edges[k + 1] > edges[k] {
            let a = edges[k], b = edges[k + 1]
            let v = edges.count == 2 ? max(abs(piece.va), abs(piece.vb)) : abs(velocity(min(max((a + b) / 2, piece.lo), piece.hi)))
            let slow = edges.count == 2 ? abs(velocity((piece.lo + piece.hi) / 2)) <= limit && v <= limit : v <= limit
            joiner.take(SlowEdge(a), SlowEdge(b), slow: slow)
        }
    }

    /// Whether run `k` of `runs` is shown shorter than `minimumLength` without solving its ends
    /// (then `slowRuns` leaves it out): clear of its neighbours and short by its brackets, or by
    /// an evaluation either side of it (see `slowRuns`).
    private func isShownShort(_ k: Int, of runs: [(start: SlowEdge, end: SlowEdge)], minimumLength: Double, wraps: Bool) -> Bool {
        let run = runs[k]
        // The neighbours' nearest possible ends (0 and the duration past the first and last).
        let previousEnd = k > 0 ? runs[k - 1].end.high : 0
        let nextStart = k + 1 < runs.count ? runs[k + 1].start.low : duration
        let longest = run.end.high - run.start.low + 8 * delta
        if run.start.low > previousEnd + delta, run.end.high + delta < nextStart, longest < minimumLength - 2e-9 { return true }
        // The longest span (s) a probed run may be shown to fit in: the bound above less
        // 2e-9 for each end found by an evaluation (a solve lands within 1e-10 of it).
        let shown = minimumLength - 2e-9 - 8 * delta
        // A leading run (the motion starts from rest at 0) shown short by one evaluation,
        // and clear of the next run: left out too (see `shorterThan`).
        if k == 0, !wraps, run.start.isTime, run.start.low == 0, !run.end.isTime {
            let time = shown - 2e-9
            if time + 1e-9 + 16 * delta < nextStart, crossing(run.end, endingRun: true, isBeyond: time) { return true }
        }
        // A run between two crossings whose estimates (linear in each piece) put it under
        // the minimum: an evaluation either side of it, `target` apart around the
        // estimates, may show both crossings inside, so the rule above holds of brackets
        // [a, b] (widened by 1e-9 s for the solves' tolerance).
        if !run.start.isTime, !run.end.isTime {
            let target = shown - 4e-9
            let s = estimate(run.start), e = estimate(run.end)
            if e - s < 0.8 * target {
                let a = max(s - (target - (e - s)) / 2, run.start.low), b = a + target
                if b <= run.end.high, a - 1e-9 > previousEnd + delta, b + 1e-9 + delta < nextStart,
                    crossing(run.start, endingRun: false, isBeyond: a), crossing(run.end, endingRun: true, isBeyond: b)
                {
                    return true
                }
            }
        }
        return false
    }

    /// Whether the crossing `edge` lies at or before `time` (s), where it ends a slow run (the
    /// velocity leaves the slow band there), or at or after it, where it starts one: its piece is
    /// monotone and crosses the level once, so the side of the level the velocity is on at `time`
    /// says (the side of the piece's fast end: its end for a run's end, its start for a run's
    /// start). One evaluation inside the piece.
    private func crossing(_ edge: SlowEdge, endingRun: Bool, isBeyond time: Double) -> Bool {
        let piece = pieces[edge.piece]
        if endingRun {
            guard time > edge.low else { return false }
            guard time < piece.hi else { return true }
        } else {
            guard time < edge.high else { return false }
            guard time > piece.lo else { return true }
        }
        let fast = (endingRun ? piece.vb : piece.va) - edge.level, here = velocity(time) - edge.level
        return here == 0 || (here < 0) == (fast < 0)
    }

    /// Where `edge` crosses its level, estimated linearly between its piece's end velocities (s).
    private func estimate(_ edge: SlowEdge) -> Double {
        let piece = pieces[edge.piece]
        let fa = piece.va - edge.level, fb = piece.vb - edge.level
        let t = piece.lo + (piece.hi - piece.lo) * (fa / (fa - fb))
        return min(max(t, edge.low), edge.high)
    }

    /// The time of `edge`: the crossing solved on its piece, as `crossings(of:in:into:)` solves it.
    private func solved(_ edge: SlowEdge) -> Double {
        if edge.isTime { return edge.low }
        let piece = pieces[edge.piece]
        return root(piece.lo, piece.hi, piece.va - edge.level, piece.vb - edge.level, edge.level)
    }
}
