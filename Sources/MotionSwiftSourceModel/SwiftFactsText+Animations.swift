// MARK: - Animation constants

extension SwiftFactsText {
    /// The names an animation's type is written with.
    private static let animationTypes: Set<String> = ["Animation", "SwiftUI.Animation", "SwiftUICore.Animation"]

    /// A type's animation constant declared from `start` (just after `static`): `let name:
    /// Animation = value` (`SwiftUI.Animation`, `SwiftUICore.Animation` too) or `let name =
    /// Animation.value`, with the value's text on one line (it may span lines inside brackets;
    /// runs of white space become one space). Nil for anything else: a `var` (it may change), a
    /// value with a string or a comment inside its brackets, a statement that goes on. O(its bytes).
    func staticAnimation(after start: Int) -> (name: String, expression: String)? {
        var k = afterModifiers(start)
        guard word(at: k) == "let" else { return nil }
        // The name, also a keyword in backticks (`` static let `default` ``).
        k = skipSpace(k + 3, newlines: true)
        let quoted = k < count && bytes[k] == UInt8(ascii: "`")
        guard let name = word(at: quoted ? k + 1 : k), Self.startsName(name) else { return nil }
        k += name.utf8.count + (quoted ? 2 : 0)
        guard !quoted || bytes[k - 1] == UInt8(ascii: "`") else { return nil }
        k = skipSpace(k, newlines: false)
        var typed = false
        if k < count, bytes[k] == UInt8(ascii: ":") {
            k = skipSpace(k + 1, newlines: false)
            let typeStart = k
            while k < count, continuesIdentifier(bytes[k]) || bytes[k] == UInt8(ascii: ".") { k += 1 }
            guard Self.animationTypes.contains(String(decoding: bytes[typeStart..<k], as: UTF8.self)) else { return nil }
            typed = true
            k = skipSpace(k, newlines: false)
        }
        guard k + 1 < count, bytes[k] == UInt8(ascii: "="), bytes[k + 1] != UInt8(ascii: "=") else { return nil }
        guard let expression = valueText(from: k + 1), !expression.isEmpty else { return nil }
        guard typed || Self.animationTypes.contains(where: { expression.hasPrefix($0 + ".") }) else { return nil }
        return (name, expression)
    }

    /// The text of a value from `start` to the end of its statement (a line end, `;` or `}`
    /// outside brackets), on one line; nil where brackets do not close, or a string or comment
    /// is inside them.
    private func valueText(from start: Int) -> String? {
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
        return String(decoding: text, as: UTF8.self)
    }
}
