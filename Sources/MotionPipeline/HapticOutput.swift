import MotionCore
import MotionHaptics
import MotionJSON

// MARK: - HapticOutput

/// The file formats `haptics` and `export` write, and how.
public enum HapticOutput: String, CaseIterable, Sendable {
    case ahap
    case androidWaveform = "android-waveform"
    case androidComposition = "android-composition"
    case haptic
    case plan

    /// File extension for exported files.
    public var fileExtension: String {
        switch self {
        case .ahap: "ahap"
        case .haptic: "haptic"
        case .androidWaveform: "waveform.json"
        case .androidComposition: "composition.json"
        case .plan: "plan.json"
        }
    }

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func parse(_ text: String) throws -> HapticOutput {
        guard let format = HapticOutput(rawValue: text) else {
            throw CLIError.usage("unknown --format \(text)", hint: "use one of \(names)")
        }
        return format
    }

    /// Whether `plan` written in this format is a pattern that plays nothing: no haptic event,
    /// and a pattern format (the plan format describes the plan, empty or not). `check-ahap`
    /// refuses such an AHAP; `export` writes no file for it and `haptics` says so.
    public func isEmptyPattern(_ plan: HapticPlan) -> Bool { plan.planned.isEmpty && self != .plan }

    /// The planned pattern of `animation`, written in this format.
    public func render(_ plan: HapticPlan, screen: String, id: String) -> String {
        let pattern = plan.pattern
        switch self {
        case .ahap:
            var description =
                "\(screen)/\(id): \(pattern.events.count) event\(pattern.events.count == 1 ? "" : "s") aligned to the motion's peaks and holds"
            if pattern.isLooping { description += "; one cycle of a loop, repeat every \(FigureText.time(pattern.duration)) s" }
            return AHAPEncoder().encode(pattern, metadata: [("Project", "motionsync"), ("Description", description)])
        case .androidWaveform:
            return JSONWriter().string(AndroidWaveformEncoder().encode(pattern).json)
        case .androidComposition:
            return JSONWriter().string(.array(AndroidCompositionEncoder().encode(pattern).map(\.json)))
        case .haptic:
            return MetaHapticEncoder().encode(pattern)
        case .plan:
            return JSONWriter().string(Self.planJSON(plan, screen: screen, id: id))
        }
    }

    /// The plan with the moments each event stands on.
    public static func planJSON(_ plan: HapticPlan, screen: String, id: String) -> JSONValue {
        .object(
            JSONObject([
                ("screen", .string(screen)), ("id", .string(id)), ("duration", .number(FigureText.time(plan.duration))),
                ("looping", .bool(plan.isLooping)),
                (
                    "events",
                    .array(
                        plan.planned.map { p in
                            var o = JSONObject()
                            o["type"] = .string(p.event.kind.rawValue)
                            o["time"] = .number(FigureText.time(p.event.time))
                            if p.event.kind == .continuous { o["duration"] = .number(FigureText.time(p.event.duration)) }
                            o["intensity"] = .number(FigureText.value(p.event.intensity))
                            o["sharpness"] = .number(FigureText.value(p.event.sharpness))
                            o["moments"] = .array(
                                p.moments.map { m in
                                    var mo = JSONObject()
                                    mo["kind"] = .string(m.kind.rawValue)
                                    if !m.property.isEmpty { mo["property"] = .string(m.property) }
                                    mo["time"] = .number(FigureText.time(m.time))
                                    if let end = m.end { mo["end"] = .number(FigureText.time(end)) }
                                    return .object(mo)
                                })
                            return .object(o)
                        })
                ),
            ]))
    }
}

extension AnimationFigures {
    /// The haptic plan for this animation with its spec's `haptics` settings, and the planner's
    /// optional modes in `options` (which read the curve).
    public func plan(for animation: ResolvedAnimation, options: HapticPlannerOptions = HapticPlannerOptions()) -> HapticPlan {
        HapticPlanner(options: options).plan(analysis, settings: animation.spec.haptics, cues: animation.spec.cues, timeline: timeline)
    }
}
