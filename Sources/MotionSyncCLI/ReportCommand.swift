import Foundation
import MotionBudget
import MotionCore
import MotionHaptics
import MotionStore

// MARK: - ReportCommand

/// `motionsync report --out DIR [--screen S] [--profile NAME|FILE]`.
public struct ReportCommand: Command {
    public static let name = "report"
    public static let summary = "write an HTML report per screen: plots, figures and budget verdicts with their sources"
    public static let help = """
    USAGE
      motionsync report --out DIR [--screen S] [--profile NAME|FILE] [analysis options]

    Writes a static HTML report of the live animations in the store into DIR: index.html lists
    the screens with their verdicts, and each screen gets one page (screen--NAME.html, with
    anything but letters, digits, '.', '_' and '-' replaced) holding, per animation, its plot
    (inline SVG: curves, peaks, holds, haptic events, budget lines), its figures (duration,
    peaks, holds, written holds, haptic events) and its budget verdicts with each rule's limit
    and source. Plain HTML with inline CSS, no scripts; nothing is written outside DIR. Pages
    are rewritten each run; other files in DIR are left alone.

    OPTIONS
      --out DIR    the folder (created when missing)
      --screen S   only this screen
      --profile P  the budget profile: apple-touch (default), material3 or a JSON profile file
    \(AnalysisFlags.help)

    EXAMPLES
      motionsync report --out report/
      motionsync report --screen Feed --out report/ --profile material3
    """

    let out: String
    let screen: String?
    let profileName: String?
    let options: AnalysisOptions
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        guard let out = try arguments.option("out") else { throw CLIError.usage("--out DIR is required", hint: "write motionsync report --out report/") }
        guard !out.isEmpty else { throw CLIError.usage("--out needs a folder", hint: "write motionsync report --out report/") }
        self.out = out
        screen = try arguments.option("screen")
        profileName = try arguments.option("profile")
        options = try AnalysisFlags.parse(&arguments)
        try arguments.finish()
    }

    public func run(io: CommandIO) throws -> Int32 {
        let profile = try BudgetCommand.profile(profileName, cwd: io.currentDirectory)
        var store = try StoreAccess.open(globals, io: io)
        try ScreenScope.check(screen, in: store)
        // With the standard analysis options the figures stored at import are drawn and listed
        // (brought up to date first when an older analysis made them and the store can be
        // written); the verdicts too under a built-in profile. Other options compute.
        var details: [String: (analysis: String, plan: String, budget: String)] = [:]
        if options == .standard {
            let current: Bool
            (store, current) = try StoredFigures.upToDate(store, screen: screen, globals: globals, io: io)
            if current { details = (try? store.storedDetails(screen: screen, version: StoredFigures.analysisVersion)) ?? [:] }
        }
        let builtIn = BudgetProfile.named(profile.name) == profile
        var entries: [HTMLReport.Entry] = []
        do {
            let rows = try store.inventory(InventoryFilter(screen: screen))
            if rows.isEmpty {
                throw CLIError.rejected(what: "nothing to report", place: store.path, why: screen.map { "no live animation on screen \($0)" } ?? "the store is empty; import specs first")
            }
            for row in rows {
                guard let stored = try store.animation(screen: row.screen, id: row.id) else { continue }
                let animation = ResolvedAnimation(screen: stored.screen, spec: stored.spec, source: Self.relative(stored.source, to: io.currentDirectory))
                var figures: HTMLReport.Precomputed?
                if let d = details[row.screen + "/" + row.id], let analysis = StoredFigures.analysis(from: d.analysis), let plan = StoredFigures.plan(from: d.plan) {
                    let results = builtIn ? StoredFigures.results(from: d.budget, profile: profile.name, screen: row.screen, id: row.id) : nil
                    figures = HTMLReport.Precomputed(analysis: analysis, plan: plan, results: results)
                }
                entries.append(try HTMLReport.entry(animation, revision: stored.revision, profile: profile, options: options, stored: figures))
            }
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }

        let folder = URL(fileURLWithPath: io.resolve(path: out)).standardizedFileURL
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw CLIError.rejected(what: "cannot create the folder", place: out, why: error.localizedDescription)
        }
        let files = HTMLReport.files(entries, profile: profile)
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            guard !file.name.contains("/"), url.deletingLastPathComponent().standardizedFileURL.path == folder.path else {
                throw CLIError.rejected(what: "cannot write", place: file.name, why: "the name would leave \(out)")
            }
            do { try Data(file.text.utf8).write(to: url, options: .atomic) } catch {
                throw CLIError.rejected(what: "cannot write", place: url.path, why: error.localizedDescription)
            }
            io.note("wrote \((out as NSString).appendingPathComponent(file.name))")
        }
        let screens = files.count - 1
        io.line("\(screens) screen\(screens == 1 ? "" : "s"), \(entries.count) animation\(entries.count == 1 ? "" : "s"): index.html and \(screens) page\(screens == 1 ? "" : "s")")
        return 0
    }

    /// `path` relative to `directory` when inside it.
    static func relative(_ path: String, to directory: String) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}

