#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - KochanekBartelsSpline

/// The cubic Hermite spline `CAKeyframeAnimation` draws through its values in the `cubic`
/// calculation modes: Catmull-Rom tangents shaped by tension, continuity and bias in the
/// Kochanek–Bartels form (Kochanek & Bartels, "Interpolating Splines with Local Tension,
/// Continuity, and Bias Control", SIGGRAPH 1984; Docs/core-animation-semantics.md).
///
/// For key i with tension t, continuity c and bias b, the tangent leaving it (start of segment i)
/// and the one arriving at it (end of segment i − 1), per unit of the segment parameter:
///
///     out_i = (1−t)(1+b)(1+c)/2 · (p_i − p_{i−1}) + (1−t)(1−b)(1−c)/2 · (p_{i+1} − p_i)
///     in_i  = (1−t)(1+b)(1−c)/2 · (p_i − p_{i−1}) + (1−t)(1−b)(1+c)/2 · (p_{i+1} − p_i)
///
/// With uneven key times the paper scales them by the lengths N of the neighbouring segments:
/// out_i · 2N_i/(N_{i−1}+N_i) and in_i · 2N_{i−1}/(N_{i−1}+N_i) (which keeps the velocity
/// continuous: with t = c = b = 0 both become the non-uniform Catmull-Rom velocity
/// (p_{i+1} − p_{i−1})/(N_{i−1}+N_i)). The ends repeat their point (p_{−1} = p_0,
/// p_n = p_{n−1}), so an end's tangent is half its chord, shaped by its own t, c, b.
/// Segment i at parameter s ∈ [0, 1]:
/// H(s) = (2s³−3s²+1)p_i + (s³−2s²+s)out_i + (−2s³+3s²)p_{i+1} + (s³−s²)in_{i+1}. O(n) to build.
public struct KochanekBartelsSpline: Hashable, Sendable {
    /// The points, one scalar per key (one component of a keyframe animation's values).
    public let points: [Double]
    /// Tangent leaving each key (per unit segment parameter).
    public let outgoing: [Double]
    /// Tangent arriving at each key (per unit segment parameter).
    public let incoming: [Double]

