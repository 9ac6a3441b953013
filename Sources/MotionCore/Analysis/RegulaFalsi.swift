// MARK: - RegulaFalsi

/// The bracketed root solver of the analysis (internal).
enum RegulaFalsi {
    /// For f with f(l) = fl and f(h) = fh of opposite signs and one zero in [l, h] (s): a time
    /// within `tolerance` (s) of it (the midpoint of the final bracket, or an exact zero).
    /// Regula falsi with the Anderson–Björck modification (order ≈ 1.7, against Illinois' 1.44),
    /// bisecting when a step leaves the bracket, and an end nudge: once a step moves an end by
    /// less than the tolerance, the next point is put half the tolerance past it, so the bracket
    /// closes around the root instead of creeping up on it from one side. Safeguards: the side is
    /// read from the sign at `l` (scaled end values may underflow), a step bisects when four
    /// steps have not halved the bracket, and after 40 steps only bisection is used (a root of
    /// high multiplicity). About 8 evaluations of f on smooth functions from a unit bracket to
    /// 1e-10 (Illinois: 9.4), at most about 75.
    static func solve(_ l: Double, _ h: Double, _ fl: Double, _ fh: Double, tolerance: Double, _ f: (Double) -> Double) -> Double {
        var a = l, b = h, fa = fl, fb = fh
        // The sign at `a` decides the side (the scaled end values may underflow to 0).
        let negativeAtA = fl < 0
        // -1: `a` was replaced last, +1: `b` was.
        var side = 0
        var nudge = false, nudged = false
        // Every 4 steps the bracket must have halved; otherwise the next step bisects.
        var checkpoint = b - a, steps = 0
        for iteration in 0..<200 {
            if b - a <= tolerance { break }
            var c = (a * fb - b * fa) / (fb - fa)
            // Past 40 steps (a root of high multiplicity, ends scaled to nothing): bisection only.
            if !(c > a && c < b) || iteration >= 40 { c = (a + b) / 2 }
            steps += 1
            if steps == 4 {
                steps = 0
                let slow = b - a > checkpoint / 2
                checkpoint = b - a
                if slow {
                    c = (a + b) / 2
                    nudge = false
                }
            }
            if iteration >= 40 {
                nudge = false
            }
            if nudge && !nudged {
                // The last step moved an end by less than the tolerance: the root is just past it.
                c = side == -1 ? min(a + tolerance / 2, (a + b) / 2) : max(b - tolerance / 2, (a + b) / 2)
                nudged = true
            } else {
                nudged = false
            }
            let fc = f(c)
            if fc == 0 { return c }
            if (fc < 0) == negativeAtA {
                nudge = c - a < tolerance
                if side == -1 {
                    let m = 1 - fc / fa
                    fb *= m > 0 ? m : 0.5
                }
                a = c
                fa = fc
                side = -1
            } else {
                nudge = b - c < tolerance
                if side == 1 {
                    let m = 1 - fc / fb
                    fa *= m > 0 ? m : 0.5
                }
                b = c
                fb = fc
                side = 1
            }
        }
        return (a + b) / 2
    }

    /// For g non-decreasing on [l, h] (s, or any unit; jumps allowed) with g(l) = gl ≤ 0 < g(h) = gh:
    /// the bracket [a, b] with g(a) ≤ 0 < g(b) and b − a ≤ `relativeTolerance` · b, and the
    /// payloads g returned there (what the caller computed on the way, kept so it is not
    /// computed again; g is also handed the payloads of the current bracket's ends). The steps of `solve` (Anderson–Björck, the end nudge, the same
    /// safeguards), with g = 0 on the left. O(log log) evaluations where g is smooth, O(log) where
    /// it jumps.
    static func bracket<Payload>(
        _ l: Double, _ h: Double, _ gl: Double, _ gh: Double, _ pl: Payload, _ ph: Payload,
        relativeTolerance: Double, _ g: (Double, Payload, Payload) -> (Double, Payload)
    ) -> (a: Double, b: Double, pa: Payload, pb: Payload) {
        var a = l, b = h, ga = gl, gb = gh, pa = pl, pb = ph
        var side = 0
        var nudge = false, nudged = false
        var checkpoint = b - a, steps = 0
        for iteration in 0..<200 {
            let tolerance = relativeTolerance * max(1e-300, b)
            if b - a <= tolerance { break }
            var c = (a * gb - b * ga) / (gb - ga)
            if !(c > a && c < b) || iteration >= 40 { c = (a + b) / 2 }
            steps += 1
            if steps == 4 {
                steps = 0
                let slow = b - a > checkpoint / 2
                checkpoint = b - a
                if slow {
                    c = (a + b) / 2
                    nudge = false
                }
            }
            if iteration >= 40 { nudge = false }
            if nudge && !nudged {
                c = side == -1 ? min(a + tolerance / 2, (a + b) / 2) : max(b - tolerance / 2, (a + b) / 2)
                nudged = true
            } else {
                nudged = false
            }
            let (gc, pc) = g(c, pa, pb)
            if gc <= 0 {
                nudge = c - a < tolerance
                if side == -1 {
                    let m = gc < 0 && ga < 0 ? 1 - gc / ga : 0.5
                    gb *= m > 0 ? m : 0.5
                }
                a = c
                ga = gc
                pa = pc
                side = -1
            } else {
                nudge = b - c < tolerance
                if side == 1 {
                    let m = 1 - gc / gb
                    ga *= m > 0 ? m : 0.5
                }
                b = c
                gb = gc
                pb = pc
                side = 1
            }
        }
        return (a, b, pa, pb)
    }
}
