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
    ///
    /// - Parameter start: the first point, where the caller knows a better one than the secant
    ///   point (inside the bracket; else the secant point).
    static func solve(
        _ l: Double, _ h: Double, _ fl: Double, _ fh: Double, tolerance: Double, start: Double? = nil, _ f: (Double) -> (value: Double, slope: Double)
    ) -> Double {
        iterate(l, h, fl, fh, tolerance: tolerance, order: 2, start: start) { x in
            let y = f(x)
            return (y.value, y.slope, 0)
        }
    }

    /// The safeguarded iteration of `solve` and of `SafeguardedHalley.solve`: Newton's step
    /// (order 2, f″ not used) or Halley's where its correction factor is in [½, 2] (order 3),
    /// stopped early once two steps of that order in a row show the convergence that puts the
    /// last within the tolerance (the error left s₂^order+1 / s₁^order, under a sixteenth of it).
    static func iterate(
        _ l: Double, _ h: Double, _ fl: Double, _ fh: Double, tolerance: Double, order: Int, start: Double? = nil,
        _ f: (Double) -> (value: Double, slope: Double, curvature: Double)
    ) -> Double {
        var a = l, b = h
        // The sign at `a` decides the side (the end values may underflow to 0).
        let negativeAtA = fl < 0
        var x = start ?? (a * fh - b * fl) / (fh - fl)
        if !(x > a && x < b) { x = (a + b) / 2 }
        var previousStep = b - a
        // The last step when it was of the method's order (0 after a bisection, or a Newton step
        // of Halley's method: no rate of convergence known).
        var orderedStep = 0.0
        var firstStep = true
        for _ in 0..<100 {
            defer { firstStep = false }
            let (fx, slope, curvature) = f(x)
            if fx == 0 { return x }
            if (fx < 0) == negativeAtA { a = x } else { b = x }
            if b - a <= tolerance { return (a + b) / 2 }
            let newton = fx / slope
            // Halley's correction 1/(1 − f f″/(2f′²)), where it is moderate (order 3 only).
            let factor = order == 3 ? 1 - newton * curvature / (2 * slope) : 1
            let isOrdered = factor >= 0.5 && factor <= 2
            var next = isOrdered ? x - newton / factor : x - newton
            let step = abs(next - x)
            // Converged: the step is under the tolerance (or under x's last bit, so that x itself
            // comes back, on the bracket's end it has just become). Bisecting the bracket there
            // would take some 25 more evaluations to the same answer.
            if step < tolerance && next >= a && next <= b { return next }
            if !(next > a && next < b) || step > previousStep / 2 {
                next = (a + b) / 2
                previousStep = b - a
                orderedStep = 0
            } else {
                // The convergence seen: the error left after this step is already under the
                // tolerance (s³/s₁² for Newton's method, s⁴/s₁³ for Halley's).
                if isOrdered && orderedStep > 0 && step < 1e-4 {
                    let left = order == 3 ? step * step * step * step : step * step * step
                    let scale = order == 3 ? orderedStep * orderedStep * orderedStep : orderedStep * orderedStep
                    if left < tolerance / 16 * scale { return next }
                }
                previousStep = step
                // (A first step from a given start is not taken as a measure of the rate: the
                // start may lie outside the region where the convergence is quadratic.)
                orderedStep = isOrdered && !(start != nil && firstStep) ? step : 0
            }
            x = next
        }
        return (a + b) / 2
    }
}
