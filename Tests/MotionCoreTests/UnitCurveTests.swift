import Testing

@testable import MotionCore

@Suite("Unit curves")
struct UnitCurveTests {
    /// The reference table of motion-semantics.md (bisection to 1e-12).
    @Test(
        "match the reference table to 1e-6",
        arguments: [
            (0.25, 0.093465, 0.378138, 0.129162),
            (0.50, 0.315357, 0.684643, 0.500000),
            (0.75, 0.621862, 0.906535, 0.870838),
        ])
    func referenceTable(x: Double, easeIn: Double, easeOut: Double, easeInOut: Double) {
        #expect(close(UnitCurve.easeIn.value(at: x), easeIn, 1e-6))
        #expect(close(UnitCurve.easeOut.value(at: x), easeOut, 1e-6))
        #expect(close(UnitCurve.easeInOut.value(at: x), easeInOut, 1e-6))
        #expect(UnitCurve.linear.value(at: x) == x)
    }

    @Test("x-solve accurate to 1e-9 for arbitrary Béziers")
    func solveAccuracy() throws {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let x1 = Double.random(in: 0...1, using: &rng), x2 = Double.random(in: 0...1, using: &rng)
            let y1 = Double.random(in: -1...2, using: &rng), y2 = Double.random(in: -1...2, using: &rng)
            let curve = try #require(UnitCurve(x1: x1, y1: y1, x2: x2, y2: y2))
            for x in stride(from: 0.0, through: 1.0, by: 0.05) {
                let u = curve.solveParameter(for: x)
                #expect(abs(UnitCurve.bezier(u, x1, x2) - x) < 1e-9)
                #expect(close(curve.value(at: x), bisectionEase(x, x1, y1, x2, y2), 1e-7))
            }
        }
    }

    @Test("the x-solve leaves a residual under 1e-13, control points on the edges (x1, x2 ∈ {0, 1}) included")
    func solveResidual() throws {
        var rng = SeededGenerator(seed: 11)
        var pairs: [(Double, Double)] = [(0, 0), (0, 1), (1, 0), (1, 1), (0, 0.58), (0.42, 1), (0.42, 0.58), (0.05, 0.95)]
        for _ in 0..<300 { pairs.append((Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng))) }
        for (x1, x2) in pairs {
            let curve = try #require(UnitCurve(x1: x1, y1: 0.3, x2: x2, y2: 0.7))
            for k in 0...1000 {
                let x = Double(k) / 1000
                let u = curve.solveParameter(for: x)
                #expect((0...1).contains(u))
                #expect(abs(UnitCurve.bezier(u, x1, x2) - x) < 1e-13, "x1 \(x1) x2 \(x2) x \(x)")
            }
        }
    }

    @Test("velocity is dy/dx, including the 0/0 end points of easeIn and easeOut")
    func velocity() throws {
        for curve in [UnitCurve.easeIn, .easeOut, .easeInOut, try #require(UnitCurve(x1: 0.2, y1: 0, x2: 0, y2: 1))] {
            for x in stride(from: 0.05, through: 0.95, by: 0.05) {
                #expect(close(curve.velocity(at: x), derivative({ curve.value(at: $0) }, at: x), 1e-4))
            }
        }
        // Closed forms at the ends: easeIn leaves with slope 0 (P1 = (0.42, 0)) and arrives with
        // y''/x'' = 6(0 − 1)/(6(0.42 − 1)) = 1/0.58; easeOut mirrors it.
        #expect(close(UnitCurve.easeIn.velocity(at: 0), 0, 1e-12))
        #expect(close(UnitCurve.easeIn.velocity(at: 1), 1 / 0.58, 1e-9))
        #expect(close(UnitCurve.easeOut.velocity(at: 0), 1 / 0.58, 1e-9))
        #expect(close(UnitCurve.easeOut.velocity(at: 1), 0, 1e-12))
        #expect(UnitCurve.linear.velocity(at: 0.3) == 1)
    }

    @Test("rejects control points with x outside 0…1 or non-finite")
    func rejectsBadControlPoints() {
        #expect(UnitCurve(x1: -0.1, y1: 0, x2: 0.5, y2: 1) == nil)
        #expect(UnitCurve(x1: 0.1, y1: 0, x2: 1.5, y2: 1) == nil)
        #expect(UnitCurve(x1: 0.1, y1: .nan, x2: 0.5, y2: 1) == nil)
        #expect(UnitCurve(x1: 0.1, y1: -2, x2: 0.5, y2: 3) != nil) // y may overshoot
    }
}
