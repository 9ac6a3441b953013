import MotionCore

// MARK: - LottiePiecewise

/// A value over seconds of the main composition, as contiguous eased pieces from 0 to its end:
/// either a composition's clock (which frame of it plays at each second) or a property as it
/// plays. A piece whose `from` differs from the previous piece's `to` is a jump.
///
/// Precompositions make the clock of their contents a function of the main clock (`st`, `sr`,
/// time remapping, in/out points); composing a property with that function keeps each keyframe
/// segment exact wherever the clock runs linearly, forwards or backwards, which is where haptic
/// events must sit on the keyframe.
struct LottiePiecewise: Sendable {
    struct Piece: Sendable {
        var start: Double
        var end: Double
        var from: Double
        var to: Double
        var curve: UnitCurve

        var isConstant: Bool { from == to }

        /// The value at `time` (start…end).
        func value(at time: Double) -> Double {
            guard end > start else { return to }
            return from + (to - from) * curve.value(at: (time - start) / (end - start))
        }
    }

    var pieces: [Piece]

    /// The main composition's clock: frame `inPoint` at 0 s to `outPoint` at `duration`.
    static func clock(duration: Double, from inPoint: Double, to outPoint: Double) -> LottiePiecewise {
        LottiePiecewise(pieces: duration > 0 ? [Piece(start: 0, end: duration, from: inPoint, to: outPoint, curve: .linear)] : [])
    }

    /// Each value through `transform`, an affine map (`st` and `sr`: (frame − st) / sr), which
    /// keeps every piece's easing.
    func mapped(_ transform: (Double) -> Double) -> LottiePiecewise {
        LottiePiecewise(pieces: pieces.map { Piece(start: $0.start, end: $0.end, from: transform($0.from), to: transform($0.to), curve: $0.curve) })
    }

    /// Every eased piece cut into linear pieces at most `step` seconds long (exact at the cuts).
    /// Composition needs a linear clock; an eased time remapping is followed at this step.
    func linearized(step: Double) -> LottiePiecewise {
        var out: [Piece] = []
        for p in pieces {
            guard !p.curve.isLinear, !p.isConstant else {
                out.append(Piece(start: p.start, end: p.end, from: p.from, to: p.to, curve: .linear))
                continue
            }
            // 1e-9: a whole number of steps must not gain one from rounding (0.5 / (1/240) = 120.000…01).
            let n = max(1, Int(((p.end - p.start) / step - 1e-9).rounded(.up)))
            var previous = p.from
            for k in 1...n {
                let x = Double(k) / Double(n)
                let value = k == n ? p.to : p.from + (p.to - p.from) * p.curve.value(at: x)
                out.append(
                    Piece(
                        start: p.start + (p.end - p.start) * Double(k - 1) / Double(n), end: k == n ? p.end : p.start + (p.end - p.start) * x,
                        from: previous, to: value, curve: .linear))
                previous = value
            }
        }
        return LottiePiecewise(pieces: out)
    }

    /// The linear clock held inside `lower…upper`: a layer shows frames from its in-point to its
    /// out-point only, and outside them it keeps the frame it last showed (or will first show),
    /// so motion while it is hidden is never felt.
    func clamped(_ lower: Double, _ upper: Double) -> LottiePiecewise {
        guard lower > -.infinity || upper < .infinity else { return self }
        var out: [Piece] = []
        for p in pieces {
            var cuts: [Double] = [0, 1]
            if !p.isConstant {
                for bound in [lower, upper] where bound.isFinite {
                    let x = (bound - p.from) / (p.to - p.from)
                    if x > 0 && x < 1 { cuts.append(x) }
                }
            }
            cuts.sort()
            for k in 0..<(cuts.count - 1) where cuts[k + 1] > cuts[k] {
                func at(_ x: Double) -> Double { x == 0 ? p.from : (x == 1 ? p.to : p.from + (p.to - p.from) * x) }
                let a = at(cuts[k]), b = at(cuts[k + 1])
                out.append(
                    Piece(
                        start: p.start + (p.end - p.start) * cuts[k], end: cuts[k + 1] == 1 ? p.end : p.start + (p.end - p.start) * cuts[k + 1],
                        from: min(max(a, lower), upper), to: min(max(b, lower), upper), curve: .linear))
            }
        }
        return LottiePiecewise(pieces: out)
    }

