import MotionBudget
import MotionCore
import MotionHaptics
import MotionJSON

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - AHAPCheck

/// What `motionsync check-ahap` checks: each AHAP file validated as Core Haptics reads it and,
/// against an animation, each haptic event's offset (ms) from the nearest moment of its kind
/// (transients: peaks, impacts, snaps; continuous events: hold starts). A lead over 15 ms or a lag
/// over 50 ms is a finding, as is an invalid file.
public enum AHAPCheck {
    /// One file's check.
    public struct FileResult {
        /// The file as named.
        public let file: String
        /// Its bytes.
        public let bytes: [UInt8]
        /// The decoder's pattern and diagnostics.
        public let result: AHAPDecodeResult
        /// Each event against the nearest moment (empty without an animation).
        public let alignments: [HapticAlignment]

        /// Whether Core Haptics would take the file.
        public var valid: Bool { result.pattern != nil }
        /// Findings: 1 for an invalid file, plus each event that leads or lags.
        public var findings: Int { (valid ? 0 : 1) + alignments.filter { $0.verdict == .leads || $0.verdict == .lags }.count }

        /// `{"file","valid","problems":[…],"events":[{"time","type","nearest","offsetMs","verdict"}]}` (times in s).
        public var json: JSONValue {
            .object(
                JSONObject([
                    ("file", .string(file)), ("valid", .bool(valid)),
                    ("problems", .array(result.diagnostics.map(\.description).map(JSONValue.string))),
                    (
                        "events",
                        .array(
                            alignments.map { a in
                                var o = JSONObject()
                                o["time"] = .number(FigureText.time(a.time))
                                o["type"] = .string(a.kind.rawValue)
                                o["nearest"] = a.nearest.map { .number(FigureText.time($0)) } ?? .null
                                o["offsetMs"] = a.shownOffset.map { .number($0.ms) } ?? .null
                                o["verdict"] = .string(a.verdict.rawValue)
                                return .object(o)
                            })
                    ),
                ]))
        }
    }

    /// The analysis and cues of the animation named by `against` (nil: validate only).
    /// - Throws: the resolver's `CLIError` for a reference that names nothing.
    public static func reference(
        _ against: String?, options: AnalysisOptions = .standard, globals: GlobalOptions, io: CommandIO
    ) throws -> (analysis: MotionAnalysis?, cues: [Cue]) {
        guard let against else { return (nil, []) }
        let animation = try AnimationResolver(io: io, globals: globals).resolve(against)
        return (try AnimationFigures(animation, options: options).analysis, animation.spec.cues)
    }

    /// Checks `file` (relative paths against the IO's current directory).
    /// - Throws: `CLIError.usage` when the file cannot be read.
    public static func check(_ file: String, analysis: MotionAnalysis?, cues: [Cue] = [], io: CommandIO) throws -> FileResult {
        guard let data = FileManager.default.contents(atPath: io.resolve(path: file)) else {
            throw CLIError.usage("cannot read \(file)", hint: "check the path")
        }
        let bytes = [UInt8](data)
        let result = AHAPDecoder().decode(bytes: bytes, file: file)
        var alignments: [HapticAlignment] = []
        if let analysis, let pattern = result.pattern {
            alignments = HapticAlignment.align(pattern.hapticEvents, to: analysis, cues: cues)
        }
        return FileResult(file: file, bytes: bytes, result: result, alignments: alignments)
    }

    // MARK: CI formats

    public static let sarifRules: [SARIFLog.Rule] = [
        .init(
            id: "invalid-ahap", summary: "Core Haptics would refuse this",
            full: "The AHAP file breaks a rule of the format as Core Haptics reads it.", level: .error),
        .init(
            id: "ahap-warning", summary: "accepted, but not as written",
            full: "The AHAP file is accepted with a warning (trailing commas, a value clamped, …).", level: .warning),
        .init(
            id: "haptic-lead", summary: "the haptic comes before its visual moment by more than 15 ms",
            full: "Di Luca & Mahnan 2019 (doi:10.1109/WHC.2019.8816173): a haptic before its visual is noticed beyond about 15 ms.", level: .error,
            helpURI: BudgetProfile.Address.diLucaMahnan2019),
        .init(
            id: "haptic-lag", summary: "the haptic trails its visual moment by more than 50 ms",
            full: "Di Luca & Mahnan 2019 (doi:10.1109/WHC.2019.8816173): a haptic after its visual goes unnoticed up to 50 ms.", level: .error,
            helpURI: BudgetProfile.Address.diLucaMahnan2019),
    ]

    /// Adds one file's findings: a SARIF result per diagnostic and per misaligned event (at the
    /// event's line:column), a JUnit case for the file and one per event.
    public static func record(
        file: String, bytes: [UInt8], diagnostics: [HapticDiagnostic], alignments: [HapticAlignment], valid: Bool,
        into log: inout SARIFLog, cases: inout [JUnitReport.Case]
    ) {
        for d in diagnostics {
            log.results.append(
                .init(
                    ruleID: d.isError ? "invalid-ahap" : "ahap-warning", level: d.isError ? .error : .warning,
                    message: "\(d.pointer): \(d.problem)", location: SARIFLog.Location(path: file, line: d.location?.line, column: d.location?.column)
                ))
        }
        let errors = diagnostics.filter(\.isError)
        cases.append(
            .init(
                name: "valid AHAP", className: file, failure: valid ? nil : errors.map { "\($0.place): \($0.problem)" }.joined(separator: "; "),
                output: diagnostics.filter { !$0.isError }.map { "\($0.place): \($0.problem)" }.joined(separator: "; ").nonEmpty))
        let places = eventPlaces(bytes)
        for a in alignments {
            let place = places.first { abs($0.time - a.time) < 5e-5 && $0.kind == a.kind }?.location
            let offset = a.offsetText ?? "-"
            let name = "\(a.kind.rawValue) at \(FigureText.ms(a.time))"
            switch a.verdict {
            case .leads, .lags:
                let rule = a.verdict == .leads ? "haptic-lead" : "haptic-lag"
                let text = "\(name) is \(offset) from the moment at \(a.nearest.map(FigureText.ms) ?? "-")"
                log.results.append(
                    .init(
                        ruleID: rule, level: .error, message: text, location: SARIFLog.Location(path: file, line: place?.line, column: place?.column))
                )
                cases.append(.init(name: name, className: file, failure: text))
            case .ok, .noMoment:
                cases.append(.init(name: name, className: file, output: a.verdict == .noMoment ? "no moment to compare with" : nil))
            }
        }
    }

    /// The time, kind and line:column of each haptic event written in an AHAP file.
    public static func eventPlaces(_ bytes: [UInt8]) -> [(time: Double, kind: HapticEvent.Kind, location: SourceLocation?)] {
        guard let document = try? JSONParser(allowTrailingCommas: true).parse(bytes), let pattern = document.value["Pattern"]?.arrayValue else {
            return []
        }
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
