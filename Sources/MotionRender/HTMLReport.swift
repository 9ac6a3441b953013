import MotionBudget
import MotionCore
import MotionHaptics
import MotionPipeline

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
        /// Why the timeline is an estimate (one reason a line), nil when exact: its duration is
        /// shown with `~`, as the inventory shows it.
        public var estimated: String? = nil
        /// Where it is written (`path:line:column`), shown as its source; nil: the path alone.
        public var place: String? = nil
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

        /// - Parameters:
        ///   - analysis: the animation's analysis (peaks, holds, written holds).
        ///   - plan: its haptic plan.
        ///   - results: the verdicts under the report's profile, or nil to evaluate them.
        public init(analysis: MotionAnalysis, plan: HapticPlan, results: [BudgetResult]?) {
            self.analysis = analysis
            self.plan = plan
            self.results = results
        }
    }

    /// `animation`'s figures, verdicts and plot: computed, or the `stored` ones (the plot's curve
    /// is always sampled from the timeline).
    /// - Throws: `CLIError.rejected` when the core refuses the animation.
    public static func entry(
        _ animation: ResolvedAnimation, revision: Int? = nil, profile: BudgetProfile = .appleTouch, options: AnalysisOptions = .standard,
        stored: Precomputed? = nil, estimated: String? = nil
    ) throws -> Entry {
        let timeline: any MotionTimeline, analysis: MotionAnalysis, plan: HapticPlan
        if let stored {
            timeline = try AnimationFigures.timeline(of: animation)
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
        let svg = SVGPlot.element(
            timeline: timeline, analysis: analysis, plan: plan, budget: lines, title: "\(animation.screen)/\(animation.spec.id)")
        return Entry(animation: animation, revision: revision, analysis: analysis, plan: plan, results: results, svg: svg, estimated: estimated)
    }

    /// The page file name of a screen (never `index.html`, never outside the folder).
    public static func pageName(screen: String) -> String {
        SafeFileName.make(screen: "screen", id: screen, extension: "html")
    }

    /// The page file names of `screens`, taken in name order: a name that differs from an
    /// earlier one only in case gets a hash (`SafeFileName.make(…taken:)`), so no two pages share
    /// a file on a case-insensitive disk. A screen alone keeps `pageName(screen:)`.
    public static func pageNames(_ screens: [String]) -> [String: String] {
        var taken: Set<String> = ["index.html"]
        var names: [String: String] = [:]
        for screen in screens.sorted() where names[screen] == nil {
            names[screen] = SafeFileName.make(screen: "screen", id: screen, extension: "html", taken: &taken)
        }
        return names
    }

    /// index.html and one page per screen (screens in name order); `unpaired` are the haptics
    /// fired on a state nothing animates on, listed on their screen's page as `budget` lists them.
    public static func files(_ entries: [Entry], profile: BudgetProfile, unpaired: [UnpairedFeedback] = []) -> [File] {
        let screens = Dictionary(grouping: entries, by: \.screen)
        let names = screens.keys.sorted()
        let pages = pageNames(names)
        var files = [File(name: "index.html", text: index(names.map { ($0, screens[$0]!) }, profile: profile, pages: pages))]
        for name in names {
            let text = page(screen: name, entries: screens[name]!, profile: profile, unpaired: unpaired.filter { $0.screen == name })
            files.append(File(name: pages[name] ?? pageName(screen: name), text: text))
        }
        return files
    }

    public static let style = """
        body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px auto;max-width:1000px;color:#222;line-height:1.4}
        h1{font-size:22px}h2{font-size:18px;margin-top:36px;border-top:1px solid #ddd;padding-top:16px}h3{font-size:14px;margin:16px 0 6px}
        table{border-collapse:collapse;font-size:13px;margin:4px 0 8px}th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
        th{background:#f4f4f4}td.num{text-align:right;font-variant-numeric:tabular-nums}
        .verdict{display:inline-block;padding:1px 8px;border-radius:9px;font-size:12px;font-weight:bold;color:#fff}
        .pass{background:#2e7d32}.warn{background:#e67e00}.fail{background:#c62828}
        .meta{color:#555;font-size:13px}.plot svg{max-width:100%;height:auto;border:1px solid #eee}
        .notflat{color:#c62828}td.advice{background:#fff8e1}
        """

    public static func head(_ title: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(e(title))</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n"
    }

    public static let foot = "</body>\n</html>\n"

    public static func badge(_ v: BudgetVerdict) -> String { "<span class=\"verdict \(v.rawValue)\">\(v.rawValue)</span>" }

    public static func e(_ text: String) -> String { SVGPlot.escape(text) }

    public static func table(_ header: [String], _ rows: [[String]], numeric: Set<Int> = []) -> String {
        var out = "<table>\n<tr>" + header.map { "<th>\(e($0))</th>" }.joined() + "</tr>\n"
        for row in rows {
            out +=
                "<tr>"
                + row.enumerated().map { numeric.contains($0.offset) ? "<td class=\"num\">\(e($0.element))</td>" : "<td>\(e($0.element))</td>" }
                .joined() + "</tr>\n"
        }
        return out + "</table>\n"
    }

    /// The index: every screen with its number of animations and verdicts.
    public static func index(_ screens: [(name: String, entries: [Entry])], profile: BudgetProfile, pages: [String: String]? = nil) -> String {
        let pages = pages ?? pageNames(screens.map(\.name))
        var out = head("motionsync report")
        out += "<h1>motionsync report</h1>\n"
        let total = screens.reduce(0) { $0 + $1.entries.count }
        out +=
            "<p class=\"meta\">\(screens.count) screen\(screens.count == 1 ? "" : "s"), \(total) animation\(total == 1 ? "" : "s"); budget profile \(e(profile.name))</p>\n"
        out += "<table>\n<tr><th>screen</th><th>animations</th><th>verdict</th><th>pass</th><th>warn</th><th>fail</th></tr>\n"
        for screen in screens {
            let verdicts = screen.entries.map(\.verdict)
            let worst = verdicts.max() ?? .pass
            out +=
                "<tr><td><a href=\"\(e(pages[screen.name] ?? pageName(screen: screen.name)))\">\(e(screen.name))</a></td><td class=\"num\">\(screen.entries.count)</td><td>\(badge(worst))</td>"
            out += BudgetVerdict.allCases.map { v in "<td class=\"num\">\(verdicts.filter { $0 == v }.count)</td>" }.joined() + "</tr>\n"
        }
        out += "</table>\n"
        return out + foot
    }

    /// One screen's page: a section per animation, then the haptics without motion.
    public static func page(screen: String, entries: [Entry], profile: BudgetProfile, unpaired: [UnpairedFeedback] = []) -> String {
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
        if !unpaired.isEmpty {
            out += "<h2>Haptics without motion (fired on a state nothing animates on)</h2>\n"
            out += table(["source", "screen", "feedback", "trigger"], unpaired.map { ["\($0.file):\($0.line)", $0.screen, $0.kind, $0.trigger] })
        }
        return out + foot
    }

    public static func section(_ entry: Entry, number: Int, profile: BudgetProfile) -> String {
        var out = "<section id=\"animation-\(number)\">\n"
        out += heading(entry)
        out += figures(entry)
        out += findings(entry.analysis)
        out += hapticEvents(entry.plan)
        out += budget(entry, profile: profile)
        return out + "</section>\n"
    }

    /// The animation's name and verdict, what it is and where it comes from, its notes and its plot.
    static func heading(_ entry: Entry) -> String {
        let spec = entry.animation.spec
        var out = "<h2>\(e("\(entry.screen)/\(entry.id)")) \(badge(entry.verdict))</h2>\n"
        var meta = ["kind \(spec.kind)", "trigger \(spec.trigger)", "source \(entry.place ?? entry.animation.source)"]
        if let component = spec.component { meta.append("component \(component)") }
        if let revision = entry.revision { meta.append("revision \(revision)") }
        if let reduce = spec.reduceMotion { meta.append("reduce motion \(reduce)") }
        out += "<p class=\"meta\">\(e(meta.joined(separator: " · ")))</p>\n"
        if let notes = spec.notes, !notes.isEmpty { out += "<p>\(e(notes))</p>\n" }
        out += "<div class=\"plot\">\n\(entry.svg)</div>\n"
        return out
    }

    /// The one-row summary: duration, rest, how many peaks, holds and haptic events.
    static func figures(_ entry: Entry) -> String {
        let a = entry.analysis
        var out = "<h3>Figures</h3>\n"
        let transients = entry.plan.pattern.events.filter { $0.kind == .transient }.count
        if let estimated = entry.estimated {
            out += "<p class=\"meta\">\(e("~ estimated: " + estimated.split(separator: "\n").joined(separator: "; ")))</p>\n"
        }
        out += table(
            ["duration", "at rest from", "peaks", "holds", "written holds not flat", "haptic events"],
            [
                [
                    durationText(entry),
                    a.isRepeating ? "loops" : DurationText.milliseconds(AnimationFacts.restTime(a, duration: a.duration, repeating: false)),
                    // Holds between movements, as the inventory counts them; the table below lists all.
                    "\(a.peaks.count)", "\(a.holds.filter { $0.position == .interior }.count)",
                    "\(a.writtenHolds.filter { !$0.isFlat }.count) of \(a.writtenHolds.count)",
                    "\(entry.plan.planned.count) (\(transients) transient, \(entry.plan.planned.count - transients) continuous)",
                ]
            ])
        return out
    }

    /// The analysis's peaks and holds as tables, and each written hold: flat, or where it is not.
    static func findings(_ a: MotionAnalysis) -> String {
        var out = "<h3>Peaks</h3>\n"
        out +=
            a.peaks.isEmpty
            ? "<p>none</p>\n"
            : table(
                ["property", "time", "value", "kind", "prominence"],
                a.peaks.map {
                    [$0.property, FigureText.ms($0.time), FigureText.number($0.value), $0.kind.rawValue, FigureText.number($0.prominence)]
                }, numeric: [1, 2, 4])
        out += "<h3>Holds</h3>\n"
        out +=
            a.holds.isEmpty
            ? "<p>none</p>\n"
            : table(
                ["property", "start", "end", "value", "where"],
                a.holds.map {
                    [
                        $0.property, FigureText.ms($0.start), FigureText.ms($0.end), FigureText.number($0.value),
                        $0.position == .interior ? "between movements" : $0.position.rawValue,
                    ]
                }, numeric: [1, 2, 3])
        if !a.writtenHolds.isEmpty {
            out += "<h3>Written holds</h3>\n<ul>\n"
            for c in a.writtenHolds {
                let place =
                    "\(c.property) \(c.written.origin), \(FigureText.ms(c.written.start))–\(FigureText.ms(c.written.end)) at \(FigureText.number(c.written.value))"
                out +=
                    c.isFlat
                    ? "<li>\(e(place)): flat (within \(e(FigureText.number(c.deviation))))</li>\n"
                    : "<li class=\"notflat\">\(e("\(place): NOT flat, reaches \(FigureText.number(c.deviationValue)) at \(FigureText.ms(c.deviationTime))"))</li>\n"
            }
            out += "</ul>\n"
        }
        return out
    }

    /// The planned haptic events as a table, each with the moments of motion it is on.
    static func hapticEvents(_ plan: HapticPlan) -> String {
        "<h3>Haptic events</h3>\n"
            + (plan.planned.isEmpty
                ? "<p>none</p>\n"
                : table(
                    ["type", "time", "duration", "intensity", "sharpness", "on"],
                    plan.planned.map { p in
                        [
                            p.event.kind.rawValue, FigureText.ms(p.event.time), p.event.kind == .continuous ? FigureText.ms(p.event.duration) : "",
                            FigureText.number(p.event.intensity), FigureText.number(p.event.sharpness),
                            p.moments.map { m in
                                [m.kind.rawValue, m.property].filter { !$0.isEmpty }.joined(separator: " ") + " at " + FigureText.ms(m.time)
                            }.joined(separator: "; "),
                        ]
                    }, numeric: [1, 2, 3, 4]))
    }

    /// The duration as the inventory writes it: whole ms, `~` before an estimate, ` loop` for a
    /// repeating animation's cycle.
    public static func durationText(_ entry: Entry) -> String {
        (entry.estimated == nil ? "" : "~") + DurationText.milliseconds(entry.analysis.duration) + (entry.analysis.isRepeating ? " loop" : "")
    }

    /// The budget table: each result as `budget` shows it (the same figure with its unit and
    /// decimals, the limit in words, the source with its addresses as links) and its advice.
    public static func budget(_ entry: Entry, profile: BudgetProfile) -> String {
        var out = "<h3>Budget (\(e(profile.name)))</h3>\n"
        guard !entry.results.isEmpty else { return out + "<p>no rule applies</p>\n" }
        let report = BudgetReport(profile: profile, animations: [(entry.screen, entry.id)], results: entry.results)
        out += "<table>\n<tr><th>rule</th><th>measured</th><th>verdict</th><th>limit</th><th>source</th></tr>\n"
        for r in entry.results {
            let rule = report.rule(of: r)
            let links = (rule?.references ?? []).map { "<br><a href=\"\(e($0))\">\(e($0))</a>" }.joined()
            out +=
                "<tr><td>\(e(r.rule + (r.variant == nil ? "" : " (reduce motion)")))</td><td class=\"num\">\(e(report.figure(r)))</td><td>\(badge(r.verdict))</td>"
            out += "<td>\(e(rule?.limitInWords ?? ""))</td><td>\(e(rule?.source ?? ""))\(links)</td></tr>\n"
            if let message = r.message { out += "<tr><td colspan=\"5\" class=\"advice\">advice: \(e(message))</td></tr>\n" }
        }
        return out + "</table>\n"
    }
}
