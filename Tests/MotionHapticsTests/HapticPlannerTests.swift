import Foundation
import MotionCore
import Testing

@testable import MotionHaptics

@Suite("Haptic planner")
struct HapticPlannerTests {
    func plan(_ tracks: [KeyframeTrack], settings: HapticSettings? = nil, repeating: Bool = false) throws -> HapticPlan {
        let timeline = try KeyframeTimeline(tracks: tracks, repeating: repeating)
        return HapticPlanner().plan(MotionAnalyzer().analyze(timeline), settings: settings)
    }

    @Test("seed 004: a peak at 0.20 s gets a transient at 0.20 s; a hold ending at 0.26 s a continuous event over 0.20–0.26 s")
    func seedPlacement() throws {
        let plan = try plan([
            KeyframeTrack(
                property: "scale",
                keyframes: [
                    .linear(to: 1, duration: 0.2), .linear(to: 1, duration: 0.06), .linear(to: 0, duration: 0.2),
                ])
        ])
        let events = plan.pattern.events
        #expect(events.count == 2)
        let transient = try #require(events.first { $0.kind == .transient })
        #expect(transient.time == 0.2)
        let continuous = try #require(events.first { $0.kind == .continuous })
        #expect(abs(continuous.time - 0.2) < 1e-9 && abs(continuous.end - 0.26) < 1e-9)
        // Full-range peak: intensity 0.35 + 0.65 · 1; arrival at 5 units/s over a range of 1:
        // k = 5 · 0.1 / 1 = 0.5, sharpness k / (1 + k).
        #expect(abs(transient.intensity - 1) < 1e-12)
        #expect(abs(transient.sharpness - 0.5 / 1.5) < 1e-9)
        #expect(continuous.intensity == 0.35 && continuous.sharpness == 0.2)
    }

    @Test("moments of different properties within 80 ms fuse on the strongest; farther ones, or the same property, do not")
    func fusion() throws {
        // a peaks at 0.30 (full range), b at 0.33 (half its range): one event at 0.30.
        let a = KeyframeTrack(property: "a", keyframes: [.linear(to: 1, duration: 0.3), .linear(to: 0, duration: 0.3)])
        let b = KeyframeTrack(
            property: "b", keyframes: [.linear(to: 0, duration: 0.03), .linear(to: 1, duration: 0.3), .linear(to: 0.5, duration: 0.3)])
        let fused = try plan([a, b])
        #expect(fused.pattern.events.map(\.time) == [0.3])
        #expect(Set(fused.planned[0].moments.map(\.property)) == ["a", "b"])
        // 0.30 and 0.40: two events.
        let c = KeyframeTrack(
            property: "c", keyframes: [.linear(to: 0, duration: 0.1), .linear(to: 1, duration: 0.3), .linear(to: 0, duration: 0.3)])
        #expect(try plan([a, c]).pattern.events.map(\.time) == [0.3, 0.4])
        // One property reversing every 50 ms keeps every beat.
        let shake = KeyframeTrack(
            property: "x", keyframes: [.linear(to: 10, duration: 0.05), .linear(to: -10, duration: 0.05), .linear(to: 0, duration: 0.05)])
        #expect(try plan([shake]).pattern.events.map(\.time).count == 2)
    }

    @Test("haptics settings: off, ignored properties, scales, pins")
    func settings() throws {
        let a = KeyframeTrack(property: "a", keyframes: [.linear(to: 1, duration: 0.3), .linear(to: 0, duration: 0.3)])
        let b = KeyframeTrack(property: "b", keyframes: [.linear(to: 1, duration: 0.5), .linear(to: 0, duration: 0.3)])
        #expect(try plan([a, b], settings: HapticSettings(enabled: false)).pattern.events.isEmpty)
        #expect(try plan([a, b], settings: HapticSettings(ignore: ["a"])).pattern.events.map(\.time) == [0.5])
        let scaled = try plan([a], settings: HapticSettings(intensityScale: 0.5, sharpnessScale: 2))
        let plain = try plan([a])
        #expect(abs(scaled.pattern.events[0].intensity - plain.pattern.events[0].intensity * 0.5) < 1e-12)
        #expect(abs(scaled.pattern.events[0].sharpness - min(1, plain.pattern.events[0].sharpness * 2)) < 1e-12)
        let pinned = try plan(
            [a], settings: HapticSettings(pins: [HapticPin(kind: .continuous, time: 0.1, duration: 0.05, intensity: 0.7, sharpness: 0.4)]))
        #expect(pinned.pattern.events.contains(HapticEvent.continuous(at: 0.1, duration: 0.05, intensity: 0.7, sharpness: 0.4)))
    }

