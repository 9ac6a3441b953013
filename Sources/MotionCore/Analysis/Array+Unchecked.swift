// MARK: - Unchecked reads

extension ContiguousArray {
    /// The element at `index`, read without the bounds check of `subscript(_:)` (checked in debug
    /// builds only). For the analysis's innermost loops, whose index ranges are checked once
    /// against the array's count before the loop (`PhaseProperty.activeTerms`): the loops over a
    /// phase property's terms read six parallel arrays a term, and a check on each of those reads
    /// is a measurable part of a phase animation's analysis. O(1).
    @inline(__always) subscript(unchecked index: Int) -> Element {
        withUnsafeBufferPointer { $0[index] }
    }
}

extension Array {
    /// The element at `index`, read without the bounds check (checked in debug builds only): as
    /// `ContiguousArray.subscript(unchecked:)`, for indices a binary search over the array, or
    /// over one of the same length, has already bounded. O(1).
    @inline(__always) subscript(unchecked index: Int) -> Element {
        withUnsafeBufferPointer { $0[index] }
    }

    /// The first index in 0..<`end` whose element `isPast` holds for, where it is false for a
    /// prefix of the elements and true for the rest (a sorted array's binary search); `end` when
    /// it holds for none. Every index read lies in lo ≤ mid < hi ≤ `end` ≤ count: read
    /// unchecked. O(log end).
    @inline(__always) func partitionIndex(upTo end: Int? = nil, where isPast: (Element) -> Bool) -> Int {
        var lo = 0, hi = Swift.min(end ?? count, count)
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            if isPast(self[unchecked: mid]) { hi = mid } else { lo = mid &+ 1 }
        }
        return lo
    }
}
