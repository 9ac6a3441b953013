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

    // MARK: Rule sources

    /// Public addresses of the sources the rules cite, so a user can open each one.
    public enum Address {
        public static let higMotion = "https://developer.apple.com/design/human-interface-guidelines/motion"
        public static let higHaptics = "https://developer.apple.com/design/human-interface-guidelines/playing-haptics"
        public static let material3Tokens = "https://m3.material.io/styles/motion/easing-and-duration/tokens-specs"
        public static let aospHaptics = "https://developer.android.com/develop/ui/views/haptics/haptics-principles"
        public static let nielsen = "https://www.nngroup.com/articles/response-times-3-important-limits/"
        public static let rail = "https://web.dev/articles/rail"
        /// Kaaresoja, Brewster & Lantz 2014, ACM Transactions on Applied Perception.
        public static let kaaresoja2014 = "https://doi.org/10.1145/2611387"
        /// Di Luca & Mahnan 2019, IEEE World Haptics Conference.
        public static let diLucaMahnan2019 = "https://doi.org/10.1109/WHC.2019.8816173"
    }

    // MARK: Rules shared by the profiles

    static let hapticLead = BudgetRule(
        id: "haptic-lead", summary: "a haptic may come before its visual moment by at most this much",
        source: "Di Luca & Mahnan 2019 (IEEE WHC, doi:10.1109/WHC.2019.8816173): a haptic before its visual is noticed beyond about 15 ms",
        references: [Address.diLucaMahnan2019],
        metric: .hapticLead, pass: 0.015, beyond: .fail)
    static let hapticLag = BudgetRule(
        id: "haptic-lag", summary: "a haptic may trail its visual moment by at most this much",
        source:
            "Di Luca & Mahnan 2019 (doi:10.1109/WHC.2019.8816173): a haptic after its visual goes unnoticed up to 50 ms; Kaaresoja et al. 2014 (doi:10.1145/2611387): tactile feedback 5–50 ms after the touch",
        references: [Address.diLucaMahnan2019, Address.kaaresoja2014],
        metric: .hapticLag, pass: 0.05, beyond: .fail)
    static let hapticSpacing = BudgetRule(
        id: "haptic-spacing", summary: "haptic events closer than this fuse into one",
        source:
            "motionsync's own rule: vibrotactile pulses closer than about 80–90 ms are reported to fuse into one (Jurado et al. 2021), so two events meant to be felt apart need 80 ms between them",
        references: [], ownRule: true,
        metric: .hapticSpacing, direction: .atLeast, pass: 0.08, beyond: .warn)
    static let androidPulse = BudgetRule(
        id: "android-impulse", summary: "longest Android impulse (a single vibration pulse under 100 ms)",
        source: "Android haptics design principles: a crisp click lasts 10–20 ms; a longer custom impulse is felt as buzzy",
        references: [Address.aospHaptics],
        metric: .androidPulse, pass: 20, beyond: .warn)
    static let continuousHaptic = BudgetRule(
        id: "continuous-haptic", summary: "longest continuous haptic event (a buzz)",
        source:
            "Apple HIG, Playing haptics: prefer short haptics that complement discrete events; Core Haptics caps a continuous event at 30 s (CHHapticEvent.duration); 400 ms: the Doherty threshold of interaction pace",
        references: [Address.higHaptics],
        metric: .longestContinuousHaptic, pass: 0.4, warn: 30, beyond: .fail)
    /// A haptic the code fires itself: when the trigger changes, measured against the motion's
    /// first peak, with `haptic-lead`'s and `haptic-lag`'s limits and source.
    static let feedbackSync = BudgetRule(
        id: "feedback-sync",
        summary:
            "time from a haptic the code fires (.sensoryFeedback, a feedback generator) to the motion's first peak; positive: the haptic comes first",
        source:
            "Di Luca & Mahnan 2019 (doi:10.1109/WHC.2019.8816173): a haptic before its visual is noticed beyond about 15 ms, one after it goes unnoticed up to 50 ms",
        references: [Address.diLucaMahnan2019],
        metric: .feedbackLead, pass: 0.015, beyond: .fail, lower: -0.05)
    static let response = BudgetRule(
        id: "response", summary: "first visible change after the trigger",
        source: "Nielsen, Response times: 0.1 s feels instantaneous; web.dev RAIL: respond within 100 ms",
        references: [Address.nielsen, Address.rail],
        metric: .firstVisibleChange, pass: 0.1, beyond: .fail)

    // MARK: apple-touch

    /// Apple's guidance (brevity, make motion optional, match haptics to motion) made measurable
    /// with published response-time, duration-token and haptic-perception numbers.
    public static let appleTouch = BudgetProfile(
        name: "apple-touch",
        rules: [
            response,
            BudgetRule(
                id: "first-peak", summary: "first peak of tap feedback",
                source:
                    "Material 3 motion: small components and selection controls move in about 200 ms (short4); Apple HIG, Motion: aim for brevity and precision in feedback animations",
                references: [Address.material3Tokens, Address.higMotion],
                metric: .firstPeakOfTap, pass: 0.2, beyond: .warn),
            BudgetRule(
                id: "tap-duration", summary: "time until tap feedback comes to rest (stays within the hold band for good)",
                source:
                    "Material 3 motion tokens: medium4 = 400 ms, long4 = 600 ms; Apple HIG, Motion: brevity; 400 ms: the Doherty threshold of interaction pace",
                references: [Address.material3Tokens, Address.higMotion],
                metric: .tapDuration, pass: 0.4, warn: 0.6, beyond: .fail),
            BudgetRule(
                id: "haptic-count", summary: "haptic events of motion that lasts over 300 ms until it rests",
                source:
                    "motionsync's own rule: one impact cannot mark every peak of a motion longer than about 0.3 s, and Apple HIG, Playing haptics asks to match the haptic to the animation it accompanies, so every visual peak the user waits for gets its own event",
                references: [Address.higHaptics], ownRule: true,
                metric: .hapticEventsOfLongMotion, direction: .atLeast, pass: 2, beyond: .warn),
            hapticLead,
            hapticLag,
            feedbackSync,
            BudgetRule(
                id: "feedback-missing", summary: "a tap animation read from code whose peak comes after 100 ms, with no haptic fired with it",
                source:
                    "motionsync's own rule: a peak after 100 ms is one the user waits for (Nielsen: under 0.1 s feels instantaneous), and Apple HIG, Playing haptics asks to match haptics to the animation they accompany",
                references: [Address.nielsen, Address.higHaptics], ownRule: true,
                metric: .missingFeedback, pass: 0, beyond: .warn),
            hapticSpacing,
            androidPulse,
            continuousHaptic,
            BudgetRule(
                id: "repeating-haptics", summary: "haptic events on a repeating animation",
                source: "Apple HIG, Playing haptics: avoid overusing haptics; prefer short haptics for discrete events",
                references: [Address.higHaptics],
                metric: .hapticsOnRepeating, pass: 0, beyond: .warn),
            BudgetRule(
                id: "reduce-motion", summary: "non-trivial motion (over 150 ms until it rests, or any bounce) without a Reduce Motion fallback",
                source: "Apple HIG, Motion: make motion optional, and under Reduce Motion play tightened animations or replace a slide with a fade",
                references: [Address.higMotion],
                metric: .missingReduceMotion, pass: 0, beyond: .warn),
            BudgetRule(
                id: "gesture-motion", summary: "custom motion on a scroll or drag trigger, until it rests",
                source: "Apple HIG, Motion: avoid adding motion to interactions that occur frequently",
                references: [Address.higMotion],
                metric: .gestureDuration, pass: 0.2, beyond: .warn),
            BudgetRule(
                id: "shortened-bounce", summary: "bounce in an animation whose Reduce Motion fallback is `shortened`",
                source:
                    "motionsync's own rule: a shortened fallback is the same motion in 0.10–0.15 s without bounce, a reading of Apple HIG, Motion (under Reduce Motion, play tightened animations)",
                references: [Address.higMotion], ownRule: true,
                metric: .bounceInShortened, pass: 0, beyond: .warn),
        ])

    // MARK: material3

    /// Material 3's duration tokens (short1 … extra-long4, material-web `_md-sys-motion.scss`)
    /// by the area an animation covers, plus the haptic rules that hold on any platform.
    public static let material3 = BudgetProfile(
        name: "material3",
        rules: [
            response,
            BudgetRule(
                id: "m3-small-area", summary: "duration until rest of small-area motion (tap, scroll, drag: selection controls, small components)",
                source: "Material 3 motion tokens: small-area transitions about 200 ms (short4), medium4 = 400 ms",
                references: [Address.material3Tokens],
                metric: .smallAreaDuration, pass: 0.2, warn: 0.4, beyond: .fail),
            BudgetRule(
                id: "m3-large-area", summary: "duration until rest of large-area motion (appear, app events)",
                source: "Material 3 motion tokens: large-area transitions about 500 ms (long2), extra-long4 = 1000 ms",
                references: [Address.material3Tokens],
                metric: .largeAreaDuration, pass: 0.5, warn: 1.0, beyond: .fail),
            hapticLead,
            hapticLag,
            feedbackSync,
            hapticSpacing,
            androidPulse,
            continuousHaptic,
        ])
}
