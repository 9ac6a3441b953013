import Foundation

// MARK: - JSONLocations

/// Where every value of a document starts, as a tree: each value is a node under its container,
/// found by (parent node, token). Memory is a few words per value whatever the depth or the
/// length of the keys above it (a map keyed by whole pointer strings held depth × key-length
/// bytes per value, so a small file with one long key over many values took gigabytes).
public struct JSONLocations: Sendable {
    private struct Child: Hashable, Sendable {
        let parent: Int32
        let token: String
    }

    /// The lookup table from (parent, token) to node, built on the first lookup: parsing only
    /// appends to arrays, and most documents are never asked where a value is (only files with
    /// diagnostics are). Building it costs what parsing used to pay for every value.
    private final class ChildIndex: @unchecked Sendable {
        let lock = NSLock()
        var map: [Child: Int32]?
    }

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

    /// The node of `token` under `node`, from the table (built on first use, once per document).
    private func child(of node: Int32, _ token: String) -> Int32? {
        index.lock.lock()
        defer { index.lock.unlock() }
        if index.map == nil {
            var map: [Child: Int32] = [:]
            map.reserveCapacity(starts.count)
            for n in 1..<max(1, starts.count) where parents[n] >= 0 {
                map[Child(parent: parents[n], token: keys[n] ?? String(indexes[n]))] = Int32(n)
            }
            index.map = map
        }
        return index.map?[Child(parent: node, token: token)]
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