// MARK: - HTMLReport

/// The report's pages as text: pure functions of the animations' figures, so tests reach them
/// without a store. Every text from a spec is escaped; links and ids are made by motionsync.
public enum HTMLReport {
    /// One animation with everything its section shows.
    public struct Entry {
        public let animation: ResolvedAnimation
        public let revision: Int?
        public let analysis: MotionAnalysis
        public let plan: HapticPlan
        public let results: [BudgetResult]
        /// The `svg` element.
        public let svg: String
        public var screen: String { animation.screen }
        public var id: String { animation.spec.id }
        public var verdict: BudgetVerdict { BudgetEvaluator.overall(results) }
    }

    /// A file of the report: its name inside the folder and its text.
    public struct File: Equatable {
        public let name: String
        public let text: String
    }

    /// Figures stored at import (`StoredFigures`), used instead of computing them; `results` nil
    /// when the profile is not one whose verdicts are stored.
    public struct Precomputed {
        public let analysis: MotionAnalysis
        public let plan: HapticPlan
        public let results: [BudgetResult]?
    }

    /// `animation`'s figures, verdicts and plot: computed, or the `stored` ones (the plot's curve
    /// is always sampled from the timeline).
    /// - Throws: `CLIError.rejected` when the core refuses the animation.
    public static func entry(_ animation: ResolvedAnimation, revision: Int? = nil, profile: BudgetProfile = .appleTouch, options: AnalysisOptions = .standard,
                             stored: Precomputed? = nil) throws -> Entry {
        let timeline: any MotionTimeline, analysis: MotionAnalysis, plan: HapticPlan
        if let stored {
            timeline = try SampleCommand.timeline(of: animation)
            analysis = stored.analysis
            plan = stored.plan
        } else {
            let figures = try AnimationFigures(animation, options: options)
            (timeline, analysis, plan) = (figures.timeline, figures.analysis, figures.plan(for: animation))
        }
        let results: [BudgetResult]
        if let storedResults = stored?.results {
            results = storedResults
        } else {
            do { results = try BudgetEvaluator(profile: profile, options: options).evaluate(animation.spec, screen: animation.screen) } catch {
                throw CLIError.rejected(what: "cannot build the timeline", place: "\(animation.screen)/\(animation.spec.id)", why: "\(error)")
            }
        }
        let lines = SVGPlot.budgetLines(for: animation.spec, screen: animation.screen, timeline: timeline, profile: profile, options: options)
        let svg = SVGPlot.element(timeline: timeline, analysis: analysis, plan: plan, budget: lines, title: "\(animation.screen)/\(animation.spec.id)")
        return Entry(animation: animation, revision: revision, analysis: analysis, plan: plan, results: results, svg: svg)
    }

    /// The page file name of a screen (never `index.html`, never outside the folder).
    public static func pageName(screen: String) -> String {
        SafeFileName.make(screen: "screen", id: screen, extension: "html")
    }

    /// index.html and one page per screen (screens in name order).
    public static func files(_ entries: [Entry], profile: BudgetProfile) -> [File] {
        let screens = Dictionary(grouping: entries, by: \.screen)
        let names = screens.keys.sorted()
        var files = [File(name: "index.html", text: index(names.map { ($0, screens[$0]!) }, profile: profile))]
        for name in names {
            files.append(File(name: pageName(screen: name), text: page(screen: name, entries: screens[name]!, profile: profile)))
        }
        return files
    }

