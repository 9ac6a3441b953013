import Testing

@testable import MotionCore

// MARK: - Easing many progress values

@Suite("Unit curves: easing in lanes")
struct UnitCurveSamplingTests {
    /// `replaceWithEasedValues` against `value(at:)` bit for bit, over `xs` (any count: whole
    /// groups of four, a remainder, and groups holding 0, 1 or values outside [0, 1]).
    func expectLanesEqual(_ curve: UnitCurve, _ xs: [Double]) {
        var eased = xs
        curve.replaceWithEasedValues(&eased, in: eased.indices)
        for (k, x) in xs.enumerated() where eased[k].bitPattern != curve.value(at: x).bitPattern {
            Issue.record("\(curve) at \(x): lanes \(eased[k]), value(at:) \(curve.value(at: x))")
            return
        }
    }

    @Test("equal to value(at:) for the named curves, random Béziers and degenerate control points")
    func lanesEqualScalar() throws {
        var rng = SeededGenerator(seed: 11)
        var curves: [UnitCurve] = [.linear, .easeIn, .easeOut, .easeInOut]
        // Control points on the ends (dx/du = 0 at u = 0 or 1: the bisection fallback) and on each other.
        for points in [(0.0, 0.0, 0.0, 1.0), (1.0, 0.0, 1.0, 1.0), (0.0, 1.0, 1.0, 0.0), (1.0, -1.0, 0.0, 2.0), (0.5, 0.5, 0.5, 0.5)] {
            curves.append(try #require(UnitCurve(x1: points.0, y1: points.1, x2: points.2, y2: points.3)))
        }
        for _ in 0..<200 {
            curves.append(
                try #require(
                    UnitCurve(
                        x1: .random(in: 0...1, using: &rng), y1: .random(in: -1...2, using: &rng),
                        x2: .random(in: 0...1, using: &rng), y2: .random(in: -1...2, using: &rng))))
        }
        let grid = (0...1001).map { Double($0) / 1001 }
        let random = (0..<403).map { _ in Double.random(in: 0...1, using: &rng) }
        let edges = [-1, -0.0, 0, 1e-300, 1e-15, 1e-9, 0.5, 1 - 1e-15, 1.0.nextDown, 1, 1.5, 2, 0.25, .nan]
        for curve in curves {
            expectLanesEqual(curve, grid)
            expectLanesEqual(curve, random)
            expectLanesEqual(curve, edges)
        }
    }

    @Test("a range inside the array: every value in it eased, every value outside it untouched (empty, 1, 4, 5 and 9 wide, at both ends)")
    func rangeEdges() throws {
        let curve = try #require(UnitCurve(x1: 0.3, y1: -0.2, x2: 0.6, y2: 1.4))
        let xs = (0..<13).map { Double($0) / 12 }
        for range in [0..<0, 6..<6, 0..<1, 12..<13, 2..<6, 3..<8, 4..<13, 0..<9, 0..<13] {
            var eased = xs
            curve.replaceWithEasedValues(&eased, in: range)
            for k in xs.indices {
                let expected = range.contains(k) ? curve.value(at: xs[k]) : xs[k]
                #expect(eased[k].bitPattern == expected.bitPattern, "\(range) at \(k)")
            }
        }
    }
}
