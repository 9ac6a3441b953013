import Foundation
import MotionJSON
import Testing

@Suite("JSONParser: values, order, escapes")
struct ParserValueTests {
    @Test("every scalar kind")
    func scalarKinds() throws {
        #expect(try parse("null").value == .null)
        #expect(try parse("true").value == .bool(true))
        #expect(try parse("false").value == .bool(false))
        #expect(try parse("0").value == .number(0))
        #expect(try parse("42").value == .number(42))
        #expect(try parse("-17").value == .number(-17))
        #expect(try parse("1.5").value == .number(1.5))
        #expect(try parse("-2.5e-3").value == .number(-0.0025))
        #expect(try parse("1E+2").value == .number(100))
        #expect(try parse("1e2").value == .number(100))
        #expect(try parse("0.000001").value == .number(0.000001))
        #expect(try parse("123456789012345678901234567890").value == .number(1.2345678901234568e29))
        #expect(try parse(#""hi there""#).value == .string("hi there"))
        #expect(try parse(#""""#).value == .string(""))
        let negativeZero = try #require(try parse("-0").value.numberValue)
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
    }

    @Test("numbers without an exponent and up to 15 digits (read without strtod) are the nearest Double, as strtod reads them")
    func shortDecimals() throws {
        var texts = [
            "0", "-0", "0.0", "7", "-7", "0.1", "0.2", "0.3", "1.005", "2.675", "123456789012345", "-123456789012345", "12345678901234.5",
            "0.000000000000001", "0.123456789012345", "999999999999999", "1234567890123456", "9007199254740993", "0.1234567890123456",
            "33.333333333333336", "1.7976931348623157",
        ]
        // Random decimals of 1 to 17 digits, the point anywhere (a seeded generator: the same each run).
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        for _ in 0..<20_000 {
            let count = Int(next() % 17) + 1
            let digits = (0..<count).map { _ in String(next() % 10) }.joined()
            let point = Int(next() % UInt64(digits.count + 1))
            var text: String
            if point == 0 {
                text = "0." + digits // a fraction, leading zeros and all
            } else {
                text = String(digits.drop { $0 == "0" }) // an integer part without leading zeros
                if text.isEmpty { text = "0" }
                let whole = max(1, point - (digits.count - text.count))
                if whole < text.count { text.insert(".", at: text.index(text.startIndex, offsetBy: whole)) }
            }
            texts.append(next() % 2 == 0 ? text : "-" + text)
        }
        for text in texts {
            let parsed = try #require(try parse(text).value.numberValue, "\(text)")
            let reference = try #require(Double(text))
            #expect(parsed.bitPattern == reference.bitPattern, "\(text): \(parsed) against strtod's \(reference)")
        }
    }

    @Test("containers, nesting and surrounding whitespace")
    func containers() throws {
        #expect(try parse("[]").value == .array([]))
        #expect(try parse("{}").value == .object(JSONObject()))
        #expect(
            try parse(#"[1, "a", null, true, false, [], {}]"#).value
                == .array([.number(1), .string("a"), .null, .bool(true), .bool(false), .array([]), .object(JSONObject())]))
        let nested: JSONValue = ["a": ["b": [1, ["c": nil]], "d": 2.5]]
        #expect(try parse(#" {"a": {"b": [1, {"c": null}], "d": 2.5}} "#).value == nested)
        #expect(try parse(" \t\r\n[ 1 ,\n\t2 ]\r\n ").value == [1, 2])
    }

