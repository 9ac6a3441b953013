import Foundation
import MotionCore
import Testing

@testable import MotionHaptics

@Suite("haptic planner: fusing moments scales with the moments")
struct FusionTests {
    /// The planner's rule written the plain way (every anchor scans every moment): the reference.
    static func reference(_ merged: [HapticMoment], window: Double) -> [[HapticMoment]] {
        let order = merged.indices.sorted { (merged[$0].strength, -merged[$0].time) > (merged[$1].strength, -merged[$1].time) }
        var taken = Set<Int>()
        var groups: [[HapticMoment]] = []
        for anchor in order where !taken.contains(anchor) {
            taken.insert(anchor)
            var group = [merged[anchor]]
            // Nearest the anchor first, the stronger on a tie (`order` is by strength).
            let t = merged[anchor].time
            let nearest = order.enumerated().sorted { (abs(merged[$0.element].time - t), $0.offset) < (abs(merged[$1.element].time - t), $1.offset) }
                .map(\.element)
            for other in nearest
            where !taken.contains(other) && abs(merged[other].time - t) < window
                && !group.contains(where: { $0.property == merged[other].property })
            {
                taken.insert(other)
                group.append(merged[other])
            }
            groups.append(group.sorted { $0.time < $1.time })
        }
        return groups
    }

    /// Deterministic moments: `n` of them over `span` seconds on `properties` properties.
    static func moments(_ n: Int, span: Double, properties: Int, seed: UInt64) -> [HapticMoment] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<n).map { _ in
            HapticMoment(
                kind: .peak, property: "p\(Int(next() * Double(properties)))", time: (next() * span * 1000).rounded() / 1000,
                strength: (next() * 20).rounded() / 20, sharpness: next())
        }
    }

    @Test(
        "the same groups as the plain rule, on dense and sparse random moments",
        arguments: [(300, 1.0, 3), (500, 20.0, 5), (200, 0.2, 8), (400, 5.0, 1)])
    func sameGroups(n: Int, span: Double, properties: Int) {
        let planner = HapticPlanner()
        for seed: UInt64 in 1...5 {
            let merged = Self.moments(n, span: span, properties: properties, seed: seed)
            let fused = planner.fuse(merged, settings: HapticSettings()).map(\.moments)
            #expect(fused == Self.reference(merged, window: planner.options.fusionWindow), "seed \(seed)")
        }
    }

    @Test("a group takes each other property's moment nearest its anchor, so no second event lands on the same instant")
    func nearestMoment() {
        // q peaks at 0.30 (strongest); p at 0.30 (weak) and at 0.3667 (stronger than that one).
        // Taking p's strongest moment into q's group left p at 0.30 to anchor an event at 0.30 too.
        let merged = [
            HapticMoment(kind: .peak, property: "q", time: 0.3, strength: 1, sharpness: 0.5),
            HapticMoment(kind: .peak, property: "p", time: 0.3, strength: 0.2, sharpness: 0.5),
            HapticMoment(kind: .peak, property: "p", time: 0.3667, strength: 0.9, sharpness: 0.5),
        ]
        let events = HapticPlanner().fuse(merged, settings: HapticSettings())
        #expect(events.map(\.event.time) == [0.3, 0.3667])
        #expect(events[0].moments.map(\.property).sorted() == ["p", "q"] && events[0].moments.allSatisfy { $0.time == 0.3 })
    }

    @Test("the work grows linearly: 40,000 moments take about four times the steps of 10,000 (the plain rule: sixteen times, 8e8 comparisons)")
    func scales() {
        let planner = HapticPlanner()
        // The same density (moments per second) at both sizes.
        let small = planner.fuseCounting(Self.moments(10_000, span: 150, properties: 4, seed: 7), settings: HapticSettings())
        let large = planner.fuseCounting(Self.moments(40_000, span: 600, properties: 4, seed: 7), settings: HapticSettings())
        #expect(large.events.map(\.moments.count).reduce(0, +) == 40_000)
        let ratio = Double(large.work) / Double(small.work)
        #expect(ratio > 3.5 && ratio < 4.5, "\(small.work) → \(large.work)")
        #expect(large.work < 40_000 * 40, "\(large.work)")
    }
}
