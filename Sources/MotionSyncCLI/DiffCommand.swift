import MotionCore
import MotionJSON
import MotionPipeline
import MotionStore
import MotionSwiftSourceModel

// MARK: - DiffCommand

/// `motionsync diff SCREEN|SPEC --code PATH [--format table|json|sarif|junit] [--strict]`.
public struct DiffCommand: Command {
    public static let name = "diff"
    public static let summary = "where the Swift code and the designer's spec disagree"
    public static let help = """
        USAGE
          motionsync diff SCREEN|SPEC.json --code PATH [--format table|json|sarif|junit] [--strict]

        Reads the animations in PATH (a .swift file or a folder, with Apple's Swift parser: SwiftUI,
        UIKit and Core Animation, as import reads them)
        and compares them with the spec: a spec file, or a screen in the store. Animations are
        matched by id, then by component (the spec's "component" names the View type), then by the
        View's kebab-case name. Properties are matched by name (a single-value animator's value is
        named after the modifier it feeds or its closure parameter; a phase value after the member the
        modifier reads, `.offset(y: phase.lift)` → lift), then by values and position, reported as
        "renamed". For each match it lists the differences per keyframe (type, value, duration,
        spring, curve) or per phase (values, animation); a keyframe, phase value or phase animation
        written with a non-literal value keeps its place as "unreadable" (file:line), so the later
        ones still pair with theirs, and fails --strict. Layer animations (kind layer) are compared
        per key path, field by field (type, from, to, values, keyTimes, calculationMode, spring,
        duration, beginTime, … timingFunction), a field the code does not write as a literal being
        "unreadable" with its line; then what is only in the spec,
        and what is only in the code on the spec's screen (a "// motionsync: screen=Name" comment
        puts code on a screen). Where two or more animators fit one spec animation equally well, none
        is picked: the animation is listed as ambiguous with each candidate, and fails --strict
        (inventory links spec and code by the same rule). Core Animation code of a keyframe, phase or implicit spec (what
        `codegen --target uikit` writes, read as `Type.play`) is compared by the timeline it plays,
        every 1/120 s within 0.001 of each property's range, and a note says so. With a SCREEN, the
        spec side is the screen's animations imported from specs (not those read from Swift).

        OPTIONS
          --code PATH          the Swift file or folder to read
          --format F           table (default), json, sarif (SARIF 2.1.0: one error per difference at
                               the code's line, with the spec's line:column related) or junit
                               json: {"differences":[{"screen","id","property","field","spec","code","source"}],
                                      "onlyInSpec":[{"screen","id"}],"onlyInCode":[{"screen","id","source"}],
                                      "notes":[how a pair was compared, when not field by field],
                                      "ambiguous":[{"screen","id","candidates":[{"screen","id","source"}]}]}
          --strict             exit 1 when anything differs (for CI)

        EXAMPLES
          motionsync diff Specs/Feed.json --code MyApp/Sources/
          motionsync diff Checkout --code MyApp/Sources/Checkout/ --format json --strict
        """

    let target: String
    let code: String
    let format: Format
    let strict: Bool
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        guard let code = try arguments.option("code") else {
            throw CLIError.usage("--code PATH is required", hint: "write motionsync diff Specs/Feed.json --code MyApp/Sources/")
        }
        self.code = code
        format = try Format.parse(try arguments.option("format"))
        strict = arguments.flag("strict")
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else { throw CLIError.usage("name one screen or spec file", hint: "write motionsync diff SCREEN --code PATH") }
        target = positionals[0]
    }

    /// The comparison of a spec's animations with the code's (`SpecCodeDiff.Report`).
    public typealias Report = SpecCodeDiff.Report

    /// Matches and compares (`SpecCodeDiff.compare`).
    public static func compare(screen: String, spec: [AnimationSpec], code: [(animation: SwiftSourceAnimation, file: String)]) -> Report {
        SpecCodeDiff.compare(screen: screen, spec: spec, code: code)
    }

    public func run(io: CommandIO) throws -> Int32 {
        let input = try SpecCodeDiff.read(target: target, code: code, globals: globals, io: io)
        let report = SpecCodeDiff.compare(screen: input.screen, spec: input.animations, code: input.code)
        switch format {
        case .table: io.out(SpecCodeDiff.table(report, screen: input.screen))
        case .json: io.out(JSONWriter().string(SpecCodeDiff.json(report)))
        case .sarif: io.out(SpecCodeDiff.sarif(report, sources: input.sources, locator: SpecLocator(io: io)).text)
        case .junit: io.out(SpecCodeDiff.junit(report, screen: input.screen, matched: input.animations.map(\.id)).xml)
        }
        return strict && !report.isEmpty ? 1 : 0
    }
}
