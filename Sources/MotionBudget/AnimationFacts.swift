import MotionCore
import MotionHaptics

// MARK: - AnimationFacts

/// Everything the budget rules measure about one animation, computed once from its timeline,
/// analysis and haptic plan. Times in seconds.
public struct AnimationFacts: Sendable {
    public let screen: String
    public let id: String
    public let trigger: Trigger
    public let reduceMotion: ReduceMotion?
    public let isRepeating: Bool
    /// The timeline's length: for a spring that plays until settled, SwiftUI's settling time (to
    /// 0.1 % of the distance), long after the eye sees it stop.
    public let duration: Double
    /// When the motion comes to rest for good, as a person sees it: the latest time any property
    /// enters the trailing hold it stays in (what `peaks` lists as a trailing hold), else the end.
    /// The rules about perceived length measure this, not `duration`.
    public let restTime: Double
    public let hapticsEnabled: Bool
    /// First time any property has moved by 1 % of its range (nil: nothing moves).
    public let firstVisibleChange: Double?
    /// Time of the first significant peak (nil: none).
    public let firstPeak: Double?
    /// Whether the motion overshoots: a spring with bounce (damping ratio < 1) or a curve whose
    /// control points leave 0…1.
    public let bounces: Bool
    public let eventCount: Int
    /// Largest lead / lag (s, ≥ 0) of a haptic event against its nearest moment.
    public let worstLead: Double
    public let worstLag: Double
    /// Smallest gap between consecutive transients (nil: fewer than two).
    public let minimumTransientGap: Double?
    /// Longest single impulse (pulse under 100 ms) of the Android waveform, in ms.
    public let longestAndroidPulse: Double
    /// Longest continuous haptic event (s); nil when the plan has none.
    public let longestContinuousHaptic: Double?
    /// "reduce-motion" for the shortened version checked alongside, else nil.
    public let variant: String?
    /// The moment the eye waits for: the first significant peak; for motion that only rises and
    /// settles (an ease, a critically damped spring), where it arrives (its trailing rest, else
    /// its end). nil when nothing moves.
    public let visualMoment: Double?
    /// The haptics the app fires itself with the animation (nil: not known, as for a spec).
    public let feedback: [Feedback]?
    /// Whether the Reduce Motion version bounces: the written Reduce Motion animation of an
    /// implicit animation, else the animation itself.
    public let shortenedBounces: Bool

    /// Measures `animation`. `timeline` may be a transformed one (the shortened variant).
    /// `analysis` and `plan`, when given, must be `timeline`'s under `options` and its haptic plan
    /// (what `MotionAnalyzer` and `HapticPlanner` make of it): a caller that has them already
    /// saves computing them again, the larger part of the cost.
    public init(
        screen: String, animation: AnimationSpec, timeline: any MotionTimeline, options: AnalysisOptions = .standard, variant: String? = nil,
        analysis known: MotionAnalysis? = nil, plan knownPlan: HapticPlan? = nil
    ) {
        self.screen = screen
        id = animation.id
        trigger = animation.trigger
        reduceMotion = animation.reduceMotion
        isRepeating = timeline.isRepeating
        duration = timeline.duration
        self.variant = variant
        let analysis = known ?? MotionAnalyzer(options: options).analyze(timeline)
        let plan = knownPlan ?? HapticPlanner().plan(analysis, settings: animation.haptics, cues: variant == nil ? animation.cues : [])
        hapticsEnabled = animation.haptics?.enabled ?? true
        firstVisibleChange = Self.firstVisibleChange(timeline, analysis: analysis)
        firstPeak = analysis.peaks.first?.time
        bounces = variant == "reduce-motion" ? false : Self.bounces(animation)
        let events = plan.pattern.events
        eventCount = events.count
        let offsets = HapticAlignment.align(events, to: analysis, cues: variant == nil ? animation.cues : []).compactMap(\.offset)
        worstLead = max(0, -(offsets.min() ?? 0))
        worstLag = max(0, offsets.max() ?? 0)
        let transients = events.filter { $0.kind == .transient }.map(\.time).sorted()
        minimumTransientGap = transients.count < 2 ? nil : zip(transients.dropFirst(), transients).map { $0 - $1 }.min()
        longestAndroidPulse = Self.longestPulse(AndroidWaveformEncoder().encode(plan.pattern))
        longestContinuousHaptic = events.filter { $0.kind == .continuous }.map(\.duration).max()
        feedback = animation.feedback
        restTime = Self.restTime(analysis, duration: timeline.duration, repeating: timeline.isRepeating)
        let moves = analysis.ranges.contains { $0.maximum > $0.minimum }
        let rest = analysis.holds.first { $0.position == .trailing }?.start
        visualMoment = moves ? (analysis.peaks.first?.time ?? rest ?? timeline.duration) : nil
        if case .implicit(let m) = animation.motion, let fallback = m.reducedAnimation(under: animation.reduceMotion) {
            shortenedBounces = fallback.bounces
        } else {
            shortenedBounces = bounces
        }
    }

