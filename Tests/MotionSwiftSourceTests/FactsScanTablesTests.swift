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

    /// The FNV-1a test vectors (32-bit): the hash is the published one, not a look-alike.
    @Test("the identifier hash is FNV-1a")
    func hash() {
        #expect("".utf8.reduce(SwiftFactsText.hashStart, SwiftFactsText.hash) == 0x811C_9DC5)
        #expect("a".utf8.reduce(SwiftFactsText.hashStart, SwiftFactsText.hash) == 0xE40C_292C)
        #expect("foobar".utf8.reduce(SwiftFactsText.hashStart, SwiftFactsText.hash) == 0xBF9C_F968)
        #expect(SwiftFactsText(Array("xfoobar".utf8)).hash(1..<7) == 0xBF9C_F968)
    }

    /// `seen.insert(…)`, outside `#expect` (which cannot call a mutating method).
    static func insert(
        _ seen: inout SwiftFactsSeen, container: Int32, kind: SwiftFactsSeen.Kind, name: Range<Int>, hash: UInt32, in bytes: [UInt8]
    ) -> Bool {
        seen.insert(container: container, kind: kind, name: name, hash: hash, in: bytes)
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
}
