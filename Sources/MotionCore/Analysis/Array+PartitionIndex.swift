// MARK: - Binary search

extension Array {
    /// The first index in 0..<`end` whose element `isPast` holds for, where it is false for a
    /// prefix of the elements and true for the rest (a sorted array's binary search); `end` when
    /// it holds for none. O(log end).
    func partitionIndex(upTo end: Int? = nil, where isPast: (Element) -> Bool) -> Int {
        var lo = 0, hi = Swift.min(end ?? count, count)
        while lo < hi {
            let mid = (lo + hi) >> 1
            if isPast(self[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
