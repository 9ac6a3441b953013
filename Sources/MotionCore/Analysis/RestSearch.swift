// MARK: - RestStretch

/// A stretch of a rest search's window on which the velocity keeps its sign and |velocity| is
/// monotone, so the value is monotone too (`RestSearch`): its ends (s), the speeds, values and
/// velocities there (one-sided limits inside).
struct RestStretch {
    let t0: Double
    let t1: Double
    let s0: Double
    let s1: Double
    let x0: Double
    let x1: Double
    let v0: Double
    let v1: Double
}

// MARK: - RestSearch

/// The rests inside a slow run whose value drifts out of the tolerance band, found on the exact
/// curve (no time grid). Used by `PropertyAnalysis` on windows without jumps whose pieces all have a
/// monotone velocity (every keyframe track; phase steps that do not overlap in opposite directions).
///
/// The rule, the continuous form of a greedy growth over points: from the window's slowest moment
/// (chosen among the points of a reference grid, 0.5 ms apart in each breakpoint piece, the
/// earliest on a tie: several turns all have velocity 0 and the grid decides between them as the
/// sampled analysis always did), the interval grows both ways in order of speed: at level c it
/// holds every moment reachable from the anchor without passing a speed above c, the slower side
/// first. When its values span the band (the tolerance), the side that carried them there stops;
/// the other grows on, whatever its speed, while the value stays in the band. The interval is a
/// rest when the anchor's speed is at most `AnalysisOptions.restSpeedRatio` (0.4) of the speed at
/// each end where the growth stopped (a settling tail, a start from rest, the turn of a slow
/// pulse); the parts either side are then searched the same way. A steady drift has no such
/// moment: it is motion, not a row of holds.
///
/// A window whose values stay in the band is one rest, read from its stretches' ends without the
/// growth (the growth would take it whole), and one shorter than `shortestRest` is not searched.
///
/// Cost: O(sub-pieces) per level of the search plus a few root solves (each to 1e-12 s), independent
/// of the duration.
struct RestSearch<Motion: PropertyMotion> {
    let curve: CurvePieces<Motion>
    /// Times where the velocity is 0 (the value turns), sorted.
    let stationary: [Double]
    /// The band's width (units).
    let tolerance: Double
    /// The property's breakpoints (0 and the end included) and the step (s) of the reference
    /// grid on which "the slowest moment" is chosen (see `slowestGridTime`).
    let breakpoints: [Double]
    let step: Double
    /// The shortest rest the caller keeps (s; its shortest hold): a window shorter than that holds
    /// no rest it keeps (a rest is a part of its window, and a rounded difference of times inside
    /// the window is at most the window's), so it is not searched. 0: every window is.
    var shortestRest = 0.0

    typealias Rest = (start: Double, end: Double, low: Double, high: Double)

    /// Arrays of stretches earlier searches left, filled again here (`PropertyBuffers`).
    var buffers: PropertyBuffers? = nil

    typealias Stretch = RestStretch

    /// The stretches of [from, to]: cut at the pieces' ends and the stationary points inside it,
    /// each cut once. Both are sorted (a piece's ends in order, the next piece starting at or
    /// after the last one's end), so they are merged as they come: no list of cuts, no sort.
    func stretches(from: Double, to: Double) -> [Stretch] {
        var result = buffers?.takeStretches() ?? []
        result.reserveCapacity(16)
        let pieces = curve.pieces(from: from, to: to)
        // The next piece end to look at: piece `p`, its start (0) or its end (1).
        var p = pieces.startIndex, end = 0
        // The first stationary point after `from` (binary search).
        var s = stationary.partitionIndex { !($0 <= from) }
        var previous = from
        while true {
            // The next piece end inside (from, to), if any.
            var pieceCut = Double.infinity
            while p < pieces.endIndex {
                let t = end == 0 ? pieces[p].a : pieces[p].b
                if t > from && t < to {
                    pieceCut = t
                    break
                }
                if end == 0 {
                    end = 1
                } else {
                    end = 0
                    p += 1
                }
            }
            let stationaryCut = s < stationary.count && stationary[s] < to ? stationary[s] : Double.infinity
            // None left inside: the last stretch ends at `to`.
            let last = pieceCut == .infinity && stationaryCut == .infinity
            let cut: Double
            if last {
                cut = to
            } else if pieceCut <= stationaryCut {
                cut = pieceCut
                if end == 0 {
                    end = 1
                } else {
                    end = 0
                    p += 1
                }
            } else {
                cut = stationaryCut
                s += 1
            }
            if cut > previous {
                result.append(stretch(previous, cut, first: result.isEmpty))
                previous = cut
            }
            if last { return result }
        }
    }

