import Foundation
import MotionBudget
import MotionCore
import MotionJSON
import MotionStore

// MARK: - BudgetCommand

/// `motionsync budget [--screen S] [--profile NAME|FILE] [--format table|json] [--strict]`.
public struct BudgetCommand: Command {
    public static let name = "budget"
    public static let summary = "check durations and haptics against touch-feedback rules, each with its source"
    public static let help = """
    USAGE
      motionsync budget [SCREEN/ID|FILE#ID|FILE …] [--screen S] [--profile NAME|FILE] [--format table|json] [--strict]

    Checks every live animation in the store (or the animations named: a spec FILE means all of
    its animations) against a profile of named rules, each with the published source of its
    numbers, and prints each rule once, then each animation's verdict with the figures that
    missed. An animation that declares reduceMotion "shortened" is also checked as its
    shortened version (0.15 s), marked "reduce motion".

    PROFILES
      apple-touch (default)  response ≤ 100 ms, tap feedback peaks ≤ 200 ms and lasts ≤ 400 ms
                             (≤ 600 ms warn), haptics on every peak of motion over 300 ms and
                             within −15/+50 ms of it, ≥ 80 ms apart, Android pulses ≤ 20 ms, no
                             haptics on loops, Reduce Motion fallbacks, short gesture motion
      material3              Material 3 duration tokens by area (small 200/400 ms, large
                             500/1000 ms) and the haptic timing rules
      FILE                   a JSON profile extending one of those and overriding limits
                             (schema: Schemas/budget-profile.schema.json)

    OPTIONS
      --screen S           only this screen (store)
      --profile P          a built-in profile name or a profile file
      --format table|json  json: {"profile","rules":[{"id","source","limit",…}],
                                  "results":[{"screen","id","rule","value","verdict",…}],
                                  "animations":[{"screen","id","verdict"}]}
                           (schema: Schemas/budget-report.schema.json)
      --strict             exit 1 when any rule fails (for CI)
    \(AnalysisFlags.help)

    EXAMPLES
      motionsync budget
      motionsync budget Specs/Checkout.json --strict
      motionsync budget --profile material3 --format json
    """

    let references: [String]
    let screen: String?
    let profileName: String?
    let json: Bool
    let strict: Bool
    let options: AnalysisOptions
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        screen = try arguments.option("screen")
        let format = try arguments.option("format") ?? "table"
        guard format == "table" || format == "json" else { throw CLIError.usage("unknown --format \(format)", hint: "use --format table or --format json") }
        json = format == "json"
        strict = arguments.flag("strict")
        profileName = try arguments.option("profile")
        if let name = profileName, BudgetProfile.named(name) == nil, name.isEmpty {
            throw CLIError.usage("--profile needs a name or a file", hint: "use apple-touch, material3 or a JSON profile file")
        }
        options = try AnalysisFlags.parse(&arguments)
        references = try arguments.positionals()
    }

    /// A built-in profile by name, or one read from a file.
    static func profile(_ text: String?, cwd: String?) throws -> BudgetProfile {
        guard let text else { return .appleTouch }
        if let builtIn = BudgetProfile.named(text) { return builtIn }
        let path = text.hasPrefix("/") || cwd == nil ? text : (cwd! as NSString).appendingPathComponent(text)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.usage("--profile \(text) is neither a built-in profile nor a readable file",
                                 hint: "use \(BudgetProfile.builtIn.map(\.name).joined(separator: " or ")), or a JSON profile file")
        }
        let decoded = BudgetProfileDecoder().decode(bytes: [UInt8](data))
        guard let profile = decoded.profile else {
            throw CLIError.rejectedLines(decoded.problems.map { "motionsync: rejected profile (\(text)\($0.location.map { ":\($0)" } ?? "") at \($0.pointer)): \($0.message)" })
        }
        return profile
    }

    /// The animations to check.
    func animations(io: CommandIO) throws -> [ResolvedAnimation] {
        let resolver = AnimationResolver(io: io, globals: globals)
        if !references.isEmpty {
            return try references.flatMap { reference -> [ResolvedAnimation] in
                var isDirectory: ObjCBool = false
                if !reference.contains("#"), FileManager.default.fileExists(atPath: io.resolve(path: reference), isDirectory: &isDirectory), !isDirectory.boolValue {
                    let spec = try resolver.loadSpec(reference)
                    return spec.animations.map { ResolvedAnimation(screen: spec.screen, spec: $0, source: reference) }
                }
                return [try resolver.resolve(reference)]
            }
        }
        let store = try StoreAccess.open(globals, io: io)
        do {
            return try store.inventory(InventoryFilter(screen: screen)).compactMap { row in
                try store.animation(screen: row.screen, id: row.id).map { ResolvedAnimation(screen: $0.screen, spec: $0.spec, source: $0.source) }
            }
        } catch let error as StoreError {
            throw CLIError.store(place: store.path, why: error.description)
        }
    }

    public func run(io: CommandIO) throws -> Int32 {
        let profile = try Self.profile(profileName, cwd: io.currentDirectory)
        let evaluator = BudgetEvaluator(profile: profile, options: options)
        let animations = try animations(io: io)
        var results: [BudgetResult] = []
        for a in animations {
            do { results += try evaluator.evaluate(a.spec, screen: a.screen) } catch {
                throw CLIError.rejected(what: "cannot build the timeline", place: "\(a.screen)/\(a.spec.id)", why: "\(error)")
            }
        }
        let report = BudgetReport(profile: profile, animations: animations.map { ($0.screen, $0.spec.id) }, results: results)
        io.out(json ? JSONWriter().string(report.json) : report.table)
        if strict && results.contains(where: { $0.verdict == .fail }) {
            io.err("motionsync: findings (budget): \(results.filter { $0.verdict == .fail }.count) rule result(s) fail")
            return 1
        }
        return 0
    }
}

