// MARK: - SwiftFactsSeen

/// The uses a `SwiftFactsScan` has already recorded, known by the bytes of the used name: the same
/// call (`.padding(…)`) or type (`Text(…)`) repeats all over a type's code, and a repeat is passed
/// over here without making its name as a string or hashing one.
///
/// A key is the container's index, the use's kind and the name's bytes; two uses of one key make
/// the same `SwiftTypeUse`, so passing over a repeat changes no fact (names of different bytes that
/// Swift compares equal still meet in the scan's set of facts). Open addressing with linear
/// probing, at most half full; keyed by `SwiftFactsText.key` of the name, checked byte by byte.
struct SwiftFactsSeen {
    /// What a use records: a call of `func:NAME`, or the type as a part or as presented.
    enum Kind: UInt8 {
        case call, part, presented
    }

    private struct Entry {
        /// The name's first byte in the file; `count` 0: an empty slot.
        var start = 0
        var count: Int32 = 0
        var container: Int32 = 0
        var hash: UInt32 = 0
        var kind: Kind = .call
    }
    private var entries: [Entry] = []
    private var filled = 0

    /// Whether the use is new (and from now on seen): `name` is the used name's range in `bytes`,
    /// `hash` its `SwiftFactsText.key` (any function of its bytes will do: equal keys are compared).
    /// Invariant of the unchecked reads: `name` and every range inserted before lie in `bytes`
    /// (the same bytes each time: a table serves one file).
    @inline(__always) mutating func insert(container: Int32, kind: Kind, name: Range<Int>, hash: UInt32, in bytes: UnsafeBufferPointer<UInt8>) -> Bool
    {
        if entries.isEmpty { grow() }
        let mask = entries.count &- 1
        let count = Int32(truncatingIfNeeded: name.count)
        var slot = Self.slot(container: container, kind: kind, hash: hash) & mask
        while true {
            let entry = entries[slot]
            if entry.count == 0 {
                add(Entry(start: name.lowerBound, count: count, container: container, hash: hash, kind: kind), at: slot)
                return true
            }
            if entry.hash == hash, entry.container == container, entry.kind == kind, entry.count == count {
                var k = 0
                while k < name.count, bytes[entry.start &+ k] == bytes[name.lowerBound &+ k] { k &+= 1 }
                if k == name.count { return false }
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// `entry` placed in the empty `slot`; the table grown when more than half full.
    private mutating func add(_ entry: Entry, at slot: Int) {
        entries[slot] = entry
        filled += 1
        if 2 * filled > entries.count { grow() }
    }

    /// The slot a key starts its probe at (before the mask): the three parts mixed by a
    /// multiplication, so keys that differ only in the container spread too.
    private static func slot(container: Int32, kind: Kind, hash: UInt32) -> Int {
        let key = UInt64(hash) | UInt64(UInt32(bitPattern: container)) << 32
        return Int(truncatingIfNeeded: ((key ^ UInt64(kind.rawValue)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    /// Twice the slots (16 at first), every entry placed again.
    private mutating func grow() {
        let old = entries
        entries = [Entry](repeating: Entry(), count: max(16, 2 * old.count))
        let mask = entries.count - 1
        for entry in old where entry.count > 0 {
            var slot = Self.slot(container: entry.container, kind: entry.kind, hash: entry.hash) & mask
            while entries[slot].count != 0 { slot = (slot + 1) & mask }
            entries[slot] = entry
        }
    }
}