    /// `stretches(from:to:)`, to the bit, taken from `parts`: the stretches of an enclosing window
    /// whose cuts inside (from, to) are the piece ends and stationary points there (no anchor
    /// cut). Each part inside is kept as it is; the parts cut at `from` or `to`, and a first one
    /// computed as another window's inner stretch (its start value is then the right limit), are
    /// computed again. O(parts), evaluating only the ends that are new.
    func stretches(from: Double, to: Double, within parts: [Stretch]) -> [Stretch] {
        var result = buffers?.takeStretches() ?? []
        // (One more for the anchor's cut, which `split` may add.)
        result.reserveCapacity(parts.count + 1)
        for (k, part) in parts.enumerated() where part.t1 > from && part.t0 < to {
            let a = max(part.t0, from), b = min(part.t1, to)
            guard b > a else { continue }
            let first = result.isEmpty
            if a == part.t0 && b == part.t1 && first == (k == 0) {
                result.append(part)
            } else {
                result.append(stretch(a, b, first: first))
            }
        }
        return result
    }

    /// The stretch [a, b]; `first`: a starts the window (its value there is the right limit).
    /// Its start's velocity is taken just inside at a breakpoint (where it may jump) or at a
    /// window's start, and at a itself where the curve is smooth (a stationary point, a velocity
    /// turn, a monotone cut, an anchor), which is the state the stretch before ends with.
    private func stretch(_ a: Double, _ b: Double, first: Bool) -> Stretch {
        let delta = curve.delta
        let inside = first || isBreakpoint(a) ? min(a + delta, (a + b) / 2) : a
        let start = curve.state(inside), end = curve.state(b)
        let isTurnA = isStationary(a), isTurnB = isStationary(b)
        return Stretch(
            t0: a, t1: b, s0: isTurnA ? 0 : abs(start.velocity), s1: isTurnB ? 0 : abs(end.velocity),
            x0: first ? curve.value(min(a + delta, b)) : curve.value(a), x1: end.value,
            v0: start.velocity, v1: end.velocity)
    }

    /// `parts` (the stretches of a window, in order) cut at `time`, strictly inside one of them
    /// and not already a cut: the same stretches `stretches(from:to:)` would give with `time` one
    /// more cut.
    private func split(_ parts: inout [Stretch], at time: Double) {
        guard let k = parts.firstIndex(where: { $0.t0 < time && time < $0.t1 }) else { return }
        let whole = parts[k]
        parts[k] = stretch(whole.t0, time, first: k == 0)
        parts.insert(stretch(time, whole.t1, first: false), at: k + 1)
    }

    /// The value at `t` inside a window starting at `from`: at `from` itself its right limit (a
    /// window can start at a jump, and the value at the jump's time is the one before it).
    func value(_ t: Double, from: Double) -> Double {
        t <= from ? curve.value(from + curve.delta) : curve.value(t)
    }

    /// Whether `t` is one of the breakpoints (binary search).
    private func isBreakpoint(_ t: Double) -> Bool { breakpoints.sortedContains(t) }

    /// Whether `t` is one of the stationary points (binary search).
    private func isStationary(_ t: Double) -> Bool { stationary.sortedContains(t) }

