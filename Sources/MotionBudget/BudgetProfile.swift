// MARK: - BudgetProfile

/// A named set of rules. Built-in: `apple-touch` (default) and `material3`; custom profiles come
/// from JSON files (`Schemas/budget-profile.schema.json`) that extend a built-in one.
public struct BudgetProfile: Hashable, Sendable {
    public var name: String
    public var rules: [BudgetRule]

    public init(name: String, rules: [BudgetRule]) {
        self.name = name
        self.rules = rules
    }

    public static let builtIn: [BudgetProfile] = [.appleTouch, .material3]

    public static func named(_ name: String) -> BudgetProfile? { builtIn.first { $0.name == name } }

    // MARK: Rules shared by the profiles

    static let hapticLead = BudgetRule(
        id: "haptic-lead", summary: "a haptic may come before its visual moment by at most this much",
        source: "Di Luca & Mahnan 2019 (WHC): haptic-first asynchrony is noticed beyond about 15 ms",
        metric: .hapticLead, pass: 0.015, beyond: .fail)
    static let hapticLag = BudgetRule(
        id: "haptic-lag", summary: "a haptic may trail its visual moment by at most this much",
        source: "Di Luca & Mahnan 2019 (WHC): haptic-after-visual asynchrony goes unnoticed up to 50 ms",
        metric: .hapticLag, pass: 0.05, beyond: .fail)
    static let hapticSpacing = BudgetRule(
        id: "haptic-spacing", summary: "haptic events closer than this fuse into one",
        source: "Jurado et al. 2021: vibrotactile pulses about 80–90 ms apart or more feel separate",
        metric: .hapticSpacing, direction: .atLeast, pass: 0.08, beyond: .warn)
    static let androidPulse = BudgetRule(
        id: "android-impulse", summary: "longest Android impulse (a single vibration pulse under 100 ms)",
        source: "AOSP haptics guidance: a custom impulse should be at most 20 ms; longer is felt as buzzy",
        metric: .androidPulse, pass: 20, beyond: .warn)
    static let continuousHaptic = BudgetRule(
        id: "continuous-haptic", summary: "longest continuous haptic event (a buzz)",
        source: "Apple HIG, Playing haptics: prefer short haptics that complement discrete events; Doherty threshold (400 ms); Core Haptics: a continuous event lasts at most 30 s (CHHapticEvent.duration)",
        metric: .longestContinuousHaptic, pass: 0.4, warn: 30, beyond: .fail)
    /// A haptic the code fires itself (issue 17): when the trigger changes, measured against the
    /// motion's first peak, with `haptic-lead`'s and `haptic-lag`'s limits and source.
    static let feedbackSync = BudgetRule(
        id: "feedback-sync", summary: "time from a haptic the code fires (.sensoryFeedback, a feedback generator) to the motion's first peak; positive: the haptic comes first",
        source: "Di Luca & Mahnan 2019 (WHC): haptic-first asynchrony is noticed beyond about 15 ms, haptic-after-visual up to 50 ms goes unnoticed",
        metric: .feedbackLead, pass: 0.015, beyond: .fail, lower: -0.05)
    static let response = BudgetRule(
        id: "response", summary: "first visible change after the trigger",
        source: "Nielsen (0.1 s feels instantaneous); RAIL, web.dev (respond within 100 ms)",
        metric: .firstVisibleChange, pass: 0.1, beyond: .fail)

    // MARK: apple-touch

    /// Apple's guidance (brevity, make motion optional, match haptics to motion) made measurable
    /// with the published response-time and haptic-perception numbers of `reference/guidelines.md`.
    public static let appleTouch = BudgetProfile(name: "apple-touch", rules: [
        response,
        BudgetRule(id: "first-peak", summary: "first peak of tap feedback",
                   source: "seed 004 (a bump peaks at 200 ms); HIG: brevity and precision in feedback animations",
                   metric: .firstPeakOfTap, pass: 0.2, beyond: .warn),
        BudgetRule(id: "tap-duration", summary: "total duration of tap feedback",
                   source: "Doherty threshold (interaction pace under 400 ms); Material 1: transitions over 400 ms may feel too slow",
                   metric: .tapDuration, pass: 0.4, warn: 0.6, beyond: .fail),
        BudgetRule(id: "haptic-count", summary: "haptic events of an animation longer than 300 ms",
                   source: "seed 004: beyond about 0.3 s one impact is not enough; every visual peak the user waits for gets its own event",
                   metric: .hapticEventsOfLongMotion, direction: .atLeast, pass: 2, beyond: .warn),
        hapticLead,
        hapticLag,
        feedbackSync,
        BudgetRule(id: "feedback-missing", summary: "a tap animation read from code whose peak comes after 100 ms, with no haptic fired with it",
                   source: "seed 004: every visual peak the user waits for gets its own haptic, landing on the same frame; Nielsen: under 0.1 s feels instantaneous (nothing to wait for)",
                   metric: .missingFeedback, pass: 0, beyond: .warn),
        hapticSpacing,
        androidPulse,
        continuousHaptic,
        BudgetRule(id: "repeating-haptics", summary: "haptic events on a repeating animation",
                   source: "Apple HIG, Playing haptics: avoid overusing haptics; prefer short haptics for discrete events",
                   metric: .hapticsOnRepeating, pass: 0, beyond: .warn),
        BudgetRule(id: "reduce-motion", summary: "non-trivial motion (over 150 ms, or any bounce) without a Reduce Motion fallback",
                   source: "Apple HIG, Motion: make motion optional; seed 003 fallbacks (crossfade, shortened, instant)",
                   metric: .missingReduceMotion, pass: 0, beyond: .warn),
        BudgetRule(id: "gesture-motion", summary: "custom motion on a scroll or drag trigger",
                   source: "Apple HIG, Motion: avoid adding motion to interactions that occur frequently; dragging latency is noticed around 11 ms (Deber et al. 2015)",
                   metric: .gestureDuration, pass: 0.2, beyond: .warn),
        BudgetRule(id: "shortened-bounce", summary: "bounce in an animation whose Reduce Motion fallback is `shortened`",
                   source: "seed 003: shortened = same animation, 0.10–0.15 s, no bounce",
                   metric: .bounceInShortened, pass: 0, beyond: .warn),
    ])

    // MARK: material3

    /// Material 3's duration tokens (short1 … extra-long4, material-web `_md-sys-motion.scss`)
    /// by the area an animation covers, plus the haptic rules that hold on any platform.
    public static let material3 = BudgetProfile(name: "material3", rules: [
        response,
        BudgetRule(id: "m3-small-area", summary: "duration of small-area motion (tap, scroll, drag: selection controls, small components)",
                   source: "Material 3 motion: small-area transitions about 200 ms (short4), medium4 = 400 ms",
                   metric: .smallAreaDuration, pass: 0.2, warn: 0.4, beyond: .fail),
        BudgetRule(id: "m3-large-area", summary: "duration of large-area motion (appear, app events)",
                   source: "Material 3 motion: large-area transitions about 500 ms (long2), extra-long4 = 1000 ms",
                   metric: .largeAreaDuration, pass: 0.5, warn: 1.0, beyond: .fail),
        hapticLead,
        hapticLag,
        feedbackSync,
        hapticSpacing,
        androidPulse,
        continuousHaptic,
    ])
}
