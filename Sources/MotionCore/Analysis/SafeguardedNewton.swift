// MARK: - SafeguardedNewton

/// The bracketed root solver for functions whose derivative comes with their value at no extra
/// cost (a spring's velocity and acceleration share one `exp` and one `sincos`). Internal.
enum SafeguardedNewton {
    /// For f with f(l) = fl and f(h) = fh of opposite signs and one zero in [l, h] (s), `f`
    /// returning f and f′ together: a time within `tolerance` (s) of the zero.
    ///
    /// Newton's method kept inside the bracket, which every evaluation narrows: the first point is
    /// the bracket's secant point; a step that leaves the bracket, or does not halve the previous
    /// step (a vanishing derivative, as where a piece ends at a turn of the velocity), bisects
    /// instead. It stops on a Newton step under the tolerance (the error after it is of order its
    /// square) or a bracket narrower than it, or once the convergence seen so far says the step
    /// just taken lands within the tolerance: where two Newton steps in a row, s₁ then s₂, shrink
    /// quadratically (s₂ ≈ C·s₁², C = |f″/2f′| near the zero), the error left after s₂ is about
    /// C·s₂² = s₂³/s₁², and the solve ends when that is under a sixteenth of the tolerance (and
    /// s₂ under 1e-4 s, inside the quadratic regime), one evaluation sooner. Quadratic near the
    /// zero: about 3 evaluations from a unit bracket to 1e-10 (regula falsi: 8), at most 100.
    @inline(__always) static func solve(_ l: Double, _ h: Double, _ fl: Double, _ fh: Double, tolerance: Double, _ f: (Double) -> (value: Double, slope: Double)) -> Double {
        var a = l, b = h
        // The sign at `a` decides the side (the end values may underflow to 0).
        let negativeAtA = fl < 0
        var x = (a * fh - b * fl) / (fh - fl)
        if !(x > a && x < b) { x = (a + b) / 2 }
        var previousStep = b - a
        // The last step when it was Newton's (0 after a bisection: no rate of convergence known).
        var newtonStep = 0.0
        for _ in 0..<100 {
            let (fx, slope) = f(x)
            if fx == 0 { return x }
            if (fx < 0) == negativeAtA { a = x } else { b = x }
            if b - a <= tolerance { return (a + b) / 2 }
            var next = x - fx / slope
            let step = abs(next - x)
            // Converged: the step is under the tolerance (or under x's last bit, so that x itself
            // comes back, on the bracket's end it has just become). Bisecting the bracket there
            // would take some 25 more evaluations to the same answer.
            if step < tolerance && next >= a && next <= b { return next }
            if !(next > a && next < b) || step > previousStep / 2 {
                next = (a + b) / 2
                previousStep = b - a
                newtonStep = 0
            } else {
                // Quadratic convergence seen: the error left after this step, s³/s₁², is
                // already under the tolerance.
                if newtonStep > 0 && step < 1e-4 && step * step * step < tolerance / 16 * newtonStep * newtonStep { return next }
                previousStep = step
                newtonStep = step
            }
            x = next
        }
        return (a + b) / 2
    }
}
