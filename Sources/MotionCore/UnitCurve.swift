// MARK: - UnitCurve

/// A timing curve over unit progress: a cubic Bézier from (0, 0) to (1, 1) through the control
/// points `p1` and `p2`, as SwiftUI's `UnitCurve` and `Animation.timingCurve` define it.
///
/// `value(at:)` maps linear progress x ∈ [0, 1] to eased progress y by solving x(u) = x for the
/// Bézier parameter u (Newton's method guarded by bisection, accurate to 1e-12 in u, so far below
/// the 1e-9 the spec asks of the x-solve) and returning y(u). `velocity(at:)` is dy/dx at x.
/// Both are O(log(1/ε)) per call and allocate nothing.
public struct UnitCurve: Hashable, Sendable, CustomStringConvertible, Codable {
    /// First control point (x must lie in [0, 1]; y is free and may overshoot).
    public let p1: (x: Double, y: Double)
    /// Second control point (x must lie in [0, 1]; y is free and may overshoot).
    public let p2: (x: Double, y: Double)
    /// The name of the named curve with these control points (`easeIn`, …) or `nil` for a custom
    /// Bézier. Derived from the points, so the curve stays plain numbers (copies are free).
    public var name: String? {
        let points = [p1.x, p1.y, p2.x, p2.y]
        return Self.namedPoints.first { $0.1 == points }?.0
    }

    /// A Bézier curve with control points (x1, y1) and (x2, y2). Returns `nil` when x1 or x2 lies
    /// outside [0, 1] or any coordinate is not finite (x(u) would not be a function of progress).
    public init?(x1: Double, y1: Double, x2: Double, y2: Double) {
        guard x1.isFinite && y1.isFinite && x2.isFinite && y2.isFinite, (0...1).contains(x1), (0...1).contains(x2) else { return nil }
        // Control points equal to a named curve's take its name (so it prints and stores as such).
        self.init(unchecked: (x1, y1), (x2, y2))
    }

    private init(unchecked p1: (Double, Double), _ p2: (Double, Double)) {
        self.p1 = p1
        self.p2 = p2
    }

    // MARK: Named curves (control points from SwiftUI's UnitCurve documentation)

    public static let linear = UnitCurve(unchecked: (0, 0), (1, 1))
    public static let easeIn = UnitCurve(unchecked: (0.42, 0), (1, 1))
    public static let easeOut = UnitCurve(unchecked: (0, 0), (0.58, 1))
    public static let easeInOut = UnitCurve(unchecked: (0.42, 0), (0.58, 1))

    static let namedPoints: [(String, [Double])] = [
        ("linear", [0, 0, 1, 1]), ("easeIn", [0.42, 0, 1, 1]), ("easeOut", [0, 0, 0.58, 1]), ("easeInOut", [0.42, 0, 0.58, 1]),
    ]

