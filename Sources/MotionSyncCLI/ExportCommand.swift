import MotionCore
import MotionHaptics
import MotionJSON
import MotionPipeline
import MotionStore

// MARK: - ExportCommand

/// `motionsync export [--screen S] --out DIR [--format …] [--force]`.
public struct ExportCommand: Command {
    public static let name = "export"
    public static let summary = "write one haptic pattern file per stored animation into a folder"
    public static let help = """
        USAGE
          motionsync export --out DIR [--screen S] [--format ahap|android-waveform|android-composition|haptic|plan] [--force] [--include-empty]
          motionsync export --out DIR FILE… [--format …] [--force] [--include-empty]

        Writes the haptic pattern of every live animation in the store (or of one screen) into DIR,
        one file per animation, named SCREEN--ID.EXT with anything but letters, digits, '.', '_'
        and '-' replaced (an id like ../../x cannot leave DIR); a changed name, and two names
        that differ only in case (one file on macOS), get a short hash of the original so no two
        animations share a file. DIR keeps a manifest of the files motionsync wrote
        (.motionsync-export.json): those are overwritten when they change; a file motionsync did
        not write, or one edited since, is left alone unless --force. A full export (no --screen)
        deletes the files it wrote earlier for animations no longer in the store, unless edited
        since. The manifest is saved even when a write fails part-way. An animation with no haptic
        event gets no file (an empty pattern plays nothing, and check-ahap rejects it): the summary
        counts those, and a file written for one earlier is deleted like a gone animation's.

        With FILE… (spec files, read directly; nothing stored), every animation of those files is
        written instead, with the same names and bytes as from the store: what the build-tool plugin
        does for a target's specs.

        OPTIONS
          --out DIR    the folder (created when missing)
          --screen S   only this screen
          --format F   ahap (default), android-waveform, android-composition, haptic, plan
          --force      overwrite files motionsync did not write
          --include-empty
                       write the empty pattern of an animation without haptic events too (the
                       build-tool plugin does: it names its output files before the plans are made)
        \(AnalysisFlags.help)

        Exit code 0 when every file was written, 2 when some were left alone (listed on stderr).

        EXAMPLES
          motionsync export --out Haptics/
          motionsync export --screen Checkout --out android/ --format android-waveform
          motionsync export --out Resources/Haptics/ Specs/Feed.json Specs/Checkout.json
        """

    static let manifestName = PatternExport.manifestName

    let out: String
    let screen: String?
    let files: [String]
    let format: HapticOutput
    let force: Bool
    let includeEmpty: Bool
    let options: AnalysisOptions
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        guard let out = try arguments.option("out") else {
            throw CLIError.usage("--out DIR is required", hint: "write motionsync export --out Haptics/")
        }
        self.out = out
        screen = try arguments.option("screen")
        format = try HapticOutput.parse(try arguments.option("format") ?? "ahap")
        force = arguments.flag("force")
        includeEmpty = arguments.flag("include-empty")
        options = try AnalysisFlags.parse(&arguments)
        files = try arguments.positionals()
        if !files.isEmpty, let screen {
            throw CLIError.usage(
                "--screen \(screen) picks from the store; spec files are exported whole",
                hint: "write motionsync export --out DIR FILE… or motionsync export --out DIR --screen S")
        }
    }

    public func run(io: CommandIO) throws -> Int32 {
        let export = PatternExport(
            out: out, screen: screen, files: files, format: format, force: force, includeEmpty: includeEmpty, options: options, globals: globals)
        let summary = try export.run(io: io)
        io.line(summary.line)
        for line in summary.leftAlone { io.err("motionsync: not overwritten (\(out)): \(line)") }
        return summary.leftAlone.isEmpty ? 0 : 2
    }
}
