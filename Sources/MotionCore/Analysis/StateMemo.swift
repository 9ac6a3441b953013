// MARK: - StateMemo

/// The last states (value, velocity) of one property's curve, keyed by the exact time (its bit
/// pattern): the analysis asks for the same time many times over (a piece's ends for its bounds,
/// its crossings and its top speed; a stretch's ends at every level of the rest search; the ends
/// of a root's bracket), and each evaluation of a phase property costs an exponential and a
/// sincos per moving step. A state is a pure function of the time, so a remembered one is the
/// same number, to the bit: the memo changes no result, only how often the curve is evaluated.
///
/// Direct-mapped (a newer time replaces the one in its slot), fixed size, no allocation after
/// `init`. Internal; one per property being analysed (`PhaseProperty`, `TrackProperty`), not
/// shared between threads. A value over its slots (one allocation, not two): its owner frees
/// them once, from its `deinit` (`deallocate()`).
struct StateMemo {
    private struct Entry {
        var key: UInt64
        var value: Double
        var velocity: Double
    }

    /// 2^bits slots.
    private static let bits = 9
    private static let count = 1 << bits
    /// A NaN's bit pattern: never the key of a stored time (NaN times are not remembered).
    private static let empty = UInt64.max
    private let slots: UnsafeMutablePointer<Entry>

    init() {
        slots = .allocate(capacity: Self.count)
        slots.initialize(repeating: Entry(key: Self.empty, value: 0, velocity: 0), count: Self.count)
    }

    /// Frees the slots; the memo is not used afterwards.
    func deallocate() { slots.deallocate() }

    @inline(__always) private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// The state remembered for `time`, else `compute(time)` (remembered).
    @inline(__always) func state(_ time: Double, _ compute: (Double) -> (value: Double, velocity: Double)) -> (value: Double, velocity: Double) {
        let key = time.bitPattern
        let entry = slots + Self.slot(key)
        if entry.pointee.key == key { return (entry.pointee.value, entry.pointee.velocity) }
        let result = compute(time)
        if !time.isNaN { entry.pointee = Entry(key: key, value: result.value, velocity: result.velocity) }
        return result
    }

    /// Remembers a state computed elsewhere (bit for bit what `compute` would give).
    @inline(__always) func remember(_ time: Double, _ state: (value: Double, velocity: Double)) {
        guard !time.isNaN else { return }
        let key = time.bitPattern
        (slots + Self.slot(key)).pointee = Entry(key: key, value: state.value, velocity: state.velocity)
    }
}
