import MotionCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Optional modes

extension HapticPlanner {
    /// Plans `analysis` as `plan(_:settings:cues:)` does, then applies the optional modes of
    /// `options` that need the curve itself (`timeline`, the one `analysis` was made from):
    /// continuous events for sustained motion, prominence weighting, and the density cap (which
    /// needs no curve). With every mode off (the default) the plan is the plain one.
    public func plan(_ analysis: MotionAnalysis, settings: HapticSettings? = nil, cues: [Cue] = [], timeline: (any MotionTimeline)?) -> HapticPlan {
        let base = plan(analysis, settings: settings, cues: cues)
        let settings = settings ?? HapticSettings()
        guard settings.enabled, options.sustainedMotion || options.prominenceWeighting || options.maximumTransientsPerSecond != nil else {
            return base
        }
        var planned = base.planned
        if options.sustainedMotion, let timeline {
            planned += sustainedEvents(analysis, timeline: timeline, settings: settings)
        }
        if options.prominenceWeighting, let timeline {
            planned = weighted(planned, timeline: timeline)
        }
        if let rate = options.maximumTransientsPerSecond {
            planned = capped(planned, perSecond: rate)
        }
        planned.sort { ($0.event.time, $0.event.kind == .transient ? 0 : 1) < ($1.event.time, $1.event.kind == .transient ? 0 : 1) }
        return HapticPlan(planned: planned, isLooping: base.isLooping, duration: base.duration)
    }

    // MARK: Sustained motion

    /// One continuous event per stretch of movement (between a property's holds) of at least
    /// `minimumSustained`, stretches of several properties that overlap joined into one event.
    /// Its envelope follows the speed: at each point, the largest speed ÷ maximum speed of the
    /// properties moving there, times `sustainedIntensity` (a fade is felt swelling and easing
    /// off as it is seen).
    func sustainedEvents(_ analysis: MotionAnalysis, timeline: any MotionTimeline, settings: HapticSettings) -> [PlannedHapticEvent] {
        let ignored = Set(settings.ignore)
        var stretches: [(start: Double, end: Double, properties: [String])] = []
        for range in analysis.ranges where range.maximumSpeed > 0 && range.span > 0 && !ignored.contains(range.property) {
            var cursor = 0.0
            let holds = analysis.holds.filter { $0.property == range.property }.sorted { $0.start < $1.start }
            for gap in holds.map({ ($0.start, $0.end) }) + [(analysis.duration, analysis.duration)] {
                if gap.0 - cursor >= options.minimumSustained { stretches.append((cursor, gap.0, [range.property])) }
                cursor = max(cursor, gap.1)
            }
        }
        stretches.sort { $0.start < $1.start }
        var joined: [(start: Double, end: Double, properties: [String])] = []
        for s in stretches {
            if let last = joined.last, s.start < last.end {
                joined[joined.count - 1].end = max(last.end, s.end)
                joined[joined.count - 1].properties += s.properties
            } else {
                joined.append(s)
            }
        }
        return joined.compactMap { stretch in
            let count = min(options.envelopePoints, max(2, Int(((stretch.end - stretch.start) / 0.02).rounded(.up)) + 1))
            let envelope = (0..<count).map { k -> HapticEvent.EnvelopePoint in
                let local = (stretch.end - stretch.start) * Double(k) / Double(count - 1)
                // The end points just inside: the speed it leaves and arrives with, not the rests.
                let t = k == 0 ? stretch.start + 1e-9 : (k == count - 1 ? stretch.end - 1e-9 : stretch.start + local)
                let speed =
                    stretch.properties.map { p -> Double in
                        guard let v = timeline.velocity(of: p, at: t), let top = analysis.range(of: p)?.maximumSpeed, top > 0 else { return 0 }
                        return min(1, abs(v) / top)
                    }.max() ?? 0
                return .init(time: local, intensity: Self.clamp(options.sustainedIntensity * speed * settings.intensityScale))
            }
            guard let peak = envelope.map(\.intensity).max(), peak > 0 else { return nil }
            let event = HapticEvent.continuous(
                at: stretch.start, duration: stretch.end - stretch.start, intensity: peak,
                sharpness: Self.clamp(options.sustainedSharpness * settings.sharpnessScale), envelope: envelope)
            return PlannedHapticEvent(
                event: event,
                moments: stretch.properties.map {
                    HapticMoment(
                        kind: .motion, property: $0, time: stretch.start, strength: peak, sharpness: options.sustainedSharpness, end: stretch.end)
                })
        }
    }

