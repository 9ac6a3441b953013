// MARK: - PropertyNameIndex

/// Property names in first-seen order, each once, with the position of each: a scan of the few
/// names a motion usually has (comparing small strings is a couple of word compares, with no
/// hashing), a dictionary once there are more than `scanLimit`, so wide motions stay linear.
/// Internal; used wherever a motion's property names are gathered (its timeline, its layer
/// animations).
struct PropertyNameIndex {
    private(set) var names: [String] = []
    private var table: [String: Int]?
    /// Up to this many names are found by scanning.
    static let scanLimit = 16

    init(capacity: Int = 0) { names.reserveCapacity(capacity) }

    /// The position of `name`, or nil. O(1) expected (O(scanLimit) while scanning).
    func position(of name: String) -> Int? {
        if let table { return table[name] }
        return names.firstIndex(of: name)
    }

    /// Adds `name` unless it is there: whether it was added, and its position.
    @discardableResult
    mutating func insert(_ name: String) -> (inserted: Bool, position: Int) {
        if let k = position(of: name) { return (false, k) }
        names.append(name)
        let k = names.count - 1
        if table != nil {
            table![name] = k
        } else if names.count > Self.scanLimit {
            var all: [String: Int] = [:]
            all.reserveCapacity(2 * names.count)
            for (i, n) in names.enumerated() { all[n] = i }
            table = all
        }
        return (true, k)
    }
}
