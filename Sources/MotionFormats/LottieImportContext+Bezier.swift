import MotionCore

// MARK: - Bézier splitting

extension LottieImportContext {
    /// The left part of the unit Bézier up to time fraction `x`, renormalised to the unit
    /// square, and the progress reached there.
    static func splitLeft(_ curve: UnitCurve, at x: Double) -> (progress: Double, curve: UnitCurve) {
        let u = curve.solveParameter(for: x)
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * u }
        let q0 = (lerp(0, curve.p1.x), lerp(0, curve.p1.y)), q1 = (lerp(curve.p1.x, curve.p2.x), lerp(curve.p1.y, curve.p2.y))
        let q2 = (lerp(curve.p2.x, 1), lerp(curve.p2.y, 1))
        let r0 = (q0.0 + (q1.0 - q0.0) * u, q0.1 + (q1.1 - q0.1) * u), r1 = (q1.0 + (q2.0 - q1.0) * u, q1.1 + (q2.1 - q1.1) * u)
        let s = (r0.0 + (r1.0 - r0.0) * u, r0.1 + (r1.1 - r0.1) * u)
        // Left part: (0, 0), q0, r0, s, renormalised so s → (1, 1).
        guard s.0 > 1e-12, abs(s.1) > 1e-12 else { return (s.1, .linear) }
        let c = UnitCurve(x1: q0.0 / s.0, y1: q0.1 / s.1, x2: r0.0 / s.0, y2: r0.1 / s.1) ?? .linear
        return (s.1, c)
    }

    /// Splits the unit Bézier at time fraction `x` and renormalises the right part to the unit
    /// square. Returns the progress reached at the cut and the remaining curve.
    static func split(_ curve: UnitCurve, at x: Double) -> (progress: Double, curve: UnitCurve) {
        let u = curve.solveParameter(for: x)
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * u }
        let p = [(0.0, 0.0), (curve.p1.x, curve.p1.y), (curve.p2.x, curve.p2.y), (1.0, 1.0)]
        let q1 = (lerp(p[1].0, p[2].0), lerp(p[1].1, p[2].1)), q2 = (lerp(p[2].0, p[3].0), lerp(p[2].1, p[3].1))
        let q0 = (lerp(p[0].0, p[1].0), lerp(p[0].1, p[1].1))
        let r0 = (q0.0 + (q1.0 - q0.0) * u, q0.1 + (q1.1 - q0.1) * u), r1 = (q1.0 + (q2.0 - q1.0) * u, q1.1 + (q2.1 - q1.1) * u)
        let s = (r0.0 + (r1.0 - r0.0) * u, r0.1 + (r1.1 - r0.1) * u)
        // Right part: s, r1, q2, (1, 1), renormalised so s → (0, 0).
        let w = 1 - s.0, h = 1 - s.1
        guard w > 1e-12, abs(h) > 1e-12 else { return (s.1, .linear) }
        let c = UnitCurve(x1: (r1.0 - s.0) / w, y1: (r1.1 - s.1) / h, x2: (q2.0 - s.0) / w, y2: (q2.1 - s.1) / h) ?? .linear
        return (s.1, c)
    }
}
