#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - LayerStage

/// Where a stage of a layer property's chain may stop being smooth and monotone.
enum LayerCutKind: Hashable, Sendable {
    /// The stage bends or jumps here, or its slope is 0 there (it turns back): a breakpoint of
    /// the timeline, so the analysis keeps the point (a velocity zero at a cut would otherwise
    /// fall between two pieces and not be seen as a turn).
    case kink
    /// The stage is smooth here, but its slope turns (an acceleration zero).
    case turn
}

/// One stage of the chain that maps the trigger's time to a property's value: a media timing
/// (parent time → basic local time), a timing-function warp, then the content (local time →
/// value). Between consecutive cuts every stage is smooth, monotone, and has a monotone slope,
/// so the chain's velocity (the product of the slopes) is bounded by its factors' end values.
protocol LayerStage: Sendable {
    /// The output and d(output)/d(input) at `x`; `right` asks for the limit from the right at a
    /// discontinuity (a boundary otherwise belongs to the earlier side).
    func evaluate(_ x: Double, right: Bool) -> (value: Double, slope: Double)
    /// Inputs strictly inside (a, b) where the stage may stop being smooth (kinks) or where its
    /// slope or direction turns (turns), sorted.
    func cuts(from a: Double, to b: Double) -> [(x: Double, kind: LayerCutKind)]
    /// Bounds of the slope over [a, b], an interval between consecutive cuts; `monotone` when
    /// the slope is monotone there (so the bounds are its end values).
    func slopeBounds(from a: Double, to b: Double) -> (lower: Double, upper: Double, monotone: Bool)
}

extension LayerStage {
    /// Bounds from the slope's end values (a stage whose slope is monotone between its cuts).
    func endSlopes(_ a: Double, _ b: Double) -> (lower: Double, upper: Double, monotone: Bool) {
        let sa = evaluate(a, right: true).slope, sb = evaluate(b, right: false).slope
        return (min(sa, sb), max(sa, sb), true)
    }
}

// MARK: - MediaStage

/// `CAMediaTiming`: parent time → basic local time, piecewise linear (slopes ±speed, 0 outside).
struct MediaStage: LayerStage {
    let timing: MediaTiming

    func evaluate(_ x: Double, right: Bool) -> (value: Double, slope: Double) {
        let l = timing.local(at: x, right: right)
        return (l.time, l.rate)
    }

    func cuts(from a: Double, to b: Double) -> [(x: Double, kind: LayerCutKind)] {
        timing.breakpoints(from: a, to: b).filter { $0 > a && $0 < b }.map { ($0, .kink) }
    }

    func slopeBounds(from a: Double, to b: Double) -> (lower: Double, upper: Double, monotone: Bool) {
        let r = evaluate((a + b) / 2, right: false).slope
        return (r, r, true)
    }
}

// MARK: - WarpStage

/// A `timingFunction` over a basic duration `scale`: x → W(x / scale) · scale.
struct WarpStage: LayerStage {
    let curve: UnitCurve
    let scale: Double

    func evaluate(_ x: Double, right: Bool) -> (value: Double, slope: Double) {
        let s = x / scale
        return (curve.value(at: s) * scale, (s < 0 || s > 1) ? 0 : curve.velocity(at: s))
    }

    func cuts(from a: Double, to b: Double) -> [(x: Double, kind: LayerCutKind)] {
        let turns = curve.velocityTurns.map { ($0 * scale, LayerCutKind.turn) }
        let backs = Self.valueTurns(curve).map { ($0 * scale, LayerCutKind.kink) }
        return (turns + backs).filter { $0.0 > a && $0.0 < b }.sorted { $0.0 < $1.0 }.map { (x: $0.0, kind: $0.1) }
    }

    func slopeBounds(from a: Double, to b: Double) -> (lower: Double, upper: Double, monotone: Bool) { endSlopes(a, b) }

    /// Progress values x in (0, 1) where the eased value turns (y′(u) = 0: a control point's y
    /// outside 0…1 makes the curve overshoot and come back).
    static func valueTurns(_ c: UnitCurve) -> [Double] {
        if c.isLinear { return [] }
        let ay = 9 * c.p1.y - 9 * c.p2.y + 3, by = 6 * c.p2.y - 12 * c.p1.y, cy = 3 * c.p1.y
        return UnitCurve.quadraticRoots(ay, by, cy).filter { $0 > 1e-12 && $0 < 1 - 1e-12 }
            .map { UnitCurve.bezier($0, c.p1.x, c.p2.x) }.filter { $0 > 0 && $0 < 1 }
    }
}

// MARK: - BasicContent

/// `CABasicAnimation`'s interpolation over its basic duration: from + (to − from) · τ / d.
/// (Its timing function is the warp before it; a warp that overshoots carries it past `to`.)
struct BasicContent: LayerStage {
    let from: Double
    let to: Double
    let duration: Double

