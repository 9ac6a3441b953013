import Foundation
import MotionBudget
import MotionCore
import MotionPipeline
import MotionRender
import MotionTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

// MARK: - Rendering as a library

/// SVG plots and HTML reports made by the library from resolved animations (no store, no CLI).
@Suite("MotionRender: SVG plot and HTML report")
struct RenderTests {
    /// An animation of a spec file, resolved without a store.
    static func animation(_ reference: String) throws -> ResolvedAnimation {
        let (io, _) = CommandIO.capture(currentDirectory: packageRoot.path)
        return try AnimationResolver(io: io, globals: GlobalOptions(database: "/nonexistent/store.sqlite")).resolve(reference)
    }

    /// Elements named `name` with exactly this class.
    static func count(_ document: XMLDocument, _ name: String, class cls: String) throws -> Int {
        try document.nodes(forXPath: "//*[local-name()='\(name)' and @class='\(cls)']").count
    }

    @Test(
        "SVGPlot of the heart pulse: well-formed XML, one peak dot (labelled 219.6 ms, the golden AHAP's time), one transient tick, four tap budget lines; same bytes twice"
    )
    func plot() throws {
        let pulse = try Self.animation("Specs/Feed.json#heart-pulse")
        let figures = try AnimationFigures(pulse)
        func svg() -> String {
            SVGPlot.render(
                timeline: figures.timeline, analysis: figures.analysis, plan: figures.plan(for: pulse),
                budget: SVGPlot.budgetLines(for: pulse.spec, screen: pulse.screen, timeline: figures.timeline), title: "Feed/heart-pulse")
        }
        let text = svg()
        #expect(text == svg())
        let document = try XMLDocument(xmlString: text, options: [])
        #expect(document.rootElement()?.name == "svg")
        #expect(try Self.count(document, "circle", class: "peak") == 1)
        #expect(try Self.count(document, "line", class: "haptic transient") == 1)
        #expect(text.contains("219.6 ms"))
        #expect(try Self.count(document, "line", class: "budget") == 4)
    }

    @Test("HTMLReport.files: index.html and one page per screen (screen--NAME.html), each animation on its screen's page, hostile names escaped")
    func report() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionrender-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostile = folder.appendingPathComponent("hostile.json")
        try Data(
            #"{"specVersion":1,"screen":"<script>&\"S","animations":[{"id":"<b>id","kind":"keyframes","trigger":"tap","tracks":{"x":[{"type":"linear","to":1,"duration":0.2}]}}]}"#
                .utf8
        ).write(to: hostile)
        let entries = try [
            HTMLReport.entry(try Self.animation("Specs/Feed.json#heart-pulse")),
            HTMLReport.entry(try Self.animation("Specs/Feed.json#card-fade-in")),
            HTMLReport.entry(try Self.animation(hostile.path + "#<b>id")),
        ]
        let files = HTMLReport.files(entries, profile: .appleTouch)
        #expect(files.map(\.name).sorted() == ["index.html", HTMLReport.pageName(screen: "<script>&\"S"), "screen--Feed.html"].sorted())
        let feed = try #require(files.first { $0.name == "screen--Feed.html" })
        #expect(feed.text.contains("heart-pulse") && feed.text.contains("card-fade-in"))
        #expect(feed.text.components(separatedBy: "<svg").count - 1 == 2, "one inline plot per animation")
        for file in files {
            #expect(!file.text.contains("<script") && !file.text.contains("<b>"), "\(file.name)")
            #expect(!file.name.contains("<") && !file.name.contains("&"))
        }
    }
}

// MARK: - ReportRun

@Suite("MotionRender: ReportRun")
struct ReportRunTests {
    @Test(
        "ReportRun over a store of Specs/Feed.json: index.html and screen--Feed.html written, the summary counts them; an unknown screen is an error (exit 2)"
    )
    func reportRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionrender-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (io, _) = CommandIO.capture(currentDirectory: packageRoot.path)
        let globals = GlobalOptions(database: folder.appendingPathComponent("store.sqlite").path)
        _ = try ImportRun(paths: ["Specs/Feed.json"], globals: globals).run(io: io)
        let feed = try JSONSerialization.jsonObject(with: Data(contentsOf: packageRoot.appendingPathComponent("Specs/Feed.json"))) as? [String: Any]
        let ids = (feed?["animations"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let out = folder.appendingPathComponent("report").path
        let summary = try ReportRun(out: out, globals: globals).run(io: io)
        #expect(summary.files == ["index.html", "screen--Feed.html"])
        #expect(summary.animations == ids.count && summary.screens == 1)
        #expect(summary.line == "1 screen, \(ids.count) animation\(ids.count == 1 ? "" : "s"): index.html and 1 page")
        let page = try String(contentsOfFile: out + "/screen--Feed.html", encoding: .utf8)
        for id in ids { #expect(page.contains(id)) }
        do {
            _ = try ReportRun(out: out, screen: "feed", globals: globals).run(io: io)
            Issue.record("an unknown screen must throw")
        } catch let error as CLIError {
            #expect(error.exitCode == 2 && error.lines.joined().contains("did you mean \"Feed\"?"), "\(error.lines)")
        }
    }
}
