import MotionCore
import MotionPipeline

// MARK: - AnalysisFlags

/// The analysis thresholds every command that finds peaks accepts:
/// `--min-prominence F` (fraction of the property's range, default 0.02),
/// `--hold-min S` (seconds, default 0.04), `--hold-tolerance F` (fraction of the range, default 0.01).
enum AnalysisFlags {
    static let help = """
          --min-prominence F   ignore peaks smaller than F × the property's range (default 0.02)
          --hold-min S         shortest hold, in seconds (default 0.04)
          --hold-tolerance F   a hold's value band, F × the property's range (default 0.01)
        """

    static func parse(_ arguments: inout ArgumentList) throws -> AnalysisOptions {
        var options = AnalysisOptions.standard
        if let text = try arguments.option("min-prominence") { options.minimumProminence = try fraction(text, "min-prominence") }
        if let text = try arguments.option("hold-tolerance") { options.holdTolerance = try fraction(text, "hold-tolerance") }
        if let text = try arguments.option("hold-min") {
            guard let v = Double(text), v > 0, v <= 3600 else {
                throw CLIError.usage("--hold-min \(text) is not a duration", hint: "write seconds, like --hold-min 0.04")
            }
            options.minimumHoldLength = v
        }
        return options
    }

    static func fraction(_ text: String, _ name: String) throws -> Double {
        guard let v = Double(text), v >= 0, v <= 1 else {
            throw CLIError.usage("--\(name) \(text) is not a fraction", hint: "write a number from 0 to 1, like --\(name) 0.02")
        }
        return v
    }
}
