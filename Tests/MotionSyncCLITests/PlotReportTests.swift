import Foundation
import MotionBudget
import MotionJSON
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("plot and report")
struct PlotReportTests {
    /// A spec whose screen, id and property hold markup and quotes.
    static let hostile =
        #"{"specVersion":1,"screen":"<script>&\"S","animations":[{"id":"<b>&\"id'","kind":"keyframes","trigger":"tap","tracks":{"<script>alert(1)</script>&\"":[{"type":"linear","to":1,"duration":0.2},{"type":"linear","to":0,"duration":0.2}]}}]}"#

    /// Parses `text` as XML (fails the test when it is not well-formed).
    static func xml(_ text: String) throws -> XMLDocument {
        try XMLDocument(xmlString: text, options: [])
    }

    /// Elements named `name` (any namespace), optionally with exactly this class.
    static func elements(_ document: XMLDocument, _ name: String, class cls: String? = nil) throws -> [XMLNode] {
        let predicate = cls.map { " and @class='\($0)'" } ?? ""
        return try document.nodes(forXPath: "//*[local-name()='\(name)'\(predicate)]")
    }

    /// Plots `reference` in `ws` and returns the SVG text.
    static func plot(_ ws: Workspace, _ reference: String, file: String = "plot.svg") throws -> String {
        let r = ws.run("plot", reference, "-o", file)
        #expect(r.code == 0, "\(reference): \(r.err)")
        return try String(contentsOf: ws.folder.appendingPathComponent(file), encoding: .utf8)
    }

    @Test("every example's SVG is well-formed XML: a polyline per property, a circle per peak, a tick or bar per planned haptic event")
    func plotShapes() throws {
        let ws = try Workspace()
        for a in try HapticCommandTests.allAnimations() {
            let reference = "\(a.file)#\(a.id)"
            let svg = try Self.plot(ws, reference)
            let document = try Self.xml(svg)
            #expect(document.rootElement()?.name == "svg")
            #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""))
            #expect(!svg.contains("<script") && !svg.contains("@import") && !svg.contains("href"), "no scripts, no external resources")

            let sample = try JSONParser().parse(ws.run("sample", reference, "--format", "json").out).value
            let properties = try #require(sample["properties"]?.objectValue)
            #expect(try Self.elements(document, "polyline").count == properties.count, "\(reference)")

            let peaks = try JSONParser().parse(ws.run("peaks", reference, "--format", "json").out).value
            let peakCount = try #require(peaks["peaks"]?.arrayValue).count
            #expect(try Self.elements(document, "circle").count == peakCount, "\(reference)")
            #expect(try Self.elements(document, "circle", class: "peak").count == peakCount)

            let plan = try JSONParser().parse(ws.run("haptics", reference, "--format", "plan").out).value
            let events = try #require(plan["events"]?.arrayValue)
            let transients = events.filter { $0["type"] == "transient" }.count
            #expect(try Self.elements(document, "line", class: "haptic transient").count == transients, "\(reference)")
            #expect(try Self.elements(document, "rect", class: "haptic continuous").count == events.count - transients, "\(reference)")
        }
    }

    @Test("a tap animation gets the apple-touch time limits as budget lines; a loop gets none of the tap ones")
    func budgetLines() throws {
        let ws = try Workspace()
        let document = try Self.xml(try Self.plot(ws, "Specs/Checkout.json#add-to-cart-bump"))
        let lines = try Self.elements(document, "line", class: "budget")
        let labels = try Self.elements(document, "text", class: "budget-label").compactMap(\.stringValue)
        #expect(lines.count == 4)
        #expect(
            labels == [
                "response ≤ 100 ms (then fail)", "first-peak ≤ 200 ms (then warn)",
                "tap-duration ≤ 400 ms (then warn)", "tap-duration ≤ 600 ms (then fail)",
            ])

        let loop = try Self.plot(ws, "Specs/Timer.json")
        #expect(!loop.contains("tap-duration") && !loop.contains("first-peak"))

