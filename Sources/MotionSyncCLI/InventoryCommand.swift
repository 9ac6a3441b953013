import MotionBudget
import MotionCore
import MotionJSON
import MotionPipeline
import MotionStore

// MARK: - InventoryCommand

/// `motionsync inventory`: the animations per screen.
public struct InventoryCommand: Command {
    public static let name = "inventory"
    public static let summary = "the imported animations per screen, filterable, as a table, JSON or CSV"
    public static let help = """
        USAGE
          motionsync inventory [--screen S] [--kind keyframes|phases|implicit|layer] [--trigger T] [--over-budget]
                               [--profile NAME|FILE] [--format table|json|csv]

        Lists the live animations in the store (removed ones are kept as history but not listed),
        sorted by screen and id, with kind, trigger, duration (one cycle for loops), revision and
        the file and line each came from (SOURCE is file:line:column). HAPTICS counts the events
        motionsync plans on the motion's moments; CODE HAPTICS what the app's code fires itself with it
        (- where the source does not say). A duration marked ~ rests on an estimate (a UIKit damping-duration
        spring, a spring that plays until it settles: Docs/core-animation-semantics.md); JSON and CSV
        give the reasons in "estimated".

        A spec's animation and the code that plays it are linked, by the rule diff pairs them by
        (same id, then component, then the name codegen gives it): the table shows them as one
        row, SOURCE giving both places (the spec's first) and CODE HAPTICS the code's; JSON and CSV
        keep a row each, linked (JSON's "link" names the other side and its place). Where two or more code animations fit one spec animation equally
        well, none is linked and the table says so below.

        OPTIONS
          --screen S       only this screen (exact name)
          --kind K         keyframes, phases, implicit or layer
          --trigger T      tap, appear, repeating, scroll, drag or event:<name>
          --over-budget    only animations whose budget verdict is warn or fail
          --profile P      the budget profile for the verdict column (default apple-touch; see budget --help)
          --format F       table (default), json, or csv
                           json: [{"screen","id","kind","trigger","duration","peaks","holds",
                                   "hapticEvents","budget","source","component","reduceMotion","repeating","revision",
                                   "estimated","line","column","codeHaptics","alsoOn","origin","link"}]
                           estimated: why the timeline is an estimate, or null
                           line, column: where the animation is written in source (1-based), or null
                           codeHaptics: haptics the code fires itself with the animation (null when
                                        the source does not say, as in a spec)
                           alsoOn: the other screens that contain a component read from code (it is
                                   listed under the first by name; CSV: separated by ;)
                           origin: spec, code (Swift) or design (a Lottie export)
                           link: {"state":"paired"|"ambiguous","with":[{"screen","id","origin","source"}]}
                                 or null: the other side of the animation, each with its
                                 "path:line:column"
                           CSV adds: origin, link (paired, ambiguous or empty), linkedWith
                                 (SCREEN/ID) and linkedSources (path:line:column), each
                                 separated by ;

        EXAMPLES
          motionsync inventory
          motionsync inventory --screen Checkout --format json
        """

    public enum Format: String { case table, json, csv }

