import MotionCore
import MotionTestSupport

// MARK: - SeededGenerator

/// The seeded generator of the random specs (MotionTestSupport's SplitMix64).
typealias SeededGenerator = SplitMix64

// MARK: - RandomSpecs

/// Random but valid animations of every kind SwiftUI plays (keyframes, phases, implicit), with
/// every keyframe type, spring spelling, curve, velocity, delay, speed, repetition, trigger and
/// Reduce Motion fallback the generator writes. Numbers have at most three decimals, as a
/// designer writes them. Properties are those SwiftUI modifiers show.
struct RandomSpecs {
    var rng: SeededGenerator

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    static let properties = ["scale", "rotation", "x", "y", "opacity", "blur", "brightness", "width", "shadowRadius", "scaleX", "hueRotation"]

    mutating func number(_ range: ClosedRange<Double>) -> Double {
        (Double.random(in: range, using: &rng) * 1000).rounded() / 1000
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    mutating func names(_ count: ClosedRange<Int>) -> [String] {
        Array(Self.properties.shuffled(using: &rng).prefix(Int.random(in: count, using: &rng)))
    }

    // MARK: Springs and curves

    mutating func spring() -> Spring {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return Spring(duration: number(0.15...0.9), bounce: number(-0.4...0.7))
        case 1: return Spring(response: number(0.15...0.9), dampingRatio: number(0.3...1.4))
        case 2: return Spring(mass: number(0.5...2), stiffness: number(80...400), damping: number(8...30))
        case 3: return .preset(pick(Spring.Preset.allCases), duration: pick([0.5, number(0.15...0.8)]))
        default: return .preset(pick(Spring.Preset.allCases))
        }
    }

    mutating func curve() -> UnitCurve {
        if chance(0.6) { return pick([.linear, .easeIn, .easeOut, .easeInOut]) }
        return UnitCurve(x1: number(0...1), y1: number(-0.5...1.5), x2: number(0...1), y2: number(-0.5...1.5))!
    }

    // MARK: Animations

    mutating func keyframe() -> Keyframe {
        let to = number(-50...50)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .move(to: to)
        case 1: return .linear(to: to, duration: number(0...0.6), curve: curve())
        case 2:
            return .cubic(
                to: to, duration: number(0.05...0.6), startVelocity: chance(0.4) ? number(-100...100) : nil,
                endVelocity: chance(0.4) ? number(-100...100) : nil)
        default:
            return .spring(
                to: to, duration: chance(0.7) ? number(0.05...0.7) : nil, spring: spring(), startVelocity: chance(0.3) ? number(-80...80) : nil)
        }
    }

    mutating func stepAnimation() -> PhaseAnimation {
        let curve: PhaseAnimation.Curve = chance(0.5) ? .bezier(curve(), duration: number(0.05...0.8)) : .spring(spring())
        var a = PhaseAnimation(curve)
        if chance(0.3) { a.delay = number(0.01...0.3) }
        if chance(0.3) { a.speed = number(0.5...3) }
        return a
    }

    mutating func trigger(allowRepeating: Bool) -> Trigger {
        let choices: [Trigger] =
            [.tap, .appear, .event(pick(["save", "badgeCount", "celebrate", "signInFailed"])), .drag, .scroll]
            + (allowRepeating ? [.repeating] : [])
        return pick(choices)
    }

    mutating func animation(index: Int) -> AnimationSpec {
        // Ids as designers write them: lower-case words (the index spelled in letters keeps them unique).
        let letters = String(String.UnicodeScalarView([index / 676, index / 26 % 26, index % 26].map { Unicode.Scalar(UInt8(97 + $0)) }))
        let id =
            pick(["heart", "card", "badge", "logo", "score", "upload", "icon"]) + "-" + pick(["pulse", "bump", "fade-in", "shake", "pop"]) + "-z"
            + letters
        let reduceMotion: ReduceMotion? = chance(0.2) ? nil : pick(ReduceMotion.allCases)
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<5:
            let names = names(1...4)
            let initial = names.filter { _ in chance(0.7) }.map { NamedValue($0, number(-10...10)) }
            let tracks = names.map { name in
                KeyframeTrack(property: name, keyframes: (0..<Int.random(in: 1...5, using: &rng)).map { _ in keyframe() })
            }
            let repeating = chance(0.15)
            return AnimationSpec(
                id: id, trigger: trigger(allowRepeating: true), reduceMotion: reduceMotion,
                motion: .keyframes(initial: initial, tracks: tracks, repeating: repeating))
        case 5..<8:
            let names = names(1...3)
            let phases = (0..<Int.random(in: 2...4, using: &rng)).map { k in
                Phase(
                    name: pick(["rest", "lift", "squash", "settle", "glow"]) + (chance(0.3) ? "" : "\(k)"),
                    values: names.map { ($0, number(-20...20)) }, animation: chance(0.15) ? nil : stepAnimation())
            }
            return AnimationSpec(
                id: id, trigger: pick([.tap, .appear, .repeating, .event("score")]), reduceMotion: reduceMotion, motion: .phases(phases))
        default:
            var a = ImplicitAnimation(stepAnimation())
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                a = ImplicitAnimation(
                    a.run, repetition: .count(Int.random(in: 2...4, using: &rng), autoreverses: chance(0.5)),
                    startDelay: chance(0.5) ? number(0.01...0.5) : 0)
            case 1: a = ImplicitAnimation(a.run, repetition: .forever(autoreverses: chance(0.5)))
            default: break
            }
            let values = names(1...3).map { ImplicitValue($0, from: number(-10...10), to: number(-10...10)) }
            // Progress alone names no view value to keep still: static and crossfade need values.
            let progressOnly = chance(0.1)
            var rm: ReduceMotion? = pick([nil, ReduceMotion.none, .instant, .shortened] + (progressOnly ? [] : [.static]))
            if !progressOnly, values.contains(where: { $0.name == "opacity" }), values.count > 1, chance(0.3) { rm = .crossfade }
            let fallback: ImplicitAnimation? =
                rm == .shortened ? ImplicitAnimation(PhaseAnimation(.bezier(.easeOut, duration: number(0.1...0.15)))) : nil
            return AnimationSpec(
                id: id, trigger: pick([.tap, .appear, .drag, .event("liked")]), reduceMotion: rm,
                motion: .implicit(ImplicitMotion(animation: a, values: progressOnly ? [.progress] : values, reduceMotionAnimation: fallback)))
        }
    }
}
