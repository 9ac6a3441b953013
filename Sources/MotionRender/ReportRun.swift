import MotionBudget
import MotionCore
import MotionPipeline
import MotionStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - ReportRun

/// One `motionsync report`: the static HTML report of the store's live animations (or one
/// screen's) written into a folder: `index.html` and one page per screen (``HTMLReport``). With
/// the standard analysis options the figures stored at import are drawn and listed (brought up
/// to date first when an older analysis made them); the verdicts too under a built-in profile.
/// Nothing is written outside the folder.
public struct ReportRun {
    /// The folder (relative paths against the IO's current directory); created when missing.
    public var out: String
    /// Only this screen.
    public var screen: String?
    /// The budget profile whose verdicts and time limits are shown.
    public var profile: BudgetProfile
    /// Analysis thresholds.
    public var options: AnalysisOptions
    /// Where the store is.
    public var globals: GlobalOptions

    public init(
        out: String, screen: String? = nil, profile: BudgetProfile = .appleTouch, options: AnalysisOptions = .standard,
        globals: GlobalOptions = GlobalOptions()
    ) {
        self.out = out
        self.screen = screen
        self.profile = profile
        self.options = options
        self.globals = globals
    }

    /// What a report wrote.
    public struct Summary: Equatable, Sendable {
        /// Screen pages written.
        public var screens: Int
        /// Animations shown.
        public var animations: Int
        /// The files written, `index.html` first.
        public var files: [String]

        /// `2 screens, 5 animations: index.html and 2 pages`.
        public var line: String {
            "\(screens) screen\(screens == 1 ? "" : "s"), \(animations) animation\(animations == 1 ? "" : "s"): index.html and \(screens) page\(screens == 1 ? "" : "s")"
        }
    }

    /// Writes the report; a note per file (`wrote …`) goes to `io`.
    /// - Throws: `CLIError.rejected` (nothing in scope, a folder or file that cannot be written),
    ///   `CLIError.store` (exit 3).
    public func run(io: CommandIO) throws -> Summary {
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
                throw CLIError.rejected(
                    what: "nothing to report", place: store.path,
                    why: screen.map { "no live animation on screen \($0)" } ?? "the store is empty; import specs first")
            }
            for row in rows {
                guard let stored = try store.animation(screen: row.screen, id: row.id) else { continue }
                let animation = ResolvedAnimation(
                    screen: stored.screen, spec: stored.spec, source: FigureText.relative(stored.source, to: io.currentDirectory))
                var figures: HTMLReport.Precomputed?
                if let d = details[row.screen + "/" + row.id], let analysis = StoredFigures.analysis(from: d.analysis),
                    let plan = StoredFigures.plan(from: d.plan)
                {
                    let results = builtIn ? StoredFigures.results(from: d.budget, profile: profile.name, screen: row.screen, id: row.id) : nil
                    figures = HTMLReport.Precomputed(analysis: analysis, plan: plan, results: results)
                }
                var entry = try HTMLReport.entry(
                    animation, revision: stored.revision, profile: profile, options: options, stored: figures, estimated: row.estimated)
                entry.place = row.place.map { "\(animation.source):\($0.line):\($0.column)" }
                entries.append(entry)
            }
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }

        let folder = URL(fileURLWithPath: io.resolve(path: out)).standardizedFileURL
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw CLIError.rejected(what: "cannot create the folder", place: out, why: ErrorText.describing(error))
        }
        let unpaired: [UnpairedFeedback]
        do {
            unpaired = try store.unpairedFeedback(screen: screen).map { u in
                var shown = u
                shown.file = FigureText.relative(u.file, to: io.currentDirectory)
                return shown
            }
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
        let files = HTMLReport.files(entries, profile: profile, unpaired: unpaired)
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            guard !file.name.contains("/"), url.deletingLastPathComponent().standardizedFileURL.path == folder.path else {
                throw CLIError.rejected(what: "cannot write", place: file.name, why: "the name would leave \(out)")
            }
            do { try Data(file.text.utf8).write(to: url, options: .atomic) } catch {
                throw CLIError.rejected(what: "cannot write", place: url.path, why: ErrorText.describing(error))
            }
            io.note("wrote \(PathText.appending(file.name, to: out))")
        }
        return Summary(screens: files.count - 1, animations: entries.count, files: files.map(\.name))
    }
}