    /// The rests of the window [from, to] (which drifts out of the band), in no particular order,
    /// appended to `found` (the caller's list: no array of their own).
    func rests(from: Double, to: Double, into found: inout [Rest]) {
        search(from: from, to: to, depth: 0, into: &found)
    }

    /// - Parameter enclosing: the stretches of a window holding [from, to] whose cuts inside it are
    ///   those of [from, to] (a search's window, for the parts either side of its rest).
    private func search(from: Double, to: Double, depth: Int, into found: inout [Rest], enclosing: [Stretch]? = nil) {
        guard to > from, depth < 64, !(to - from < shortestRest) else { return }
        var cutParts = enclosing.map { stretches(from: from, to: to, within: $0) } ?? stretches(from: from, to: to)
        // (Given back when this window's search is done, its inner ones included.)
        defer { buffers?.giveStretches(cutParts) }
        guard !cutParts.isEmpty else { return }
        // A window whose values stay in the band is one rest, whole: the growth below would take
        // every stretch without being stopped, so both its ends would be reached (and no speed
        // compared). The value is monotone on each stretch, so the ends' values bound it. (The
        // parts either side of a rest often fit: a settling tail before the next step's start.)
        var windowLow = cutParts[0].x0, windowHigh = windowLow
        for part in cutParts {
            windowLow = min(windowLow, part.x0, part.x1)
            windowHigh = max(windowHigh, part.x0, part.x1)
        }
        if windowHigh - windowLow <= tolerance {
            found.append((from, to, windowLow, windowHigh))
            return
        }
        // The anchor: the slowest moment, chosen on the reference grid (ties: the earliest), and
        // the stretches cut there.
        let slowestTime = slowestGridTime(cutParts, from: from, to: to) ?? from
        if slowestTime > from && slowestTime < to && !cutParts.contains(where: { $0.t0 == slowestTime }) {
            split(&cutParts, at: slowestTime)
        }
        var growth = RestGrowth(search: self, parts: cutParts, from: from, to: to, slowestTime: slowestTime)
        guard let (rest, leftEnd, rightEnd) = growth.rest() else { return }
        found.append(rest)
        // The parts either side of the rest hold no anchor cut (the anchor lies in the rest): their
        // stretches are this window's, cut at the rest's ends.
        if !leftEnd { search(from: from, to: growth.leftTime, depth: depth + 1, into: &found, enclosing: growth.parts) }
        if !rightEnd { search(from: growth.rightTime, to: to, depth: depth + 1, into: &found, enclosing: growth.parts) }
    }

