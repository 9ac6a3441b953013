import MotionCore

// MARK: - Figures

/// What the tool computes for one animation: timeline, analysis and haptic plan.
public struct AnimationFigures {
    public let timeline: any MotionTimeline
    public let analysis: MotionAnalysis

    /// - Throws: `CLIError.rejected` when the core refuses the animation.
    public init(_ animation: ResolvedAnimation, options: AnalysisOptions = .standard) throws {
        timeline = try Self.timeline(of: animation)
        analysis = MotionAnalyzer(options: options).analyze(timeline)
    }

    /// The animation's timeline (time in seconds from the trigger), or a `CLIError.rejected`
    /// naming the animation (`SOURCE#ID`) when the core refuses it.
    public static func timeline(of animation: ResolvedAnimation) throws -> any MotionTimeline {
        do {
            return try animation.spec.timeline()
        } catch let error as MotionError {
            throw CLIError.rejected(what: "cannot build the timeline", place: "\(animation.source)#\(animation.spec.id)", why: error.description)
        }
    }
}
