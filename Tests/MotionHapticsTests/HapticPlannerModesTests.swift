import Foundation
import MotionCore
import Testing

@testable import MotionHaptics

/// The planner's optional modes: sustained motion, prominence weighting, the density cap.
/// Expected values are worked out by hand from linear motion (constant speeds).
@Suite("Haptic planner modes")
struct HapticPlannerModesTests {
    func plan(_ tracks: [KeyframeTrack], initial: [(String, Double)] = [], options: HapticPlannerOptions) throws -> HapticPlan {
        let timeline = try KeyframeTimeline(initial: initial, tracks: tracks, repeating: false)
        return HapticPlanner(options: options).plan(MotionAnalyzer().analyze(timeline), timeline: timeline)
    }

    static let bounce = KeyframeTrack(
        property: "y",
        keyframes: [.linear(to: 100, duration: 0.3), .linear(to: 0, duration: 0.3), .linear(to: 0, duration: 0.2), .linear(to: 50, duration: 0.2)])

    @Test("every mode off (the default): the plan with a timeline is today's plan")
    func offByDefault() throws {
        for tracks in [[Self.bounce], [KeyframeTrack(property: "o", keyframes: [.linear(to: 1, duration: 0.5)])]] {
            let timeline = try KeyframeTimeline(tracks: tracks)
            let analysis = MotionAnalyzer().analyze(timeline)
            #expect(HapticPlanner().plan(analysis, timeline: timeline) == HapticPlanner().plan(analysis))
        }
    }

    @Test("sustained motion: a sweep gets one continuous event whose envelope follows its speed")
    func sustained() throws {
        // x: 0 → 100 in 0.5 s (200/s, the top speed), then 100 → 150 in 0.5 s (100/s): 16
        // envelope points at k/15 s, 0.5 × 1 before 0.5 s and 0.5 × ½ after; no rest, no turn.
        var options = HapticPlannerOptions()
        options.sustainedMotion = true
        let plan = try plan(
            [KeyframeTrack(property: "x", keyframes: [.linear(to: 100, duration: 0.5), .linear(to: 150, duration: 0.5)])], options: options)
        #expect(plan.planned.count == 1)
        let event = try #require(plan.planned.first?.event)
        #expect(event.kind == .continuous && event.time == 0 && abs(event.duration - 1) < 1e-12 && event.intensity == 0.5 && event.sharpness == 0.3)
        #expect(event.envelope.count == 16)
        for (k, point) in event.envelope.enumerated() {
            #expect(abs(point.time - Double(k) / 15) < 1e-12)
            #expect(abs(point.intensity - (Double(k) / 15 < 0.5 ? 0.5 : 0.25)) < 1e-9, "point \(k): \(point.intensity)")
        }
        #expect(plan.planned[0].moments.map(\.kind) == [.motion])
        // Shorter than 0.25 s: no event.
        #expect(try self.plan([KeyframeTrack(property: "x", keyframes: [.linear(to: 1, duration: 0.2)])], options: options).planned.isEmpty)
    }

    @Test("prominence: events scale by opacity × scale × nearness to the centre; a hidden layer's motion is dropped")
    func prominence() throws {
        // Three layers turn at 0.2, 0.5 and 0.8 s (full-range peaks: intensity 1 unweighted).
        // A: opacity 0.5, scale 0.6 → 0.3. B: opacity 0 → dropped. C: at (0, 0) on a 100 × 100
        // canvas, a corner → ½.
        func turn(_ name: String, at t: Double) -> KeyframeTrack {
            KeyframeTrack(
                property: name,
                keyframes: [
                    .linear(to: 0, duration: t - 0.1), .linear(to: 1, duration: 0.1), .linear(to: 0, duration: 0.1),
                    .linear(to: 0, duration: 0.9 - t),
                ])
        }
        let tracks = [
            turn("A/position.x", at: 0.2), turn("B/position.x", at: 0.5), turn("C/rotation", at: 0.8),
            KeyframeTrack(property: "A/opacity", keyframes: [.linear(to: 0.5, duration: 1)]),
            KeyframeTrack(property: "A/scale", keyframes: [.linear(to: 0.6, duration: 1)]),
            KeyframeTrack(property: "B/opacity", keyframes: [.linear(to: 0, duration: 1)]),
            KeyframeTrack(property: "C/position.x", keyframes: [.linear(to: 0, duration: 1)]),
            KeyframeTrack(property: "C/position.y", keyframes: [.linear(to: 0, duration: 1)]),
        ]
        let initial = [("A/opacity", 0.5), ("A/scale", 0.6), ("B/opacity", 0.0), ("C/position.x", 0.0), ("C/position.y", 0.0)]
        let plain = try plan(tracks, initial: initial, options: HapticPlannerOptions())
        #expect(plain.planned.map(\.event.time) == [0.2, 0.5, 0.8] && plain.planned.allSatisfy { $0.event.intensity == 1 })
        var options = HapticPlannerOptions()
        options.prominenceWeighting = true
        options.canvas = .init(width: 100, height: 100)
        let weighted = try plan(tracks, initial: initial, options: options)
        #expect(weighted.planned.map(\.event.time) == [0.2, 0.8])
        #expect(abs(weighted.planned[0].event.intensity - 0.3) < 1e-12 && abs(weighted.planned[1].event.intensity - 0.5) < 1e-12)
    }

