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
        guard let out = try arguments.option("out") else {
            throw CLIError.usage("--out DIR is required", hint: "write motionsync report --out report/")
        }
        guard !out.isEmpty else { throw CLIError.usage("--out needs a folder", hint: "write motionsync report --out report/") }
        self.out = out
        screen = try arguments.option("screen")
        profileName = try arguments.option("profile")
        options = try AnalysisFlags.parse(&arguments)
        try arguments.finish()
    }

    public func run(io: CommandIO) throws -> Int32 {
        let profile = try BudgetCommand.profile(profileName, cwd: io.currentDirectory)
        let written = try ReportRun(out: out, screen: screen, profile: profile, options: options, globals: globals).run(io: io)
        io.line(written.line)
        return 0
    }

    /// `path` relative to `directory` when inside it (`FigureText.relative`).
    static func relative(_ path: String, to directory: String) -> String { FigureText.relative(path, to: directory) }
}
