import Foundation
import MotionCodegen
import MotionCore
import Testing

// MARK: - 1,000 seeded random specs: spec → SwiftUI → import → diff

@Suite("Generated SwiftUI for random specs reads back as its spec")
struct RandomRoundTripTests {
    @Test("1,000 seeded random animations (keyframes, phases, implicit): generated, parsed, imported, no difference")
    func thousandSpecs() throws {
        var random = RandomSpecs(seed: 14)
        let animations = (0..<1000).map { random.animation(index: $0) }.filter { (try? $0.timeline()) != nil }
        var kinds: [String: Int] = [:]
        for a in animations { kinds[a.kind, default: 0] += 1 }
        // Round trips on every core: each is independent.
        let results = Results(count: animations.count)
        let clock = ContinuousClock()
        let start = clock.now
        DispatchQueue.concurrentPerform(iterations: animations.count) { k in
            do {
                // Every 10th with its haptics (planned, and played by `.sensoryFeedback` or the
                // player); the rest without, to keep the run short (haptic code is also checked
                // for every example and by FormattingTests).
                let (source, problems) = try swiftUIRoundTrip(animations[k], screen: "Random", haptics: k % 10 == 0)
                results.set(k, problems.isEmpty ? nil : "#\(k) \(animations[k].id):\n" + problems.joined(separator: "\n") + "\n" + source)
            } catch {
                results.set(k, "#\(k) \(animations[k].id): \(error)")
            }
        }
        let failures = results.all.compactMap { $0 }
        print(
            "codegen: \(animations.count) random specs round-tripped in \(clock.now - start) "
                + "(generation \(generationTime.seconds) s, import \(importTime.seconds) s, summed over threads)")
        #expect(failures.isEmpty, "\(failures.count) failed:\n\(failures.prefix(3).joined(separator: "\n"))")
        // Every kind is exercised, and nearly every random spec is playable.
        #expect(kinds["keyframes", default: 0] > 400 && kinds["phases", default: 0] > 200 && kinds["implicit", default: 0] > 150, "\(kinds)")
        #expect(animations.count > 950)
    }
}

/// One slot per round trip, written from many threads.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [String?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ k: Int, _ value: String?) {
        lock.lock()
        slots[k] = value
        lock.unlock()
    }
    var all: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
