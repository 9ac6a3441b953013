import Foundation
import MotionTestSupport

@testable import MotionCore

// MARK: - Independent reference computations used by the tests

/// The seeded generator of the random tests (MotionTestSupport's SplitMix64).
typealias SeededGenerator = SplitMix64

/// Integrates x'' = (−k(x − Δ) − c x')/m from x(0) = 0, x'(0) = v0 with classic RK4 at `step`,
/// returning (x, x') at each requested time (sorted). Independent of the closed forms.
func rk4Spring(
    stiffness k: Double, damping c: Double, mass m: Double = 1, target: Double, v0: Double,
    times: [Double], step: Double = 1e-5
) -> [(Double, Double)] {
    var x = 0.0, v = v0, t = 0.0
    var out: [(Double, Double)] = []
    func accel(_ x: Double, _ v: Double) -> Double { (-k * (x - target) - c * v) / m }
    for target in times {
        while t < target - 1e-12 {
            let h = min(step, target - t)
            let k1x = v, k1v = accel(x, v)
            let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
        }
        out.append((x, v))
    }
    return out
}

/// Cubic Bézier ease by plain bisection on u (independent of UnitCurve's Newton solve).
func bisectionEase(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func b(_ u: Double, _ c1: Double, _ c2: Double) -> Double { 3 * (1 - u) * (1 - u) * u * c1 + 3 * (1 - u) * u * u * c2 + u * u * u }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
    }
    return b((lo + hi) / 2, y1, y2)
}

/// Central difference of f at t.
func derivative(_ f: (Double) -> Double, at t: Double, h: Double = 1e-6) -> Double {
    (f(t + h) - f(t - h)) / (2 * h)
}

func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }
