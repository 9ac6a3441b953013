import MotionCore

// MARK: - BudgetMetric

/// The quantities rules measure. Each knows its unit and which animations it applies to.
public enum BudgetMetric: String, Hashable, Sendable, CaseIterable {
    /// Time (s) of the first visible change after the trigger (any property moving by 1 % of its range).
    case firstVisibleChange
    /// Time (s) of the first significant peak of tap feedback.
    case firstPeakOfTap
    /// Time (s) until tap feedback comes to rest (`AnimationFacts.restTime`).
    case tapDuration
    /// Number of haptic events of an animation that moves for over 0.3 s.
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
    /// Time (s) until custom motion on a scroll or drag trigger comes to rest.
    case gestureDuration
    /// Time (s) until small-area motion (tap, scroll, drag) comes to rest, for Material 3's tokens.
    case smallAreaDuration
    /// Time (s) until large-area motion (appear, app events) comes to rest, for Material 3's tokens.
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

    /// Whether the value is the time the motion takes to come to rest: where that differs from
    /// the timeline's settling time, both are shown.
    public var measuresRest: Bool {
        switch self {
        case .tapDuration, .gestureDuration, .smallAreaDuration, .largeAreaDuration: true
        default: false
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
            return f.trigger == .tap ? f.restTime : nil
        case .hapticEventsOfLongMotion:
            return !f.isRepeating && f.hapticsEnabled && f.restTime > 0.3 + 1e-9 ? Double(f.eventCount) : nil
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
            guard f.restTime > 0.15 + 1e-9 || f.bounces else { return nil }
            return (f.reduceMotion == nil || f.reduceMotion == ReduceMotion.none) ? 1 : 0
        case .gestureDuration:
            return f.trigger == .scroll || f.trigger == .drag ? f.restTime : nil
        case .smallAreaDuration:
            return [.tap, .scroll, .drag].contains(f.trigger) ? f.restTime : nil
        case .largeAreaDuration:
            if case .event = f.trigger { return f.restTime }
            return f.trigger == .appear ? f.restTime : nil
        case .bounceInShortened:
            return f.reduceMotion == .shortened ? (f.shortenedBounces ? 1 : 0) : nil
        case .longestContinuousHaptic:
            return f.longestContinuousHaptic
        case .feedbackLead:
            return f.variant == nil ? f.worstFeedbackLead : nil
        case .missingFeedback:
            guard f.variant == nil, let feedback = f.feedback, f.trigger == .tap, !f.isRepeating, let moment = f.visualMoment, moment >= 0.1 - 1e-9
            else { return nil }
            return feedback.isEmpty ? 1 : 0
        }
    }
}
