// MARK: - Sorted times

extension Array where Element == Double {
    /// Sorts the times in place and keeps the first of each run of equal ones: each time once,
    /// in increasing order (no hashing). O(n log n), no allocation beyond the sort's.
    mutating func sortRemovingRepeats() {
        sort()
        var kept = 0
        for i in indices where kept == 0 || self[kept - 1] != self[i] {
            self[kept] = self[i]
            kept += 1
        }
        removeLast(count - kept)
    }

    /// Whether these sorted times hold `time` exactly. Binary search (`partitionIndex`): O(log n).
    func sortedContains(_ time: Double) -> Bool {
        let i = partitionIndex { !($0 < time) }
        return i < count && self[i] == time
    }

    /// Each time greater than the one before it (what `sortRemovingRepeats` leaves). O(n).
    var isStrictlyIncreasing: Bool {
        var i = 1
        while i < count {
            if !(self[i - 1] < self[i]) { return false }
            i += 1
        }
        return true
    }
}
