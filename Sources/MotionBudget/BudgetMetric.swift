import MotionCore

// MARK: - BudgetMetric

/// The quantities rules measure. Each knows its unit and which animations it applies to.
public enum BudgetMetric: String, Hashable, Sendable, CaseIterable {
    /// Time (s) of the first visible change after the trigger (any property moving by 1 % of its range).
    case firstVisibleChange
    /// Time (s) of the first significant peak of tap feedback.
    case firstPeakOfTap
    /// Total duration (s) of tap feedback.
    case tapDuration
    /// Number of haptic events of an animation longer than 0.3 s.
    case hapticEventsOfLongMotion
    /// The largest amount (s) by which a haptic event precedes its nearest visual moment.
    case hapticLead
    /// The largest amount (s) by which a haptic event follows its nearest visual moment.
    case hapticLag
    /// The smallest gap (s) between two consecutive transient haptic events.
    case hapticSpacing
    /// The longest impulse (ms): a single pulse under 100 ms of the Android waveform rendering.
    case androidPulse
    /// Haptic events of a repeating animation.
    case hapticsOnRepeating
    /// 1 when non-trivial motion (over 150 ms, or any bounce) has no Reduce Motion fallback.
    case missingReduceMotion
    /// Duration (s) of custom motion on a scroll or drag trigger.
    case gestureDuration
    /// Duration (s) of small-area motion (tap, scroll, drag), for Material 3's tokens.
    case smallAreaDuration
    /// Duration (s) of large-area motion (appear, app events), for Material 3's tokens.
    case largeAreaDuration
    /// 1 when an animation that declares `shortened` bounces (the shortened version must not).
    case bounceInShortened
    /// The longest continuous haptic event (s) of the plan (pins and cues included).
    case longestContinuousHaptic
    /// The lead (s) of a haptic the app fires itself (`.sensoryFeedback`, a feedback generator)
    /// on the motion's visual moment: positive when the haptic comes first. The pair furthest out.
    case feedbackLead
    /// 1 when a tap animation read from code, whose visual moment comes after 100 ms, fires no
    /// haptic with it.
    case missingFeedback

    public var unit: String {
        switch self {
        case .androidPulse: "ms"
        case .hapticEventsOfLongMotion, .hapticsOnRepeating: "events"
        case .missingReduceMotion, .bounceInShortened, .missingFeedback: ""
        default: "s"
        }
    }

    /// The measured value, or nil when the rule does not apply to this animation.
    public func measure(_ f: AnimationFacts) -> Double? {
        switch self {
        case .firstVisibleChange:
            return f.isRepeating ? nil : f.firstVisibleChange
        case .firstPeakOfTap:
            return f.trigger == .tap ? f.firstPeak : nil
        case .tapDuration:
            return f.trigger == .tap ? f.duration : nil
        case .hapticEventsOfLongMotion:
            return !f.isRepeating && f.hapticsEnabled && f.duration > 0.3 + 1e-9 ? Double(f.eventCount) : nil
        case .hapticLead:
            return f.eventCount > 0 ? f.worstLead : nil
        case .hapticLag:
            return f.eventCount > 0 ? f.worstLag : nil
        case .hapticSpacing:
            return f.minimumTransientGap
        case .androidPulse:
            return f.eventCount > 0 ? f.longestAndroidPulse : nil
        case .hapticsOnRepeating:
            return f.isRepeating ? Double(f.eventCount) : nil
        case .missingReduceMotion:
            guard f.duration > 0.15 + 1e-9 || f.bounces else { return nil }
            return (f.reduceMotion == nil || f.reduceMotion == ReduceMotion.none) ? 1 : 0
        case .gestureDuration:
            return f.trigger == .scroll || f.trigger == .drag ? f.duration : nil
        case .smallAreaDuration:
            return [.tap, .scroll, .drag].contains(f.trigger) ? f.duration : nil
        case .largeAreaDuration:
            if case .event = f.trigger { return f.duration }
            return f.trigger == .appear ? f.duration : nil
        case .bounceInShortened:
            return f.reduceMotion == .shortened ? (f.shortenedBounces ? 1 : 0) : nil
        case .longestContinuousHaptic:
            return f.longestContinuousHaptic
        case .feedbackLead:
            return f.variant == nil ? f.worstFeedbackLead : nil
        case .missingFeedback:
            guard f.variant == nil, let feedback = f.feedback, f.trigger == .tap, !f.isRepeating, let moment = f.visualMoment, moment >= 0.1 - 1e-9 else { return nil }
            return feedback.isEmpty ? 1 : 0
        }
    }
}
