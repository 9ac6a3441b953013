// MARK: - SwiftBracketBudget

/// A byte scan that runs before Apple's parser sees a file. The toolchain's SwiftParser takes
/// time exponential in the nesting of `[` (its lookahead for inline-array types tries each
/// bracket both ways): 22 levels take 13–60 s, 40 levels do not finish, and 2,000 nests of depth
/// 10 in a 67 KB file take 7 s (found by the swift fuzz target). So before parsing: `[` may nest
/// at most `maximumDepth` deep, and the parser's work, estimated as Σ 2^depth over every `[`,
/// stays within `maximumWork` (about a second). Brackets inside comments and string literals
/// do not count. A nest past the limits (a data table) is blanked rather than the file refused
/// (`blanked`). O(n).
enum SwiftBracketBudget {
    /// Deepest `[` nesting read (12: about 15 ms of parsing for one such nest).
    static let maximumDepth = 12
    /// Most Σ 2^depth over all `[` (2^19: about a second of parsing).
    static let maximumWork = 1 << 19

    /// Why `bytes` would take the parser too long, with the 1-based line and column of the
    /// bracket that crossed the limit; nil when it is within the limits.
    static func check(_ bytes: [UInt8]) -> (line: Int, column: Int, what: String)? {
        var depth = 0, work = 0
        var found: (line: Int, column: Int, what: String)?
        scan(
            bytes,
            open: { _, line, column in
                depth += 1
                work += 1 << min(depth, 30)
                if depth > maximumDepth {
                    found = (
                        line, column,
                        "brackets nested \(depth) deep; Apple's Swift parser takes time exponential in the nesting of [ (22 levels take over 10 s), so motionsync reads at most \(maximumDepth)"
                    )
                } else if work > maximumWork {
                    found = (
                        line, column,
                        "so many nested brackets that Apple's Swift parser would take over a second (Σ 2^depth over every [ is over \(maximumWork))"
                    )
                }
                return found == nil
            }, close: { _ in depth = max(0, depth - 1) })
        return found
    }

    /// `bytes` with every nest of `[` that breaks a limit blanked: the bytes between its outermost
    /// `[` and the matching `]` become spaces (line breaks kept), so the parser reads an empty
    /// `[ ]` there and every other line and column stays where it was. Nests are kept in file
    /// order while their depth and the work of all kept nests stay within the limits. Also where
    /// each blanked nest starts (1-based) and why; nil when a nest past the limits is never
    /// closed. O(n).
    static func blanked(_ bytes: [UInt8]) -> (bytes: [UInt8], nests: [(line: Int, column: Int, what: String)])? {
        var out = bytes
        var nests: [(line: Int, column: Int, what: String)] = []
        var depth = 0, kept = 0
        var nest = (start: 0, line: 0, column: 0, work: 0, deepest: 0)
        scan(
            bytes,
            open: { i, line, column in
                depth += 1
                if depth == 1 { nest = (i, line, column, 0, 0) }
                nest.work += 1 << min(depth, 30)
                nest.deepest = max(nest.deepest, depth)
                return true
            },
            close: { i in
                guard depth > 0 else { return }
                depth -= 1
                guard depth == 0 else { return }
                if nest.deepest <= maximumDepth, kept + nest.work <= maximumWork {
                    kept += nest.work
                    return
                }
                for k in (nest.start + 1)..<i where out[k] != UInt8(ascii: "\n") && out[k] != UInt8(ascii: "\r") { out[k] = UInt8(ascii: " ") }
                let why =
                    nest.deepest > maximumDepth
                    ? "brackets nested \(nest.deepest) deep (Apple's Swift parser takes time exponential in the nesting of [; motionsync reads at most \(maximumDepth))"
                    : "one nest too many for Apple's Swift parser to read within a second (Σ 2^depth over every [ would pass \(maximumWork))"
                nests.append((nest.line, nest.column, "\(why): this [ … ] is read as empty, so nothing inside it is read; the rest of the file is"))
            })
        // A nest never closed that breaks a limit cannot be blanked (there is no `]` to keep):
        // nil, and the file is refused as `check` says (it is not valid Swift either).
        if depth > 0, nest.deepest > maximumDepth || kept + nest.work > maximumWork { return nil }
        return (out, nests)
    }