    /// The time of the slowest point of the reference grid inside [from, to] (the earliest on a
    /// tie): each breakpoint piece [a, b] has n = max(8, ⌈(b − a)/step⌉) intervals, its points at
    /// a + (b − a)·k/n (the first just after a, where the piece's own curve starts). |velocity| is
    /// monotone on every stretch, so only the first and last grid point of each is a candidate:
    /// O(stretches) evaluations, whatever the duration.
    private func slowestGridTime(_ parts: [Stretch], from: Double, to: Double) -> Double? {
        var best: (speed: Double, time: Double)?
        let delta = curve.delta
        // The breakpoint piece holding the stretch: the last breakpoint at or before its start,
        // found once by binary search, then moved forwards (the stretches are in time order).
        var lo = 0
        if let first = parts.first {
            var hi = breakpoints.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if breakpoints[mid] <= first.t0 { lo = mid } else { hi = mid - 1 }
            }
        }
        // The grid of breakpoint piece `gridPiece`, made when the stretches reach a new one.
        var gridPiece = -1
        var grid = ReferenceGrid(a: 0, b: 1, n: 8, delta: delta)
        for part in parts {
            while lo + 1 < breakpoints.count && breakpoints[lo + 1] <= part.t0 { lo += 1 }
            guard lo + 1 < breakpoints.count else { continue }
            let a = breakpoints[lo], b = breakpoints[lo + 1]
            guard b - a > delta * 2 else { continue }
            if gridPiece != lo {
                gridPiece = lo
                grid = ReferenceGrid(a: a, b: b, n: max(8, Int(((b - a) / step).rounded(.up))), delta: delta)
            }
            let first = max(part.t0, from), last = min(part.t1, to)
            // |velocity| is monotone on the stretch: where it ends before the breakpoint
            // piece's end, the slowest grid point is at its slower end (the earliest on a tie).
            if part.t1 < b && grid.increasing {
                if let t = slowerEndPoint(of: part, in: grid, first: first, last: last, best: best) {
                    Self.offer(t, abs(curve.velocity(t)), to: &best)
                }
                continue
            }
            let k0 = grid.firstIndex(atLeast: first), k1 = grid.lastIndex(atMost: last)
            guard k0 <= k1 else { continue }
            if part.t1 < b {
                // (As above, where the grid's first times decrease.)
                let falling = part.s1 < part.s0
                let t = falling ? grid.time(k1) : grid.time(k0)
                if let best {
                    let floor = falling ? part.s1 : (t >= min(part.t0 + delta, (part.t0 + part.t1) / 2) ? part.s0 : 0)
                    if floor > best.speed { continue }
                }
                Self.offer(t, abs(curve.velocity(t)), to: &best)
                continue
            }
            // At the piece's end the velocity may already be the next piece's (a delay that ends
            // there by rounding): the points next to the first and the last too.
            for j in 0..<4 {
                let k = j == 0 ? k0 : (j == 1 ? k0 + 1 : (j == 2 ? k1 - 1 : k1))
                // Each grid point once (k0, k0 + 1, k1 − 1, k1 may repeat).
                guard k >= k0 && k <= k1, !((j >= 1 && k == k0) || (j >= 2 && k == k0 + 1) || (j == 3 && k == k1 - 1)) else { continue }
                let t = grid.time(k)
                Self.offer(t, abs(curve.velocity(t)), to: &best)
            }
        }
        return best?.time
    }

    /// Keeps (`speed`, `t`) in `best` when it is slower, or as slow and earlier.
    private static func offer(_ t: Double, _ speed: Double, to best: inout (speed: Double, time: Double)?) {
        if best == nil || speed < best!.speed || (speed == best!.speed && t < best!.time) { best = (speed, t) }
    }

    /// The grid point of `part` (within [first, last]) at the stretch's slower end, on a grid
    /// whose times never decrease; nil where the stretch holds no grid point, or where its slower
    /// end is already faster than `best` (the point can then be neither slower nor as slow).
    private func slowerEndPoint(
        of part: Stretch, in grid: ReferenceGrid, first: Double, last: Double, best: (speed: Double, time: Double)?
    ) -> Double? {
        let delta = curve.delta
        let falling = part.s1 < part.s0
        // |velocity| is monotone on the stretch, so the grid point is at least as fast as
        // the stretch's slower end, where its speed was taken (s1 at t1; s0 just inside t0).
        // (The point lies at or after `first`: where that is inside, so is it.)
        if let best {
            let floor = falling ? part.s1 : (first >= min(part.t0 + delta, (part.t0 + part.t1) / 2) ? part.s0 : 0)
            if floor > best.speed { return nil }
        }
        // The first point ≥ first and the last ≤ last are each one index: only the one at the
        // slower end is looked for, and the stretch holds a point when that one lies on its other
        // side of the other end too.
        if falling {
            let k1 = grid.lastIndex(atMost: last)
            guard k1 >= 0 else { return nil }
            let t = grid.time(k1)
            return t >= first ? t : nil
        }
        let k0 = grid.firstIndex(atLeast: first)
        guard k0 <= grid.n else { return nil }
        let t = grid.time(k0)
        guard t <= last else { return nil }
        // (The floor where a point was found, now that the point is known.)
        if let best, part.s0 > best.speed, t >= min(part.t0 + delta, (part.t0 + part.t1) / 2) { return nil }
        return t
    }

    /// Where a side's stretch `p` (value monotone, carried away from the band's inside) takes the
    /// value to `edge`, growing from `time`: that moment and the level of speed at which the
    /// side's frontier gets there (the speed there, where the speed rises outwards; the stretch's
    /// inner speed where it falls, as the whole stretch is then taken at once; never below
    /// `level`). nil when the stretch's outer value stays inside the edge.
    func edgeLevel(_ p: Stretch, leftwards: Bool, from time: Double, edge: Double, level: Double, window: Double) -> (time: Double, level: Double)? {
        let outerTime = leftwards ? p.t0 : p.t1
        let outerValue = value(outerTime, from: window), innerValue = leftwards ? p.x1 : p.x0
        guard (outerValue - edge) * (innerValue - edge) < 0 || outerValue == edge else { return nil }
        let t = valueCrossing(edge, between: time, and: outerTime, window: window)
        let inner = leftwards ? p.s1 : p.s0, outer = leftwards ? p.s0 : p.s1
        let reached = outer > inner ? max(inner, min(outer, abs(curve.velocity(t)))) : inner
        return (t, max(level, reached))
    }

    /// Within one stretch (value monotone), from `time` towards `limit`: the point where the
    /// value leaves [hi − tolerance, lo + tolerance] (the band can still grow to its width), or
    /// `limit`. Updates lo and hi.
    func bandExit(from time: Double, lo: inout Double, hi: inout Double, limit: Double, window: Double) -> Double {
        let floor = hi - tolerance, ceiling = lo + tolerance
        let x = value(limit, from: window)
        if x >= floor && x <= ceiling {
            lo = min(lo, x)
            hi = max(hi, x)
            return limit
        }
        let edge = x < floor ? floor : ceiling
        let t = valueCrossing(edge, between: time, and: limit, window: window)
        lo = min(lo, edge)
        hi = max(hi, edge)
        return t
    }

    /// From `time` in stretch `start` outwards, stretch by stretch: where the value leaves
    /// [hi − tolerance, lo + tolerance], or the window's end.
    func bandExitOutward(
        from time: Double, stretches parts: [Stretch], start: Int, leftwards: Bool, lo: inout Double, hi: inout Double, window: Double
    ) -> Double {
        var k = start
        var current = time
        while k >= 0 && k < parts.count {
            let outer = leftwards ? parts[k].t0 : parts[k].t1
            let x = leftwards ? parts[k].x0 : parts[k].x1
            let floor = hi - tolerance, ceiling = lo + tolerance
            if x < floor || x > ceiling {
                let edge = x < floor ? floor : ceiling
                let t = valueCrossing(edge, between: current, and: outer, window: window)
                lo = min(lo, edge)
                hi = max(hi, edge)
                return t
            }
            lo = min(lo, x)
            hi = max(hi, x)
            current = outer
            k += leftwards ? -1 : 1
        }
        return current
    }

    /// The time between `a` and `b` (either order) where the value, monotone there, equals
    /// `level`, to 1e-12 s: Newton's method on the state, whose velocity is the value's slope
    /// (`SafeguardedNewton`, which needs fewer evaluations than regula falsi).
    private func valueCrossing(_ level: Double, between a: Double, and b: Double, window: Double) -> Double {
        let l = min(a, b), h = max(a, b)
        let fl = value(l, from: window) - level, fh = value(h, from: window) - level
        if fl == 0 { return l }
        if fh == 0 { return h }
        guard fl * fh < 0 else { return abs(fl) < abs(fh) ? l : h }
        // The solver evaluates strictly inside (l, h), after the window's start: the curve itself.
        return SafeguardedNewton.solve(l, h, fl, fh, tolerance: 1e-12) { t in
            let q = curve.state(t)
            return (q.value - level, q.velocity)
        }
    }
}
