import MotionCore

// MARK: - SpringSpelling

/// A spring written as SwiftUI spells it: as the spec (or the code it was read from) wrote it
/// (`Spring.written`: a preset and its duration, `duration`/`bounce`, `response`/`dampingRatio`,
/// `mass`/`stiffness`/`damping`). A spring built otherwise (from ω0 and ζ, or a preset with an
/// `extraBounce`) is spelled from its physics, first match:
/// a mass other than 1 → `Spring(mass:stiffness:damping:)`; SwiftUI's preset bounce (0, 0.15,
/// 0.3) → `.smooth`, `.snappy`, `.bouncy` (with `duration:` unless 0.5 s); a damping ratio ≥ 0 →
/// `Spring(duration:bounce:)`; else `Spring(response:dampingRatio:)`. Every spelling is checked by
/// building the spring back from the written numbers: it must agree to 1e-12.
enum SpringSpelling {
    /// One way to write a spring: the form and its numbers as written.
    enum Form: Equatable {
        case preset(Spring.Preset, duration: String?)
        case durationBounce(duration: String, bounce: String)
        case responseDamping(response: String, dampingRatio: String)
        case massStiffnessDamping(mass: String, stiffness: String, damping: String)
    }

    /// The form for `spring`: as it was written when the spec or code says (`Spring.written`),
    /// else chosen from its physics.
    static func form(_ spring: Spring) -> Form {
        func agrees(_ other: Spring) -> Bool {
            close(other.angularFrequency, spring.angularFrequency) && close(other.dampingRatio, spring.dampingRatio) && close(other.mass, spring.mass)
        }
        if let written = spring.written, let form = writtenForm(written), agrees(rebuilt(form)) { return form }
        return derivedForm(spring, agrees: agrees)
    }

    /// The written form with its numbers as literals.
    static func writtenForm(_ written: Spring.Written) -> Form? {
        let n: (Double) -> String = { SwiftLiteral.number($0) }
        switch written {
        case .preset(let p, let d, let extra):
            // `extraBounce` has no place in this form: a preset with one is written by its bounce.
            guard extra == 0 else { return nil }
            return .preset(p, duration: d == 0.5 ? nil : n(d))
        case .durationBounce(let d, let b): return .durationBounce(duration: n(d), bounce: n(b))
        case .responseDampingRatio(let r, let z): return .responseDamping(response: n(r), dampingRatio: n(z))
        case .massStiffnessDamping(let m, let k, let c): return .massStiffnessDamping(mass: n(m), stiffness: n(k), damping: n(c))
        }
    }

    /// The spring the code builds from `form` (what the importer reads back).
    static func rebuilt(_ form: Form) -> Spring {
        let d: (String) -> Double = { Double($0) ?? .nan }
        switch form {
        case .preset(let p, let duration): return .preset(p, duration: duration.map(d) ?? 0.5)
        case .durationBounce(let duration, let bounce): return Spring(duration: d(duration), bounce: d(bounce))
        case .responseDamping(let r, let z): return Spring(response: d(r), dampingRatio: d(z))
        case .massStiffnessDamping(let m, let k, let c): return Spring(mass: d(m), stiffness: d(k), damping: d(c))
        }
    }

    /// A form chosen from the physics (see the type's documentation).
    static func derivedForm(_ spring: Spring, agrees: (Spring) -> Bool) -> Form {
        if spring.mass != 1 {
            let m = spring.mass
            let k = SwiftLiteral.shortest(spring.stiffness) { agrees(Spring(mass: m, stiffness: $0, damping: spring.damping)) }
            let kValue = Double(k) ?? spring.stiffness
            let c = SwiftLiteral.shortest(spring.damping) { agrees(Spring(mass: m, stiffness: kValue, damping: $0)) }
            return .massStiffnessDamping(mass: SwiftLiteral.number(m), stiffness: k, damping: c)
        }
        let response = spring.response
        let d = SwiftLiteral.shortest(response) { close($0, response) }
        let dValue = Double(d) ?? response
        if spring.dampingRatio >= 0 {
            for preset in Spring.Preset.allCases where agrees(Spring.preset(preset, duration: dValue)) {
                return .preset(preset, duration: dValue == 0.5 ? nil : d)
            }
            if spring.dampingRatio <= 1 || spring.dampingRatio.isFinite {
                let b = SwiftLiteral.shortest(spring.bounce) { agrees(Spring(duration: dValue, bounce: $0)) }
                if let bValue = Double(b), agrees(Spring(duration: dValue, bounce: bValue)) { return .durationBounce(duration: d, bounce: b) }
            }
        }
        let z = SwiftLiteral.shortest(spring.dampingRatio) { agrees(Spring(response: dValue, dampingRatio: $0)) }
        return .responseDamping(response: d, dampingRatio: z)
    }

    /// As a `Spring` value (a `SpringKeyframe`'s `spring:`): `.snappy(duration: 0.2)`,
    /// `Spring(duration: 0.4, bounce: 0.2)`, …
    static func springValue(_ spring: Spring) -> SwiftCall.Argument {
        switch form(spring) {
        case .preset(let p, nil): .atom(".\(p.rawValue)")
        case .preset(let p, let d?): .call(label: nil, SwiftCall(".\(p.rawValue)", [.atom("duration: \(d)")]))
        case .durationBounce(let d, let b):
            .call(label: nil, SwiftCall("Spring", b == "0.0" ? [.atom("duration: \(d)")] : [.atom("duration: \(d)"), .atom("bounce: \(b)")]))
        case .responseDamping(let r, let z): .call(label: nil, SwiftCall("Spring", [.atom("response: \(r)"), .atom("dampingRatio: \(z)")]))
        case .massStiffnessDamping(let m, let k, let c):
            .call(label: nil, SwiftCall("Spring", [.atom("mass: \(m)"), .atom("stiffness: \(k)"), .atom("damping: \(c)")]))
        }
    }

    /// As an `Animation` (a phase step or an implicit animation): `.snappy(duration: 0.2)`,
    /// `.spring(duration: 0.4, bounce: 0.2)`, `.interpolatingSpring(mass:stiffness:damping:)`, …
    static func animationValue(_ spring: Spring) -> SwiftCall.Argument {
        switch form(spring) {
        case .preset(let p, nil): .atom(".\(p.rawValue)")
        case .preset(let p, let d?): .call(label: nil, SwiftCall(".\(p.rawValue)", [.atom("duration: \(d)")]))
        case .durationBounce(let d, let b): .call(label: nil, SwiftCall(".spring", [.atom("duration: \(d)"), .atom("bounce: \(b)")]))
        case .responseDamping(let r, let z): .call(label: nil, SwiftCall(".spring", [.atom("response: \(r)"), .atom("dampingFraction: \(z)")]))
        case .massStiffnessDamping(let m, let k, let c):
            .call(label: nil, SwiftCall(".interpolatingSpring", [.atom("mass: \(m)"), .atom("stiffness: \(k)"), .atom("damping: \(c)")]))
        }
    }

    /// Relative agreement to 1e-12 (absolute near 0).
    static func close(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-12 * max(1, abs(a), abs(b))
    }
}
