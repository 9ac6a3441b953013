import Foundation
import MotionJSON
import MotionSyncCLI
import MotionTestSupport
import Testing

/// Issue 48 through the command line: code is listed under the screen that shows it, found from
/// every file of the app (those without animations too), kept when other files change, and said
/// when it cannot be found.
@Suite("screens of code through import and inventory")
struct ScreenCommandTests {
    static let feed = """
        import SwiftUI
        struct FeedScreen: View {
            var body: some View { NavigationStack { List { LikeRow() } } }
        }
        """
    static let row = """
        import SwiftUI
        struct LikeRow: View {
            @State private var liked = false
            var body: some View {
                Image(systemName: "heart").scaleEffect(liked ? 1.3 : 1)
                    .onTapGesture { withAnimation(.snappy) { liked.toggle() } }
            }
        }
        """

    static func rows(_ ws: Workspace) -> [JSONValue] {
        (try? JSONParser().parse(ws.run("inventory", "--format", "json").out).value.arrayValue) ?? []
    }

    @Test("a row is on the screen that creates it (a file without animations), with its component, line and column")
    func componentOnScreen() throws {
        let ws = try Workspace()
        try ws.write("FeedScreen.swift", Self.feed)
        try ws.write("LikeRow.swift", Self.row)
        let r = ws.run("import", "FeedScreen.swift", "LikeRow.swift")
        #expect(r.code == 0, "\(r.err)")
        let rows = Self.rows(ws)
        #expect(rows.count == 1)
        #expect(rows.first?["screen"] == "FeedScreen" && rows.first?["component"] == "LikeRow" && rows.first?["id"] == "like-row-liked")
        #expect(rows.first?["line"] == 6 && rows.first?["column"] == 29)
        #expect(rows.first?["alsoOn"] == [])
    }

    @Test("a second screen that shows the row: listed under the first by name, the other in alsoOn, without re-reading the row's file")
    func secondScreen() throws {
        let ws = try Workspace()
        try ws.write("FeedScreen.swift", Self.feed)
        try ws.write("LikeRow.swift", Self.row)
        #expect(ws.run("import", "FeedScreen.swift", "LikeRow.swift").code == 0)
        try ws.write("AboutScreen.swift", "import SwiftUI\nstruct AboutScreen: View { var body: some View { LikeRow() } }\n")
        let r = ws.run("import", "AboutScreen.swift")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("moved      FeedScreen/like-row-liked to AboutScreen"), "\(r.out)")
        let rows = Self.rows(ws)
        #expect(rows.first?["screen"] == "AboutScreen" && rows.first?["alsoOn"] == ["FeedScreen"])
        #expect(rows.first?["revision"] == 1, "the same animation, moved")
    }

    @Test("a view model no view holds: its animations stay under its own name and the import says so")
    func notFound() throws {
        let ws = try Workspace()
        try ws.write(
            "Loader.swift",
            """
            import SwiftUI
            final class Loader: ObservableObject {
                @Published var loading = false
                func start() { withAnimation(.easeIn(duration: 0.2)) { loading = true } }
            }
            """)
        let r = ws.run("import", "Loader.swift")
        #expect(r.code == 0)
        #expect(r.err.contains("screen not found (Loader.swift:4): no view or view controller of the files read creates `Loader`"), "\(r.err)")
        #expect(Self.rows(ws).first?["screen"] == "Loader")
    }

    @Test("a screen named by a comment is kept whatever creates the view")
    func namedScreen() throws {
        let ws = try Workspace()
        try ws.write("FeedScreen.swift", Self.feed)
        try ws.write("LikeRow.swift", Self.row.replacingOccurrences(of: "struct LikeRow", with: "// motionsync: screen=Likes\nstruct LikeRow"))
        #expect(ws.run("import", "FeedScreen.swift", "LikeRow.swift").code == 0)
        #expect(Self.rows(ws).first?["screen"] == "Likes")
    }
}

/// Issue 48: a row read from code is located in SARIF as a spec row is, at its line and column.
@Suite("code rows located in budget's SARIF")
struct CodeLocationSARIFTests {
    @Test("budget --format sarif gives a Swift row's startLine and startColumn")
    func sarifRegion() throws {
        let ws = try Workspace()
        try ws.write("FeedScreen.swift", ScreenCommandTests.feed)
        try ws.write("LikeRow.swift", ScreenCommandTests.row)
        #expect(ws.run("import", "FeedScreen.swift", "LikeRow.swift").code == 0)
        let sarif = ws.run("budget", "--format", "sarif")
        let log = try JSONParser().parse(sarif.out).value
        let results = log["runs"]?.arrayValue?.first?["results"]?.arrayValue ?? []
        let located = results.compactMap { $0["locations"]?.arrayValue?.first?["physicalLocation"] }
        #expect(!located.isEmpty, "\(sarif.out.prefix(400))")
        for place in located {
            #expect(place["artifactLocation"]?["uri"] == "LikeRow.swift")
            #expect(place["region"]?["startLine"] == 6 && place["region"]?["startColumn"] == 29, "\(place)")
        }
    }

    @Test("budget --format junit puts each case at its file and line, code rows and spec rows alike")
    func junitPlaces() throws {
        let ws = try Workspace()
        try ws.write("FeedScreen.swift", ScreenCommandTests.feed)
        try ws.write("LikeRow.swift", ScreenCommandTests.row)
        #expect(ws.run("import", "FeedScreen.swift", "LikeRow.swift", "Specs/Feed.json").code == 0)
        let xml = ws.run("budget", "--format", "junit").out
        let cases = xml.split(separator: "\n").filter { $0.contains("<testcase ") }
        #expect(cases.contains { $0.contains("classname=\"FeedScreen/like-row-liked\"") })
        for line in cases where line.contains("FeedScreen/like-row-liked") {
            #expect(line.contains("file=\"LikeRow.swift\" line=\"6\""), "\(line)")
        }
        #expect(
            cases.contains { $0.contains("classname=\"Feed/") && $0.contains("file=\"Specs/Feed.json\" line=\"") }, "spec rows at their object's line"
        )
    }
}
