import MotionCore

// MARK: - AnimationSpelling

/// SwiftUI `Animation` values for the spec's step and implicit animations, in the order SwiftUI
/// applies their modifiers: the base, `.speed(s)`, `.delay(d)` (a delay outside the speed is in
/// real seconds, as the spec keeps it), then a repetition and the start delay around it.
enum AnimationSpelling {
    /// `.easeOut(duration: 0.3)`, `.timingCurve(0.2, 0, 0, 1, duration: 0.4)`, a spring, with speed
    /// and delay.
    static func phaseAnimation(_ animation: PhaseAnimation) -> String {
        var text: String
        switch animation.curve {
        case .bezier(let curve, let duration):
            let d = SwiftLiteral.number(duration)
            if let name = curve.name {
                text = ".\(name)(duration: \(d))"
            } else {
                let p = [curve.p1.x, curve.p1.y, curve.p2.x, curve.p2.y].map(SwiftLiteral.number).joined(separator: ", ")
                text = ".timingCurve(\(p), duration: \(d))"
            }
        case .spring(let spring):
            text = SpringSpelling.animationValue(spring)
        }
        if animation.speed != 1 { text += ".speed(\(SwiftLiteral.number(animation.speed)))" }
        if animation.delay != 0 { text += ".delay(\(SwiftLiteral.number(animation.delay)))" }
        return text
    }

    /// An implicit animation: its run, then `.repeatCount(n, autoreverses:)` or
    /// `.repeatForever(autoreverses:)`, then the start delay.
    static func implicitAnimation(_ animation: ImplicitAnimation) -> String {
        var text = phaseAnimation(animation.run)
        switch animation.repetition {
        case .once: break
        case .count(let n, let reverses): text += ".repeatCount(\(n), autoreverses: \(reverses))"
        case .forever(let reverses): text += ".repeatForever(autoreverses: \(reverses))"
        }
        if animation.startDelay != 0 { text += ".delay(\(SwiftLiteral.number(animation.startDelay)))" }
        return text
    }

    /// A unit curve as a `UnitCurve` value: `.easeIn`, or `.bezier(startControlPoint:endControlPoint:)`.
    static func unitCurve(_ curve: UnitCurve) -> String {
        if let name = curve.name { return ".\(name)" }
        let n: (Double) -> String = { SwiftLiteral.number($0) }
        return ".bezier(startControlPoint: UnitPoint(x: \(n(curve.p1.x)), y: \(n(curve.p1.y))), "
            + "endControlPoint: UnitPoint(x: \(n(curve.p2.x)), y: \(n(curve.p2.y))))"
    }
}
