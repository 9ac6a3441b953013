// MARK: - StatementCache

/// A connection's prepared statements by SQL text: an open-addressed table of indices into two
/// arrays, hashed by FNV-1a over the text's UTF-8.
///
/// Not a `[String: SQLiteStatement]`: the first such dictionary in a process makes the Swift
/// runtime instantiate its storage class's metadata by name, which checks `String: Hashable` by
/// scanning every protocol conformance record in the binary (some 6,000 in the static
/// `motionsync`): a tenth of the user time of a one-query command like `inventory --screen`
/// (perf, session 25). Arrays of a class and of `String` need no such check.
///
/// Lookup and insertion O(length of the SQL) expected; the table stays at most half full.
struct StatementCache {
    private(set) var keys: [String] = []
    private(set) var statements: [SQLiteStatement] = []
    /// Slot → index into `keys` plus one (0: empty). A power of two in size.
    private var slots: [Int32] = []

    /// The number of statements held.
    var count: Int { keys.count }

    /// The statement prepared for exactly `sql`, or nil.
    func statement(for sql: String) -> SQLiteStatement? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(sql) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if keys[entry - 1] == sql { return statements[entry - 1] }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `statement` for `sql` (which must not be held yet).
    mutating func insert(_ statement: SQLiteStatement, for sql: String) {
        if (keys.count + 1) * 2 > slots.count { rebuild(capacity: max(16, slots.count * 2)) }
        keys.append(sql)
        statements.append(statement)
        place(keys.count - 1)
    }

    /// Drops every statement (they finalize when their last reference goes).
    mutating func removeAll() {
        keys.removeAll()
        statements.removeAll()
        slots.removeAll()
    }

    // MARK: Table

    private mutating func rebuild(capacity: Int) {
        slots = [Int32](repeating: 0, count: capacity)
        for index in keys.indices { place(index) }
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Self.hash(keys[index]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
    }

    /// FNV-1a (64-bit) of the text's UTF-8, folded to a non-negative Int. Read as one contiguous
    /// buffer (`withUTF8`: no copy for a native string), not through the UTF-8 view's iterator,
    /// which costs a check per byte on the inventory's long queries.
    static func hash(_ text: String) -> Int {
        var text = text
        let value = text.withUTF8 { bytes in
            var value: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return value
        }
        return Int(truncatingIfNeeded: (value ^ (value >> 32)) & UInt64(Int.max))
    }
}
