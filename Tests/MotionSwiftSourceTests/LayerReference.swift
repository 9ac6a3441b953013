import Foundation
import MotionCore
import MotionSwiftSource
import Testing

// MARK: - Closed forms, written here independently of MotionCore

/// The closed forms issue 13's fixtures are checked against, written from their definitions
/// (Apple's CAMediaTiming and CAMediaTimingFunction documentation, the damped oscillator, the
/// Kochanek–Bartels paper) without calling the code under test.
enum LayerReference {
    /// A cubic Bézier timing function from (0, 0) to (1, 1) with control points (x1, y1),
    /// (x2, y2), at progress x: the curve's parameter s with X(s) = x found by bisection
    /// (X rises monotonically for x1, x2 in [0, 1]), then Y(s).
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if coordinate(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return coordinate((lo + hi) / 2, y1, y2)
    }

    /// Core Animation's named timing functions (CAMediaTimingFunctionName's documentation).
    static let easeIn = (0.42, 0.0, 1.0, 1.0), easeOut = (0.0, 0.0, 0.58, 1.0), easeInEaseOut = (0.42, 0.0, 0.58, 1.0),
        caDefault = (0.25, 0.1, 0.25, 1.0)

    static func ease(_ x: Double, _ c: (Double, Double, Double, Double)) -> Double { bezier(x, c.0, c.1, c.2, c.3) }

    /// A damped oscillator x'' = −(k/m)(x − 1) − (c/m)x' from x(0) = 0 with x'(0) = v0 (in
    /// distances per second), every regime solved in closed form.
    static func oscillator(_ t: Double, m: Double, k: Double, c: Double, v0: Double) -> Double {
        let w0 = (k / m).squareRoot(), lambda = c / (2 * m)
        if abs(lambda - w0) < 1e-12 * w0 {
            return 1 - exp(-w0 * t) * (1 + (w0 - v0) * t)
        }
        if lambda < w0 {
            let wd = (w0 * w0 - lambda * lambda).squareRoot()
            return 1 - exp(-lambda * t) * (cos(wd * t) + (lambda - v0) / wd * sin(wd * t))
        }
        let root = (lambda * lambda - w0 * w0).squareRoot()
        let r1 = -lambda + root, r2 = -lambda - root
        // 1 − x = A e^{r1 t} + B e^{r2 t}, A + B = 1, A r1 + B r2 = −v0.
        let a = (-v0 - r2) / (r1 - r2)
        return 1 - (a * exp(r1 * t) + (1 - a) * exp(r2 * t))
    }

    /// The times (first `count`, after 0) where an under-damped oscillator's velocity is 0:
    /// d/dt[e^{−λt}(cos ωd t + A sin ωd t)] = 0 ⇔ tan ωd t = −v0 / (λA + ωd), A = (λ − v0)/ωd.
    static func oscillatorTurns(m: Double, k: Double, c: Double, v0: Double, count: Int) -> [Double] {
        let w0 = (k / m).squareRoot(), lambda = c / (2 * m)
        let wd = (w0 * w0 - lambda * lambda).squareRoot()
        let a = (lambda - v0) / wd
        var phase = atan(-v0 / (lambda * a + wd))
        while phase <= 1e-12 { phase += .pi }
        return (0..<count).map { (phase + Double($0) * .pi) / wd }
    }

    /// The basic local time τ (0 … d) of a CAMediaTiming at parent time t, and whether it is
    /// moving: t' = (t − begin)·speed clamped to the active duration, plus timeOffset, folded
    /// into the period (d, or 2d reflected when autoreversing). A period's end belongs to it.
    static func localTime(
        _ t: Double, begin: Double = 0, duration d: Double, speed: Double = 1, offset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false
    ) -> Double {
        let period = autoreverses ? 2 * d : d
        let active = repeatDuration > 0 ? repeatDuration : (repeatCount > 0 ? repeatCount : 1) * period
        let elapsed = min(max((t - begin) * speed, 0), active)
        let x = elapsed + offset
        var q = x.truncatingRemainder(dividingBy: period)
        if q == 0 && x > 0 { q = period }
        return autoreverses && q > d ? 2 * d - q : q
    }

