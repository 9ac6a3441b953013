import MotionBudget
import MotionCore
import MotionStore

// MARK: - BudgetRun

/// One `motionsync budget`: the animations named (SCREEN/ID, FILE#ID, or a spec FILE meaning all
/// its animations), else every live animation of the store (or of one screen), checked against a
/// profile. Over the store with a built-in profile and the standard options, the results stored
/// at import are read instead of re-analysing; otherwise they are computed.
public struct BudgetRun {
    /// Animations named on the command line; empty: the store.
    public var references: [String]
    /// Only this screen of the store.
    public var screen: String?
    /// The rules.
    public var profile: BudgetProfile
    /// Analysis thresholds.
    public var options: AnalysisOptions
    /// Where the store is.
    public var globals: GlobalOptions

    public init(
        references: [String] = [], screen: String? = nil, profile: BudgetProfile = .appleTouch, options: AnalysisOptions = .standard,
        globals: GlobalOptions = GlobalOptions()
    ) {
        self.references = references
        self.screen = screen
        self.profile = profile
        self.options = options
        self.globals = globals
    }

    /// The report, and `SCREEN/ID` → the file each animation came from (for SARIF locations).
    /// - Throws: `CLIError.rejected` when nothing is in scope (a budget over nothing is not a
    ///   pass) or a timeline is refused; `CLIError.store` (exit 3).
    public func run(io: CommandIO) throws -> (report: BudgetReport, sources: [String: String]) {
        let checked: (animations: [(screen: String, id: String, source: String)], results: [BudgetResult])
        if let stored = try storedResults(io: io) {
            checked = stored
        } else {
            let evaluator = BudgetEvaluator(profile: profile, options: options)
            let animations = try animations(io: io)
            guard !animations.isEmpty else {
                throw CLIError.rejected(
                    what: "nothing in scope", place: references.joined(separator: " "),
                    why: "no animation to check; a budget over nothing is not a pass")
            }
            var results: [BudgetResult] = []
            for a in animations {
                do { results += try evaluator.evaluate(a.spec, screen: a.screen) } catch {
                    throw CLIError.rejected(what: "cannot build the timeline", place: "\(a.screen)/\(a.spec.id)", why: "\(error)")
                }
            }
            checked = (animations.map { ($0.screen, $0.spec.id, $0.source) }, results)
        }
        var report = BudgetReport(profile: profile, animations: checked.animations.map { ($0.screen, $0.id) }, results: checked.results)
        report.unpairedFeedback = try unpairedFeedback(io: io)
        let sources = Dictionary(checked.animations.map { ("\($0.screen)/\($0.id)", $0.source) }, uniquingKeysWith: { a, _ in a })
        return (report, sources)
    }

    /// The results stored at import (migration 006) for a store scope (no references; the whole
    /// store or `--screen`) under a built-in profile with the standard analysis options: one
    /// query instead of re-analysing every animation. Figures an older analysis made are brought
    /// up to date first (the store reopened writable, as `inventory` does). nil when the stored
    /// results cannot answer (a custom profile or options, explicit references, a store that
    /// cannot be written and lacks figures): the caller computes.
    func storedResults(io: CommandIO) throws -> (animations: [(screen: String, id: String, source: String)], results: [BudgetResult])? {
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
            guard let text = row.budget, let stored = StoredFigures.results(from: text, profile: profile.name, screen: row.screen, id: row.id) else {
                return nil
            }
            results += stored
        }
        guard !rows.isEmpty else { return nil }
        return (rows.map { ($0.screen, $0.id, $0.source) }, results)
    }

    /// The animations to check.
    public func animations(io: CommandIO) throws -> [ResolvedAnimation] {
        let resolver = AnimationResolver(io: io, globals: globals)
        if !references.isEmpty {
            return try references.flatMap { reference -> [ResolvedAnimation] in
                if !reference.contains("#"), PathKind.of(io.resolve(path: reference)) == .file {
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
    public func unpairedFeedback(io: CommandIO) throws -> [UnpairedFeedback] {
        guard references.isEmpty else { return [] }
        let store = try StoreAccess.open(globals, io: io)
        do {
            return try store.unpairedFeedback(screen: screen).map { u in
                var shown = u
                shown.file = FigureText.relative(u.file, to: io.currentDirectory)
                return shown
            }
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
    }
}
