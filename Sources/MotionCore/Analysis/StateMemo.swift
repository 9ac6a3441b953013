// MARK: - StateMemo

/// The last states (value, velocity) of one property's curve, keyed by the exact time (its bit
/// pattern): the analysis asks for the same time many times over (a piece's ends for its bounds,
/// its crossings and its top speed; a stretch's ends at every level of the rest search; the ends
/// of a root's bracket), and each evaluation of a phase property costs an exponential and a
/// sincos per moving step. A state is a pure function of the time, so a remembered one is the
/// same number, to the bit: the memo changes no result, only how often the curve is evaluated.
///
/// Direct-mapped (a newer time replaces the one in its slot), fixed size, no allocation after
/// its slots are made. Its slots are reused from one property's analysis to the next
/// (`AnalysisScratch`): each use has a generation of its own, and an entry answers only the use
/// that wrote it, so nothing is cleared between uses (a fresh table costs 512 stores, and 16 KB
/// of cold memory, for every property). Internal; not shared between threads. A value over its
/// slots: whoever made them frees them once (`allocateSlots()`, `deallocate()`).
struct StateMemo {
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
    private let slots: UnsafeMutablePointer<Entry>
    /// This use's generation (at least 1).
    private let generation: UInt64

    /// A memo over new slots of its own (freed with `deallocate()`).
    init() { self.init(slots: Self.allocateSlots(), generation: 1) }

    /// A memo over `slots` (from `allocateSlots()`) for a use numbered `generation` (≥ 1, never
    /// given to another use of these slots).
    init(slots: UnsafeMutablePointer<Entry>, generation: UInt64) {
        self.slots = slots
        self.generation = generation
    }

    /// Slots that hold no entry of any use (O(slots), once).
    static func allocateSlots() -> UnsafeMutablePointer<Entry> {
        let slots = UnsafeMutablePointer<Entry>.allocate(capacity: count)
        slots.initialize(repeating: Entry(key: 0, generation: 0, value: 0, velocity: 0), count: count)
        return slots
    }

    /// Frees the slots; no memo over them is used afterwards.
    func deallocate() { slots.deallocate() }

    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// The state remembered for `time`, else `compute(time)` (remembered).
    func state(_ time: Double, _ compute: (Double) -> (value: Double, velocity: Double)) -> (value: Double, velocity: Double) {
        let key = time.bitPattern
        let entry = slots + Self.slot(key)
        if entry.pointee.key == key && entry.pointee.generation == generation { return (entry.pointee.value, entry.pointee.velocity) }
        let result = compute(time)
        if !time.isNaN { entry.pointee = Entry(key: key, generation: generation, value: result.value, velocity: result.velocity) }
        return result
    }

    /// Remembers a state computed elsewhere (bit for bit what `compute` would give).
    func remember(_ time: Double, _ state: (value: Double, velocity: Double)) {
        guard !time.isNaN else { return }
        let key = time.bitPattern
        (slots + Self.slot(key)).pointee = Entry(key: key, generation: generation, value: state.value, velocity: state.velocity)
    }
}
