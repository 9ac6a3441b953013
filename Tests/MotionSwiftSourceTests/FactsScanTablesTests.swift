import Testing

@testable import MotionSwiftSourceModel

/// The tables that let the facts scan know a word and a repeated use by bytes alone: each must
/// answer exactly as comparing the strings would, for words it holds and for near misses.
@Suite("facts scan: word and use tables")
struct FactsScanTablesTests {
    /// The word `SwiftFactsText` finds for `word`, as the scan looks it up.
    static func lookUp(_ word: String) -> SwiftFactsText.Word {
        let text = SwiftFactsText(Array(word.utf8))
        return text.word(0..<text.count)
    }

    @Test("every word the scan acts on is found, and only by its exact bytes")
    func words() {
        let spellings = [
            "struct", "enum", "actor", "protocol", "extension", "class", "switch", "if", "else", "guard", "func", "static", "let", "var",
        ]
        for spelling in spellings { #expect(Self.lookUp(spelling).isKeyword, "\(spelling)") }
        #expect(Self.lookUp("AnyView") == .transparent)
        #expect(Self.lookUp("Group") == .transparent)
        #expect(Self.lookUp("self") == .self)
        for name in SwiftFactsScan.presenting { #expect(Self.lookUp(name) == .presenting, "\(name)") }
        // Near misses: a letter more or less, another case, a prefix of a longer word.
        for near in [
            "Self", "selff", "sel", "iff", "i", "Struct", "structs", "Groups", "sheets", "shee", "lets", "va", "AnyViews", "showing", "_if",
            // The same length, first and last byte as a word: the same slot, told apart by the bytes.
            "strict", "sxlf", "lat", "vor", "Gxoup", "shout", "ix", "elle", "fxnc",
        ] {
            #expect(Self.lookUp(near) == .none, "\(near)")
        }
    }

    /// A name's key is its length and first, second and last bytes, wherever it is in the file.
    @Test("the use key is a name's length and first, second and last bytes")
    func key() {
        let text = SwiftFactsText(Array("x padding pudding a".utf8))
        #expect(text.key(2..<9) == 7 | UInt32(UInt8(ascii: "p")) << 8 | UInt32(UInt8(ascii: "a")) << 16 | UInt32(UInt8(ascii: "g")) << 24)
        // A one-byte name: its byte stands for the second too.
        #expect(text.key(18..<19) == 1 | 0x61 << 8 | 0x61 << 16 | 0x61 << 24)
        // Names that share a key are told apart by the table, by their bytes.
        #expect(text.key(2..<9) != text.key(10..<17))
        var seen = SwiftFactsSeen()
        #expect(Self.insert(&seen, container: 0, kind: .call, name: 2..<9, hash: 5, in: text.bytes))
        #expect(Self.insert(&seen, container: 0, kind: .call, name: 10..<17, hash: 5, in: text.bytes))
        #expect(!Self.insert(&seen, container: 0, kind: .call, name: 10..<17, hash: 5, in: text.bytes))
    }

    /// `seen.insert(…)`, outside `#expect` (which cannot call a mutating method).
    static func insert(
        _ seen: inout SwiftFactsSeen, container: Int32, kind: SwiftFactsSeen.Kind, name: Range<Int>, hash: UInt32, in bytes: [UInt8]
    ) -> Bool {
        bytes.withUnsafeBufferPointer { seen.insert(container: container, kind: kind, name: name, hash: hash, in: $0) }
    }

    @Test("a use is new once per container, kind and name bytes, through growth and collisions")
    func seen() {
        let names = (0..<400).map { "name\($0)" }
        let bytes = Array(names.joined(separator: " ").utf8)
        var ranges: [Range<Int>] = []
        var start = 0
        for name in names {
            ranges.append(start..<start + name.utf8.count)
            start += name.utf8.count + 1
        }
        var seen = SwiftFactsSeen()
        // Every name hashed to the same value: the table must tell them apart by their bytes.
        for range in ranges { #expect(Self.insert(&seen, container: 0, kind: .call, name: range, hash: 7, in: bytes)) }
        for range in ranges { #expect(!Self.insert(&seen, container: 0, kind: .call, name: range, hash: 7, in: bytes)) }
        // Another container or kind is another use.
        #expect(Self.insert(&seen, container: 1, kind: .call, name: ranges[0], hash: 7, in: bytes))
        #expect(Self.insert(&seen, container: 0, kind: .part, name: ranges[0], hash: 7, in: bytes))
        #expect(Self.insert(&seen, container: 0, kind: .presented, name: ranges[0], hash: 7, in: bytes))
        #expect(!Self.insert(&seen, container: 0, kind: .presented, name: ranges[0], hash: 7, in: bytes))
        // The same bytes elsewhere in the file are the same name.
        let twice = Array("padding padding".utf8)
        var other = SwiftFactsSeen()
        #expect(Self.insert(&other, container: 2, kind: .call, name: 0..<7, hash: 1, in: twice))
        #expect(!Self.insert(&other, container: 2, kind: .call, name: 8..<15, hash: 1, in: twice))
    }

    /// (`View` is a use too: the type of the stored property `body`.)
    @Test("repeated calls and types are used once per container, each container its own")
    func repeatedUses() {
        let source = """
            struct A: View { var body: some View { Row().padding().padding(); Row().padding() } }
            struct B: View { var body: some View { Row().padding().sheet { Detail() }.sheet { Detail() } } }
            """
        let facts = SwiftFactsScan.facts(Array(source.utf8))
        let uses = facts.uses.map { "\($0.container) \($0.used) \($0.role.rawValue)" }
        #expect(
            uses == [
                "A View part", "A Row part", "A func:padding part", "B View part", "B Row part", "B func:padding part", "B func:sheet part",
                "B Detail presented",
            ])
    }

    /// Two bodies of one name are one container, and names Swift compares equal are one name
    /// though their bytes differ: `\u{212A}` (KELVIN SIGN) is canonically `K`.
    @Test("a use is recorded once per container name and used name, as strings compare")
    func equalNames() {
        let source = """
            extension Feed { func a() { Row().padding() } }
            extension Feed { func b() { Row().padding(); Card() } }
            struct A { func f() { Kx(); \u{212A}x(); Kx() } }
            extension Kx { func f() { Row() } }
            extension \u{212A}x { func g() { Row(); Card() } }
            """
        let facts = SwiftFactsScan.facts(Array(source.utf8))
        let uses = facts.uses.map { "\($0.container) \($0.used) \($0.role.rawValue)" }
        #expect(uses == ["Feed Row part", "Feed func:padding part", "Feed Card part", "A Kx part", "Kx Row part", "Kx Card part"])
        // The later spelling names the container of the use it first made.
        #expect(facts.uses.last.map { Array($0.container.utf8) } == Array("\u{212A}x".utf8))
    }
}

/// The facts scan reads a file's bytes through an unchecked pointer, over a copy with a 0 after
/// them that ends every run of white space, word or number: it must stop at the end whatever the
/// last byte is (a debug build checks every read's bounds), and a 0 inside a file is punctuation.
@Suite("facts scan: the end of the bytes")
struct FactsScanEndTests {
    /// Every prefix of every fixture (and of a few short tails) gives the facts it gives with a
    /// line break after it: whatever token a file ends in, the scan reads it whole and no further.
    @Test("a file cut after any byte reads as it does with a line break after it")
    func everyPrefix() throws {
        var texts = try EnclosingScopeTests.sources().map { Array($0.text.utf8.prefix(1_000)) }
        texts += ["struct A: View { var b: Row", "let x = 1.5", "struct A {}\n   ", "x.self", "/* open", "\"open", "#", "a/"].map {
            Array($0.utf8)
        }
        var cuts = 0
        for bytes in texts {
            for end in 0...bytes.count {
                let prefix = Array(bytes[..<end])
                #expect(
                    SwiftFactsScan.facts(prefix) == SwiftFactsScan.facts(prefix + [0x0A]), "\(String(decoding: prefix.suffix(40), as: UTF8.self))")
                cuts += 1
            }
        }
        #expect(cuts > 10_000)
    }

    @Test("a 0 byte inside a file ends a word as punctuation does")
    func zeroByte() {
        let facts = SwiftFactsScan.facts(Array("struct A: View { var body: some View { Row\u{0}(); Card() } }".utf8))
        let plain = SwiftFactsScan.facts(Array("struct A: View { var body: some View { Row+(); Card() } }".utf8))
        #expect(facts == plain)
        #expect(facts.uses.map(\.used) == ["View", "Row", "Card"])
        #expect(SwiftFactsScan.facts([]) == SwiftModuleFacts())
        #expect(SwiftFactsScan.facts([0]) == SwiftModuleFacts())
    }
}
