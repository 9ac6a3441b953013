import MotionCore
import MotionHaptics
import MotionJSON
import MotionPipeline

// MARK: - CheckAHAPCommand

/// `motionsync check-ahap FILE… [--against SCREEN/ID]`.
public struct CheckAHAPCommand: Command {
    public static let name = "check-ahap"
    public static let summary = "validate AHAP files; with --against, how far each event sits from the motion's moments"
    public static let help = """
        USAGE
          motionsync check-ahap FILE… [--against SCREEN/ID|FILE#ID] [--format table|json|sarif|junit] [analysis options]

        Validates each AHAP file the way Core Haptics reads it: a numeric Version and a Pattern of
        Event / Parameter / ParameterCurve elements, known event types and parameter IDs, values in
        range, times ≥ 0, durations on continuous events (≤ 30 s), at least one playable event.
        Apple's own samples carry trailing commas: they are accepted with a warning.

        With --against, each haptic event is compared with the animation's moments (peaks, impacts
        and snaps for transients; hold starts for continuous events): its offset in ms (negative =
        the haptic comes first). A lead over 15 ms is flagged (felt as too early: Di Luca & Mahnan
        2019), and so is a lag over 50 ms.

        Exit code 0 when every file is valid (and aligned), 1 when any is invalid or misaligned,
        2 for bad usage.

        OPTIONS
          --against A          compare with this animation's moments
          --format F           table (default), json, sarif or junit
                               json: [{"file","valid","problems":[…],"events":[{"time","type","nearest","offsetMs","verdict"}]}]
                               sarif: SARIF 2.1.0, one result per invalid event or value (error),
                               warning, and event off its moment, at its line:column in the file
                               junit: one test case per file and per event; findings are failures
        \(AnalysisFlags.help)

        EXAMPLES
          motionsync check-ahap Haptics/*.ahap
          motionsync check-ahap bump.ahap --against Checkout/add-to-cart-bump
        """

    let files: [String]
    let against: String?
    let format: Format
    let options: AnalysisOptions
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        against = try arguments.option("against")
        format = try Format.parse(try arguments.option("format"))
        options = try AnalysisFlags.parse(&arguments)
        files = try arguments.positionals()
        guard !files.isEmpty else { throw CLIError.usage("no AHAP files named", hint: "write motionsync check-ahap FILE.ahap") }
    }

    /// Each event against the nearest moment of the matching kind.
    public static func align(_ events: [HapticEvent], to analysis: MotionAnalysis, cues: [Cue] = []) -> [HapticAlignment] {
        HapticAlignment.align(events, to: analysis, cues: cues)
    }

    public func run(io: CommandIO) throws -> Int32 {
        let (analysis, cues) = try AHAPCheck.reference(against, options: options, globals: globals, io: io)
        var findings = 0
        var reports: [JSONValue] = []
        var log = SARIFLog(rules: AHAPCheck.sarifRules)
        var cases: [JUnitReport.Case] = []
        for file in files {
            let checked = try AHAPCheck.check(file, analysis: analysis, cues: cues, io: io)
            findings += checked.findings
            let result = checked.result, valid = checked.valid, alignments = checked.alignments
            if format == .sarif || format == .junit {
                AHAPCheck.record(
                    file: file, bytes: checked.bytes, diagnostics: result.diagnostics, alignments: alignments, valid: valid, into: &log, cases: &cases
                )
            } else if format == .json {
                reports.append(checked.json)
            } else {
                // File names, pointers and problems quote the file (an `EventType`): escaped.
                for d in result.diagnostics {
                    io.err(
                        TerminalText.escaped(
                            "motionsync: \(d.severity == .error ? "invalid AHAP" : "warning") (\(d.file)\(d.location.map { ":\($0)" } ?? "") at \(d.pointer)): \(d.problem)"
                        ))
                }
                io.line(
                    TerminalText.escaped(
                        "\(valid ? "valid  " : "INVALID") \(file)\(result.warnings.isEmpty ? "" : " (\(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s"))")"
                    ))
                if !alignments.isEmpty {
                    io.out(
                        TextTable(
                            header: ["  EVENT", "TIME", "NEAREST MOMENT", "OFFSET", "VERDICT"],
                            rows: alignments.map { a in
                                [
                                    "  " + a.kind.rawValue, PeaksCommand.ms(a.time), a.nearest.map(PeaksCommand.ms) ?? "-",
                                    a.offsetText ?? "-", a.verdict.rawValue,
                                ]
                            }
                        ).render())
                }
            }
        }
        switch format {
        case .json: io.out(JSONWriter().string(.array(reports)))
        case .sarif: io.out(log.text)
        case .junit: io.out(JUnitReport(suite: "motionsync check-ahap", cases: cases).xml)
        case .table: break
        }
        return findings > 0 ? 1 : 0
    }
}
