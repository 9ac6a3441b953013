import Foundation
import Testing

@testable import MotionCore

/// `TrackProperty` tries the segment it found last before searching: a hint that must change no
/// answer. One property asked in a scrambled order (so the hint is stale, one segment off, or
/// right) answers bit for bit what a property asked nothing before answers, and what the
/// timeline's own search (`KeyframeTimeline.state(of:at:)`) gives, at segment ends too.
@Suite("TrackProperty's segment hint")
struct SegmentHintTests {
    /// A track of every timed shape, a jump and a written hold, looping or not.
    func timeline(repeating: Bool) throws -> KeyframeTimeline {
        let keyframes: [Keyframe] = [
            .cubic(to: 10, duration: 0.3), .linear(to: 4, duration: 0.25, curve: .easeInOut),
            .spring(to: -3, duration: 0.6, spring: Spring(response: 0.4, dampingRatio: 0.4)), .move(to: 2),
            .linear(to: 2, duration: 0.2), .cubic(to: 7, duration: 0.15, startVelocity: 3, endVelocity: 0),
            .spring(to: 0, spring: Spring(response: 0.3, dampingRatio: 1)),
        ]
        return try KeyframeTimeline(
            initial: [("x", 1)], tracks: [KeyframeTrack(property: "x", keyframes: keyframes)], repeating: repeating)
    }

    /// The segment ends, times just either side of them, random times, and times outside the track.
    func times(of timeline: KeyframeTimeline, using rng: inout SeededGenerator) throws -> [Double] {
        let segments = try #require(timeline.tracks[0]).segments
        var times = [-1, 0, timeline.duration, timeline.duration + 0.37, 3 * timeline.duration, .nan, .infinity]
        for segment in segments {
            for t in [segment.start, segment.finish] { times += [t, t.nextDown, t.nextUp] }
        }
        for _ in 0..<200 { times.append(Double.random(in: 0...timeline.duration, using: &rng)) }
        times.shuffle(using: &rng)
        return times
    }

    @Test("a property asked in any order answers as a fresh one and as the timeline, bit for bit")
    func scrambledOrder() throws {
        var rng = SeededGenerator(seed: 44)
        for repeating in [false, true] {
            let timeline = try timeline(repeating: repeating)
            let times = try times(of: timeline, using: &rng)
            #expect(times.count > 230)
            let asked = TrackProperty(timeline, index: 0)
            for t in times {
                let hinted = asked.state(t), fresh = TrackProperty(timeline, index: 0).state(t)
                let reference = timeline.state(of: 0, at: t)
                #expect(hinted.value.bitPattern == fresh.value.bitPattern, "t = \(t), repeating \(repeating)")
                #expect(hinted.velocity.bitPattern == fresh.velocity.bitPattern, "t = \(t), repeating \(repeating)")
                #expect(hinted.value.bitPattern == reference.value.bitPattern, "t = \(t), repeating \(repeating)")
                #expect(hinted.velocity.bitPattern == reference.velocity.bitPattern, "t = \(t), repeating \(repeating)")
            }
        }
    }

    @Test("a velocity crossing after a stale hint is the one a fresh property finds")
    func crossingAfterStaleHint() throws {
        let timeline = try timeline(repeating: false)
        let segments = try #require(timeline.tracks[0]).timed
        let asked = TrackProperty(timeline, index: 0)
        for segment in segments.reversed() {
            // The hint is left on the last segment asked, then a crossing is sought in this one.
            _ = asked.state(timeline.duration)
            let l = segment.start + segment.duration * 0.1, h = segment.start + segment.duration * 0.9
            let fresh = TrackProperty(timeline, index: 0)
            let vl = fresh.velocity(l), vh = fresh.velocity(h)
            let level = (vl + vh) / 2
            let expected = fresh.velocityCrossing(of: level, l, h, vl - level, vh - level)
            let found = asked.velocityCrossing(of: level, l, h, vl - level, vh - level)
            #expect(found?.bitPattern == expected?.bitPattern, "segment at \(segment.start)")
        }
    }
}
