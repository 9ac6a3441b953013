import MotionCore
import MotionJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CanonicalDefinition

/// An animation written back as spec-v1 JSON in one canonical form: what the store keeps as a
/// revision's `definition` and hashes to tell a changed animation from an unchanged one.
///
/// Canonical means: equal motion and metadata give equal bytes, however they were written.
/// Springs become `{response, dampingRatio}` (unit mass) or `{mass, stiffness, damping}`; phase
/// animations become `timingCurve`/named curves, `spring` or `interpolatingSpring`; numbers are
/// rounded to 12 significant digits (so 2π/(2π/0.5) prints as 0.5); defaults are left out.
public enum CanonicalDefinition {
    /// The canonical JSON of `animation`.
    public static func json(_ animation: AnimationSpec) -> JSONValue {
        var o = JSONObject()
        o["id"] = .string(animation.id)
        if let c = animation.component { o["component"] = .string(c) }
        o["kind"] = .string(animation.kind)
        o["trigger"] = .string(animation.trigger.description)
        if let r = animation.reduceMotion { o["reduceMotion"] = .string(r.rawValue) }
        if let n = animation.notes { o["notes"] = .string(n) }
        if let h = animation.haptics, !h.isDefault { o["haptics"] = haptics(h) }
        if !animation.cues.isEmpty { o["cues"] = cues(animation.cues) }
        switch animation.motion {
        case .keyframes(let initial, let tracks, let repeating):
            if !initial.isEmpty { o["initial"] = .object(JSONObject(initial.map { ($0.name, number($0.value)) })) }
            // The flag and the `repeating` trigger mean the same loop: one canonical spelling.
            if repeating || animation.trigger == .repeating { o["repeating"] = true }
            o["tracks"] = .object(JSONObject(tracks.map { ($0.property, .array($0.keyframes.map(keyframe))) }))
        case .phases(let phases):
            o["phases"] = .array(phases.map(phase))
        case .layer(let motion):
            layer(motion, into: &o)
        case .implicit(let motion):
            implicitFields(motion, into: &o)
        }
        if let feedback = animation.feedback { o["feedback"] = Self.feedback(feedback, sources: false) }
        if !animation.estimates.isEmpty { o["estimated"] = .array(animation.estimates.map(JSONValue.string)) }
        return .object(o)
    }

    /// The canonical text (compact JSON).
    public static func text(_ animation: AnimationSpec) -> String { JSONWriter(pretty: false).string(json(animation)) }

    /// SHA-256 of the canonical text.
    public static func hash(_ animation: AnimationSpec) -> String { SHA256.hex(text(animation)) }

    // MARK: Parts

    /// The `haptics` field in canonical form (defaults left out).
    public static func haptics(_ h: HapticSettings) -> JSONValue {
        var o = JSONObject()
        if !h.enabled { o["enabled"] = false }
        if h.intensityScale != 1 { o["intensityScale"] = number(h.intensityScale) }
        if h.sharpnessScale != 1 { o["sharpnessScale"] = number(h.sharpnessScale) }
        if !h.ignore.isEmpty { o["ignore"] = .array(h.ignore.map(JSONValue.string)) }
        if !h.pins.isEmpty {
            o["pins"] = .array(
                h.pins.map { pin in
                    var p = JSONObject()
                    p["type"] = .string(pin.kind.rawValue)
                    p["time"] = number(pin.time)
                    if pin.kind == .continuous { p["duration"] = number(pin.duration) }
                    p["intensity"] = number(pin.intensity)
                    p["sharpness"] = number(pin.sharpness)
                    return .object(p)
                })
        }
        return .object(o)
    }

    /// Cues in canonical form.
    public static func cues(_ cues: [Cue]) -> JSONValue {
        .array(
            cues.map { c in
                var o = JSONObject([("name", .string(c.name)), ("time", number(c.time))])
                if c.duration > 0 { o["duration"] = number(c.duration) }
                return .object(o)
            })
    }

    /// Reads canonical cues back.
    public static func cues(_ value: JSONValue) -> [Cue] {
        (value.arrayValue ?? []).compactMap { c in
            guard let name = c["name"]?.stringValue, let time = c["time"]?.numberValue else { return nil }
            return Cue(name: name, time: time, duration: c["duration"]?.numberValue ?? 0)
        }
    }

