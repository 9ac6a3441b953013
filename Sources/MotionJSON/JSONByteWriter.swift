// MARK: - JSONByteWriter

/// Compact JSON bytes written member by member, without a `JSONValue` tree: the same bytes as
/// `JSONWriter(pretty: false)` gives for a tree with the same members in the same order (numbers
/// by `JSONWriter.number`, strings by `JSONWriter.quote`). For texts written often, such as the
/// figures an import stores per animation. O(output bytes).
///
/// A class: the nested closures of `object` and `array` write to the one buffer.
public final class JSONByteWriter {
    /// The bytes so far. Accesses are never overlapping (each append ends before the next
    /// member's closure runs), so the run-time exclusivity check, a third of the writing's time
    /// on the figure texts, is not made.
    @exclusivity(unchecked) public var out: [UInt8] = []
    /// False once a non-finite number was met (written `null`, as `JSONWriter` writes it).
    public private(set) var finite = true

    public init(capacity: Int = 256) { out.reserveCapacity(capacity) }

    // MARK: Containers

    /// `{`, the members `body` writes (each starting with `key`), `}`.
    public func object(_ body: () -> Void) {
        out.append(0x7B)
        body()
        out.append(0x7D)
    }

    /// `[`, `each` of `items` separated by commas, `]`. Inlinable: specialized where it is called,
    /// so no generic metadata is looked up per array.
    @inlinable
    public func array<T>(_ items: [T], _ each: (T) -> Void) {
        out.append(0x5B)
        var first = true
        for item in items {
            if !first { out.append(0x2C) }
            first = false
            each(item)
        }
        out.append(0x5D)
    }

    // MARK: Members and values

    /// `"name":`, after a comma unless it is the object's first member.
    public func key(_ name: StaticString, first: Bool = false) {
        if !first { out.append(0x2C) }
        out.append(0x22)
        name.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(0x22)
        out.append(0x3A)
    }

    /// `"name":` for a key known only at run time (escaped as `JSONWriter.quote` does).
    public func key(_ name: String, first: Bool = false) {
        if !first { out.append(0x2C) }
        JSONWriter.quote(name, into: &out)
        out.append(0x3A)
    }

    public func number(_ n: Double) {
        if !n.isFinite { finite = false }
        JSONWriter.number(n, into: &out)
    }

    public func string(_ s: String) { JSONWriter.quote(s, into: &out) }

    public func bool(_ b: Bool) { literal(b ? "true" : "false") }

    public func null() { literal("null") }

    /// A literal's bytes, appended without making an array of them.
    private func literal(_ text: StaticString) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// The bytes as a `String`.
    public var text: String { String(decoding: out, as: UTF8.self) }
}
