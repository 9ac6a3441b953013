import Foundation
import Testing

@testable import MotionCore

/// Seeded random specs: thousands of keyframe and phase timelines built from every keyframe type,
/// spring form and phase animation, checked for the invariants every timeline must keep.
@Suite("Random timelines")
struct RandomTimelineTests {
    static func randomSpring(_ rng: inout SeededGenerator, settling: Bool) -> Spring {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return Spring(duration: .random(in: 0.05...1.5, using: &rng), bounce: .random(in: -0.9...(settling ? 0.95 : 1.5), using: &rng))
        case 1: return Spring(response: .random(in: 0.05...1.5, using: &rng), dampingRatio: .random(in: (settling ? 0.05 : 0)...3, using: &rng))
        case 2:
            return Spring(
                mass: .random(in: 0.2...3, using: &rng), stiffness: .random(in: 10...800, using: &rng),
                damping: .random(in: (settling ? 1 : 0)...60, using: &rng))
        default:
            return .preset(
                Spring.Preset.allCases.randomElement(using: &rng)!, duration: .random(in: 0.1...1, using: &rng),
                extraBounce: .random(in: -0.3...0.4, using: &rng))
        }
    }

    static func randomCurve(_ rng: inout SeededGenerator) -> UnitCurve {
        if Bool.random(using: &rng) { return [UnitCurve.linear, .easeIn, .easeOut, .easeInOut].randomElement(using: &rng)! }
        return UnitCurve(
            x1: .random(in: 0...1, using: &rng), y1: .random(in: -1...2, using: &rng), x2: .random(in: 0...1, using: &rng),
            y2: .random(in: -1...2, using: &rng))!
    }

    static func randomKeyframe(_ rng: inout SeededGenerator) -> Keyframe {
        let to = Double.random(in: -500...500, using: &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return .move(to: to)
        case 1: return .linear(to: to, duration: Bool.random(using: &rng) ? 0 : .random(in: 0.001...1, using: &rng), curve: randomCurve(&rng))
        case 2:
            return .cubic(
                to: to, duration: .random(in: 0.001...1, using: &rng),
                startVelocity: Bool.random(using: &rng) ? nil : .random(in: -2000...2000, using: &rng),
                endVelocity: Bool.random(using: &rng) ? nil : .random(in: -2000...2000, using: &rng))
        case 3:
            return .spring(
                to: to, duration: .random(in: 0.001...1.5, using: &rng), spring: randomSpring(&rng, settling: false),
                startVelocity: Bool.random(using: &rng) ? nil : .random(in: -2000...2000, using: &rng))
        default:
            return .spring(to: to, duration: nil, spring: randomSpring(&rng, settling: true))
        }
    }

    static func randomAnimation(_ rng: inout SeededGenerator) -> PhaseAnimation? {
        if Int.random(in: 0..<8, using: &rng) == 0 { return nil }
        let curve: PhaseAnimation.Curve =
            Bool.random(using: &rng)
            ? .bezier(randomCurve(&rng), duration: .random(in: 0.01...1, using: &rng))
            : .spring(randomSpring(&rng, settling: true))
        return PhaseAnimation(
            curve, delay: Bool.random(using: &rng) ? 0 : .random(in: 0...0.5, using: &rng), speed: .random(in: 0.25...4, using: &rng))
    }

    static func randomTimeline(_ rng: inout SeededGenerator) throws -> any MotionTimeline {
        let names = ["scale", "x", "y", "rotation", "opacity"].shuffled(using: &rng).prefix(Int.random(in: 1...4, using: &rng))
        if Bool.random(using: &rng) {
            let initial = names.filter { _ in Bool.random(using: &rng) }.map { ($0, Double.random(in: -100...100, using: &rng)) }
            let tracks = names.map { name in
                KeyframeTrack(property: name, keyframes: (0..<Int.random(in: 1...8, using: &rng)).map { _ in randomKeyframe(&rng) })
            }
            return try KeyframeTimeline(initial: initial, tracks: tracks, repeating: Int.random(in: 0..<4, using: &rng) == 0)
        }
        let phases = (0..<Int.random(in: 2...6, using: &rng)).map { k in
            Phase(
                name: "p\(k)",
                values: names.filter { _ in k == 0 || Bool.random(using: &rng) }.map { ($0, Double.random(in: -100...100, using: &rng)) },
                animation: randomAnimation(&rng))
        }
        let repeating = Int.random(in: 0..<3, using: &rng) == 0 && phases.contains { ($0.animation?.logicalDuration ?? 0) > 0 }
        return try PhaseTimeline(phases: phases, repeating: repeating)
    }

    /// A random implicit animation: a curve or spring run with delay and speed, repeated or not,
    /// after a start delay, moving 1…4 properties (or the progress track).
    static func randomImplicit(_ rng: inout SeededGenerator) throws -> ImplicitTimeline {
        let curve: PhaseAnimation.Curve =
            Bool.random(using: &rng)
            ? .bezier(randomCurve(&rng), duration: .random(in: 0.01...0.6, using: &rng))
            : .spring(randomSpring(&rng, settling: true))
        var animation = ImplicitAnimation(PhaseAnimation(curve))
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1: animation = try animation.applying(.delay(.random(in: 0...0.2, using: &rng)))
            case 2, 3: animation = try animation.applying(.speed(.random(in: 0.5...3, using: &rng)))
            case 4 where animation.repetition == .once:
                animation = try animation.applying(.repeatCount(Int.random(in: 1...4, using: &rng), autoreverses: Bool.random(using: &rng)))
            case 5 where animation.repetition == .once:
                animation = try animation.applying(.repeatForever(autoreverses: Bool.random(using: &rng)))
            default: break
            }
        }
        let names = ["scale", "x", "opacity", "rotation"].shuffled(using: &rng).prefix(Int.random(in: 1...4, using: &rng))
        let values =
            Int.random(in: 0..<4, using: &rng) == 0
            ? [ImplicitValue.progress]
            : names.map { ImplicitValue($0, from: .random(in: -100...100, using: &rng), to: .random(in: -100...100, using: &rng)) }
        return try ImplicitTimeline(values: values, animation: animation)
    }

    @Test("600 seeded implicit animations: finite, start before 0, model value after the end, loops periodic", arguments: 0..<6)
    func implicitInvariants(batch: Int) throws {
        var rng = SeededGenerator(seed: UInt64(9000 + batch))
        var n = 0
        while n < 100 {
            guard let timeline = try? Self.randomImplicit(&rng) else { continue }
            n += 1
            let d = timeline.duration
            #expect(d.isFinite && d >= 0)
            #expect(timeline.values(at: -0.5) == timeline.from)
            for t in SampleGrid.times(duration: d, fps: 240) {
                #expect(timeline.values(at: t).allSatisfy { $0.isFinite })
            }
            if timeline.isRepeating {
                for t in [0.3 * d, 0.77 * d] {
                    #expect(zip(timeline.values(at: t + 3 * d), timeline.values(at: t)).allSatisfy { close($0, $1, 1e-9 * max(1, abs($1))) })
                }
            } else {
                #expect(timeline.values(at: d + 1e-7) == timeline.to, "after the end: the model value")
                #expect(timeline.properties.indices.allSatisfy { timeline.velocity(of: $0, at: d + 1) == 0 })
            }
            // Velocity is the derivative away from breakpoints.
            guard d > 0.01 else { continue }
            for p in timeline.properties.indices {
                let breaks = timeline.breakpoints(of: p)
                for _ in 0..<5 {
                    let t = Double.random(in: 0.001...(d * 0.999), using: &rng)
                    if breaks.contains(where: { abs($0 - t) < 1e-4 }) { continue }
                    let numeric = (timeline.value(of: p, at: t + 1e-7) - timeline.value(of: p, at: t - 1e-7)) / 2e-7
                    let analytic = timeline.velocity(of: p, at: t)
                    #expect(abs(numeric - analytic) <= 1e-3 * max(1, abs(analytic)), "\(timeline.properties[p]) at \(t): \(analytic) vs \(numeric)")
                }
            }
        }
    }

    @Test("1,200 seeded specs: finite values, duration ≥ 0, start holds before 0, end holds after", arguments: 0..<12)
    func invariants(batch: Int) throws {
        var rng = SeededGenerator(seed: UInt64(1000 + batch))
        for _ in 0..<100 {
            let timeline = try Self.randomTimeline(&rng)
            let d = timeline.duration
            #expect(d.isFinite && d >= 0)
            let start = timeline.values(at: 0)
            #expect(timeline.values(at: -0.5) == start, "before 0 the start holds")
            #expect(timeline.values(at: -1e9) == start)
            for t in SampleGrid.times(duration: d, fps: 240) {
                let values = timeline.values(at: t)
                #expect(values.allSatisfy { $0.isFinite }, "finite at \(t)")
                #expect(timeline.properties.indices.allSatisfy { timeline.velocity(of: $0, at: t).isFinite })
            }
            if timeline.isRepeating {
                if timeline is KeyframeTimeline, d > 0 {
                    for t in [0.3 * d, 0.77 * d] {
                        #expect(zip(timeline.values(at: t + 3 * d), timeline.values(at: t)).allSatisfy { close($0, $1, 1e-9 * max(1, abs($1))) })
                    }
                }
            } else {
                // At d itself a final Move has not happened yet (a boundary belongs to the earlier
                // segment); from just after d the final value holds for good.
                let end = timeline.values(at: d + 1e-7)
                #expect(timeline.values(at: d + 0.5) == end, "after the end the final value holds")
                #expect(timeline.values(at: d + 1e6) == end)
                #expect(timeline.properties.indices.allSatisfy { timeline.velocity(of: $0, at: d + 1) == 0 })
            }
        }
    }

    @Test("velocity equals the numerical derivative away from breakpoints", arguments: 0..<4)
    func velocityMatchesDerivative(batch: Int) throws {
        var rng = SeededGenerator(seed: UInt64(5000 + batch))
        for _ in 0..<50 {
            let timeline = try Self.randomTimeline(&rng)
            let d = timeline.duration
            guard d > 0.01 else { continue }
            for p in timeline.properties.indices {
                let breaks = timeline.breakpoints(of: p)
                for _ in 0..<10 {
                    let t = Double.random(in: 0.001...(d * 0.999), using: &rng)
                    if breaks.contains(where: { abs($0 - t) < 1e-4 }) { continue }
                    let h = 1e-7
                    let numeric = (timeline.value(of: p, at: t + h) - timeline.value(of: p, at: t - h)) / (2 * h)
                    let analytic = timeline.velocity(of: p, at: t)
                    #expect(
                        abs(numeric - analytic) <= 1e-3 * max(1, abs(analytic)),
                        "property \(timeline.properties[p]) at \(t): \(analytic) vs \(numeric)")
                }
            }
        }
    }
}
