// MARK: - SwiftFactsText

/// The bytes `SwiftFactsScan` reads, with the questions it asks of them that change nothing.
///
/// A type of its own so the scan's mutating steps ask them of a value it holds: a non-mutating
/// method of the scan itself, called from a mutating one, is given a copy of the whole scan.
struct SwiftFactsText {
    let bytes: [UInt8]
    /// `ByteClass.table`, held here so the loops read it without a lazy global's check.
    let classes: [ByteClass]
    /// `wordTable`, held here for the same reason.
    let wordSlots: [WordSlot]
    let wordBytes: [UInt8]
    /// `wordLengths`, held here for the same reason.
    let wordLengths: [UInt32]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        classes = ByteClass.table
        (wordSlots, wordBytes) = Self.wordTable
        wordLengths = Self.wordLengths
    }

    var count: Int { bytes.count }
    subscript(_ k: Int) -> UInt8 { bytes[k] }

    /// What a byte can start or continue, by table: one load per byte instead of a chain of
    /// comparisons in the loops every byte goes through.
    enum ByteClass: UInt8 {
        /// Punctuation that only ends a word (`.`, `,`, `=`, an operator, …).
        case plain
        /// `(` or `[`.
        case open
        /// `)`, `]` or `}`.
        case close
        /// `{`.
        case brace
        /// `:`.
        case colon
        /// What may start a comment or a string literal (`/`, `"`, `#`), and a 0 byte (the end
        /// of the scan's copy of the bytes).
        case quote
        case space, identifierStart, digit

        /// `table[b]`: the class of byte `b`. Identifiers start with a letter, `_` or a byte of a
        /// non-ASCII character.
        static let table: [ByteClass] = (0..<256).map { b in
            if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D { return .space }
            if (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80 { return .identifierStart }
            if b >= 0x30 && b <= 0x39 { return .digit }
            switch UInt8(b) {
            case UInt8(ascii: "("), UInt8(ascii: "["): return .open
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): return .close
            case UInt8(ascii: "{"): return .brace
            case UInt8(ascii: ":"): return .colon
            case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "#"), 0: return .quote
            default: return .plain
            }
        }
    }

    /// The class of the byte at `k`.
    func byteClass(at k: Int) -> ByteClass { classes[Int(bytes[k])] }

    /// Whether byte `c` continues an identifier (a letter, a digit, `_`, a non-ASCII byte).
    func continuesIdentifier(_ c: UInt8) -> Bool { classes[Int(c)].rawValue >= ByteClass.identifierStart.rawValue }

    /// Where the identifier from `start` ends (`start` itself when none starts there); with
    /// `dotted`, a dotted name's (`Layout.spacing`).
    func identifierEnd(from start: Int, dotted: Bool = false) -> Int {
        var end = start
        while end < count, continuesIdentifier(bytes[end]) || (dotted && bytes[end] == 0x2E) { end += 1 }
        return end
    }

    /// Whether the bytes of `range` spell `word`.
    func spells(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let spelled = word.utf8Start
        for k in 0..<range.count where bytes[range.lowerBound + k] != spelled[k] { return false }
        return true
    }

    /// The first place in `range` where `word`'s bytes start and end within it, nil when there
    /// is none. Comments and strings are read as code. O(range.count × word's length).
    func firstIndex(of word: StaticString, in range: Range<Int>) -> Int? {
        let length = word.utf8CodeUnitCount
        let first = word.utf8Start[0]
        var k = range.lowerBound
        while k + length <= min(range.upperBound, count) {
            if bytes[k] == first, spells(k..<(k + length), word) { return k }
            k += 1
        }
        return nil
    }

    /// Whether the identifier in `range` ends in `NavigationStack`, `NavigationView` or
    /// `avigationDestination` (after at least one more byte): a navigation container or
    /// destination under another name. O(1).
    func endsPresentingName(_ range: Range<Int>) -> Bool {
        let end = range.upperBound
        switch bytes[end - 1] {
        case UInt8(ascii: "k"): return range.count > 15 && spells((end - 15)..<end, "NavigationStack")
        case UInt8(ascii: "w"): return range.count > 14 && spells((end - 14)..<end, "NavigationView")
        case UInt8(ascii: "n"): return range.count > 20 && spells((end - 20)..<end, "avigationDestination")
        default: return false
        }
    }

    /// SwiftUI's controls, collections and stacks (`Word.listing`).
    static let listings = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "ScrollView", "GeometryReader", "List", "ForEach", "Form", "Section", "Button",
        "Menu", "Picker", "Toggle", "Label", "LazyVGrid", "LazyHGrid", "Grid", "GridRow",
        "Table", "DisclosureGroup", "OutlineGroup", "ControlGroup", "Link", "ShareLink", "Stepper", "Slider", "TextField", "SecureField",
    ]

    /// The words `SwiftFactsScan` acts on: the declarations and control flow it follows, the
    /// wrappers that show what they wrap as it is, `.self`, and the calls that present a screen.
    enum Word: UInt8 {
        case none, `struct`, `enum`, actor, `protocol`, `extension`, `class`, `switch`, `if`, `else`, `guard`, `func`, `static`, `let`, `var`
        /// `AnyView` or `Group`: inside a presented closure, what it holds is presented as the
        /// closure's own content is. (A stack is not: a screen's own `NavigationStack { VStack {
        /// Header(); List { … } } }` holds parts of that screen.)
        case transparent
        /// A control, a collection or a stack of SwiftUI (`List`, `ForEach`, `Button`, `VStack`,
        /// …): its closures hold its rows, labels and actions, parts of the screen it is on.
        case listing
        case `self`
        /// One of `SwiftFactsScan.presenting`.
        case presenting
        /// `shared`: a singleton (`SpeechService.shared`), which the code that names it holds.
        case shared
        /// A handler's name (`onTapGesture`, `viewDidAppear`, `UIAction`, …): the file is read
        /// for its handlers' facts too (`SwiftHandlerScan`).
        case handler
        /// `asyncAfter`: the file is read for functions that delay a closure (`SwiftDelayScan`).
        case asyncAfter
        /// `Void` or `Binding` (`SwiftHandlerScan.forwardingNames`): with a SwiftUI view's
        /// words (`listing`), the file is read for what it hands on to other views.
        case forwarding

        /// Whether it is a keyword the scan acts on (`struct` … `var`).
        var isKeyword: Bool { rawValue >= Word.struct.rawValue && rawValue <= Word.var.rawValue }

        /// Each spelling and the word it is.
        static let spellings: [(String, Word)] =
            [
                ("struct", .struct), ("enum", .enum), ("actor", .actor), ("protocol", .protocol), ("extension", .extension),
                ("class", .class), ("switch", .switch), ("if", .if), ("else", .else), ("guard", .guard), ("func", .func),
                ("static", .static), ("let", .let), ("var", .var), ("AnyView", .transparent), ("Group", .transparent),
            ] + SwiftFactsText.listings.map { ($0, .listing) } + [
                ("self", .self), ("shared", .shared), ("asyncAfter", .asyncAfter),
            ] + SwiftFactsScan.presenting.sorted().map { ($0, .presenting) }
            + SwiftHandlerScan.names.map { ($0, .handler) }
            + SwiftHandlerScan.forwardingNames.map { ($0, .forwarding) }
    }

    /// What `SwiftFactsSeen` keys the identifier in `range` on: its length and its first,
    /// second and last bytes, which tell most names apart (the table compares the bytes of those
    /// that share a key) without reading the rest.
    func key(_ range: Range<Int>) -> UInt32 { bytes.withUnsafeBufferPointer { Self.key(range, in: $0) } }

    /// `key(_:)` with the bytes read through `p` (`bytes`' own).
    @inline(__always) static func key(_ range: Range<Int>, in p: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let second = p[range.count > 1 ? range.lowerBound + 1 : range.lowerBound]
        return UInt32(truncatingIfNeeded: range.count) | UInt32(p[range.lowerBound]) << 8 | UInt32(second) << 16
            | UInt32(p[range.upperBound - 1]) << 24
    }

    /// One slot of `wordTable`: where a word's spelling is in `wordBytes`, and the word
    /// (`.none`: an empty slot).
    struct WordSlot {
        var start: UInt16 = 0
        var count: UInt8 = 0
        var word: Word = .none
    }

    /// `Word.spellings` by `wordSlot`, open addressing with linear probing in a table several
    /// times the words' number, so that a word that is none of them (nearly every one) is known
    /// by one or two slots, without making a string or reading all its bytes.
    static let wordTable: (slots: [WordSlot], bytes: [UInt8]) = {
        var slots = [WordSlot](repeating: WordSlot(), count: wordSlots)
        var bytes: [UInt8] = []
        for (spelling, word) in Word.spellings {
            let utf8 = Array(spelling.utf8)
            var slot = wordSlot(count: utf8.count, first: utf8[0], second: utf8[min(1, utf8.count - 1)], last: utf8[utf8.count - 1])
            while slots[slot].word != .none { slot = (slot + 1) & (wordSlots - 1) }
            slots[slot] = WordSlot(start: UInt16(bytes.count), count: UInt8(utf8.count), word: word)
            bytes += utf8
        }
        return (slots, bytes)
    }()
    static let wordSlots = 256

    /// `wordLengths[b]`: bit `n` set when a word of `Word.spellings` has `n` bytes and starts with
    /// byte `b` (every spelling is shorter than 32 bytes). Most identifiers are known to be no
    /// word by this one load, before the slot is computed.
    static let wordLengths: [UInt32] = {
        var lengths = [UInt32](repeating: 0, count: 256)
        for (spelling, _) in Word.spellings {
            let utf8 = Array(spelling.utf8)
            precondition(utf8.count < 32, "a word of 32 bytes or more needs a wider length mask")
            lengths[Int(utf8[0])] |= 1 << UInt32(utf8.count)
        }
        return lengths
    }()

    /// The slot a word of `count` bytes starts its probe at, from its first, second (its first
    /// again if it has one byte) and last bytes: three bytes read, where a hash would read every
    /// byte of every word.
    @inline(__always) static func wordSlot(count: Int, first: UInt8, second: UInt8, last: UInt8) -> Int {
        (Int(first) &* 0x9E &+ Int(second) &* 0x17 &+ Int(last) &* 0x3B &+ count &* 0x61) & (wordSlots - 1)
    }

    /// The word the identifier in `range` is, `.none` if it is none the scan acts on.
    func word(_ range: Range<Int>) -> Word { bytes.withUnsafeBufferPointer { word(range, in: $0) } }

    /// `word(_:)` with the bytes read through `p` (`bytes`' own): the length mask, which rules
    /// out most words, inlined where it is asked.
    @inline(__always) func word(_ range: Range<Int>, in p: UnsafeBufferPointer<UInt8>) -> Word {
        guard range.count < 32, wordLengths[Int(p[range.lowerBound])] >> UInt32(range.count) & 1 != 0 else { return .none }
        return lookUp(range, in: p)
    }

    /// `word(_:in:)` past the length mask: the word's slots probed. (`&+`: positions and slots
    /// within the bytes and the table, which are far from overflowing.)
    func lookUp(_ range: Range<Int>, in p: UnsafeBufferPointer<UInt8>) -> Word {
        let start = range.lowerBound
        let count = range.upperBound &- start
        let second = p[count > 1 ? start &+ 1 : start]
        var slot = Self.wordSlot(count: count, first: p[start], second: second, last: p[range.upperBound &- 1])
        while true {
            let entry = wordSlots[slot]
            if entry.word == .none { return .none }
            if Int(entry.count) == count {
                let spelling = Int(entry.start)
                var k = 0
                while k < count, p[start &+ k] == wordBytes[spelling &+ k] { k &+= 1 }
                if k == count { return entry.word }
            }
            slot = (slot &+ 1) & (Self.wordSlots - 1)
        }
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

    /// The name called with the arguments whose `)` comes right before `brace` (`Wrap(x: 1) {`
    /// → `Wrap`): found by matching brackets backwards over at most 512 bytes (a string with a
    /// bracket in it can mislead it: then nil or another name, a use missed). nil when no `)`
    /// precedes the brace.
    func callee(beforeBrace brace: Int) -> Range<Int>? {
        var k = brace - 1
        while k >= 0, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D { k -= 1 }
        guard k >= 0, bytes[k] == UInt8(ascii: ")") else { return nil }
        var depth = 0
        let limit = max(0, k - 512)
        while k >= limit {
            if bytes[k] == UInt8(ascii: ")") { depth += 1 }
            if bytes[k] == UInt8(ascii: "(") {
                depth -= 1
                if depth == 0 { break }
            }
            k -= 1
        }
        guard k >= limit, depth == 0 else { return nil }
        let end = k
        while k > 0, continuesIdentifier(bytes[k - 1]) { k -= 1 }
        return k < end ? k..<end : nil
    }

    /// Whether the declaration whose name follows `start` has a generic parameter that is a view
    /// (`struct AppEnvironment<Content: View>`, `<Label: SwiftUI.View, Content: View>`): a
    /// view that shows what it is given. O(the name and its generic clause).
    func genericParameterIsView(afterKeyword start: Int) -> Bool {
        var k = skipSpace(start, newlines: true)
        while k < count, continuesIdentifier(bytes[k]) { k += 1 }
        k = skipSpace(k, newlines: false)
        guard k < count, bytes[k] == UInt8(ascii: "<") else { return false }
        var depth = 0
        while k < count {
            switch bytes[k] {
            case UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">"):
                depth -= 1
                if depth == 0 { return false }
            case UInt8(ascii: "{"), UInt8(ascii: "("): return false
            case UInt8(ascii: "V"):
                if k + 4 <= count, spells(k..<(k + 4), "View"), !continuesIdentifier(bytes[k - 1]) || bytes[k - 1] == UInt8(ascii: "."),
                    k + 4 == count || !continuesIdentifier(bytes[k + 4])
                {
                    return true
                }
            default: break
            }
            k += 1
        }
        return false
    }

    /// Whether the declaration after the `var` or `func` ending at `start` is named `body` and
    /// is `some View` (`var body: some View`, `func body(props: Props) -> some SwiftUI.View`):
    /// `some` and `View` before the `{` or `=` that starts its value, within 240 bytes.
    func declaresViewBody(after start: Int) -> Bool {
        var k = skipSpace(start, newlines: true)
        guard k + 4 < count, spells(k..<(k + 4), "body"), !continuesIdentifier(bytes[k + 4]) else { return false }
        k += 4
        let limit = min(count, k + 240)
        while k + 4 < limit, bytes[k] != UInt8(ascii: "{"), bytes[k] != UInt8(ascii: "=") {
            if bytes[k] == UInt8(ascii: "s"), spells(k..<(k + 4), "some"), !continuesIdentifier(bytes[k - 1]) {
                var v = skipSpace(k + 4, newlines: true)
                if v + 8 <= count, spells(v..<(v + 8), "SwiftUI.") { v += 8 }
                return v + 4 <= count && spells(v..<(v + 4), "View") && (v + 4 == count || !continuesIdentifier(bytes[v + 4]))
            }
            k += 1
        }
        return false
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
