import MotionCore
import MotionJSON
import MotionPipeline

// MARK: - PeaksCommand

/// `motionsync peaks SCREEN/ID [--format table|json]`.
public struct PeaksCommand: Command {
    public static let name = "peaks"
    public static let summary = "peaks and holds per property, found on the real curve, times to 0.1 ms"
    public static let help = """
        USAGE
          motionsync peaks SCREEN/ID|FILE#ID [--format table|json] [analysis options]

        Finds where each property peaks (local maxima and minima located by root finding on the
        analytic velocity, to better than 0.1 ms), where it rests (holds), where it jumps (snaps)
        and where it arrives hard (impacts). Holds the author wrote (a keyframe to the value it
        already has) are checked against the real curve: a "hold" that bulges is reported as not
        flat, with how far and when.

        OPTIONS
          --format table|json  table (default) or JSON:
                               {"screen","id","duration","repeating",
                                "peaks":[{"property","time","value","kind","prominence"}],
                                "holds":[{"property","start","end","value","position"}],
                                "writtenHolds":[{"property","start","end","value","flat","deviation","at"}],
                                "snaps":[{"property","time","from","to"}],
                                "impacts":[{"property","time","value","incomingVelocity","outgoingVelocity"}]}
        \(AnalysisFlags.help)

        EXAMPLES
          motionsync peaks Feed/heart-pulse
          motionsync peaks Specs/Feed.json#heart-pulse --format json --min-prominence 0.05
        """

    public enum Format: String { case table, json }

