// MARK: - SafeguardedHalley

/// The bracketed root solver for functions whose first and second derivatives come with their
/// value at little extra cost (a spring's velocity, acceleration and jerk share one `exp` and one
/// `sincos`; a Bézier's come from one parameter solve). Internal.
enum SafeguardedHalley {
    /// For f with f(l) = fl and f(h) = fh of opposite signs and one zero in [l, h] (s), `f`
    /// returning f, f′ and f″ together: a time within `tolerance` (s) of the zero.
    ///
    /// Halley's method, x − f/f′ · 1/(1 − f f″/(2f′²)), kept inside the bracket, which every
    /// evaluation narrows: cubic near a simple zero, so a step from a secant point usually lands
    /// within the tolerance after two evaluations where Newton's method takes three. Where the
    /// correction factor leaves [½, 2] (f″ large against f′, far from the zero) the step is
    /// Newton's. The first point is the bracket's secant point; a step that leaves the bracket, or
    /// does not halve the previous step (a vanishing derivative, as where a piece ends at a turn
    /// of the velocity), bisects instead. It stops on a step under the tolerance, a bracket
    /// narrower than it, or once two steps in a row show the cubic convergence that puts the
    /// step just taken within it: s₂ ≈ K·s₁³ leaves an error of about K·s₂³ = s₂⁴/s₁³, ended when
    /// that is under a sixteenth of the tolerance and s₂ under 1e-4 s. At most 100 evaluations.
    @inline(__always) static func solve(_ l: Double, _ h: Double, _ fl: Double, _ fh: Double, tolerance: Double,
                                        _ f: (Double) -> (value: Double, slope: Double, curvature: Double)) -> Double {
        var a = l, b = h
        // The sign at `a` decides the side (the end values may underflow to 0).
        let negativeAtA = fl < 0
        var x = (a * fh - b * fl) / (fh - fl)
        if !(x > a && x < b) { x = (a + b) / 2 }
        var previousStep = b - a
        // The last step when it was Halley's (0 after a bisection or a Newton step: no rate of
        // convergence known).
        var halleyStep = 0.0
        for _ in 0..<100 {
            let (fx, slope, curvature) = f(x)
            if fx == 0 { return x }
            if (fx < 0) == negativeAtA { a = x } else { b = x }
            if b - a <= tolerance { return (a + b) / 2 }
            let newton = fx / slope
            let factor = 1 - newton * curvature / (2 * slope)
            let isHalley = factor >= 0.5 && factor <= 2
            var next = isHalley ? x - newton / factor : x - newton
            let step = abs(next - x)
            // Converged: the step is under the tolerance (or under x's last bit, so that x itself
            // comes back, on the bracket's end it has just become).
            if step < tolerance && next >= a && next <= b { return next }
            if !(next > a && next < b) || step > previousStep / 2 {
                next = (a + b) / 2
                previousStep = b - a
                halleyStep = 0
            } else {
                // Cubic convergence seen: the error left after this step, s⁴/s₁³, is already
                // under the tolerance.
                if isHalley && halleyStep > 0 && step < 1e-4 && step * step * step * step < tolerance / 16 * halleyStep * halleyStep * halleyStep { return next }
                previousStep = step
                halleyStep = isHalley ? step : 0
            }
            x = next
        }
        return (a + b) / 2
    }
}