    // MARK: Prominence

    /// How much of the screen's attention the element that `property` moves holds at `time`,
    /// 0…1: opacity × size × nearness to the centre. Opacity and scale (100 % = 1, at most 1)
    /// multiply along the property's path (`Layer/Group/position.x`: the layer's and the
    /// group's); the centre term needs `canvas` and the element's `position.x`/`position.y`
    /// (1 at the centre, ½ in a corner; 1 when either is unknown). An element's drawn size is
    /// not in a timeline: only its scale counts.
    func prominence(of property: String, at time: Double, timeline: any MotionTimeline) -> Double {
        let parts = property.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var prefixes = [""]
        for part in parts { prefixes.append(prefixes.last! + part + "/") }
        var weight = 1.0
        for prefix in prefixes {
            if let opacity = timeline.value(of: prefix + "opacity", at: time) { weight *= min(max(opacity, 0), 1) }
            let scales = ["scale", "scale.x", "scale.y"].compactMap { timeline.value(of: prefix + $0, at: time) }.map(abs)
            if !scales.isEmpty { weight *= min(1, scales.reduce(0, +) / Double(scales.count)) }
        }
        if let canvas = options.canvas, canvas.width > 0, canvas.height > 0,
            let layer = prefixes.last(where: { timeline.index(of: $0 + "position.x") != nil && timeline.index(of: $0 + "position.y") != nil }),
            let x = timeline.value(of: layer + "position.x", at: time), let y = timeline.value(of: layer + "position.y", at: time)
        {
            let d = hypot(x - canvas.width / 2, y - canvas.height / 2) / hypot(canvas.width / 2, canvas.height / 2)
            weight *= 1 - 0.5 * min(1, d)
        }
        return weight
    }

    /// Events that stand on motion, their intensity times the prominence of the most prominent
    /// element they stand on; those under `minimumProminence` (a hidden layer's motion) are
    /// dropped. Cues and pins are the designer's: they stay as written.
    func weighted(_ planned: [PlannedHapticEvent], timeline: any MotionTimeline) -> [PlannedHapticEvent] {
        planned.compactMap { p in
            guard !p.moments.contains(where: { $0.kind == .cue || $0.kind == .pin }), !p.moments.isEmpty else { return p }
            let weight = p.moments.map { prominence(of: $0.property, at: $0.time, timeline: timeline) }.max() ?? 1
            guard weight >= options.minimumProminence else { return nil }
            var e = p.event
            e.intensity = Self.clamp(e.intensity * weight)
            e.envelope = e.envelope.map { .init(time: $0.time, intensity: Self.clamp($0.intensity * weight)) }
            return PlannedHapticEvent(event: e, moments: p.moments)
        }
    }

    // MARK: Density

    /// At most `rate` transients in any second: cues and pins first (always kept), then the
    /// strongest (earlier on a tie), each kept only if no `rate` + 1 kept transients would then
    /// fall within less than a second. Continuous events are not counted.
    func capped(_ planned: [PlannedHapticEvent], perSecond rate: Int) -> [PlannedHapticEvent] {
        let transients = planned.indices.filter { planned[$0].event.kind == .transient }
        func designed(_ i: Int) -> Bool { planned[i].moments.contains { $0.kind == .cue || $0.kind == .pin } }
        let order = transients.sorted {
            (designed($0) ? 1 : 0, planned[$0].event.intensity, -planned[$0].event.time) > (
                designed($1) ? 1 : 0, planned[$1].event.intensity, -planned[$1].event.time
            )
        }
        var kept: [Double] = []
        var dropped = Set<Int>()
        for i in order {
            let t = planned[i].event.time
            let at = kept.firstIndex { $0 > t } ?? kept.count
            var trial = kept
            trial.insert(t, at: at)
            let crowded = (max(0, at - rate)...at).contains { j in j + rate < trial.count && trial[j + rate] - trial[j] < 1 - 1e-9 }
            if crowded && !designed(i) { dropped.insert(i) } else { kept = trial }
        }
        return planned.indices.filter { !dropped.contains($0) }.map { planned[$0] }
    }
}
