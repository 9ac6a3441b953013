// MARK: - JSONSkim

/// One pass over JSON bytes that builds no values: the cheap look an importer takes before the
/// expensive parse, to refuse a file on a limit that needs only a few members. It records the
/// top-level members' names, numbers and locations, and counts the elements of the arrays at one
/// path pattern (`/animations/*/tracks/*` for keyframes), noting where the first one over a
/// limit starts.
///
/// O(n) time, O(depth) memory (depth limited like the parser's). It is lenient: what it cannot
/// read ends the skim with nil, and the real parser then reports the error with its location.
public struct JSONSkim {
    /// One step of a path pattern.
    public enum Step: Hashable, Sendable {
        case key(String)
        case anyKey
        case anyIndex
    }

    private enum Token {
        case key(String)
        case index(Int)
    }

    private struct Stop: Error {}

    private let bytes: [UInt8]
    private let pattern: [Step]
    private let limit: Int
    private let maximumDepth: Int
    private var i = 0
    private var line = 1
    private var lineStart = 0
    private var path: [Token] = []

    /// Top-level member names, in order.
    public private(set) var topLevelKeys: [String] = []
    /// Top-level members whose value is a number.
    public private(set) var topLevelNumbers: [String: Double] = [:]
    /// Where each top-level member's value starts.
    public private(set) var topLevelLocations: [String: SourceLocation] = [:]
    /// Elements of the arrays found at the pattern's path.
    public private(set) var counted = 0
    /// The element that took `counted` over the limit: its pointer and where it starts.
    public private(set) var firstOverLimit: (pointer: JSONPointer, location: SourceLocation)?

    /// Skims `bytes`, counting the elements of arrays at `pattern` against `limit`; nil when the
    /// bytes are not JSON it can read (the parser will say why).
    public static func skim(
        _ bytes: [UInt8], counting pattern: [Step] = [], limit: Int = .max, maximumDepth: Int = JSONParser().maximumDepth
    ) -> JSONSkim? {
        var skim = JSONSkim(bytes: bytes, pattern: pattern, limit: limit, maximumDepth: maximumDepth)
        do {
            skim.whitespace()
            try skim.value(depth: 0)
        } catch {
            return nil
        }
        return skim
    }

    private init(bytes: [UInt8], pattern: [Step], limit: Int, maximumDepth: Int) {
        self.bytes = bytes
        self.pattern = pattern
        self.limit = limit
        self.maximumDepth = maximumDepth
    }

    // MARK: Scanning

    private var location: SourceLocation { SourceLocation(line: line, column: i - lineStart + 1) }

    private mutating func whitespace() {
        i = JSONWhitespace.skip(bytes, from: i, line: &line, lineStart: &lineStart)
    }

    private mutating func expect(_ byte: UInt8) throws {
        whitespace()
        guard i < bytes.count, bytes[i] == byte else { throw Stop() }
        i += 1
    }

    /// The pattern matches the current path.
    private var atPattern: Bool {
        guard !pattern.isEmpty, path.count == pattern.count else { return false }
        for (step, token) in zip(pattern, path) {
            switch (step, token) {
            case (.key(let k), .key(let t)) where k == t: continue
            case (.anyKey, .key), (.anyIndex, .index): continue
            default: return false
            }
        }
        return true
    }

    private mutating func value(depth: Int) throws {
        guard depth <= maximumDepth, i < bytes.count else { throw Stop() }
        switch bytes[i] {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): _ = try skipString()
        default: try scalar()
        }
    }

    /// The object opening at `i`: its members' values skimmed one level deeper, the top level's
    /// names, numbers and locations recorded.
    private mutating func object(depth: Int) throws {
        i += 1
        whitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return
        }
        while true {
            whitespace()
            // Keys are read only where the pattern (or the top level) needs them.
            let key = depth == 0 || depth < pattern.count ? try string() : try skipString()
            try expect(UInt8(ascii: ":"))
            whitespace()
            if depth == 0 {
                topLevelKeys.append(key)
                topLevelLocations[key] = location
                if let n = number() { topLevelNumbers[key] = n }
            }
            path.append(.key(key))
            try value(depth: depth + 1)
            path.removeLast()
            whitespace()
            guard i < bytes.count else { throw Stop() }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return
            }
            throw Stop()
        }
    }

    /// The array opening at `i`: its elements skimmed one level deeper, and counted when the
    /// array is at the pattern's path.
    private mutating func array(depth: Int) throws {
        i += 1
        let counting = atPattern
        whitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return
        }
        var index = 0
        while true {
            whitespace()
            path.append(.index(index))
            if counting {
                counted += 1
                if counted == limit + 1 { firstOverLimit = (pointer, location) }
            }
            try value(depth: depth + 1)
            path.removeLast()
            index += 1
            whitespace()
            guard i < bytes.count else { throw Stop() }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "]") {
                i += 1
                return
            }
            throw Stop()
        }
    }

    /// A number or literal starting at `i`: stepped over up to the next delimiter.
    private mutating func scalar() throws {
        let start = i
        scan: while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: break scan
            default: i += 1
            }
        }
        guard i > start else { throw Stop() }
    }

    private var pointer: JSONPointer {
        path.reduce(JSONPointer.root) { p, token in
            switch token {
            case .key(let k): p / k
            case .index(let n): p / n
            }
        }
    }

    /// The number starting at `i`, if one does (without moving).
    private func number() -> Double? {
        var j = i
        scan: while j < bytes.count {
            switch bytes[j] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                j += 1
            default: break scan
            }
        }
        guard j > i, j - i < 64 else { return nil }
        return Double(String(decoding: bytes[i..<j], as: UTF8.self))
    }

    /// A string's text (escapes left as written: enough to compare with plain key names).
    private mutating func string() throws -> String {
        let start = i + 1
        _ = try skipString()
        return String(decoding: bytes[start..<(i - 1)], as: UTF8.self)
    }

    /// Steps over a string starting at `i` (its opening quote).
    @discardableResult
    private mutating func skipString() throws -> String {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw Stop() }
        i += 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                return ""
            case UInt8(ascii: "\\"): i += 2
            case 0x0A: throw Stop()
            default: i += 1
            }
        }
        throw Stop()
    }
}