    /// `property` played on `clock` (linear pieces, values in frames): each keyframe segment the
    /// clock runs through becomes one piece with the part of the segment's Bézier it covers,
    /// reversed where the clock runs backwards. Stops past `limit` pieces: a clock that runs back
    /// and forth over many keyframes multiplies them, and the caller refuses that many anyway.
    static func composing(_ property: LottieProperty, with clock: LottiePiecewise, limit: Int = .max) -> LottiePiecewise {
        var out: [Piece] = []
        for p in clock.pieces where p.end > p.start && out.count <= limit {
            if p.isConstant {
                let v = property.value(at: p.from)
                out.append(Piece(start: p.start, end: p.end, from: v, to: v, curve: .linear))
                continue
            }
            let frames = [p.from] + property.boundaries(between: p.from, and: p.to) + [p.to]
            // Multiplied before dividing: frame 42 of 90 in 1.5 s is 0.7 s exactly, as (42 − ip) / fr.
            func seconds(_ f: Double) -> Double { p.start + (f - p.from) * (p.end - p.start) / (p.to - p.from) }
            for k in 0..<(frames.count - 1) {
                let fa = frames[k], fb = frames[k + 1]
                let ta = k == 0 ? p.start : seconds(fa)
                let tb = k == frames.count - 2 ? p.end : seconds(fb)
                out.append(piece(of: property, from: fa, to: fb, start: ta, end: tb))
            }
        }
        return LottiePiecewise(pieces: out)
    }

    /// The part of `property` between frames `fa` and `fb` (inside one segment, or outside them
    /// all) played from `start` to `end` seconds.
    static func piece(of property: LottieProperty, from fa: Double, to fb: Double, start: Double, end: Double) -> Piece {
        guard let i = property.segmentIndex(at: (fa + fb) / 2) else {
            let v = property.value(at: (fa + fb) / 2)
            return Piece(start: start, end: end, from: v, to: v, curve: .linear)
        }
        let s = property.segments[i]
        if s.hold { return Piece(start: start, end: end, from: s.from, to: s.from, curve: .linear) }
        let xa = (fa - s.start) / (s.end - s.start), xb = (fb - s.start) / (s.end - s.start)
        // The ends are the segment's own values there (x = 1 is `to` exactly), so the pieces
        // that meet at a frame meet at one value: a difference in the last bit would be a jump.
        func value(_ x: Double) -> Double { x <= 0 ? s.from : (x >= 1 ? s.to : s.from + (s.to - s.from) * s.curve.value(at: x)) }
        return Piece(start: start, end: end, from: value(xa), to: value(xb), curve: subcurve(s.curve, from: xa, to: xb).curve)
    }

    /// The unit Bézier between time fractions `xa` and `xb` (`xb < xa`: played backwards),
    /// renormalised to the unit square, with the progress at each end. Backwards, the curve is
    /// the forward part turned through the square's centre: y(s) = 1 − y'(1 − s).
    static func subcurve(_ curve: UnitCurve, from xa: Double, to xb: Double) -> (from: Double, to: Double, curve: UnitCurve) {
        let lo = min(max(min(xa, xb), 0), 1), hi = min(max(max(xa, xb), 0), 1)
        var forward: (from: Double, to: Double, curve: UnitCurve)
        if curve.isLinear {
            forward = (lo, hi, .linear)
        } else {
            let left = hi < 1 ? LottieImportContext.splitLeft(curve, at: hi) : (progress: 1, curve: curve)
            let right = lo > 0 && hi > 0 ? LottieImportContext.split(left.curve, at: lo / hi) : (progress: 0, curve: left.curve)
            forward = (right.progress * left.progress, left.progress, right.curve)
        }
        guard xa > xb else { return forward }
        let c = forward.curve
        let reversed = c.isLinear ? UnitCurve.linear : (UnitCurve(x1: 1 - c.p2.x, y1: 1 - c.p2.y, x2: 1 - c.p1.x, y2: 1 - c.p1.y) ?? .linear)
        return (forward.to, forward.from, reversed)
    }

    /// The pieces as a keyframe track's start value and keyframes (a jump is a `move`; runs of
    /// one value are one keyframe).
    func keyframes() -> (initial: Double, keyframes: [Keyframe])? {
        guard let first = pieces.first else { return nil }
        var keyframes: [Keyframe] = []
        var current = first.from
        var lastWasConstant = false
        for p in pieces where p.end > p.start {
            if p.from != current {
                keyframes.append(.move(to: p.from))
                current = p.from
            }
            if p.isConstant, lastWasConstant, case .linear(let to, let d, _)? = keyframes.last, to == p.to {
                keyframes[keyframes.count - 1] = .linear(to: to, duration: d + (p.end - p.start), curve: .linear)
            } else {
                keyframes.append(.linear(to: p.to, duration: p.end - p.start, curve: p.isConstant ? .linear : p.curve))
            }
            current = p.to
            lastWasConstant = p.isConstant
        }
        return keyframes.isEmpty ? nil : (first.from, keyframes)
    }
}
