import Foundation
import MotionCore
import MotionHaptics
import MotionJSON

// MARK: - CheckAHAPCommand

/// `motionsync check-ahap FILE… [--against SCREEN/ID]`.
public struct CheckAHAPCommand: Command {
    public static let name = "check-ahap"
    public static let summary = "validate AHAP files; with --against, how far each event sits from the motion's moments"
    public static let help = """
    USAGE
      motionsync check-ahap FILE… [--against SCREEN/ID|FILE#ID] [--format table|json] [analysis options]

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
      --format table|json  json: [{"file","valid","problems":[…],"events":[{"time","type","nearest","offsetMs","verdict"}]}]
    \(AnalysisFlags.help)

    EXAMPLES
      motionsync check-ahap Haptics/*.ahap
      motionsync check-ahap bump.ahap --against Checkout/add-to-cart-bump
    """

    let files: [String]
    let against: String?
    let json: Bool
    let options: AnalysisOptions
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        against = try arguments.option("against")
        let format = try arguments.option("format") ?? "table"
        guard format == "table" || format == "json" else { throw CLIError.usage("unknown --format \(format)", hint: "use --format table or --format json") }
        json = format == "json"
        options = try AnalysisFlags.parse(&arguments)
        files = try arguments.positionals()
        guard !files.isEmpty else { throw CLIError.usage("no AHAP files named", hint: "write motionsync check-ahap FILE.ahap") }
    }

    /// Each event against the nearest moment of the matching kind.
    public static func align(_ events: [HapticEvent], to analysis: MotionAnalysis, cues: [Cue] = []) -> [HapticAlignment] {
        HapticAlignment.align(events, to: analysis, cues: cues)
    }

    public func run(io: CommandIO) throws -> Int32 {
        var analysis: MotionAnalysis?
        var cues: [Cue] = []
        if let against {
            let animation = try AnimationResolver(io: io, globals: globals).resolve(against)
            analysis = try AnimationFigures(animation, options: options).analysis
            cues = animation.spec.cues
        }
        var findings = 0
        var reports: [JSONValue] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: io.resolve(path: file)) else {
                throw CLIError.usage("cannot read \(file)", hint: "check the path")
            }
            let result = AHAPDecoder().decode(bytes: [UInt8](data), file: file)
            let valid = result.pattern != nil
            if !valid { findings += 1 }
            let problems = result.diagnostics.map(\.description)
            var alignments: [HapticAlignment] = []
            if let analysis, let pattern = result.pattern {
                alignments = Self.align(pattern.hapticEvents, to: analysis, cues: cues)
                findings += alignments.filter { $0.verdict == .leads || $0.verdict == .lags }.count
            }
            if json {
                reports.append(.object(JSONObject([
                    ("file", .string(file)), ("valid", .bool(valid)), ("problems", .array(problems.map(JSONValue.string))),
                    ("events", .array(alignments.map { a in
                        var o = JSONObject()
                        o["time"] = .number(PeaksCommand.time(a.time))
                        o["type"] = .string(a.kind.rawValue)
                        o["nearest"] = a.nearest.map { .number(PeaksCommand.time($0)) } ?? .null
                        o["offsetMs"] = a.offset.map { .number(HapticAlignment.roundedMs($0)) } ?? .null
                        o["verdict"] = .string(a.verdict.rawValue)
                        return .object(o)
                    })),
                ])))
            } else {
                for d in result.diagnostics { io.err("motionsync: \(d.severity == .error ? "invalid AHAP" : "warning") (\(d.file)\(d.location.map { ":\($0)" } ?? "") at \(d.pointer)): \(d.problem)") }
                io.line("\(valid ? "valid  " : "INVALID") \(file)\(result.warnings.isEmpty ? "" : " (\(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s"))")")
                if !alignments.isEmpty {
                    io.out(TextTable(header: ["  EVENT", "TIME", "NEAREST MOMENT", "OFFSET", "VERDICT"], rows: alignments.map { a in
                        ["  " + a.kind.rawValue, PeaksCommand.ms(a.time), a.nearest.map(PeaksCommand.ms) ?? "-",
                         a.offsetText ?? "-", a.verdict.rawValue]
                    }).render())
                }
            }
        }
        if json { io.out(JSONWriter().string(.array(reports))) }
        return findings > 0 ? 1 : 0
    }
}