    @Test("the density cap keeps the strongest transients, never more than N in any second")
    func densityCap() throws {
        // A shake reversing every 50 ms for 1 s: 19 turns (0.05 … 0.95 s), one transient each.
        // Capped at 12 per second: any 13 of them lie within 0.9 s, so 12 are kept.
        var keyframes: [Keyframe] = []
        for k in 0..<20 { keyframes.append(.linear(to: k % 2 == 0 ? 10 : -10, duration: 0.05)) }
        let shake = KeyframeTrack(property: "x", keyframes: keyframes)
        let plain = try plan([shake], options: HapticPlannerOptions())
        #expect(plain.planned.count == 19)
        var options = HapticPlannerOptions()
        options.maximumTransientsPerSecond = 12
        let capped = try plan([shake], options: options)
        let times = capped.planned.map(\.event.time)
        #expect(times.count == 12)
        #expect(Set(times).isSubset(of: Set(plain.planned.map(\.event.time))))
    }

    @Test("an intensity envelope is written: an AHAP intensity curve (events under it compensated), Android slots and Meta points follow it")
    func envelopeEncoding() throws {
        let event = HapticEvent.continuous(
            at: 0.1, duration: 0.4, intensity: 0.8, sharpness: 0.3,
            envelope: [.init(time: 0, intensity: 0.2), .init(time: 0.2, intensity: 0.8), .init(time: 0.4, intensity: 0.4)])
        let tap = HapticEvent.transient(at: 0.2, intensity: 0.5, sharpness: 1)
        let pattern = HapticPattern(events: [event, tap], duration: 0.6)
        let ahap = AHAPEncoder().pattern(from: pattern)
        let curve = try #require(ahap.elements.compactMap { if case .parameterCurve(let c) = $0 { c } else { nil } }.first)
        #expect(curve.id == "HapticIntensityControl" && curve.time == 0.1)
        #expect(curve.controlPoints.map(\.value) == [0.25, 1, 0.5, 1] && curve.controlPoints.map(\.time) == [0, 0.2, 0.4, 0.4])
        // Under the curve at 0.2 s the control is (0.2 + 0.6 · ½) / 0.8 = 0.625: 0.5 / 0.625 = 0.8.
        let transient = try #require(ahap.elements.compactMap { if case .event(let e) = $0, e.type == .hapticTransient { e } else { nil } }.first)
        #expect(transient.parameters.first { $0.id == "HapticIntensity" }?.value == 0.8)
        #expect(AHAPValidator().validate(ahap).isEmpty)
        // Android: the slot 0.30–0.31 s (middle 0.305 s, 0.205 s in) is 0.8 − 0.4 · 0.005 / 0.2 = 0.79.
        let samples = AndroidWaveformEncoder().samples(pattern)
        #expect(samples[30] == Int((0.79 * 255).rounded()))
        // Meta: the envelope's middle point is a point of the amplitude envelope (0.8² = 0.64).
        let meta = MetaHapticEncoder().haptic(from: pattern)
        #expect(meta.amplitude.contains { abs($0.time - 0.3) < 1e-9 && abs($0.amplitude - 0.64) < 1e-9 })
    }
}