    /// Each paired single haptic's lead on the visual moment (s; negative: it trails it), nil
    /// when the haptics are not known or nothing moves. A Core Haptics pattern (`core-haptics`)
    /// is not one: its events sit at their own offsets from its start (what `check-ahap
    /// --against` checks), so its start is no haptic's time.
    public var feedbackLeads: [Double]? {
        guard let feedback, let visualMoment else { return nil }
        return feedback.filter { $0.kind != "core-haptics" }.map { visualMoment - $0.time }
    }

    /// The pair furthest outside the window a haptic may sit in around its visual moment
    /// (15 ms before, 50 ms after: Di Luca & Mahnan 2019), as its lead (s).
    public var worstFeedbackLead: Double? {
        feedbackLeads?.max { a, b in max(a - 0.015, -0.05 - a) < max(b - 0.015, -0.05 - b) }
    }

    /// When every moving property has entered the trailing hold it stays in until the end (the
    /// first of a property's trailing holds: a settling tail may give two that touch); a property
    /// without one moves until the end. A loop never rests: its cycle.
    public static func restTime(_ analysis: MotionAnalysis, duration: Double, repeating: Bool) -> Double {
        guard !repeating else { return duration }
        var firstTrailing: [String: Double] = [:]
        for hold in analysis.holds where hold.position == .trailing {
            firstTrailing[hold.property] = min(firstTrailing[hold.property] ?? hold.start, hold.start)
        }
        var rest = 0.0
        for range in analysis.ranges where range.maximum > range.minimum {
            rest = max(rest, firstTrailing[range.property] ?? duration)
        }
        return min(rest, duration)
    }

    /// First time a property leaves its start value by 1 % of its range: the earliest of the
    /// analysis's exact departures (`PropertyRange.firstVisibleChange`).
    static func firstVisibleChange(_ timeline: any MotionTimeline, analysis: MotionAnalysis) -> Double? {
        analysis.ranges.compactMap(\.firstVisibleChange).min()
    }

    static func bounces(_ animation: AnimationSpec) -> Bool {
        func bouncy(_ s: Spring) -> Bool { s.dampingRatio < 1 - 1e-9 }
        func overshoots(_ c: UnitCurve) -> Bool { !(0...1).contains(c.p1.y) || !(0...1).contains(c.p2.y) }
        switch animation.motion {
        case .keyframes(_, let tracks, _):
            return tracks.contains {
                $0.keyframes.contains { k in
                    switch k {
                    case .spring(_, _, let s, _): bouncy(s)
                    case .linear(_, _, let c): overshoots(c)
                    default: false
                    }
                }
            }
        case .phases(let phases):
            return phases.contains { p in
                switch p.animation?.curve {
                case .spring(let s)?: bouncy(s)
                case .bezier(let c, _)?: overshoots(c)
                case nil: false
                }
            }
        case .layer(let motion):
            return motion.animations.contains { a in
                if let f = a.timing.timingFunction, overshoots(f) { return true }
                switch a.content {
                case .spring(_, _, let s, let v, _): return bouncy(s.resolved(duration: a.timing.basicDuration, initialVelocity: v))
                case .keyframes(let k): return (k.timingFunctions ?? []).contains(where: overshoots)
                case .basic: return false
                }
            }
        case .implicit(let m):
            return m.animation.bounces
        }
    }

    /// The longest impulse of the waveform: a single pulse shorter than 100 ms (a tap-like
    /// event; a longer pulse is a deliberate continuous buzz, not an impulse). 0 when none.
    static func longestPulse(_ waveform: AndroidWaveform) -> Double {
        var pulses: [Int] = []
        var current = 0
        for (timing, amplitude) in zip(waveform.timings, waveform.amplitudes) {
            if amplitude != 0 {
                current += timing
            } else if current > 0 {
                pulses.append(current)
                current = 0
            }
        }
        if current > 0 { pulses.append(current) }
        return Double(pulses.filter { $0 < impulseLimit }.max() ?? 0)
    }

    /// Pulses at least this long (ms) are continuous buzzes, not impulses.
    static let impulseLimit = 100
}
