// MARK: - Constant declarations

extension SwiftFactsText {
    /// The modifiers that may follow `static` before `let` or `var`.
    private static let modifiers: Set<String> = ["public", "private", "fileprivate", "internal", "package", "nonisolated", "final", "open"]

    /// A type's constant declared from `start` (just after `static`): `let name = 0.3`, `let
    /// name: TimeInterval = 0.3`, `let name = 0.3 as TimeInterval`, `let total = a + 2 * b`; a
    /// `static var` or a `let` of another kind or form is declared with its value not read. Nil
    /// when no `let` or `var` follows (`static func`).
    func staticConstant(after start: Int) -> (name: String, definition: SwiftConstantFact.Definition)? {
        let k = afterModifiers(start)
        switch word(at: k) {
        case "let": return binding(after: k + 3)
        case "var":
            guard let name = declaredName(after: k + 3) else { return nil }
            return (name, .unread)
        default: return nil
        }
    }

    /// Where the declaration from `start` goes on after its modifiers (`public`, `private(set)`, …).
    func afterModifiers(_ start: Int) -> Int {
        var k = skipSpace(start, newlines: true)
        while let word = word(at: k), Self.modifiers.contains(word) {
            k = skipSpace(k + word.utf8.count, newlines: true)
            if k < count, bytes[k] == UInt8(ascii: "(") {
                // `private(set)`
                while k < count, bytes[k] != UInt8(ascii: ")") { k += 1 }
                k = skipSpace(k + 1, newlines: true)
            }
        }
        return k
    }

    /// Whether `name` starts as a declared name does: with a letter or a `_` that is a character
    /// of its own. An ASCII letter is one (its first scalar is that letter) without the
    /// character's properties looked up, which cost more than the rest of the declaration.
    static func startsName(_ name: String) -> Bool {
        if let b = name.utf8.first, (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) { return true }
        return name.first.map { $0 == "_" || $0.isLetter } == true
    }

    /// The name a `let` or `var` ending before `start` declares: a plain identifier.
    func declaredName(after start: Int) -> String? {
        let k = skipSpace(start, newlines: true)
        guard let name = word(at: k), Self.startsName(name) else { return nil }
        return name
    }

    /// Whether the `let` at `k` starts a declaration visible to other files: the first word of a
    /// statement, after nothing but `public`, `internal`, `package`, `nonisolated` or
    /// attributes (a `private` or `fileprivate` one is its file's alone).
    func startsVisibleDeclaration(at k: Int) -> Bool {
        var k = k - 1
        while true {
            while k >= 0, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0D { k -= 1 }
            guard k >= 0, bytes[k] != 0x0A, bytes[k] != UInt8(ascii: ";"), bytes[k] != UInt8(ascii: "}") else { return true }
            let end = k + 1
            while k >= 0, continuesIdentifier(bytes[k]) { k -= 1 }
            guard k + 1 < end else { return false }
            let word = String(decoding: bytes[(k + 1)..<end], as: UTF8.self)
            if k >= 0, bytes[k] == UInt8(ascii: "@") {
                k -= 1
                continue
            }
            guard ["public", "internal", "package", "nonisolated"].contains(word) else { return false }
        }
    }

    /// Whether the `let` or `var` at `k` is the type's own (`static let`, `public static let`,
    /// `class var`): `static` or `class` among the modifiers and attributes before it on its line.
    func followsStatic(at k: Int) -> Bool {
        var k = k - 1
        while true {
            while k >= 0, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0D { k -= 1 }
            guard k >= 0 else { return false }
            if bytes[k] == UInt8(ascii: ")") {
                // `private(set)`, `@available(…)`
                while k >= 0, bytes[k] != UInt8(ascii: "(") { k -= 1 }
                k -= 1
                continue
            }
            let end = k + 1
            while k >= 0, continuesIdentifier(bytes[k]) { k -= 1 }
            guard k + 1 < end else { return false }
            let word = String(decoding: bytes[(k + 1)..<end], as: UTF8.self)
            if word == "static" || word == "class" { return true }
            if k >= 0, bytes[k] == UInt8(ascii: "@") {
                k -= 1
                continue
            }
            guard Self.modifiers.contains(word) else { return false }
        }
    }

