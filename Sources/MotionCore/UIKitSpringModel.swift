#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - UIKitSpringModel

/// UIKit's damping-duration springs (`UIView.animate(withDuration:delay:usingSpringWithDamping:
/// initialSpringVelocity:…)`, `UIViewPropertyAnimator(duration:dampingRatio:)`,
/// `UISpringTimingParameters(dampingRatio:)` with an animator's duration) as physical springs.
///
/// Apple documents only that the damping ratio shapes the spring and that the animation lasts the
/// given duration; it publishes no mapping to a stiffness. The model used is the one Framer
/// published to reproduce these animations with `CASpringAnimation` (framer/SpringsExample,
/// also in guillianbalisi/ios-spring-animations): mass 1, the damping ratio ζ clamped to
/// (0, 1], the duration D to [0.01, 10] s, and the natural frequency ω0 chosen so that the
/// spring's envelope has fallen to ε = 0.001 of the distance at D:
///
///     ζ < 1:  |ζω0 − v0| / ωd · e^(−ζω0·D) = ε,   ωd = ω0·√(1 − ζ²)
///     ζ = 1:  ((ω0 − v0)·D + 1) · e^(−ω0·D) = ε
///
/// v0 is the initial velocity in distances per second (UIKit's `initialSpringVelocity`). Animations
/// that use it are marked estimated. The root taken is the largest (the envelope falls with ω0
/// past its maximum; a start velocity can make it dip to 0 before that): found on a geometric grid
/// of ω0 and bisected to 1e-12 relative. O(1).
public enum UIKitSpringModel {
    /// The envelope threshold of the model (a fraction of the distance).
    public static let epsilon = 0.001

    /// The physical spring (mass 1) of damping ratio `ratio` that settles within `duration` s.
    public static func spring(dampingRatio ratio: Double, duration: Double, initialVelocity v0: Double = 0) -> Spring {
        let zeta = min(max(ratio, 1e-6), 1)
        let d = min(max(duration, 0.01), 10)
        func envelope(_ w0: Double) -> Double {
            if zeta < 1 {
                let wd = w0 * (1 - zeta * zeta).squareRoot()
                return abs(zeta * w0 - v0) / wd * exp(-zeta * w0 * d)
            }
            return abs((w0 - v0) * d + 1) * exp(-w0 * d)
        }
        // The largest root: the last point of a geometric grid where the envelope is above ε,
        // then bisection to the next (a start velocity can make the envelope dip to 0 earlier).
        var lo = 0.0, hi = 0.0
        var w = 1e-3 / d
        while w < 1e7 / d {
            let next = w * 1.05
            if envelope(w) > epsilon && envelope(next) <= epsilon {
                lo = w
                hi = next
            }
            w = next
        }
        // No ω0 reaches ε at D (an almost undamped spring): the nearest the model gets.
        guard hi > 0 else { return Spring(angularFrequency: 2 * .pi / d, dampingRatio: zeta) }
        for _ in 0..<200 where hi - lo > 1e-12 * hi {
            let mid = (lo + hi) / 2
            if envelope(mid) > epsilon { lo = mid } else { hi = mid }
        }
        return Spring(angularFrequency: (lo + hi) / 2, dampingRatio: zeta)
    }
}
