import Foundation
import MotionCore
import MotionStore
import MotionTestSupport
import Testing

/// The stored analysis text written straight to bytes (`AnalysisText`) against Foundation's
/// `JSONEncoder` with sorted keys, which wrote it before: the same bytes, and it reads back to
/// the same analysis.
@Suite("stored analysis text")
struct AnalysisTextTests {
    /// Random keyframe tracks of every keyframe type (moves make snaps, repeated values make
    /// written holds, springs overshoot), some repeating, and phase loops.
    static func specs(count: Int) -> [AnimationSpec] {
        var rng = SplitMix64(seed: 42)
        var specs: [AnimationSpec] = []
        for n in 0..<count {
            if n % 4 == 3 {
                let phases = (0..<Int.random(in: 2...4, using: &rng)).map { k in
                    Phase(
                        name: "p\(k)", values: [("o", Double(Int.random(in: 0...4, using: &rng)) / 4)],
                        animation: Bool.random(using: &rng)
                            ? PhaseAnimation(.bezier(.easeInOut, duration: Double.random(in: 0.1...0.6, using: &rng)))
                            : PhaseAnimation(
                                .spring(Spring(duration: Double.random(in: 0.2...0.8, using: &rng), bounce: Double.random(in: 0...0.6, using: &rng))))
                    )
                }
                specs.append(AnimationSpec(id: "p\(n)", trigger: .repeating, motion: .phases(phases)))
                continue
            }
            var tracks: [KeyframeTrack] = []
            for property in ["scale", "y", "still"] {
                var keyframes: [Keyframe] = []
                var value = 0.0
                for _ in 0..<Int.random(in: 1...6, using: &rng) {
                    if property != "still" && Int.random(in: 0...4, using: &rng) > 0 { value = Double(Int.random(in: -8...8, using: &rng)) / 4 }
                    let d = Double(Int.random(in: 1...40, using: &rng)) / 100
                    switch Int.random(in: 0...3, using: &rng) {
                    case 0: keyframes.append(.linear(to: value, duration: d, curve: Bool.random(using: &rng) ? .easeOut : .linear))
                    case 1:
                        keyframes.append(
                            .spring(to: value, duration: d, spring: Spring(duration: 0.4, bounce: Double.random(in: 0...0.7, using: &rng))))
                    case 2: keyframes.append(.cubic(to: value, duration: d))
                    default: keyframes.append(.move(to: value))
                    }
                }
                tracks.append(KeyframeTrack(property: property, keyframes: keyframes))
            }
            specs.append(AnimationSpec(id: "k\(n)", trigger: .tap, motion: .keyframes(initial: [], tracks: tracks, repeating: n % 5 == 0)))
        }
        return specs
    }

    @Test("300 analyses of random keyframes and phases: the same bytes as JSONEncoder (sorted keys), and each reads back equal")
    func sameAsFoundation() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var seen = (peaks: 0, holds: 0, written: 0, snaps: 0, unmoved: 0)
        for spec in Self.specs(count: 300) {
            guard let timeline = try? spec.timeline() else { continue }
            let analysis = MotionAnalyzer().analyze(timeline)
            let text = AnalysisText.encode(analysis)
            let foundation = String(decoding: try encoder.encode(analysis), as: UTF8.self)
            #expect(text == foundation, "\(spec.id)")
            #expect(AnalysisText.decode(text) == analysis, "\(spec.id)")
            seen.peaks += analysis.peaks.count
            seen.holds += analysis.holds.count
            seen.written += analysis.writtenHolds.count
            seen.snaps += analysis.snaps.count
            seen.unmoved += analysis.ranges.filter { $0.firstVisibleChange == nil }.count
        }
        // Every member kind was written, optional ones left out included.
        #expect(seen.peaks > 0 && seen.holds > 0 && seen.written > 0 && seen.snaps > 0 && seen.unmoved > 0, "\(seen)")
    }

    @Test("a text that is not an analysis reads as nil")
    func notAnAnalysis() {
        #expect(AnalysisText.decode("{}") == nil)
        #expect(AnalysisText.decode("not json") == nil)
    }
}