    /// Walks `bytes` as Swift, calling `open` with the offset, line and column of each `[` and
    /// `close` with the offset of each `]` of code: outside comments and string literals, and
    /// inside a literal's interpolations `\( … )`, which are code to the parser. Stops when
    /// `open` returns false. The literals and interpolations open around the byte are a stack
    /// (`Context`), not a recursion: nesting depth costs memory, never the call stack.
    private static func scan(_ bytes: [UInt8], open: (Int, Int, Int) -> Bool, close: (Int) -> Void) {
        var i = 0, line = 1, lineStart = 0
        func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
        // The file's code at the bottom; a `.code` above a `.literal` is an interpolation.
        var stack: [Context] = [.code(parens: 0)]
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            switch stack[stack.count - 1] {
            case .code(let parens):
                switch b {
                case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "/"):
                    // Swift ends a line comment at a carriage return too.
                    while i < bytes.count, bytes[i] != UInt8(ascii: "\n"), bytes[i] != UInt8(ascii: "\r") { i += 1 }
                case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "*"):
                    skipBlockComment(bytes, &i, &line, &lineStart)
                case UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                    if let literal = openLiteral(bytes, &i) { stack.append(literal) }
                case UInt8(ascii: "["):
                    guard open(i, line, i - lineStart + 1) else { return }
                    i += 1
                case UInt8(ascii: "]"):
                    close(i)
                    i += 1
                case UInt8(ascii: "(") where stack.count > 1:
                    stack[stack.count - 1] = .code(parens: parens + 1)
                    i += 1
                case UInt8(ascii: ")") where stack.count > 1:
                    // The `)` that closes the interpolation returns to its literal.
                    if parens == 0 { stack.removeLast() } else { stack[stack.count - 1] = .code(parens: parens - 1) }
                    i += 1
                default:
                    i += 1
                }
            case .literal(let hashes, let quote, let multiline):
                switch literalStep(bytes, &i, hashes: hashes, quote: quote, multiline: multiline) {
                case .inside: break
                case .closed: stack.removeLast()
                case .interpolation: stack.append(.code(parens: 0))
                }
            }
        }
    }

    /// What the scan is inside: code (with the parentheses open in it, for an interpolation's
    /// end), or a string literal (its `#`s, its quote, whether it is `"""`).
    private enum Context {
        case code(parens: Int)
        case literal(hashes: Int, quote: UInt8, multiline: Bool)
    }

    /// Steps `i` over the `#`s and opening quote of the literal starting at `i`; over the `#`s
    /// alone (nil) when no literal opens there. Raw (#"…"#) or not, single-line or """…""";
    /// Apple's lexer reads '…' as one too (an error it recovers from), so brackets inside it are
    /// not code to the parser either. `#` opens a raw literal before `"` only: before `'` it is a
    /// `#` of its own, and the `'…'` after it an ordinary literal.
    private static func openLiteral(_ bytes: [UInt8], _ i: inout Int) -> Context? {
        func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
        var hashes = 0
        while at(i) == UInt8(ascii: "#") {
            hashes += 1
            i += 1
        }
        let quote = at(i)
        guard quote == UInt8(ascii: "\"") || (quote == UInt8(ascii: "'") && hashes == 0) else { return nil }
        let multiline = quote == UInt8(ascii: "\"") && at(i + 1) == quote && at(i + 2) == quote
        i += multiline ? 3 : 1
        return .literal(hashes: hashes, quote: quote, multiline: multiline)
    }

    private enum LiteralStep { case inside, closed, interpolation }

    /// One step inside a literal at `i` (a line break is counted by the caller): an escape, an
    /// interpolation's `\(` (its `#`s included), the closing quote, a line break that ends a
    /// single-line literal (\n or \r), or any other byte.
    private static func literalStep(_ bytes: [UInt8], _ i: inout Int, hashes: Int, quote: UInt8, multiline: Bool) -> LiteralStep {
        func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
        switch bytes[i] {
        case UInt8(ascii: "\\"):
            var k = i + 1
            while k - i - 1 < hashes, at(k) == UInt8(ascii: "#") { k += 1 }
            // In a raw literal a `\` without its `#`s is a character of the text.
            guard k - i - 1 == hashes else {
                i += 1
                return .inside
            }
            if at(k) == UInt8(ascii: "(") {
                i = k + 1
                return .interpolation
            }
            // An escaped character; a line break after `\` (a continued line) is left to count.
            i = at(k) == UInt8(ascii: "\n") || at(k) == UInt8(ascii: "\r") ? k : k + 1
            return .inside
        case UInt8(ascii: "\n"):
            i += 1
            return multiline ? .inside : .closed
        case UInt8(ascii: "\r") where !multiline:
            i += 1
            return .closed
        case quote:
            let closes = !multiline || (at(i + 1) == quote && at(i + 2) == quote)
            i += closes && multiline ? 3 : 1
            guard closes else { return .inside }
            var closing = 0
            while closing < hashes, at(i) == UInt8(ascii: "#") {
                closing += 1
                i += 1
            }
            return closing == hashes ? .closed : .inside
        default:
            i += 1
            return .inside
        }
    }

    /// Steps `i` over the block comment opening at `i`, counting its lines: block comments nest
    /// in Swift.
    private static func skipBlockComment(_ bytes: [UInt8], _ i: inout Int, _ line: inout Int, _ lineStart: inout Int) {
        func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
        var nesting = 0
        repeat {
            if at(i) == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") {
                nesting += 1
                i += 2
                continue
            }
            if at(i) == UInt8(ascii: "*"), at(i + 1) == UInt8(ascii: "/") {
                nesting -= 1
                i += 2
                continue
            }
            if at(i) == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            i += 1
        } while nesting > 0 && i < bytes.count
    }
}
