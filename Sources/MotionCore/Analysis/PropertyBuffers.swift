// MARK: - PropertyBuffers

/// The arrays one property's analysis builds and drops: its pieces and the cuts they are made
/// from (`CurvePieces`), its stationary points, breakpoints and monotone sequence
/// (`PropertyAnalysis.Skeleton`), its slow runs and their edges (`CurvePieces.slowRuns`), the
/// cuts between monotone stretches of a piece, and the rest search's stretches (`RestSearch`).
/// Kept, emptied with their room, for the next property's analysis (`AnalysisScratch`), so no
/// property pays to allocate and free them again. Internal; one analysis at a time, on one
/// thread.
///
/// An array is taken out (`buffers.cuts.take().emptied()`: the slot is left empty), filled, and
/// given back (`buffers.cuts.keepRoom(of: cuts)`) once the analysis is done with it. Whatever
/// else still holds a given array makes its next use copy it first (copy on write): never a
/// wrong figure, only the allocation the buffer was to save.
final class PropertyBuffers {
    // Plain stored arrays, taken and given back in place (`Array.take()`, `Array.keepRoom(of:)`):
    // the compiler sees each access whole and checks it once, at compile time, where a slot named
    // by a key path cost a key path projection and a run-time exclusivity check every time.
    var pieces: [CurvePiece] = []
    var cuts: [Double] = []
    var breakpoints: [Double] = []
    var stationary: [Double] = []
    var points: [PropertyAnalysis.Point] = []
    var slowEdges: [(start: SlowEdge, end: SlowEdge)] = []
    var runs: [(start: Double, end: Double)] = []
    var monotoneCuts: [Double] = []
    /// The rest search's stretch arrays: one for each window being searched at once (its inner
    /// windows are searched while its own array is in use).
    private var stretches: [[RestStretch]] = []

    /// An empty array of stretches, with the room of one given back before (none: a new one).
    func takeStretches() -> [RestStretch] {
        var array = stretches.popLast() ?? []
        array.removeAll(keepingCapacity: true)
        return array
    }

    /// Gives back an array of stretches (`takeStretches()`), for the next window's search (not
    /// one over `keptCapacity`).
    func giveStretches(_ array: [RestStretch]) {
        guard array.capacity <= Self.keptCapacity else { return }
        stretches.append(array)
    }

    /// The largest array kept (elements): a property of 1,000 pieces and more is rare, and its
    /// own allocations are small beside its analysis.
    static let keptCapacity = 4_096
}

// MARK: - Taking and giving back a buffer

extension Array {
    /// This array, moved out to the caller; `self` is left empty, without room, until
    /// `keepRoom(of:)` gives an array back. O(1). The buffers' arrays are taken as
    /// `buffers?.cuts.take().emptied()`: the access to the slot is the move alone (nothing in it
    /// that could reach the slot again), which lets the compiler drop its run-time exclusivity
    /// check, where emptying the array inside it did not.
    mutating func take() -> [Element] {
        var array: [Element] = []
        swap(&array, &self)
        return array
    }

    /// The same array with no elements and its room kept. O(count) (the buffers' elements are
    /// plain values: nothing to release). No allocation where the array is not shared.
    consuming func emptied() -> [Element] {
        removeAll(keepingCapacity: true)
        return self
    }

    /// Keeps `array` here, for the next property's analysis; one with room for more than
    /// `PropertyBuffers.keptCapacity` elements is let go instead (an unusually wide property's
    /// arrays are not kept for the properties after it). O(1).
    mutating func keepRoom(of array: [Element]) {
        guard array.capacity <= PropertyBuffers.keptCapacity else { return }
        self = array
    }
}
