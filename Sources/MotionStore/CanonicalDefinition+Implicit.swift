import MotionCore
import MotionJSON

// MARK: - Implicit animations and feedback in canonical form

extension CanonicalDefinition {
    /// `animation`, `values` and `reduceMotionAnimation` of an implicit animation.
    static func implicitFields(_ motion: ImplicitMotion, into o: inout JSONObject) {
        o["animation"] = implicitAnimation(motion.animation)
        o["values"] = .object(
            JSONObject(
                motion.values.map { v in
                    (v.name, .object(JSONObject([("from", number(v.from)), ("to", number(v.to))])))
                }))
        if let fallback = motion.reduceMotionAnimation { o["reduceMotionAnimation"] = implicitAnimation(fallback) }
    }

    /// An implicit animation's `Animation`: its run as a phase step animation is written, plus
    /// `repeatCount` or `repeatForever` with `autoreverses`, and `startDelay` when not 0.
    public static func implicitAnimation(_ a: ImplicitAnimation) -> JSONValue {
        guard case .object(var o) = phaseAnimation(a.run) else { return .null }
        switch a.repetition {
        case .once:
            break
        case .count(let n, let autoreverses):
            o["repeatCount"] = .number(Double(n))
            o["autoreverses"] = .bool(autoreverses)
        case .forever(let autoreverses):
            o["repeatForever"] = true
            o["autoreverses"] = .bool(autoreverses)
        }
        if a.startDelay != 0 { o["startDelay"] = number(a.startDelay) }
        return .object(o)
    }

    /// The `feedback` field: `[{"type","time","source"?}]`. The definition leaves the sources out
    /// (a line moving is not a new revision); the store keeps them beside it.
    public static func feedback(_ list: [Feedback], sources: Bool) -> JSONValue {
        .array(
            list.map { f in
                var o = JSONObject([("type", .string(f.kind)), ("time", number(f.time))])
                if sources, let source = f.source { o["source"] = .string(source) }
                return .object(o)
            })
    }

    /// Reads the stored `feedback` JSON back.
    public static func feedback(_ value: JSONValue) -> [Feedback] {
        (value.arrayValue ?? []).compactMap { f in
            guard let kind = f["type"]?.stringValue else { return nil }
            return Feedback(kind: kind, time: f["time"]?.numberValue ?? 0, source: f["source"]?.stringValue)
        }
    }
}
