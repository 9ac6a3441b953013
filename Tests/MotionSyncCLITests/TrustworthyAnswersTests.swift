import Foundation
import MotionStore
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

/// Issue 12, "Answers a CI can trust": each bullet of its "Why" as a test.
@Suite("answers a CI can trust")
struct TrustworthyAnswersTests {
    @Test("an unknown --screen, or a store with nothing in it, is an error (exit 2) with a did-you-mean; --strict over nothing never passes")
    func scopes() throws {
        let ws = try Workspace()
        // An empty store (made the way import makes one): nothing to check is not a pass.
        _ = try MotionStore(path: ws.db)
        let empty = ws.run("budget", "--strict")
        #expect(empty.code == 2, "\(empty.out)")
        #expect(empty.err.contains("holds no animations") && !empty.out.contains("0 animations"))
        #expect(ws.run("inventory").code == 2)

        #expect(ws.run("import", "Specs/").code == 0)
        let nope = ws.run("budget", "--screen", "Nope", "--strict")
        #expect(nope.code == 2 && nope.out.isEmpty)
        #expect(nope.err.contains("motionsync: no such screen (--screen Nope): no live animation is on a screen named \"Nope\""))
        // Wrong case: not a silent empty answer; the real name is suggested.
        for command in [["inventory"], ["budget"], ["export", "--out", "out"], ["report", "--out", "report"]] {
            let r = ws.run(command + ["--screen", "feed"])
            #expect(r.code == 2, "\(command)")
            #expect(r.err.contains("did you mean \"Feed\"? (names are case-sensitive)"), "\(command): \(r.err)")
        }
        #expect(ws.run("inventory", "--screen", "Fede").err.contains("did you mean \"Feed\"?"))
        #expect(!FileManager.default.fileExists(atPath: ws.folder.appendingPathComponent("out").path), "nothing is written for a bad scope")
        // The right name still works.
        let feed = ws.run("budget", "--screen", "Feed", "--format", "json")
        #expect(feed.code == 0 && feed.out.contains("\"heart-pulse\""))

        // Animation references (sample, peaks, haptics, plot): SCREEN/ID and FILE#ID.
        for command in ["sample", "peaks", "haptics"] {
            let typo = ws.run(command, "Feed/hart-pulse")
            #expect(typo.code == 2 && typo.err.contains("did you mean Feed/heart-pulse?"), "\(command): \(typo.err)")
            let wrongCase = ws.run(command, "feed/heart-pulse")
            #expect(wrongCase.code == 2 && wrongCase.err.contains("did you mean Feed/heart-pulse?"), "\(command): \(wrongCase.err)")
        }
        let plot = ws.run("plot", "Fede/heart-pulse", "-o", "p.svg")
        #expect(plot.code == 2 && plot.err.contains("did you mean Feed/heart-pulse?"), "\(plot.err)")
        let file = ws.run("peaks", "Specs/Feed.json#hart-pulse")
        #expect(file.code == 2 && file.err.contains("did you mean Specs/Feed.json#heart-pulse?"), "\(file.err)")
    }