    func evaluate(_ x: Double, right: Bool) -> (value: Double, slope: Double) {
        (from + (to - from) * x / duration, (to - from) / duration)
    }
    func cuts(from a: Double, to b: Double) -> [(x: Double, kind: LayerCutKind)] { [] }
    func slopeBounds(from a: Double, to b: Double) -> (lower: Double, upper: Double, monotone: Bool) {
        let s = (to - from) / duration
        return (s, s, true)
    }
}

// MARK: - SpringContent

/// A spring from `from` to `to` with unit-distance start velocity `velocity`, played for `cut`
/// seconds: from + Δ · p(τ), p the damped oscillator's progress (closed form, `Spring`).
struct SpringContent: LayerStage {
    let from: Double
    let to: Double
    let spring: Spring
    let velocity: Double
    let cut: Double

    func evaluate(_ x: Double, right: Bool) -> (value: Double, slope: Double) {
        let t = min(max(x, 0), cut)
        let y = spring.offset(target: 1, initialVelocity: velocity, time: t)
        // Held before 0 and after the cut; at either end the side asked for decides.
        let held = right ? (x < 0 || x >= cut) : (x <= 0 || x > cut)
        return (from + (to - from) * (1 + y.value), held ? 0 : (to - from) * y.velocity)
    }

    func cuts(from a: Double, to b: Double) -> [(x: Double, kind: LayerCutKind)] {
        guard to != from else { return [] }
        // The spring holds before 0 and after its cut (an easing that dips below 0 or past 1 of
        // its duration holds it there): kinks at both ends.
        let ends: [(x: Double, kind: LayerCutKind)] = [(0, .kink), (cut, .kink)]
        let turns = spring.accelerationZeros(target: 1, initialVelocity: velocity, upTo: min(b, cut)).map { (x: $0, kind: LayerCutKind.turn) }
        return (ends + turns).filter { $0.x > a && $0.x < b }.sorted { $0.x < $1.x }
    }

    func slopeBounds(from a: Double, to b: Double) -> (lower: Double, upper: Double, monotone: Bool) { endSlopes(a, b) }
}

// MARK: - KeyframeContent

/// One component of a `CAKeyframeAnimation` over its basic duration: u = τ / d (clamped to
/// 0 … 1), then the segment of u (a hold, a linear or a Kochanek–Bartels Hermite segment, each
/// eased by its own timing function).
struct KeyframeContent: LayerStage {
    /// One segment [u0, u1] of the unit interval.
    struct Segment: Hashable, Sendable {
        enum Shape: Hashable, Sendable {
            case hold(Double)
            case linear(Double, Double)
            case hermite(p0: Double, m0: Double, p1: Double, m1: Double)
        }
        let u0: Double
        let u1: Double
        let shape: Shape
        /// The segment's timing function (nil: linear pacing).
        let easing: UnitCurve?
        /// Index of the key the segment starts from (for written holds).
        let key: Int
    }

    let segments: [Segment]
    /// Values before the first and after the last segment.
    let first: Double
    let last: Double
    let duration: Double

    /// The place of `x` for `evaluate(_:right:segment:)`: its segment, -1 before the first,
    /// `segments.count` after the last.
    func place(of x: Double, right: Bool) -> Int {
        let u = min(max(x / duration, 0), 1)
        if let k = segment(at: u, right: right) { return k }
        return (segments.first.map { right ? u < $0.u0 : u <= $0.u0 } ?? true) ? -1 : segments.count
    }

