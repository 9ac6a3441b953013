import MotionCore
import MotionFormats
import MotionJSON
import MotionPipeline
import MotionStore

// MARK: - ImportCommand

/// `motionsync import PATH…`: spec files and folders into the store, one transaction per file.
public struct ImportCommand: Command {
    public static let name = "import"
    public static let summary = "import specs, Lottie files, design tokens and Swift sources (files or folders) into the store"
    public static let help = """
        USAGE
          motionsync import PATH… [--screen S] [--format text|json] [--db FILE]

        Imports motion specs, Lottie files, design tokens (DTCG) and Swift sources (SwiftUI, UIKit,
        Core Animation) into the store (--db, $MOTIONSYNC_DB, or
        ./motionsync.sqlite). Folders are searched recursively for .json files; files are recognised
        by their content (a spec has "specVersion", a Lottie file "fr" and "layers"), and JSON
        Schema files (like Specs/schema.json) are skipped. Each file is one transaction: it is
        stored whole or not at all. A Lottie file is one screen named after the file (--screen
        overrides), one animation per composition, one track per animated transform component.
        A design-tokens file (DTCG 2025.10) stores its durations, cubic Béziers, transitions and
        springs; specs may then write "{motion.duration.medium2}" or "{motion.easing.standard}"
        (tokens files are imported first in a batch, and a spec changes when its tokens do).
        A .swift file is read with Apple's Swift parser: every .keyframeAnimator, KeyframeAnimator,
        KeyframeTimeline, .mapCameraKeyframeAnimator, .phaseAnimator and PhaseAnimator with literal
        values, and every implicit animation (withAnimation, withTransaction, .animation(_:value:),
        .transaction) becomes an animation on the screen of its enclosing View (a
        "// motionsync: screen=Name" comment overrides), with its trigger (where its state changes),
        its Reduce Motion fallback and the haptics the code fires with it (.sensoryFeedback on its
        trigger, feedback generators in its action). Core Animation (CABasicAnimation,
        CAKeyframeAnimation, CASpringAnimation, CAAnimationGroup) and UIKit (UIView.animate…,
        UIView.animateKeyframes, UIViewPropertyAnimator) become animations of kind layer named
        Type.method, on the screen of their type ("// motionsync: screen NAME" overrides), triggered
        by @IBAction, touches, gesture handlers and appearance, else event:METHOD; UIKit's
        damping-duration springs, springs that play until settled and timings where a default stands
        in for a value that is not a literal are marked estimated. Anything that is not a literal, a
        trigger not found and a haptic on a state nothing animates on are reported with file:line. Swift files
        that cannot hold an animation are skipped by a byte search; the rest are parsed in parallel
        on all cores.

          added      a file seen for the first time
          changed    a re-imported file whose animations changed: each changed animation gets a new
                     revision (the old one stays queryable); animations the file no longer has are
                     marked removed
          unchanged  same content as last time: nothing is written
          rejected   the file has errors: each is printed with its line, column and JSON path, and
                     nothing of the file is stored (the other files still import)

        Exit code 0 when every file imported, 2 when any was rejected, 3 when the store failed.
        A progress line goes to stderr when it is a terminal.

        OPTIONS
          --screen S           the screen for Lottie files (default: each file's name)
          --format text|json   text (default), or one JSON object per file for scripts:
                               {"file","result","screen","added","changed","removed","unchanged","problems"}

        EXAMPLES
          motionsync import Specs/
          motionsync import Specs/Feed.json Specs/Checkout.json --db team.sqlite
          motionsync import bouncy_ball.json --screen Onboarding
          motionsync import MyApp/Sources/
        """

    public enum Format: String { case text, json }

    public let paths: [String]
    public let screen: String?
    public let format: Format
    public let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        let formatText = try arguments.option("format") ?? "text"
        guard let format = Format(rawValue: formatText) else {
            throw CLIError.usage("unknown --format \(formatText)", hint: "use --format text or --format json")
        }
        self.format = format
        screen = try arguments.option("screen")
        paths = try arguments.positionals()
        guard !paths.isEmpty else { throw CLIError.usage("no files or folders to import", hint: "write motionsync import Specs/ (or some files)") }
    }

    public func run(io: CommandIO) throws -> Int32 {
        let run = ImportRun(paths: paths, screen: screen, globals: globals)
        let outcome = try run.run(io: io, progress: { text in if io.stderrIsTerminal { io.progress(text) } }) { report, dependent in
            switch format {
            case .text:
                for line in report.problems { io.err(TerminalText.escaped(line)) }
                io.line(TerminalText.escaped(report.textLine) + (dependent ? " (uses the changed tokens)" : ""))
            case .json:
                io.line(JSONWriter(pretty: false).string(report.json))
            }
        }
        for move in outcome.moves {
            switch format {
            case .text: io.line(TerminalText.escaped("moved      \(move.from)/\(move.id) to \(move.to) (what contains its code changed)"))
            case .json:
                io.line(
                    JSONWriter(pretty: false).string(
                        .object(JSONObject([("moved", .string(move.id)), ("from", .string(move.from)), ("to", .string(move.to))]))))
            }
        }
        if format == .text { io.line(outcome.summary) }
        return outcome.exitCode
    }
}

extension CommandIO {
    /// Rewrites the progress line on standard error (nil clears it).
    func progress(_ text: String?) {
        guard !quiet else { return }
        let line = text.map { String($0.prefix(100)) } ?? ""
        err("\r\u{1B}[K" + line, newline: false)
    }
}
