import Foundation
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
        var analysis: MotionAnalysis?
        var cues: [Cue] = []
        if let against {
            let animation = try AnimationResolver(io: io, globals: globals).resolve(against)
            analysis = try AnimationFigures(animation, options: options).analysis
            cues = animation.spec.cues
        }
        var findings = 0
        var reports: [JSONValue] = []
        var log = SARIFLog(rules: Self.sarifRules)
        var cases: [JUnitReport.Case] = []
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
            if format == .sarif || format == .junit {
                Self.record(file: file, bytes: [UInt8](data), diagnostics: result.diagnostics, alignments: alignments, valid: valid, into: &log, cases: &cases)
            } else if format == .json {
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
        switch format {
        case .json: io.out(JSONWriter().string(.array(reports)))
        case .sarif: io.out(log.text)
        case .junit: io.out(JUnitReport(suite: "motionsync check-ahap", cases: cases).xml)
        case .table: break
        }
        return findings > 0 ? 1 : 0
    }

    // MARK: CI formats

    static let sarifRules: [SARIFLog.Rule] = [
        .init(id: "invalid-ahap", summary: "Core Haptics would refuse this", full: "The AHAP file breaks a rule of the format as Core Haptics reads it (haptic-formats.md).", level: .error),
        .init(id: "ahap-warning", summary: "accepted, but not as written", full: "The AHAP file is accepted with a warning (trailing commas, a value clamped, …).", level: .warning),
        .init(id: "haptic-lead", summary: "the haptic comes before its visual moment by more than 15 ms", full: "Di Luca & Mahnan 2019: haptic-first asynchrony is noticed beyond about 15 ms.", level: .error),
        .init(id: "haptic-lag", summary: "the haptic trails its visual moment by more than 50 ms", full: "Di Luca & Mahnan 2019: haptic-after-visual asynchrony goes unnoticed up to 50 ms.", level: .error),
    ]

    /// Adds one file's findings: a SARIF result per diagnostic and per misaligned event (at the
    /// event's line:column), a JUnit case for the file and one per event.
    static func record(file: String, bytes: [UInt8], diagnostics: [HapticDiagnostic], alignments: [HapticAlignment], valid: Bool,
                       into log: inout SARIFLog, cases: inout [JUnitReport.Case]) {
        for d in diagnostics {
            log.results.append(.init(ruleID: d.isError ? "invalid-ahap" : "ahap-warning", level: d.isError ? .error : .warning,
                                     message: "\(d.pointer): \(d.problem)", location: SARIFLog.Location(path: file, line: d.location?.line, column: d.location?.column)))
        }
        let errors = diagnostics.filter(\.isError)
        cases.append(.init(name: "valid AHAP", className: file, failure: valid ? nil : errors.map { "\($0.place): \($0.problem)" }.joined(separator: "; "),
                           output: diagnostics.filter { !$0.isError }.map { "\($0.place): \($0.problem)" }.joined(separator: "; ").nonEmpty))
        let places = eventPlaces(bytes)
        for a in alignments {
            let place = places.first { abs($0.time - a.time) < 5e-5 && $0.kind == a.kind }?.location
            let offset = a.offsetText ?? "-"
            let name = "\(a.kind.rawValue) at \(PeaksCommand.ms(a.time))"
            switch a.verdict {
            case .leads, .lags:
                let rule = a.verdict == .leads ? "haptic-lead" : "haptic-lag"
                let text = "\(name) is \(offset) from the moment at \(a.nearest.map(PeaksCommand.ms) ?? "-")"
                log.results.append(.init(ruleID: rule, level: .error, message: text, location: SARIFLog.Location(path: file, line: place?.line, column: place?.column)))
                cases.append(.init(name: name, className: file, failure: text))
            case .ok, .noMoment:
                cases.append(.init(name: name, className: file, output: a.verdict == .noMoment ? "no moment to compare with" : nil))
            }
        }
    }

    /// The time, kind and line:column of each haptic event written in an AHAP file.
    static func eventPlaces(_ bytes: [UInt8]) -> [(time: Double, kind: HapticEvent.Kind, location: SourceLocation?)] {
        guard let document = try? JSONParser(allowTrailingCommas: true).parse(bytes), let pattern = document.value["Pattern"]?.arrayValue else { return [] }
        return pattern.enumerated().compactMap { k, element in
            guard let event = element["Event"], let time = event["Time"]?.numberValue, let type = event["EventType"]?.stringValue else { return nil }
            let kind: HapticEvent.Kind
            switch type {
            case "HapticTransient": kind = .transient
            case "HapticContinuous": kind = .continuous
            default: return nil
            }
            return (time, kind, document.location(of: JSONPointer(["Pattern", String(k), "Event"])))
        }
    }
}

extension String {
    /// nil for the empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
