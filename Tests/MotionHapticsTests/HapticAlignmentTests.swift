import Foundation
import MotionCore
import Testing

@testable import MotionHaptics

@Suite("haptic alignment")
struct HapticAlignmentTests {
    /// 1 → 0 → 1, linear, 0.5 s each way, repeating: a max at the cycle boundary (0 s) and a min at 0.5 s.
    func loop() throws -> MotionAnalysis {
        let timeline = try KeyframeTimeline(
            initial: [("x", 1)], tracks: [KeyframeTrack(property: "x", keyframes: [.linear(to: 0, duration: 0.5), .linear(to: 1, duration: 0.5)])],
            repeating: true)
        return MotionAnalyzer().analyze(timeline)
    }

    @Test("in a loop, distances wrap around the cycle: 0.99 s is 10 ms before the turn at 0 s")
    func loopWraps() throws {
        let analysis = try loop()
        #expect(analysis.isRepeating && analysis.duration == 1)
        let events: [HapticEvent] = [
            .transient(at: 0.99, intensity: 1, sharpness: 0.5), .transient(at: 0.96, intensity: 1, sharpness: 0.5),
            .transient(at: 0.03, intensity: 1, sharpness: 0.5),
        ]
        let a = HapticAlignment.align(events, to: analysis)
        #expect(a.map(\.nearest) == [0, 0, 0])
        #expect(abs(a[0].offset! + 0.01) < 1e-12 && a[0].verdict == .ok)
        #expect(abs(a[1].offset! + 0.04) < 1e-12 && a[1].verdict == .leads)
        #expect(abs(a[2].offset! - 0.03) < 1e-12 && a[2].verdict == .ok)
        // The same times in a one-shot animation are measured straight: 0.99 s is 490 ms after 0.5 s.
        let once = MotionAnalyzer().analyze(
            try KeyframeTimeline(
                initial: [("x", 1)],
                tracks: [KeyframeTrack(property: "x", keyframes: [.linear(to: 0, duration: 0.5), .linear(to: 1, duration: 0.5)])]))
        let straight = HapticAlignment.align([events[0]], to: once)
        #expect(straight[0].nearest == 0.5 && abs(straight[0].offset! - 0.49) < 1e-12 && straight[0].verdict == .lags)
    }

    @Test("a haptic cue is a moment: an event on it is on time; a pin is not, so a stray pin still lags")
    func cuesAreMoments() throws {
        let analysis = try loop()
        let onCue = HapticEvent.transient(at: 0.25, intensity: 1, sharpness: 0.5)
        #expect(HapticAlignment.align([onCue], to: analysis)[0].verdict == .leads || HapticAlignment.align([onCue], to: analysis)[0].verdict == .lags)
        let withCue = HapticAlignment.align([onCue], to: analysis, cues: [Cue(name: "haptic-click", time: 0.25), Cue(name: "sound", time: 0.3)])
        #expect(withCue[0].nearest == 0.25 && withCue[0].offset == 0 && withCue[0].verdict == .ok)
        // A cue not named haptic… is not a haptic moment.
        let soundOnly = HapticAlignment.align(
            [HapticEvent.transient(at: 0.3, intensity: 1, sharpness: 0.5)], to: analysis, cues: [Cue(name: "sound", time: 0.3)])
        #expect(soundOnly[0].nearest != 0.3)
    }

    @Test("issue 12: a transient is measured from peaks, impacts and snaps, never from a hold's start; a continuous event from hold starts")
    func kindsOfMoments() throws {
        // x: a bump peaking at 0.2 s. y: up to 1 by 0.25 s, rests until 0.5 s, then on up to 2:
        // monotone, so its only moment is the interior hold starting at 0.25 s.
        let timeline = try KeyframeTimeline(tracks: [
            KeyframeTrack(property: "x", keyframes: [.linear(to: 1, duration: 0.2), .linear(to: 0, duration: 0.2)]),
            KeyframeTrack(property: "y", keyframes: [.linear(to: 1, duration: 0.25), .linear(to: 1, duration: 0.25), .linear(to: 2, duration: 0.2)]),
        ])
        let analysis = MotionAnalyzer().analyze(timeline)
        #expect(analysis.peaks.map(\.time).contains(0.2))
        #expect(analysis.holds.contains { $0.position == .interior && abs($0.start - 0.25) < 1e-9 })
        let a = HapticAlignment.align(
            [.transient(at: 0.24, intensity: 1, sharpness: 0.5), .continuous(at: 0.24, duration: 0.1, intensity: 0.35, sharpness: 0.2)], to: analysis)
        // The transient 40 ms after the peak (the hold start 10 ms away is not its moment).
        #expect(a[0].nearest == 0.2 && abs(a[0].offset! - 0.04) < 1e-12 && a[0].verdict == .ok)
        // The continuous event 10 ms before the hold's start.
        #expect(a[1].nearest.map { abs($0 - 0.25) < 1e-9 } == true && abs(a[1].offset! + 0.01) < 1e-9)
    }

    @Test("issue 12: an offset that rounds to zero prints +0.0 ms, never -0.0 ms")
    func noNegativeZero() {
        let a = HapticAlignment(time: 0.2 - 1e-6, kind: .transient, nearest: 0.2)
        #expect(a.offset! < 0)
        #expect(a.offsetText == "+0.0 ms")
        #expect(HapticAlignment.roundedMs(-1e-6).sign == .plus)
        #expect(HapticAlignment(time: 0.2125, kind: .transient, nearest: 0.2).offsetText == "+12.5 ms")
        #expect(HapticAlignment(time: 0.1875, kind: .transient, nearest: 0.2).offsetText == "-12.5 ms")
    }
}
