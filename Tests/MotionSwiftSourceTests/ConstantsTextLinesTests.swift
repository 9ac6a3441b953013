import MotionTestSupport
import Testing

@testable import MotionSwiftSourceModel

/// `SwiftModuleConstants(text:)` finds its lines in the UTF-8 bytes; they must be the lines a
/// split by Characters gives, whatever the text holds.
@Suite("module constants' text: lines found in the bytes are the lines Characters give")
struct ConstantsTextLinesTests {
    static func check(_ text: String) {
        let expected = text.split(separator: "\n").map(String.init)
        #expect(SwiftModuleConstants.lines(of: text).map(String.init) == expected, "\(text.debugDescription)")
    }

    @Test("line feeds, \"\\r\\n\" (one Character, no break), empty lines, ends, tabs and marks after a line feed")
    func table() {
        for text in [
            "", "\n", "\n\n", "a", "a\n", "\na", "a\nb", "a\r\nb", "a\r\n", "\r\n", "\r\r\n\n", "a\n\u{301}b", "é\nü\t\n",
            "A.b\t0.3\nA.c\t\tnot a number",
            "x\tanimation\t.spring(response: 0.3)\r\ny\t1",
        ] {
            Self.check(text)
        }
    }

    @Test("3,000 seeded texts of line feeds, carriage returns, tabs, marks and letters")
    func seeded() {
        let pieces = ["\n", "\r", "\r\n", "\t", "\u{301}", "a", "é", "1.5", ".", "🙂", " "]
        var random = SplitMix64(seed: 361)
        for _ in 0..<3_000 {
            Self.check((0..<10).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
    }

    @Test("a table written as text reads back equal, with a \"\\r\\n\" line among its lines")
    func roundTrip() {
        let table = SwiftModuleConstants([
            SwiftModuleFacts(constants: [SwiftConstantFact(name: "Feed.fast", value: 0.2), SwiftConstantFact(name: "slow", value: 2)])
        ])
        #expect(SwiftModuleConstants(text: table.text) == table)
        // "1\r\nA.c" is one field: the line is of no form, and passed over whole.
        #expect(SwiftModuleConstants(text: table.text + "\nA.b\t1\r\nA.c\t2") == table)
        #expect(SwiftModuleConstants(text: table.text + "\nA.b\t1\nA.c\t2").value(of: "A.c", within: []) == 2)
    }
}
