import MotionCore
import MotionJSON
import MotionPipeline

// MARK: - SampleCommand

/// `motionsync sample SCREEN/ID [--fps N | --times t1,t2,…] [--format csv|json]`.
public struct SampleCommand: Command {
    public static let name = "sample"
    public static let summary = "the timeline's values per property, at a frame rate or at given times"
    public static let help = """
        USAGE
          motionsync sample SCREEN/ID|FILE#ID|FILE [--fps N | --times t1,t2,…] [--format csv|json]

        Samples the animation's timeline exactly as SwiftUI computes it (springs in closed form,
        Catmull-Rom cubics, phase steps) and prints every property's value at each time.
        Times are seconds from the trigger; a repeating animation is sampled over one cycle.

        OPTIONS
          --fps N            samples per second from 0 to the end (default 60); the end is always included
          --times t1,t2,…    sample exactly these times instead (seconds; may lie before 0 or after the end)
          --format csv|json  csv (default): a `time` column, then one column per property;
                             json: {"screen","id","duration","times":[…],"properties":{"NAME":[…]}}

        EXAMPLES
          motionsync sample Specs/Feed.json#heart-pulse --fps 120
          motionsync sample Checkout/add-to-cart-bump --times 0,0.1,0.2 --format json
        """

    public enum Format: String { case csv, json }

    public let reference: String
    public let fps: Double?
    public let times: [Double]?
    public let format: Format
    public let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        let fpsText = try arguments.option("fps")
        let timesText = try arguments.option("times")
        let formatText = try arguments.option("format") ?? "csv"
        guard let format = Format(rawValue: formatText) else {
            throw CLIError.usage("unknown --format \(formatText)", hint: "use --format csv or --format json")
        }
        self.format = format
        if fpsText != nil && timesText != nil {
            throw CLIError.usage("--fps and --times both given", hint: "sample either at a rate (--fps 60) or at times (--times 0,0.1)")
        }
        if let fpsText {
            guard let f = Double(fpsText), f.isFinite, f > 0, f <= 100_000 else {
                throw CLIError.usage(
                    "--fps \(fpsText) is not a rate", hint: "write a number of samples per second between 0 and 100000, like --fps 120")
            }
            fps = f
        } else {
            fps = nil
        }
        if let timesText {
            var parsed: [Double] = []
            for part in timesText.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = part.trimmingWhiteSpace()
                guard let t = Double(trimmed), t.isFinite else {
                    throw CLIError.usage("--times has \"\(trimmed)\", not a time", hint: "write seconds separated by commas, like --times 0,0.1,0.25")
                }
                parsed.append(t)
            }
            times = parsed
        } else {
            times = nil
        }
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else {
            throw CLIError.usage(
                positionals.isEmpty ? "no animation named" : "more than one animation named",
                hint: "write motionsync sample SCREEN/ID (or FILE#ID)")
        }
        reference = positionals[0]
    }

    public func run(io: CommandIO) throws -> Int32 {
        let animation = try AnimationResolver(io: io, globals: globals).resolve(reference)
        let timeline = try Self.timeline(of: animation)
        // The grid is O(duration × fps) rows in memory: at most ten million (an hour at 2,777 fps).
        if let fps, timeline.duration * fps > Self.maximumSamples {
            throw CLIError.usage(
                "--fps \(JSONWriter.number(fps)) over \(JSONWriter.number(timeline.duration)) s is \(JSONWriter.number((timeline.duration * fps).rounded(.up))) samples, over \(Int(Self.maximumSamples))",
                hint: "sample at a lower rate, or at given --times")
        }
        let table = TimelineTable(timeline: timeline, times: times ?? SampleGrid.times(duration: timeline.duration, fps: fps ?? 60))
        switch format {
        case .csv: io.out(table.csv())
        case .json: io.out(JSONWriter().string(table.json(screen: animation.screen, id: animation.spec.id)))
        }
        return 0
    }

    /// Most rows `--fps` may ask for.
    static let maximumSamples = 10_000_000.0

    /// The animation's timeline, or a `CLIError` naming it (`AnimationFigures.timeline(of:)`).
    static func timeline(of animation: ResolvedAnimation) throws -> any MotionTimeline {
        try AnimationFigures.timeline(of: animation)
    }
}