    /// `name [: Type] = value` from `start` (just after `let`): a number literal, arithmetic of
    /// literals and names, or (anything else) declared with its value not read.
    func binding(after start: Int) -> (name: String, definition: SwiftConstantFact.Definition)? {
        guard let name = declaredName(after: start) else { return nil }
        var k = skipSpace(skipSpace(start, newlines: true) + name.utf8.count, newlines: false)
        var type: String?
        if k < count, bytes[k] == UInt8(ascii: ":") {
            k = skipSpace(k + 1, newlines: false)
            guard let written = word(at: k), SwiftModuleConstants.numericTypes.contains(written) else { return (name, .unread) }
            type = written
            k = skipSpace(k + written.utf8.count, newlines: false)
        }
        guard k + 1 < count, bytes[k] == UInt8(ascii: "="), bytes[k + 1] != UInt8(ascii: "=") else { return (name, .unread) }
        guard let value = arithmetic(from: k + 1) else { return (name, .unread) }
        if let cast = value.cast {
            guard type == nil || (type == "Int") == (cast == "Int") else { return (name, .unread) }
            type = cast
        }
        return (name, Self.definition(value.tokens, type: type) ?? .unread)
    }

    /// A literal (alone, or negated) as itself, typed as Swift types it; anything else as an
    /// expression. Nil for a literal its type cannot hold.
    private static func definition(_ tokens: [String], type: String?) -> SwiftConstantFact.Definition? {
        var tokens = tokens
        if tokens.count >= 4, tokens[1] == "(", tokens[tokens.count - 1] == ")", SwiftModuleConstants.numericTypes.contains(tokens[0]),
            !tokens[2..<(tokens.count - 1)].contains(where: { $0 == "(" || $0 == ")" })
        {
            // `TimeInterval(0.25)`: the literal, with the conversion's type (the binding's).
            tokens = Array(tokens[2..<(tokens.count - 1)])
        }
        let literal = tokens.count == 2 && tokens[0] == "-" ? tokens[1] : tokens.count == 1 ? tokens[0] : nil
        guard let literal, literal.first?.isNumber == true else { return .expression(tokens.joined(separator: " "), type: type) }
        guard !literal.lowercased().hasPrefix("0x"), !literal.lowercased().hasPrefix("0o"), !literal.lowercased().hasPrefix("0b"),
            let magnitude = Double(literal.filter { $0 != "_" }), magnitude.isFinite
        else { return nil }
        let value = tokens.count == 2 ? -magnitude : magnitude
        let whole = !literal.contains { $0 == "." || $0 == "e" || $0 == "E" }
        guard whole || type != "Int" else { return nil }
        let integer = whole && (type == nil || type == "Int")
        if integer, Int64(exactly: value) == nil { return nil }
        return .literal(value, integer: integer)
    }