    /// Reads the canonical `haptics` JSON back (the store keeps it in `revisions.haptics`).
    public static func hapticSettings(_ value: JSONValue) -> HapticSettings {
        var h = HapticSettings()
        h.enabled = value["enabled"]?.boolValue ?? true
        h.intensityScale = value["intensityScale"]?.numberValue ?? 1
        h.sharpnessScale = value["sharpnessScale"]?.numberValue ?? 1
        h.ignore = value["ignore"]?.arrayValue?.compactMap(\.stringValue) ?? []
        h.pins = (value["pins"]?.arrayValue ?? []).compactMap { p in
            guard let kind = p["type"]?.stringValue.flatMap(HapticPin.Kind.init(rawValue:)), let time = p["time"]?.numberValue else { return nil }
            return HapticPin(
                kind: kind, time: time, duration: p["duration"]?.numberValue ?? 0,
                intensity: p["intensity"]?.numberValue ?? 1, sharpness: p["sharpness"]?.numberValue ?? 0.5)
        }
        return h
    }

    /// `v` rounded to 12 significant digits (deterministic; removes float noise like 0.30000000000000004).
    static func number(_ v: Double) -> JSONValue {
        guard v != 0, v.isFinite else { return .number(v == 0 ? 0 : v) }
        let exponent = Int(log10(abs(v)).rounded(.down))
        let digits = 11 - exponent
        guard digits > -300 && digits < 300 else { return .number(v) }
        let scale = pow(10.0, Double(abs(digits)))
        return .number(digits >= 0 ? (v * scale).rounded() / scale : (v / scale).rounded() * scale)
    }

    static func keyframe(_ k: Keyframe) -> JSONValue {
        var o = JSONObject()
        o["type"] = .string(k.typeName)
        o["to"] = number(k.to)
        switch k {
        case .move: break
        case .linear(_, let d, let curve):
            o["duration"] = number(d)
            if !curve.isLinear { o["curve"] = unitCurve(curve) }
        case .cubic(_, let d, let sv, let ev):
            o["duration"] = number(d)
            if let sv { o["startVelocity"] = number(sv) }
            if let ev { o["endVelocity"] = number(ev) }
        case .spring(_, let d, let s, let sv):
            if let d { o["duration"] = number(d) }
            o["spring"] = spring(s)
            if let sv { o["startVelocity"] = number(sv) }
        }
        return .object(o)
    }

    static func unitCurve(_ c: UnitCurve) -> JSONValue {
        if let name = c.name { return .string(name) }
        return ["bezier": .array([c.p1.x, c.p1.y, c.p2.x, c.p2.y].map(number))]
    }

    static func spring(_ s: Spring) -> JSONValue {
        if s.mass == 1 { return .object(JSONObject([("response", number(s.response)), ("dampingRatio", number(s.dampingRatio))])) }
        return .object(JSONObject([("mass", number(s.mass)), ("stiffness", number(s.stiffness)), ("damping", number(s.damping))]))
    }

    static func phase(_ p: Phase) -> JSONValue {
        var o = JSONObject()
        o["name"] = .string(p.name)
        o["values"] = .object(JSONObject(p.order.map { ($0, number(p.values[$0]!)) }))
        o["animation"] = p.animation.map(phaseAnimation) ?? .null
        return .object(o)
    }

    static func phaseAnimation(_ a: PhaseAnimation) -> JSONValue {
        var o = JSONObject()
        switch a.curve {
        case .bezier(let c, let d):
            if let name = c.name {
                o["type"] = .string(name)
            } else {
                o["type"] = "timingCurve"
                o["bezier"] = .array([c.p1.x, c.p1.y, c.p2.x, c.p2.y].map(number))
            }
            o["duration"] = number(d)
        case .spring(let s):
            if s.mass == 1 {
                o["type"] = "spring"
                o["response"] = number(s.response)
                o["dampingFraction"] = number(s.dampingRatio)
            } else {
                o["type"] = "interpolatingSpring"
                o["mass"] = number(s.mass)
                o["stiffness"] = number(s.stiffness)
                o["damping"] = number(s.damping)
            }
        }
        if a.delay != 0 { o["delay"] = number(a.delay) }
        if a.speed != 1 { o["speed"] = number(a.speed) }
        return .object(o)
    }
}
