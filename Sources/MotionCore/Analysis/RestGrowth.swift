// MARK: - RestGrowth

/// One window of a rest search (`RestSearch`) grown from its anchor, the slowest moment: both
/// sides take the window's stretches in order of speed (at level c every moment reachable from the
/// anchor without passing a speed above c, the slower side first) until the values span the band;
/// the side that carried them there stops, and the other grows on while the value stays in the
/// band. The result is a rest when the anchor's speed is at most the rest speed ratio of the
/// speed at each end where the growth stopped.
struct RestGrowth<Motion: PropertyMotion> {
    typealias Stretch = RestStretch

    /// (Its curve is read as `search.curve` where it is used: a computed `curve` returned a copy
    /// of the whole `CurvePieces`, a retain and a release of each of its arrays, at every use.)
    let search: RestSearch<Motion>
    /// The window's stretches, cut at the anchor.
    let parts: [Stretch]
    let from: Double
    let to: Double
    let anchorSpeed: Double
    /// The stretch being absorbed leftwards (its t1 is the inner end) and rightwards; -1 and
    /// `parts.count` once that side has reached the window's end.
    var left: Int
    var right: Int
    /// The frontiers (s).
    var leftTime: Double
    var rightTime: Double
    /// The band the values reached so far span (units).
    var lo: Double
    var hi: Double
    /// The speed level the growth has reached.
    var level: Double
    var blocked: (left: Bool, right: Bool) = (false, false)
    /// A side that did not complete its stretch at a level may leave its frontier unsolved while
    /// the band provably holds it: the level it is at, solved on demand (`settlePending`).
    var pending: (left: Double?, right: Double?) = (nil, nil)

    var tolerance: Double { search.tolerance }

    /// The growth of [from, to] from the anchor at `slowestTime` (a cut of `parts`, or an end).
    init(search: RestSearch<Motion>, parts: [Stretch], from: Double, to: Double, slowestTime: Double) {
        self.search = search
        self.parts = parts
        self.from = from
        self.to = to
        let anchor = slowestTime <= from ? 0 : (slowestTime >= to ? parts.count : parts.firstIndex { $0.t0 == slowestTime } ?? 0)
        anchorSpeed = Self.speed(at: anchor, parts)
        let anchorValue = anchor == parts.count ? parts[anchor - 1].x1 : parts[anchor].x0
        left = anchor - 1
        right = anchor
        leftTime = anchor == parts.count ? parts[anchor - 1].t1 : parts[anchor].t0
        rightTime = leftTime
        lo = anchorValue
        hi = anchorValue
        level = anchorSpeed
    }

    /// The speed at cut k of `parts` (the slower side's where two stretches meet).
    static func speed(at k: Int, _ parts: [Stretch]) -> Double {
        if k == 0 { return parts[0].s0 }
        if k == parts.count { return parts[k - 1].s1 }
        return min(parts[k - 1].s1, parts[k].s0)
    }

