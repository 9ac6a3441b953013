// MARK: - UnitCurve: where the slope takes a value

extension UnitCurve {
    /// The linear progress x ∈ [from, to] ⊂ [0, 1] where the slope dy/dx equals `slope`, in closed
    /// form: with x(u), y(u) the Bézier's coordinates, dy/dx = y'(u)/x'(u), so the slope equals s
    /// where y'(u) − s·x'(u) = 0, a quadratic in the parameter u (each root is polished by one
    /// Newton step on that quadratic, which removes the cancellation a near-double root leaves),
    /// then x = x(u). The caller's interval is one stretch of monotone slope that crosses `slope`,
    /// so one root maps into it; nil when none or two do (an interval that is not such a stretch,
    /// or rounding at its ends), and for the identity curve (its slope is 1 everywhere). The
    /// result is clamped to [from, to]. O(1): no parameter solve.
    public func progress(whereSlopeIs slope: Double, from: Double, to: Double) -> Double? {
        guard !isLinear, slope.isFinite, from <= to else { return nil }
        // x'(u) = ax u² + bx u + cx, likewise y' (the Bernstein derivative expanded).
        let ax = 9 * p1.x - 9 * p2.x + 3, bx = 6 * p2.x - 12 * p1.x, cx = 3 * p1.x
        let ay = 9 * p1.y - 9 * p2.y + 3, by = 6 * p2.y - 12 * p1.y, cy = 3 * p1.y
        let a = ay - slope * ax, b = by - slope * bx, c = cy - slope * cx
        // A progress within rounding of the interval counts as inside it.
        let slack = 1e-12
        return Self.uniqueRoot(a, b, c) { u in
            guard u >= -slack, u <= 1 + slack, Self.derivative(min(max(u, 0), 1), p1.x, p2.x) > 0 else { return nil }
            let x = Self.bezier(min(max(u, 0), 1), p1.x, p2.x)
            return x >= from - slack && x <= to + slack ? x : nil
        }.map { min(max($0, from), to) }
    }

    /// The one root r of a u² + b u + c for which `accept(r)` gives a value, and that value: each
    /// real root polished by one Newton step on the quadratic (which removes the cancellation a
    /// near-double root leaves; a step of 1e-6 or more is not a correction and is not taken). nil
    /// when no root is accepted, or two with different values are. O(1).
    static func uniqueRoot(_ a: Double, _ b: Double, _ c: Double, _ accept: (Double) -> Double?) -> Double? {
        let roots = quadraticRootPair(a, b, c)
        var found: Double?
        for k in 0..<roots.count {
            var r = k == 0 ? roots.first : roots.second
            let slope = 2 * a * r + b
            if slope != 0 {
                let polished = r - ((a * r + b) * r + c) / slope
                if polished.isFinite && abs(polished - r) < 1e-6 { r = polished }
            }
            guard let value = accept(r) else { continue }
            if let other = found, other != value { return nil }
            found = value
        }
        return found
    }

    /// dy/dx at linear progress x ∈ (0, 1), bit for bit as `progress(at:)` gives it, and d²y/dx²
    /// from the same parameter solve (nil where dx/du vanishes: the slope is singular there).
    /// O(one parameter solve).
    func slopeAndCurvature(at x: Double) -> (slope: Double, curvature: Double?) {
        if isLinear { return (1, 0) }
        let u = x <= 0 ? 0 : (x >= 1 ? 1 : solveParameter(for: x))
        let slope = slope(atParameter: u)
        let dx = Self.derivative(u, p1.x, p2.x)
        guard dx > 1e-9 else { return (slope, nil) }
        let n = Self.secondDerivative(u, p1.y, p2.y) * dx - Self.derivative(u, p1.y, p2.y) * Self.secondDerivative(u, p1.x, p2.x)
        return (slope, n / (dx * dx * dx))
    }

    /// d²y/dx² and d³y/dx³ at linear progress x ∈ (0, 1), from one parameter solve: with N =
    /// y″x′ − y′x″ (the curvature's numerator) and N′ = y‴x′ − y′x‴ its derivative in u,
    /// d²y/dx² = N/x′³ and d³y/dx³ = (N′x′ − 3N x″)/x′⁵. nil where dx/du is under 1e-9 (the
    /// slope is singular there), as `slopeAndCurvature`. O(one parameter solve).
    func curvatureAndJerk(at x: Double) -> (curvature: Double, jerk: Double)? {
        if isLinear { return (0, 0) }
        return curvatureAndJerk(atParameter: x <= 0 ? 0 : (x >= 1 ? 1 : solveParameter(for: x)))
    }

    /// dy/dx at linear progress x ∈ (0, 1), bit for bit as `slopeAndCurvature(at:)` gives it, with
    /// d²y/dx² and d³y/dx³ from the same parameter solve (`curvatureAndJerk(at:)`; nil where dx/du
    /// is under 1e-9). O(one parameter solve).
    func slopeCurvatureAndJerk(at x: Double) -> (slope: Double, curvature: Double?, jerk: Double?) {
        if isLinear { return (1, 0, 0) }
        let u = x <= 0 ? 0 : (x >= 1 ? 1 : solveParameter(for: x))
        let derivatives = curvatureAndJerk(atParameter: u)
        return (slope(atParameter: u), derivatives?.curvature, derivatives?.jerk)
    }

    /// d²y/dx² and d³y/dx³ at the Bézier parameter u (`curvatureAndJerk(at:)`).
    private func curvatureAndJerk(atParameter u: Double) -> (curvature: Double, jerk: Double)? {
        let dx = Self.derivative(u, p1.x, p2.x)
        guard dx > 1e-9 else { return nil }
        let dy = Self.derivative(u, p1.y, p2.y)
        let ddx = Self.secondDerivative(u, p1.x, p2.x), ddy = Self.secondDerivative(u, p1.y, p2.y)
        // The Bernstein cubic's third derivative is constant: 6(1 + 3c1 − 3c2).
        let dddx = 6 * (1 + 3 * p1.x - 3 * p2.x), dddy = 6 * (1 + 3 * p1.y - 3 * p2.y)
        let n = ddy * dx - dy * ddx, dn = dddy * dx - dy * dddx
        let cube = dx * dx * dx
        return (n / cube, (dn * dx - 3 * n * ddx) / (cube * dx * dx))
    }

    /// The real roots of a u² + b u + c without cancellation (a linear equation when a vanishes
    /// against b and c), as `quadraticRoots` but without an array: `count` of them (0, 1 or 2).
    static func quadraticRootPair(_ a: Double, _ b: Double, _ c: Double) -> (count: Int, first: Double, second: Double) {
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return (0, 0, 0) }
        if abs(a) <= 1e-14 * scale {
            return abs(b) <= 1e-14 * scale ? (0, 0, 0) : (1, -c / b, 0)
        }
        let disc = b * b - 4 * a * c
        guard disc >= 0 else { return (0, 0, 0) }
        let q = -0.5 * (b + (b >= 0 ? 1 : -1) * disc.squareRoot())
        return q != 0 ? (2, q / a, c / q) : (1, q / a, 0)
    }
}
