import Foundation
import MotionJSON
import Testing

@Suite("JSONSkim: counts and top-level members without building values")
struct SkimTests {
    @Test("counts the elements at a path pattern as the parsed tree has them, and top-level numbers with their locations")
    func counts() throws {
        let text = """
            {"specVersion": 1, "fr": 29.97, "name": "a,b]\\"}",
             "animations": [
              {"tracks": {"x": [1, [2, 3], {"a": [4]}], "y\\"q": []}, "other": {"tracks": {"z": [9, 9]}}},
              {"tracks": {"w": ["]", "[", {}]}},
              {"phases": [1, 2]}
            ]}
            """
        let skim = try #require(JSONSkim.skim(Array(text.utf8), counting: [.key("animations"), .anyIndex, .key("tracks"), .anyKey], limit: 4))
        // Independently, from the parsed tree.
        let value = try JSONParser().parse(text).value
        let parsed = (value["animations"]?.arrayValue ?? []).compactMap { $0["tracks"]?.objectValue }.flatMap {
            $0.map { $0.1.arrayValue?.count ?? 0 }
        }.reduce(0, +)
        #expect(skim.counted == parsed && parsed == 6)
        #expect(skim.firstOverLimit?.pointer.description == "/animations/1/tracks/w/1")
        // Where the parser locates the same element.
        let document = try JSONParser().parse(text)
        #expect(skim.firstOverLimit?.location == document.location(of: .root / "animations" / 1 / "tracks" / "w" / 1))
        #expect(skim.firstOverLimit?.location == SourceLocation(line: 4, column: 26))
        #expect(skim.topLevelKeys == ["specVersion", "fr", "name", "animations"])
        #expect(skim.topLevelNumbers == ["specVersion": 1, "fr": 29.97])
        #expect(skim.topLevelLocations["animations"] == document.location(of: .root / "animations"))
    }

    @Test("what it cannot read ends the skim (the parser then reports it); nesting beyond the parser's depth too")
    func refusals() {
        for text in ["", "{", "[1,", #"{"a" 1}"#, "\"abc", "{\"a\": [1 2]}"] {
            #expect(JSONSkim.skim(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(JSONSkim.skim(Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)) == nil)
        #expect(JSONSkim.skim(Array((String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).utf8)) != nil)
    }
}

@Suite("JSON locations: a tree, not a map of whole pointers")
struct LocationTreeTests {
    @Test("one 10 KB key over 100,000 values: every value located (the map of pointer strings held 1 GB for this 210 KB file)")
    func longKeyWideArray() throws {
        let key = String(repeating: "k", count: 10_000)
        let text = "{\"\(key)\": [" + Array(repeating: "1", count: 100_000).joined(separator: ",") + "]}"
        let doc = try JSONParser().parse(text)
        #expect(doc.locations.count == 100_002)
        // Value k of the array starts after `{"` + key + `": [` and k earlier "1," pairs.
        let first = 2 + key.utf8.count + 4 + 1
        #expect(doc.location(of: .root / key / 0) == SourceLocation(line: 1, column: first))
        #expect(doc.location(of: .root / key / 99_999) == SourceLocation(line: 1, column: first + 2 * 99_999))
        #expect(doc.locations["/\(key)/99999"] == SourceLocation(line: 1, column: first + 2 * 99_999))
        // A pointer below a scalar, or to a missing member, gets the nearest enclosing value.
        #expect(doc.location(of: .root / key / 5 / "missing") == doc.location(of: .root / key / 5))
        #expect(doc.location(of: .root / "nope") == SourceLocation(line: 1, column: 1))
        #expect(doc.locations["/nope"] == nil)
    }
}
