import Foundation
import Testing

@testable import MotionCore

/// `Spring.sineCosine` (CMotionMath's reduction and kernels) against the C library's extended
/// precision `sinl`/`cosl` where the processor has it, in ulps of the correctly rounded Double
/// (`UlpReference` says what other processors compare with).
@Suite("sin and cos of the spring's closed form")
struct SineCosineTests {
    static func worst(over values: [Double]) -> (ulps: Double, at: Double) {
        var worst = (ulps: 0.0, at: 0.0)
        for x in values {
            let (s, c) = Spring.sineCosine(x)
            let e = max(UlpReference.sinError(s, at: x), UlpReference.cosError(c, at: x))
            if e > worst.ulps { worst = (e, x) }
        }
        return worst
    }

    @Test("within one ulp over the arguments springs give (ω_d·t up to thousands of radians)")
    func randomArguments() {
        var rng = SeededGenerator(seed: 10)
        let values = (0..<200_000).map { _ in Double.random(in: -2_000..<6_000, using: &rng) }
        let worst = Self.worst(over: values)
        #expect(worst.ulps < UlpReference.bound, "worst \(worst.ulps) ulp at x = \(worst.at)")
    }

    @Test("within one ulp next to multiples of π/2, where the reduction cancels most")
    func nearQuadrantBoundaries() {
        var values: [Double] = []
        for k in stride(from: 1.0, through: 500_000, by: 997) {
            let x = k * Double.pi / 2
            values += [x, x.nextUp, x.nextDown, x.nextUp.nextUp, -x]
        }
        let worst = Self.worst(over: values)
        #expect(worst.ulps < UlpReference.bound, "worst \(worst.ulps) ulp at x = \(worst.at)")
    }

    @Test("small arguments keep their sign and value (sin x = x below 2^-27)")
    func smallArguments() {
        for x in [0.0, 1e-300, .leastNonzeroMagnitude, 1e-9, 0x1p-30] {
            #expect(Spring.sineCosine(x) == (x, 1))
            #expect(Spring.sineCosine(-x).sin == -x)
        }
        #expect(Spring.sineCosine(-0.0).sin.sign == .minus)
    }

    @Test("large, infinite and NaN arguments: the C library's answer")
    func beyondTheReduction() {
        for x in [823_549.0, 823_551.0, 1e6, 1e15, 1e300, -1e300] {
            #expect(Spring.sineCosine(x) == (sin(x), cos(x)), "x = \(x)")
        }
        for x in [Double.infinity, -.infinity, .nan] {
            let (s, c) = Spring.sineCosine(x)
            #expect(s.isNaN && c.isNaN)
        }
    }
}
