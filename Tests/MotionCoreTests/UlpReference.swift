import Foundation

/// What the ulp tests of CMotionMath's kernels measure against, on every architecture.
///
/// On x86 the reference is the C library's extended precision (`Float80`: a 64-bit significand,
/// 11 bits more than a Double), so a result within `bound` = 1 ulp of it is within one ulp of the
/// exact value. `Float80` does not exist on other processors (Apple silicon, aarch64 Linux): there
/// the reference is the C library's Double function, itself within one ulp of the exact value, so
/// two results each within one ulp of it differ by less than two: `bound` = 2.
enum UlpReference {
    #if arch(x86_64) || arch(i386)
    /// Largest error (ulps of the reference rounded to Double) the kernels may show.
    static let bound = 1.0

    /// |computed − sin x| in ulps, against `sinl`.
    static func sinError(_ computed: Double, at x: Double) -> Double { ulps(computed, sinl(Float80(x))) }
    /// |computed − cos x| in ulps, against `cosl`.
    static func cosError(_ computed: Double, at x: Double) -> Double { ulps(computed, cosl(Float80(x))) }
    /// |computed − e^x| in ulps, against `expl`.
    static func expError(_ computed: Double, at x: Double) -> Double { ulps(computed, expl(Float80(x))) }

    /// |computed − reference| in units of the last place of the reference rounded to Double.
    static func ulps(_ computed: Double, _ reference: Float80) -> Double {
        let rounded = Double(reference)
        let ulp = rounded == 0 ? Double.leastNonzeroMagnitude : rounded.ulp
        return Double(abs(Float80(computed) - reference)) / ulp
    }
    #else
    /// Largest error (ulps of the reference) the kernels may show against a Double reference.
    static let bound = 2.0

    /// |computed − sin x| in ulps, against the C library's `sin`.
    static func sinError(_ computed: Double, at x: Double) -> Double { ulps(computed, Foundation.sin(x)) }
    /// |computed − cos x| in ulps, against the C library's `cos`.
    static func cosError(_ computed: Double, at x: Double) -> Double { ulps(computed, Foundation.cos(x)) }
    /// |computed − e^x| in ulps, against the C library's `exp`.
    static func expError(_ computed: Double, at x: Double) -> Double { ulps(computed, Foundation.exp(x)) }

    /// |computed − reference| in units of the last place of the reference.
    static func ulps(_ computed: Double, _ reference: Double) -> Double {
        let ulp = reference == 0 ? Double.leastNonzeroMagnitude : reference.ulp
        return abs(computed - reference) / ulp
    }
    #endif
}
