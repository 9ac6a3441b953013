import MotionFormats
// The libraries the commands are made of, re-exported: a client of MotionSyncCLI (the
// executable, tests) sees CommandIO, CLIError, GlobalOptions and the use cases without importing
// them itself. (Each file of this module still imports what it uses.)
@_exported import MotionPipeline
@_exported import MotionRender

// MARK: - MotionSyncCLI

/// The `motionsync` command line: global options, the subcommand table and error reporting.
public enum MotionSyncCLI {
    public static let version = MotionSyncVersion.current

    /// Every subcommand, in the order `--help` lists them.
    public static var commands: [any Command.Type] {
        [
            DemoCommand.self,
            ImportCommand.self,
            InventoryCommand.self,
            SampleCommand.self,
            PeaksCommand.self,
            HapticsCommand.self,
            ExportCommand.self,
            CheckAHAPCommand.self,
            BudgetCommand.self,
            DiffCommand.self,
            CodegenCommand.self,
            PlotCommand.self,
            ReportCommand.self,
            CompletionsCommand.self,
        ]
    }

    public static var help: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  \($0.name + String(repeating: " ", count: width - $0.name.count))  \($0.summary)" }.joined(separator: "\n")
        return """
            motionsync \(version): designer motion timing → peaks, holds and haptics that land on them.

            USAGE
              motionsync <command> [options]
              motionsync <command> --help

            COMMANDS
            \(list)

            GLOBAL OPTIONS
              --db FILE     the store (default: $MOTIONSYNC_DB, else ./motionsync.sqlite)
              --quiet, -q   no notes on standard error (wrote …, removed …, progress); results,
                            warnings and errors are still written
              --help, -h    this help, or a command's help after the command
              --version     print the version

            Streams: results go to standard output; notes (wrote …), progress, warnings and errors
            to standard error.

            Animations are named SCREEN/ID (quote it when it holds spaces) or FILE#ID (read the spec
            file directly, nothing stored); FILE alone names a file's only animation.

            EXIT CODES
              0  done
              1  findings: a failing budget rule with --strict, a diff with --strict, an invalid or
                 misaligned AHAP file in check-ahap
              2  bad usage or a rejected input (nothing of a rejected file is stored)
              3  the store could not be opened or written

            EXAMPLES
              motionsync demo
              motionsync import Specs/ && motionsync inventory
              motionsync sample Feed/heart-pulse --fps 120
              motionsync sample Specs/Feed.json#heart-pulse --format json
            """
    }

    /// Runs the command line `arguments` (without the program name). Returns the exit code.
    public static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        var args = ArgumentList(arguments)
        do {
            let database = try args.option("db")
            let globals = GlobalOptions(database: database)
            io.quiet = args.flag("quiet", short: "q")
            var rest = args.remaining
            if rest.isEmpty || rest == ["--help"] || rest == ["-h"] || rest == ["help"] {
                io.out(help + "\n")
                return 0
            }
            if rest == ["--version"] {
                io.line("motionsync \(version)")
                return 0
            }
            let name = rest.removeFirst()
            if name == "help", let target = rest.first, let command = commands.first(where: { $0.name == target }) {
                io.out(command.help + "\n")
                return 0
            }
            guard let command = commands.first(where: { $0.name == name }) else {
                let names = commands.map { $0.name }
                throw CLIError.usage(
                    "unknown command \"\(name)\"" + (Suggestion.closest(name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""),
                    hint: "commands: \(names.joined(separator: ", ")); see motionsync --help")
            }
            let options = ArgumentList(rest).optionWords
            if options.contains("--help") || options.contains("-h") {
                io.out(command.help + "\n")
                return 0
            }
            return try execute(command, arguments: rest, globals: globals, io: io)
        } catch let error as CLIError {
            for line in error.lines { io.err(TerminalText.escaped(line)) }
            return error.exitCode
        } catch {
            io.err(TerminalText.escaped("motionsync: failed (internal): \(error)"))
            return 3
        }
    }

    /// Parses and runs one command (generic so the metatype is opened, not called as an existential).
    static func execute<C: Command>(_ type: C.Type, arguments: [String], globals: GlobalOptions, io: CommandIO) throws -> Int32 {
        var list = ArgumentList(arguments)
        let command = try C(arguments: &list, globals: globals)
        return try command.run(io: io)
    }
}
