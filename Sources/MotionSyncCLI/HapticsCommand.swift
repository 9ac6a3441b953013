import MotionCore
import MotionHaptics
import MotionPipeline

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - HapticsCommand

/// `motionsync haptics SCREEN/ID [--format …] [-o FILE]`.
public struct HapticsCommand: Command {
    public static let name = "haptics"
    public static let summary = "the haptic pattern aligned to an animation's peaks and holds (AHAP, Android, Meta)"
    public static let help = """
        USAGE
          motionsync haptics SCREEN/ID|FILE#ID [--format ahap|android-waveform|android-composition|haptic|plan]
                             [-o FILE] [analysis options] [planner modes]

        Plans the animation's haptics from its real curve: a transient on each significant peak,
        impact (sharp reversal) and snap, moments of different properties within 80 ms fused into
        one event on the strongest; a soft continuous event across each hold between movements. The
        spec's optional "haptics" field can pin, scale or switch off events. A looping animation
        gets one cycle. The planner modes below are off unless asked for.

        OPTIONS
          --format F   ahap (default): Apple Haptic and Audio Pattern JSON for Core Haptics
                       android-waveform: VibrationEffect.createWaveform {"timings","amplitudes","repeat"}
                       android-composition: VibrationEffect.startComposition() primitives
                       haptic: Meta Haptics Studio .haptic v1
                       plan: the events with the moments each stands on (JSON)
          -o FILE      write to FILE instead of standard output
        \(AnalysisFlags.help)
        \(PlannerFlags.help)

        EXAMPLES
          motionsync haptics Feed/heart-pulse
          motionsync haptics logo.json --sustained --prominence --canvas 512x512 --max-rate 12
          motionsync haptics Specs/Checkout.json#add-to-cart-bump --format android-waveform -o bump.json
        """

    let reference: String
    let format: HapticOutput
    let output: String?
    let options: AnalysisOptions
    let planner: HapticPlannerOptions
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        format = try HapticOutput.parse(try arguments.option("format") ?? "ahap")
        output = try arguments.option("output", short: "o")
        options = try AnalysisFlags.parse(&arguments)
        planner = try PlannerFlags.parse(&arguments)
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else { throw CLIError.usage("name one animation", hint: "write motionsync haptics SCREEN/ID (or FILE#ID)") }
        reference = positionals[0]
    }

    public func run(io: CommandIO) throws -> Int32 {
        let animation = try AnimationResolver(io: io, globals: globals).resolve(reference)
        let figures = try AnimationFigures(animation, options: options)
        let plan = figures.plan(for: animation, options: planner)
        let text = format.render(plan, screen: animation.screen, id: animation.spec.id)
        if format.isEmptyPattern(plan) {
            io.note("\(animation.screen)/\(animation.spec.id) has no haptic events: the pattern is empty and plays nothing")
        }
        if let output {
            let path = io.resolve(path: output)
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CLIError.rejected(what: "cannot write", place: output, why: ErrorText.describing(error))
            }
            io.note("wrote \(output)")
        } else {
            io.out(text)
        }
        return 0
    }
}