    @Test("accessors and type names")
    func accessors() throws {
        let v = try parse(#"{"s": "x", "n": 3, "b": true, "z": null, "a": [1], "o": {"k": 1}}"#).value
        #expect(v["s"]?.stringValue == "x")
        #expect(v["n"]?.numberValue == 3)
        #expect(v["b"]?.boolValue == true)
        #expect(v["z"]?.isNull == true)
        #expect(v["a"]?.arrayValue == [.number(1)])
        #expect(v["o"]?.objectValue?["k"] == .number(1))
        #expect(v["missing"] == nil)
        #expect(v["s"]?.numberValue == nil)
        #expect(v.objectValue?.keys.map { v[$0]!.typeName } == ["string", "number", "boolean", "null", "array", "object"])
    }

    @Test("object keys keep document order")
    func keyOrder() throws {
        let doc = try parse(#"{"zeta": 1, "alpha": 2, "mid": {"y": 0, "b": 0, "x": 0}, "10": 3, "2": 4}"#)
        let object = try #require(doc.value.objectValue)
        #expect(object.keys == ["zeta", "alpha", "mid", "10", "2"])
        #expect(object.map(\.key) == ["zeta", "alpha", "mid", "10", "2"])
        #expect(object.map(\.value) == [1, 2, ["y": 0, "b": 0, "x": 0], 3, 4])
        #expect(object["mid"]?.objectValue?.keys == ["y", "b", "x"])
        #expect(object.count == 5)
    }

    @Test("JSONObject: update keeps position, removal drops the key, re-adding appends")
    func objectMutation() {
        var object = JSONObject([("a", 1), ("b", 2), ("c", 3)])
        object["b"] = "two"
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["b"] == .string("two"))
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(object["a"] == nil)
        object["a"] = .null
        #expect(object.keys == ["b", "c", "a"])
        #expect(object["a"] == .null)
        #expect(object.count == 3 && !object.isEmpty)
    }

    @Test("string escapes, including \\u00e9 and a surrogate pair")
    func escapes() throws {
        let doc = try parse(
            #"["\"", "\\", "\/", "\b\f\n\r\t", "\u00e9", "\u00C9", "\ud83d\ude00", "\uD83D\uDE00", "\u0000", "caf\u00e9 \ud83d\ude00!"]"#)
        let items = try #require(doc.value.arrayValue)
        let expected = ["\"", "\\", "/", "\u{08}\u{0C}\n\r\t", "\u{E9}", "\u{C9}", "\u{1F600}", "😀", "\u{0}", "café 😀!"]
        #expect(items.count == expected.count)
        for (item, want) in zip(items, expected) {
            #expect(scalars(item) == scalars(want))
        }
    }

    @Test("raw UTF-8 in strings and keys is kept as written")
    func rawUTF8() throws {
        let doc = try parse("{\"clé\": \"e\u{301} é 😀 👩‍👩‍👧\"}")
        let object = try #require(doc.value.objectValue)
        #expect(object.keys.map(scalars) == [scalars("clé")])
        #expect(scalars(object["clé"]) == scalars("e\u{301} é 😀 👩‍👩‍👧"))
    }

    @Test("a UTF-8 byte order mark is skipped and columns start after it")
    func byteOrderMark() throws {
        let doc = try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(doc.value == ["a": 1])
        #expect(doc.location(of: .root) == Loc(line: 1, column: 1))
        #expect(doc.location(of: JSONPointer(["a"])) == Loc(line: 1, column: 7))
    }

    @Test("a key may recur in nested objects, beside the same key above")
    func keysRecurInNestedObjects() throws {
        let doc = try parse(#"{"a": {"a": 1, "b": {"a": 2, "b": [{"a": 1}, {"a": 2, "b": 3}]}}, "b": {"b": 1}}"#)
        #expect(doc.value == ["a": ["a": 1, "b": ["a": 2, "b": [["a": 1], ["a": 2, "b": 3]]]], "b": ["b": 1]])
        #expect(doc.location(of: JSONPointer(["a", "b", "b", "1", "b"])) == Loc(line: 1, column: 60))
        #expect(doc.location(of: JSONPointer(["b", "b"])) == Loc(line: 1, column: 78))
    }

    @Test("an object with an escaped key and more members than are compared one by one")
    func largeObjectWithEscapedKey() throws {
        let text = #"{"\u006b0": 0, "# + (1..<20).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ") + "}"
        let object = try #require(try parse(text).value.objectValue)
        #expect(object.keys == (0..<20).map { "k\($0)" })
        #expect(object["k0"] == 0 && object["k19"] == 19)
    }

    @Test("the same input parses from String and from bytes")
    func stringAndBytes() throws {
        let text = #"{"a": [1, 2, {"b": "é"}]}"#
        #expect(try JSONParser().parse(text).value == (try JSONParser().parse(Array(text.utf8)).value))
    }

    @Test("keys differing only by case or escape spelling")
    func keySpelling() throws {
        #expect(try parse(#"{"a": 1, "A": 2}"#).value.objectValue?.keys == ["a", "A"])
        // "\u0061" is "a": a duplicate, not a second key.
        let error = try #require(parseError(#"{"a": 1, "\u0061": 2}"#))
        #expect(error.message.contains("duplicate key"))
        #expect(error.pointer == JSONPointer(["a"]))
    }

    @Test("distinct keys that are canonically equivalent (NFC é vs NFD e+U+0301) are both kept")
    func canonicallyEquivalentKeys() throws {
        // RFC 8259 §8.3 compares names code unit by code unit: these are two different keys.
        let text = "{\"\u{E9}\": 1, \"e\u{301}\": 2}"
        let doc = try parse(text)
        #expect(doc.value.objectValue?.count == 2)
        #expect(doc.value.objectValue?["\u{E9}"] == 1 && doc.value.objectValue?["e\u{301}"] == 2)
    }

    @Test("long keys of one length and many members: each found, a late duplicate refused")
    func manyLongKeys() throws {
        // 20 members (past the scan threshold, so looked up through the index), keys of 24 bytes
        // (stored out of line) that differ only in their last two characters.
        let keys = (0..<20).map { "property-of-the-layer-" + ($0 < 10 ? "0" : "") + String($0) }
        let members = keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }
        let object = try #require(try parse("{" + members.joined(separator: ", ") + "}").value.objectValue)
        #expect(object.keys == keys)
        for (value, key) in keys.enumerated() { #expect(object[key] == .number(Double(value))) }
        #expect(object["property-of-the-layer-20"] == nil)
        let late = try #require(parseError("{" + members.joined(separator: ", ") + ", \"property-of-the-layer-03\": 0}"))
        #expect(late.message == "duplicate key \"property-of-the-layer-03\"")
        // Within the threshold, by scanning.
        let early = try #require(parseError(#"{"property-of-the-layer-01": 1, "property-of-the-layer-02": 2, "property-of-the-layer-01": 3}"#))
        #expect(early.message == "duplicate key \"property-of-the-layer-01\"")
    }
}
