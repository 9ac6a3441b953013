// MARK: - SwiftBracketBudget

/// A byte scan that runs before Apple's parser sees a file. The toolchain's SwiftParser takes
/// time exponential in the nesting of `[` (its lookahead for inline-array types tries each
/// bracket both ways): 22 levels take 13–60 s, 40 levels do not finish, and 2,000 nests of depth
/// 10 in a 67 KB file take 7 s (found by the swift fuzz target). So before parsing: `[` may nest
/// at most `maximumDepth` deep, and the parser's work, estimated as Σ 2^depth over every `[`,
/// stays within `maximumWork` (about a second). Brackets inside comments and string literals
/// do not count. O(n).
enum SwiftBracketBudget {
    /// Deepest `[` nesting read (12: about 15 ms of parsing for one such nest).
    static let maximumDepth = 12
    /// Most Σ 2^depth over all `[` (2^19: about a second of parsing).
    static let maximumWork = 1 << 19

    /// Why `bytes` would take the parser too long, with the 1-based line and column of the
    /// bracket that crossed the limit; nil when it is within the limits.
    static func check(_ bytes: [UInt8]) -> (line: Int, column: Int, what: String)? {
        var i = 0, line = 1, lineStart = 0
        var depth = 0, work = 0
        func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = i + 1
                i += 1
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "/"):
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "*"):
                // Block comments nest in Swift.
                var nesting = 0
                repeat {
                    if at(i) == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") { nesting += 1; i += 2; continue }
                    if at(i) == UInt8(ascii: "*"), at(i + 1) == UInt8(ascii: "/") { nesting -= 1; i += 2; continue }
                    if at(i) == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
                    i += 1
                } while nesting > 0 && i < bytes.count
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                // A string literal, raw (#"…"#) or not, single-line or """…""".
                var hashes = 0
                while at(i) == UInt8(ascii: "#") { hashes += 1; i += 1 }
                guard at(i) == UInt8(ascii: "\"") else { continue }
                let multiline = at(i + 1) == UInt8(ascii: "\"") && at(i + 2) == UInt8(ascii: "\"")
                i += multiline ? 3 : 1
                scan: while i < bytes.count {
                    switch bytes[i] {
                    case UInt8(ascii: "\\") where hashes == 0: i += 2
                    case UInt8(ascii: "\n"):
                        line += 1
                        lineStart = i + 1
                        i += 1
                        if !multiline { break scan }
                    case UInt8(ascii: "\""):
                        let closes = !multiline || (at(i + 1) == UInt8(ascii: "\"") && at(i + 2) == UInt8(ascii: "\""))
                        i += closes && multiline ? 3 : 1
                        guard closes else { continue }
                        var closing = 0
                        while closing < hashes, at(i) == UInt8(ascii: "#") { closing += 1; i += 1 }
                        if closing == hashes { break scan }
                    default: i += 1
                    }
                }
            case UInt8(ascii: "["):
                depth += 1
                work += 1 << min(depth, 30)
                if depth > maximumDepth {
                    return (line, i - lineStart + 1, "brackets nested \(depth) deep; Apple's Swift parser takes time exponential in the nesting of [ (22 levels take over 10 s), so motionsync reads at most \(maximumDepth)")
                }
                if work > maximumWork {
                    return (line, i - lineStart + 1, "so many nested brackets that Apple's Swift parser would take over a second (Σ 2^depth over every [ is over \(maximumWork))")
                }
                i += 1
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                i += 1
            default:
                i += 1
            }
        }
        return nil
    }
}