    static let style = """
    body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px auto;max-width:1000px;color:#222;line-height:1.4}
    h1{font-size:22px}h2{font-size:18px;margin-top:36px;border-top:1px solid #ddd;padding-top:16px}h3{font-size:14px;margin:16px 0 6px}
    table{border-collapse:collapse;font-size:13px;margin:4px 0 8px}th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
    th{background:#f4f4f4}td.num{text-align:right;font-variant-numeric:tabular-nums}
    .verdict{display:inline-block;padding:1px 8px;border-radius:9px;font-size:12px;font-weight:bold;color:#fff}
    .pass{background:#2e7d32}.warn{background:#e67e00}.fail{background:#c62828}
    .meta{color:#555;font-size:13px}.plot svg{max-width:100%;height:auto;border:1px solid #eee}
    .notflat{color:#c62828}
    """

    static func head(_ title: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(e(title))</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n"
    }

    static let foot = "</body>\n</html>\n"

    static func badge(_ v: BudgetVerdict) -> String { "<span class=\"verdict \(v.rawValue)\">\(v.rawValue)</span>" }

    static func e(_ text: String) -> String { SVGPlot.escape(text) }

    static func table(_ header: [String], _ rows: [[String]], numeric: Set<Int> = []) -> String {
        var out = "<table>\n<tr>" + header.map { "<th>\(e($0))</th>" }.joined() + "</tr>\n"
        for row in rows {
            out += "<tr>" + row.enumerated().map { numeric.contains($0.offset) ? "<td class=\"num\">\(e($0.element))</td>" : "<td>\(e($0.element))</td>" }.joined() + "</tr>\n"
        }
        return out + "</table>\n"
    }

    /// The index: every screen with its number of animations and verdicts.
    public static func index(_ screens: [(name: String, entries: [Entry])], profile: BudgetProfile) -> String {
        var out = head("motionsync report")
        out += "<h1>motionsync report</h1>\n"
        let total = screens.reduce(0) { $0 + $1.entries.count }
        out += "<p class=\"meta\">\(screens.count) screen\(screens.count == 1 ? "" : "s"), \(total) animation\(total == 1 ? "" : "s"); budget profile \(e(profile.name))</p>\n"
        out += "<table>\n<tr><th>screen</th><th>animations</th><th>verdict</th><th>pass</th><th>warn</th><th>fail</th></tr>\n"
        for screen in screens {
            let verdicts = screen.entries.map(\.verdict)
            let worst = verdicts.max() ?? .pass
            out += "<tr><td><a href=\"\(e(pageName(screen: screen.name)))\">\(e(screen.name))</a></td><td class=\"num\">\(screen.entries.count)</td><td>\(badge(worst))</td>"
            out += BudgetVerdict.allCases.map { v in "<td class=\"num\">\(verdicts.filter { $0 == v }.count)</td>" }.joined() + "</tr>\n"
        }
        out += "</table>\n"
        return out + foot
    }

    /// One screen's page: a section per animation.
    public static func page(screen: String, entries: [Entry], profile: BudgetProfile) -> String {
        var out = head("\(screen): motionsync report")
        out += "<p><a href=\"index.html\">All screens</a></p>\n"
        out += "<h1>\(e(screen))</h1>\n"
        out += "<p class=\"meta\">\(entries.count) animation\(entries.count == 1 ? "" : "s"); budget profile \(e(profile.name))</p>\n"
        out += "<ul>\n"
        for (k, entry) in entries.enumerated() {
            out += "<li><a href=\"#animation-\(k + 1)\">\(e(entry.id))</a> \(badge(entry.verdict))</li>\n"
        }
        out += "</ul>\n"
        for (k, entry) in entries.enumerated() { out += section(entry, number: k + 1, profile: profile) }
        return out + foot
    }

