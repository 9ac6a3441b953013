import Foundation
import MotionCore
import Testing

@testable import MotionSwiftSource

@Suite("Swift reader: a bracket nest too deep for the parser is read as empty, the rest of the file is read")
struct BracketNestTests {
    /// A view with one spring keyframe on line `line` of the file, after `prefix` (whole lines).
    func source(prefix: String) -> String {
        prefix + """

            struct Pulse: View {
                var body: some View {
                    Image(systemName: "cart")
                        .keyframeAnimator(initialValue: 1.0) { view, scale in
                            view.scaleEffect(scale)
                        } keyframes: { _ in
                            SpringKeyframe(1.2, duration: 1, spring: Spring(mass: 1, stiffness: 100, damping: 20))
                        }
                }
            }

            """
    }

    @Test("a data table 13 deep: the animation after it is read at its own line, with a warning at the nest's line and column")
    func dataTable() throws {
        let nest = String(repeating: "[", count: 13) + "1" + String(repeating: "]", count: 13)
        let text = source(prefix: "import SwiftUI\n\nlet table = \(nest)\nlet café = [\"é\", \"[[[[[[[[[[[[[[\"]\n")
        let result = try SwiftSourceImporter().extract(source: text, file: "Table.swift")
        #expect(result.animations.count == 1)
        // import(1) blank(2) table(3) café(4) blank(5) struct(6) var body(7) Image(8) .keyframeAnimator(9).
        #expect(result.animations.first?.line == 9)
        #expect(result.unresolved.first?.line == 3)
        #expect(result.unresolved.first?.what.hasPrefix("column 13: brackets nested 13 deep") == true, "\(result.unresolved)")
    }

    @Test("the blanked bytes keep every length, line break and byte outside the nest; the nest's own brackets stay")
    func blankingKeepsPlaces() throws {
        let text = "a = [[[[[[[[[[[[[\"é\",\n 2]]]]]]]]]]]]]\nb = [[1]]\n"
        let bytes = Array(text.utf8)
        let blanked = try #require(SwiftBracketBudget.blanked(bytes))
        #expect(blanked.bytes.count == bytes.count)
        let open = try #require(bytes.firstIndex(of: UInt8(ascii: "[")))
        let close = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")).flatMap { nl in bytes[(nl + 1)...].firstIndex(of: UInt8(ascii: "\n")) }) - 1
        for k in bytes.indices {
            if k <= open || k >= close || bytes[k] == UInt8(ascii: "\n") {
                #expect(blanked.bytes[k] == bytes[k], "byte \(k)")
            } else {
                #expect(blanked.bytes[k] == UInt8(ascii: " "), "byte \(k)")
            }
        }
        #expect(blanked.nests.map(\.line) == [1] && blanked.nests.map(\.column) == [5])
        #expect(SwiftBracketBudget.check(blanked.bytes) == nil)
    }

    @Test("many nests: those that fit the parser's budget are kept in file order, the rest blanked, each with a warning")
    func workBudget() throws {
        // Depth 10: Σ 2^1…2^10 = 2,046 per nest; 2^19 = 524,288 holds 256 of them.
        let line = "x(" + String(repeating: "[", count: 10) + "0" + String(repeating: "]", count: 10) + ")\n"
        let bytes = Array(String(repeating: line, count: 300).utf8)
        let blanked = try #require(SwiftBracketBudget.blanked(bytes))
        #expect(blanked.nests.count == 300 - 256)
        #expect(blanked.nests.first?.line == 257)
        #expect(SwiftBracketBudget.check(blanked.bytes) == nil)
    }

    @Test("a nest past the limits that is never closed is still refused whole (there is no ] to keep)")
    func unclosed() {
        let text = "import SwiftUI // keyframeAnimator\nlet a = " + String(repeating: "[", count: 20) + "\n"
        #expect(SwiftBracketBudget.blanked(Array(text.utf8)) == nil)
        #expect(throws: SwiftSourceError.self) { try SwiftSourceImporter().extract(source: text, file: "Open.swift") }
    }

