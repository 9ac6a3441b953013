// MARK: - Unchecked reads

extension ContiguousArray {
    /// The element at `index`, read without the bounds check of `subscript(_:)` (checked in debug
    /// builds only). For the analysis's innermost loops, whose index ranges are checked once
    /// against the array's count before the loop (`PhaseProperty.activeTerms`): the loops over a
    /// phase property's terms read six parallel arrays a term, and the checks of those reads were
    /// about 4 % of a phase animation's instructions. O(1).
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
}
