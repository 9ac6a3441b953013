import MotionBudget
import MotionCore
import MotionHaptics
import MotionPipeline
import MotionRender

// MARK: - PlotCommand

/// `motionsync plot SCREEN/ID -o FILE.svg [--profile NAME|FILE]`.
public struct PlotCommand: Command {
    public static let name = "plot"
    public static let summary = "draw an animation's curves with peaks, holds, haptic events and budget lines (SVG)"
    public static let help = """
        USAGE
          motionsync plot SCREEN/ID|FILE#ID -o FILE.svg [--profile NAME|FILE] [analysis options]

        Draws the animation as an SVG 1.1 picture (no fonts to fetch, no scripts): one lane per
        property with its curve sampled at 240 fps and its minimum and maximum; peaks as dots
        labelled with their time; holds as shaded bands; written holds that are not flat outlined
        in red; the haptic plan under the lanes (a tick per transient, a bar per continuous event);
        dashed vertical lines at the budget's time limits that apply to the animation (response,
        first peak, tap duration, …); a time axis in ms. The same animation gives the same bytes.

        OPTIONS
          -o, --output FILE.svg  where to write (required; its folder must exist; written atomically)
          --profile P            the budget profile whose time limits are drawn: apple-touch
                                 (default), material3 or a JSON profile file
        \(AnalysisFlags.help)

        EXAMPLES
          motionsync plot Feed/heart-pulse -o heart-pulse.svg
          motionsync plot Specs/Checkout.json#add-to-cart-bump -o plots/bump.svg
        """

    let reference: String
    let output: String
    let profileName: String?
    let options: AnalysisOptions
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        guard let output = try arguments.option("output", short: "o") else {
            throw CLIError.usage("-o FILE.svg is required", hint: "write motionsync plot SCREEN/ID -o plot.svg")
        }
        guard !output.isEmpty else { throw CLIError.usage("-o needs a file name", hint: "write -o plot.svg") }
        self.output = output
        profileName = try arguments.option("profile")
        options = try AnalysisFlags.parse(&arguments)
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else {
            throw CLIError.usage("name one animation", hint: "write motionsync plot SCREEN/ID -o plot.svg (or FILE#ID)")
        }
        reference = positionals[0]
    }

    /// The picture of `animation` (`SVGPlot.render(_:profile:options:)`).
    public static func svg(
        _ animation: ResolvedAnimation, profile: BudgetProfile = .appleTouch, options: AnalysisOptions = .standard
    ) throws -> String {
        try SVGPlot.render(animation, profile: profile, options: options)
    }

    public func run(io: CommandIO) throws -> Int32 {
        // Check the destination first: nothing is computed for a path that cannot be written.
        let path = try OutputFile.checked(output, io: io, example: "plot.svg")
        let profile = try BudgetCommand.profile(profileName, cwd: io.currentDirectory)
        let animation = try AnimationResolver(io: io, globals: globals).resolve(reference)
        let text = try Self.svg(animation, profile: profile, options: options)
        try OutputFile.write(text, to: path, named: output)
        io.note("wrote \(output)")
        return 0
    }
}
