import Foundation
import MotionBudget
import MotionCore
import MotionFormats
import MotionJSON
import MotionStore

// MARK: - BudgetCommand

/// `motionsync budget [--screen S] [--profile NAME|FILE] [--format table|json|sarif|junit] [--strict]`.
public struct BudgetCommand: Command {
    public static let name = "budget"
    public static let summary = "check durations and haptics against touch-feedback rules, each with its source"
    public static let help = """
    USAGE
      motionsync budget [SCREEN/ID|FILE#ID|FILE …] [--screen S] [--profile NAME|FILE] [--format table|json|sarif|junit] [--strict]

    Checks every live animation in the store (or the animations named: a spec FILE means all of
    its animations) against a profile of named rules, each with the published source of its
    numbers, and prints each rule once, then each animation's verdict with the figures that
    missed. An animation that declares reduceMotion "shortened" is also checked as its
    shortened version (0.15 s, or an implicit animation's own Reduce Motion animation), marked
    "reduce motion". Haptics the code fires itself (.sensoryFeedback, feedback generators) are
    measured against the motion's first peak (feedback-sync, with advice); haptics fired on a
    state nothing animates on are listed.

    PROFILES
      apple-touch (default)  response ≤ 100 ms, tap feedback peaks ≤ 200 ms and lasts ≤ 400 ms
                             (≤ 600 ms warn), haptics on every peak of motion over 300 ms and
                             within −15/+50 ms of it (also the haptics the code fires itself), a
                             haptic for tap animations from code, ≥ 80 ms apart, Android pulses
                             ≤ 20 ms, no haptics on loops, Reduce Motion fallbacks, short gesture motion
      material3              Material 3 duration tokens by area (small 200/400 ms, large
                             500/1000 ms) and the haptic timing rules
      FILE                   a JSON profile extending one of those and overriding limits
                             (schema: Schemas/budget-profile.schema.json)

    OPTIONS
      --screen S           only this screen (store)
      --profile P          a built-in profile name or a profile file
      --format F           table (default), json, sarif or junit
                           json: {"profile","rules":[{"id","source","limit",…}],
                                  "results":[{"screen","id","rule","value","verdict",…}],
                                  "animations":[{"screen","id","verdict"}],
                                  "unpairedFeedback":[{"screen","component","feedback","trigger","source"}]}
                           (schema: Schemas/budget-report.schema.json)
                           sarif: SARIF 2.1.0, one result per failing (error) or warning
                           rule result, at the animation in its spec file (line:column)
                           junit: JUnit XML, one test case per rule result; fails are failures
      --strict             exit 1 when any rule fails (for CI)
    \(AnalysisFlags.help)

    EXAMPLES
      motionsync budget
      motionsync budget Specs/Checkout.json --strict
      motionsync budget --profile material3 --format json
      motionsync budget Specs/Feed.json --format sarif > budget.sarif
    """

