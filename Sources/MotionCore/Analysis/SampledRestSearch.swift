// MARK: - SampledRestSearch

/// The rests inside a slow run that drifts out of the tolerance band, found on points sampled
/// along the curve (the value moving at most 1/16 of the band between them), where a piece of the
/// run could not be shown monotone and `RestSearch` cannot work on the exact curve.
///
/// The run is split where the value leaves the band; consecutive pieces that drift are searched
/// together: from their slowest sample the band grows both ways, the slower side first; that is a
/// rest if the motion there is at most `AnalysisOptions.restSpeedRatio` of the speed where it
/// leaves the band, and the parts either side are searched the same way.
struct SampledRestSearch {
    typealias Rest = (start: Double, end: Double, low: Double, high: Double)
    typealias Sample = (t: Double, v: Double, x: Double)

    /// Time, velocity and value, in time order (`PropertyAnalysis.samples`).
    let samples: [Sample]
    /// The property's breakpoints.
    let cuts: [Double]
    /// The band's width (units).
    let tolerance: Double

    /// The rests of `run`, in no particular order.
    /// - Parameters:
    ///   - startValue: the value just after the run's start (its right limit).
    ///   - endValue: the value at the run's end.
    func rests(inRun run: (start: Double, end: Double), startValue: Double, endValue: Double) -> [Rest] {
        var found = DriftingPieces(search: self)
        var segmentStart = run.start
        var low = startValue, high = low
        var lastTime = run.start, lastValue = low
        let inside =
            PropertyAnalysis.window(samples, from: run.start, to: run.end).filter { $0.t > run.start && $0.t < run.end }.map { ($0.t, $0.x) } + [
                (run.end, endValue)
            ]
        for (t, x) in inside {
            if max(high, x) - min(low, x) > tolerance {
                found.drifting.append((segmentStart, lastTime, low, high))
                // A step this large between neighbouring samples of a slow run is a jump.
                if abs(x - lastValue) > tolerance / 2 { found.closeDrift() }
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
        found.drifting.append((segmentStart, run.end, low, high))
        found.closeDrift()
        return found.pieces
    }

    /// Appends the rests of [from, to] to `pieces`: from the slowest sample the band grows both
    /// ways, the slower side first; a rest when the anchor's speed is at most the rest speed ratio
    /// of the speed at each end where the growth stopped.
    func rests(_ from: Double, _ to: Double, depth: Int, into pieces: inout [Rest]) {
        // A window that starts on a breakpoint does not hold the point there: it is the
        // previous piece's end (a curve that arrives fast and is over reports velocity 0).
        let w = Array(PropertyAnalysis.window(samples, from: from, to: to).drop { $0.t == from && cuts.contains(from) })
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
        if i0 > 0 { rests(from, w[i0 - 1].t, depth: depth + 1, into: &pieces) }
        if i1 < w.count - 1 { rests(w[i1 + 1].t, to, depth: depth + 1, into: &pieces) }
    }

    /// The pieces of a run as it is split: those that drift out of the band are gathered until a
    /// jump or the run's end, then searched together for their rests.
    struct DriftingPieces {
        let search: SampledRestSearch
        /// Pieces of the run not yet searched, in time order.
        var drifting: [Rest] = []
        /// The rests found, and the pieces kept whole.
        var pieces: [Rest] = []

        /// Searches the gathered pieces (two or more) for their rests, or keeps one as it is.
        mutating func closeDrift() {
            defer { drifting = [] }
            guard drifting.count >= 2, let first = drifting.first, let last = drifting.last else {
                pieces += drifting
                return
            }
            search.rests(first.start, last.end, depth: 0, into: &pieces)
        }
    }
}
