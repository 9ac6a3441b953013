// MARK: - Animation constants

extension SwiftFactsText {
    /// The names an animation's type is written with.
    private static let animationTypes: Set<String> = ["Animation", "SwiftUI.Animation", "SwiftUICore.Animation"]

    /// A type's animation constant declared from `start` (just after `static`): `let name:
    /// Animation = value` (`SwiftUI.Animation`, `SwiftUICore.Animation` too) or `let name =
    /// Animation.value`, with the value's text on one line (it may span lines inside brackets;
    /// runs of white space become one space); or one computed the same way at every use: `var
    /// name: Animation { value }` or `func name() -> Animation { value }` (named `name()`), whose
    /// body is that one expression (`return` allowed). Nil for anything else: a `let` or `var`
    /// that stores (it may change), a body of more than one statement, a value with a string or
    /// a comment inside its brackets, a statement that goes on. O(its bytes).
    func staticAnimation(after start: Int) -> (name: String, expression: String)? {
        var k = afterModifiers(start)
        guard let keyword = word(at: k), ["let", "var", "func"].contains(keyword) else { return nil }
        // The name, also a keyword in backticks (`` static let `default` ``).
        k = skipSpace(k + keyword.utf8.count, newlines: true)
        let quoted = k < count && bytes[k] == UInt8(ascii: "`")
        guard let name = word(at: quoted ? k + 1 : k), Self.startsName(name) else { return nil }
        k += name.utf8.count + (quoted ? 2 : 0)
        guard !quoted || bytes[k - 1] == UInt8(ascii: "`") else { return nil }
        k = skipSpace(k, newlines: false)
        if keyword == "func" {
            // No parameters, no generics: the same value at every call.
            guard k + 1 < count, bytes[k] == UInt8(ascii: "("), bytes[k + 1] == UInt8(ascii: ")") else { return nil }
            k = skipSpace(k + 2, newlines: false)
            guard k + 1 < count, bytes[k] == UInt8(ascii: "-"), bytes[k + 1] == UInt8(ascii: ">") else { return nil }
            k = skipSpace(k + 2, newlines: false)
            guard let end = animationType(at: k) else { return nil }
            return computedBody(from: end).map { (name + "()", $0) }
        }
        var typed = false
        if k < count, bytes[k] == UInt8(ascii: ":") {
            guard let end = animationType(at: skipSpace(k + 1, newlines: false)) else { return nil }
            typed = true
            k = end
        }
        if keyword == "var" { return typed ? computedBody(from: k).map { (name, $0) } : nil }
        guard k + 1 < count, bytes[k] == UInt8(ascii: "="), bytes[k + 1] != UInt8(ascii: "=") else { return nil }
        guard let (expression, _) = valueText(from: k + 1), !expression.isEmpty else { return nil }
        guard typed || Self.animationTypes.contains(where: { expression.hasPrefix($0 + ".") }) else { return nil }
        return (name, expression)
    }

    /// Where an animation's type written at `k` ends (white space after it skipped); nil when
    /// the type there is another.
    private func animationType(at k: Int) -> Int? {
        var end = k
        while end < count, continuesIdentifier(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
        guard Self.animationTypes.contains(String(decoding: bytes[k..<end], as: UTF8.self)) else { return nil }
        return skipSpace(end, newlines: false)
    }

    /// The one expression of a body `{ value }` or `{ return value }` opening at `k`; nil for a
    /// body of anything else (`get`/`set`, two statements, a value that does not end the body).
    private func computedBody(from k: Int) -> String? {
        guard k < count, bytes[k] == UInt8(ascii: "{") else { return nil }
        var at = skipSpace(k + 1, newlines: true)
        if word(at: at) == "return" { at += 6 }
        guard word(at: at) != "get", let (expression, end) = valueText(from: at), !expression.isEmpty else { return nil }
        let close = skipSpace(end, newlines: true)
        return close < count && bytes[close] == UInt8(ascii: "}") ? expression : nil
    }

    /// The text of a value from `start` to the end of its statement (a line end, `;` or `}`
    /// outside brackets), on one line, and where it ends; nil where brackets do not close, or a
    /// string or comment is inside them.
    private func valueText(from start: Int) -> (text: String, end: Int)? {
        var k = skipSpace(start, newlines: true)
        var text: [UInt8] = []
        var depth = 0
        while k < count {
            let c = bytes[k]
            if c == UInt8(ascii: "\"")
                || (c == UInt8(ascii: "/") && k + 1 < count && (bytes[k + 1] == UInt8(ascii: "/") || bytes[k + 1] == UInt8(ascii: "*")))
            {
                guard depth == 0, c == UInt8(ascii: "/") else { return nil }
                break
            }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0, c == 0x0A || c == UInt8(ascii: ";") { break }
            if c == 0x0A || c == 0x09 || c == 0x0D || c == 0x20 {
                if text.last != 0x20 { text.append(0x20) }
            } else {
                text.append(c)
            }
            k += 1
        }
        guard depth == 0 else { return nil }
        while text.last == 0x20 { text.removeLast() }
        return (String(decoding: text, as: UTF8.self), k)
    }
}
