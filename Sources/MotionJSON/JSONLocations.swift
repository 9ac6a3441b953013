import Dispatch

// MARK: - JSONLocations

/// Where every value of a document starts, as a tree: each value is a node under its container,
/// found by (parent node, token). A node is its start's byte offset, its container's node and its
/// token there (an item's index, or the byte offset of a member's quoted key, read back from the
/// document's bytes when asked): one record of a few words whatever the depth or the length of
/// the keys above it (a map keyed by whole pointer strings held depth × key-length bytes per
/// value, so a small file with one long key over many values took gigabytes). Lines and columns
/// are counted only when asked, from a table of where the lines start: in a document that parsed,
/// every line feed is white space between tokens (strings refuse control characters).
public struct JSONLocations: Sendable {
    /// Each node's children and the document's line starts, built on the first lookup: parsing
    /// only appends to one array, and most documents are never asked where a value is (only files
    /// with diagnostics are). A counting pass over the parent links, no hashing: node p's
    /// children, in source order, are `children[first[p] ..< first[p + 1]]`, so an array's item k
    /// is found at once and an object's member by its key among its members (by a table for large
    /// objects).
    private final class ChildIndex: @unchecked Sendable {
        /// A semaphore of one, as the lock (Dispatch's: this module loads no Foundation).
        let lock = DispatchSemaphore(value: 1)
        var first: [Int32] = []
        var children: [Int32] = []
        /// The members of objects with many, by key (unique: the parser refuses a repeated key).
        var members: [Int32: [String: Int32]] = [:]
        /// Byte offset of each line's first byte, in order (line 1 starts after a byte order mark).
        var lineStarts: [Int] = []
    }

    /// One value: where it starts and where it is in its container.
    struct Node {
        /// Byte offset of the value's first byte.
        let start: Int
        /// Byte offset of the member's key (its opening quote); -1 for an array item or the root.
        let key: Int
        /// The container's node; -1 for the root.
        let parent: Int32
        /// The item's index in its array (0 for a member or the root).
        let index: Int32
    }

    /// Objects with more members than this are searched by a table, built when first asked.
    private static let scannedMembers = 16

    private var nodes: [Node] = []
    /// The document's bytes, for the keys and line starts read back on a lookup.
    private let bytes: [UInt8]
    /// Where line 1 starts: after a UTF-8 byte order mark, else 0.
    private let textStart: Int
    private var index = ChildIndex()

    init(bytes: [UInt8] = [], textStart: Int = 0) {
        self.bytes = bytes
        self.textStart = textStart
    }

    /// Number of values located.
    public var count: Int { nodes.count }

    /// Adds the value starting at byte `start`: the root when `parent` is -1, else the member of
    /// object node `parent` whose key's opening quote is at byte `key`, or (key -1) item `index`
    /// of array node `parent`. Returns its node. O(1), no hashing.
    mutating func add(parent: Int32, key: Int, index item: Int, at start: Int) -> Int32 {
        let node = Int32(nodes.count) // < 2^31: a 64 MiB file has fewer values than bytes
        nodes.append(Node(start: start, key: key, parent: parent, index: Int32(truncatingIfNeeded: item)))
        return node
    }

    /// The key of member `node`, read from the bytes.
    private func key(of node: Int) -> String { JSONParser.key(in: bytes, at: nodes[node].key) }

    /// The pointer tokens of `node`: its ancestors' keys and indexes, from the root down.
    func tokens(of node: Int32) -> [String] {
        var tokens: [String] = []
        var n = Int(node)
        while n >= 0, nodes[n].parent >= 0 {
            tokens.append(nodes[n].key >= 0 ? key(of: n) : String(nodes[n].index))
            n = Int(nodes[n].parent)
        }
        return tokens.reversed()
    }

    /// The node of `token` under `node` (`ChildIndex`): O(1) for an array item, O(members) for
    /// a small object's member and O(1) for a large one's; O(values) once per document.
    private func child(of node: Int32, _ token: String) -> Int32? {
        index.lock.wait()
        defer { index.lock.signal() }
        if index.first.isEmpty { buildChildIndex() }
        let range = Int(index.first[Int(node)])..<Int(index.first[Int(node) + 1])
        guard let head = range.first else { return nil }
        if nodes[Int(index.children[head])].key < 0 {
            // An array: the token is the item's index, written as JSON Pointer writes it.
            guard let k = Int(token), k >= 0, k < range.count, String(k) == token else { return nil }
            let item = index.children[head + k]
            return nodes[Int(item)].index == Int32(k) ? item : range.lazy.map { index.children[$0] }.first { nodes[Int($0)].index == Int32(k) }
        }
        if range.count > Self.scannedMembers {
            if index.members[node] == nil {
                var table: [String: Int32] = [:]
                for c in range { table[key(of: Int(index.children[c]))] = index.children[c] }
                index.members[node] = table
            }
            return index.members[node]?[token]
        }
        for c in range where key(of: Int(index.children[c])) == token { return index.children[c] }
        return nil
    }

    /// Fills `index.first` and `index.children` from the parent links (counting sort, stable:
    /// children stay in source order), and `index.lineStarts`. Call with the lock held.
    private func buildChildIndex() {
        var first = [Int32](repeating: 0, count: nodes.count + 1)
        for n in 1..<max(1, nodes.count) where nodes[n].parent >= 0 { first[Int(nodes[n].parent) + 1] += 1 }
        for p in 0..<nodes.count { first[p + 1] += first[p] }
        var next = first
        var children = [Int32](repeating: 0, count: Int(first[nodes.count]))
        for n in 1..<max(1, nodes.count) where nodes[n].parent >= 0 {
            let p = Int(nodes[n].parent)
            children[Int(next[p])] = Int32(n)
            next[p] += 1
        }
        index.children = children
        index.first = first
        var lineStarts = [textStart]
        for k in textStart..<max(textStart, bytes.count) where bytes[k] == 0x0A { lineStarts.append(k + 1) }
        index.lineStarts = lineStarts
    }

    /// The line and column of node `node`'s start: the last line start at or before it, by
    /// bisection. Call with the lock held, after `buildChildIndex`.
    private func location(ofNode node: Int32) -> SourceLocation {
        let offset = nodes[Int(node)].start
        var low = 0
        var high = index.lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if index.lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return SourceLocation(line: low + 1, column: offset - index.lineStarts[low] + 1)
    }

    /// The location of `node` (the lock taken, the index built if need be).
    private func lockedLocation(ofNode node: Int32) -> SourceLocation {
        index.lock.wait()
        defer { index.lock.signal() }
        if index.first.isEmpty { buildChildIndex() }
        return location(ofNode: node)
    }

    /// Where the value at `tokens` starts, or the nearest enclosing value that has a location.
    func location(of tokens: [String]) -> SourceLocation? {
        guard !nodes.isEmpty else { return nil }
        var node: Int32 = 0
        for token in tokens {
            guard let child = child(of: node, token) else { break }
            node = child
        }
        return lockedLocation(ofNode: node)
    }

    /// The location of the value at the RFC 6901 pointer text `key` ("" for the root,
    /// `/a~1b/c~0d`), only when that value exists.
    public subscript(key: String) -> SourceLocation? {
        guard !nodes.isEmpty else { return nil }
        var node: Int32 = 0
        guard !key.isEmpty else { return lockedLocation(ofNode: 0) }
        guard key.hasPrefix("/") else { return nil }
        for raw in key.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = String(raw.replacing("~1", with: "/").replacing("~0", with: "~"))
            guard let child = child(of: node, token) else { return nil }
            node = child
        }
        return lockedLocation(ofNode: node)
    }
}
