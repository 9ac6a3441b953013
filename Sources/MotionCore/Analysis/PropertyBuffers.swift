// MARK: - PropertyBuffers

/// The arrays one property's analysis builds and drops: its pieces and the cuts they are made
/// from (`CurvePieces`), its stationary points, breakpoints and monotone sequence
/// (`PropertyAnalysis.Skeleton`), its slow runs and their edges (`CurvePieces.slowRuns`), the
/// cuts between monotone stretches of a piece, and the rest search's stretches (`RestSearch`).
/// Kept, emptied with their room, for the next property's analysis (`AnalysisScratch`), so no
/// property pays to allocate and free them again. Internal; one analysis at a time, on one
/// thread.
///
/// An array is taken out (`take…`: the slot is left empty), filled, and given back (`give…`)
/// once the analysis is done with it. Whatever else still holds a given array makes its next use
/// copy it first (copy on write): never a wrong figure, only the allocation the buffer was to
/// save.
final class PropertyBuffers {
    struct Slots {
        var pieces: [CurvePiece] = []
        var cuts: [Double] = []
        var breakpoints: [Double] = []
        var stationary: [Double] = []
        var points: [PropertyAnalysis.Point] = []
        var slowEdges: [(start: SlowEdge, end: SlowEdge)] = []
        var runs: [(start: Double, end: Double)] = []
        var monotoneCuts: [Double] = []
        /// The rest search's stretch arrays: one for each window being searched at once (its
        /// inner windows are searched while its own array is in use).
        var stretches: [[RestStretch]] = []
    }

    private var slots = Slots()

    /// The array at `path`, emptied, its room kept; the slot is left empty. O(count) (the
    /// elements are plain values: nothing to release). No allocation.
    func take<Element>(_ path: WritableKeyPath<Slots, [Element]>) -> [Element] {
        var array: [Element] = []
        swap(&array, &slots[keyPath: path])
        array.removeAll(keepingCapacity: true)
        return array
    }

    /// An empty array of stretches, with the room of one given back before (none: a new one).
    func takeStretches() -> [RestStretch] {
        var array = slots.stretches.popLast() ?? []
        array.removeAll(keepingCapacity: true)
        return array
    }

    /// Gives back an array of stretches (`takeStretches()`), for the next window's search (not
    /// one over `keptCapacity`).
    func giveStretches(_ array: [RestStretch]) {
        guard array.capacity <= Self.keptCapacity else { return }
        slots.stretches.append(array)
    }

    /// Gives `array` back to the slot at `path`, for the next property's analysis; one with room
    /// for more than `keptCapacity` elements is let go instead (an unusually wide property's
    /// arrays are not kept for the properties after it).
    func give<Element>(_ array: [Element], to path: WritableKeyPath<Slots, [Element]>) {
        guard array.capacity <= Self.keptCapacity else { return }
        slots[keyPath: path] = array
    }

    /// The largest array kept (elements): a property of 1,000 pieces and more is rare, and its
    /// own allocations are small beside its analysis.
    static let keptCapacity = 4_096
}
