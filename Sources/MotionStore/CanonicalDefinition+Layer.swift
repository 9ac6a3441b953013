import MotionCore
import MotionJSON

// MARK: - Layer motions in canonical form

extension CanonicalDefinition {
    /// The `layer` members of an animation in canonical form: `group` (when there is one),
    /// `layerAnimations` and `estimate`. Timings keep only what differs from Core Animation's
    /// defaults, with `duration` always written as the one that plays (0 → 0.25); springs become
    /// `{mass, stiffness, damping}` (+ `allowsOverdamping`) or UIKit's `{dampingRatio}`.
    static func layer(_ m: LayerMotion, into o: inout JSONObject) {
        if let group = m.group { o["group"] = .object(timing(group)) }
        o["layerAnimations"] = .array(m.animations.map(layerAnimation))
        if let estimate = m.estimate { o["estimate"] = .string(estimate) }
    }

    static func layerAnimation(_ a: LayerAnimation) -> JSONValue {
        var o = JSONObject()
        o["keyPath"] = .string(a.keyPath)
        o["type"] = .string(a.typeName)
        func value(_ v: [Double]) -> JSONValue {
            a.components.isEmpty ? number(v.first ?? 0) : .object(JSONObject(zip(a.components, v).map { ($0, number($1)) }))
        }
        var settles = false
        switch a.content {
        case .basic(let from, let to):
            o["from"] = value(from)
            o["to"] = value(to)
        case .spring(let from, let to, let spring, let velocity, let settling):
            o["from"] = value(from)
            o["to"] = value(to)
            switch spring {
            case .physical(let s, let allowsOverdamping):
                o["spring"] = .object(JSONObject([("mass", number(s.mass)), ("stiffness", number(s.stiffness)), ("damping", number(s.damping))]))
                if allowsOverdamping { o["allowsOverdamping"] = true }
            case .dampingDuration(let ratio):
                o["spring"] = .object(JSONObject([("dampingRatio", number(ratio))]))
            }
            if velocity != 0 { o["initialVelocity"] = number(velocity) }
            settles = settling
        case .keyframes(let k):
            o["values"] = .array(k.values.map(value))
            if let times = k.keyTimes { o["keyTimes"] = .array(times.map(number)) }
            if let functions = k.timingFunctions { o["timingFunctions"] = .array(functions.map(unitCurve)) }
            if k.mode != .linear { o["calculationMode"] = .string(k.mode.rawValue) }
            if !k.tension.isEmpty { o["tensionValues"] = .array(k.tension.map(number)) }
            if !k.continuity.isEmpty { o["continuityValues"] = .array(k.continuity.map(number)) }
            if !k.bias.isEmpty { o["biasValues"] = .array(k.bias.map(number)) }
        }
        for (key, member) in timing(a.timing, settles: settles) { o[key] = member }
        return .object(o)
    }

    static func timing(_ t: MediaTiming, settles: Bool = false) -> JSONObject {
        var o = JSONObject()
        o["duration"] = settles ? "settling" : number(t.basicDuration)
        if t.beginTime != 0 { o["beginTime"] = number(t.beginTime) }
        if t.speed != 1 { o["speed"] = number(t.speed) }
        if t.timeOffset != 0 { o["timeOffset"] = number(t.timeOffset) }
        if t.repeatCount != 0 { o["repeatCount"] = t.repeatCount == .infinity ? "infinity" : number(t.repeatCount) }
        if t.repeatDuration != 0 { o["repeatDuration"] = number(t.repeatDuration) }
        if t.autoreverses { o["autoreverses"] = true }
        if t.fillMode != .removed { o["fillMode"] = .string(t.fillMode.rawValue) }
        if let f = t.timingFunction, !f.isLinear { o["timingFunction"] = unitCurve(f) }
        return o
    }

    // MARK: Reading back

    /// The layer motion of a canonical definition (what `layer(_:into:)` wrote); nil when the
    /// JSON is not one (a damaged store).
    public static func layerMotion(_ definition: JSONValue) -> LayerMotion? {
        guard let list = definition["layerAnimations"]?.arrayValue else { return nil }
        var animations: [LayerAnimation] = []
        for item in list {
            guard let a = layerAnimation(item) else { return nil }
            animations.append(a)
        }
        var group: MediaTiming?
        if let g = definition["group"] {
            guard let t = timing(g) else { return nil }
            group = t
        }
        return LayerMotion(animations: animations, group: group, estimate: definition["estimate"]?.stringValue)
    }

