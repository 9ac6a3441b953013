// MARK: - PhaseStepMemo

/// What one phase step's animation gives at one of its own times, remembered for every property
/// of the timeline: a step's progress and rate at a time after its start, and its spring's
/// acceleration and jerk (`Spring.Form.valueAndNext`) at a time of the spring's own; and, in a
/// table of their own, a step's acceleration and jerk ranges over an interval of its own time
/// (`range(step:order:from:to:_:)`). None depends on the property (a property scales them by its change), and the properties of one
/// timeline are cut at the same breakpoints and velocity turns, so the second property asks for
/// the ends of the pieces, and of the branch and bound inside them, that the first one has
/// already worked out: about three quarters of these evaluations come back here. Each entry is
/// a pure function of its key, so a remembered pair is the same bits: the memo changes no
/// result, only how often `exp` and `sincos` run.
///
/// Direct-mapped (a newer entry replaces the one in its slot), fixed size, one array a table.
/// Internal; made by one analysis of a phase timeline (`AnalysisScratch`) and shared by its
/// `PhaseProperty`s on one thread. `reset()` starts a new generation, and an entry answers only
/// the generation that wrote it, so a reset clears nothing.
final class PhaseStepMemo {
    private struct Entry {
        /// The time's bit pattern (NaN times are not remembered).
        var key: UInt64
        /// 2·step for a progress, 2·step + 1 for a spring's derivatives.
        var tag: Int
        /// The use that wrote it (0: none, an empty slot, all its fields 0).
        var generation: UInt64
        var first: Double
        var second: Double
    }

    /// A step's acceleration or jerk range over an interval of its own time.
    private struct RangeEntry {
        /// The interval's ends' bit patterns.
        var from: UInt64
        var to: UInt64
        /// 2·step + order − 2.
        var tag: Int
        var generation: UInt64
        var min: Double
        var max: Double
    }

    /// 2^bits slots (40 KB), and as many for the ranges (48 KB).
    private static let bits = 10
    private static let count = 1 << bits
    /// The tables are not checked for exclusive access at run time: the check, on every lookup,
    /// costs the analysis more than the project's 10 % line (Docs/Contributing.md, "Unusual
    /// constructs"). Invariant: no access to `slots` or `ranges` overlaps another. Each access is
    /// one element's read or write, none is open while `compute` runs (it may ask this memo
    /// again), and a memo is used on one thread (an analysis takes its `AnalysisScratch` from
    /// `ScratchPool` for itself alone). Tested by `PhaseStepMemoTests` and `AnalysisScratchTests`.
    /// An empty slot has generation 0.
    @exclusivity(unchecked) private var slots = [Entry](repeating: Entry(key: 0, tag: 0, generation: 0, first: 0, second: 0), count: count)
    @exclusivity(unchecked) private var ranges = [RangeEntry](
        repeating: RangeEntry(from: 0, to: 0, tag: 0, generation: 0, min: 0, max: 0), count: count)
    /// The current use's generation (at least 1).
    private var generation: UInt64 = 1

    /// Forgets every entry, for the next timeline's analysis: O(1).
    func reset() { generation += 1 }

    /// Step `step`'s acceleration (order 2) or jerk (order 3) range over [from, to] (s after its
    /// start): remembered, else `compute()` (then remembered unless nil). Every property of the
    /// timeline is cut at the same pieces and bounds each step over them, scaled by its change:
    /// the second property finds the first one's ranges here. O(1).
    func range(
        step: Int, order: Int, from: Double, to: Double, _ compute: () -> (min: Double, max: Double)?
    ) -> (min: Double, max: Double)? {
        let a = from.bitPattern, b = to.bitPattern, tag = 2 &* step &+ order &- 2
        let index = Int(
            truncatingIfNeeded: (((a &* 0x9E37_79B9_7F4A_7C15) ^ b ^ (UInt64(truncatingIfNeeded: tag) &* 0xD6E8_FEB8_6659_FD93))
                &* 0xC2B2_AE3D_27D4_EB4F) >> UInt64(64 - Self.bits))
        let entry = ranges[index]
        if entry.from == a && entry.to == b && entry.tag == tag && entry.generation == generation {
            return (entry.min, entry.max)
        }
        guard let result = compute() else { return nil }
        if !from.isNaN && !to.isNaN { ranges[index] = RangeEntry(from: a, to: b, tag: tag, generation: generation, min: result.min, max: result.max) }
        return result
    }

    private static func slot(_ key: UInt64, _ tag: Int) -> Int {
        Int(truncatingIfNeeded: ((key ^ (UInt64(truncatingIfNeeded: tag) &* 0xD6E8_FEB8_6659_FD93)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// Step `step`'s progress and rate `local` s after its start: remembered, else `compute()`
    /// (then remembered). O(1).
    func progress(step: Int, at local: Double, _ compute: () -> (value: Double, rate: Double)) -> (value: Double, rate: Double) {
        let pair = lookup(tag: 2 &* step, local) {
            let p = compute()
            return (p.value, p.rate)
        }
        return (pair.0, pair.1)
    }

    /// Step `step`'s spring acceleration and jerk at the spring's own time `u` (s): remembered,
    /// else `compute()` (then remembered). O(1).
    func springEnds(step: Int, at u: Double, _ compute: () -> (value: Double, next: Double)) -> (value: Double, next: Double) {
        let pair = lookup(tag: 2 &* step &+ 1, u) {
            let y = compute()
            return (y.value, y.next)
        }
        return (pair.0, pair.1)
    }

    private func lookup(tag: Int, _ time: Double, _ compute: () -> (Double, Double)) -> (Double, Double) {
        let key = time.bitPattern
        let index = Self.slot(key, tag)
        let entry = slots[index]
        if entry.key == key && entry.tag == tag && entry.generation == generation {
            return (entry.first, entry.second)
        }
        let result = compute()
        if !time.isNaN { slots[index] = Entry(key: key, tag: tag, generation: generation, first: result.0, second: result.1) }
        return result
    }
}