    /// Piecewise linear keyframes (`values` at `keyTimes`), each segment's progress warped by
    /// its timing function (nil: linear), at unit time u.
    static func linearKeys(_ values: [Double], _ keyTimes: [Double], _ functions: [(Double, Double, Double, Double)]? = nil, at u: Double) -> Double {
        if u <= keyTimes[0] { return values[0] }
        for j in 0..<(values.count - 1) where u <= keyTimes[j + 1] {
            var s = (u - keyTimes[j]) / (keyTimes[j + 1] - keyTimes[j])
            if let functions { s = ease(s, functions[j]) }
            return values[j] + (values[j + 1] - values[j]) * s
        }
        return values[values.count - 1]
    }

    /// Discrete keyframes: value j from keyTimes[j] until keyTimes[j + 1] (n + 1 key times).
    static func discrete(_ values: [Double], _ keyTimes: [Double], at u: Double) -> Double {
        var v = values[0]
        for j in values.indices where u >= keyTimes[j] { v = values[j] }
        return v
    }

    /// Kochanek–Bartels (1984) tangents at each key: outgoing (source, for the segment after)
    /// and incoming (destination, for the segment before), with tension t, continuity c and
    /// bias b, scaled for uneven key spacing, the ends repeating their point.
    static func kochanekBartelsTangents(
        _ p: [Double], times k: [Double], t: [Double], c: [Double], b: [Double]
    ) -> (outgoing: [Double], incoming: [Double]) {
        let n = p.count
        func point(_ i: Int) -> Double { p[min(max(i, 0), n - 1)] }
        var outgoing: [Double] = [], incoming: [Double] = []
        for i in 0..<n {
            let before = point(i) - point(i - 1), after = point(i + 1) - point(i)
            var o = (1 - t[i]) * (1 + b[i]) * (1 + c[i]) / 2 * before + (1 - t[i]) * (1 - b[i]) * (1 - c[i]) / 2 * after
            var d = (1 - t[i]) * (1 + b[i]) * (1 - c[i]) / 2 * before + (1 - t[i]) * (1 - b[i]) * (1 + c[i]) / 2 * after
            if i > 0 && i < n - 1 {
                o *= 2 * (k[i + 1] - k[i]) / (k[i + 1] - k[i - 1])
                d *= 2 * (k[i] - k[i - 1]) / (k[i + 1] - k[i - 1])
            }
            outgoing.append(o)
            incoming.append(d)
        }
        return (outgoing, incoming)
    }

    /// The Kochanek–Bartels spline at unit time u: the Hermite segment between the keys around u.
    static func kochanekBartels(_ p: [Double], times k: [Double], t: [Double], c: [Double], b: [Double], at u: Double) -> Double {
        let (outgoing, incoming) = kochanekBartelsTangents(p, times: k, t: t, c: c, b: b)
        var j = 0
        while j < p.count - 2 && u > k[j + 1] { j += 1 }
        let s = (u - k[j]) / (k[j + 1] - k[j])
        let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s, h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
        return h00 * p[j] + h10 * outgoing[j] + h01 * p[j + 1] + h11 * incoming[j + 1]
    }

    /// The unit times where the spline turns: the roots in (0, 1) of each segment's derivative
    /// (a quadratic in s: dH/ds = a s² + b s + m0), and the inner keys where the incoming and
    /// outgoing tangents have opposite signs (a corner). Sorted.
    static func kochanekBartelsTurns(_ p: [Double], times k: [Double], t: [Double], c: [Double], b: [Double]) -> [Double] {
        let (outgoing, incoming) = kochanekBartelsTangents(p, times: k, t: t, c: c, b: b)
        var turns: [Double] = []
        for j in 0..<(p.count - 1) {
            let m0 = outgoing[j], m1 = incoming[j + 1], p0 = p[j], p1 = p[j + 1]
            let qa = 6 * p0 + 3 * m0 - 6 * p1 + 3 * m1, qb = -6 * p0 - 4 * m0 + 6 * p1 - 2 * m1, qc = m0
            var roots: [Double] = []
            if abs(qa) < 1e-14 {
                if qb != 0 { roots = [-qc / qb] }
            } else {
                let disc = qb * qb - 4 * qa * qc
                if disc > 0 { roots = [(-qb - disc.squareRoot()) / (2 * qa), (-qb + disc.squareRoot()) / (2 * qa)] }
            }
            for s in roots where s > 1e-12 && s < 1 - 1e-12 { turns.append(k[j] + s * (k[j + 1] - k[j])) }
            if j > 0 && incoming[j] * outgoing[j] < 0 { turns.append(k[j]) }
        }
        return turns.sorted()
    }

