import Foundation
import Testing

@testable import MotionCore

/// The first visible change (`PropertyRange.firstVisibleChange`): the first time a property is
/// 1 % of its range away from its start, solved on the exact curve to 1e-10 s.
@Suite("First visible change")
struct FirstVisibleChangeTests {
    @Test(
        "a linear keyframe from 0 to 100 over 1 s first moves 1 % of its range at 0.01 s; an ease-in (a cubic Bézier, from rest) where its closed form says"
    )
    func closedForms() throws {
        let linear = try KeyframeTimeline(tracks: [KeyframeTrack(property: "x", keyframes: [.linear(to: 100, duration: 1)])])
        let t = try #require(MotionAnalyzer().analyze(linear).ranges[0].firstVisibleChange)
        #expect(abs(t - 0.01) <= 1e-10)
        // easeIn = (0.42, 0), (1, 1): x(s) = 3·0.42·s(1 − s)² + 3s²(1 − s) + s³, y(s) = 3s²(1 − s) + s³.
        // y(s) = 0.01 by bisection on the closed form, then t = x(s) (duration 1 s).
        let eased = try KeyframeTimeline(tracks: [KeyframeTrack(property: "x", keyframes: [.linear(to: 100, duration: 1, curve: .easeIn)])])
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let s = (lo + hi) / 2
            if 3 * s * s * (1 - s) + s * s * s < 0.01 { lo = s } else { hi = s }
        }
        let s = (lo + hi) / 2
        let expected = 3 * 0.42 * s * (1 - s) * (1 - s) + 3 * s * s * (1 - s) + s * s * s
        let found = try #require(MotionAnalyzer().analyze(eased).ranges[0].firstVisibleChange)
        #expect(abs(found - expected) <= 1e-10, "\(found) vs \(expected)")
    }

    @Test(
        "on random phase and keyframe timelines it is a crossing of the 1 % level within 1e-10 s, and the curve stays inside it before (every 0.5 ms)"
    )
    func randomTimelines() throws {
        var rng = SeededGenerator(seed: 61)
        for trial in 0..<60 {
            let timeline: any MotionTimeline
            if trial % 2 == 0 {
                let phases = (0..<3).map { k in
                    let curve: PhaseAnimation.Curve =
                        Bool.random(using: &rng)
                        ? .spring(
                            Spring(response: Double.random(in: 0.2...0.6, using: &rng), dampingRatio: Double.random(in: 0.4...1.3, using: &rng)))
                        : .bezier(
                            [UnitCurve.easeInOut, .easeIn, .easeOut, .linear][Int.random(in: 0...3, using: &rng)],
                            duration: Double.random(in: 0.1...0.4, using: &rng))
                    return Phase(name: "p\(k)", values: [("x", Double.random(in: -50...50, using: &rng))], animation: PhaseAnimation(curve))
                }
                timeline = try PhaseTimeline(phases: phases, repeating: false)
            } else {
                let keyframes: [Keyframe] = (0..<4).map { k in
                    let to = Double.random(in: -50...50, using: &rng), duration = Double.random(in: 0.1...0.4, using: &rng)
                    switch k % 3 {
                    case 0:
                        return .linear(
                            to: to, duration: duration, curve: [UnitCurve.easeInOut, .easeIn, .easeOut, .linear][Int.random(in: 0...3, using: &rng)])
                    case 1: return .cubic(to: to, duration: duration)
                    default:
                        return .spring(
                            to: to, duration: duration,
                            spring: Spring(response: Double.random(in: 0.2...0.6, using: &rng), dampingRatio: Double.random(in: 0.3...1, using: &rng))
                        )
                    }
                }
                timeline = try KeyframeTimeline(tracks: [KeyframeTrack(property: "x", keyframes: keyframes)])
            }
            let range = MotionAnalyzer().analyze(timeline).ranges[0]
            guard let t = range.firstVisibleChange else { continue }
            let start = timeline.value(of: 0, at: 0), level = PropertyRange.visibleChangeFraction * range.span
            #expect(
                abs(timeline.value(of: 0, at: t - 1e-10) - start) <= level && abs(timeline.value(of: 0, at: t + 1e-10) - start) >= level,
                "trial \(trial): \(t)")
            var u = 1e-9
            while u < t - 1e-10 {
                #expect(abs(timeline.value(of: 0, at: u) - start) < level, "trial \(trial) at \(u)")
                u += 0.0005
            }
        }
    }

    @Test("a benchmark animation whose departure a Newton step from far away once put 3e-10 s off: every property's within 1e-10 s")
    func farStart() throws {
        func spring(_ to: Double, _ duration: Double, _ response: Double, _ damping: Double) -> Keyframe {
            .spring(to: to, duration: duration, spring: Spring(response: response, dampingRatio: damping))
        }
        let tracks = [
            KeyframeTrack(
                property: "scale",
                keyframes: [
                    .linear(to: 50.286, duration: 0.21, curve: .easeInOut), .cubic(to: 89.715, duration: 0.087), spring(-52.731, 0.352, 0.292, 0.857),
                    .move(to: 70.563), .linear(to: -37.605, duration: 0.361, curve: .easeOut), .cubic(to: -21.22, duration: 0.122),
                ]),
            KeyframeTrack(
                property: "x",
                keyframes: [
                    .cubic(to: -0.581, duration: 0.07), spring(-9.676, 0.489, 0.431, 0.442), .move(to: 58.349),
                    .linear(to: 62.812, duration: 0.101, curve: .easeInOut), .cubic(to: -90.362, duration: 0.287),
                    spring(-70.029, 0.371, 0.729, 0.837),
                ]),
            KeyframeTrack(
                property: "y",
                keyframes: [
                    spring(99.91, 0.185, 0.62, 0.877), .move(to: 65.052), .linear(to: 20.065, duration: 0.138), .cubic(to: -87.547, duration: 0.379),
                    spring(53.499, 0.278, 0.518, 0.637), .move(to: 15.487),
                ]),
            KeyframeTrack(
                property: "opacity",
                keyframes: [
                    .move(to: 94.107), .linear(to: 92.936, duration: 0.305), .cubic(to: 37.385, duration: 0.272), spring(89.344, 0.205, 0.687, 0.778),
                    .move(to: -48.602), .linear(to: -97.761, duration: 0.372, curve: .easeIn),
                ]),
        ]
        let timeline = try KeyframeTimeline(tracks: tracks)
        let ranges = MotionAnalyzer().analyze(timeline).ranges
        for p in timeline.properties.indices {
            let range = try #require(ranges.first { $0.property == timeline.properties[p] })
            guard let t = range.firstVisibleChange else { continue }
            let start = timeline.value(of: p, at: 0), level = PropertyRange.visibleChangeFraction * range.span
            #expect(
                abs(timeline.value(of: p, at: t - 1e-10) - start) <= level && abs(timeline.value(of: p, at: t + 1e-10) - start) >= level,
                "\(timeline.properties[p]): \(t)")
        }
    }
}
