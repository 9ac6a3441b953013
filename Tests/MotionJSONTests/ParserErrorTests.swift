import Foundation
import MotionJSON
import MotionTestSupport
import Testing

/// One input the strict parser must refuse, with where and why (worked out by hand).
struct BadJSON: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let line: Int
    let column: Int
    let message: String
    let pointer: String

    init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String, pointer: String = "/") {
        self.init(name, bytes: Array(text.utf8), line, column, message, pointer: pointer)
    }

    init(_ name: String, bytes: [UInt8], _ line: Int, _ column: Int, _ message: String, pointer: String = "/") {
        self.name = name
        self.bytes = bytes
        self.line = line
        self.column = column
        self.message = message
        self.pointer = pointer
    }

    var testDescription: String { name }
}

@Suite("JSONParser: rejected input")
struct ParserErrorTests {
    static let cases: [BadJSON] = [
        // Empty
        BadJSON("empty input", "", 1, 1, "empty"),
        BadJSON("whitespace only", " \n\t  ", 2, 4, "empty"),
        // Truncated
        BadJSON("truncated object after a value", #"{"a": 1"#, 1, 8, "unexpected end of file inside an object"),
        BadJSON("truncated object after a colon", #"{"a": "#, 1, 7, "unexpected end of file", pointer: "/a"),
        BadJSON("truncated object after a key", #"{"a""#, 1, 5, "expected ':'"),
        BadJSON("truncated object after a comma", #"{"a": 1,"#, 1, 9, "unexpected end of file inside an object"),
        BadJSON("truncated array", "[1, 2", 1, 6, "unexpected end of file inside an array"),
        BadJSON("truncated nested array", "[1, [2, 3]", 1, 11, "unexpected end of file inside an array"),
        BadJSON("truncated string", #""abc"#, 1, 5, "unexpected end of file inside a string"),
        BadJSON("truncated string in an object", #"{"a": "b"#, 1, 9, "unexpected end of file inside a string", pointer: "/a"),
        BadJSON("truncated literal", "[tru", 1, 5, "invalid literal", pointer: "/0"),
        BadJSON("truncated escape", #""\"#, 1, 3, "unexpected end of file in an escape"),
        // Garbage and structure
        BadJSON("trailing garbage", "{} x", 1, 4, "after the end of the JSON value"),
        BadJSON("two documents", "[1] [2]", 1, 5, "after the end of the JSON value"),
        BadJSON("missing comma", "[1 2]", 1, 4, "expected ',' or ']'"),
        BadJSON("unquoted key", "{a: 1}", 1, 2, "expected a quoted key"),
        BadJSON("single-quoted string", "['a']", 1, 2, "expected a value", pointer: "/0"),
        BadJSON("misspelt literal", "nul", 1, 4, "invalid literal"),
        BadJSON("form feed is not whitespace", "\u{0C}1", 1, 1, "byte 0xC"),
        // Numbers
        BadJSON("leading zero", "01", 1, 2, "leading zeros"),
        BadJSON("negative leading zero in an array", "[-012]", 1, 4, "leading zeros", pointer: "/0"),
        BadJSON("1.", "1.", 1, 3, "expected a digit after '.'"),
        BadJSON("1. in an array", "[1.]", 1, 4, "expected a digit after '.'", pointer: "/0"),
        BadJSON("lone minus", "-", 1, 2, "unexpected end of file in a number"),
        BadJSON("minus without digits", "[-]", 1, 3, "expected a digit", pointer: "/0"),
        BadJSON(".5", ".5", 1, 1, "unexpected '.'"),
        BadJSON("plus sign", "+1", 1, 1, "unexpected '+'"),
        BadJSON("empty exponent", "1e", 1, 3, "expected a digit in the exponent"),
        BadJSON("signed empty exponent", "1e+", 1, 4, "expected a digit in the exponent"),
        BadJSON("hex number", "0x10", 1, 2, "after the end of the JSON value"),
        BadJSON("bare NaN", "NaN", 1, 1, "unexpected 'N'"),
        BadJSON("NaN as a member", #"{"x": NaN}"#, 1, 7, "unexpected 'N'", pointer: "/x"),
        BadJSON("bare Infinity", "Infinity", 1, 1, "unexpected 'I'"),
        BadJSON("bare -Infinity", "-Infinity", 1, 2, "expected a digit"),
        BadJSON("1e400 overflows", "1e400", 1, 1, "out of range"),
        BadJSON("-1e400 in an array overflows", #"{"d": [0, -1e400]}"#, 1, 11, "out of range", pointer: "/d/1"),
        BadJSON("huge mantissa overflows", "1" + String(repeating: "0", count: 400), 1, 1, "out of range"),
        // Strings
        BadJSON("control character U+0001 in a string", "\"a\u{01}b\"", 1, 3, "control character"),
        BadJSON("raw tab in a string", "\"a\tb\"", 1, 3, "control character"),
        BadJSON("raw newline in a string", "[\"a\nb\"]", 1, 4, "control character", pointer: "/0"),
        BadJSON("invalid escape \\x", #""\x""#, 1, 4, "invalid escape"),
        BadJSON("invalid escape \\U", #""\U0041""#, 1, 4, "invalid escape"),
        // Reported after the escape's letter, here a line feed: on the backslash's line.
        BadJSON("backslash before a line feed", "{\n \"a\": \"x\\\ny\"\n}", 2, 11, "invalid escape", pointer: "/a"),
        BadJSON("invalid hex digit", #""\u12G4""#, 1, 6, "invalid hex digit"),
        BadJSON("short \\u escape at the end", #""\u12"#, 1, 4, "\\u escape"),
        BadJSON("unpaired high surrogate", #""\ud83d""#, 1, 8, "unpaired surrogate"),
        BadJSON("high surrogate followed by text", #""\ud83dx""#, 1, 8, "unpaired surrogate"),
        BadJSON("lone low surrogate", #""\ude00""#, 1, 8, "unpaired surrogate"),
        BadJSON("high surrogate followed by a non-surrogate", #""\ud83d\u0041""#, 1, 14, "invalid low surrogate"),
        // Bytes
        BadJSON("invalid UTF-8 byte 0xFF in a string", bytes: [0x22, 0xFF, 0x22], 1, 4, "not valid UTF-8"),
        BadJSON("truncated UTF-8 sequence in a string", bytes: [0x22, 0xC3, 0x22], 1, 4, "not valid UTF-8"),
        BadJSON("overlong UTF-8 encoding", bytes: [0x22, 0xC0, 0xAF, 0x22], 1, 5, "not valid UTF-8"),
        BadJSON("UTF-8 encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], 1, 6, "not valid UTF-8"),
        BadJSON("invalid UTF-8 in a key", bytes: Array(#"{""#.utf8) + [0xFE] + Array(#"": 1}"#.utf8), 1, 5, "not valid UTF-8"),
        BadJSON("byte 0xFF outside a string", bytes: [0xFF], 1, 1, "byte 0xFF"),
        BadJSON("binary junk with NUL bytes", bytes: [0x00, 0x00, 0x7B, 0xFF, 0x01, 0x00], 1, 1, "byte 0x0"),
        BadJSON("PNG header", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00], 1, 1, "byte 0x89"),
        BadJSON("NUL after a valid document", bytes: Array(#"{"a":1}"#.utf8) + [0x00], 1, 8, "after the end of the JSON value"),
        BadJSON("NUL inside a string", bytes: [0x22, 0x61, 0x00, 0x22], 1, 3, "control character"),
        // Duplicate keys
        BadJSON("duplicate key", #"{"a": 1, "a": 2}"#, 1, 10, #"duplicate key "a""#, pointer: "/a"),
        BadJSON("duplicate nested key", #"{"x": {"k": 1, "k": 2}}"#, 1, 16, #"duplicate key "k""#, pointer: "/x/k"),
        BadJSON("duplicate key whose first value is null", #"{"a": null, "a": null}"#, 1, 13, #"duplicate key "a""#, pointer: "/a"),
        BadJSON("duplicate key with a slash", #"{"a/b": 1, "a/b": 2}"#, 1, 12, "duplicate key", pointer: "/a~1b"),
        BadJSON("duplicate key, the second spelt with an escape", #"{"a": 1, "\u0061": 2}"#, 1, 10, #"duplicate key "a""#, pointer: "/a"),
        BadJSON("duplicate key, the first spelt with an escape", #"{"\u0061": 1, "a": 2}"#, 1, 15, #"duplicate key "a""#, pointer: "/a"),
        BadJSON(
            "duplicate key in the nested object of an array", #"{"a": {"a": [{"a": 1}, {"b": 1, "b": 2}]}}"#, 1, 33, #"duplicate key "b""#,
            pointer: "/a/a/1/b"),
        // The 15th member of an object repeats its 14th key: past the members compared one by one.
        BadJSON(
            "duplicate key in a large object",
            "{" + (0..<14).map { #""k\#($0)": \#($0), "# }.joined() + "\n\"k13\": 0}", 2, 1, #"duplicate key "k13""#, pointer: "/k13"),
        // Columns count from after the byte order mark; line 2 from its start.
        BadJSON(
            "duplicate key after a byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1, "a": 2}"#.utf8), 1, 10, "duplicate key",
            pointer: "/a"),
        BadJSON(
            "bad literal on line 2 after a byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\":\n [1, tru]}".utf8), 2, 9, "invalid literal",
            pointer: "/a/1"),
        // Trailing commas (strict)
        BadJSON("trailing comma in an array", "[1, 2,]", 1, 6, "trailing comma"),
        BadJSON("trailing comma in an object", #"{"a": 1,}"#, 1, 8, "trailing comma"),
        BadJSON("trailing comma in a nested object", "{\"a\": {\"b\": 1,\n}}", 1, 14, "trailing comma", pointer: "/a"),
    ]

    @Test("is refused with a located error", arguments: cases)
    func refused(_ bad: BadJSON) throws {
        let error = try #require(parseError(bytes: bad.bytes))
        #expect(error.location == Loc(line: bad.line, column: bad.column), "\(error)")
        #expect(error.message.contains(bad.message), "\(error)")
        #expect(error.pointer.description == bad.pointer, "\(error)")
        #expect(error.description == "\(bad.line):\(bad.column): \(error.message)")
    }

    @Test("1e400 names the number and says it is out of range")
    func overflowMessage() throws {
        let error = try #require(parseError("[1e400]"))
        #expect(error.message.contains("1e400"))
        #expect(error.message.contains("out of range"))
        // Underflow is not an error: it rounds to zero like every JSON parser does.
        #expect(try parse("1e-400").value == .number(0))
        #expect(try parse("1.7976931348623157e308").value == .number(.greatestFiniteMagnitude))
    }

    @Test("duplicate key error names the key at the second occurrence")
    func duplicateKeyPointer() throws {
        let text = """
            {
              "animations": [
                { "id": "a", "kind": "phases", "id": "b" }
              ]
            }
            """
        let error = try #require(parseError(text))
        #expect(error.pointer == .root / "animations" / 0 / "id")
        #expect(error.location == position(of: "\"id\": \"b\"", in: text))
        #expect(error.location == Loc(line: 3, column: 36))
    }

    @Test("nesting up to 512 levels parses, deeper is refused")
    func nestingLimit() throws {
        let ok = String(repeating: "[", count: 512) + "0" + String(repeating: "]", count: 512)
        let value = try parse(ok).value
        var depth = 0
        var node = value
        while let items = node.arrayValue {
            depth += 1
            node = items[0]
        }
        #expect(depth == 512)
        #expect(node == .number(0))

        let tooDeep = String(repeating: "[", count: 513) + "0" + String(repeating: "]", count: 513)
        let error = try #require(parseError(tooDeep))
        #expect(error.message.contains("nesting deeper than 512"))
        #expect(error.location.line == 1)

        let objects = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
        #expect(parseError(objects)?.message.contains("nesting deeper than 512") == true)
    }

    @Test("a hostile 200,000-bracket input is refused at the depth limit, not by a stack overflow")
    func hostileDepth() throws {
        let error = try #require(parseError(String(repeating: "[", count: 200_000)))
        #expect(error.message.contains("nesting deeper than 512"))
        #expect(error.location == Loc(line: 1, column: 514))
    }

    @Test("maximumDepth can be lowered")
    func customDepth() throws {
        var parser = JSONParser()
        parser.maximumDepth = 2
        #expect(try parser.parse("[[1]]").value == [[1]])
        #expect(throws: JSONParseError.self) { try parser.parse("[[[1]]]") }
        #expect(throws: JSONParseError.self) { try parser.parse(#"{"a": {"b": {"c": 1}}}"#) }
    }

    @Test("allowTrailingCommas accepts them and reports each one as a warning")
    func trailingCommasAllowed() throws {
        let text = #"{"a": [1,], "b": {"c": 2,},}"#
        let strict = try #require(parseError(text))
        #expect(strict.message.contains("trailing comma"))
        #expect(strict.location == Loc(line: 1, column: 9))

        let doc = try parse(text, trailingCommas: true)
        #expect(doc.value == ["a": [1], "b": ["c": 2]])
        #expect(doc.warnings.count == 3)
        #expect(doc.warnings.map(\.location) == [Loc(line: 1, column: 9), Loc(line: 1, column: 25), Loc(line: 1, column: 27)])
        #expect(doc.warnings.map(\.pointer.description) == ["/a", "/b", "/"])
        #expect(doc.warnings.allSatisfy { $0.message.contains("trailing comma") })

        #expect(try parse("[1, 2]", trailingCommas: true).warnings.isEmpty)
        #expect(try parse("[1, 2]").warnings.isEmpty)
    }

    @Test("allowTrailingCommas still refuses empty elements", arguments: ["[,]", "[1,,2]", "{,}", #"{"a": 1,,}"#, "[1,", #"{"a": 1,"#])
    func trailingCommasNotLoose(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser(allowTrailingCommas: true).parse(text) }
    }
}

@Suite("JSON parser: other Unicode encodings")
struct ParserEncodingTests {
    @Test("a UTF-16 or UTF-32 file is refused naming its encoding at 1:1, not as an unexpected byte")
    func byteOrderMarks() {
        for (name, bytes) in [
            ("UTF-16 LE", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]), ("UTF-16 BE", [0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D]),
            ("UTF-32 LE", [0xFF, 0xFE, 0x00, 0x00, 0x7B, 0, 0, 0]), ("UTF-32 BE", [0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x7B]),
        ] as [(String, [UInt8])] {
            #expect(ByteOrderMark.otherEncoding(bytes) == name)
            do {
                _ = try JSONParser().parse(bytes)
                Issue.record("\(name) parsed")
            } catch {
                #expect(error.message == "the file is \(name) (it starts with that byte order mark), and JSON is read as UTF-8: save it as UTF-8")
                #expect(error.location.line == 1 && error.location.column == 1)
            }
        }
        #expect((try? JSONParser().parse([0xEF, 0xBB, 0xBF, 0x7B, 0x7D])) != nil)
    }
}
