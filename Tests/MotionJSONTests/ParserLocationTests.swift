import Foundation
import MotionJSON
import MotionTestSupport
import Testing

@Suite("JSONParser: value locations")
struct ParserLocationTests {
    // Columns worked out by hand (1-based, bytes):
    // line 2 `  "name": "spec",`          value at 11
    // line 3 `  "duration": 0.5,`         value at 15
    // line 4 `  "list": [1, {"x": true}],` [ at 11, 1 at 12, { at 15, true at 21
    // line 5 `  "": null,`                value at 7
    // line 6 `  "a/b": {"c~d": -1}`       { at 10, -1 at 18
    static let text = """
        {
          "name": "spec",
          "duration": 0.5,
          "list": [1, {"x": true}],
          "": null,
          "a/b": {"c~d": -1}
        }
        """

    @Test("every value records where it starts")
    func nestedPositions() throws {
        let doc = try parse(Self.text)
        #expect(doc.location(of: .root) == Loc(line: 1, column: 1))
        #expect(doc.location(of: JSONPointer(["name"])) == Loc(line: 2, column: 11))
        #expect(doc.location(of: JSONPointer(["duration"])) == Loc(line: 3, column: 15))
        #expect(doc.location(of: JSONPointer(["list"])) == Loc(line: 4, column: 11))
        #expect(doc.location(of: .root / "list" / 0) == Loc(line: 4, column: 12))
        #expect(doc.location(of: .root / "list" / 1) == Loc(line: 4, column: 15))
        #expect(doc.location(of: .root / "list" / 1 / "x") == Loc(line: 4, column: 21))
        #expect(doc.location(of: JSONPointer([""])) == Loc(line: 5, column: 7))
        #expect(doc.location(of: JSONPointer(["a/b"])) == Loc(line: 6, column: 10))
        #expect(doc.location(of: JSONPointer(["a/b", "c~d"])) == Loc(line: 6, column: 18))
        // The map is keyed by the RFC 6901 text.
        #expect(doc.locations["/a~1b/c~0d"] == Loc(line: 6, column: 18))
        #expect(doc.locations[""] == Loc(line: 1, column: 1))
        #expect(doc.locations["/"] == Loc(line: 5, column: 7))
        // One location per value: root, name, duration, list, 1, {x}, true, "", a/b, c~d.
        #expect(doc.locations.count == 10)
        #expect(doc.locations.count == valueCount(doc.value))
        #expect(Loc(line: 3, column: 15).description == "3:15")
    }

    @Test("location(of:) falls back to the nearest enclosing value")
    func fallbackToParent() throws {
        let doc = try parse(Self.text)
        #expect(doc.location(of: .root / "list" / 1 / "x" / "deeper") == Loc(line: 4, column: 21))
        #expect(doc.location(of: .root / "list" / 7) == Loc(line: 4, column: 11))
        #expect(doc.location(of: .root / "list" / 1 / "missing" / 3) == Loc(line: 4, column: 15))
        #expect(doc.location(of: .root / "nothing" / "here") == Loc(line: 1, column: 1))
    }

    @Test("a large object's members and a long array's items: each found where a text search puts it")
    func largeContainers() throws {
        // One member per line: member k on line k + 3, its value at column 10; item j of "list"
        // on line 2 at column 12 + 3j ("[" at 11, then items "0, " of 3 bytes each).
        let members = (0..<40).map { String(format: "  \"m%02d\": %d", $0, $0) }
        let items = (0..<10).map(String.init).joined(separator: ", ")
        let text = "{\n  \"list\": [\(items)],\n" + members.joined(separator: ",\n") + "\n}"
        let doc = try parse(text)
        for k in 0..<40 {
            #expect(doc.location(of: JSONPointer([String(format: "m%02d", k)])) == Loc(line: k + 3, column: 10), "m\(k)")
        }
        for j in 0..<10 { #expect(doc.location(of: .root / "list" / j) == Loc(line: 2, column: 12 + 3 * j), "item \(j)") }
        // Not an item: "01" and "+1" are not JSON Pointer indexes; the array itself is the answer.
        #expect(doc.location(of: JSONPointer(["list", "01"])) == Loc(line: 2, column: 11))
        #expect(doc.location(of: JSONPointer(["list", "+1"])) == Loc(line: 2, column: 11))
        #expect(doc.location(of: JSONPointer(["m99"])) == Loc(line: 1, column: 1))
    }

    @Test("columns count bytes; CRLF line ends count as one line")
    func bytesAndCRLF() throws {
        let utf8 = try parse(#"{"é": 1, "😀": [2]}"#)
        // { 1, "é" 2–5 (é is 2 bytes), : 6, space 7, 1 at 8; , 9, space 10, "😀" 11–16, : 17, space 18, [ at 19, 2 at 20
        #expect(utf8.location(of: JSONPointer(["é"])) == Loc(line: 1, column: 8))
        #expect(utf8.location(of: JSONPointer(["😀"])) == Loc(line: 1, column: 19))
        #expect(utf8.location(of: JSONPointer(["😀", "0"])) == Loc(line: 1, column: 20))

        let crlf = try parse("{\r\n  \"a\": 1,\r\n  \"b\":\r\n    true\r\n}")
        #expect(crlf.location(of: JSONPointer(["a"])) == Loc(line: 2, column: 8))
        #expect(crlf.location(of: JSONPointer(["b"])) == Loc(line: 4, column: 5))
    }

    @Test("locations in a multi-line document agree with a plain text search")
    func agreesWithTextSearch() throws {
        let text = """
            {
              "specVersion": 1,
              "animations": [
                { "id": "first", "tracks": { "scale": [ { "to": 1.25 } ] } },
                { "id": "second" }
              ]
            }
            """
        let doc = try parse(text)
        #expect(doc.location(of: JSONPointer(["specVersion"])) == position(of: "1,", in: text))
        #expect(doc.location(of: .root / "animations") == position(of: "[\n", in: text))
        #expect(doc.location(of: .root / "animations" / 0) == position(of: "{ \"id\": \"first\"", in: text))
        #expect(doc.location(of: .root / "animations" / 0 / "tracks" / "scale" / 0 / "to") == position(of: "1.25", in: text))
        #expect(doc.location(of: .root / "animations" / 1 / "id") == position(of: "\"second\"", in: text))
        #expect(doc.location(of: .root / "animations" / 0 / "tracks" / "scale" / 0 / "to") == Loc(line: 4, column: 53))
    }
}
