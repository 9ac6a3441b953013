import MotionFormats

// MARK: - CLIError

/// Why a command stopped, with the exit code the contract gives it:
/// 1 findings, 2 bad usage or a rejected input, 3 the store could not be opened or written.
public enum CLIError: Error, Equatable {
    /// Bad usage: `what` went wrong and `hint` says what to type instead.
    case usage(String, hint: String)
    /// An input was rejected: `what`, `place` (file:line:col or a name) and `why`.
    case rejected(what: String, place: String, why: String)
    /// A file's diagnostics (each printed on its own line).
    case rejectedFile([SpecDiagnostic])
    /// Rejections already formatted as lines.
    case rejectedLines([String])
    /// The store could not be opened or written.
    case store(place: String, why: String)
    /// Findings (a failing check): exit 1 after the output was printed.
    case findings(String)

    public var exitCode: Int32 {
        switch self {
        case .usage, .rejected, .rejectedFile, .rejectedLines: 2
        case .store: 3
        case .findings: 1
        }
    }

    /// Lines for standard error, in the contract's form `motionsync: <what> (<where>): <why>`.
    public var lines: [String] {
        switch self {
        case .usage(let what, let hint):
            ["motionsync: bad usage (command line): \(what)", "  \(hint)"]
        case .rejected(let what, let place, let why):
            ["motionsync: \(what) (\(place)): \(why)"]
        case .rejectedFile(let diagnostics):
            diagnostics.map(Self.line(for:))
        case .rejectedLines(let lines):
            lines
        case .store(let place, let why):
            ["motionsync: store failed (\(place)): \(why)"]
        case .findings(let summary):
            ["motionsync: findings (\(summary))"]
        }
    }

    /// A diagnostic in the contract's form.
    public static func line(for d: SpecDiagnostic) -> String {
        let what = d.severity == .error ? "rejected" : "warning"
        return "motionsync: \(what) (\(d.place) at \(d.pointer)): \(d.problem)" + (d.fix.isEmpty ? "" : "; fix: \(d.fix)")
    }
}
