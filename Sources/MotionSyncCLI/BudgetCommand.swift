import Foundation
import MotionBudget
import MotionCore
import MotionFormats
import MotionJSON
import MotionPipeline
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

    /// A built-in profile by name, or one read from a file (`BudgetProfile.resolve`).
    static func profile(_ text: String?, cwd: String?) throws -> BudgetProfile {
        try BudgetProfile.resolve(text, cwd: cwd)
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
