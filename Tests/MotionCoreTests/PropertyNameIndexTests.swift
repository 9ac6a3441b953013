import Foundation
import Testing

@testable import MotionCore

@Suite("Property name index")
struct PropertyNameIndexTests {
    /// A name drawn from a small pool, so that names repeat; long ones too (not small strings).
    func name(_ k: Int) -> String { k % 3 == 0 ? "property-with-a-long-name-\(k)" : "p\(k)" }

    @Test("first-seen order and positions, with repeats, below and above the scan limit")
    func matchesAReference() {
        var rng = SeededGenerator(seed: 1217)
        for pool in [3, PropertyNameIndex.scanLimit, PropertyNameIndex.scanLimit + 1, 60] {
            var index = PropertyNameIndex()
            var order: [String] = [], positions: [String: Int] = [:]
            for _ in 0..<(4 * pool) {
                let n = name(Int.random(in: 0..<pool, using: &rng))
                let expected = positions[n] == nil
                if expected {
                    positions[n] = order.count
                    order.append(n)
                }
                let result = index.insert(n)
                #expect(result.inserted == expected)
                #expect(result.position == positions[n])
            }
            #expect(index.names == order)
            for (n, k) in positions { #expect(index.position(of: n) == k) }
            #expect(index.position(of: "absent") == nil)
        }
    }

    @Test("a keyframe timeline of many properties keeps declaration order and the first initial value")
    func wideKeyframeTimeline() throws {
        // 40 properties: past the scan limit. Initial values name every other property, some twice
        // (the first counts); tracks name every property, some twice (the later one starts where
        // the earlier ends and replaces it).
        var initial: [(String, Double)] = []
        for k in Swift.stride(from: 0, to: 40, by: 2) { initial.append(("q\(k)", Double(k))) }
        initial.append(("q4", 999))
        var tracks: [KeyframeTrack] = []
        for k in 0..<40 { tracks.append(KeyframeTrack(property: "q\(k)", keyframes: [.linear(to: Double(k) + 1, duration: 0.1, curve: .linear)])) }
        tracks.append(KeyframeTrack(property: "q7", keyframes: [.linear(to: 50, duration: 0.2, curve: .linear)]))
        let timeline = try KeyframeTimeline(initial: initial, tracks: tracks)
        let expected = Swift.stride(from: 0, to: 40, by: 2).map { "q\($0)" } + Swift.stride(from: 1, to: 40, by: 2).map { "q\($0)" }
        #expect(timeline.properties == expected)
        for (i, p) in timeline.properties.enumerated() {
            let k = Int(p.dropFirst())!
            #expect(timeline.initialValues[i] == (k % 2 == 0 ? Double(k) : 0))
            // q7's second track starts from where the first ended (8) and goes to 50 in 0.2 s.
            #expect(timeline.value(of: i, at: 0.2) == (k == 7 ? 50 : Double(k) + 1))
        }
        #expect(timeline.duration == 0.2)
    }
}
