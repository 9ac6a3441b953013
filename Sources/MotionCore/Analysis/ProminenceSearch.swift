// MARK: - ProminenceSearch

/// The topographic prominence of extremes, in O(log n) each however far their bases lie.
///
/// A scan from an extreme to the nearest higher point on each side is short for most motion,
/// but a track of many similar springs puts near-equal peaks side by side, and each scan then
/// runs over most of the track (n² in all). The search scans a few points first, and only when
/// that does not reach a higher point asks two segment trees (range maximum and minimum of the
/// signed values, built once on first need): the nearest higher point by descent, the lowest
/// point before it by a range minimum. Both answer exactly what the scan answers.
struct ProminenceSearch {
    /// The points the extremes are among (shared with the caller's array, not copied).
    private let points: [PropertyAnalysis.Point]
    /// Per sign (+1: maxima, −1: minima): the trees over `sign × value`, built on first need.
    private var trees: [Double: SignedRangeTree] = [:]
    /// Points a scan looks at on each side before the trees are asked.
    static let scanLimit = 64

    init(points: [PropertyAnalysis.Point]) {
        self.points = points
    }

    /// Prominence of the extreme at `index`: for a maximum (`sign` 1) its height above the higher
    /// of the two lowest points between it and the nearest higher point on each side (or the
    /// ends); mirrored for a minimum (`sign` −1). "Higher" means by more than float noise.
    mutating func prominence(of index: Int, sign: Double) -> Double {
        let h = sign * points[index].value
        let noise = 1e-9 * max(1, abs(h))
        let top = h + noise
        var leftBase = h, rightBase = h
        var i = index - 1
        var steps = 0
        while i >= 0, sign * points[i].value <= top, steps < Self.scanLimit {
            leftBase = min(leftBase, sign * points[i].value)
            i -= 1
            steps += 1
        }
        if i >= 0, steps == Self.scanLimit, sign * points[i].value <= top {
            let tree = self.tree(sign)
            let stop = tree.lastAbove(top, before: i + 1)
            if stop + 1 <= i { leftBase = min(leftBase, tree.minimum(stop + 1, i + 1)) }
        }
        i = index + 1
        steps = 0
        while i < points.count, sign * points[i].value <= top, steps < Self.scanLimit {
            rightBase = min(rightBase, sign * points[i].value)
            i += 1
            steps += 1
        }
        if i < points.count, steps == Self.scanLimit, sign * points[i].value <= top {
            let tree = self.tree(sign)
            let stop = tree.firstAbove(top, from: i)
            if i < stop { rightBase = min(rightBase, tree.minimum(i, stop)) }
        }
        return h - max(leftBase, rightBase)
    }

    private mutating func tree(_ sign: Double) -> SignedRangeTree {
        if let tree = trees[sign] { return tree }
        let tree = SignedRangeTree(points.map { sign * $0.value })
        trees[sign] = tree
        return tree
    }
}

// MARK: - SignedRangeTree

/// Two segment trees over one list (range maximum, range minimum), leaves at `size + i`.
struct SignedRangeTree {
    private let size: Int
    private let count: Int
    private var high: [Double]
    private var low: [Double]

    init(_ values: [Double]) {
        count = values.count
        var size = 1
        while size < max(1, count) { size *= 2 }
        self.size = size
        high = [Double](repeating: -.infinity, count: 2 * size)
        low = [Double](repeating: .infinity, count: 2 * size)
        for (i, v) in values.enumerated() {
            high[size + i] = v
            low[size + i] = v
        }
        var node = size - 1
        while node >= 1 {
            high[node] = max(high[2 * node], high[2 * node + 1])
            low[node] = min(low[2 * node], low[2 * node + 1])
            node -= 1
        }
    }

    /// The nodes that cover `start..<end`, in list order. O(log n).
    private func cover(_ start: Int, _ end: Int) -> [Int] {
        var left: [Int] = [], right: [Int] = []
        var l = start + size, r = end + size
        while l < r {
            if l & 1 == 1 {
                left.append(l)
                l += 1
            }
            if r & 1 == 1 {
                r -= 1
                right.append(r)
            }
            l >>= 1
            r >>= 1
        }
        return left + right.reversed()
    }

    /// The last index before `end` whose value is above `threshold`, or −1. O(log n).
    func lastAbove(_ threshold: Double, before end: Int) -> Int {
        guard var node = cover(0, end).last(where: { high[$0] > threshold }) else { return -1 }
        while node < size { node = high[2 * node + 1] > threshold ? 2 * node + 1 : 2 * node }
        return node - size
    }

    /// The first index from `start` on whose value is above `threshold`, or the count. O(log n).
    func firstAbove(_ threshold: Double, from start: Int) -> Int {
        guard var node = cover(start, count).first(where: { high[$0] > threshold }) else { return count }
        while node < size { node = high[2 * node] > threshold ? 2 * node : 2 * node + 1 }
        return node - size
    }

    /// The least value in `start..<end` (not empty). O(log n).
    func minimum(_ start: Int, _ end: Int) -> Double {
        cover(start, end).reduce(Double.infinity) { min($0, low[$1]) }
    }
}
