import Foundation

// MARK: - JSONLocations

/// Where every value of a document starts, as a tree: each value is a node under its container,
/// found by (parent node, token). Memory is a few words per value whatever the depth or the
/// length of the keys above it (a map keyed by whole pointer strings held depth × key-length
/// bytes per value, so a small file with one long key over many values took gigabytes).
public struct JSONLocations: Sendable {
    /// Each node's children, built on the first lookup: parsing only appends to arrays, and most
    /// documents are never asked where a value is (only files with diagnostics are). A counting
    /// pass over the parent links, no hashing: node p's children, in source order, are
    /// `children[first[p] ..< first[p + 1]]`, so an array's item k is found at once and an
    /// object's member by its key among its members (by a table for large objects).
    private final class ChildIndex: @unchecked Sendable {
        let lock = NSLock()
        var first: [Int32] = []
        var children: [Int32] = []
        /// The members of objects with many, by key (unique: the parser refuses a repeated key).
        var members: [Int32: [String: Int32]] = [:]
    }

    /// Objects with more members than this are searched by a table, built when first asked.
    private static let scannedMembers = 16

    private var starts: [SourceLocation] = []
    /// Per node: its container's node (-1 for the root) and its token there: a key, or (key nil)
    /// the index in its array.
    private var parents: [Int32] = []
    private var keys: [String?] = []
    private var indexes: [Int32] = []
    private var index = ChildIndex()

    init() {}

    /// Number of values located.
    public var count: Int { starts.count }

    /// Adds a value starting at `location`: the root when `parent` is nil, else member `key` of
    /// object node `parent`, or (key nil) item `index` of array node `parent`. Returns its node.
    /// O(1), no hashing.
    mutating func add(parent: Int32?, key: String?, index item: Int, at location: SourceLocation) -> Int32 {
        let node = Int32(starts.count) // < 2^31: a 64 MiB file has fewer values than bytes
        starts.append(location)
        parents.append(parent ?? -1)
        keys.append(key)
        indexes.append(Int32(truncatingIfNeeded: item))
        return node
    }

    /// The node of `token` under `node` (`ChildIndex`): O(1) for an array item, O(members) for
    /// a small object's member and O(1) for a large one's; O(values) once per document.
    private func child(of node: Int32, _ token: String) -> Int32? {
        index.lock.lock()
        defer { index.lock.unlock() }
        if index.first.isEmpty { buildChildIndex() }
        let range = Int(index.first[Int(node)])..<Int(index.first[Int(node) + 1])
        guard let head = range.first else { return nil }
        if keys[Int(index.children[head])] == nil {
            // An array: the token is the item's index, written as JSON Pointer writes it.
            guard let k = Int(token), k >= 0, k < range.count, String(k) == token else { return nil }
            let item = index.children[head + k]
            return indexes[Int(item)] == Int32(k) ? item : range.lazy.map { index.children[$0] }.first { indexes[Int($0)] == Int32(k) }
        }
        if range.count > Self.scannedMembers {
            if index.members[node] == nil {
                var table: [String: Int32] = [:]
                for c in range { table[keys[Int(index.children[c])] ?? ""] = index.children[c] }
                index.members[node] = table
            }
            return index.members[node]?[token]
        }
        for c in range where keys[Int(index.children[c])] == token { return index.children[c] }
        return nil
    }

    /// Fills `index.first` and `index.children` from the parent links (counting sort, stable:
    /// children stay in source order). Call with the lock held.
    private func buildChildIndex() {
        var first = [Int32](repeating: 0, count: starts.count + 1)
        for n in 1..<max(1, starts.count) where parents[n] >= 0 { first[Int(parents[n]) + 1] += 1 }
        for p in 0..<starts.count { first[p + 1] += first[p] }
        var next = first
        var children = [Int32](repeating: 0, count: Int(first[starts.count]))
        for n in 1..<max(1, starts.count) where parents[n] >= 0 {
            let p = Int(parents[n])
            children[Int(next[p])] = Int32(n)
            next[p] += 1
        }
        index.children = children
        index.first = first
    }

    /// Where the value at `tokens` starts, or the nearest enclosing value that has a location.
    func location(of tokens: [String]) -> SourceLocation? {
        guard !starts.isEmpty else { return nil }
        var node: Int32 = 0
        for token in tokens {
            guard let child = child(of: node, token) else { break }
            node = child
        }
        return starts[Int(node)]
    }

    /// The location of the value at the RFC 6901 pointer text `key` ("" for the root,
    /// `/a~1b/c~0d`), only when that value exists.
    public subscript(key: String) -> SourceLocation? {
        guard !starts.isEmpty else { return nil }
        var node: Int32 = 0
        guard !key.isEmpty else { return starts[0] }
        guard key.hasPrefix("/") else { return nil }
        for raw in key.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let child = child(of: node, token) else { return nil }
            node = child
        }
        return starts[Int(node)]
    }
}