    /// The natural frequency ω0 (mass 1) of the damping-duration model (Docs/core-animation-
    /// semantics.md): the largest ω0 whose envelope |ζω0 − v0|/ωd · e^{−ζω0 D} (ζ < 1) or
    /// ((ω0 − v0)D + 1)e^{−ω0 D} (ζ = 1) equals 0.001, by Newton-free bisection from above.
    static func dampingDurationFrequency(ratio zeta: Double, duration d: Double, v0: Double = 0) -> Double {
        func envelope(_ w0: Double) -> Double {
            zeta < 1
                ? abs(zeta * w0 - v0) / (w0 * (1 - zeta * zeta).squareRoot()) * exp(-zeta * w0 * d)
                : abs((w0 - v0) * d + 1) * exp(-w0 * d)
        }
        // Walk down from a frequency far past the root until the envelope exceeds 0.001.
        var hi = 1e4 / d, lo = hi
        while envelope(lo) <= 0.001 {
            hi = lo
            lo /= 1.5
        }
        for _ in 0..<300 {
            let mid = (lo + hi) / 2
            if envelope(mid) > 0.001 { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// `settlingDuration` as motionsync estimates it (SwiftUI's rule for an under-damped spring,
    /// Docs/core-animation-semantics.md): −ln(0.001 / (1 + |λ − v0|)) / λ, λ = c / 2m.
    static func settling(m: Double, c: Double, v0: Double) -> Double {
        let lambda = c / (2 * m)
        return -log(0.001 / (1 + abs(lambda - v0))) / lambda
    }
}

// MARK: - Checking a found animation

extension LayerReference {
    /// The animation `id` found in `result`, with its kind `layer` motion.
    static func found(
        _ result: SwiftSourceResult, _ id: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (SwiftSourceAnimation, LayerMotion) {
        let animation = try #require(
            result.animations.first { $0.spec.id == id }, "no \(id) in \(result.animations.map(\.spec.id))", sourceLocation: sourceLocation)
        guard case .layer(let motion) = animation.spec.motion else {
            Issue.record("\(id) is not a layer motion", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return (animation, motion)
    }

    /// Samples `property` of the found animation every millisecond (shifted by `phase` ms: 0.5
    /// keeps off the key times of discrete keyframes) from 0 to `until` (default: its duration
    /// + 0.1 s) and expects `expected(t)` within 1e-9.
    static func expectValues(
        _ animation: SwiftSourceAnimation, _ property: String, until: Double? = nil, phase: Double = 0, _ expected: (Double) -> Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let timeline = try animation.spec.timeline()
        let index = try #require(
            timeline.properties.firstIndex(of: property), "no \(property) in \(timeline.properties)", sourceLocation: sourceLocation)
        let end = until ?? timeline.duration + 0.1
        var worst = (difference: 0.0, time: 0.0)
        var k = 0
        while (Double(k) + phase) / 1000 <= end {
            let t = (Double(k) + phase) / 1000
            let d = abs(timeline.value(of: index, at: t) - expected(t))
            if d > worst.difference { worst = (d, t) }
            k += 1
        }
        #expect(
            worst.difference <= 1e-9, "\(animation.spec.id) \(property): off by \(worst.difference) at \(worst.time) s",
            sourceLocation: sourceLocation)
    }

    /// The peaks of `property` (maxima and minima, in time order) the analysis finds.
    static func peaks(_ animation: SwiftSourceAnimation, _ property: String) throws -> [Peak] {
        MotionAnalyzer().analyze(try animation.spec.timeline()).peaks.filter { $0.property == property }.sorted { $0.time < $1.time }
    }

    /// Expects the peaks of `property` at `times` (to 0.1 ms), of the given kinds.
    static func expectPeaks(
        _ animation: SwiftSourceAnimation, _ property: String, at times: [Double], kinds: [Peak.Kind]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let found = try peaks(animation, property)
        #expect(
            found.count == times.count, "\(animation.spec.id) \(property): peaks at \(found.map(\.time)), expected \(times)",
            sourceLocation: sourceLocation)
        for (p, t) in zip(found, times) {
            #expect(abs(p.time - t) <= 1e-4, "\(animation.spec.id) \(property): peak at \(p.time), expected \(t)", sourceLocation: sourceLocation)
        }
        if let kinds { #expect(found.map(\.kind) == kinds, sourceLocation: sourceLocation) }
    }

    /// The 1-based line of the first line of fixture `name` containing `marker`.
    static func line(of marker: String, in name: String) throws -> Int {
        let lines = try fixture(name).components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(marker) }, "no \(marker) in \(name)") + 1
    }
}
