// MARK: - SafeguardedHalley

/// The bracketed root solver for functions whose first and second derivatives come with their
/// value at little extra cost (a spring's velocity, acceleration and jerk share one `exp` and one
/// `sincos`; a Bézier's come from one parameter solve). Internal.
enum SafeguardedHalley {
    /// For f with f(l) = fl and f(h) = fh of opposite signs and one zero in [l, h] (s), `f`
    /// returning f, f′ and f″ together: a time within `tolerance` (s) of the zero.
    ///
    /// Halley's method, x − f/f′ · 1/(1 − f f″/(2f′²)), in the safeguards of `SafeguardedNewton`
    /// (`SafeguardedNewton.iterate`): cubic near a simple zero, so a step from a secant point
    /// usually lands within the tolerance after two evaluations where Newton's method takes three.
    /// Where the correction factor leaves [½, 2] (f″ large against f′, far from the zero) the step
    /// is Newton's. It stops as Newton's method does, or once two Halley steps in a row show the
    /// cubic convergence that puts the step just taken within the tolerance: s₂ ≈ K·s₁³ leaves an
    /// error of about K·s₂³ = s₂⁴/s₁³, ended when that is under a sixteenth of the tolerance and
    /// s₂ under 1e-4 s. At most 100 evaluations.
    static func solve(
        _ l: Double, _ h: Double, _ fl: Double, _ fh: Double, tolerance: Double,
        _ f: (Double) -> (value: Double, slope: Double, curvature: Double)
    ) -> Double {
        SafeguardedNewton.iterate(l, h, fl, fh, tolerance: tolerance, order: 3, f)
    }
}