    /// - Parameters:
    ///   - points: the values (at least 2).
    ///   - lengths: the segments' lengths in time (n − 1 of them, each > 0), for the paper's
    ///     uneven-spacing adjustment; nil for none (every segment the same length).
    ///   - tension, continuity, bias: per key; missing entries are 0 (Apple's rule).
    public init(points: [Double], lengths: [Double]?, tension: [Double] = [], continuity: [Double] = [], bias: [Double] = []) {
        self.points = points
        let n = points.count
        var outgoing = [Double](repeating: 0, count: n), incoming = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let t = i < tension.count ? tension[i] : 0
            let c = i < continuity.count ? continuity[i] : 0
            let b = i < bias.count ? bias[i] : 0
            let before = points[i] - points[max(i - 1, 0)] // p_i − p_{i−1} (0 at the first key)
            let after = points[min(i + 1, n - 1)] - points[i] // p_{i+1} − p_i (0 at the last key)
            var out = (1 - t) * (1 + b) * (1 + c) / 2 * before + (1 - t) * (1 - b) * (1 - c) / 2 * after
            var into = (1 - t) * (1 + b) * (1 - c) / 2 * before + (1 - t) * (1 - b) * (1 + c) / 2 * after
            if let lengths, i > 0, i < n - 1 {
                let previous = lengths[i - 1], next = lengths[i]
                let sum = previous + next
                if sum > 0 {
                    out *= 2 * next / sum
                    into *= 2 * previous / sum
                }
            }
            outgoing[i] = out
            incoming[i] = into
        }
        self.outgoing = outgoing
        self.incoming = incoming
    }

    /// Value and d/ds of segment `i` at parameter `s` ∈ [0, 1].
    public func segment(_ i: Int, at s: Double) -> (value: Double, slope: Double) {
        Self.hermite(points[i], outgoing[i], points[i + 1], incoming[i + 1], s)
    }

    /// Parameters s in (0, 1) of segment `i` where its slope turns (d²/ds² = 0; one at most).
    public func slopeTurns(_ i: Int) -> [Double] {
        let p0 = points[i], m0 = outgoing[i], p1 = points[i + 1], m1 = incoming[i + 1]
        // H''(s) = (12s − 6)p0 + (6s − 4)m0 + (−12s + 6)p1 + (6s − 2)m1: linear in s.
        let slope = 12 * p0 + 6 * m0 - 12 * p1 + 6 * m1
        let constant = -6 * p0 - 4 * m0 + 6 * p1 - 2 * m1
        guard slope != 0 else { return [] }
        let s = -constant / slope
        return s > 0 && s < 1 ? [s] : []
    }

    /// Parameters s in (0, 1) of segment `i` where its slope is 0 (the value turns), sorted.
    public func valueTurns(_ i: Int) -> [Double] {
        let p0 = points[i], m0 = outgoing[i], p1 = points[i + 1], m1 = incoming[i + 1]
        // H'(s) = (6s² − 6s)p0 + (3s² − 4s + 1)m0 + (−6s² + 6s)p1 + (3s² − 2s)m1.
        let a = 6 * p0 + 3 * m0 - 6 * p1 + 3 * m1
        let b = -6 * p0 - 4 * m0 + 6 * p1 - 2 * m1
        let c = m0
        return UnitCurve.quadraticRoots(a, b, c).filter { $0 > 0 && $0 < 1 }.sorted()
    }

    static func hermite(_ p0: Double, _ m0: Double, _ p1: Double, _ m1: Double, _ s: Double) -> (value: Double, slope: Double) {
        let s2 = s * s, s3 = s2 * s
        let value = (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1
        let slope = (6 * s2 - 6 * s) * p0 + (3 * s2 - 4 * s + 1) * m0 + (-6 * s2 + 6 * s) * p1 + (3 * s2 - 2 * s) * m1
        return (value, slope)
    }

    // MARK: Arc length (cubicPaced)

    /// Length of segment `i` of the curve whose components are `splines` (all with the same
    /// number of points), by 16-point Gauss–Legendre quadrature on the pieces between the
    /// speed's kinks (each component's slope zeros), each split in 8: the integrand √Σ H′² is
    /// smooth there, so the error is far below 1e-12 of the length.
    public static func arcLength(of splines: [KochanekBartelsSpline], segment i: Int) -> Double {
        var cuts: [Double] = [0, 1]
        for s in splines { cuts += s.valueTurns(i) }
        cuts.sort()
        var total = 0.0
        for (a, b) in zip(cuts, cuts.dropFirst()) where b > a {
            let step = (b - a) / 8
            for k in 0..<8 {
                let lo = a + Double(k) * step, hi = lo + step
                let mid = (lo + hi) / 2, half = (hi - lo) / 2
                for (x, w) in gaussLegendre16 {
                    for sign in [-1.0, 1.0] {
                        let s = mid + sign * half * x
                        var sum = 0.0
                        for spline in splines {
                            let d = spline.segment(i, at: s).slope
                            sum += d * d
                        }
                        total += w * half * sum.squareRoot()
                    }
                }
            }
        }
        return total
    }

    /// Positive nodes and weights of the 16-point Gauss–Legendre rule on [−1, 1].
    static let gaussLegendre16: [(Double, Double)] = [
        (0.0950125098376374401853193, 0.1894506104550684962853967),
        (0.2816035507792589132304605, 0.1826034150449235888667637),
        (0.4580167776572273863424194, 0.1691565193950025381893121),
        (0.6178762444026437484466718, 0.1495959888165767320815017),
        (0.7554044083550030338951012, 0.1246289712555338720524763),
        (0.8656312023878317438804679, 0.0951585116824927848099251),
        (0.9445750230732325760779884, 0.0622535239386478928628438),
        (0.9894009349916499325961542, 0.0271524594117540948517806),
    ]
}