    let reference: String
    let format: Format
    let options: AnalysisOptions
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        let formatText = try arguments.option("format") ?? "table"
        guard let format = Format(rawValue: formatText) else {
            throw CLIError.usage("unknown --format \(formatText)", hint: "use --format table or --format json")
        }
        self.format = format
        options = try AnalysisFlags.parse(&arguments)
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else { throw CLIError.usage("name one animation", hint: "write motionsync peaks SCREEN/ID (or FILE#ID)") }
        reference = positionals[0]
    }

    public func run(io: CommandIO) throws -> Int32 {
        let animation = try AnimationResolver(io: io, globals: globals).resolve(reference)
        let figures = try AnimationFigures(animation, options: options)
        // Where it is written: the spec's line, or the line of the code it was read from.
        let place = SpecLocator.withStore(globals, io: io).location(path: animation.source, id: animation.spec.id)
        switch format {
        case .json:
            var json = Self.json(figures.analysis, screen: animation.screen, id: animation.spec.id)
            if case .object(var object) = json {
                object["source"] = .object(
                    JSONObject(
                        [("path", .string(place.path))] + (place.line.map { [("line", JSONValue.number(Double($0)))] } ?? [])
                            + (place.column.map { [("column", JSONValue.number(Double($0)))] } ?? [])))
                json = .object(object)
            }
            io.out(JSONWriter().string(json))
        case .table: io.out(Self.table(figures.analysis, screen: animation.screen, id: animation.spec.id, source: place.text))
        }
        return 0
    }

    /// Seconds rounded to 0.1 ms, values to 1e-6.
    static func time(_ t: Double) -> Double { FigureText.time(t) }
    static func value(_ v: Double) -> Double { FigureText.value(v) }
    static func ms(_ t: Double) -> String { FigureText.ms(t) }
    static func seconds(_ t: Double) -> String { FigureText.seconds(t) }
    static func number(_ v: Double) -> String { FigureText.number(v) }

    public static func json(_ a: MotionAnalysis, screen: String, id: String) -> JSONValue {
        .object(
            JSONObject([
                ("screen", .string(screen)), ("id", .string(id)), ("duration", .number(time(a.duration))), ("repeating", .bool(a.isRepeating)),
                (
                    "peaks",
                    .array(
                        a.peaks.map { p in
                            [
                                "property": .string(p.property), "time": .number(time(p.time)), "value": .number(value(p.value)),
                                "kind": .string(p.kind.rawValue), "prominence": .number(value(p.prominence)),
                            ]
                        })
                ),
                (
                    "holds",
                    .array(
                        a.holds.map { h in
                            [
                                "property": .string(h.property), "start": .number(time(h.start)), "end": .number(time(h.end)),
                                "value": .number(value(h.value)), "position": .string(h.position.rawValue),
                            ]
                        })
                ),
                (
                    "writtenHolds",
                    .array(
                        a.writtenHolds.map { c in
                            [
                                "property": .string(c.property), "start": .number(time(c.written.start)), "end": .number(time(c.written.end)),
                                "value": .number(value(c.written.value)), "flat": .bool(c.isFlat), "deviation": .number(value(c.deviation)),
                                "at": .number(time(c.deviationTime)), "origin": .string(c.written.origin),
                            ]
                        })
                ),
                (
                    "snaps",
                    .array(
                        a.snaps.map { s in
                            [
                                "property": .string(s.property), "time": .number(time(s.time)), "from": .number(value(s.from)),
                                "to": .number(value(s.to)),
                            ]
                        })
                ),
                (
                    "impacts",
                    .array(
                        a.impacts.map { i in
                            [
                                "property": .string(i.property), "time": .number(time(i.time)), "value": .number(value(i.value)),
                                "incomingVelocity": .number(value(i.incomingVelocity)), "outgoingVelocity": .number(value(i.outgoingVelocity)),
                            ]
                        })
                ),
            ]))
    }

    public static func table(_ a: MotionAnalysis, screen: String, id: String, source: String? = nil) -> String {
        var out =
            "\(TerminalText.escaped(screen))/\(TerminalText.escaped(id)): \(CFormat.string("%.1f", a.duration * 1000)) ms\(a.isRepeating ? " per cycle (looping)" : "")\n"
        if let source { out += "  written at \(TerminalText.escaped(source))\n" }
        out += "\nPEAKS\n"
        out +=
            a.peaks.isEmpty
            ? "  none\n"
            : TextTable(
                header: ["  PROPERTY", "TIME", "VALUE", "KIND", "PROMINENCE"],
                rows: a.peaks.map {
                    ["  " + $0.property, ms($0.time), number($0.value), $0.kind.rawValue, number($0.prominence)]
                }
            ).render()
        out += "\nHOLDS\n"
        out +=
            a.holds.isEmpty
            ? "  none\n"
            : TextTable(
                header: ["  PROPERTY", "START", "END", "VALUE", "WHERE"],
                rows: a.holds.map {
                    [
                        "  " + $0.property, ms($0.start), ms($0.end), number($0.value),
                        $0.position == .interior ? "between movements" : $0.position.rawValue,
                    ]
                }
            ).render()
        if !a.snaps.isEmpty {
            out +=
                "\nSNAPS\n"
                + TextTable(
                    header: ["  PROPERTY", "TIME", "FROM", "TO"],
                    rows: a.snaps.map {
                        ["  " + $0.property, ms($0.time), number($0.from), number($0.to)]
                    }
                ).render()
        }
        if !a.impacts.isEmpty {
            out +=
                "\nIMPACTS\n"
                + TextTable(
                    header: ["  PROPERTY", "TIME", "VALUE", "SPEED IN", "SPEED OUT"],
                    rows: a.impacts.map {
                        ["  " + $0.property, ms($0.time), number($0.value), number($0.incomingVelocity), number($0.outgoingVelocity)]
                    }
                ).render()
        }
        if !a.writtenHolds.isEmpty {
            out += "\nWRITTEN HOLDS\n"
            // Spans by name, built once (`range(of:)` scans every property).
            var spans: [String: Double] = [:]
            for range in a.ranges where spans[range.property] == nil { spans[range.property] = range.span }
            for c in a.writtenHolds {
                let span = spans[c.property] ?? 0
                let place =
                    "  \(TerminalText.escaped(c.property)) \(TerminalText.escaped(c.written.origin)), \(ms(c.written.start))–\(ms(c.written.end)) at \(number(c.written.value))"
                if c.isFlat {
                    out += "\(place): flat (within \(number(c.deviation)))\n"
                } else {
                    let percent = span > 0 ? CFormat.string(" (%.1f %% of the range)", c.deviation / span * 100) : ""
                    out +=
                        "\(place): NOT flat, reaches \(number(c.deviationValue)) at \(ms(c.deviationTime)), \(number(c.deviationValue - c.written.value))\(percent)\n"
                }
            }
        }
        return out
    }
}