    /// The named curves by the names the spec format uses.
    public static let named: [String: UnitCurve] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
    ]

    /// True for the identity curve; evaluated exactly rather than through the Bézier solve.
    public var isLinear: Bool { p1.x == p1.y && p2.x == p2.y }

    public var description: String { name ?? "bezier(\(p1.x), \(p1.y), \(p2.x), \(p2.y))" }

    public static func == (a: UnitCurve, b: UnitCurve) -> Bool {
        a.p1 == b.p1 && a.p2 == b.p2
    }

    /// Coded as its four control-point coordinates `[x1, y1, x2, y2]` (how the Swift-source
    /// reader's process hands curves to motionsync); decoding applies `init?(x1:y1:x2:y2:)`'s checks.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([p1.x, p1.y, p2.x, p2.y])
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let c = try container.decode([Double].self)
        guard c.count == 4, let curve = UnitCurve(x1: c[0], y1: c[1], x2: c[2], y2: c[3]) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a unit curve is four numbers [x1, y1, x2, y2] with x1, x2 in [0, 1]")
        }
        self = curve
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(p1.x)
        hasher.combine(p1.y)
        hasher.combine(p2.x)
        hasher.combine(p2.y)
    }

    // MARK: Evaluation

    /// Eased progress at linear progress `x` (clamped to [0, 1]).
    public func value(at x: Double) -> Double {
        if isLinear { return min(max(x, 0), 1) }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.bezier(solveParameter(for: x), p1.y, p2.y)
    }

    /// `value(at:)` and `velocity(at:)` together, from one solve of the Bézier parameter.
    public func progress(at x: Double) -> (value: Double, velocity: Double) {
        if isLinear { return (min(max(x, 0), 1), 1) }
        let u = x <= 0 ? 0 : (x >= 1 ? 1 : solveParameter(for: x))
        let value = x <= 0 ? 0 : (x >= 1 ? 1 : Self.bezier(u, p1.y, p2.y))
        return (value, slope(atParameter: u))
    }

    /// dy/dx at linear progress `x` (clamped to [0, 1]). Where dx/du vanishes (a control point on
    /// the end point, as in `easeIn` at x = 1) the limit is taken by l'Hôpital's rule: y''/x''.
    public func velocity(at x: Double) -> Double {
        if isLinear { return 1 }
        return slope(atParameter: x <= 0 ? 0 : (x >= 1 ? 1 : solveParameter(for: x)))
    }

    /// dy/dx at the Bézier parameter u.
    func slope(atParameter u: Double) -> Double {
        let dx = Self.derivative(u, p1.x, p2.x)
        let dy = Self.derivative(u, p1.y, p2.y)
        if abs(dx) > 1e-9 { return dy / dx }
        let ddx = Self.secondDerivative(u, p1.x, p2.x)
        let ddy = Self.secondDerivative(u, p1.y, p2.y)
        if abs(ddx) > 1e-12 { return ddy / ddx }
        // Both first and second derivatives vanish: third-derivative ratio (constant for a cubic).
        let dddx = 6 * (1 - 3 * p2.x + 3 * p1.x)
        let dddy = 6 * (1 - 3 * p2.y + 3 * p1.y)
        return abs(dddx) > 1e-12 ? dddy / dddx : 1
    }

    /// The Bézier parameter u ∈ [0, 1] with x(u) = x, to about 1e-12. x(u) is non-decreasing
    /// because both x control values lie in [0, 1], so the bracket [lo, hi] always holds the root
    /// and bisection is the fallback; Newton steps on x(u) in Horner form (expanded once per call)
    /// do the work, and a step under 1e-10 ends it (the next error is of order its square).
    /// About four evaluations for the usual eases. Sampling spends most of its time here. Inlined
    /// into its callers: as a call it cost them their live registers.
    public func solveParameter(for x: Double) -> Double {
        // x(u) = ((a u + b) u + c) u: the Bernstein form 3(1−u)²u p1 + 3(1−u)u² p2 + u³ expanded.
        let c = 3 * p1.x, b = 3 * (p2.x - p1.x) - c, a = 1 - c - b
        var lo = 0.0, hi = 1.0
        var u = x
        for _ in 0..<100 {
            let fx = ((a * u + b) * u + c) * u - x
            if abs(fx) < 1e-14 { return u }
            if fx > 0 { hi = u } else { lo = u }
            let d = (3 * a * u + 2 * b) * u + c
            var next = d > 1e-9 ? u - fx / d : (lo + hi) / 2
            if !(next > lo && next < hi) {
                next = (lo + hi) / 2
            } else if abs(next - u) < 1e-10 {
                return next
            }
            if hi - lo < 1e-13 { return next }
            u = next
        }
        return u
    }

    // MARK: Turning points of the velocity

    /// Linear progress values x in (0, 1) where dy/dx turns (an extremum of the eased velocity) or
    /// is singular (dx/du = 0 inside), in order: between two of them the curve's velocity is
    /// monotone. With x(u), y(u) the Bézier's coordinates, d(dy/dx)/dx = (y''x' − y'x'')/x'³ and
    /// the numerator is a quadratic in u (its cubic terms cancel), so the turns are its roots,
    /// mapped through x(u). O(1).
    public var velocityTurns: [Double] {
        if isLinear { return [] }
        // The named curves' turns, worked out once (the same computation, below).
        if let k = Self.namedCurves.firstIndex(where: { $0.hasSamePoints(as: self) }) { return Self.namedTurns[k] }
        return computedVelocityTurns
    }

    /// The named Bézier curves (not `linear`, which has no turns) and their velocity turns.
    private static let namedCurves: [UnitCurve] = [.easeIn, .easeOut, .easeInOut]
    private static let namedTurns: [[Double]] = namedCurves.map { $0.computedVelocityTurns }

    /// The same control points, bit for bit.
    private func hasSamePoints(as other: UnitCurve) -> Bool {
        p1.x.bitPattern == other.p1.x.bitPattern && p1.y.bitPattern == other.p1.y.bitPattern
            && p2.x.bitPattern == other.p2.x.bitPattern && p2.y.bitPattern == other.p2.y.bitPattern
    }

    private var computedVelocityTurns: [Double] {
        // x'(u) = ax u² + bx u + cx, likewise y'.
        let ax = 9 * p1.x - 9 * p2.x + 3, bx = 6 * p2.x - 12 * p1.x, cx = 3 * p1.x
        let ay = 9 * p1.y - 9 * p2.y + 3, by = 6 * p2.y - 12 * p1.y, cy = 3 * p1.y
        var us = Self.quadraticRoots(ay * bx - ax * by, 2 * (ay * cx - ax * cy), by * cx - cy * bx)
        us += Self.quadraticRoots(ax, bx, cx)
        var turns = us.filter { $0 > 1e-12 && $0 < 1 - 1e-12 }.map { Self.bezier($0, p1.x, p2.x) }.filter { $0 > 0 && $0 < 1 }
        turns.sortRemovingRepeats()
        return turns
    }

    /// Bounds on d²y/dx² over linear progress [from, to] ⊂ (0, 1), rigorous and tight as the
    /// interval shrinks: d²y/dx² = N(u)/x'(u)³ where N = y''x' − y'x'' is a quadratic in the
    /// Bézier parameter (the cubic terms cancel) and x' a quadratic ≥ 0, so each has its exact
    /// range over [u(from), u(to)] (ends and vertex) and the quotient is bounded from them. nil
    /// where x' reaches 0 (the slope is singular there). O(1) plus two parameter solves.
    public func secondDerivativeRange(from: Double, to: Double) -> (min: Double, max: Double)? {
        if isLinear { return (0, 0) }
        let ua = solveParameter(for: min(max(from, 0), 1)), ub = solveParameter(for: min(max(to, 0), 1))
        let ax = 9 * p1.x - 9 * p2.x + 3, bx = 6 * p2.x - 12 * p1.x, cx = 3 * p1.x
        let ay = 9 * p1.y - 9 * p2.y + 3, by = 6 * p2.y - 12 * p1.y, cy = 3 * p1.y
        let (nLow, nHigh) = Self.quadraticRange(ay * bx - ax * by, 2 * (ay * cx - ax * cy), by * cx - cy * bx, from: ua, to: ub)
        let (dLow, dHigh) = Self.quadraticRange(ax, bx, cx, from: ua, to: ub)
        guard dLow > 1e-9 else { return nil }
        let small = dLow * dLow * dLow, large = dHigh * dHigh * dHigh
        if nLow >= 0 { return (nLow / large, nHigh / small) }
        if nHigh <= 0 { return (nLow / small, nHigh / large) }
        return (nLow / small, nHigh / small)
    }

    /// d²y/dx² at linear progress x ∈ (0, 1): N(u)/x'(u)³ with N = y''x' − y'x'' (see
    /// `secondDerivativeRange`). nil where x' vanishes (the slope is singular). O(one parameter solve).
    public func secondDerivative(at x: Double) -> Double? {
        slopeAndCurvature(at: x).curvature
    }

    /// Bounds on d³y/dx³ over linear progress [from, to] ⊂ (0, 1), rigorous and tight as the
    /// interval shrinks: d/dx (N/x'³) = (N'x' − 3N x'')/x'⁵, whose numerator M is a cubic in the
    /// Bézier parameter with its exact range over [u(from), u(to)] (ends and the roots of M', a
    /// quadratic), and x' a quadratic > 0 there; the quotient is bounded from both ranges. nil
    /// where x' reaches 0. O(1) plus two parameter solves.
    public func thirdDerivativeRange(from: Double, to: Double) -> (min: Double, max: Double)? {
        if isLinear { return (0, 0) }
        let ua = solveParameter(for: min(max(from, 0), 1)), ub = solveParameter(for: min(max(to, 0), 1))
        let ax = 9 * p1.x - 9 * p2.x + 3, bx = 6 * p2.x - 12 * p1.x, cx = 3 * p1.x
        let ay = 9 * p1.y - 9 * p2.y + 3, by = 6 * p2.y - 12 * p1.y, cy = 3 * p1.y
        // N = nA u² + nB u + nC; M = N'x' − 3N x'' = m3 u³ + m2 u² + m1 u + m0.
        let nA = ay * bx - ax * by, nB = 2 * (ay * cx - ax * cy), nC = by * cx - cy * bx
        let m3 = -4 * nA * ax, m2 = -nA * bx - 5 * nB * ax, m1 = 2 * nA * cx - 2 * nB * bx - 6 * nC * ax, m0 = nB * cx - 3 * nC * bx
        let cubic = { (u: Double) in ((m3 * u + m2) * u + m1) * u + m0 }
        var mLow = min(cubic(ua), cubic(ub)), mHigh = max(cubic(ua), cubic(ub))
        let turns = Self.quadraticRootPair(3 * m3, 2 * m2, m1)
        for k in 0..<turns.count {
            let u = k == 0 ? turns.first : turns.second
            guard u > ua && u < ub else { continue }
            mLow = min(mLow, cubic(u))
            mHigh = max(mHigh, cubic(u))
        }
        let (dLow, dHigh) = Self.quadraticRange(ax, bx, cx, from: ua, to: ub)
        guard dLow > 1e-9 else { return nil }
        // Rounding in M's coefficients: widen by a relative 1e-12 of their size.
        let slack = 1e-12 * (abs(m3) + abs(m2) + abs(m1) + abs(m0))
        mLow -= slack
        mHigh += slack
        let small = dLow * dLow * dLow * dLow * dLow, large = dHigh * dHigh * dHigh * dHigh * dHigh
        if mLow >= 0 { return (mLow / large, mHigh / small) }
        if mHigh <= 0 { return (mLow / small, mHigh / large) }
        return (mLow / small, mHigh / small)
    }

    /// The least and greatest value of a u² + b u + c over [ua, ub]: its ends and its vertex when
    /// inside, compared as `min` and `max` compare (no array). O(1).
    static func quadraticRange(_ a: Double, _ b: Double, _ c: Double, from ua: Double, to ub: Double) -> (Double, Double) {
        let first = a * ua * ua + b * ua + c, second = a * ub * ub + b * ub + c
        var low = first, high = first
        if second < low { low = second }
        if high < second { high = second }
        if a != 0 {
            let v = -b / (2 * a)
            if v > ua && v < ub {
                let vertex = a * v * v + b * v + c
                if vertex < low { low = vertex }
                if high < vertex { high = vertex }
            }
        }
        return (low, high)
    }

    /// Real roots of a u² + b u + c (a linear or constant equation when a vanishes), computed
    /// without cancellation: `quadraticRootPair` as an array.
    static func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let roots = quadraticRootPair(a, b, c)
        switch roots.count {
        case 0: return []
        case 1: return [roots.first]
        default: return [roots.first, roots.second]
        }
    }

    // MARK: Bernstein form with end points 0 and 1

    static func bezier(_ u: Double, _ c1: Double, _ c2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * c1 + 3 * v * u * u * c2 + u * u * u
    }

    static func derivative(_ u: Double, _ c1: Double, _ c2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * c1 + 6 * v * u * (c2 - c1) + 3 * u * u * (1 - c2)
    }

    static func secondDerivative(_ u: Double, _ c1: Double, _ c2: Double) -> Double {
        6 * (1 - u) * (c2 - 2 * c1) + 6 * u * (1 - 2 * c2 + c1)
    }
}
