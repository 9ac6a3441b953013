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
                if t > from && t < to { pieceCut = t; break }
                if end == 0 { end = 1 } else { end = 0; p += 1 }
            }
            let stationaryCut = s < stationary.count && stationary[s] < to ? stationary[s] : Double.infinity
            // None left inside: the last stretch ends at `to`.
            let last = pieceCut == .infinity && stationaryCut == .infinity
            let cut: Double
            if last {
                cut = to
            } else if pieceCut <= stationaryCut {
                cut = pieceCut
                if end == 0 { end = 1 } else { end = 0; p += 1 }
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
    @inline(__always) private func stretch(_ a: Double, _ b: Double, first: Bool) -> Stretch {
        let delta = curve.delta
        let inside = first || isBreakpoint(a) ? min(a + delta, (a + b) / 2) : a
        let start = curve.state(inside), end = curve.state(b)
        let isTurnA = isStationary(a), isTurnB = isStationary(b)
        return Stretch(t0: a, t1: b, s0: isTurnA ? 0 : abs(start.velocity), s1: isTurnB ? 0 : abs(end.velocity),
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
    @inline(__always) func value(_ t: Double, from: Double) -> Double {
        t <= from ? curve.value(from + curve.delta) : curve.value(t)
    }

    /// Whether `t` is one of the breakpoints (binary search).
    @inline(__always) private func isBreakpoint(_ t: Double) -> Bool { breakpoints.sortedContains(t) }

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
        // A constant from here on: the local functions below read it without run-time
        // exclusivity checks.
        let parts = cutParts
        func speed(_ k: Int) -> Double {
            if k == 0 { return parts[0].s0 }
            if k == parts.count { return parts[k - 1].s1 }
            return min(parts[k - 1].s1, parts[k].s0)
        }
        let anchor = slowestTime <= from ? 0 : (slowestTime >= to ? parts.count : parts.firstIndex { $0.t0 == slowestTime } ?? 0)
        let anchorSpeed = speed(anchor)
        let anchorValue = anchor == parts.count ? parts[anchor - 1].x1 : parts[anchor].x0

        // Frontiers: `left` is the stretch being absorbed leftwards (its t1 is the inner end),
        // `right` rightwards; -1 / parts.count when that side reached the window's end.
        var left = anchor - 1, right = anchor
        var leftTime = anchor == parts.count ? parts[anchor - 1].t1 : parts[anchor].t0
        var rightTime = leftTime
        var lo = anchorValue, hi = anchorValue
        var level = anchorSpeed
        var blocked: (left: Bool, right: Bool) = (false, false)

        /// Where a side's frontier is at `c` inside its stretch: the inner end below the stretch's
        /// entry speed, the outer end once c covers the whole stretch, else where |v| = c.
        /// `hint`: the frontiers at two levels around c (the frontier moves monotonically with
        /// the level, so it lies between them): the root is then solved in that bracket, or is
        /// its midpoint once it is narrower than 1e-10 s.
        func frontier(_ k: Int, leftwards: Bool, at c: Double, within hint: (Double, Double)? = nil) -> Double {
            let p = parts[k]
            let inner = leftwards ? p.s1 : p.s0, outer = leftwards ? p.s0 : p.s1
            let innerTime = leftwards ? p.t1 : p.t0, outerTime = leftwards ? p.t0 : p.t1
            if c < inner { return innerTime }
            if c >= outer { return outerTime }
            // Climbing: |v| = c inside, v keeps its sign.
            let sign: Double = (p.v0 + p.v1) >= 0 ? 1 : -1
            let level = sign * c
            let (fa, fb) = (p.v0 - level, p.v1 - level)
            guard fa * fb < 0 else { return abs(fa) < abs(fb) ? p.t0 : p.t1 }
            let start = min(p.t0 + curve.delta, (p.t0 + p.t1) / 2)
            if let (x, y) = hint {
                let l = max(min(x, y), start), h = min(max(x, y), p.t1)
                if h >= l && h - l <= 1e-10 { return (l + h) / 2 }
                if h > l {
                    let gl = curve.velocity(l) - level, gh = curve.velocity(h) - level
                    if gl * gh < 0 { return curve.root(l, h, gl, gh, level) }
                }
            }
            return curve.root(start, p.t1, fa, fb, level)
        }
        /// The level at which a side has taken its whole stretch (|v| is monotone on it).
        func completion(_ k: Int, _ level: Double) -> Double { max(level, parts[k].s0, parts[k].s1) }

        // A side that did not complete its stretch at a level may leave its frontier unsolved
        // while the band provably holds it (see below): the level it is at, solved on demand.
        var pending: (left: Double?, right: Double?) = (nil, nil)
        /// Solves the pending frontiers and takes their values into the band, as growing to them
        /// level by level would have (the value is monotone on a stretch: the frontier at the
        /// last level is the extreme of the ones before it).
        func settlePending() {
            if let c = pending.left, left >= 0 {
                let t = frontier(left, leftwards: true, at: c)
                if t != leftTime { let x = value(t, from: from); lo = min(lo, x); hi = max(hi, x); leftTime = t }
            }
            if let c = pending.right, right < parts.count {
                let t = frontier(right, leftwards: false, at: c)
                if t != rightTime { let x = value(t, from: from); lo = min(lo, x); hi = max(hi, x); rightTime = t }
            }
            pending = (nil, nil)
        }

        // Growth in order of speed until the band is spanned or both ends are reached.
        while !blocked.left && !blocked.right && (left >= 0 || right < parts.count) {
            let eL = left >= 0 ? completion(left, level) : .infinity
            let eR = right < parts.count ? completion(right, level) : .infinity
            let e = min(eL, eR)
            let chooseLeft = eL <= eR
            // The side that completes its stretch reaches its outer end; its value is a new extreme.
            var newLo = lo, newHi = hi
            let outer = chooseLeft ? parts[left].t0 : parts[right].t1
            let outerValue = value(outer, from: from)
            newLo = min(newLo, outerValue); newHi = max(newHi, outerValue)
            // The other side's frontier at level e lies inside its stretch, so its value lies
            // between the stretch's inner value (already in the band) and its outer one: when the
            // band holds that outer value too, it holds the frontier's, whose time is then left
            // unsolved (pending at e) until something needs it.
            let other = chooseLeft ? right : left
            let otherExists = chooseLeft ? right < parts.count : left >= 0
            var otherTime: Double?
            if otherExists {
                let otherOuter = chooseLeft ? parts[other].x1 : parts[other].x0
                if max(newHi, otherOuter) - min(newLo, otherOuter) > tolerance {
                    let t = frontier(other, leftwards: !chooseLeft, at: e)
                    otherTime = t
                    if t != (chooseLeft ? rightTime : leftTime) {
                        let x = value(t, from: from); newLo = min(newLo, x); newHi = max(newHi, x)
                    }
                }
            }
            if newHi - newLo <= tolerance {
                lo = newLo; hi = newHi; level = e
                if chooseLeft {
                    leftTime = outer; pending.left = nil; left -= 1
                    if let t = otherTime { rightTime = t; pending.right = nil } else if otherExists { pending.right = e }
                } else {
                    rightTime = outer; pending.right = nil; right += 1
                    if let t = otherTime { leftTime = t; pending.left = nil } else if otherExists { pending.left = e }
                }
                continue
            }
            settlePending()
            // The band is spanned between `level` and e. Where one side has reached the window's
            // end, the other alone carries the value to the band's edge, and stops there: where
            // its stretch's value leaves the band (the value is monotone on it; no level needed).
            if right >= parts.count || left < 0 {
                if left >= 0 {
                    leftTime = bandExit(from: leftTime, lo: &lo, hi: &hi, limit: parts[left].t0, window: from)
                    blocked.left = true
                } else {
                    rightTime = bandExit(from: rightTime, lo: &lo, hi: &hi, limit: parts[right].t1, window: from)
                    blocked.right = true
                }
                break
            }
            // Both sides move. Where both carry the value the same way (both down, or both up),
            // only that one edge of the band can be reached, and it does not move: each side
            // reaches it at the level of the moment its value crosses the edge (`edgeLevel`), and
            // the side that gets there at the lower level stops there; the other stands at its
            // frontier at that level. (The general case below finds the same level by regula
            // falsi on the band's span, a frontier solve per side at every step.)
            let inwardLeft = parts[left].x0 - parts[left].x1, inwardRight = parts[right].x1 - parts[right].x0
            if (inwardLeft < 0 && inwardRight < 0) || (inwardLeft > 0 && inwardRight > 0) {
                let edge = inwardLeft < 0 ? hi - tolerance : lo + tolerance
                let reachLeft = edgeLevel(parts[left], leftwards: true, from: leftTime, edge: edge, level: level, window: from)
                let reachRight = edgeLevel(parts[right], leftwards: false, from: rightTime, edge: edge, level: level, window: from)
                let first = min(reachLeft?.level ?? .infinity, reachRight?.level ?? .infinity)
                if first < .infinity, first <= e {
                    level = first
                    if let l = reachLeft, l.level <= first {
                        leftTime = l.time
                        blocked.left = true
                        let r = frontier(right, leftwards: false, at: first)
                        if r != rightTime { let x = value(r, from: from); lo = min(lo, x); hi = max(hi, x); rightTime = r }
                    } else if let r = reachRight {
                        rightTime = r.time
                        blocked.right = true
                        let l = frontier(left, leftwards: true, at: first)
                        if l != leftTime { let x = value(l, from: from); lo = min(lo, x); hi = max(hi, x); leftTime = l }
                    }
                    lo = min(lo, edge); hi = max(hi, edge)
                    break
                }
            }
            // Otherwise find the level where it happens, then which side carried the value to
            // the band's edge.
            // g(c) = span at level c − tolerance is non-decreasing (a stretch absorbed at one
            // level makes it jump): regula falsi (`RegulaFalsi.bracket`), to 1e-12 of the level;
            // the frontiers found at the bracket's ends are kept for what follows.
            // The growth's state as constants: the solver's closure below captures them, not the
            // variables (captured variables are checked for exclusive access at run time).
            let (left0, right0, leftTime0, rightTime0, lo0, hi0) = (left, right, leftTime, rightTime, lo, hi)
            func excess(_ c: Double, between below: (l: Double, r: Double)? = nil, and above: (l: Double, r: Double)? = nil) -> (Double, (l: Double, r: Double)) {
                let lHint = below.flatMap { b in above.map { (b.l, $0.l) } }, rHint = below.flatMap { b in above.map { (b.r, $0.r) } }
                let l = left0 >= 0 ? frontier(left0, leftwards: true, at: c, within: lHint) : leftTime0
                let r = right0 < parts.count ? frontier(right0, leftwards: false, at: c, within: rHint) : rightTime0
                var low = lo0, high = hi0
                if l != leftTime0 { let x = value(l, from: from); low = min(low, x); high = max(high, x) }
                if r != rightTime0 { let x = value(r, from: from); low = min(low, x); high = max(high, x) }
                return (high - low - tolerance, (l, r))
            }
            let (g0, f0) = excess(level), (g1, f1) = excess(e)
            let (a, _, fa, fb) = RegulaFalsi.bracket(level, e, min(0, g0), max(g1, .leastNonzeroMagnitude), (g0, f0), (g1, f1),
                                                     relativeTolerance: 1e-12) { c, below, above in let (g, f) = excess(c, between: below.1, and: above.1); return (g, (g, f)) }
            // Just below the level: inside the band (unless a whole stretch is taken at this very
            // level, as where the speed falls outwards: then the frontiers stay).
            let belowFits = fa.0 <= 0
            if belowFits, left >= 0 { let l = fa.1.l; if l != leftTime { let x = value(l, from: from); lo = min(lo, x); hi = max(hi, x); leftTime = l } }
            if belowFits, right < parts.count { let r = fa.1.r; if r != rightTime { let x = value(r, from: from); lo = min(lo, x); hi = max(hi, x); rightTime = r } }
            level = a
            // At the level itself a side moves on until the value reaches the band's edge, and
            // stops there: the one whose value comes closest to (or beyond) an edge, the left on
            // a tie.
            let leftLimit = fb.1.l
            let rightLimit = fb.1.r
            // A nested function, not a closure in a constant: no closure context to allocate.
            let (bandLo, bandHi) = (lo, hi)
            func margin(_ t: Double, _ now: Double) -> Double {
                guard t != now else { return .infinity }
                let x = value(t, from: from)
                return min(x - (bandHi - tolerance), (bandLo + tolerance) - x)
            }
            let leftMargin = margin(leftLimit, leftTime), rightMargin = margin(rightLimit, rightTime)
            if leftMargin < .infinity && leftMargin <= rightMargin {
                leftTime = bandExit(from: leftTime, lo: &lo, hi: &hi, limit: leftLimit, window: from)
                blocked.left = true
            } else if rightMargin < .infinity {
                rightTime = bandExit(from: rightTime, lo: &lo, hi: &hi, limit: rightLimit, window: from)
                blocked.right = true
            } else {
                blocked = (true, true)
            }
        }
        settlePending()
        // The other side grows on, whatever its speed, while the value stays in the band.
        var leftEnd = left < 0, rightEnd = right >= parts.count
        if blocked.left && !blocked.right && !rightEnd {
            rightTime = bandExitOutward(from: rightTime, stretches: parts, start: right, leftwards: false, lo: &lo, hi: &hi, window: from)
            rightEnd = rightTime >= to
        } else if blocked.right && !blocked.left && !leftEnd {
            leftTime = bandExitOutward(from: leftTime, stretches: parts, start: left, leftwards: true, lo: &lo, hi: &hi, window: from)
            leftEnd = leftTime <= from
        }
        if !blocked.left && left < 0 { leftEnd = true }
        if !blocked.right && right >= parts.count { rightEnd = true }
        // The slower of the speeds where the growth stopped (none at the window's ends).
        var edgeSpeed = Double.infinity
        if !leftEnd { edgeSpeed = abs(curve.velocity(leftTime)) }
        if !rightEnd { edgeSpeed = min(edgeSpeed, abs(curve.velocity(min(rightTime + curve.delta, to)))) }
        guard anchorSpeed <= AnalysisOptions.restSpeedRatio * edgeSpeed else { return }
        found.append((leftEnd ? from : leftTime, rightEnd ? to : rightTime, lo, hi))
        // The parts either side of the rest hold no anchor cut (the anchor lies in the rest): their
        // stretches are this window's, cut at the rest's ends.
        if !leftEnd { search(from: from, to: leftTime, depth: depth + 1, into: &found, enclosing: parts) }
        if !rightEnd { search(from: rightTime, to: to, depth: depth + 1, into: &found, enclosing: parts) }
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
            while lo < hi { let mid = (lo + hi + 1) / 2; if breakpoints[mid] <= first.t0 { lo = mid } else { hi = mid - 1 } }
        }
        // The grid of breakpoint piece `lo` (its count of intervals, and whether its times never
        // decrease: all but a piece a few right-limit offsets long), made when the stretches
        // reach a new one.
        var grid = (piece: -1, n: 0, increasing: false)
        for part in parts {
            while lo + 1 < breakpoints.count && breakpoints[lo + 1] <= part.t0 { lo += 1 }
            guard lo + 1 < breakpoints.count else { continue }
            let a = breakpoints[lo], b = breakpoints[lo + 1]
            guard b - a > delta * 2 else { continue }
            if grid.piece != lo {
                let n = max(8, Int(((b - a) / step).rounded(.up)))
                grid = (lo, n, a + (b - a) * 1 / Double(n) >= a + delta)
            }
            let n = grid.n
            func time(_ k: Int) -> Double { k == 0 ? a + delta : (k == n ? b : a + (b - a) * Double(k) / Double(n)) }
            let first = max(part.t0, from), last = min(part.t1, to)
            // The first grid point ≥ first (n + 1: none) and the last ≤ last (−1: none): the
            // estimate corrected by a step either way.
            func firstIndex() -> Int {
                var k0 = max(0, min(n, Int(((first - a) / (b - a) * Double(n)).rounded(.down))))
                while k0 > 0 && time(k0 - 1) >= first { k0 -= 1 }
                while k0 <= n && time(k0) < first { k0 += 1 }
                return k0
            }
            func lastIndex() -> Int {
                var k1 = max(0, min(n, Int(((last - a) / (b - a) * Double(n)).rounded(.up))))
                while k1 < n && time(k1 + 1) <= last { k1 += 1 }
                while k1 >= 0 && time(k1) > last { k1 -= 1 }
                return k1
            }
            // |velocity| is monotone on the stretch: where it ends before the breakpoint
            // piece's end, the slowest grid point is at its slower end (the earliest on a tie).
            if part.t1 < b && grid.increasing {
                let falling = part.s1 < part.s0
                // |velocity| is monotone on the stretch, so the grid point is at least as fast as
                // the stretch's slower end, where its speed was taken (s1 at t1; s0 just inside t0):
                // when that is faster than a point already found, this one can be neither slower
                // nor as slow. (The point lies at or after `first`: where that is inside, so is it.)
                if let best {
                    let floor = falling ? part.s1 : (first >= min(part.t0 + delta, (part.t0 + part.t1) / 2) ? part.s0 : 0)
                    if floor > best.speed { continue }
                }
                // The grid's times never decrease here, so the first point ≥ first and the last
                // ≤ last are each one index: only the one at the slower end is looked for (the
                // estimate corrected by a step either way), and the stretch holds a point when
                // that one lies on its other side of the other end too.
                let t: Double
                if falling {
                    let k1 = lastIndex()
                    guard k1 >= 0 else { continue }
                    t = time(k1)
                    guard t >= first else { continue }
                } else {
                    let k0 = firstIndex()
                    guard k0 <= n else { continue }
                    t = time(k0)
                    guard t <= last else { continue }
                    // (The floor where a point was found, now that the point is known.)
                    if let best, part.s0 > best.speed, t >= min(part.t0 + delta, (part.t0 + part.t1) / 2) { continue }
                }
                let v = abs(curve.velocity(t))
                if best == nil || v < best!.speed || (v == best!.speed && t < best!.time) { best = (v, t) }
                continue
            }
            let k0 = firstIndex(), k1 = lastIndex()
            guard k0 <= k1 else { continue }
            if part.t1 < b {
                // (As above, where the grid's first times decrease.)
                let falling = part.s1 < part.s0
                let t = falling ? time(k1) : time(k0)
                if let best {
                    let floor = falling ? part.s1 : (t >= min(part.t0 + delta, (part.t0 + part.t1) / 2) ? part.s0 : 0)
                    if floor > best.speed { continue }
                }
                let v = abs(curve.velocity(t))
                if best == nil || v < best!.speed || (v == best!.speed && t < best!.time) { best = (v, t) }
                continue
            }
            // At the piece's end the velocity may already be the next piece's (a delay that ends
            // there by rounding): the points next to the first and the last too.
            for j in 0..<4 {
                let k = j == 0 ? k0 : (j == 1 ? k0 + 1 : (j == 2 ? k1 - 1 : k1))
                // Each grid point once (k0, k0 + 1, k1 − 1, k1 may repeat).
                guard k >= k0 && k <= k1, !((j >= 1 && k == k0) || (j >= 2 && k == k0 + 1) || (j == 3 && k == k1 - 1)) else { continue }
                let t = time(k)
                let v = abs(curve.velocity(t))
                if best == nil || v < best!.speed || (v == best!.speed && t < best!.time) { best = (v, t) }
            }
        }
        return best?.time
    }

    /// Where a side's stretch `p` (value monotone, carried away from the band's inside) takes the
    /// value to `edge`, growing from `time`: that moment and the level of speed at which the
    /// side's frontier gets there (the speed there, where the speed rises outwards; the stretch's
    /// inner speed where it falls, as the whole stretch is then taken at once; never below
    /// `level`). nil when the stretch's outer value stays inside the edge.
    private func edgeLevel(_ p: Stretch, leftwards: Bool, from time: Double, edge: Double, level: Double, window: Double) -> (time: Double, level: Double)? {
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
    private func bandExit(from time: Double, lo: inout Double, hi: inout Double, limit: Double, window: Double) -> Double {
        let floor = hi - tolerance, ceiling = lo + tolerance
        let x = value(limit, from: window)
        if x >= floor && x <= ceiling {
            lo = min(lo, x); hi = max(hi, x)
            return limit
        }
        let edge = x < floor ? floor : ceiling
        let t = valueCrossing(edge, between: time, and: limit, window: window)
        lo = min(lo, edge); hi = max(hi, edge)
        return t
    }

    /// From `time` in stretch `start` outwards, stretch by stretch: where the value leaves
    /// [hi − tolerance, lo + tolerance], or the window's end.
    private func bandExitOutward(from time: Double, stretches parts: [Stretch], start: Int, leftwards: Bool, lo: inout Double, hi: inout Double, window: Double) -> Double {
        var k = start
        var current = time
        while k >= 0 && k < parts.count {
            let outer = leftwards ? parts[k].t0 : parts[k].t1
            let x = leftwards ? parts[k].x0 : parts[k].x1
            let floor = hi - tolerance, ceiling = lo + tolerance
            if x < floor || x > ceiling {
                let edge = x < floor ? floor : ceiling
                let t = valueCrossing(edge, between: current, and: outer, window: window)
                lo = min(lo, edge); hi = max(hi, edge)
                return t
            }
            lo = min(lo, x); hi = max(hi, x)
            current = outer
            k += leftwards ? -1 : 1
        }
        return current
    }

    /// The time between `a` and `b` (either order) where the value, monotone there, equals
    /// `level`, to 1e-12 s: Newton's method on the state, whose velocity is the value's slope
    /// (`SafeguardedNewton`, about 3 evaluations where regula falsi took 8).
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
