import Foundation
import MotionFormats
import Testing

@Suite("Lottie file stems")
struct LottieStemTests {
    /// Paths and the stems Foundation's `lastPathComponent` then `deletingPathExtension` give
    /// them (read off swift-corelibs-foundation on Linux).
    static let table: [(path: String, stem: String)] = [
        ("a.json", "a"), ("a.b.json", "a.b"), ("dir/a.json", "a"), ("dir/a.json/", "a"),
        ("dir//a.json//", "a"), ("/x/y/", "y"), (".json", ".json"), ("x/.json", ".json"),
        (".hidden.json", ".hidden"), ("a.", "a"), ("a..json", "a."), ("..json", "."),
        ("...json", ".."), (".", "."), ("..", ".."), ("x/..", ".."), ("a/b/.", "."),
        ("ab/c.tar.gz", "c.tar"), ("é.json", "é"), ("a\u{301}.json", "a\u{301}"), ("a b.JSON", "a b"),
        ("dir.d/file", "file"), ("dir.d/", "dir"), ("a.j son", "a"), ("", ""), ("/", "/"), ("a", "a"),
        // Foundation on Linux traps on these (deletingPathExtension of a one-letter non-ASCII
        // name), which the stem read from the bytes does not.
        ("é", "é"), ("dir/é", "é"), ("é/", "é"),
    ]

    @Test("the stem is the last component without its extension, as Foundation's path methods give it")
    func table() {
        for (path, stem) in Self.table {
            #expect(LottieImporter.stem(of: path) == stem, "\(path.debugDescription)")
        }
    }

    @Test("on generated paths the stem agrees with NSString's lastPathComponent and deletingPathExtension")
    func agreesWithFoundation() {
        // Every path of up to four pieces drawn from these; a path of slashes only ("//") is
        // left out: Foundation gives "" for it and "/" for "/", a distinction no file has.
        // Non-ASCII names are in the table only: Foundation traps on some of them.
        let pieces = ["a", ".", "..", "/", "b.c", ".d", "e.", "é.x", "f.g.h"]
        var paths = [""]
        for _ in 0..<4 { paths = paths.flatMap { p in pieces.map { p + $0 } } + paths }
        for path in Set(paths) where !path.isEmpty && !path.allSatisfy({ $0 == "/" }) {
            let name = (path as NSString).lastPathComponent
            let stem = (name as NSString).deletingPathExtension
            #expect(LottieImporter.stem(of: path) == (stem.isEmpty ? name : stem), "\(path.debugDescription)")
        }
    }
}
