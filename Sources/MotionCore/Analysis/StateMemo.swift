// MARK: - StateMemo

/// The last states (value, velocity) of one property's curve, keyed by the exact time (its bit
/// pattern): the analysis asks for the same time many times over (a piece's ends for its bounds,
/// its crossings and its top speed; a stretch's ends at every level of the rest search; the ends
/// of a root's bracket), and each evaluation of a phase property costs an exponential and a
/// sincos per moving step. A state is a pure function of the time, so a remembered one is the
/// same number, to the bit: the memo changes no result, only how often the curve is evaluated.
///
/// Direct-mapped (a newer time replaces the one in its slot), fixed size, one array; an empty
/// slot has generation 0, which no use has. One memo serves the properties of an analysis one
/// after another (`AnalysisScratch`): each property's use starts a new generation
/// (`startUse()`), and an entry answers only the generation that wrote it, so nothing is cleared
/// between properties. Internal; not shared between threads.
final class StateMemo {
    struct Entry {
        var key: UInt64
        /// The use that wrote it (0: none).
        var generation: UInt64
        var value: Double
        var velocity: Double
    }

    /// 2^bits slots.
    private static let bits = 9
    private static let count = 1 << bits
    /// Not checked for exclusive access at run time: the check, on every lookup, costs the analysis
    /// more than the project's 10 % line (Docs/Contributing.md, "Unusual constructs"). Invariant:
    /// no access to `slots` overlaps another. Each access is one element's read or write, none is
    /// open while `compute` runs (it may ask this memo again), and a memo is used on one thread
    /// (an analysis takes its `AnalysisScratch` from `ScratchPool` for itself alone). Tested by
    /// `AnalysisScratchTests`.
    @exclusivity(unchecked) private var slots = [Entry](repeating: Entry(key: 0, generation: 0, value: 0, velocity: 0), count: count)
    /// The current use's generation (at least 1).
    private var generation: UInt64 = 1

    /// Forgets every entry, for the next property's analysis: O(1).
    func startUse() { generation += 1 }

    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// The state remembered for `time`, else `compute(time)` (remembered).
    func state(_ time: Double, _ compute: (Double) -> (value: Double, velocity: Double)) -> (value: Double, velocity: Double) {
        let key = time.bitPattern
        let index = Self.slot(key)
        let entry = slots[index]
        if entry.key == key && entry.generation == generation { return (entry.value, entry.velocity) }
        let result = compute(time)
        if !time.isNaN { slots[index] = Entry(key: key, generation: generation, value: result.value, velocity: result.velocity) }
        return result
    }

    /// Remembers a state computed elsewhere (bit for bit what `compute` would give).
    func remember(_ time: Double, _ state: (value: Double, velocity: Double)) {
        guard !time.isNaN else { return }
        let key = time.bitPattern
        slots[Self.slot(key)] = Entry(key: key, generation: generation, value: state.value, velocity: state.velocity)
    }
}