    @Test("an unknown --screen in a store of many screens lists the first 20 and says how many there are, with its did-you-mean")
    func manyScreens() throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(at: ws.folder.appendingPathComponent("Many"), withIntermediateDirectories: true)
        let names = (0..<25).map { String(format: "Screen%02d", $0) }
        for name in names {
            try ws.write(
                "Many/\(name).json",
                """
                {"specVersion": 1, "screen": "\(name)", "animations": [{"id": "fade", "kind": "keyframes", "trigger": "tap",
                  "tracks": {"opacity": [{"type": "linear", "to": 1, "duration": 0.2, "curve": "easeOut"}]}}]}
                """)
        }
        #expect(ws.run("import", "Many/").code == 0)
        let r = ws.run("inventory", "--screen", "Screen7")
        #expect(r.code == 2 && r.out.isEmpty)
        #expect(r.err.contains("did you mean \"Screen07\"?"), "\(r.err)")
        #expect(
            r.err.contains("screens (the first 20 of 25; motionsync inventory lists them all): " + names.prefix(20).joined(separator: ", ") + ", …"),
            "\(r.err)")
        for name in names.suffix(5) { #expect(!r.err.contains(name), "\(name) is past the first 20") }
        // A few screens are all listed, as before.
        #expect(ScreenScope.listing(["A", "B"]) == "screens: A, B")
        #expect(ScreenScope.listing(Array(names.prefix(20))) == "screens: " + names.prefix(20).joined(separator: ", "))
    }

    @Test("typos of commands and options get a suggestion")
    func typos() {
        let command = motionsync("budgte")
        #expect(command.code == 2)
        #expect(command.err.contains("unknown command \"budgte\"; did you mean \"budget\"?"))
        let option = motionsync("budget", "Specs/Feed.json", "--stirct")
        #expect(option.code == 2)
        #expect(option.err.contains("unknown option --stirct; did you mean --strict?"), "\(option.err)")
        let withValue = motionsync("sample", "Specs/Feed.json#heart-pulse", "--fsp=60")
        #expect(withValue.err.contains("did you mean --fps?"), "\(withValue.err)")
        // Far from anything: no guess, but the options are listed.
        let far = motionsync("peaks", "Specs/Feed.json#heart-pulse", "--zzzzzzzz")
        #expect(far.code == 2 && !far.err.contains("did you mean") && far.err.contains("--format"))
    }

    @Test("one stream rule: results on stdout, wrote/removed on stderr for every command; --quiet drops the notes")
    func streams() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/Feed.json").code == 0)
        let export = ws.run("export", "--out", "out")
        #expect(export.code == 0)
        #expect(!export.out.contains("wrote") && export.err.contains("wrote out/Feed--heart-pulse.ahap"))
        #expect(export.out.contains("written"), "the summary is the result")
        let report = ws.run("report", "--out", "report")
        #expect(report.code == 0)
        #expect(!report.out.contains("wrote") && report.err.contains("wrote report/index.html"))
        let plot = ws.run("plot", "Feed/heart-pulse", "-o", "p.svg")
        #expect(plot.out.isEmpty && plot.err == "wrote p.svg\n")
        let haptics = ws.run("haptics", "Feed/heart-pulse", "-o", "h.ahap")
        #expect(haptics.out.isEmpty && haptics.err == "wrote h.ahap\n")
        // --quiet, before or after the command.
        let quiet = ws.run("--quiet", "export", "--out", "out2")
        #expect(quiet.code == 0 && quiet.err.isEmpty && quiet.out.contains("written"))
        #expect(ws.run("plot", "Feed/heart-pulse", "-o", "q.svg", "-q").err.isEmpty)
        #expect(FileManager.default.fileExists(atPath: ws.folder.appendingPathComponent("q.svg").path))
    }

    @Test("the budget's rules table says what each rule checks and its limit in words")
    func rulesInWords() {
        let r = motionsync("budget", "--rules", "--wide")
        #expect(!r.out.contains("≤ 0 pass"))
        let line = r.out.split(separator: "\n").first { $0.hasPrefix("  reduce-motion ") }.map(String.init) ?? ""
        #expect(line.contains("non-trivial motion (over 150 ms until it rests, or any bounce) without a Reduce Motion fallback"))
        #expect(line.contains("must not happen, else warn"))
        let tap = r.out.split(separator: "\n").first { $0.hasPrefix("  tap-duration ") }.map(String.init) ?? ""
        #expect(tap.contains("at most 400 ms passes, at most 600 ms warns, more fails"), "\(tap)")
        let spacing = r.out.split(separator: "\n").first { $0.hasPrefix("  haptic-spacing ") }.map(String.init) ?? ""
        #expect(spacing.contains("at least 80 ms passes, less warns"), "\(spacing)")
    }
}
