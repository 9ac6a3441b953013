// MARK: - SwiftFactsText

/// The bytes `SwiftFactsScan` reads, with the questions it asks of them that change nothing.
///
/// A type of its own so the scan's mutating steps ask them of a value it holds: a non-mutating
/// method of the scan itself, called from a mutating one, is given a copy of the whole scan.
struct SwiftFactsText {
    let bytes: [UInt8]
    /// `ByteClass.table`, held here so the loops read it without a lazy global's check.
    let classes: [ByteClass]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        classes = ByteClass.table
    }

    var count: Int { bytes.count }
    subscript(_ k: Int) -> UInt8 { bytes[k] }

    /// What a byte can start or continue, by table: one load per byte instead of a chain of
    /// comparisons in the loops every byte goes through.
    enum ByteClass: UInt8 {
        case punctuation, space, identifierStart, digit

        /// `table[b]`: the class of byte `b`. Identifiers start with a letter, `_` or a byte of a
        /// non-ASCII character.
        static let table: [ByteClass] = (0..<256).map { b in
            if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D { return .space }
            if (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80 { return .identifierStart }
            if b >= 0x30 && b <= 0x39 { return .digit }
            return .punctuation
        }
    }

    /// The class of the byte at `k`.
    func byteClass(at k: Int) -> ByteClass { classes[Int(bytes[k])] }

    /// Whether byte `c` continues an identifier (a letter, a digit, `_`, a non-ASCII byte).
    func continuesIdentifier(_ c: UInt8) -> Bool { classes[Int(c)].rawValue >= ByteClass.identifierStart.rawValue }

    /// Whether the bytes of `range` spell `word`.
    func spells(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let spelled = word.utf8Start
        for k in 0..<range.count where bytes[range.lowerBound + k] != spelled[k] { return false }
        return true
    }

    /// Whether the bytes of `range` spell one of `words` (all of one length).
    func spellsOne(of words: [[UInt8]], _ range: Range<Int>) -> Bool {
        words.contains { word in word.count == range.count && word.indices.allSatisfy { bytes[range.lowerBound + $0] == word[$0] } }
    }

    /// The words `SwiftFactsScan` acts on.
    enum Keyword {
        case `struct`, `enum`, actor, `protocol`, `extension`, `class`, `switch`, `if`, `else`, `guard`, `func`, `static`, `let`, `var`

        var spelling: StaticString {
            switch self {
            case .struct: "struct"
            case .enum: "enum"
            case .actor: "actor"
            case .protocol: "protocol"
            case .extension: "extension"
            case .class: "class"
            case .switch: "switch"
            case .if: "if"
            case .else: "else"
            case .guard: "guard"
            case .func: "func"
            case .static: "static"
            case .let: "let"
            case .var: "var"
            }
        }
    }

    /// The keyword `range` spells, if it is one `SwiftFactsScan` acts on: chosen by length and
    /// first byte, then checked, since nearly every word of a file is looked at.
    func keyword(_ range: Range<Int>) -> Keyword? {
        let word: Keyword
        switch (range.count, bytes[range.lowerBound]) {
        case (2, UInt8(ascii: "i")): word = .if
        case (4, UInt8(ascii: "e")): word = spells(range, "enum") ? .enum : .else
        case (4, UInt8(ascii: "f")): word = .func
        case (3, UInt8(ascii: "l")): word = .let
        case (3, UInt8(ascii: "v")): word = .var
        case (5, UInt8(ascii: "a")): word = .actor
        case (5, UInt8(ascii: "c")): word = .class
        case (5, UInt8(ascii: "g")): word = .guard
        case (6, UInt8(ascii: "s")): word = spells(range, "struct") ? .struct : spells(range, "static") ? .static : .switch
        case (8, UInt8(ascii: "p")): word = .protocol
        case (9, UInt8(ascii: "e")): word = .extension
        default: return nil
        }
        return spells(range, word.spelling) ? word : nil
    }

    /// The plain word (letters, digits, `_`) at `k`, if one starts there.
    func word(at k: Int) -> String? {
        guard k < count, classes[Int(bytes[k])] == .identifierStart else { return nil }
        var end = k
        while end < count, continuesIdentifier(bytes[end]) { end += 1 }
        return String(decoding: bytes[k..<end], as: UTF8.self)
    }

    /// The first byte from `k` that is not a space or a tab (nor a line break, if `newlines`).
    func skipSpace(_ k: Int, newlines: Bool) -> Int {
        var k = k
        while k < count, bytes[k] == 0x20 || bytes[k] == 0x09 || (newlines && (bytes[k] == 0x0A || bytes[k] == 0x0D)) { k += 1 }
        return k
    }

    func isUppercase(_ range: Range<Int>) -> Bool { bytes[range.lowerBound] >= 0x41 && bytes[range.lowerBound] <= 0x5A }

    /// Whether the identifier in `range` ends in `Style` (`buttonStyle`, `toggleStyle`).
    func endsWithStyle(_ range: Range<Int>) -> Bool {
        range.count >= 5 && spells((range.upperBound - 5)..<range.upperBound, "Style")
    }

    func name(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The identifier (dots included) after the white space at `start`: a declaration's name.
    func identifier(after start: Int) -> String? {
        var k = skipSpace(start, newlines: true)
        let first = k
        while k < count, continuesIdentifier(bytes[k]) || bytes[k] == 0x2E { k += 1 }
        return k > first ? String(decoding: bytes[first..<k], as: UTF8.self) : nil
    }

    /// Whether the identifier before the `:` at `colon` follows `var` or `let` (a stored property).
    func isPropertyName(before colon: Int) -> Bool {
        var k = colon - 1
        while k >= 0, bytes[k] == 0x20 { k -= 1 }
        while k >= 0, continuesIdentifier(bytes[k]) { k -= 1 }
        while k >= 0, bytes[k] == 0x20 { k -= 1 }
        guard k >= 2 else { return false }
        return spells((k - 2)..<(k + 1), "var") || spells((k - 2)..<(k + 1), "let")
    }

    /// Whether `#`s at `start` open a raw string (`#"…"#`).
    func rawStringFollows(_ start: Int) -> Bool {
        var k = start
        while k < count, bytes[k] == 0x23 { k += 1 }
        return k < count && bytes[k] == 0x22
    }

    /// Whether `count` `#`s follow at `start` (a raw string's delimiter).
    func hashesFollow(_ hashes: Int, from start: Int) -> Bool {
        guard hashes > 0 else { return true }
        guard start + hashes <= count else { return false }
        return (start..<start + hashes).allSatisfy { bytes[$0] == 0x23 }
    }
}
