// MARK: - ReferenceGrid

/// The reference grid of one breakpoint piece [a, b] on which a rest search chooses its slowest
/// moment (`RestSearch`): n intervals, the points at a + (b − a)·k/n, the first just after a
/// (where the piece's own curve starts) and the last at b.
struct ReferenceGrid {
    let a: Double
    let b: Double
    /// The number of intervals.
    let n: Int
    /// The right-limit offset at a breakpoint (s).
    let delta: Double
    /// The grid's times never decrease: all but a piece a few right-limit offsets long.
    let increasing: Bool

    init(a: Double, b: Double, n: Int, delta: Double) {
        self.a = a
        self.b = b
        self.n = n
        self.delta = delta
        increasing = a + (b - a) * 1 / Double(n) >= a + delta
    }

    /// The time of point k (0…n).
    func time(_ k: Int) -> Double { k == 0 ? a + delta : (k == n ? b : a + (b - a) * Double(k) / Double(n)) }

    /// The first point at or after `first` (n + 1: none): the estimate corrected by a step either way.
    func firstIndex(atLeast first: Double) -> Int {
        var k0 = max(0, min(n, Int(((first - a) / (b - a) * Double(n)).rounded(.down))))
        while k0 > 0 && time(k0 - 1) >= first { k0 -= 1 }
        while k0 <= n && time(k0) < first { k0 += 1 }
        return k0
    }

    /// The last point at or before `last` (−1: none): the estimate corrected by a step either way.
    func lastIndex(atMost last: Double) -> Int {
        var k1 = max(0, min(n, Int(((last - a) / (b - a) * Double(n)).rounded(.up))))
        while k1 < n && time(k1 + 1) <= last { k1 += 1 }
        while k1 >= 0 && time(k1) > last { k1 -= 1 }
        return k1
    }
}