    @Test("UTF-16 and UTF-32 files are refused naming the encoding; the cheap scan passes them on")
    func encodings() {
        let text = source(prefix: "import SwiftUI\n")
        let cases: [(String, [UInt8])] = [
            ("UTF-16 LE", [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            ("UTF-16 BE", [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
            ("UTF-32 LE", [0xFF, 0xFE, 0, 0] + text.unicodeScalars.flatMap { s in (0..<4).map { UInt8((s.value >> (8 * $0)) & 0xFF) } }),
            ("UTF-32 BE", [0, 0, 0xFE, 0xFF] + text.unicodeScalars.flatMap { s in (0..<4).reversed().map { UInt8((s.value >> (8 * $0)) & 0xFF) } }),
        ]
        for (name, bytes) in cases {
            #expect(SwiftSourceScan.otherEncoding(bytes) == name)
            #expect(SwiftSourceScan.mayContainAnimator(bytes))
            let result = SwiftSourceImporter().read([SwiftSourceText(file: "Wide.swift", bytes: bytes)])[0]
            #expect(result == .failure(.encoding(file: "Wide.swift", name: name)))
            if case .failure(let error) = result {
                #expect(
                    error.description
                        == "Wide.swift:1:1: not read: the file is \(name) (it starts with that byte order mark), and Swift sources are read as UTF-8; save it as UTF-8 and import again"
                )
            }
        }
        #expect(SwiftSourceScan.otherEncoding([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == nil)
    }

    @Test(
        "a nest after '…' literals and a line comment inside one is code to Apple's lexer, so it counts (found by the swift fuzz target: the parser hung)"
    )
    func singleQuotedLiterals() throws {
        let nest = String(repeating: "[", count: 40)
        // '…' is a (wrong, recovered) string literal to Apple's lexer: the `//` inside it starts no
        // comment, so the brackets after it are code.
        #expect(SwiftBracketBudget.check(Array("'a // b' { _\(nest)\n".utf8))?.what.hasPrefix("brackets nested 13 deep") == true)
        // Brackets inside '…' are not code; a carriage return ends a line comment and a literal.
        #expect(SwiftBracketBudget.check(Array("let s = '\(nest)'\n".utf8)) == nil)
        #expect(SwiftBracketBudget.check(Array("// note\r\(nest)".utf8)) != nil)
        #expect(SwiftBracketBudget.check(Array("let t = '[[[\r\(nest)".utf8)) != nil)
        // The fuzzer's input, whole: refused or blanked at once, not parsed for minutes.
        let quotes = String(repeating: "'", count: 7)
        let text =
            "'\(String(repeating: "m", count: 35))// motionsync: screen=\(String(repeating: "m", count: 70))\(quotes){ _\(String(repeating: "[", count: 53)){ _[[-\(String(repeating: "[", count: 54))\(quotes){ _"
        let found: [UInt8] = Array("\0''''#".utf8) + [0xFB] + Array(text.utf8)
        #expect(SwiftBracketBudget.check(found) != nil)
        // Its nests are never closed: refused whole, saying why.
        #expect { try SwiftSourceImporter().extract(source: String(decoding: found, as: UTF8.self), file: "Fuzz.swift") } throws: { error in
            "\(error)".contains("brackets nested 13 deep")
        }
    }

    @Test("brackets in a literal's interpolation are code to Apple's parser, so they count; nested literals and raw delimiters too")
    func interpolations() throws {
        let open = String(repeating: "[", count: 24), shut = String(repeating: "]", count: 24)
        // The parser took over a minute on the first of these; each is now past the limit.
        for text in [
            "let s = \"\\(\(open)1\(shut))\"\n",
            "let s = #\"\\#(\(open)1\(shut))\"#\n",
            "let s = \"\"\"\n  a \\(f(\"b\", [\"\\(\(open)1\(shut))\"]))\n  \"\"\"\n",
            "let s = \"\\( (1) + g(\(open)1\(shut)) )\"\n",
        ] {
            #expect(SwiftBracketBudget.check(Array(text.utf8))?.what.hasPrefix("brackets nested 13 deep") == true, "\(text)")
        }
        // Not interpolations: an escaped backslash, a raw literal's plain \(, text after the `)`.
        for text in [
            "let s = \"\\\\(\(open)\"\n",
            "let s = #\"\\(\(open)\"#\n",
            "let s = \"\\(x) \(open)\"\n",
        ] {
            #expect(SwiftBracketBudget.check(Array(text.utf8)) == nil, "\(text)")
        }
        // Line numbers count the lines of a multi-line literal and of a continued line.
        let lines = "let s = \"\"\"\n  a \\\n  b\n  \"\"\"\n\(String(repeating: "[", count: 13))"
        #expect(SwiftBracketBudget.check(Array(lines.utf8))?.line == 5)
    }

    @Test("#'…' is no raw literal to Apple's lexer: the brackets after it are code, so they count (found by the swift fuzz target: the parser hung)")
    func poundBeforeSingleQuote() throws {
        let nest = String(repeating: "[", count: 40)
        // `#` then '…': a `#` token and an ordinary literal that ends at the next quote.
        #expect(SwiftBracketBudget.check(Array("let a = #'x' { _\(nest)\n".utf8))?.what.hasPrefix("brackets nested 13 deep") == true)
        // A raw string literal still hides its brackets.
        #expect(SwiftBracketBudget.check(Array("let s = #\"\(nest)\"#\n".utf8)) == nil)
        // The fuzzer's input, whole (Fuzz timeout-58e86029…, as libFuzzer printed it).
        let found = try #require(
            Data(
                base64Encoded:
                    "ACcnJycj+ycnPCMnJycneyBfW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbW1tbWycnJycnJyd7IF8gaW7///90////dCcnJw=="
            )
        ).map { $0 }
        #expect(SwiftBracketBudget.check(found) != nil)
        #expect { try SwiftSourceImporter().extract(source: String(decoding: found, as: UTF8.self), file: "Fuzz.swift") } throws: { error in
            "\(error)".contains("brackets nested 13 deep")
        }
    }
}