    @Test("issue 12: a toast resting 1,395 ms between sliding in and out gets a 400 ms hold buzz, not a 1,395 ms one")
    func longRestIsCapped() throws {
        // In over 0.3 s, rest 1.395 s, out over 0.3 s: one interior hold from 0.3 s to 1.695 s.
        let plan = try plan([
            KeyframeTrack(
                property: "y",
                keyframes: [
                    .linear(to: 1, duration: 0.3), .linear(to: 1, duration: 1.395), .linear(to: 0, duration: 0.3),
                ])
        ])
        let continuous = plan.pattern.events.filter { $0.kind == .continuous }
        #expect(continuous.count == 1)
        let buzz = try #require(continuous.first)
        #expect(abs(buzz.time - 0.3) < 1e-9, "it starts where the rest starts")
        #expect(abs(buzz.duration - HapticPlannerOptions().maximumContinuous) < 1e-12 && HapticPlannerOptions().maximumContinuous == 0.4)
        // The hold the analysis found is the whole rest: the cap, not the analysis, shortened it.
        let hold = try #require(
            MotionAnalyzer().analyze(
                try KeyframeTimeline(
                    tracks: [
                        KeyframeTrack(
                            property: "y",
                            keyframes: [
                                .linear(to: 1, duration: 0.3), .linear(to: 1, duration: 1.395), .linear(to: 0, duration: 0.3),
                            ])
                    ], repeating: false)
            ).holds.first { $0.position == .interior })
        #expect(hold.end - hold.start > 1.3)
    }

    @Test("a repeating animation yields one cycle, marked as looping")
    func looping() throws {
        let p = try plan([KeyframeTrack(property: "y", keyframes: [.cubic(to: -10, duration: 1), .cubic(to: 0, duration: 1)])], repeating: true)
        #expect(p.isLooping && p.pattern.isLooping)
        #expect(p.duration == 2)
        #expect(p.pattern.events.allSatisfy { $0.time >= 0 && $0.end <= 2 })
        // The trough at 1 s and the top at the wrap (0 s ≡ 2 s), and the slow turns around them:
        // y stays within 1 % of its range while |v| ≤ 0.1 · 10 / 0.04 = 2.5 /s; for
        // y = −10(3s² − 2s³), |y'| = 60 s(1 − s) = 2.5 at s = (1 ± √(5/6)) / 2, the second half
        // mirrors the first, and the turn across the wrap is its two ends.
        #expect(p.pattern.events.filter { $0.kind == .transient }.map(\.time) == [0, 1])
        let s = (1 + (5.0 / 6).squareRoot()) / 2
        let turns = p.pattern.events.filter { $0.kind == .continuous }.map { [$0.time, $0.end] }
        let expected = [[0, 1 - s], [s, 2 - s], [1 + s, 2]]
        #expect(turns.count == 3)
        for (a, b) in zip(turns, expected) { #expect(abs(a[0] - b[0]) < 1e-8 && abs(a[1] - b[1]) < 1e-8, "\(a) vs \(b)") }
    }

    @Test("snaps are sharp transients")
    func snaps() throws {
        let p = try plan([KeyframeTrack(property: "o", keyframes: [.linear(to: 1, duration: 0.2), .move(to: 0), .linear(to: 0, duration: 0.2)])])
        let snap = try #require(p.planned.first { $0.moments.contains { $0.kind == .snap } })
        #expect(snap.event.time == 0.2 && snap.event.sharpness == 1)
    }
}

@Suite("Haptic planner bounds")
struct HapticPlannerBoundsTests {
    @Test("pins and cues after the end are dropped; a continuous pin ends with the animation")
    func bounds() throws {
        let timeline = try KeyframeTimeline(tracks: [
            KeyframeTrack(property: "x", keyframes: [.linear(to: 1, duration: 0.2), .linear(to: 0, duration: 0.2)])
        ])
        let settings = HapticSettings(
            ignore: ["x"],
            pins: [
                HapticPin(kind: .transient, time: 5, intensity: 1, sharpness: 1),
                HapticPin(kind: .continuous, time: 0.3, duration: 1, intensity: 0.5, sharpness: 0.5),
            ])
        let plan = HapticPlanner().plan(
            MotionAnalyzer().analyze(timeline), settings: settings, cues: [Cue(name: "haptic-late", time: 9, duration: 2)])
        #expect(
            plan.pattern.events
                == [HapticEvent.continuous(at: 0.3, duration: 0.4 - 0.3, intensity: 0.5, sharpness: 0.5)].map {
                    HapticEvent.continuous(at: $0.time, duration: 0.4 - 0.3, intensity: 0.5, sharpness: 0.5)
                })
        #expect(plan.pattern.events.allSatisfy { $0.time >= 0 && $0.end <= 0.4 + 1e-12 })
    }
}
