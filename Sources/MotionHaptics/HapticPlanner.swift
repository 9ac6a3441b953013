import MotionCore

// MARK: - HapticPlanner

/// Turns a motion analysis into a haptic plan whose events sit on the motion's moments.
///
/// Rules (each overridable through `HapticPlannerOptions` or the spec's `haptics` field):
/// - A transient on each significant peak, impact and snap, at its exact time.
/// - Moments of *different* properties closer than the fusion window (80 ms; pulses closer than
///   about 80–90 ms feel like one, Jurado et al. 2021) become one event, placed on the strongest
///   of them. Moments of the same property stay separate (a fast wiggle keeps every beat; the
///   budget check warns that they fuse). Moments of one property within 1 ms (a peak that is also
///   an impact) are one moment.
/// - A continuous event across each hold between two movements (a rest where the motion arrived
///   and will move again); overlapping holds of several properties are one event. Continuous
///   events are soft (sharpness 0.2) at 0.35 intensity, and last at most
///   `HapticPlannerOptions.maximumContinuous` (0.4 s) from the hold's start: a long rest (a toast
///   sitting on screen) is not a buzz. Pins and cues keep the length the designer wrote; the
///   budget's `continuous-haptic` rule reports those.
/// - Strength of a moment, 0…1: a peak's prominence, a snap's jump, or an impact's incoming
///   speed, each over the property's range (or maximum speed). Intensity = 0.35 + 0.65 · strength.
/// - Sharpness, 0…1, from how abruptly the motion arrives: k = speed · 0.1 s / range, with the
///   arrival speed for a peak and the velocity change for an impact; sharpness = k / (1 + k).
///   A snap is 1.
/// - A repeating animation yields one cycle, marked as looping. Nothing is placed outside the
///   animation: pins and cues after its end are dropped, continuous events end with it.
///   Times in seconds.
public struct HapticPlanner: Sendable {
    public var options: HapticPlannerOptions

    public init(options: HapticPlannerOptions = HapticPlannerOptions()) { self.options = options }

    /// Plans `analysis`. Cues whose name starts with "haptic" (Lottie markers such as
    /// `haptic`, `haptic-land`) get an event: a transient, or a continuous one over the cue's
    /// duration.
    public func plan(_ analysis: MotionAnalysis, settings: HapticSettings? = nil, cues: [Cue] = []) -> HapticPlan {
        let settings = settings ?? HapticSettings()
        guard settings.enabled else { return HapticPlan(events: [], isLooping: analysis.isRepeating, duration: analysis.duration) }
        let ignored = Set(settings.ignore)
        var moments = self.moments(analysis).filter { !ignored.contains($0.property) }

        // One moment per property per millisecond (a peak that is also an impact).
        moments.sort { ($0.property, $0.time) < ($1.property, $1.time) }
        var merged: [HapticMoment] = []
        for m in moments {
            if let last = merged.last, last.property == m.property, abs(last.time - m.time) <= 0.001 {
                merged[merged.count - 1] = last.strength >= m.strength ? last.absorbing(m) : m.absorbing(last)
            } else {
                merged.append(m)
            }
        }

        var planned = fuse(merged, settings: settings)

        // Continuous events across holds between movements, overlapping ones joined.
        let holds = analysis.holds.filter { $0.position == .interior && !ignored.contains($0.property) }.sorted { $0.start < $1.start }
        var spans: [(start: Double, end: Double, holds: [Hold])] = []
        for hold in holds {
            if let last = spans.last, hold.start <= last.end + 0.001 { // touching holds are one rest
                spans[spans.count - 1].end = max(last.end, hold.end)
                spans[spans.count - 1].holds.append(hold) // in place: no copy per hold
            } else {
                spans.append((hold.start, hold.end, [hold]))
            }
        }
        for span in spans {
            let event = HapticEvent.continuous(
                at: span.start, duration: min(span.end - span.start, options.maximumContinuous),
                intensity: Self.clamp(options.holdIntensity * settings.intensityScale),
                sharpness: Self.clamp(options.holdSharpness * settings.sharpnessScale))
            planned.append(
                PlannedHapticEvent(
                    event: event,
                    moments: span.holds.map {
                        HapticMoment(
                            kind: .hold, property: $0.property, time: $0.start, strength: options.holdIntensity, sharpness: options.holdSharpness,
                            end: $0.end)
                    }))
        }

        for cue in cues where cue.isHapticCue && cue.time >= 0 {
            let event =
                cue.duration > 0
                ? HapticEvent.continuous(
                    at: cue.time, duration: cue.duration, intensity: Self.clamp(options.holdIntensity * settings.intensityScale),
                    sharpness: Self.clamp(options.holdSharpness * settings.sharpnessScale))
                : HapticEvent.transient(
                    at: cue.time, intensity: Self.clamp(settings.intensityScale), sharpness: Self.clamp(0.5 * settings.sharpnessScale))
            planned.append(
                PlannedHapticEvent(event: event, moments: [HapticMoment(kind: .cue, property: cue.name, time: cue.time, strength: 1, sharpness: 0.5)])
            )
        }
        for pin in settings.pins {
            let event =
                pin.kind == .transient
                ? HapticEvent.transient(at: pin.time, intensity: pin.intensity, sharpness: pin.sharpness)
                : HapticEvent.continuous(at: pin.time, duration: pin.duration, intensity: pin.intensity, sharpness: pin.sharpness)
            planned.append(
                PlannedHapticEvent(
                    event: event, moments: [HapticMoment(kind: .pin, property: "", time: pin.time, strength: pin.intensity, sharpness: pin.sharpness)]
                ))
        }
        // Nothing outside the animation: events after its end are dropped, continuous ones end with it.
        planned = planned.compactMap { p in
            guard p.event.time >= 0, p.event.time <= analysis.duration + 1e-9 else { return nil }
            guard p.event.kind == .continuous, p.event.end > analysis.duration else { return p }
            let e = p.event
            return PlannedHapticEvent(
                event: .continuous(at: e.time, duration: max(0, analysis.duration - e.time), intensity: e.intensity, sharpness: e.sharpness),
                moments: p.moments)
        }.filter { $0.event.kind == .transient || $0.event.duration > 0 }
        planned.sort { ($0.event.time, $0.event.kind == .transient ? 0 : 1) < ($1.event.time, $1.event.kind == .transient ? 0 : 1) }
        return HapticPlan(planned: planned, isLooping: analysis.isRepeating, duration: analysis.duration)
    }

