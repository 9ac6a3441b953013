import MotionCore
import MotionHaptics

// MARK: - BudgetResult

/// One rule's verdict on one animation (or on its shortened Reduce Motion version).
public struct BudgetResult: Hashable, Sendable {
    public let screen: String
    public let id: String
    public let rule: String
    /// The measured value, in the rule's unit.
    public let value: Double
    public let verdict: BudgetVerdict
    /// "reduce-motion" when the shortened version was measured.
    public let variant: String?
    /// What to do about a finding, when the rule has advice (`feedback-sync`, `feedback-missing`).
    public var message: String? = nil
    /// For a rule that measures the time to rest: the timeline's settling time (s), when it ends
    /// later than the motion visibly does (a spring's tail), so both figures can be shown.
    public var settling: Double? = nil

    public init(
        screen: String, id: String, rule: String, value: Double, verdict: BudgetVerdict, variant: String?, message: String? = nil,
        settling: Double? = nil
    ) {
        self.settling = settling
        self.screen = screen
        self.id = id
        self.rule = rule
        self.value = value
        self.verdict = verdict
        self.variant = variant
        self.message = message
    }
}

// MARK: - MeasuredAnimation

/// What the budget rules measure about one animation, and about its Reduce Motion version when it
/// has one (`BudgetEvaluator.facts`).
public struct MeasuredAnimation: Sendable {
    public let main: AnimationFacts
    /// The Reduce Motion version ("reduce-motion" variant), when the animation declares one that
    /// is timed differently.
    public let shortened: AnimationFacts?
}

// MARK: - BudgetEvaluator

/// Checks animations against a profile. For an animation that declares `reduceMotion:
/// shortened`, the timing and haptic rules are also checked on its shortened version (what plays
/// with Reduce Motion on, `AnimationSpec.shortenedMotion()`, with the haptics planned on it),
/// marked with the variant "reduce-motion".
public struct BudgetEvaluator: Sendable {
    public let profile: BudgetProfile
    public let options: AnalysisOptions
    /// The rules checked on the Reduce Motion version: its timing and the haptics planned on it
    /// (whether it has a fallback and bounces are the animation's own findings).
    public static let reducedMotionMetrics: Set<BudgetMetric> = [
        .firstVisibleChange, .firstPeakOfTap, .tapDuration, .smallAreaDuration, .largeAreaDuration, .gestureDuration,
        .hapticEventsOfLongMotion, .hapticLead, .hapticLag, .hapticSpacing, .androidPulse, .longestContinuousHaptic,
    ]

    public init(profile: BudgetProfile = .appleTouch, options: AnalysisOptions = .standard) {
        self.profile = profile
        self.options = options
    }

    /// Every applicable rule's verdict on `animation`.
    /// - Throws: `MotionError` when the core refuses the animation.
    public func evaluate(_ animation: AnimationSpec, screen: String) throws -> [BudgetResult] {
        evaluate(try Self.facts(animation, screen: screen, options: options))
    }

    /// What the rules measure about `animation` and, when it has one, its Reduce Motion version
    /// (`AnimationSpec.shortenedTimeline()`: what generated code plays with Reduce Motion on,
    /// its haptics planned on it). Independent of the profile: measure once, then
    /// `evaluate(_:)` with each profile. `timeline`, `analysis` and `plan`, when the caller has
    /// them (`animation.timeline()`, its analysis under `options`, its haptic plan), are reused.
    /// - Throws: `MotionError` when the core refuses the animation.
    public static func facts(
        _ animation: AnimationSpec, screen: String, options: AnalysisOptions = .standard, timeline known: (any MotionTimeline)? = nil,
        analysis: MotionAnalysis? = nil, plan: HapticPlan? = nil
    ) throws -> MeasuredAnimation {
        let timeline = try known ?? animation.timeline()
        let main = AnimationFacts(
            screen: screen, animation: animation, timeline: timeline, options: options,
            analysis: known == nil ? nil : analysis, plan: known == nil ? nil : plan)
        // The haptics planned on the shortened motion as `HapticPlanner.reducedMotionPlan` plans
        // them: what generated code plays there.
        let shortened = try animation.shortenedTimeline().map { short in
            let analysis = MotionAnalyzer(options: options).analyze(short)
            return AnimationFacts(
                screen: screen, animation: animation, timeline: short, options: options, variant: "reduce-motion", analysis: analysis,
                plan: HapticPlanner().plan(shortened: analysis, settings: animation.haptics))
        }
        return MeasuredAnimation(main: main, shortened: shortened)
    }

    /// The rules' verdicts on an animation measured by `facts(_:screen:…)`: every applicable rule
    /// on the animation, the timing and haptic rules on its Reduce Motion version.
    public func evaluate(_ measured: MeasuredAnimation) -> [BudgetResult] {
        var results = evaluate(measured.main)
        if let shortened = measured.shortened {
            results += evaluate(shortened).filter { r in
                profile.rules.first { $0.id == r.rule }.map { Self.reducedMotionMetrics.contains($0.metric) } ?? false
            }
        }
        return results
    }

    /// The verdicts for measured facts.
    public func evaluate(_ facts: AnimationFacts) -> [BudgetResult] {
        profile.rules.filter(\.enabled).compactMap { rule in
            guard let value = rule.metric.measure(facts) else { return nil }
            let verdict = rule.verdict(for: value)
            // The settling time beside the time to rest, when it is at least 1 ms later.
            let settling = rule.metric.measuresRest && facts.duration - value >= 0.0005 ? facts.duration : nil
            return BudgetResult(
                screen: facts.screen, id: facts.id, rule: rule.id, value: value, verdict: verdict, variant: facts.variant,
                message: verdict == .pass ? nil : Self.advice(rule.metric, value: value, facts: facts), settling: settling)
        }
    }

    /// What to do about a finding of the feedback rules, in words with the figures.
    static func advice(_ metric: BudgetMetric, value: Double, facts: AnimationFacts) -> String? {
        func ms(_ x: Double) -> String { "\(Int((x * 1000).rounded())) ms" }
        guard let moment = facts.visualMoment else { return nil }
        let reference = "motionsync haptics \(facts.screen)/\(facts.id)"
        // A peak, or for motion that only rises and settles, where it comes to rest.
        let arrives = facts.firstPeak == moment ? "peaks" : "comes to rest"
        switch metric {
        case .feedbackLead:
            let fired = facts.visualMoment.map { $0 - value } ?? 0
            let kind = facts.feedback?.first { abs((moment - $0.time) - value) < 1e-9 }?.kind ?? "haptic"
            if value > 0 {
                return
                    "the \(kind) haptic fires at \(ms(fired)) and the motion \(arrives) at \(ms(moment)), \(ms(value)) later: play an AHAP whose event sits there (\(reference) exports it) instead of firing at the trigger, or shorten the rise so it comes within 15 ms"
            }
            return
                "the \(kind) haptic fires at \(ms(fired)), \(ms(-value)) after the motion \(arrives) at \(ms(moment)): fire it with that moment (\(reference) exports an AHAP timed to it)"
        case .missingFeedback:
            return
                "this tap animation \(arrives) at \(ms(moment)) and fires no haptic: add one on its trigger, best an AHAP with its event at that moment (\(reference) exports one)"
        default:
            return nil
        }
    }

    /// The worst verdict among `results` (pass when empty).
    public static func overall(_ results: [BudgetResult]) -> BudgetVerdict { results.map(\.verdict).max() ?? .pass }
}
