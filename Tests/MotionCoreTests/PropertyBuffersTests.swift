import Foundation
import Testing

@testable import MotionCore

/// `PropertyBuffers`: an array given back is handed out again empty with its room, and one still
/// held elsewhere is never changed under its holder.
@Suite("Property buffers")
struct PropertyBuffersTests {
    @Test("a given array comes back empty, with its room and its storage; the slot is empty while it is out")
    func reuse() {
        let buffers = PropertyBuffers()
        var times = buffers.stationary.take().emptied()
        #expect(times.isEmpty)
        times.reserveCapacity(100)
        times += [0.25, 0.5, 0.75]
        let storage = times.withUnsafeBufferPointer { $0.baseAddress }
        buffers.stationary.keepRoom(of: times)
        times = []
        let again = buffers.stationary.take().emptied()
        #expect(again.isEmpty && again.capacity >= 100)
        #expect(again.withUnsafeBufferPointer { $0.baseAddress } == storage, "the same storage, not a new allocation")
        #expect(buffers.stationary.take().emptied().capacity == 0, "taken: the slot is empty until it is given back")
        // The slots are apart.
        buffers.cuts.keepRoom(of: [1.0, 2.0])
        #expect(buffers.breakpoints.take().emptied().isEmpty && buffers.cuts.take().emptied().capacity >= 2)
    }

    @Test("stretch arrays are kept one per window searched at once: two out together are two arrays, both handed out again empty")
    func stretchStack() {
        let buffers = PropertyBuffers()
        let stretch = RestStretch(t0: 0, t1: 1, s0: 0, s1: 1, x0: 0, x1: 1, v0: 0, v1: 1)
        var outer = buffers.takeStretches(), inner = buffers.takeStretches()
        outer.append(contentsOf: repeatElement(stretch, count: 40))
        inner.append(stretch)
        let outerStorage = outer.withUnsafeBufferPointer { $0.baseAddress }, innerStorage = inner.withUnsafeBufferPointer { $0.baseAddress }
        #expect(outerStorage != innerStorage)
        buffers.giveStretches(inner)
        buffers.giveStretches(outer)
        (outer, inner) = ([], [])
        let first = buffers.takeStretches(), second = buffers.takeStretches()
        #expect(first.isEmpty && second.isEmpty)
        #expect(first.withUnsafeBufferPointer { $0.baseAddress } == outerStorage && first.capacity >= 40, "the last given is the first taken")
        #expect(second.withUnsafeBufferPointer { $0.baseAddress } == innerStorage)
        #expect(buffers.takeStretches().capacity == 0, "none left: a new, empty array")
    }

    @Test("an array with room for more than keptCapacity elements is let go, not kept")
    func wideArraysAreNotKept() {
        let buffers = PropertyBuffers()
        var wide = buffers.pieces.take().emptied()
        wide.reserveCapacity(PropertyBuffers.keptCapacity + 1)
        buffers.pieces.keepRoom(of: wide)
        #expect(buffers.pieces.take().emptied().capacity == 0)
        var stretches = buffers.takeStretches()
        stretches.reserveCapacity(PropertyBuffers.keptCapacity + 1)
        buffers.giveStretches(stretches)
        #expect(buffers.takeStretches().capacity == 0)
        var small = buffers.pieces.take().emptied()
        small.reserveCapacity(PropertyBuffers.keptCapacity / 2)
        buffers.pieces.keepRoom(of: small)
        #expect(buffers.pieces.take().emptied().capacity >= PropertyBuffers.keptCapacity / 2)
    }

    @Test("an array given back while another holder keeps it is copied when taken again: the holder's elements stay")
    func sharedArrayIsNotChanged() {
        let buffers = PropertyBuffers()
        let kept: [Double] = [1, 2, 3]
        buffers.cuts.keepRoom(of: kept)
        var reused = buffers.cuts.take().emptied()
        reused.append(9)
        #expect(kept == [1, 2, 3] && reused == [9])
    }

    @Test("properties analysed one after another with one set of buffers give, to the bit, what each gives with none (phases, keyframes, loops)")
    func sharedEqualsSeparate() throws {
        var rng = SeededGenerator(seed: 59)
        let names = ["x", "y", "scale"]
        let buffers = PropertyBuffers()
        for trial in 0..<24 {
            let timeline: any MotionTimeline
            if trial % 2 == 0 {
                let phases = (0..<4).map { k in
                    Phase(
                        name: "p\(k)", values: names.map { ($0, Double.random(in: -50...50, using: &rng)) },
                        animation: PhaseAnimation(
                            Bool.random(using: &rng)
                                ? .spring(
                                    Spring(
                                        response: Double.random(in: 0.2...0.6, using: &rng), dampingRatio: Double.random(in: 0.3...1.2, using: &rng)))
                                : .bezier(.easeInOut, duration: Double.random(in: 0.1...0.4, using: &rng))))
                }
                timeline = try PhaseTimeline(phases: phases, repeating: trial % 4 == 0)
            } else {
                let tracks = names.map { name in
                    KeyframeTrack(
                        property: name,
                        keyframes: (0..<5).map { k -> Keyframe in
                            let to = Double.random(in: -50...50, using: &rng), d = Double.random(in: 0.05...0.3, using: &rng)
                            switch k % 3 {
                            case 0: return .cubic(to: to, duration: d)
                            case 1: return .linear(to: to, duration: d, curve: .easeInOut)
                            default: return .spring(to: to, duration: d, spring: Spring(response: 0.3, dampingRatio: 0.5))
                            }
                        })
                }
                timeline = try KeyframeTimeline(initial: [], tracks: tracks, repeating: trial % 3 == 0)
            }
            for p in names.indices {
                // The motions the analyser uses (a phase loop seen in its first cycles here: the same
                // curve either way), and the generic one.
                func compare<Motion: PropertyMotion>(_ make: () -> Motion) -> Bool {
                    let alone = PropertyAnalysis(timeline: timeline, index: p, motion: make(), options: .standard, wraps: timeline.isRepeating)
                    let reusing = PropertyAnalysis(
                        timeline: timeline, index: p, motion: make(), options: .standard, wraps: timeline.isRepeating, buffers: buffers)
                    return alone.range == reusing.range && alone.peaks == reusing.peaks && alone.holds == reusing.holds
                        && alone.snaps == reusing.snaps && alone.impacts == reusing.impacts && alone.writtenHolds == reusing.writtenHolds
                }
                if let phases = timeline as? PhaseTimeline {
                    #expect(compare { PhaseProperty(phases, index: p, span: phases.duration + 1) }, "trial \(trial), property \(names[p])")
                } else if let keyframes = timeline as? KeyframeTimeline {
                    #expect(compare { TrackProperty(keyframes, index: p) }, "trial \(trial), property \(names[p])")
                }
                #expect(compare { TimelineProperty(timeline: timeline, index: p) }, "trial \(trial), property \(names[p])")
            }
        }
    }
}
