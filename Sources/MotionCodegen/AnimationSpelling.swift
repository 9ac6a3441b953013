import MotionCore

// MARK: - AnimationSpelling

/// SwiftUI `Animation` values for the spec's step and implicit animations, in the order SwiftUI
/// applies their modifiers: the base, `.speed(s)`, `.delay(d)` (a delay outside the speed is in
/// real seconds, as the spec keeps it), then a repetition and the start delay around it.
enum AnimationSpelling {
    /// `.easeOut(duration: 0.3)`, `.timingCurve(0.2, 0, 0, 1, duration: 0.4)`, a spring, with speed
    /// and delay.
    static func phaseAnimation(_ animation: PhaseAnimation) -> SwiftChain {
        let base: SwiftCall.Argument
        switch animation.curve {
        case .bezier(let curve, let duration):
            let d = SwiftLiteral.number(duration)
            if let name = curve.name {
                base = .call(label: nil, SwiftCall(".\(name)", [.atom("duration: \(d)")]))
            } else {
                let p = [curve.p1.x, curve.p1.y, curve.p2.x, curve.p2.y].map { SwiftCall.Argument.atom(SwiftLiteral.number($0)) }
                base = .call(label: nil, SwiftCall(".timingCurve", p + [.atom("duration: \(d)")]))
            }
        case .spring(let spring):
            base = SpringSpelling.animationValue(spring)
        }
        var links: [String] = []
        if animation.speed != 1 { links.append(".speed(\(SwiftLiteral.number(animation.speed)))") }
        if animation.delay != 0 { links.append(".delay(\(SwiftLiteral.number(animation.delay)))") }
        return SwiftChain(base: base, links: links)
    }

    /// An implicit animation: its run, then `.repeatCount(n, autoreverses:)` or
    /// `.repeatForever(autoreverses:)`, then the start delay.
    static func implicitAnimation(_ animation: ImplicitAnimation) -> SwiftChain {
        var chain = phaseAnimation(animation.run)
        switch animation.repetition {
        case .once: break
        case .count(let n, let reverses): chain.links.append(".repeatCount(\(n), autoreverses: \(reverses))")
        case .forever(let reverses): chain.links.append(".repeatForever(autoreverses: \(reverses))")
        }
        if animation.startDelay != 0 { chain.links.append(".delay(\(SwiftLiteral.number(animation.startDelay)))") }
        return chain
    }

    /// A unit curve as a `UnitCurve` value: `.easeIn`, or `.bezier(startControlPoint:endControlPoint:)`.
    static func unitCurve(_ curve: UnitCurve) -> SwiftCall.Argument {
        if let name = curve.name { return .atom(".\(name)") }
        let n: (Double) -> String = { SwiftLiteral.number($0) }
        return .call(
            label: nil,
            SwiftCall(
                ".bezier",
                [
                    .call(label: "startControlPoint", SwiftCall("UnitPoint", [.atom("x: \(n(curve.p1.x))"), .atom("y: \(n(curve.p1.y))")])),
                    .call(label: "endControlPoint", SwiftCall("UnitPoint", [.atom("x: \(n(curve.p2.x))"), .atom("y: \(n(curve.p2.y))")])),
                ]))
    }
}

extension SwiftCall.Argument {
    /// The same argument with a label (`spring: .snappy`).
    func labeled(_ label: String) -> SwiftCall.Argument {
        switch self {
        case .atom(let text): .atom("\(label): \(text)")
        case .call(_, let call): .call(label: label, call)
        }
    }
}
