import MotionBudget
import MotionCore
import MotionJSON
import MotionStore

// MARK: - BudgetReport

/// The budget results of some animations under one profile, in table or JSON form.
public struct BudgetReport {
    public let profile: BudgetProfile
    public let animations: [(screen: String, id: String)]
    public let results: [BudgetResult]
    /// Haptics fired on states nothing animates on (listed; no verdict).
    public var unpairedFeedback: [UnpairedFeedback] = []

    /// The results of each animation ("SCREEN\0ID"), grouped once: O(1) per animation after, so a
    /// report over 20,000 animations is linear, not quadratic.
    private let byAnimation: [String: [BudgetResult]]

    public init(
        profile: BudgetProfile, animations: [(screen: String, id: String)], results: [BudgetResult], unpairedFeedback: [UnpairedFeedback] = []
    ) {
        self.profile = profile
        self.animations = animations
        self.results = results
        self.unpairedFeedback = unpairedFeedback
        byAnimation = Dictionary(grouping: results) { $0.screen + "\u{0}" + $0.id }
    }

    /// The results of one animation, in their order.
    public func results(screen: String, id: String) -> [BudgetResult] { byAnimation[screen + "\u{0}" + id] ?? [] }

    public func verdict(screen: String, id: String) -> BudgetVerdict {
        BudgetEvaluator.overall(results(screen: screen, id: id))
    }

    /// A rule result's value in its unit's words (`580 ms`, `2 events`, `yes`), in whole units.
    public static func value(_ r: BudgetResult, unit: String) -> String {
        let v = r.value + 0 // no "-0"
        return switch unit {
        case "s": CFormat.string("%.0f ms", (v * 1000).rounded() + 0)
        case "ms": CFormat.string("%.0f ms", v.rounded() + 0)
        case "events": "\(Int(r.value)) event\(r.value == 1 ? "" : "s")"
        default: r.value == 0 ? "no" : "yes"
        }
    }

    /// The rule of a result (nil for a rule the profile does not have).
    public func rule(of r: BudgetResult) -> BudgetRule? { profile.rules.first { $0.id == r.rule } }

    /// A result's figure as every output shows it: the value with as many decimals as its verdict
    /// needs (`BudgetRule.shown`), and the settling time beside a time to rest where they differ
    /// (`428 ms (settles at 982 ms)`).
    public func figure(_ r: BudgetResult) -> String {
        guard let rule = rule(of: r) else { return Self.value(r, unit: "") }
        let settling = r.settling.map { " (settles at \(Int(($0 * 1000).rounded())) ms)" } ?? ""
        return rule.shown(r.value) + settling
    }

    /// A result as one finding: `tap-duration 428 ms (settles at 982 ms) warn`.
    public func finding(_ r: BudgetResult) -> String {
        "\(r.rule)\(r.variant == nil ? "" : " (reduce motion)") \(figure(r)) \(r.verdict.rawValue)"
    }

    /// The width the default table keeps to; `--wide` lifts it.
    public static let standardWidth = 100

