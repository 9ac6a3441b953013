// MARK: - JSONPointer

/// A JSON Pointer (RFC 6901) path such as `/animations/2/tracks/scale/1/duration`, used to say
/// where in a document a problem is. The root is the empty string, printed as `/`.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, Comparable {
    public private(set) var tokens: [String]

    public init(_ tokens: [String] = []) { self.tokens = tokens }

    public static let root = JSONPointer()

    /// The pointer one level down.
    public func appending(_ key: String) -> JSONPointer { JSONPointer(tokens + [key]) }
    public func appending(_ index: Int) -> JSONPointer { JSONPointer(tokens + [String(index)]) }

    public static func / (p: JSONPointer, key: String) -> JSONPointer { p.appending(key) }
    public static func / (p: JSONPointer, index: Int) -> JSONPointer { p.appending(index) }

    /// RFC 6901 text: `~` is written `~0` and `/` is written `~1`.
    public var description: String {
        tokens.isEmpty ? "/" : key
    }

    /// One token escaped per RFC 6901 (fast path: most tokens need no escaping).
    static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var out = ""
        for c in token {
            switch c {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.append(c)
            }
        }
        return out
    }

    /// The key used in location maps (RFC 6901 form, "" for the root).
    public var key: String {
        var out = ""
        for token in tokens {
            out.append("/")
            out.append(Self.escape(token))
        }
        return out
    }

    public static func < (a: JSONPointer, b: JSONPointer) -> Bool { a.tokens.lexicographicallyPrecedes(b.tokens) }
}
