import MotionPipeline

// MARK: - Command

/// A subcommand: its name, help text with an example, and how it runs. Each command parses and
/// validates its own arguments; logic lives in the library targets so tests can reach it.
public protocol Command {
    /// The subcommand word (`sample`).
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text: usage, options, an example.
    static var help: String { get }
    /// Parses the arguments after the subcommand.
    init(arguments: inout ArgumentList, globals: GlobalOptions) throws
    /// Runs, writing to `io`. Returns the exit code (0 done, 1 findings).
    func run(io: CommandIO) throws -> Int32
}