    /// The results as text: each animation's verdict with the findings that missed, advice, and
    /// haptics without motion, wrapped to `width` columns (nil: nothing wrapped). The rules are
    /// `rulesTable(width:)`, printed on request.
    ///
    /// `places` (by `screen/id`: `path:line:column`) puts where each animation that does not pass
    /// is written on the line under it, so the finding can be opened.
    public func table(width: Int? = BudgetReport.standardWidth, places: [String: String] = [:]) -> String {
        var out = "PROFILE \(profile.name) (its rules, limits and sources: motionsync budget --rules)\n\nRESULTS\n"
        var rows: [[String]] = []
        for a in animations {
            let mine = results(screen: a.screen, id: a.id)
            let findings = mine.filter { $0.verdict != .pass }.map(finding)
            rows.append([
                "  \(a.screen)/\(a.id)", BudgetEvaluator.overall(mine).rawValue,
                findings.isEmpty ? "all \(mine.count) rules pass" : findings.joined(separator: "; "),
            ])
            // A row of one cell stands alone in a wrapped table (`render`); unwrapped, the others are empty.
            if !findings.isEmpty, let place = places["\(a.screen)/\(a.id)"] {
                // The path gives way first, from its start: the file name, line and column stay.
                let room = (width ?? Int.max) - 7
                let shown = place.count <= room ? place : "…" + String(place.suffix(max(20, room - 1)))
                rows.append(["    at \(shown)"] + (width == nil ? ["", ""] : []))
            }
        }
        out += Self.render(header: ["  ANIMATION", "VERDICT", "FINDINGS"], rows: rows, width: width)
        let advice = results.filter { $0.message != nil }
        if !advice.isEmpty {
            out += "\nADVICE\n"
            for r in advice {
                out += Self.wrap(
                    "\(TerminalText.escaped(r.screen))/\(TerminalText.escaped(r.id)) \(r.rule): \(r.message!)", width: width, indent: "  ",
                    hanging: "    ")
            }
        }
        if !unpairedFeedback.isEmpty {
            out += "\nHAPTICS WITHOUT MOTION (fired on a state nothing animates on)\n"
            let header = ["  SOURCE", "SCREEN", "FEEDBACK", "TRIGGER"]
            var rows = unpairedFeedback.map { ["  \($0.file):\($0.line)", $0.screen, $0.kind, $0.trigger] }
            if let width {
                // The path gives way first, from its start: the file name and line stay.
                let others = (1..<header.count).reduce(0) { sum, c in sum + 2 + ([header] + rows).map { TerminalText.escaped($0[c]).count }.max()! }
                let room = max(24, width - others)
                rows = rows.map { row in
                    let source = String(row[0].dropFirst(2))
                    return [source.count + 2 <= room ? row[0] : "  …" + String(source.suffix(room - 3))] + row.dropFirst()
                }
            }
            out += TextTable(header: header, rows: rows).render()
        }
        let verdicts = animations.map { verdict(screen: $0.screen, id: $0.id) }
        let counts = BudgetVerdict.allCases.map { v in "\(verdicts.filter { $0 == v }.count) \(v.rawValue)" }
        out += "\n\(animations.count) animation\(animations.count == 1 ? "" : "s"): \(counts.joined(separator: ", "))\n"
        return out
    }

    /// The results table at the standard width.
    public var table: String { table() }

    /// Every enabled rule: what it checks, its limit in words, its source and the addresses to
    /// read it at. Within `width`: one block per rule, wrapped; nil: one row per rule.
    public func rulesTable(width: Int? = BudgetReport.standardWidth) -> String {
        let rules = profile.rules.filter(\.enabled)
        var out = "PROFILE \(profile.name)\n\nRULES\n"
        guard let width else {
            return out
                + TextTable(
                    header: ["  ID", "CHECKS", "LIMIT", "SOURCE", "READ AT"],
                    rows: rules.map {
                        ["  " + $0.id, $0.summary, $0.limitInWords, $0.source, $0.references.joined(separator: " ")]
                    }
                ).render()
        }
        for rule in rules {
            out += Self.wrap("\(rule.id): \(rule.summary)", width: width, indent: "  ", hanging: "    ")
            out += Self.wrap("limit: \(rule.limitInWords)", width: width, indent: "    ", hanging: "      ")
            out += Self.wrap("source: \(rule.source)", width: width, indent: "    ", hanging: "      ")
            for address in rule.references { out += "      \(address)\n" }
        }
        return out
    }

