import CSQLite
import Foundation
import MotionBudget
import MotionCore
import MotionJSON
import MotionStore
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

// MARK: - Figures stored at import (issue 15)

@Suite("stored figures")
struct StoredFiguresTests {
    /// What each animation's figures are when computed from scratch (the analysis, the planner and
    /// the apple-touch verdict), to compare with what `inventory` reads from the store.
    static func computed(_ ws: Workspace) throws -> [String: [String]] {
        let store = try MotionStore(path: ws.db)
        var result: [String: [String]] = [:]
        for row in try store.inventory() {
            let stored = try #require(try store.animation(screen: row.screen, id: row.id))
            let animation = ResolvedAnimation(screen: stored.screen, spec: stored.spec, source: stored.source)
            let figures = try AnimationFigures(animation)
            let verdict = BudgetEvaluator.overall(try BudgetEvaluator(profile: .appleTouch).evaluate(stored.spec, screen: stored.screen))
            result[row.screen + "/" + row.id] = [
                "\(figures.analysis.peaks.count)", "\(figures.analysis.holds.filter { $0.position == .interior }.count)",
                "\(figures.plan(for: animation).planned.count)", verdict.rawValue,
            ]
        }
        return result
    }

    /// `inventory --format csv` rows by SCREEN/ID: peaks, holds, haptic events, budget.
    static func listed(_ csv: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for line in csv.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            result[f[0] + "/" + f[1]] = [f[5], f[6], f[7], f[8]]
        }
        return result
    }

    @Test("import stores the figures of every animation; inventory lists exactly what a fresh analysis finds")
    func importStores() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let counts = try ws.counts()
        #expect(counts["figures"] == 20, "one row per current revision of the 20 examples")
        let r = ws.run("inventory", "--format", "csv")
        #expect(r.code == 0, "\(r.err)")
        #expect(Self.listed(r.out) == (try Self.computed(ws)))
    }

    @Test("importing twice, and a store made before figures were stored, give the same inventory as a fresh import")
    func migratedStore() throws {
        let fresh = try Workspace()
        #expect(fresh.run("import", "Specs/").code == 0)
        let expected = fresh.run("inventory", "--format", "json").out
        // The same files again: nothing changes.
        #expect(fresh.run("import", "Specs/").code == 0)
        #expect(fresh.run("inventory", "--format", "json").out == expected)

        // A store as migration 005 left it: no figures table, no view, no record of 006 (nor of
        // 010 and 011, which rebuild the view 006 makes).
        let old = try Workspace()
        #expect(old.run("import", "Specs/").code == 0)
        try execute(
            old.db,
            """
            DROP VIEW inventory_figures; DROP VIEW inventory; DROP TABLE figure_details; DROP TABLE figures; DROP TABLE code_facts;
            ALTER TABLE animations DROP COLUMN source_line; ALTER TABLE animations DROP COLUMN source_column;
            ALTER TABLE animations DROP COLUMN code_container; ALTER TABLE animations DROP COLUMN also_on;
            ALTER TABLE animations DROP COLUMN given_id; DROP INDEX sources_by_format;
            DELETE FROM schema_migrations WHERE version IN (6, 10, 11);
            """)
        // The files are read again once (010 asks for their places); no definition changes.
        let again = old.run("import", "Specs/")
        #expect(again.code == 0 && !again.out.contains("changed    ") && !again.out.contains("added      "), "\(again.out)")
        let r = old.run("inventory", "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == expected)
        #expect(try old.counts()["figures"] == 20, "brought up to date once, and stored")

        // Figures made by an older analysis are recomputed on first use.
        try execute(old.db, "UPDATE figures SET analysis_version = 1, peaks = 999")
        #expect(old.run("inventory", "--format", "json").out == expected)
    }

    @Test("budget over the store reads the stored results: the same bytes as computing them, in every format and profile")
    func budgetFromStore() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        // Every animation named explicitly: the computed path (references are resolved and analysed).
        let references = Array(Self.listed(ws.run("inventory", "--format", "csv").out).keys).sorted()
        #expect(references.count == 20)
        for profile in ["apple-touch", "material3"] {
            for format in ["table", "json", "sarif", "junit"] {
                let stored = ws.run("budget", "--profile", profile, "--format", format)
                let computed = ws.run(["budget"] + references + ["--profile", profile, "--format", format])
                #expect(stored.code == computed.code && stored.code == 0, "\(profile) \(format): \(stored.err) \(computed.err)")
                #expect(stored.out == computed.out, "\(profile) \(format)")
            }
        }
        // One screen, and --strict's exit code, likewise.
        let screen = try #require(references.first?.split(separator: "/").first.map(String.init))
        let inScreen = references.filter { $0.hasPrefix(screen + "/") }
        #expect(ws.run("budget", "--screen", screen, "--format", "json").out == ws.run(["budget"] + inScreen + ["--format", "json"]).out)
        #expect(ws.run("budget", "--strict").code == ws.run(["budget"] + references + ["--strict"]).code)

        // Figures made by an older analysis: brought up to date by budget, then read.
        let expected = ws.run("budget", "--format", "json").out
        try execute(ws.db, "UPDATE figures SET analysis_version = 1; UPDATE figure_details SET budget = '{}'")
        #expect(ws.run("budget", "--format", "json").out == expected)
        #expect(try ws.counts()["figures"] == 20)

        // It is the stored results that answer: a stored verdict changed by hand shows.
        try execute(ws.db, "UPDATE figure_details SET budget = replace(budget, '\"verdict\":\"pass\"', '\"verdict\":\"fail\"')")
        let tampered = ws.run("budget", "--format", "json")
        #expect(tampered.out != expected && !tampered.out.contains("\"verdict\":\"pass\""))
        #expect(ws.run(["budget"] + references + ["--format", "json"]).out == expected, "explicit references still compute")
    }

    @Test("export writes the stored plans: every file equal to what haptics computes, in every format")
    func exportFromStore() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let references = Array(Self.listed(ws.run("inventory", "--format", "csv").out).keys).sorted()
        for format in ["ahap", "android-waveform", "android-composition", "haptic", "plan"] {
            let out = ws.folder.appendingPathComponent("export-\(format)").path
            let r = ws.run("export", "--out", out, "--format", format)
            #expect(r.code == 0, "\(r.err)")
            for reference in references {
                let parts = reference.split(separator: "/").map(String.init)
                let computed = ws.run("haptics", reference, "--format", format)
                #expect(computed.code == 0)
                let name = SafeFileName.make(screen: parts[0], id: parts[1], extension: try HapticOutput.parse(format).fileExtension)
                let written = try String(contentsOfFile: out + "/" + name, encoding: .utf8)
                #expect(written == computed.out, "\(reference) \(format)")
            }
        }
        // The stored plan is what is written: a plan emptied by hand exports no events.
        try execute(ws.db, "UPDATE figure_details SET haptic_plan = '{\"duration\":1,\"looping\":false,\"events\":[]}'")
        let out = ws.folder.appendingPathComponent("export-tampered").path
        #expect(ws.run("export", "--out", out, "--format", "plan").code == 0)
        let first = try #require(references.first?.split(separator: "/").map(String.init))
        let plan = try String(contentsOfFile: out + "/" + SafeFileName.make(screen: first[0], id: first[1], extension: "plan.json"), encoding: .utf8)
        #expect(plan.contains("\"events\": []") || plan.contains("\"events\":[]"))
    }

    @Test("report draws and lists the stored figures: every page equal to the one computed from scratch")
    func reportFromStore() throws {
        let ws = try Workspace()
        #expect(ws.run("import", "Specs/").code == 0)
        let out = ws.folder.appendingPathComponent("report").path
        let r = ws.run("report", "--out", out)
        #expect(r.code == 0, "\(r.err)")
        // The same pages computed from the stored definitions, without the stored figures.
        let store = try MotionStore(path: ws.db)
        var entries: [HTMLReport.Entry] = []
        for row in try store.inventory() {
            let stored = try #require(try store.animation(screen: row.screen, id: row.id))
            let animation = ResolvedAnimation(
                screen: stored.screen, spec: stored.spec, source: ReportCommand.relative(stored.source, to: ws.folder.path))
            var entry = try HTMLReport.entry(animation, revision: stored.revision)
            entry.place = row.place.map { "\(animation.source):\($0.line):\($0.column)" }
            entries.append(entry)
        }
        let files = HTMLReport.files(entries, profile: .appleTouch)
        #expect(files.count > 1)
        for file in files {
            let written = try String(contentsOfFile: out + "/" + file.name, encoding: .utf8)
            #expect(written == file.text, "\(file.name)")
        }
        // The stored analysis is what is listed: peaks removed by hand leave the pages.
        try execute(ws.db, "UPDATE figure_details SET analysis = replace(analysis, '\"peaks\":[{', '\"peaks\":[],\"unused\":[{')")
        let tampered = ws.folder.appendingPathComponent("report-tampered").path
        #expect(ws.run("report", "--out", tampered).code == 0)
        let before = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        let pages = files.filter { $0.name != "index.html" }
        let changed = try pages.filter { try String(contentsOfFile: tampered + "/" + $0.name, encoding: .utf8) != $0.text }
        #expect(!changed.isEmpty, "a page shows the stored peaks")
        #expect(!before.isEmpty)
    }

    @Test(
        "inventory's JSON and CSV, written as bytes in pieces, are byte for byte what JSONWriter and CSV.field make of the same rows (escapes, non-ASCII, nulls, estimates, 3,000 rows over many pieces)"
    )
    func inventoryJSONBytes() throws {
        let awkward = ["plain", "quote \" and \\ backslash", "tab\tnew\nline\u{01}", "naïve – ünïcödé 🎉", "", "/abs/path/Feed.json"]
        var rows: [InventoryRow] = [], figures: [InventoryCommand.Figures] = []
        for k in 0..<3000 {
            let pick = { (n: Int) in awkward[(k + n) % awkward.count] }
            rows.append(
                InventoryRow(
                    screen: "Screen\(k % 7) " + pick(0), id: "id-\(k)" + pick(1), kind: k % 2 == 0 ? "keyframes" : "phases", trigger: pick(2),
                    component: k % 3 == 0 ? nil : pick(3), reduceMotion: k % 5 == 0 ? nil : pick(4), duration: Double(k) * 0.0137 + 1e-9,
                    repeating: k % 4 == 0, revision: k % 9 + 1, source: "/work/app/" + pick(5),
                    estimated: k % 8 == 0 ? "model: " + pick(2) : nil))
            if k % 3 != 1 { rows[k].place = SourcePlace(line: k + 1, column: k % 40 + 1) }
            if k % 5 != 2 { rows[k].codeHaptics = k % 3 }
            if k % 4 == 1 { rows[k].alsoOn = Array(["Profile", pick(0), "Search, \"x\""].prefix(k % 3 + 1)) }
            if k % 10 == 3 { rows[k].origin = "code" }
            if k % 10 == 3, k > 0 {
                rows[k].link = InventoryLink(state: .paired, with: [InventoryLink.Other(rows[k - 1])])
                rows[k - 1].link = InventoryLink(state: .paired, with: [InventoryLink.Other(rows[k])])
            }
            if k % 11 == 5, k > 1 {
                rows[k].link = InventoryLink(state: .ambiguous, with: [InventoryLink.Other(rows[k - 1]), InventoryLink.Other(rows[k - 2])])
            }
            figures.append(InventoryCommand.Figures(peaks: k % 6, holds: k % 3, hapticEvents: k % 4, budget: [.pass, .warn, .fail][k % 3]))
        }
        // Where a linked row's other side is written, as JSON and CSV give it.
        func relative(_ path: String) -> String { path.hasPrefix("/work/app/") ? String(path.dropFirst("/work/app/".count)) : path }
        func located(_ path: String, _ place: SourcePlace?) -> String { place.map { "\(relative(path)):\($0.line):\($0.column)" } ?? relative(path) }
        func link(_ r: InventoryRow) -> JSONValue {
            guard let link = r.link else { return .null }
            return .object(
                JSONObject([
                    ("state", .string(link.state.rawValue)),
                    (
                        "with",
                        .array(
                            link.with.map {
                                .object(
                                    JSONObject([
                                        ("screen", .string($0.screen)), ("id", .string($0.id)), ("origin", .string($0.origin)),
                                        ("source", .string(located($0.source, $0.place))),
                                    ]))
                            })
                    ),
                ]))
        }
        func linkState(_ r: InventoryRow) -> String { r.link?.state.rawValue ?? "" }
        func linkedWith(_ r: InventoryRow) -> String { (r.link?.with ?? []).map { "\($0.screen)/\($0.id)" }.joined(separator: ";") }
        func linkedSources(_ r: InventoryRow) -> String { (r.link?.with ?? []).map { located($0.source, $0.place) }.joined(separator: ";") }
        let expected = JSONWriter().string(
            .array(
                zip(rows, figures).map { r, f in
                    .object(
                        JSONObject([
                            ("screen", .string(r.screen)), ("id", .string(r.id)), ("kind", .string(r.kind)), ("trigger", .string(r.trigger)),
                            ("duration", .number(TimelineTable.rounded(r.duration))), ("peaks", .number(Double(f.peaks))),
                            ("holds", .number(Double(f.holds))),
                            ("hapticEvents", .number(Double(f.hapticEvents))), ("budget", .string(f.budget.rawValue)),
                            ("source", .string(r.source.hasPrefix("/work/app/") ? String(r.source.dropFirst("/work/app/".count)) : r.source)),
                            ("component", r.component.map(JSONValue.string) ?? .null),
                            ("reduceMotion", r.reduceMotion.map(JSONValue.string) ?? .null),
                            ("repeating", .bool(r.repeating)), ("revision", .number(Double(r.revision))),
                            ("estimated", r.estimated.map(JSONValue.string) ?? .null),
                            ("line", r.place.map { .number(Double($0.line)) } ?? .null),
                            ("column", r.place.map { .number(Double($0.column)) } ?? .null),
                            ("codeHaptics", r.codeHaptics.map { .number(Double($0)) } ?? .null),
                            ("alsoOn", .array(r.alsoOn.map(JSONValue.string))),
                            ("origin", .string(r.origin)), ("link", link(r)),
                        ]))
                }))
        var pieces = 0
        var written = ""
        InventoryCommand.render(rows, figures: figures, format: .json, relativeTo: "/work/app") {
            written += $0
            pieces += 1
        }
        #expect(written == expected)
        #expect(pieces > 1, "a large inventory goes out in pieces")
        #expect(InventoryCommand.render([], figures: [], format: .json, relativeTo: "/") == JSONWriter().string(.array([])))
        // CSV likewise: each field as CSV.field writes it.
        var csv =
            "screen,id,kind,trigger,duration,peaks,holds,hapticEvents,budget,source,component,reduceMotion,repeating,revision,estimated,line,column,codeHaptics,alsoOn,origin,link,linkedWith,linkedSources\n"
        for (r, f) in zip(rows, figures) {
            let source = r.source.hasPrefix("/work/app/") ? String(r.source.dropFirst("/work/app/".count)) : r.source
            csv +=
                [
                    r.screen, r.id, r.kind, r.trigger, TimelineTable.number(r.duration), "\(f.peaks)", "\(f.holds)", "\(f.hapticEvents)",
                    f.budget.rawValue,
                    source, r.component ?? "", r.reduceMotion ?? "", r.repeating ? "true" : "false", "\(r.revision)", r.estimated ?? "",
                    r.place.map { "\($0.line)" } ?? "", r.place.map { "\($0.column)" } ?? "", r.codeHaptics.map(String.init) ?? "",
                    r.alsoOn.joined(separator: ";"), r.origin, linkState(r), linkedWith(r), linkedSources(r),
                ].map(CSV.field).joined(separator: ",") + "\n"
        }
        #expect(InventoryCommand.render(rows, figures: figures, format: .csv, relativeTo: "/work/app") == csv)
    }
}
