import Foundation
import Testing

@testable import MotionCore

/// `Spring.exponential` (CMotionMath's reduction and rational kernel) against the C library's
/// extended precision `expl` where the processor has it, in ulps of the correctly rounded Double
/// (`UlpReference` says what other processors compare with).
@Suite("exp of the spring's closed form")
struct ExponentialTests {
    static func worst(over values: [Double]) -> (ulps: Double, at: Double) {
        var worst = (ulps: 0.0, at: 0.0)
        for x in values {
            let e = UlpReference.expError(Spring.exponential(x), at: x)
            if e > worst.ulps { worst = (e, x) }
        }
        return worst
    }

    @Test("within one ulp over the arguments springs give (−λt from about −60 to 0, r·t over-damped) and over the whole range it computes itself")
    func randomArguments() {
        var rng = SeededGenerator(seed: 11)
        let spring = (0..<200_000).map { _ in Double.random(in: -60..<0, using: &rng) }
        let whole = (0..<100_000).map { _ in Double.random(in: -707.9..<707.9, using: &rng) }
        for values in [spring, whole] {
            let worst = Self.worst(over: values)
            #expect(worst.ulps < UlpReference.bound, "worst \(worst.ulps) ulp at x = \(worst.at)")
        }
    }

    @Test("next to multiples of ln 2, where the reduction's parts meet, and at small arguments (e^x = 1 + x)")
    func reductionBoundaries() {
        var values: [Double] = []
        for k in -1_000...1_000 {
            let x = Double(k) * M_LN2
            values += [x, x.nextUp, x.nextDown, x + M_LN2 / 2, (x + M_LN2 / 2).nextUp]
        }
        values += [0, -0.0, 1e-300, -1e-300, 1e-17, -1e-17, 1e-9, -1e-9]
        let inside = values.filter { abs($0) < 707.9 }
        let worst = Self.worst(over: inside)
        #expect(worst.ulps < UlpReference.bound, "worst \(worst.ulps) ulp at x = \(worst.at)")
        #expect(Spring.exponential(0) == 1 && Spring.exponential(-0.0) == 1)
    }

    @Test("beyond ±708, infinite and NaN arguments: the C library's answer")
    func beyondTheReduction() {
        for x in [708.0, 709.7, 710.0, -708.0, -745.0, -746.0, -1e300, 1e300, Double.infinity, -Double.infinity] {
            #expect(Spring.exponential(x) == exp(x), "x = \(x)")
        }
        #expect(Spring.exponential(.nan).isNaN)
    }
}
