import MotionBudget
import MotionCore
import MotionPipeline

// MARK: - SVGPlot of a resolved animation

extension SVGPlot {
    /// The whole picture of `animation` (what `motionsync plot` writes): its figures computed
    /// with `options`, the time limits of `profile` that apply, titled `SCREEN/ID`.
    /// - Throws: `CLIError.rejected` when the core refuses the animation.
    public static func render(
        _ animation: ResolvedAnimation, profile: BudgetProfile = .appleTouch, options: AnalysisOptions = .standard
    ) throws -> String {
        let figures = try AnimationFigures(animation, options: options)
        let lines = budgetLines(for: animation.spec, screen: animation.screen, timeline: figures.timeline, profile: profile, options: options)
        return render(
            timeline: figures.timeline, analysis: figures.analysis, plan: figures.plan(for: animation), budget: lines,
            title: "\(animation.screen)/\(animation.spec.id)")
    }
}
