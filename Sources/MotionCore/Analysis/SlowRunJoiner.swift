// MARK: - SlowRunJoiner

/// Joins consecutive slow stretches into runs, in time order (`CurvePieces.slowRuns`). A value
/// with mutating methods rather than variables captured by a local function: those the compiler
/// checks for exclusive access at run time, at every stretch.
struct SlowRunJoiner {
    private(set) var runs: [(start: SlowEdge, end: SlowEdge)] = []
    /// Where the current run started, while one is open.
    private var open: SlowEdge?

    /// Room for `capacity` runs (no run more than every other piece, as fast stretches part them).
    /// - Parameter storage: an empty array to fill (one an earlier property left, with its room).
    init(capacity: Int = 0, storage: [(start: SlowEdge, end: SlowEdge)] = []) {
        runs = storage
        runs.reserveCapacity(capacity)
    }

    /// The stretch [a, b] is slow or not: opens or closes the current run. Skipped when it is
    /// empty (`SlowEdge.isOrderedAfter`). O(1) amortized.
    mutating func take(_ a: SlowEdge, _ b: SlowEdge, slow: Bool) {
        guard !a.isOrderedAfter(b) else { return }
        if slow {
            if open == nil { open = a }
        } else if let start = open {
            runs.append((start, a))
            open = nil
        }
    }

    /// The runs, the open one closed at `end`.
    mutating func finish(at end: SlowEdge) -> [(start: SlowEdge, end: SlowEdge)] {
        if let start = open {
            runs.append((start, end))
            open = nil
        }
        return runs
    }
}