    static func layerAnimation(_ v: JSONValue) -> LayerAnimation? {
        guard let keyPath = v["keyPath"]?.stringValue, let type = v["type"]?.stringValue, let timing = timing(v) else { return nil }
        // Components: the keys of the first value object (all values share them).
        let sample = v["from"] ?? v["values"]?.arrayValue?.first
        let components = sample?.objectValue?.keys ?? []
        func value(_ x: JSONValue?) -> [Double]? {
            guard let x else { return nil }
            if components.isEmpty { return x.numberValue.map { [$0] } }
            let parts = components.compactMap { x[$0]?.numberValue }
            return parts.count == components.count ? parts : nil
        }
        let content: LayerContent
        switch type {
        case "basic":
            guard let from = value(v["from"]), let to = value(v["to"]) else { return nil }
            content = .basic(from: from, to: to)
        case "spring":
            guard let from = value(v["from"]), let to = value(v["to"]), let s = v["spring"] else { return nil }
            let spring: LayerSpring
            if let ratio = s["dampingRatio"]?.numberValue {
                spring = .dampingDuration(ratio: ratio)
            } else {
                guard let m = s["mass"]?.numberValue, let k = s["stiffness"]?.numberValue, let c = s["damping"]?.numberValue else { return nil }
                spring = .physical(Spring(mass: m, stiffness: k, damping: c), allowsOverdamping: v["allowsOverdamping"]?.boolValue ?? false)
            }
            content = .spring(
                from: from, to: to, spring: spring, initialVelocity: v["initialVelocity"]?.numberValue ?? 0,
                settles: v["duration"]?.stringValue == "settling")
        case "keyframe":
            guard let items = v["values"]?.arrayValue else { return nil }
            let values = items.compactMap(value)
            guard values.count == items.count else { return nil }
            let mode = v["calculationMode"].map { $0.stringValue.flatMap(LayerKeyframes.Mode.init(rawValue:)) } ?? .linear
            guard let mode else { return nil }
            content = .keyframes(
                LayerKeyframes(
                    values: values,
                    keyTimes: v["keyTimes"]?.arrayValue?.compactMap(\.numberValue),
                    timingFunctions: v["timingFunctions"]?.arrayValue?.map(curve),
                    mode: mode,
                    tension: v["tensionValues"]?.arrayValue?.compactMap(\.numberValue) ?? [],
                    continuity: v["continuityValues"]?.arrayValue?.compactMap(\.numberValue) ?? [],
                    bias: v["biasValues"]?.arrayValue?.compactMap(\.numberValue) ?? []))
        default:
            return nil
        }
        return LayerAnimation(keyPath: keyPath, components: components, timing: timing, content: content)
    }

    static func timing(_ v: JSONValue) -> MediaTiming? {
        guard v.objectValue != nil else { return nil }
        var t = MediaTiming()
        t.duration = v["duration"]?.numberValue ?? 0
        t.beginTime = v["beginTime"]?.numberValue ?? 0
        t.speed = v["speed"]?.numberValue ?? 1
        t.timeOffset = v["timeOffset"]?.numberValue ?? 0
        if let r = v["repeatCount"] { t.repeatCount = r.stringValue == "infinity" ? .infinity : (r.numberValue ?? 0) }
        t.repeatDuration = v["repeatDuration"]?.numberValue ?? 0
        t.autoreverses = v["autoreverses"]?.boolValue ?? false
        t.fillMode = v["fillMode"]?.stringValue.flatMap(MediaTiming.FillMode.init(rawValue:)) ?? .removed
        t.timingFunction = v["timingFunction"].map(curve)
        return t
    }

    /// A canonical curve back: a name or `{"bezier": [x1, y1, x2, y2]}`.
    static func curve(_ v: JSONValue) -> UnitCurve {
        if let name = v.stringValue, let c = UnitCurve.named[name] { return c }
        let p = v["bezier"]?.arrayValue?.compactMap(\.numberValue) ?? []
        return p.count == 4 ? UnitCurve(x1: p[0], y1: p[1], x2: p[2], y2: p[3]) ?? .linear : .linear
    }
}