    let references: [String]
    let screen: String?
    let profileName: String?
    let format: Format
    let strict: Bool
    let options: AnalysisOptions
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        screen = try arguments.option("screen")
        format = try Format.parse(try arguments.option("format"))
        strict = arguments.flag("strict")
        profileName = try arguments.option("profile")
        if let name = profileName, BudgetProfile.named(name) == nil, name.isEmpty {
            throw CLIError.usage("--profile needs a name or a file", hint: "use apple-touch, material3 or a JSON profile file")
        }
        options = try AnalysisFlags.parse(&arguments)
        references = try arguments.positionals()
    }

    /// A built-in profile by name, or one read from a file.
    static func profile(_ text: String?, cwd: String?) throws -> BudgetProfile {
        guard let text else { return .appleTouch }
        if let builtIn = BudgetProfile.named(text) { return builtIn }
        let path = text.hasPrefix("/") || cwd == nil ? text : (cwd! as NSString).appendingPathComponent(text)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.usage("--profile \(text) is neither a built-in profile nor a readable file",
                                 hint: "use \(BudgetProfile.builtIn.map(\.name).joined(separator: " or ")), or a JSON profile file")
        }
        let decoded = BudgetProfileDecoder().decode(bytes: [UInt8](data))
        guard let profile = decoded.profile else {
            throw CLIError.rejectedLines(decoded.problems.map { "motionsync: rejected profile (\(text)\($0.location.map { ":\($0)" } ?? "") at \($0.pointer)): \($0.message)" })
        }
        return profile
    }

    /// The results stored at import (migration 006) for a store scope (no references; the whole
    /// store or `--screen`) under a built-in profile with the standard analysis options: one
    /// query instead of re-analysing every animation. Figures an older analysis made are brought
    /// up to date first (the store reopened writable, as `inventory` does). nil when the stored
    /// results cannot answer (a custom profile or options, explicit references, a store that
    /// cannot be written and lacks figures): the caller computes.
    func storedResults(profile: BudgetProfile, io: CommandIO) throws -> (animations: [(screen: String, id: String, source: String)], results: [BudgetResult])? {
        guard references.isEmpty, options == .standard, BudgetProfile.named(profile.name) == profile else { return nil }
        let opened = try StoreAccess.open(globals, io: io)
        try ScreenScope.check(screen, in: opened)
        let (store, current) = try StoredFigures.upToDate(opened, screen: screen, globals: globals, io: io)
        guard current else { return nil }
        let rows: [(screen: String, id: String, source: String, budget: String?)]
        do { rows = try store.storedBudgets(screen: screen, version: StoredFigures.analysisVersion) } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
        var results: [BudgetResult] = []
        for row in rows {
            // A revision whose figures could not be made (its timeline is refused): computed, to
            // report why.
            guard let text = row.budget, let stored = StoredFigures.results(from: text, profile: profile.name, screen: row.screen, id: row.id) else { return nil }
            results += stored
        }
        guard !rows.isEmpty else { return nil }
        return (rows.map { ($0.screen, $0.id, $0.source) }, results)
    }

    /// The animations to check.
    func animations(io: CommandIO) throws -> [ResolvedAnimation] {
        let resolver = AnimationResolver(io: io, globals: globals)
        if !references.isEmpty {
            return try references.flatMap { reference -> [ResolvedAnimation] in
                var isDirectory: ObjCBool = false
                if !reference.contains("#"), FileManager.default.fileExists(atPath: io.resolve(path: reference), isDirectory: &isDirectory), !isDirectory.boolValue {
                    let spec = try resolver.loadSpec(reference)
                    return spec.animations.map { ResolvedAnimation(screen: spec.screen, spec: $0, source: reference) }
                }
                return [try resolver.resolve(reference)]
            }
        }
        let store = try StoreAccess.open(globals, io: io)
        try ScreenScope.check(screen, in: store)
        do {
            return try store.inventory(InventoryFilter(screen: screen)).compactMap { row in
                try store.animation(screen: row.screen, id: row.id).map { ResolvedAnimation(screen: $0.screen, spec: $0.spec, source: $0.source) }
            }
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
    }

    /// Haptics fired on states nothing animates on, from the store (when the budget reads it).
    func unpairedFeedback(io: CommandIO) throws -> [UnpairedFeedback] {
        guard references.isEmpty else { return [] }
        let store = try StoreAccess.open(globals, io: io)
        do {
            return try store.unpairedFeedback(screen: screen).map { u in
                var shown = u
                shown.file = ReportCommand.relative(u.file, to: io.currentDirectory)
                return shown
            }
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
    }

    public func run(io: CommandIO) throws -> Int32 {
        let profile = try Self.profile(profileName, cwd: io.currentDirectory)
        let checked: (animations: [(screen: String, id: String, source: String)], results: [BudgetResult])
        if let stored = try storedResults(profile: profile, io: io) {
            checked = stored
        } else {
            let evaluator = BudgetEvaluator(profile: profile, options: options)
            let animations = try animations(io: io)
            guard !animations.isEmpty else {
                throw CLIError.rejected(what: "nothing in scope", place: references.joined(separator: " "), why: "no animation to check; a budget over nothing is not a pass")
            }
            var results: [BudgetResult] = []
            for a in animations {
                do { results += try evaluator.evaluate(a.spec, screen: a.screen) } catch {
                    throw CLIError.rejected(what: "cannot build the timeline", place: "\(a.screen)/\(a.spec.id)", why: "\(error)")
                }
            }
            checked = (animations.map { ($0.screen, $0.spec.id, $0.source) }, results)
        }
        let results = checked.results
        var report = BudgetReport(profile: profile, animations: checked.animations.map { ($0.screen, $0.id) }, results: results)
        report.unpairedFeedback = try unpairedFeedback(io: io)
        switch format {
        case .table: io.out(report.table)
        case .json: io.out(JSONWriter().string(report.json))
        case .sarif: io.out(report.sarif(sources: Dictionary(checked.animations.map { ("\($0.screen)/\($0.id)", $0.source) }, uniquingKeysWith: { a, _ in a }),
                                         locator: SpecLocator(io: io)).text)
        case .junit: io.out(report.junit.xml)
        }
        if strict && results.contains(where: { $0.verdict == .fail }) {
            io.err("motionsync: findings (budget): \(results.filter { $0.verdict == .fail }.count) rule result(s) fail")
            return 1
        }
        return 0
    }
}

// MARK: - Format

/// The output forms of the CI-facing commands (`budget`, `diff`, `check-ahap`).
enum Format: String, CaseIterable {
    case table, json, sarif, junit

    static func parse(_ text: String?) throws -> Format {
        guard let text else { return .table }
        guard let format = Format(rawValue: text) else {
            throw CLIError.usage("unknown --format \(text)" + (Suggestion.closest(text, in: allCases.map(\.rawValue)).map { "; did you mean \($0)?" } ?? ""),
                                 hint: "use --format table, json, sarif or junit")
        }
        return format
    }
}

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

    public init(profile: BudgetProfile, animations: [(screen: String, id: String)], results: [BudgetResult], unpairedFeedback: [UnpairedFeedback] = []) {
        self.profile = profile
        self.animations = animations
        self.results = results
        self.unpairedFeedback = unpairedFeedback
        byAnimation = Dictionary(grouping: results) { $0.screen + "\u{0}" + $0.id }
    }

    /// The results of one animation, in their order.
    func results(screen: String, id: String) -> [BudgetResult] { byAnimation[screen + "\u{0}" + id] ?? [] }

    public func verdict(screen: String, id: String) -> BudgetVerdict {
        BudgetEvaluator.overall(results(screen: screen, id: id))
    }

    static func value(_ r: BudgetResult, unit: String) -> String {
        let v = r.value + 0  // no "-0"
        return switch unit {
        case "s": String(format: "%.0f ms", (v * 1000).rounded() + 0)
        case "ms": String(format: "%.0f ms", v.rounded() + 0)
        case "events": "\(Int(r.value)) event\(r.value == 1 ? "" : "s")"
        default: r.value == 0 ? "no" : "yes"
        }
    }

    public var table: String {
        var out = "PROFILE \(profile.name)\n\nRULES\n"
        out += TextTable(header: ["  ID", "CHECKS", "LIMIT", "SOURCE"], rows: profile.rules.filter(\.enabled).map { ["  " + $0.id, $0.summary, $0.limitInWords, $0.source] }).render()
        out += "\nRESULTS\n"
        var rows: [[String]] = []
        for a in animations {
            let mine = results(screen: a.screen, id: a.id)
            let findings = mine.filter { $0.verdict != .pass }.map { r -> String in
                let unit = profile.rules.first { $0.id == r.rule }?.metric.unit ?? ""
                return "\(r.rule)\(r.variant == nil ? "" : " (reduce motion)") \(Self.value(r, unit: unit)) \(r.verdict.rawValue)"
            }
            rows.append(["  \(a.screen)/\(a.id)", BudgetEvaluator.overall(mine).rawValue, findings.isEmpty ? "all \(mine.count) rules pass" : findings.joined(separator: "; ")])
        }
        out += TextTable(header: ["  ANIMATION", "VERDICT", "FINDINGS"], rows: rows).render()
        let advice = results.filter { $0.message != nil }
        if !advice.isEmpty {
            out += "\nADVICE\n"
            for r in advice { out += "  \(r.screen)/\(r.id) \(r.rule): \(r.message!)\n" }
        }
        if !unpairedFeedback.isEmpty {
            out += "\nHAPTICS WITHOUT MOTION (fired on a state nothing animates on)\n"
            out += TextTable(header: ["  SOURCE", "SCREEN", "FEEDBACK", "TRIGGER"],
                             rows: unpairedFeedback.map { ["  \($0.file):\($0.line)", $0.screen, $0.kind, $0.trigger] }).render()
        }
        let verdicts = animations.map { verdict(screen: $0.screen, id: $0.id) }
        let counts = BudgetVerdict.allCases.map { v in "\(verdicts.filter { $0 == v }.count) \(v.rawValue)" }
        out += "\n\(animations.count) animation\(animations.count == 1 ? "" : "s"): \(counts.joined(separator: ", "))\n"
        return out
    }

    /// SARIF 2.1.0: the profile's rules, and one result per rule result that is not a pass
    /// (fail → error, warn → warning), at the animation in its spec file. `sources` maps
    /// `SCREEN/ID` to the file it came from.
    func sarif(sources: [String: String], locator: SpecLocator) -> SARIFLog {
        let rules = profile.rules.filter(\.enabled)
        var log = SARIFLog(rules: rules.map { r in
            SARIFLog.Rule(id: r.id, summary: r.summary, full: "\(r.summary): \(r.limitInWords). Source: \(r.source)",
                          level: r.beyond == .fail ? .error : .warning)
        })
        for r in results where r.verdict != .pass {
            let rule = rules.first { $0.id == r.rule }
            let value = Self.value(r, unit: rule?.metric.unit ?? "")
            let message = "\(r.screen)/\(r.id)\(r.variant == nil ? "" : " (reduce motion)"): \(r.rule) \(r.verdict.rawValue), "
                + "\(rule?.summary ?? r.rule) is \(value); \(rule?.limitInWords ?? "")" + (r.message.map { ". \($0)" } ?? "")
            let location = sources["\(r.screen)/\(r.id)"].map { locator.location(path: $0, id: r.id) }
            log.results.append(SARIFLog.Result(ruleID: r.rule, level: r.verdict == .fail ? .error : .warning, message: message, location: location))
        }
        return log
    }

    /// JUnit XML: one test case per rule result (`classname` the animation); a fail is a
    /// failure (what --strict counts), a warning passes with the warning in its output.
    var junit: JUnitReport {
        JUnitReport(suite: "motionsync budget (\(profile.name))", cases: results.map { r in
            let unit = profile.rules.first { $0.id == r.rule }?.metric.unit ?? ""
            let text = "\(r.rule) \(Self.value(r, unit: unit)) \(r.verdict.rawValue)" + (r.message.map { ": \($0)" } ?? "")
            return JUnitReport.Case(name: r.rule + (r.variant == nil ? "" : " (reduce motion)"), className: "\(r.screen)/\(r.id)",
                                    failure: r.verdict == .fail ? text : nil, output: r.verdict == .warn ? text : nil)
        })
    }

    public var json: JSONValue {
        .object(JSONObject([
            ("profile", .string(profile.name)),
            ("rules", .array(profile.rules.filter(\.enabled).map { r in
                .object(JSONObject([
                    ("id", .string(r.id)), ("summary", .string(r.summary)), ("source", .string(r.source)), ("limit", .string(r.limitText)),
                    ("unit", .string(r.metric.unit)), ("direction", .string(r.direction.rawValue)), ("pass", .number(r.pass)),
                    ("warn", r.warn.map(JSONValue.number) ?? .null), ("beyond", .string(r.beyond.rawValue)),
                ] + (r.lower.map { [("lower", JSONValue.number($0))] } ?? [])))
            })),
            ("results", .array(results.map { r in
                var o = JSONObject([("screen", .string(r.screen)), ("id", .string(r.id)), ("rule", .string(r.rule)),
                                    ("value", .number((r.value * 1e6).rounded() / 1e6)),
                                    ("unit", .string(profile.rules.first { $0.id == r.rule }?.metric.unit ?? "")), ("verdict", .string(r.verdict.rawValue))])
                if let v = r.variant { o["variant"] = .string(v) }
                if let m = r.message { o["message"] = .string(m) }
                return .object(o)
            })),
            ("animations", .array(animations.map { a in
                .object(JSONObject([("screen", .string(a.screen)), ("id", .string(a.id)), ("verdict", .string(verdict(screen: a.screen, id: a.id).rawValue))]))
            })),
            ("unpairedFeedback", .array(unpairedFeedback.map { u in
                .object(JSONObject([("screen", .string(u.screen)), ("component", u.component.map(JSONValue.string) ?? .null), ("feedback", .string(u.kind)),
                                    ("trigger", .string(u.trigger)), ("source", .string("\(u.file):\(u.line)"))]))
            })),
        ]))
    }
}
