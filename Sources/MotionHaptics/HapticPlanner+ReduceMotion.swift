import MotionCore

// MARK: - The haptics of the Reduce Motion version

extension HapticPlanner {
    /// The latest an event may land after the trigger and still belong to the trigger rather than
    /// to a moment of the motion (s): the lead `check-ahap` tolerates.
    public static let triggerTolerance = 0.015

    /// The haptic plan of what plays with Reduce Motion on, so each event follows the motion it
    /// belongs to; nil when Reduce Motion plays the motion as written (no fallback, or `none`),
    /// so the full plan applies. One definition for the code `codegen` writes, the Reduce Motion
    /// pattern `export` writes and the variant `budget` checks.
    ///
    /// - `shortened` with a shortened version (`AnimationSpec.shortenedTimeline()`): planned on
    ///   that timeline (`plan(shortened:settings:)`);
    /// - anything else that changes what plays (`static`, `instant`, `crossfade`, and `shortened`
    ///   of a loop or a scrubbed animation, which stand still): no motion of the animation's own is
    ///   left to follow, so only the full plan's transients at the trigger (within
    ///   `triggerTolerance`) stay, confirming the action; a loop keeps none (it would buzz while
    ///   nothing moves).
    ///
    /// `full` is the animation's own plan. O(events), plus the shortened timeline's analysis.
    /// - Throws: `MotionError` when the core refuses the motion.
    public func reducedMotionPlan(for animation: AnimationSpec, full: HapticPlan, options: AnalysisOptions = .standard) throws -> HapticPlan? {
        guard let rm = animation.reduceMotion, rm != .none else { return nil }
        if rm == .shortened, let short = try animation.shortenedTimeline() {
            return plan(shortened: MotionAnalyzer(options: options).analyze(short), settings: animation.haptics)
        }
        let kept = full.isLooping ? [] : full.planned.filter { $0.event.kind == .transient && $0.event.time <= Self.triggerTolerance }
        return HapticPlan(planned: kept, isLooping: false, duration: full.duration)
    }

    /// The plan of a shortened Reduce Motion version from its analysis: the animation's settings
    /// without its pins, and no cues (both are times in the full motion, which the shortened one
    /// does not keep: a pin at 0.2 s lands after a 0.12 s motion has ended).
    public func plan(shortened analysis: MotionAnalysis, settings: HapticSettings?) -> HapticPlan {
        var reduced = settings
        reduced?.pins = []
        return plan(analysis, settings: reduced, cues: [])
    }
}
