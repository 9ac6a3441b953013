#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - MotionLimits

/// The one settling rule every importer applies (spec files, design tokens, Lottie, SwiftUI
/// sources, and what a store hands back): **a motion must come to rest within the limits**.
///
/// - Every spring that runs until it settles (a spring keyframe without a duration, a phase step)
///   settles within `maximumDuration` (an hour): Apple's `settlingDuration` (ε = 0.001 of the
///   distance) for phase steps, the keyframe's real distance and start velocity with ε = 0.0001 for
///   keyframes.
/// - No spring swings more than `maximumOscillations` visible times: full oscillations while its
///   envelope is above ε = 0.001 of the distance, counted over the part that plays.
/// - The whole motion (one cycle of a loop) lasts at most an hour.
/// - A loop's springs come to rest (to 1e-12) within `maximumOverlappingCycles` cycles, so a
///   sample never sums more than that many cycles.
/// - Properties × duration stays within `maximumPropertySeconds`: the analysis looks at each
///   property every 0.5 ms, so this bounds its work (72 million samples) whatever the file holds.
///
/// Each limit bounds work that grows with it (samples, peaks, overlapping cycles): with them,
/// every accepted motion is analysed in time linear in its keyframes.
public enum MotionLimits {
    /// Longest motion, spring settling time, duration or delay, in seconds (an hour).
    public static let maximumDuration = 3600.0
    /// Most visible oscillations of one spring (full swings above ε = 0.001 of its distance).
    public static let maximumOscillations = 1000.0
    /// Most cycles of a loop that can still be moving at one time.
    public static let maximumOverlappingCycles = 100.0
    /// Most properties × seconds in one motion (10 properties for an hour).
    public static let maximumPropertySeconds = 36_000.0
    /// Most phases × properties in one phase animation (the table of resolved values).
    public static let maximumPhaseCells = 10_000_000.0
    /// ε (fraction of the distance) under which an oscillation is no longer visible: Apple's.
    public static let visibleEpsilon = 0.001

    /// Visible full oscillations of `spring` over the first `duration` seconds (all of its motion
    /// when nil): ω_d/2π × min(duration, time until its envelope falls under ε). 0 for a spring
    /// that does not bounce (ζ ≥ 1). Infinite when it never settles and plays forever.
    public static func visibleOscillations(of spring: Spring, over duration: Double?) -> Double {
        let zeta = spring.dampingRatio
        guard zeta < 1 else { return 0 }
        let wd = spring.angularFrequency * (1 - max(0, zeta) * max(0, zeta)).squareRoot()
        guard wd.isFinite, wd > 0 else { return 0 }
        // Envelope e^{−λt} falls under ε at ln(1/ε)/λ (∞ for λ ≤ 0).
        let lambda = spring.decay
        let visible = lambda > 0 ? log(1 / visibleEpsilon) / lambda : .infinity
        let played = min(duration ?? .infinity, visible)
        return played * wd / (2 * .pi)
    }

    /// The shortest spring response (2π/ω0, seconds) interface motion has; the longest is
    /// `maximumDuration`. Specs refuse springs outside them; so does the core.
    public static let minimumResponse = 0.001

    /// Why `spring` cannot play as interface motion whatever its duration, or nil: a damping
    /// ratio below 0 (or not a number) makes each swing larger than the one before, so the motion
    /// grows without bound instead of settling; a response outside 1 ms … 1 h swings faster than
    /// any time step can follow (or not at all). Every importer refuses these (specs say "damping
    /// must be 0 or more" and "outside 1 ms … 1 h"); this is the core's own check, so a spring
    /// that reaches a timeline some other way (a Swift source, a store edited by hand) is refused
    /// too, never analysed.
    public static func growth(of spring: Spring) -> String? {
        if !(spring.angularFrequency > 0) || !spring.angularFrequency.isFinite {
            return "its spring has no positive finite stiffness (angular frequency \(figure(spring.angularFrequency)) rad/s)"
        }
        if !(spring.dampingRatio >= 0) {
            return
                "its spring's damping ratio is \(figure(spring.dampingRatio)): negative damping makes the motion grow instead of coming to rest (use a damping of 0 or more)"
        }
        let response = 2 * Double.pi / spring.angularFrequency
        guard response >= minimumResponse, response <= maximumDuration else {
            return
                "its spring's response (2π/ω0) is \(figure(response)) s, outside 1 ms … 1 h (use a response, or a stiffness and mass, that gives one within)"
        }
        return nil
    }

    /// "takes 5.497e+05 s to settle", or for a spring whose settling time was not found within
    /// the ten million seconds `Spring.settlingDuration` searches, "takes over 1e+07 s to settle".
    public static func settling(_ seconds: Double) -> String {
        seconds.isFinite ? "takes \(figure(seconds)) s to settle" : "takes over 1e+07 s to settle"
    }

    /// A number for messages: integers plainly, others to 4 significant digits ("5.5e+05").
    public static func figure(_ x: Double) -> String {
        guard x.isFinite else { return "forever" }
        if x == x.rounded(), abs(x) < 1e9 { return String(Int64(x)) } // |x| < 1e9 fits Int64
        return CFormat.string("%.4g", x)
    }
}
