import Testing

@testable import MotionHaptics

@Suite("Nearest moment")
struct NearestMomentTests {
    /// The scan `HapticAlignment.align` made before the lookup: the first nearest in list order.
    func scan(_ times: [Double], _ time: Double, cycle: Double?) -> Double? {
        times.min { abs(HapticAlignment.offset(time, from: $0, cycle: cycle)) < abs(HapticAlignment.offset(time, from: $1, cycle: cycle)) }
    }

    @Test("finds what a scan finds, ties and loops included")
    func matchesTheScan() {
        var state: UInt64 = 0x49
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for trial in 0..<400 {
            // Times on a coarse grid so that ties (equal distances either side, equal times) occur.
            let count = next(12)
            let times = (0..<count).map { _ in Double(next(21)) / 20 }
            let cycle: Double? = trial % 2 == 0 ? nil : 1
            let lookup = NearestMoment(times, cycle: cycle)
            for k in -5...25 {
                let time = Double(k) / 20 + (k % 3 == 0 ? 0.025 : 0)
                #expect(
                    lookup.nearest(to: time) == scan(times, time, cycle: cycle), "times \(times), time \(time), cycle \(String(describing: cycle))")
            }
        }
    }

    @Test("an event near a loop's end is nearest a moment at its start")
    func wraps() {
        let lookup = NearestMoment([0.02, 0.5], cycle: 1)
        #expect(lookup.nearest(to: 0.99) == 0.02)
        #expect(NearestMoment([0.02, 0.5], cycle: nil).nearest(to: 0.99) == 0.5)
        #expect(NearestMoment([], cycle: 1).nearest(to: 0.3) == nil)
    }
}