    /// Fuses `merged` (one moment per property per millisecond) into transients: each anchor
    /// (strongest first) takes, of every other property, its untaken moment nearest the anchor
    /// (the stronger on a tie) less than the fusion window away. (Taking the strongest instead
    /// could leave a property's moment at the anchor's very time to anchor a second event there.)
    func fuse(_ merged: [HapticMoment], settings: HapticSettings) -> [PlannedHapticEvent] {
        fuseCounting(merged, settings: settings).events
    }

    /// `fuse`, and the work it did: moments visited in windows plus positions stepped over.
    func fuseCounting(_ merged: [HapticMoment], settings: HapticSettings) -> (events: [PlannedHapticEvent], work: Int) {
        // The window is found by binary search in time order and taken moments are skipped by
        // `FusionQueue`: O(n log n) plus the moments each window holds (a scan of every moment
        // per anchor would be O(n²), and tracks of many lively keyframes are real input).
        let order = merged.indices.sorted { (merged[$0].strength, -merged[$0].time) > (merged[$1].strength, -merged[$1].time) }
        var rank = [Int](repeating: 0, count: merged.count)
        for (r, i) in order.enumerated() { rank[i] = r }
        var queue = FusionQueue(times: merged.map(\.time))
        var planned: [PlannedHapticEvent] = []
        for anchor in order where !queue.isTaken(anchor) {
            queue.take(anchor)
            var group = [merged[anchor]]
            var properties: Set<String> = [merged[anchor].property]
            let t = merged[anchor].time
            let candidates = queue.untaken(from: t - options.fusionWindow, to: t + options.fusionWindow)
                .filter { abs(merged[$0].time - t) < options.fusionWindow }
                .sorted { (abs(merged[$0].time - t), rank[$0]) < (abs(merged[$1].time - t), rank[$1]) }
            for other in candidates where !properties.contains(merged[other].property) {
                queue.take(other)
                properties.insert(merged[other].property)
                group.append(merged[other])
            }
            let strength = group.map(\.strength).max() ?? 0
            let sharpness = group.map(\.sharpness).max() ?? 0
            let event = HapticEvent.transient(
                at: merged[anchor].time,
                intensity: Self.clamp((options.baseIntensity + (1 - options.baseIntensity) * strength) * settings.intensityScale),
                sharpness: Self.clamp(sharpness * settings.sharpnessScale))
            planned.append(PlannedHapticEvent(event: event, moments: group.sorted { $0.time < $1.time }))
        }
        return (planned, queue.steps)
    }

    /// The moments of an analysis that can carry a transient.
    public func moments(_ analysis: MotionAnalysis) -> [HapticMoment] {
        var moments: [HapticMoment] = []
        // Ranges by property, looked up once each (`range(of:)` scans every property: with 50,000
        // properties, once per moment was 50,000² comparisons). The first range of a name wins, as there.
        var ranges: [String: PropertyRange] = [:]
        for range in analysis.ranges where ranges[range.property] == nil { ranges[range.property] = range }
        func span(_ property: String) -> Double { max(ranges[property]?.span ?? 0, 1e-12) }
        func abruptness(_ speed: Double, _ property: String) -> Double {
            let k = speed * options.abruptnessTime / span(property)
            return k / (1 + k)
        }
        for p in analysis.peaks {
            moments.append(
                HapticMoment(
                    kind: .peak, property: p.property, time: p.time, strength: min(1, p.prominence / span(p.property)),
                    sharpness: abruptness(p.arrivalSpeed, p.property)))
        }
        for i in analysis.impacts {
            let maxSpeed = ranges[i.property]?.maximumSpeed ?? 0
            moments.append(
                HapticMoment(
                    kind: .impact, property: i.property, time: i.time,
                    strength: maxSpeed > 0 ? min(1, abs(i.incomingVelocity) / maxSpeed) : 1,
                    sharpness: abruptness(i.velocityChange, i.property)))
        }
        for s in analysis.snaps {
            moments.append(
                HapticMoment(kind: .snap, property: s.property, time: s.time, strength: min(1, s.magnitude / span(s.property)), sharpness: 1))
        }
        return moments
    }

