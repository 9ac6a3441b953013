import MotionCodegen
import MotionCore
import MotionPipeline

// MARK: - CodegenCommand

/// `motionsync codegen SCREEN/ID|FILE#ID|FILE [--target swiftui|uikit] [-o FILE]` and
/// `motionsync codegen --out DIR [--screen S] [--target …]`. Parsing, help and output only: the
/// work is `CodeGeneration`'s (MotionPipeline), the code `MotionCodegen`'s.
public struct CodegenCommand: Command {
    public static let name = "codegen"
    public static let summary = "write the SwiftUI (or UIKit) code that plays an animation, with its haptics"
    public static let help = """
        USAGE
          motionsync codegen SCREEN/ID|FILE#ID|FILE [--target swiftui|uikit] [-o FILE.swift]
          motionsync codegen --out DIR [--screen S] [--target swiftui|uikit]

        Writes the Swift code that plays the animation as the spec says, so that `motionsync diff`
        finds nothing between the two. Same spec, same bytes; laid out as swift-format lays it out;
        headed by the spec file and its revision (the store's revision, or the file's SHA-256).

        --target swiftui (default): a ViewModifier named after the animation (heart-pulse →
        HeartPulse, applied with .heartPulse(trigger:)) with keyframeAnimator (one KeyframeTrack per
        property of an AnimationValues struct), phaseAnimator (a Phase enum with each phase's values
        and animation) or .animation(_:value:) for implicit animations; scroll- and drag-driven
        keyframes scrub a KeyframeTimeline. Reduce Motion plays the spec's fallback through
        @Environment(\\.accessibilityReduceMotion). Haptics: one impact at the trigger is a
        .sensoryFeedback; anything else is a small Core Haptics player that loads the AHAP file
        `motionsync export` writes (SCREEN--ID.ahap, named in the code) from the app bundle.
        Layer animations are Core Animation's: they need --target uikit.

        --target uikit: a function adding the CAAnimations to a layer: CABasicAnimation,
        CASpringAnimation and CAKeyframeAnimation where Core Animation plays the timeline exactly,
        else a CAKeyframeAnimation of values sampled at 120 fps with linear key times (a comment says so).

        OPTIONS
          --target T         swiftui (default) or uikit
          -o, --output FILE  write the code there (its folder must exist) instead of standard output
          --out DIR          one file per stored animation, SCREEN--ID.swift (named safely), in DIR
                             (created when missing); an animation the target cannot play is reported
                             and skipped (exit 1)
          --screen S         with --out: only this screen's animations

        EXAMPLES
          motionsync codegen Specs/Feed.json#heart-pulse
          motionsync codegen Feed/heart-pulse --target uikit -o HeartPulseLayer.swift
          motionsync codegen --out Generated/ --screen Checkout
        """

    let reference: String?
    let target: CodegenTarget
    let output: String?
    let outDirectory: String?
    let screen: String?
    let globals: GlobalOptions

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        self.globals = globals
        let targetText = try arguments.option("target") ?? "swiftui"
        guard let target = CodegenTarget(rawValue: targetText) else {
            throw CLIError.usage("unknown --target \(targetText)", hint: "use swiftui or uikit")
        }
        self.target = target
        output = try arguments.option("output", short: "o")
        outDirectory = try arguments.option("out")
        screen = try arguments.option("screen")
        let positionals = try arguments.positionals()
        if let outDirectory {
            guard positionals.isEmpty else {
                throw CLIError.usage(
                    "--out writes the whole store; name no animation with it", hint: "write motionsync codegen --out \(outDirectory) [--screen S]")
            }
            guard output == nil else {
                throw CLIError.usage("-o and --out cannot go together", hint: "write -o FILE for one animation, --out DIR for the store")
            }
            reference = nil
        } else {
            guard screen == nil else {
                throw CLIError.usage("--screen goes with --out", hint: "write motionsync codegen --out DIR --screen \(screen ?? "S")")
            }
            guard positionals.count == 1 else {
                throw CLIError.usage("name one animation", hint: "write motionsync codegen SCREEN/ID (or FILE#ID), or --out DIR for the store")
            }
            reference = positionals[0]
        }
        if let output, output.isEmpty { throw CLIError.usage("-o needs a file name", hint: "write -o HeartPulse.swift") }
    }

    public func run(io: CommandIO) throws -> Int32 {
        let generation = CodeGeneration(target: target, globals: globals)
        if let outDirectory {
            let summary = try generation.writeStore(into: outDirectory, screen: screen, io: io)
            for skipped in summary.skipped { io.err("motionsync: cannot generate (\(skipped.reference)): \(skipped.why)") }
            for file in summary.written { io.note("wrote \(file)") }
            io.note(summary.line)
            return summary.skipped.isEmpty ? 0 : 1
        }
        guard let reference else { return 2 }
        // Check the destination first: nothing is generated for a path that cannot be written.
        let destination = try output.map { try OutputFile.checked($0, io: io, example: "Motion.swift") }
        let generated = try generation.generate(reference, io: io)
        guard let destination, let output else {
            io.out(generated.text)
            return 0
        }
        try OutputFile.write(generated.text, to: destination, named: output)
        let files = generated.hapticFiles
        io.note(
            "wrote \(output)"
                + (files.isEmpty
                    ? ""
                    : " (it plays \(files.joined(separator: " and ")): motionsync export --format ahap writes \(files.count == 1 ? "it" : "them"))"))
        return 0
    }
}