    public let filter: InventoryFilter
    public let format: Format
    public let overBudget: Bool
    public let profileName: String?
    public let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        let screen = try arguments.option("screen")
        let kind = try arguments.option("kind")
        let trigger = try arguments.option("trigger")
        if let kind, !["keyframes", "phases", "implicit", "layer"].contains(kind) {
            throw CLIError.usage("unknown --kind \(kind)", hint: "use --kind keyframes, --kind phases, --kind implicit or --kind layer")
        }
        if let trigger, Trigger(trigger) == nil {
            throw CLIError.usage("unknown --trigger \(trigger)", hint: "use tap, appear, repeating, scroll, drag or event:<name>")
        }
        let formatText = try arguments.option("format") ?? "table"
        guard let format = Format(rawValue: formatText) else {
            throw CLIError.usage("unknown --format \(formatText)", hint: "use table, json or csv")
        }
        self.format = format
        overBudget = arguments.flag("over-budget")
        profileName = try arguments.option("profile")
        filter = InventoryFilter(screen: screen, kind: kind, trigger: trigger)
        try arguments.finish()
    }

    public func run(io: CommandIO) throws -> Int32 {
        let profile = try BudgetCommand.profile(profileName, cwd: io.currentDirectory)
        let pairs = try InventoryRun(filter: filter, profile: profile, overBudget: overBudget, globals: globals).run(io: io)
        Self.render(pairs.map(\.row), figures: pairs.map(\.figures), format: format, relativeTo: io.currentDirectory, into: io.out)
        return 0
    }

    /// Counts per animation (`InventoryRun.Figures`).
    public typealias Figures = InventoryRun.Figures

    /// The rows in `format`. Source paths are shown relative to `directory` when inside it.
    public static func render(_ rows: [InventoryRow], figures: [Figures], format: Format, relativeTo directory: String) -> String {
        var text = ""
        render(rows, figures: figures, format: format, relativeTo: directory) { text += $0 }
        return text
    }

    /// The same text handed to `emit` in pieces of about 64 KB (the JSON and CSV forms), so a
    /// large inventory is written while it is made instead of held whole.
    public static func render(_ rows: [InventoryRow], figures: [Figures], format: Format, relativeTo directory: String, into emit: (String) -> Void) {
        let source = { (path: String) in path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path }
        switch format {
        case .table: renderTable(rows, figures: figures, source: source, into: emit)
        case .json: renderJSON(rows, figures: figures, source: source, into: emit)
        case .csv: renderCSV(rows, figures: figures, source: source, into: emit)
        }
    }

    /// Bytes gathered before they are handed on.
    static let chunk = 1 << 16

    /// `path:line:column` where the place is known, else the path.
    static func located(_ path: String, _ place: SourcePlace?) -> String {
        place.map { "\(path):\($0.line):\($0.column)" } ?? path
    }

    /// The places an animation is written, the spec's first: its own, and where it is paired
    /// (`InventoryLink`), the other side's.
    static func sources(_ r: InventoryRow, source: (String) -> String) -> [String] {
        let own = located(source(r.source), r.place)
        guard let link = r.link, link.state == .paired, let other = link.with.first else { return [own] }
        let theirs = located(source(other.source), other.place)
        return r.origin == "code" ? [theirs, own] : [own, theirs]
    }

    /// One row per animation: a code row paired with a spec row that is listed too is shown as
    /// that row (SOURCE gives both places, CODE HAPTICS the code's); an ambiguous match is said
    /// below the table.
    static func renderTable(_ rows: [InventoryRow], figures: [Figures], source: (String) -> String, into emit: (String) -> Void) {
        if rows.isEmpty {
            emit("no animations (import some with: motionsync import Specs/)\n")
            return
        }
        let listed = Set(rows.map { AnimationKey(screen: $0.screen, id: $0.id) })
        func folded(_ r: InventoryRow) -> Bool {
            guard r.origin == "code", let link = r.link, link.state == .paired, let spec = link.with.first else { return false }
            return listed.contains(AnimationKey(screen: spec.screen, id: spec.id))
        }
        let header = ["SCREEN", "ID", "KIND", "TRIGGER", "DURATION", "PEAKS", "HOLDS", "HAPTICS", "CODE HAPTICS", "BUDGET", "REV", "SOURCE"]
        var notes = ""
        var cells: [[String]] = []
        for (r, f) in zip(rows, figures) where !folded(r) {
            let paired = r.link.flatMap { $0.state == .paired ? $0.with.first : nil }
            let codeHaptics = r.codeHaptics ?? paired?.codeHaptics
            cells.append([
                r.screen, r.id, r.kind, r.trigger,
                (r.estimated == nil ? "" : "~") + DurationText.milliseconds(r.duration) + (r.repeating ? " loop" : ""),
                "\(f.peaks)", "\(f.holds)", "\(f.hapticEvents)", codeHaptics.map(String.init) ?? "-", f.budget.rawValue, "\(r.revision)",
                sources(r, source: source).joined(separator: " + "),
            ])
            if let link = r.link, link.state == .ambiguous, r.origin != "code" {
                let e: (String) -> String = TerminalText.escaped
                notes +=
                    "ambiguous: \(e(r.screen))/\(e(r.id)): \(link.with.count) code animations fit it equally well ("
                    + link.with.map { "\(e($0.id)) at \(e(located(source($0.source), $0.place)))" }.joined(separator: ", ")
                    + "), so none is linked; give the spec the id or component of the one that plays it\n"
            }
        }
        emit(TextTable(header: header, rows: cells).render() + notes)
    }

    /// Written row by row, byte for byte what JSONWriter makes of the same objects (two-space
    /// indentation, keys in this order), without building a dictionary per row: this is the hot
    /// path of `inventory` over a whole app.
    static func renderJSON(_ rows: [InventoryRow], figures: [Figures], source: (String) -> String, into emit: (String) -> Void) {
        if rows.isEmpty {
            emit("[]\n")
            return
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunk + 4096)
        func bytes(_ s: StaticString) { buffer.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount)) }
        func string(_ s: String) {
            if s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                buffer.append(contentsOf: JSONWriter.quote(s).utf8)
            } else {
                buffer.append(UInt8(ascii: "\""))
                buffer.append(contentsOf: s.utf8)
                buffer.append(UInt8(ascii: "\""))
            }
        }
        func optional(_ s: String?) { if let s { string(s) } else { bytes("null") } }
        func integer(_ n: Int?) { if let n { buffer.append(contentsOf: String(n).utf8) } else { bytes("null") } }
        bytes("[")
        for (k, (r, f)) in zip(rows, figures).enumerated() {
            if buffer.count >= chunk {
                emit(String(decoding: buffer, as: UTF8.self))
                buffer.removeAll(keepingCapacity: true)
            }
            k == 0 ? bytes("\n  {") : bytes(",\n  {")
            bytes("\n    \"screen\": ")
            string(r.screen)
            bytes(",\n    \"id\": ")
            string(r.id)
            bytes(",\n    \"kind\": ")
            string(r.kind)
            bytes(",\n    \"trigger\": ")
            string(r.trigger)
            bytes(",\n    \"duration\": ")
            buffer.append(contentsOf: JSONWriter.number(TimelineTable.rounded(r.duration)).utf8)
            bytes(",\n    \"peaks\": ")
            integer(f.peaks)
            bytes(",\n    \"holds\": ")
            integer(f.holds)
            bytes(",\n    \"hapticEvents\": ")
            integer(f.hapticEvents)
            bytes(",\n    \"budget\": ")
            string(f.budget.rawValue)
            bytes(",\n    \"source\": ")
            string(source(r.source))
            bytes(",\n    \"component\": ")
            optional(r.component)
            bytes(",\n    \"reduceMotion\": ")
            optional(r.reduceMotion)
            bytes(",\n    \"repeating\": ")
            r.repeating ? bytes("true") : bytes("false")
            bytes(",\n    \"revision\": ")
            integer(r.revision)
            bytes(",\n    \"estimated\": ")
            optional(r.estimated)
            bytes(",\n    \"line\": ")
            integer(r.place?.line)
            bytes(",\n    \"column\": ")
            integer(r.place?.column)
            bytes(",\n    \"codeHaptics\": ")
            integer(r.codeHaptics)
            bytes(",\n    \"alsoOn\": [")
            for (k, screen) in r.alsoOn.enumerated() {
                bytes(k == 0 ? "\n      " : ",\n      ")
                string(screen)
            }
            r.alsoOn.isEmpty ? bytes("]") : bytes("\n    ]")
            appendLinkFields(r, source: source, to: &buffer)
            bytes("\n  }")
        }
        bytes("\n]\n")
        emit(String(decoding: buffer, as: UTF8.self))
    }

    /// `"origin"` and `"link"` of one row of `renderJSON`, written the same way: the link's other
    /// side with its `"source"` (`path:line:column`), so that a linked animation's JSON names both
    /// places; nothing more for an unlinked row (the common case of a large inventory).
    static func appendLinkFields(_ r: InventoryRow, source: (String) -> String, to buffer: inout [UInt8]) {
        func bytes(_ s: StaticString) { buffer.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount)) }
        func string(_ s: String) {
            if s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                buffer.append(contentsOf: JSONWriter.quote(s).utf8)
            } else {
                buffer.append(UInt8(ascii: "\""))
                buffer.append(contentsOf: s.utf8)
                buffer.append(UInt8(ascii: "\""))
            }
        }
        bytes(",\n    \"origin\": ")
        // One of three plain words (the inventory view's CASE).
        buffer.append(UInt8(ascii: "\""))
        buffer.append(contentsOf: r.origin.utf8)
        buffer.append(UInt8(ascii: "\""))
        bytes(",\n    \"link\": ")
        guard let link = r.link else { return bytes("null") }
        bytes("{\n      \"state\": ")
        string(link.state.rawValue)
        bytes(",\n      \"with\": [")
        for (k, other) in link.with.enumerated() {
            bytes(k == 0 ? "\n        {\n          \"screen\": " : ",\n        {\n          \"screen\": ")
            string(other.screen)
            bytes(",\n          \"id\": ")
            string(other.id)
            bytes(",\n          \"origin\": ")
            string(other.origin)
            bytes(",\n          \"source\": ")
            string(located(source(other.source), other.place))
            bytes("\n        }")
        }
        bytes("\n      ]\n    }")
    }

    /// Bytes like the JSON; a field is quoted only when it holds a comma or quote, and escaped
    /// where it holds a control or bidi override (`CSV.field`): plain ASCII is copied as is. The
    /// columns added later come last, so scripts reading columns by position keep working.
    static func renderCSV(_ rows: [InventoryRow], figures: [Figures], source: (String) -> String, into emit: (String) -> Void) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunk + 4096)
        func field(_ s: String) {
            if s.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 < 0x20 || $0 >= 0x7F }) {
                buffer.append(contentsOf: TimelineTable.csvField(s).utf8)
            } else {
                buffer.append(contentsOf: s.utf8)
            }
        }
        func integer(_ n: Int?) { if let n { buffer.append(contentsOf: String(n).utf8) } }
        let comma = UInt8(ascii: ",")
        buffer.append(
            contentsOf:
                "screen,id,kind,trigger,duration,peaks,holds,hapticEvents,budget,source,component,reduceMotion,repeating,revision,estimated,line,column,codeHaptics,alsoOn,origin,link,linkedWith,linkedSources\n"
                .utf8)
        for (r, f) in zip(rows, figures) {
            if buffer.count >= chunk {
                emit(String(decoding: buffer, as: UTF8.self))
                buffer.removeAll(keepingCapacity: true)
            }
            field(r.screen)
            buffer.append(comma)
            field(r.id)
            buffer.append(comma)
            field(r.kind)
            buffer.append(comma)
            field(r.trigger)
            buffer.append(comma)
            buffer.append(contentsOf: TimelineTable.number(r.duration).utf8)
            buffer.append(comma)
            integer(f.peaks)
            buffer.append(comma)
            integer(f.holds)
            buffer.append(comma)
            integer(f.hapticEvents)
            buffer.append(comma)
            field(f.budget.rawValue)
            buffer.append(comma)
            field(source(r.source))
            buffer.append(comma)
            field(r.component ?? "")
            buffer.append(comma)
            field(r.reduceMotion ?? "")
            buffer.append(comma)
            buffer.append(contentsOf: (r.repeating ? "true" : "false").utf8)
            buffer.append(comma)
            integer(r.revision)
            buffer.append(comma)
            field(r.estimated ?? "")
            buffer.append(comma)
            integer(r.place?.line)
            buffer.append(comma)
            integer(r.place?.column)
            buffer.append(comma)
            integer(r.codeHaptics)
            buffer.append(comma)
            field(r.alsoOn.joined(separator: ";"))
            buffer.append(comma)
            appendCSVLinkColumns(r, source: source, to: &buffer)
            buffer.append(10)
        }
        emit(String(decoding: buffer, as: UTF8.self))
    }

    /// `origin,link,linkedWith,linkedSources` of one row of `renderCSV`, fields as `field` writes them.
    static func appendCSVLinkColumns(_ r: InventoryRow, source: (String) -> String, to buffer: inout [UInt8]) {
        func field(_ s: String) {
            if s.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 < 0x20 || $0 >= 0x7F }) {
                buffer.append(contentsOf: TimelineTable.csvField(s).utf8)
            } else {
                buffer.append(contentsOf: s.utf8)
            }
        }
        let comma = UInt8(ascii: ",")
        buffer.append(contentsOf: r.origin.utf8) // one of three plain words
        buffer.append(comma)
        if let link = r.link {
            field(link.state.rawValue)
            buffer.append(comma)
            field(link.with.map { "\($0.screen)/\($0.id)" }.joined(separator: ";"))
            buffer.append(comma)
            field(link.with.map { located(source($0.source), $0.place) }.joined(separator: ";"))
        } else {
            buffer.append(comma)
            buffer.append(comma)
        }
    }
}
