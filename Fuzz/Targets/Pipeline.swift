import MotionCore
import MotionFormats
import MotionHaptics
import MotionJSON

// MARK: - FuzzPipeline

/// What every fuzz target does with a decoded spec: build each timeline (the core's limits
/// apply), analyse it, plan its haptics and encode them: the work every command does on input.
enum FuzzPipeline {
    /// Runs the whole pipeline on every animation of `spec`.
    static func exercise(_ spec: MotionSpec) {
        for animation in spec.animations {
            guard let timeline = try? animation.timeline() else { continue }
            let analysis = MotionAnalyzer().analyze(timeline)
            let plan = HapticPlanner().plan(analysis, settings: animation.haptics, cues: animation.cues)
            _ = AHAPEncoder().encode(plan.pattern)
            _ = AndroidWaveformEncoder().encode(plan.pattern)
            _ = MetaHapticEncoder().encode(plan.pattern)
        }
    }
}
