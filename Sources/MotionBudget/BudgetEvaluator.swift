import MotionCore

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

    public init(screen: String, id: String, rule: String, value: Double, verdict: BudgetVerdict, variant: String?) {
        self.screen = screen
        self.id = id
        self.rule = rule
        self.value = value
        self.verdict = verdict
        self.variant = variant
    }
}

// MARK: - BudgetEvaluator

/// Checks animations against a profile. For an animation that declares `reduceMotion:
/// shortened`, the timing rules are also checked on its shortened version (the same motion played
/// in 0.15 s, seed 003's 0.10–0.15 s), marked with the variant "reduce-motion".
public struct BudgetEvaluator: Sendable {
    public let profile: BudgetProfile
    public let options: AnalysisOptions
    /// The shortened version's length (s).
    public static let shortenedDuration = 0.15

    public init(profile: BudgetProfile = .appleTouch, options: AnalysisOptions = .standard) {
        self.profile = profile
        self.options = options
    }

    /// Every applicable rule's verdict on `animation`.
    /// - Throws: `MotionError` when the core refuses the animation.
    public func evaluate(_ animation: AnimationSpec, screen: String) throws -> [BudgetResult] {
        let timeline = try animation.timeline()
        var results = evaluate(AnimationFacts(screen: screen, animation: animation, timeline: timeline, options: options))
        if animation.reduceMotion == .shortened, timeline.duration > Self.shortenedDuration, !timeline.isRepeating {
            let short = ScaledTimeline(timeline, shortenedTo: Self.shortenedDuration)
            let facts = AnimationFacts(screen: screen, animation: animation, timeline: short, options: options, variant: "reduce-motion")
            let timing: Set<BudgetMetric> = [.firstVisibleChange, .firstPeakOfTap, .tapDuration, .smallAreaDuration, .largeAreaDuration, .gestureDuration]
            results += evaluate(facts).filter { r in profile.rules.first { $0.id == r.rule }.map { timing.contains($0.metric) } ?? false }
        }
        return results
    }

    /// The verdicts for measured facts.
    public func evaluate(_ facts: AnimationFacts) -> [BudgetResult] {
        profile.rules.filter(\.enabled).compactMap { rule in
            guard let value = rule.metric.measure(facts) else { return nil }
            return BudgetResult(screen: facts.screen, id: facts.id, rule: rule.id, value: value, verdict: rule.verdict(for: value), variant: facts.variant)
        }
    }

    /// The worst verdict among `results` (pass when empty).
    public static func overall(_ results: [BudgetResult]) -> BudgetVerdict { results.map(\.verdict).max() ?? .pass }
}