    /// The segment holding u: u0 < u ≤ u1 (u0 ≤ u < u1 from the right).
    func segment(at u: Double, right: Bool) -> Int? {
        var lo = 0, hi = segments.count - 1
        guard hi >= 0 else { return nil }
        if right ? u < segments[0].u0 : u <= segments[0].u0 { return nil }
        if right ? u >= segments[hi].u1 : u > segments[hi].u1 { return nil }
        while lo < hi {
            let mid = (lo + hi) / 2
            if right ? segments[mid].u1 > u : segments[mid].u1 >= u { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    func evaluate(_ x: Double, right: Bool) -> (value: Double, slope: Double) {
        evaluate(x, right: right, segment: nil)
    }

    /// The value and slope at `x` in segment `forced` (-1: before the first, `segments.count`:
    /// after the last), or in the segment that holds x. A timeline forces the segment its piece
    /// was cut for, so a key time pulled back to within rounding cannot put x on the wrong side.
    func evaluate(_ x: Double, right: Bool, segment forced: Int?) -> (value: Double, slope: Double) {
        let u = min(max(x / duration, 0), 1)
        let place = forced ?? segment(at: u, right: right) ?? (segments.first.map { right ? u < $0.u0 : u <= $0.u0 } ?? true ? -1 : segments.count)
        guard place >= 0, place < segments.count else { return (place < 0 ? first : last, 0) }
        let k = place
        let seg = segments[k]
        let span = seg.u1 - seg.u0
        let s = min(max((u - seg.u0) / span, 0), 1)
        let eased = seg.easing.map { ($0.value(at: s), $0.velocity(at: s)) } ?? (s, 1)
        let scale = eased.1 / span / duration * ((x < 0 || x > duration) ? 0 : 1)
        switch seg.shape {
        case .hold(let v):
            return (v, 0)
        case .linear(let a, let b):
            return (a + (b - a) * eased.0, (b - a) * scale)
        case .hermite(let p0, let m0, let p1, let m1):
            let h = KochanekBartelsSpline.hermite(p0, m0, p1, m1, eased.0)
            return (h.value, h.slope * scale)
        }
    }

    func cuts(from a: Double, to b: Double) -> [(x: Double, kind: LayerCutKind)] {
        var out: [(x: Double, kind: LayerCutKind)] = []
        for seg in segments {
            let x0 = seg.u0 * duration, x1 = seg.u1 * duration
            guard x1 > a, x0 < b else { continue }
            out.append((x0, .kink))
            out.append((x1, .kink))
            let span = x1 - x0
            for s in Self.turns(seg) { out.append((x0 + s * span, .turn)) }
            // Where the segment's easing turns back, its velocity is 0: a breakpoint.
            for s in seg.easing.map(WarpStage.valueTurns) ?? [] { out.append((x0 + s * span, .kink)) }
        }
        var seen: Set<Double> = []
        return out.filter { $0.x > a && $0.x < b }.sorted { ($0.x, $0.kind == .kink ? 0 : 1) < ($1.x, $1.kind == .kink ? 0 : 1) }
            .filter { seen.insert($0.x).inserted }
    }

    /// Segment parameters s in (0, 1) where the segment's slope, or its easing's direction, turns.
    static func turns(_ seg: Segment) -> [Double] {
        var s: [Double] = []
        if let e = seg.easing { s += e.velocityTurns }
        if case .hermite(let p0, let m0, let p1, let m1) = seg.shape {
            // H″ = 0 at one parameter y*; through the easing, every s with e(s) = y*.
            let slope = 12 * p0 + 6 * m0 - 12 * p1 + 6 * m1
            let constant = -6 * p0 - 4 * m0 + 6 * p1 - 2 * m1
            if slope != 0 {
                let y = -constant / slope
                if let e = seg.easing {
                    s += Self.preimages(of: y, under: e)
                } else if y > 0 && y < 1 {
                    s.append(y)
                }
            }
        }
        return s.filter { $0 > 0 && $0 < 1 }
    }

    /// The progress values x in (0, 1) with curve(x) = y, found on each monotone piece of the
    /// curve by bisection (to 1e-15).
    static func preimages(of y: Double, under curve: UnitCurve) -> [Double] {
        let edges = [0.0] + WarpStage.valueTurns(curve).sorted() + [1.0]
        var out: [Double] = []
        for (a, b) in zip(edges, edges.dropFirst()) where b > a {
            var lo = a, hi = b
            let fa = curve.value(at: lo) - y, fb = curve.value(at: hi) - y
            guard fa * fb < 0 else { continue }
            let rising = fb > 0
            for _ in 0..<100 where hi - lo > 1e-15 {
                let mid = (lo + hi) / 2
                if (curve.value(at: mid) - y > 0) == rising { hi = mid } else { lo = mid }
            }
            out.append((lo + hi) / 2)
        }
        return out
    }

    func slopeBounds(from a: Double, to b: Double) -> (lower: Double, upper: Double, monotone: Bool) {
        let u = min(max((a + b) / 2 / duration, 0), 1)
        guard let k = segment(at: u, right: false) else { return (0, 0, true) }
        let seg = segments[k]
        guard case .hermite(let p0, let m0, let p1, let m1) = seg.shape, let easing = seg.easing else { return endSlopes(a, b) }
        // H′(e(s)) · e′(s): each factor monotone between the cuts; the product's bounds are
        // the extremes of its corners.
        let span = seg.u1 - seg.u0
        func parts(_ x: Double) -> (Double, Double) {
            let s = (min(max(x / duration, 0), 1) - seg.u0) / span
            return (KochanekBartelsSpline.hermite(p0, m0, p1, m1, easing.value(at: s)).slope, easing.velocity(at: s) / span / duration)
        }
        let (ha, ea) = parts(a), (hb, eb) = parts(b)
        let corners = [ha * ea, ha * eb, hb * ea, hb * eb]
        return (corners.min()!, corners.max()!, ha == hb || ea == eb)
    }
}
