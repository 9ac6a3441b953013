// MARK: - JSONLocations

/// Where every value of a document starts, as a tree: each value is a node under its container,
/// found by (parent node, token). Memory is a few words per value whatever the depth or the
/// length of the keys above it (a map keyed by whole pointer strings held depth × key-length
/// bytes per value: a 210 KB file with one 10 KB key over 100,000 values took 1 GB).
public struct JSONLocations: Sendable {
    private struct Child: Hashable, Sendable {
        let parent: Int32
        let token: String
    }

    private var starts: [SourceLocation] = []
    private var children: [Child: Int32] = [:]

    init() {}

    /// Number of values located.
    public var count: Int { starts.count }

    /// Adds a value starting at `location`: the root when `parent` is nil, else `token` (a key,
    /// or an index written in decimal) of node `parent`. Returns its node.
    mutating func add(parent: Int32?, token: String?, at location: SourceLocation) -> Int32 {
        let node = Int32(starts.count)  // < 2^31: a 64 MiB file has fewer values than bytes
        starts.append(location)
        if let parent, let token { children[Child(parent: parent, token: token)] = node }
        return node
    }

    /// Where the value at `tokens` starts, or the nearest enclosing value that has a location.
    func location(of tokens: [String]) -> SourceLocation? {
        guard !starts.isEmpty else { return nil }
        var node: Int32 = 0
        for token in tokens {
            guard let child = children[Child(parent: node, token: token)] else { break }
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
            guard let child = children[Child(parent: node, token: token)] else { return nil }
            node = child
        }
        return starts[Int(node)]
    }
}