        // The library call agrees: the rules whose metric is a time and that apply.
        let spec = try #require(MotionFormatsDecode.spec(ws.folder.appendingPathComponent("Specs/Checkout.json").path))
        let animation = try #require(spec.animation(id: "add-to-cart-bump"))
        let times = SVGPlot.budgetLines(for: animation, screen: spec.screen, timeline: try animation.timeline()).map(\.time)
        #expect(times == [0.1, 0.2, 0.4, 0.6])
    }

    @Test("the heart pulse: its bulging written hold is marked, and the same input gives the same bytes")
    func writtenHoldAndDeterminism() throws {
        let ws = try Workspace()
        let first = try Self.plot(ws, "Specs/Feed.json#heart-pulse", file: "a.svg")
        let second = try Self.plot(ws, "Specs/Feed.json#heart-pulse", file: "b.svg")
        #expect(first == second)
        let document = try Self.xml(first)
        #expect(try Self.elements(document, "g", class: "written-hold-not-flat").count == 1)
        #expect(try Self.elements(document, "rect", class: "hold").count >= 1)
        #expect(first.contains("219.6 ms"))
    }

    @Test("a ten-minute animation stays small: at most four curve points per pixel, its peak on the curve")
    func longAnimationIsCapped() throws {
        let ws = try Workspace()
        try ws.write(
            "long.json",
            #"{"specVersion":1,"screen":"L","animations":[{"id":"slow","kind":"keyframes","trigger":"appear","tracks":{"x":[{"type":"linear","to":1,"duration":300},{"type":"linear","to":0,"duration":300}]}}]}"#
        )
        let svg = try Self.plot(ws, "long.json#slow")
        _ = try Self.xml(svg)
        func attribute(_ element: String, _ name: String) throws -> String {
            let tag = try #require(svg.range(of: "<\(element) [^>]*>", options: .regularExpression))
            let value = try #require(svg[tag].range(of: "\(name)=\"[^\"]*\"", options: .regularExpression))
            return String(svg[tag][value].dropFirst(name.count + 2).dropLast())
        }
        let points = try attribute("polyline", "points").split(separator: " ")
        // 240 fps would be 144,001 points; the lane is 752 px wide (960 − 180 − 28), so the cap
        // is 4 × 752 points, plus the end and the peak.
        #expect(points.count >= 3_000 && points.count <= 4 * 752 + 2)
        // The peak at 300 s is a sample, so the curve passes exactly through its dot.
        let at = try "\(attribute("circle", "cx")),\(attribute("circle", "cy"))"
        #expect(points.contains { $0 == at })
    }

    @Test("hostile names (<script>&\") are escaped in the SVG and the report")
    func hostileNames() throws {
        let ws = try Workspace()
        try ws.write("hostile.json", Self.hostile)
        let svg = try Self.plot(ws, "hostile.json#<b>&\"id'")
        let document = try Self.xml(svg)
        #expect(!svg.contains("<script") && !svg.contains("<b>"))
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;"))
        #expect(try Self.elements(document, "title").first?.stringValue == "<script>&\"S/<b>&\"id'")

        #expect(SVGPlot.escape("<a href=\"x\">&'\u{0}\u{1B}</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;\u{FFFD}\u{FFFD}&lt;/a&gt;")

        #expect(ws.run("import", "hostile.json").code == 0)
        let r = ws.run("report", "--out", "rep", "--screen", "<script>&\"S")
        #expect(r.code == 0, "\(r.err)")
        let folder = ws.folder.appendingPathComponent("rep")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count == 2 && files.contains("index.html"))
        for name in files {
            #expect(!name.contains("<") && !name.contains("\"") && !name.contains("&"))
            let html = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(!html.contains("<script") && !html.contains("<b>"), "\(name)")
            #expect(html.contains("&lt;script&gt;&amp;&quot;S"), "\(name)")
        }
    }

    @Test("report writes index.html and one page per screen, each animation with its plot, figures and sourced verdicts; nothing outside --out")
    func report() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: ws.folder.path))
        let r = ws.run("report", "--out", "nested/rep")
        #expect(r.code == 0, "\(r.err)")
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: ws.folder.path))
        #expect(after.subtracting(before) == ["nested"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: ws.folder.appendingPathComponent("nested").path) == ["rep"])

        let animations = try HapticCommandTests.allAnimations()
        let screens = Dictionary(grouping: animations, by: \.screen)
        let folder = ws.folder.appendingPathComponent("nested/rep")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(files == Set(["index.html"] + screens.keys.map { HTMLReport.pageName(screen: $0) }))
        #expect(r.out.contains("\(screens.count) screens, \(animations.count) animations"))

        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        for screen in screens.keys { #expect(index.contains("href=\"\(HTMLReport.pageName(screen: screen))\"")) }

        for (screen, members) in screens {
            let html = try String(contentsOf: folder.appendingPathComponent(HTMLReport.pageName(screen: screen)), encoding: .utf8)
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(!html.lowercased().contains("<script"))
            #expect(html.components(separatedBy: "<svg ").count - 1 == members.count, "\(screen)")
            #expect(!html.contains("<?xml"), "the SVG is inlined without its XML declaration")
            for m in members { #expect(html.contains("\(screen)/\(m.id)")) }
            let shown = BudgetProfile.appleTouch.rules.filter { html.contains("<td>\($0.id)</td>") }
            #expect(!shown.isEmpty, "\(screen): verdicts are listed")
            for rule in shown { #expect(html.contains(SVGPlot.escape(rule.source)), "\(screen): \(rule.id)'s source is shown") }
            #expect(html.contains("<h3>Haptic events</h3>") && html.contains("<h3>Peaks</h3>"))
        }
        // The heart pulse's verdict is the budget command's.
        let feed = try String(contentsOf: folder.appendingPathComponent(HTMLReport.pageName(screen: "Feed")), encoding: .utf8)
        #expect(feed.contains("Feed/heart-pulse <span class=\"verdict warn\">warn</span>"))

        // Rewriting is fine; --screen narrows it to one page.
        #expect(ws.run("report", "--out", "nested/rep").code == 0)
        #expect(ws.run("report", "--out", "one", "--screen", "Feed").code == 0)
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: ws.folder.appendingPathComponent("one").path)) == [
                "index.html", "screen--Feed.html",
            ])
    }

    @Test("errors exit 2 with the contract's message form")
    func errors() throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(at: ws.folder.appendingPathComponent("folder"), withIntermediateDirectories: true)
        let cases: [[String]] = [
            ["plot", "Specs/Feed.json#heart-pulse"], // no -o
            ["plot", "Specs/Feed.json#heart-pulse", "-o", "missing/x.svg"], // folder does not exist
            ["plot", "Specs/Feed.json#heart-pulse", "-o", "folder"], // a folder
            ["plot", "Specs/Feed.json#nope", "-o", "x.svg"], // no such animation
            ["plot", "-o", "x.svg"], // no animation
            ["plot", "Specs/Feed.json#heart-pulse", "-o", "x.svg", "--bogus"],
            ["report"], // no --out
            ["report", "--out", "rep", "extra"],
        ]
        for arguments in cases {
            let r = ws.run(arguments)
            #expect(r.code == 2, "\(arguments): \(r.err)")
            #expect(r.err.hasPrefix("motionsync: "), "\(arguments)")
        }
        // No store yet: reading never creates one; the error names the path and how stores are made (exit 3).
        let noStore = ws.run("report", "--out", "rep")
        #expect(noStore.code == 3, "\(noStore.err)")
        #expect(noStore.err.contains("motionsync.sqlite") && noStore.err.contains("motionsync import"), "\(noStore.err)")
        #expect(!FileManager.default.fileExists(atPath: ws.folder.appendingPathComponent("motionsync.sqlite").path))
        let missing = ws.run("plot", "Specs/Feed.json#heart-pulse", "-o", "missing/x.svg")
        #expect(missing.err.contains("does not exist"))
        #expect(!FileManager.default.fileExists(atPath: ws.folder.appendingPathComponent("missing").path))
        #expect(ws.run("import", "Specs/").code == 0)
        #expect(ws.run("report", "--out", "rep", "--screen", "Nope").code == 2)
        #expect(ws.run("plot", "--help").out.contains("EXAMPLES"))
        #expect(ws.run("report", "--help").out.contains("USAGE"))
        #expect(ws.run("--help").out.contains("plot") && ws.run("--help").out.contains("report"))
    }
}