    static func section(_ entry: Entry, number: Int, profile: BudgetProfile) -> String {
        let a = entry.analysis
        let spec = entry.animation.spec
        var out = "<section id=\"animation-\(number)\">\n"
        out += "<h2>\(e("\(entry.screen)/\(entry.id)")) \(badge(entry.verdict))</h2>\n"
        var meta = ["kind \(spec.kind)", "trigger \(spec.trigger)", "source \(entry.animation.source)"]
        if let component = spec.component { meta.append("component \(component)") }
        if let revision = entry.revision { meta.append("revision \(revision)") }
        if let reduce = spec.reduceMotion { meta.append("reduce motion \(reduce)") }
        out += "<p class=\"meta\">\(e(meta.joined(separator: " · ")))</p>\n"
        if let notes = spec.notes, !notes.isEmpty { out += "<p>\(e(notes))</p>\n" }
        out += "<div class=\"plot\">\n\(entry.svg)</div>\n"

        out += "<h3>Figures</h3>\n"
        let transients = entry.plan.pattern.events.filter { $0.kind == .transient }.count
        out += table(["duration", "peaks", "holds", "written holds not flat", "haptic events"], [[
            PeaksCommand.ms(a.duration) + (a.isRepeating ? " per cycle (looping)" : ""), "\(a.peaks.count)", "\(a.holds.count)",
            "\(a.writtenHolds.filter { !$0.isFlat }.count) of \(a.writtenHolds.count)",
            "\(entry.plan.planned.count) (\(transients) transient, \(entry.plan.planned.count - transients) continuous)",
        ]])

        out += "<h3>Peaks</h3>\n"
        out += a.peaks.isEmpty ? "<p>none</p>\n" : table(["property", "time", "value", "kind", "prominence"], a.peaks.map {
            [$0.property, PeaksCommand.ms($0.time), PeaksCommand.number($0.value), $0.kind.rawValue, PeaksCommand.number($0.prominence)]
        }, numeric: [1, 2, 4])
        out += "<h3>Holds</h3>\n"
        out += a.holds.isEmpty ? "<p>none</p>\n" : table(["property", "start", "end", "value", "where"], a.holds.map {
            [$0.property, PeaksCommand.ms($0.start), PeaksCommand.ms($0.end), PeaksCommand.number($0.value), $0.position == .interior ? "between movements" : $0.position.rawValue]
        }, numeric: [1, 2, 3])
        if !a.writtenHolds.isEmpty {
            out += "<h3>Written holds</h3>\n<ul>\n"
            for c in a.writtenHolds {
                let place = "\(c.property) \(c.written.origin), \(PeaksCommand.ms(c.written.start))–\(PeaksCommand.ms(c.written.end)) at \(PeaksCommand.number(c.written.value))"
                out += c.isFlat ? "<li>\(e(place)): flat (within \(e(PeaksCommand.number(c.deviation))))</li>\n"
                    : "<li class=\"notflat\">\(e("\(place): NOT flat, reaches \(PeaksCommand.number(c.deviationValue)) at \(PeaksCommand.ms(c.deviationTime))"))</li>\n"
            }
            out += "</ul>\n"
        }
        out += "<h3>Haptic events</h3>\n"
        out += entry.plan.planned.isEmpty ? "<p>none</p>\n" : table(["type", "time", "duration", "intensity", "sharpness", "on"], entry.plan.planned.map { p in
            [p.event.kind.rawValue, PeaksCommand.ms(p.event.time), p.event.kind == .continuous ? PeaksCommand.ms(p.event.duration) : "",
             PeaksCommand.number(p.event.intensity), PeaksCommand.number(p.event.sharpness),
             p.moments.map { m in [m.kind.rawValue, m.property].filter { !$0.isEmpty }.joined(separator: " ") + " at " + PeaksCommand.ms(m.time) }.joined(separator: "; ")]
        }, numeric: [1, 2, 3, 4])

        out += "<h3>Budget (\(e(profile.name)))</h3>\n"
        if entry.results.isEmpty {
            out += "<p>no rule applies</p>\n"
        } else {
            out += "<table>\n<tr><th>rule</th><th>measured</th><th>verdict</th><th>limit</th><th>source</th></tr>\n"
            for r in entry.results {
                let rule = profile.rules.first { $0.id == r.rule }
                var value = BudgetReport.value(r, unit: rule?.metric.unit ?? "")
                if value.hasPrefix("-0 ") { value.removeFirst() }  // a lead of -0.0 s is none
                out += "<tr><td>\(e(r.rule + (r.variant == nil ? "" : " (reduce motion)")))</td><td class=\"num\">\(e(value))</td><td>\(badge(r.verdict))</td>"
                out += "<td>\(e(rule?.limitText ?? ""))</td><td>\(e(rule?.source ?? ""))</td></tr>\n"
            }
            out += "</table>\n"
        }
        return out + "</section>\n"
    }
}
