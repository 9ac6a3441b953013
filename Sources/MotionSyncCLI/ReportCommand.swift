import Foundation
import MotionBudget
import MotionCore
import MotionHaptics
import MotionPipeline
import MotionRender
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

    /// `path` relative to `directory` when inside it (`FigureText.relative`).
    static func relative(_ path: String, to directory: String) -> String { FigureText.relative(path, to: directory) }
}
