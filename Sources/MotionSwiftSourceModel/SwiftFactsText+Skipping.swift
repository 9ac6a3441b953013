// MARK: - Comments and string literals

extension SwiftFactsText {
    /// The line break ending the line at `start` (or the end of the bytes): a `//` comment's end.
    func lineEnd(from start: Int) -> Int {
        var k = start
        while k < count, bytes[k] != 0x0A { k += 1 }
        return k
    }

    /// Just after the `/* … */` comment at `start`, nested comments included (the end of the
    /// bytes, if it does not close).
    func blockCommentEnd(from start: Int) -> Int {
        var k = start
        var depth = 0
        while k + 1 < count {
            if bytes[k] == 0x2F, bytes[k + 1] == 0x2A {
                depth += 1
                k += 2
                continue
            }
            if bytes[k] == 0x2A, bytes[k + 1] == 0x2F {
                depth -= 1
                k += 2
                if depth == 0 { return k }
                continue
            }
            k += 1
        }
        return count
    }

    /// Just after the string literal at `start` (`"…"`, `"""…"""`, raw `#"…"#`), with `\(…)`
    /// interpolations skipped whole; a one-line literal that does not close ends at its line break.
    func stringEnd(from start: Int) -> Int {
        var k = start
        var hashes = 0
        while k < count, bytes[k] == 0x23 {
            hashes += 1
            k += 1
        }
        let multiline = k + 2 < count && bytes[k + 1] == 0x22 && bytes[k + 2] == 0x22
        k += multiline ? 3 : 1
        while k < count {
            let c = bytes[k]
            if c == 0x5C, hashesFollow(hashes, from: k + 1) {
                k += 1 + hashes
                if k < count, bytes[k] == 0x28 { k = interpolationEnd(from: k) } else { k += 1 }
                continue
            }
            if c == 0x0A, !multiline { return k }
            if c == 0x22, !multiline || (k + 2 < count && bytes[k + 1] == 0x22 && bytes[k + 2] == 0x22),
                hashesFollow(hashes, from: k + (multiline ? 3 : 1))
            {
                return k + (multiline ? 3 : 1) + hashes
            }
            k += 1
        }
        return k
    }

    /// Just after the `(…)` of an interpolation at `start`, nested parentheses and strings inside
    /// it included.
    func interpolationEnd(from start: Int) -> Int {
        var k = start
        var depth = 0
        while k < count {
            let c = bytes[k]
            if c == 0x22 {
                k = stringEnd(from: k)
                continue
            }
            if c == 0x28 {
                depth += 1
            } else if c == 0x29 {
                depth -= 1
                if depth == 0 { return k + 1 }
            }
            k += 1
        }
        return k
    }

    /// The `close` byte that matches the `open` byte at `start` (`(` and `)`, `{` and `}`, `<`
    /// and `>`), string literals skipped whole; nil when the bytes end first. O(bytes after
    /// `start`).
    func matchingClose(from start: Int, open: UInt8, close: UInt8) -> Int? {
        var depth = 0
        var k = start
        while k < count {
            let c = bytes[k]
            if c == 0x22 || (c == 0x23 && rawStringFollows(k)) {
                k = stringEnd(from: k)
                continue
            }
            if c == open {
                depth += 1
            } else if c == close {
                depth -= 1
                if depth == 0 { return k }
            }
            k += 1
        }
        return nil
    }

    /// Whether the `TabView` whose arguments or content open at `start` (its `(` or `{`) shows
    /// its content as pages (`.tabViewStyle(.page)`, `PageTabViewStyle()`, watchOS's
    /// `.verticalPage` and `.carousel`) among the modifiers written right after it: a pager or a
    /// carousel inside one screen, not tabs. O(bytes of the `TabView` and its modifiers).
    func tabViewIsPaged(from start: Int) -> Bool {
        var k = start
        if k < count, bytes[k] == 0x28 {
            guard let close = matchingClose(from: k, open: 0x28, close: 0x29) else { return false }
            k = skipSpace(close + 1, newlines: true)
        }
        guard k < count, bytes[k] == 0x7B, let end = matchingClose(from: k, open: 0x7B, close: 0x7D) else { return false }
        k = end + 1
        // The modifier chain: `.name(…)`, `.name { … }` or `.name`, a line each or not.
        for _ in 0..<16 {
            k = skipSpace(k, newlines: true)
            guard k < count, bytes[k] == 0x2E else { return false }
            let nameEnd = identifierEnd(from: k + 1)
            let name = (k + 1)..<nameEnd
            k = skipSpace(nameEnd, newlines: false)
            if k < count, bytes[k] == 0x28 {
                guard let close = matchingClose(from: k, open: 0x28, close: 0x29) else { return false }
                if spells(name, "tabViewStyle") {
                    let style = String(decoding: bytes[(k + 1)..<close], as: UTF8.self)
                    return style.contains("page") || style.contains("Page") || style.contains("carousel")
                }
                k = close + 1
            }
            if k < count, bytes[k] == 0x7B {
                guard let close = matchingClose(from: k, open: 0x7B, close: 0x7D) else { return false }
                k = close + 1
            }
        }
        return false
    }
}