    static func clamp(_ v: Double) -> Double { min(1, max(0, v)) }
}

// MARK: - HapticPlannerOptions

/// The planner's constants (see `HapticPlanner` for how each is used).
public struct HapticPlannerOptions: Hashable, Sendable {
    /// Moments of different properties closer than this (s) become one event.
    public var fusionWindow: Double = 0.08
    /// Intensity of the weakest moment; the strongest gets 1.
    public var baseIntensity: Double = 0.35
    /// Intensity and sharpness of the continuous event across a hold.
    public var holdIntensity: Double = 0.35
    public var holdSharpness: Double = 0.2
    /// Time scale (s) that turns a speed into an abruptness: how far, in ranges, the motion
    /// would travel in this time.
    public var abruptnessTime: Double = 0.1
    /// The longest continuous event (s) planned across a hold. 0.4 s: Apple's HIG asks for short
    /// haptics that complement discrete events, and feedback longer than the Doherty threshold
    /// (400 ms) no longer reads as the response to one action. (Core
    /// Haptics' own hard cap is 30 s per continuous event; the AHAP encoder splits beyond it.)
    public var maximumContinuous: Double = 0.4

    /// Sustained motion (off by default: it adds events to today's patterns): a continuous event
    /// across each movement of at least `minimumSustained` s, its intensity envelope following
    /// the speed, up to `sustainedIntensity`, at `sustainedSharpness`, in at most
    /// `envelopePoints` points (a 20 ms step where that fits). Needs the timeline.
    public var sustainedMotion = false
    public var minimumSustained: Double = 0.25
    public var sustainedIntensity: Double = 0.5
    public var sustainedSharpness: Double = 0.3
    public var envelopePoints = 16

    /// Prominence weighting (off by default: it lowers today's intensities): events standing on
    /// motion are scaled by how prominent the moving element is (opacity × scale × nearness to
    /// the centre of `canvas`, when given); under `minimumProminence` they are dropped. Needs
    /// the timeline.
    public var prominenceWeighting = false
    public var canvas: Canvas?
    public var minimumProminence: Double = 0.05

    /// The density cap (off when nil): at most this many transients in any second. 12 keeps
    /// transients at least 83 ms apart on average, about where pulses stop being felt apart
    /// (the fusion window's reason).
    public var maximumTransientsPerSecond: Int?

    /// The size of the picture the positions are in (a Lottie file's `w` × `h`), for the centre.
    public struct Canvas: Hashable, Sendable {
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    public init() {}
}

// MARK: - HapticMoment

/// A moment of the motion that an event stands on.
public struct HapticMoment: Hashable, Sendable {
    /// `motion`: a stretch of sustained motion (`HapticPlannerOptions.sustainedMotion`).
    public enum Kind: String, Hashable, Sendable { case peak, impact, snap, hold, pin, cue, motion }
    public let kind: Kind
    public let property: String
    /// Seconds; a hold's start.
    public let time: Double
    /// 0…1.
    public let strength: Double
    /// 0…1.
    public let sharpness: Double
    /// A hold's end (s).
    public var end: Double?

    public init(kind: Kind, property: String, time: Double, strength: Double, sharpness: Double, end: Double? = nil) {
        self.kind = kind
        self.property = property
        self.time = time
        self.strength = strength
        self.sharpness = sharpness
        self.end = end
    }

    /// This moment, with `other`'s sharpness if that is higher (same property, same instant).
    func absorbing(_ other: HapticMoment) -> HapticMoment {
        HapticMoment(kind: kind, property: property, time: time, strength: max(strength, other.strength), sharpness: max(sharpness, other.sharpness))
    }
}

// MARK: - HapticPlan

/// The events planned for one animation, each with the moments it stands on.
public struct HapticPlan: Hashable, Sendable {
    public let planned: [PlannedHapticEvent]
    public let isLooping: Bool
    /// One play (one cycle when looping), seconds.
    public let duration: Double

    public init(planned: [PlannedHapticEvent], isLooping: Bool, duration: Double) {
        self.planned = planned
        self.isLooping = isLooping
        self.duration = duration
    }

    init(events: [HapticEvent], isLooping: Bool, duration: Double) {
        self.init(planned: events.map { PlannedHapticEvent(event: $0, moments: []) }, isLooping: isLooping, duration: duration)
    }

    /// The format-independent pattern the encoders write.
    public var pattern: HapticPattern { HapticPattern(events: planned.map(\.event), isLooping: isLooping, duration: duration) }
}

/// One planned event and why it is there.
public struct PlannedHapticEvent: Hashable, Sendable {
    public let event: HapticEvent
    public let moments: [HapticMoment]

    public init(event: HapticEvent, moments: [HapticMoment]) {
        self.event = event
        self.moments = moments
    }
}
