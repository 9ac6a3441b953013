import Testing

@testable import MotionCore

@Suite("Prominence search")
struct ProminenceSearchTests {
    /// Values from a small pool (long runs no higher than an extreme, as a track of many
    /// similar springs makes), with plain noise and equal values.
    func points(_ count: Int, pool: Int, using rng: inout SeededGenerator) -> [PropertyAnalysis.Point] {
        (0..<count).map { k in
            let level = Double(Int.random(in: 0..<pool, using: &rng))
            let jitter = Bool.random(using: &rng) ? 0 : Double.random(in: -1e-10...1e-10, using: &rng)
            return PropertyAnalysis.Point(time: Double(k), value: level + jitter, jumpSide: false)
        }
    }

    @Test("answers what the plain scan answers, for every point, both signs, short and long runs")
    func matchesTheScan() {
        var rng = SeededGenerator(seed: 4901)
        for (count, pool) in [(5, 2), (300, 2), (1000, 3), (2000, 40), (ProminenceSearch.scanLimit * 3, 1)] {
            let list = points(count, pool: pool, using: &rng)
            var search = ProminenceSearch(points: list)
            for index in list.indices {
                #expect(search.prominence(of: index, sign: 1) == PropertyAnalysis.prominence(of: index, in: list, kind: .max))
                #expect(search.prominence(of: index, sign: -1) == PropertyAnalysis.prominence(of: index, in: list, kind: .min))
            }
        }
    }

    @Test("a peak between two higher ones far away stands on the lowest point before each")
    func farBases() {
        // 0: 5, then 200 points at 1 with one dip to -3 at 50, the peak 2 at 100, a dip to -1 at
        // 150, then 6 at 201: left base -3, right base -1, prominence 2 - (-1) = 3.
        var values = [5.0] + [Double](repeating: 1, count: 200) + [6.0]
        values[50] = -3
        values[100] = 2
        values[150] = -1
        let list = values.enumerated().map { PropertyAnalysis.Point(time: Double($0.offset), value: $0.element, jumpSide: false) }
        var search = ProminenceSearch(points: list)
        #expect(search.prominence(of: 100, sign: 1) == 3)
        // The dip at 50 as a minimum: nothing is lower on either side, so each base is the
        // highest point on that side, the ends' 5 and 6; the lower of them, 5, is 8 above -3.
        #expect(search.prominence(of: 50, sign: -1) == 8)
    }
}