    /// The tokens of the arithmetic from `start` to the end of its statement (names, number
    /// literals, `+ - * /`, parentheses; a trailing `as Type` apart), or nil when the value is
    /// of another form: a call, a string, a second binding, or a statement that may go on in a
    /// line after it (`+ b` on the next line).
    private func arithmetic(from start: Int) -> (tokens: [String], cast: String?)? {
        var k = start
        var tokens: [String] = []
        var depth = 0
        var cast: String?
        var conversion: String?
        while true {
            k = skipSpace(k, newlines: depth > 0 || tokens.isEmpty || tokens.last.map(Self.isOperator) == true)
            if k + 1 < count, bytes[k] == UInt8(ascii: "/"), bytes[k + 1] == UInt8(ascii: "/") {
                while k < count, bytes[k] != 0x0A { k += 1 }
                continue
            }
            guard k < count, cast == nil || bytes[k] == 0x0A || bytes[k] == UInt8(ascii: ";") || bytes[k] == UInt8(ascii: "}") else {
                if k >= count { break }
                return nil
            }
            let c = bytes[k]
            if c == 0x0A || c == UInt8(ascii: ";") || c == UInt8(ascii: "}") {
                guard depth == 0, c != 0x0A || !continuesOnNextLine(after: k) else { return nil }
                break
            }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: ")") {
                depth += c == UInt8(ascii: "(") ? 1 : -1
                guard depth >= 0 else { return nil }
                tokens.append(c == UInt8(ascii: "(") ? "(" : ")")
                k += 1
            } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "/") {
                guard k + 1 >= count || bytes[k + 1] != UInt8(ascii: "=") && bytes[k + 1] != UInt8(ascii: "*") else { return nil }
                tokens.append(String(UnicodeScalar(c)))
                k += 1
            } else if classes[Int(c)] == .digit {
                let end = numberEnd(from: k)
                tokens.append(String(decoding: bytes[k..<end], as: UTF8.self))
                k = end
            } else if classes[Int(c)] == .identifierStart {
                let end = identifierEnd(from: k, dotted: true)
                let name = String(decoding: bytes[k..<end], as: UTF8.self)
                if name == "as" {
                    k = skipSpace(end, newlines: false)
                    guard depth == 0, let type = word(at: k), SwiftModuleConstants.numericTypes.contains(type) else { return nil }
                    cast = type
                    k += type.utf8.count
                    continue
                }
                if end < count, bytes[end] == UInt8(ascii: "("), SwiftModuleConstants.numericTypes.contains(name) {
                    // `TimeInterval(0.25)`, `CGFloat(spacing)`: a conversion of one literal or name
                    // (`SwiftConstantExpression` refuses an `Int(…)` of a floating-point value).
                    guard let (argument, after) = conversionArgument(from: end + 1), conversion == nil || conversion == name else { return nil }
                    conversion = name
                    tokens += [name, "("] + argument + [")"]
                    k = after
                    continue
                }
                guard end >= count || (bytes[end] != UInt8(ascii: "(") && bytes[end] != UInt8(ascii: "[")), !Self.valueWords.contains(name) else {
                    return nil
                }
                tokens.append(name)
                k = end
            } else {
                return nil
            }
        }
        guard !tokens.isEmpty, depth == 0, !Self.isOperator(tokens[tokens.count - 1]) else { return nil }
        // A conversion gives the expression its type, as Swift infers it (the literals and names
        // beside it take that type too, or the code would not compile).
        guard cast == nil || conversion == nil || (cast == "Int") == (conversion == "Int") else { return nil }
        return (tokens, cast ?? conversion)
    }

    /// The one argument of a numeric conversion from `start` (just after its `(`) up to its `)`:
    /// a number literal, negated or not, or a name (`Layout.spacing`), as tokens; and where the
    /// expression goes on after the `)`. Nil for anything longer (`Double(a + b)`, `Int(x.rounded())`).
    private func conversionArgument(from start: Int) -> (tokens: [String], after: Int)? {
        var k = skipSpace(start, newlines: false)
        var tokens: [String] = []
        if k < count, bytes[k] == UInt8(ascii: "-") {
            tokens.append("-")
            k += 1
        }
        guard k < count else { return nil }
        let end: Int
        if classes[Int(bytes[k])] == .digit {
            end = numberEnd(from: k)
        } else if classes[Int(bytes[k])] == .identifierStart, tokens.isEmpty {
            end = identifierEnd(from: k, dotted: true)
        } else {
            return nil
        }
        let token = String(decoding: bytes[k..<end], as: UTF8.self)
        guard !Self.valueWords.contains(token) else { return nil }
        tokens.append(token)
        k = skipSpace(end, newlines: false)
        guard k < count, bytes[k] == UInt8(ascii: ")") else { return nil }
        return (tokens, k + 1)
    }

    /// Words that are values of their own, never a constant's name.
    private static let valueWords: Set<String> = ["true", "false", "nil", "self", "Self", "super"]

    private static func isOperator(_ token: String) -> Bool { token == "+" || token == "-" || token == "*" || token == "/" || token == "(" }

    /// The end of the number literal at `k`: digits, letters, `_`, `.` and an exponent's sign.
    private func numberEnd(from k: Int) -> Int {
        var end = k
        while end < count,
            continuesIdentifier(bytes[end]) || bytes[end] == UInt8(ascii: ".")
                || ((bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+")) && (bytes[end - 1] | 0x20) == UInt8(ascii: "e")
                    && !(bytes[k] == UInt8(ascii: "0") && k + 1 < count && (bytes[k + 1] | 0x20) == UInt8(ascii: "x")))
        { end += 1 }
        return end
    }

    /// Whether the line after the line break at `k` starts with an operator or a `.` (Swift then
    /// reads it as the same statement going on), comments and blank lines passed over.
    private func continuesOnNextLine(after k: Int) -> Bool {
        var k = skipSpace(k, newlines: true)
        while k + 1 < count, bytes[k] == UInt8(ascii: "/"), bytes[k + 1] == UInt8(ascii: "/") {
            while k < count, bytes[k] != 0x0A { k += 1 }
            k = skipSpace(k, newlines: true)
        }
        guard k < count else { return false }
        if bytes[k] == UInt8(ascii: "/"), k + 1 < count, bytes[k + 1] == UInt8(ascii: "*") { return false }
        return Array("+-*/%.?&|^=<>!~".utf8).contains(bytes[k])
    }
}
