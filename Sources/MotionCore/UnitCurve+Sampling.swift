// MARK: - UnitCurve: easing many progress values

extension UnitCurve {
    /// Replaces each linear progress x in `xs[range]` by `value(at: x)`, bit for bit; the values
    /// outside `range` are left as they are. Four values at a time go through `solveParameter`'s
    /// iteration in SIMD lanes: every lane performs the same IEEE operations in the same order as
    /// the scalar solve, a lane stopping (its result kept) exactly where the scalar solve would
    /// return, so the lanes' results equal four scalar solves; the four divisions and evaluations
    /// overlap instead of waiting on each other. O(range · iterations).
    func replaceWithEasedValues(_ xs: inout [Double], in range: Range<Int>) {
        if isLinear {
            for k in range { xs[k] = min(max(xs[k], 0), 1) }
            return
        }
        let solver = ParameterSolver(self)
        var k = range.lowerBound
        while k + 4 <= range.upperBound {
            let x = SIMD4(xs[k], xs[k + 1], xs[k + 2], xs[k + 3])
            if all((x .> 0) .& (x .< 1)) {
                let y = Self.bezier(solver.solve(x), p1.y, p2.y)
                for lane in 0..<4 { xs[k + lane] = y[lane] }
            } else {
                for lane in 0..<4 { xs[k + lane] = value(at: x[lane]) }
            }
            k += 4
        }
        while k < range.upperBound {
            xs[k] = value(at: xs[k])
            k += 1
        }
    }

    /// `bezier(_:_:_:)` in lanes: the same products and sums in the same order.
    static func bezier(_ u: SIMD4<Double>, _ c1: Double, _ c2: Double) -> SIMD4<Double> {
        let three = SIMD4<Double>(repeating: 3)
        let v: SIMD4<Double> = 1 - u
        let first: SIMD4<Double> = three * v * v * u * c1
        let second: SIMD4<Double> = three * v * u * u * c2
        let third: SIMD4<Double> = u * u * u
        return first + second + third
    }

    // MARK: ParameterSolver

    /// `solveParameter(for:)` for four progress values in (0, 1) at once.
    struct ParameterSolver {
        /// x(u) = ((a u + b) u + c) u, with `solveParameter`'s coefficients.
        let a: Double, b: Double, c: Double
        /// 3a and 2b, the derivative's coefficients, rounded as `solveParameter` rounds them.
        let a3: Double, b2: Double

        init(_ curve: UnitCurve) {
            c = 3 * curve.p1.x
            b = 3 * (curve.p2.x - curve.p1.x) - c
            a = 1 - c - b
            a3 = 3 * a
            b2 = 2 * b
        }

        /// The parameters u with x(u) = x per lane, each equal to `solveParameter(for:)` of its
        /// lane bit for bit (every x in (0, 1)). At most 100 rounds, as the scalar solve.
        func solve(_ x: SIMD4<Double>) -> SIMD4<Double> {
            var lo = SIMD4<Double>(repeating: 0), hi = SIMD4<Double>(repeating: 1)
            var u = x
            var result = x
            var active = SIMDMask<SIMD4<Int64>>(repeating: true)
            for _ in 0..<100 {
                let fx: SIMD4<Double> = ((a * u + b) * u + c) * u - x
                // |fx| < 1e-14: return u (|v| < e written as −e < v < e, the same test).
                let close = active .& (fx .< 1e-14) .& (fx .> -1e-14)
                result.replace(with: u, where: close)
                active = active .& .!close
                if !any(active) { return result }
                let above = fx .> 0
                hi.replace(with: u, where: above)
                lo.replace(with: u, where: .!above)
                let d: SIMD4<Double> = (a3 * u + b2) * u + c
                let middle = (lo + hi) / 2
                var next = u - fx / d
                next.replace(with: middle, where: .!(d .> 1e-9))
                let inside = (next .> lo) .& (next .< hi)
                next.replace(with: middle, where: .!inside)
                // Inside the bracket, a step under 1e-10 returns next.
                let step = next - u
                let converged = active .& inside .& (step .< 1e-10) .& (step .> -1e-10)
                result.replace(with: next, where: converged)
                active = active .& .!converged
                // A bracket under 1e-13 returns next.
                let narrow = active .& ((hi - lo) .< 1e-13)
                result.replace(with: next, where: narrow)
                active = active .& .!narrow
                if !any(active) { return result }
                u = next
            }
            result.replace(with: u, where: active)
            return result
        }
    }
}
