import MotionBudget
import MotionCore
import MotionFormats
import MotionJSON
import MotionPipeline
import MotionStore

// MARK: - BudgetCommand

/// `motionsync budget [--screen S] [--profile NAME|FILE] [--format table|json|sarif|junit] [--strict]`.
public struct BudgetCommand: Command {
    public static let name = "budget"
    public static let summary = "check durations and haptics against touch-feedback rules, each with its source"
    public static let help = """
        USAGE
          motionsync budget [SCREEN/ID|FILE#ID|FILE …] [--screen S] [--profile NAME|FILE] [--format table|json|sarif|junit] [--strict] [--wide]
          motionsync budget --rules [--profile NAME|FILE] [--wide]

        Checks every live animation in the store (or the animations named: a spec FILE means all of
        its animations) against a profile of named rules and prints each animation's verdict with
        the figures that missed. --rules prints the rules instead: what each checks, its limit, and
        its source with an address to read it at (or why it is motionsync's own rule). Rules about
        how long motion lasts measure the time until it comes to rest (stays within the hold band,
        as peaks lists a trailing hold), not a spring's settling time; where the two differ both are
        shown (tap-duration 428 ms (settles at 982 ms) warn). Figures keep the decimals their
        verdict needs (15.03 ms against a 15 ms limit). An animation that declares reduceMotion
        "shortened" is also checked as its shortened version (0.15 s, or an implicit animation's own
        Reduce Motion animation), marked "reduce motion". Haptics the code fires itself
        (.sensoryFeedback, feedback generators) are measured against the motion's first peak
        (feedback-sync, with advice); haptics fired on a state nothing animates on are listed.

        PROFILES
          apple-touch (default)  response ≤ 100 ms, tap feedback peaks ≤ 200 ms and rests by 400 ms
                                 (600 ms warn), haptics on every peak of motion over 300 ms and
                                 within −15/+50 ms of it (also the haptics the code fires itself), a
                                 haptic for tap animations from code, ≥ 80 ms apart, Android pulses
                                 ≤ 20 ms, no haptics on loops, Reduce Motion fallbacks, short gesture motion
          material3              Material 3 duration tokens by area (small 200/400 ms, large
                                 500/1000 ms) and the haptic timing rules
          FILE                   a JSON profile extending one of those and overriding limits
                                 (schema: Schemas/budget-profile.schema.json)

        OPTIONS
          --screen S           only this screen (store)
          --profile P          a built-in profile name or a profile file
          --format F           table (default), json, sarif or junit
                               json: {"profile","rules":[{"id","source","limit",…}],
                                      "results":[{"screen","id","rule","value","verdict",…}],
                                      "animations":[{"screen","id","verdict"}],
                                      "unpairedFeedback":[{"screen","component","feedback","trigger","source"}]}
                               (schema: Schemas/budget-report.schema.json)
                               sarif: SARIF 2.1.0, one result per failing (error) or warning
                               rule result, at the animation in its spec file (line:column)
                               junit: JUnit XML, one test case per rule result; fails are failures
          --strict             exit 1 when any rule fails (for CI)
          --rules              print the profile's rules, limits and sources (checks nothing)
          --wide               do not wrap the table to 100 columns

        EXIT CODES
          0 done (warnings and, without --strict, fails too); 1 a rule fails with --strict;
          2 bad usage, nothing in scope or a rejected file; 3 the store could not be opened
        \(AnalysisFlags.help)

        EXAMPLES
          motionsync budget
          motionsync budget --rules
          motionsync budget Specs/Checkout.json --strict
          motionsync budget --profile material3 --format json
          motionsync budget Specs/Feed.json --format sarif > budget.sarif
        """

    let references: [String]
    let screen: String?
    let profileName: String?
    let format: Format
    let strict: Bool
    let wide: Bool
    let rulesOnly: Bool
    let options: AnalysisOptions
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        screen = try arguments.option("screen")
        format = try Format.parse(try arguments.option("format"))
        strict = arguments.flag("strict")
        wide = arguments.flag("wide")
        rulesOnly = arguments.flag("rules")
        profileName = try arguments.option("profile")
        if let name = profileName, BudgetProfile.named(name) == nil, name.isEmpty {
            throw CLIError.usage("--profile needs a name or a file", hint: "use apple-touch, material3 or a JSON profile file")
        }
        options = try AnalysisFlags.parse(&arguments)
        references = try arguments.positionals()
        if rulesOnly, !references.isEmpty || screen != nil || format != .table || strict {
            throw CLIError.usage(
                "--rules prints the profile's rules and checks nothing",
                hint: "drop --rules to check animations, or drop the animations, --screen, --format and --strict to see the rules")
        }
    }

    /// A built-in profile by name, or one read from a file (`BudgetProfile.resolve`).
    static func profile(_ text: String?, cwd: String?) throws -> BudgetProfile {
        try BudgetProfile.resolve(text, cwd: cwd)
    }

    public func run(io: CommandIO) throws -> Int32 {
        let profile = try Self.profile(profileName, cwd: io.currentDirectory)
        let width = wide ? nil : BudgetReport.standardWidth
        if rulesOnly {
            io.out(BudgetReport(profile: profile, animations: [], results: []).rulesTable(width: width))
            return 0
        }
        let checked = try BudgetRun(references: references, screen: screen, profile: profile, options: options, globals: globals).run(io: io)
        let report = checked.report
        switch format {
        case .table:
            let locator = SpecLocator.withStore(globals, io: io)
            let places = Dictionary(
                report.animations.compactMap { a in
                    checked.sources["\(a.screen)/\(a.id)"].map { ("\(a.screen)/\(a.id)", locator.location(path: $0, id: a.id).text) }
                }, uniquingKeysWith: { first, _ in first })
            io.out(report.table(width: width, places: places))
        case .json: io.out(JSONWriter().string(report.json))
        case .sarif: io.out(report.sarif(sources: checked.sources, locator: SpecLocator.withStore(globals, io: io)).text)
        case .junit: io.out(report.junit(sources: checked.sources, locator: SpecLocator.withStore(globals, io: io)).xml)
        }
        let fails = report.results.filter { $0.verdict == .fail }.count
        if strict && fails > 0 {
            io.err("motionsync: findings (budget): \(fails) rule result(s) fail")
            return 1
        }
        return 0
    }
}

// MARK: - Format

/// The output forms of the CI-facing commands (`budget`, `diff`, `check-ahap`).
enum Format: String, CaseIterable {
    case table, json, sarif, junit

    static func parse(_ text: String?) throws -> Format {
        guard let text else { return .table }
        guard let format = Format(rawValue: text) else {
            throw CLIError.usage(
                "unknown --format \(text)" + (Suggestion.closest(text, in: allCases.map(\.rawValue)).map { "; did you mean \($0)?" } ?? ""),
                hint: "use --format table, json, sarif or junit")
        }
        return format
    }
}