// MARK: - BudgetReport

/// The budget results of some animations under one profile, in table or JSON form.
public struct BudgetReport {
    public let profile: BudgetProfile
    public let animations: [(screen: String, id: String)]
    public let results: [BudgetResult]

    public func verdict(screen: String, id: String) -> BudgetVerdict {
        BudgetEvaluator.overall(results.filter { $0.screen == screen && $0.id == id })
    }

    static func value(_ r: BudgetResult, unit: String) -> String {
        let v = r.value + 0  // no "-0"
        return switch unit {
        case "s": String(format: "%.0f ms", (v * 1000).rounded() + 0)
        case "ms": String(format: "%.0f ms", v.rounded() + 0)
        case "events": "\(Int(r.value)) event\(r.value == 1 ? "" : "s")"
        default: r.value == 0 ? "no" : "yes"
        }
    }

    public var table: String {
        var out = "PROFILE \(profile.name)\n\nRULES\n"
        out += TextTable(header: ["  ID", "LIMIT", "SOURCE"], rows: profile.rules.filter(\.enabled).map { ["  " + $0.id, $0.limitText, $0.source] }).render()
        out += "\nRESULTS\n"
        var rows: [[String]] = []
        for a in animations {
            let mine = results.filter { $0.screen == a.screen && $0.id == a.id }
            let findings = mine.filter { $0.verdict != .pass }.map { r -> String in
                let unit = profile.rules.first { $0.id == r.rule }?.metric.unit ?? ""
                return "\(r.rule)\(r.variant == nil ? "" : " (reduce motion)") \(Self.value(r, unit: unit)) \(r.verdict.rawValue)"
            }
            rows.append(["  \(a.screen)/\(a.id)", BudgetEvaluator.overall(mine).rawValue, findings.isEmpty ? "all \(mine.count) rules pass" : findings.joined(separator: "; ")])
        }
        out += TextTable(header: ["  ANIMATION", "VERDICT", "FINDINGS"], rows: rows).render()
        let counts = BudgetVerdict.allCases.map { v in "\(animations.filter { verdict(screen: $0.screen, id: $0.id) == v }.count) \(v.rawValue)" }
        out += "\n\(animations.count) animation\(animations.count == 1 ? "" : "s"): \(counts.joined(separator: ", "))\n"
        return out
    }

    public var json: JSONValue {
        .object(JSONObject([
            ("profile", .string(profile.name)),
            ("rules", .array(profile.rules.filter(\.enabled).map { r in
                .object(JSONObject([
                    ("id", .string(r.id)), ("summary", .string(r.summary)), ("source", .string(r.source)), ("limit", .string(r.limitText)),
                    ("unit", .string(r.metric.unit)), ("direction", .string(r.direction.rawValue)), ("pass", .number(r.pass)),
                    ("warn", r.warn.map(JSONValue.number) ?? .null), ("beyond", .string(r.beyond.rawValue)),
                ]))
            })),
            ("results", .array(results.map { r in
                var o = JSONObject([("screen", .string(r.screen)), ("id", .string(r.id)), ("rule", .string(r.rule)),
                                    ("value", .number((r.value * 1e6).rounded() / 1e6)),
                                    ("unit", .string(profile.rules.first { $0.id == r.rule }?.metric.unit ?? "")), ("verdict", .string(r.verdict.rawValue))])
                if let v = r.variant { o["variant"] = .string(v) }
                return .object(o)
            })),
            ("animations", .array(animations.map { a in
                .object(JSONObject([("screen", .string(a.screen)), ("id", .string(a.id)), ("verdict", .string(verdict(screen: a.screen, id: a.id).rawValue))]))
            })),
        ]))
    }
}
