import Foundation
import MotionJSON
import Testing

@Suite("JSONPointer")
struct PointerTests {
    @Test("the root prints as / and keys as the empty string")
    func root() {
        #expect(JSONPointer.root.description == "/")
        #expect(JSONPointer.root.key == "")
        #expect(JSONPointer().tokens.isEmpty)
        #expect(JSONPointer.root == JSONPointer([]))
    }

    @Test("tokens join with slashes; / builds pointers from keys and indices")
    func building() {
        let p = JSONPointer.root / "animations" / 2 / "tracks" / "scale" / 1 / "duration"
        #expect(p.description == "/animations/2/tracks/scale/1/duration")
        #expect(p.key == "/animations/2/tracks/scale/1/duration")
        #expect(p.tokens == ["animations", "2", "tracks", "scale", "1", "duration"])
        #expect(p == JSONPointer.root.appending("animations").appending(2).appending("tracks").appending("scale").appending(1).appending("duration"))
    }

    @Test(
        "RFC 6901 escaping: ~ is ~0 and / is ~1",
        arguments: [
            (["a/b"], "/a~1b"), (["m~n"], "/m~0n"), (["~1"], "/~01"), (["~0"], "/~00"), (["~/"], "/~0~1"),
            (["/~"], "/~1~0"), (["a", "b/c", "d~e"], "/a/b~1c/d~0e"), (["//"], "/~1~1"), (["a b", "é😀"], "/a b/é😀"),
        ])
    func escaping(_ tokens: [String], _ text: String) {
        #expect(JSONPointer(tokens).description == text)
        #expect(JSONPointer(tokens).key == text)
    }

    @Test("a pointer to the empty key is not the root")
    func emptyKey() {
        let empty = JSONPointer([""])
        #expect(empty != .root)
        #expect(empty.key == "/")
        #expect(JSONPointer(["", ""]).description == "//")
    }

    @Test("pointers order by their tokens")
    func ordering() {
        let a = JSONPointer(["a"]), ab = JSONPointer(["a", "b"]), b = JSONPointer(["b"])
        #expect(JSONPointer.root < a)
        #expect(a < ab)
        #expect(ab < b)
        #expect(!(b < a))
        #expect([b, ab, .root, a].sorted() == [.root, a, ab, b])
    }
}