    /// `text` as lines of at most `width` columns (nil: one line), broken at spaces: the first
    /// line starts with `indent`, the others with `hanging`. A word longer than a line stays whole.
    public static func wrap(_ text: String, width: Int?, indent: String, hanging: String) -> String {
        guard let width else { return indent + text + "\n" }
        var lines: [String] = []
        var line = indent
        var empty = true
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !empty, line.count + 1 + word.count > width {
                lines.append(line)
                line = hanging + word
            } else {
                line += (empty ? "" : " ") + word
            }
            empty = false
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The widest first cell kept beside the others within a width; a longer name gets a line of
    /// its own, its verdict and findings on the next, so one long name does not squeeze the
    /// findings of every row.
    static let widestName = 42

    /// `rows` as a table within `width` columns (nil: one line a row, as wide as it takes): the
    /// last column broken into continuation lines (`wrapLastColumn`), first cells longer than
    /// `widestName` alone on their line.
    static func render(header: [String], rows: [[String]], width: Int?) -> String {
        guard width != nil else { return TextTable(header: header, rows: rows).render() }
        // A long first cell becomes a row of its own (one cell), the rest of its row follows.
        let split = rows.flatMap { row -> [[String]] in
            guard row.count == header.count, let name = row.first, TerminalText.escaped(name).count > widestName else { return [row] }
            return [[name], [""] + row.dropFirst()]
        }
        let fitted = wrapLastColumn(split, header: header, width: width)
        // TextTable sizes its columns without them; their lines are put back as they are.
        var lines = TextTable(header: header, rows: fitted.map { $0.count == 1 ? Array(repeating: "", count: header.count) : $0 }).render()
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (k, row) in fitted.enumerated() where row.count == 1 { lines[k + 1] = TerminalText.escaped(row[0]) }
        return lines.joined(separator: "\n")
    }

    /// `rows` with their last cell broken at "; " into continuation rows (the other cells empty)
    /// so each line fits `width` columns, the other columns as wide as their widest cell; nil:
    /// unchanged. A cell that fits nowhere narrower is broken at spaces.
    static func wrapLastColumn(_ rows: [[String]], header: [String], width: Int?) -> [[String]] {
        guard let width, let last = header.indices.last else { return rows }
        // A first cell alone on its row (`render`) takes no column room.
        let lead = header.indices.dropLast().reduce(0) { sum, c in
            sum + 2 + ([header] + rows.filter { $0.count == header.count }).map { TerminalText.escaped($0[c]).count }.max()!
        }
        let room = max(30, width - lead)
        return rows.flatMap { row -> [[String]] in
            guard row.count == header.count else { return [row] }
            var pieces: [String] = []
            for part in row[last].components(separatedBy: "; ") {
                let candidate = pieces.last.map { $0 + "; " + part }
                if let candidate, TerminalText.escaped(candidate).count + 1 <= room {
                    pieces[pieces.count - 1] = candidate
                } else {
                    if !pieces.isEmpty { pieces[pieces.count - 1] += ";" }
                    pieces += wrap(part, width: room, indent: "", hanging: "  ").split(separator: "\n").map(String.init)
                }
            }
            return pieces.enumerated().map { k, piece in k == 0 ? Array(row.dropLast()) + [piece] : Array(repeating: "", count: last) + [piece] }
        }
    }

    /// SARIF 2.1.0: the profile's rules, and one result per rule result that is not a pass
    /// (fail → error, warn → warning), at the animation in its spec file. `sources` maps
    /// `SCREEN/ID` to the file it came from.
    public func sarif(sources: [String: String], locator: SpecLocator) -> SARIFLog {
        let rules = profile.rules.filter(\.enabled)
        var log = SARIFLog(
            rules: rules.map { r in
                SARIFLog.Rule(
                    id: r.id, summary: r.summary, full: "\(r.summary): \(r.limitInWords). Source: \(r.source)",
                    level: r.beyond == .fail ? .error : .warning, helpURI: r.url)
            })
        for r in results where r.verdict != .pass {
            let rule = rules.first { $0.id == r.rule }
            let value = figure(r)
            let message =
                "\(r.screen)/\(r.id)\(r.variant == nil ? "" : " (reduce motion)"): \(r.rule) \(r.verdict.rawValue), "
                + "\(rule?.summary ?? r.rule) is \(value); \(rule?.limitInWords ?? "")" + (r.message.map { ". \($0)" } ?? "")
            let location = sources["\(r.screen)/\(r.id)"].map { locator.location(path: $0, id: r.id) }
            log.results.append(SARIFLog.Result(ruleID: r.rule, level: r.verdict == .fail ? .error : .warning, message: message, location: location))
        }
        return log
    }

    /// JUnit XML: one test case per rule result (`classname` the animation); a fail is a
    /// failure (what --strict counts), a warning passes with the warning in its output.
    public var junit: JUnitReport { junit(sources: [:], locator: nil) }

    /// The JUnit report with each case at its animation's file and line (`sources` maps
    /// `SCREEN/ID` to its file; the locator finds the line in a spec or, from the store, in code).
    public func junit(sources: [String: String], locator: SpecLocator?) -> JUnitReport {
        JUnitReport(
            suite: "motionsync budget (\(profile.name))",
            cases: results.map { r in
                let text = "\(r.rule) \(figure(r)) \(r.verdict.rawValue)" + (r.message.map { ": \($0)" } ?? "")
                let place = sources["\(r.screen)/\(r.id)"].flatMap { path in locator?.location(path: path, id: r.id) }
                return JUnitReport.Case(
                    name: r.rule + (r.variant == nil ? "" : " (reduce motion)"), className: "\(r.screen)/\(r.id)",
                    failure: r.verdict == .fail ? text : nil, output: r.verdict == .warn ? text : nil,
                    file: place?.path, line: place?.line)
            })
    }

    public var json: JSONValue {
        .object(
            JSONObject([
                ("profile", .string(profile.name)),
                (
                    "rules",
                    .array(
                        profile.rules.filter(\.enabled).map { r in
                            .object(
                                JSONObject(
                                    [
                                        ("id", .string(r.id)), ("summary", .string(r.summary)), ("source", .string(r.source)),
                                        ("url", r.url.map(JSONValue.string) ?? .null), ("references", .array(r.references.map(JSONValue.string))),
                                        ("ownRule", .bool(r.ownRule)),
                                        ("limit", .string(r.limitText)),
                                        ("unit", .string(r.metric.unit)), ("direction", .string(r.direction.rawValue)), ("pass", .number(r.pass)),
                                        ("warn", r.warn.map(JSONValue.number) ?? .null), ("beyond", .string(r.beyond.rawValue)),
                                    ] + (r.lower.map { [("lower", JSONValue.number($0))] } ?? [])))
                        })
                ),
                (
                    "results",
                    .array(
                        results.map { r in
                            var o = JSONObject([
                                ("screen", .string(r.screen)), ("id", .string(r.id)), ("rule", .string(r.rule)),
                                ("value", .number((r.value * 1e6).rounded() / 1e6)),
                                ("unit", .string(profile.rules.first { $0.id == r.rule }?.metric.unit ?? "")),
                                ("verdict", .string(r.verdict.rawValue)),
                            ])
                            if let v = r.variant { o["variant"] = .string(v) }
                            if let m = r.message { o["message"] = .string(m) }
                            if let t = r.settling { o["settling"] = .number((t * 1e6).rounded() / 1e6) }
                            o["shown"] = .string(figure(r))
                            return .object(o)
                        })
                ),
                (
                    "animations",
                    .array(
                        animations.map { a in
                            .object(
                                JSONObject([
                                    ("screen", .string(a.screen)), ("id", .string(a.id)),
                                    ("verdict", .string(verdict(screen: a.screen, id: a.id).rawValue)),
                                ]))
                        })
                ),
                (
                    "unpairedFeedback",
                    .array(
                        unpairedFeedback.map { u in
                            .object(
                                JSONObject([
                                    ("screen", .string(u.screen)), ("component", u.component.map(JSONValue.string) ?? .null),
                                    ("feedback", .string(u.kind)),
                                    ("trigger", .string(u.trigger)), ("source", .string("\(u.file):\(u.line)")),
                                ]))
                        })
                ),
            ]))
    }
}
