import MotionHaptics
import MotionPipeline

// MARK: - PlannerFlags

/// The haptic planner's optional modes, each off unless asked for (they change the pattern):
/// `--sustained`, `--prominence [--canvas WxH]`, `--max-rate N`.
enum PlannerFlags {
    static let help = """
          --sustained          also a continuous event across each movement of 0.25 s or more,
                               its intensity following the speed (a fade or a sweep is felt)
          --prominence         scale events by how prominent the moving element is (opacity ×
                               scale × nearness to the centre); hidden elements' events are dropped
          --canvas WxH         the picture's size for --prominence's centre, like 512x512
          --max-rate N         at most N transients in any second (12 keeps them felt apart)
        """

    static func parse(_ arguments: inout ArgumentList) throws -> HapticPlannerOptions {
        var options = HapticPlannerOptions()
        options.sustainedMotion = arguments.flag("sustained")
        options.prominenceWeighting = arguments.flag("prominence")
        if let text = try arguments.option("canvas") {
            let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 1e6 }) else {
                throw CLIError.usage("--canvas \(text) is not a size", hint: "write width x height in the positions' units, like --canvas 512x512")
            }
            options.canvas = .init(width: parts[0], height: parts[1])
        }
        if let text = try arguments.option("max-rate") {
            guard let n = Int(text), n >= 1, n <= 1000 else {
                throw CLIError.usage(
                    "--max-rate \(text) is not a number of events", hint: "write a whole number of transients per second, like --max-rate 12")
            }
            options.maximumTransientsPerSecond = n
        }
        return options
    }
}