    /// Grows until the band is spanned or both ends are reached, then the side that did not stop
    /// on, while the value stays in the band; returns the rest, or nil where the anchor is not
    /// slow enough beside the speeds where the growth stopped. `leftEnd`/`rightEnd`: the rest
    /// reaches the window's end on that side.
    mutating func rest() -> (rest: RestSearch<Motion>.Rest, leftEnd: Bool, rightEnd: Bool)? {
        while !blocked.left && !blocked.right && (left >= 0 || right < parts.count) {
            if absorbNextStretch() { continue }
            settlePending()
            if stopOneSided() { break }
            if stopAtSharedEdge() { break }
            stopWhereBandIsSpanned()
        }
        settlePending()
        // The other side grows on, whatever its speed, while the value stays in the band.
        var leftEnd = left < 0, rightEnd = right >= parts.count
        if blocked.left && !blocked.right && !rightEnd {
            rightTime = search.bandExitOutward(from: rightTime, stretches: parts, start: right, leftwards: false, lo: &lo, hi: &hi, window: from)
            rightEnd = rightTime >= to
        } else if blocked.right && !blocked.left && !leftEnd {
            leftTime = search.bandExitOutward(from: leftTime, stretches: parts, start: left, leftwards: true, lo: &lo, hi: &hi, window: from)
            leftEnd = leftTime <= from
        }
        if !blocked.left && left < 0 { leftEnd = true }
        if !blocked.right && right >= parts.count { rightEnd = true }
        // The slower of the speeds where the growth stopped (none at the window's ends).
        var edgeSpeed = Double.infinity
        if !leftEnd { edgeSpeed = abs(search.curve.velocity(leftTime)) }
        if !rightEnd { edgeSpeed = min(edgeSpeed, abs(search.curve.velocity(min(rightTime + search.curve.delta, to)))) }
        guard anchorSpeed <= AnalysisOptions.restSpeedRatio * edgeSpeed else { return nil }
        return ((leftEnd ? from : leftTime, rightEnd ? to : rightTime, lo, hi), leftEnd, rightEnd)
    }

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
        let start = min(p.t0 + search.curve.delta, (p.t0 + p.t1) / 2)
        if let (x, y) = hint {
            let l = max(min(x, y), start), h = min(max(x, y), p.t1)
            if h >= l && h - l <= 1e-10 { return (l + h) / 2 }
            if h > l {
                let gl = search.curve.velocity(l) - level, gh = search.curve.velocity(h) - level
                if gl * gh < 0 { return search.curve.root(l, h, gl, gh, level) }
            }
        }
        return search.curve.root(start, p.t1, fa, fb, level)
    }

    /// The level at which a side has taken its whole stretch (|v| is monotone on it).
    func completion(_ k: Int, _ level: Double) -> Double { max(level, parts[k].s0, parts[k].s1) }

    /// Takes the value at `t` into the band.
    private mutating func include(_ t: Double) {
        let x = search.value(t, from: from)
        lo = min(lo, x)
        hi = max(hi, x)
    }

    /// Solves the pending frontiers and takes their values into the band, as growing to them
    /// level by level would have (the value is monotone on a stretch: the frontier at the
    /// last level is the extreme of the ones before it).
    mutating func settlePending() {
        if let c = pending.left, left >= 0 {
            let t = frontier(left, leftwards: true, at: c)
            if t != leftTime {
                include(t)
                leftTime = t
            }
        }
        if let c = pending.right, right < parts.count {
            let t = frontier(right, leftwards: false, at: c)
            if t != rightTime {
                include(t)
                rightTime = t
            }
        }
        pending = (nil, nil)
    }

    /// The side that completes its stretch first takes it whole when the band still holds the
    /// values (true: the growth goes on); false where taking it would span the band.
    mutating func absorbNextStretch() -> Bool {
        let eL = left >= 0 ? completion(left, level) : .infinity
        let eR = right < parts.count ? completion(right, level) : .infinity
        let e = min(eL, eR)
        // Only a side that exists is taken (a speed that is not a number must not send the
        // growth past the last stretch): the left when it completes first or the right is gone.
        let chooseLeft = right >= parts.count || (left >= 0 && !(eR < eL))
        // The side that completes its stretch reaches its outer end; its value is a new extreme.
        var newLo = lo, newHi = hi
        let outer = chooseLeft ? parts[left].t0 : parts[right].t1
        let outerValue = search.value(outer, from: from)
        newLo = min(newLo, outerValue)
        newHi = max(newHi, outerValue)
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
                    let x = search.value(t, from: from)
                    newLo = min(newLo, x)
                    newHi = max(newHi, x)
                }
            }
        }
        guard newHi - newLo <= tolerance else { return false }
        lo = newLo
        hi = newHi
        level = e
        if chooseLeft {
            leftTime = outer
            pending.left = nil
            left -= 1
            if let t = otherTime {
                rightTime = t
                pending.right = nil
            } else if otherExists {
                pending.right = e
            }
        } else {
            rightTime = outer
            pending.right = nil
            right += 1
            if let t = otherTime {
                leftTime = t
                pending.left = nil
            } else if otherExists {
                pending.left = e
            }
        }
        return true
    }

    /// The band is spanned between `level` and the next completion. Where one side has reached the
    /// window's end, the other alone carries the value to the band's edge, and stops there: where
    /// its stretch's value leaves the band (the value is monotone on it; no level needed). True
    /// when that was the case.
    mutating func stopOneSided() -> Bool {
        guard right >= parts.count || left < 0 else { return false }
        if left >= 0 {
            leftTime = search.bandExit(from: leftTime, lo: &lo, hi: &hi, limit: parts[left].t0, window: from)
            blocked.left = true
        } else {
            rightTime = search.bandExit(from: rightTime, lo: &lo, hi: &hi, limit: parts[right].t1, window: from)
            blocked.right = true
        }
        return true
    }

    /// Both sides move. Where both carry the value the same way (both down, or both up), only
    /// that one edge of the band can be reached, and it does not move: each side reaches it at the
    /// level of the moment its value crosses the edge (`edgeLevel`), and the side that gets there
    /// at the lower level stops there; the other stands at its frontier at that level. True where
    /// that settled it. (`stopWhereBandIsSpanned` finds the same level by regula falsi on the
    /// band's span, a frontier solve per side at every step.)
    mutating func stopAtSharedEdge() -> Bool {
        let e = min(completion(left, level), completion(right, level))
        let inwardLeft = parts[left].x0 - parts[left].x1, inwardRight = parts[right].x1 - parts[right].x0
        guard (inwardLeft < 0 && inwardRight < 0) || (inwardLeft > 0 && inwardRight > 0) else { return false }
        let edge = inwardLeft < 0 ? hi - tolerance : lo + tolerance
        let reachLeft = search.edgeLevel(parts[left], leftwards: true, from: leftTime, edge: edge, level: level, window: from)
        let reachRight = search.edgeLevel(parts[right], leftwards: false, from: rightTime, edge: edge, level: level, window: from)
        let first = min(reachLeft?.level ?? .infinity, reachRight?.level ?? .infinity)
        guard first < .infinity, first <= e else { return false }
        level = first
        if let l = reachLeft, l.level <= first {
            leftTime = l.time
            blocked.left = true
            let r = frontier(right, leftwards: false, at: first)
            if r != rightTime {
                include(r)
                rightTime = r
            }
        } else if let r = reachRight {
            rightTime = r.time
            blocked.right = true
            let l = frontier(left, leftwards: true, at: first)
            if l != leftTime {
                include(l)
                leftTime = l
            }
        }
        lo = min(lo, edge)
        hi = max(hi, edge)
        return true
    }

    /// The band's span less the tolerance at level `c`, with both frontiers there (solved in the
    /// bracket the frontiers at `below` and `above` give, when both are known).
    func excess(
        _ c: Double, between below: (l: Double, r: Double)? = nil, and above: (l: Double, r: Double)? = nil
    ) -> (Double, (l: Double, r: Double)) {
        let lHint = below.flatMap { b in above.map { (b.l, $0.l) } }, rHint = below.flatMap { b in above.map { (b.r, $0.r) } }
        let l = left >= 0 ? frontier(left, leftwards: true, at: c, within: lHint) : leftTime
        let r = right < parts.count ? frontier(right, leftwards: false, at: c, within: rHint) : rightTime
        var low = lo, high = hi
        if l != leftTime {
            let x = search.value(l, from: from)
            low = min(low, x)
            high = max(high, x)
        }
        if r != rightTime {
            let x = search.value(r, from: from)
            low = min(low, x)
            high = max(high, x)
        }
        return (high - low - tolerance, (l, r))
    }

    /// Finds the level where the band is spanned, then which side carried the value to the band's
    /// edge: it stops there. g(c) = span at level c − tolerance is non-decreasing (a stretch
    /// absorbed at one level makes it jump): regula falsi (`RegulaFalsi.bracket`), to 1e-12 of the
    /// level; the frontiers found at the bracket's ends are kept for what follows.
    mutating func stopWhereBandIsSpanned() {
        let e = min(completion(left, level), completion(right, level))
        // The growth's state as a constant: the solver's closure reads it, not the variables.
        let state = self
        let (g0, f0) = state.excess(level), (g1, f1) = state.excess(e)
        let (a, _, fa, fb) = RegulaFalsi.bracket(
            level, e, min(0, g0), max(g1, .leastNonzeroMagnitude), (g0, f0), (g1, f1),
            relativeTolerance: 1e-12
        ) { c, below, above in
            let (g, f) = state.excess(c, between: below.1, and: above.1)
            return (g, (g, f))
        }
        // Just below the level: inside the band (unless a whole stretch is taken at this very
        // level, as where the speed falls outwards: then the frontiers stay).
        let belowFits = fa.0 <= 0
        if belowFits, left >= 0 {
            let l = fa.1.l
            if l != leftTime {
                include(l)
                leftTime = l
            }
        }
        if belowFits, right < parts.count {
            let r = fa.1.r
            if r != rightTime {
                include(r)
                rightTime = r
            }
        }
        level = a
        // At the level itself a side moves on until the value reaches the band's edge, and
        // stops there: the one whose value comes closest to (or beyond) an edge, the left on
        // a tie.
        let leftLimit = fb.1.l
        let rightLimit = fb.1.r
        let leftMargin = margin(leftLimit, leftTime), rightMargin = margin(rightLimit, rightTime)
        if leftMargin < .infinity && leftMargin <= rightMargin {
            leftTime = search.bandExit(from: leftTime, lo: &lo, hi: &hi, limit: leftLimit, window: from)
            blocked.left = true
        } else if rightMargin < .infinity {
            rightTime = search.bandExit(from: rightTime, lo: &lo, hi: &hi, limit: rightLimit, window: from)
            blocked.right = true
        } else {
            blocked = (true, true)
        }
    }

    /// How far inside the band's edges the value at `t` lies (negative beyond one); infinity where
    /// the side does not move (`t` is `now`).
    func margin(_ t: Double, _ now: Double) -> Double {
        guard t != now else { return .infinity }
        let x = search.value(t, from: from)
        return min(x - (hi - tolerance), (lo + tolerance) - x)
    }
}
