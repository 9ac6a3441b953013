import MotionCore
import MotionJSON

// MARK: - Implicit animations (kind "implicit") and the feedback field

extension SpecDecodingContext {
    /// Keys only an implicit animation has.
    static let implicitKeys = ["animation", "values", "reduceMotionAnimation"]

    /// The repetition keys an implicit animation's `animation` adds to a phase step animation.
    static let repetitionKeys = ["repeatCount", "repeatForever", "autoreverses", "startDelay"]

    /// What `feedback` entries may say fires (SwiftUI's `SensoryFeedback` names, a Core Haptics
    /// pattern, or a closure choosing one).
    static let feedbackTypes = [
        "impact", "selection", "success", "warning", "error", "increase", "decrease", "start", "stop",
        "alignment", "levelChange", "pathComplete", "core-haptics", "custom",
    ]

    /// Reports the implicit animation's keys on a keyframes or phases animation.
    func rejectImplicitKeys(_ a: JSONObject, at pointer: JSONPointer, kind: String) {
        for key in Self.implicitKeys where a[key] != nil {
            error(pointer / key, "\"\(key)\" belongs to an implicit animation, this one is \(kind)", fix: "remove it, or set \"kind\": \"implicit\"")
        }
    }

    // MARK: Implicit

    /// `kind: "implicit"`: `animation` (required), `values` (optional: property → {from, to};
    /// absent = the `progress` track 0 → 1), `reduceMotionAnimation` (optional, with
    /// `reduceMotion` `shortened` or `crossfade`).
    func implicit(_ a: JSONObject, at pointer: JSONPointer, trigger: Trigger?, reduceMotion: ReduceMotion?) -> AnimationSpec.Motion? {
        guard let value = a["animation"] else {
            error(
                pointer / "animation", "missing required \"animation\"",
                fix: "add \"animation\": { \"type\": \"spring\", \"duration\": 0.4, \"bounce\": 0.2 }")
            return nil
        }
        let animation = implicitAnimation(value, at: pointer / "animation")
        var values: [ImplicitValue] = [.progress]
        var valuesOK = true
        if let v = a["values"] {
            if let parsed = implicitValues(v, at: pointer / "values") { values = parsed } else { valuesOK = false }
        }
        var fallback: ImplicitAnimation?
        var fallbackOK = true
        if let f = a["reduceMotionAnimation"] {
            fallback = implicitAnimation(f, at: pointer / "reduceMotionAnimation")
            fallbackOK = fallback != nil
            if reduceMotion != .shortened && reduceMotion != .crossfade {
                error(
                    pointer / "reduceMotionAnimation",
                    "\"reduceMotionAnimation\" is what plays with Reduce Motion on, but \"reduceMotion\" is \(reduceMotion.map { "\"\($0.rawValue)\"" } ?? "not given")",
                    fix: "set \"reduceMotion\": \"shortened\" (or \"crossfade\"), or remove \"reduceMotionAnimation\"")
                fallbackOK = false
            }
        }
        guard let animation, valuesOK, fallbackOK else { return nil }
        if trigger == .repeating && !animation.isForever {
            warning(
                pointer / "trigger",
                "trigger \"repeating\" but the animation plays \(animation.runsPerPlay == 1 ? "once" : "\(animation.runsPerPlay) times")",
                fix: "add \"repeatForever\": true to the animation, or name what starts it (tap, appear, event:<name>)")
        }
        return .implicit(ImplicitMotion(animation: animation, values: values, reduceMotionAnimation: fallback))
    }

    /// An `Animation`: a phase step animation (type, its parameters, `delay`, `speed`) plus
    /// `repeatCount` (integer ≥ 1) or `repeatForever: true`, `autoreverses` (default true, as in
    /// SwiftUI) and `startDelay` (s, before the first run).
    func implicitAnimation(_ value: JSONValue, at pointer: JSONPointer) -> ImplicitAnimation? {
        guard let object = value.objectValue else {
            // A transition token (or a wrong type): the phase step reader says which.
            return phaseAnimation(value, at: pointer).map { ImplicitAnimation($0) }
        }
        let run = phaseAnimation(.object(JSONObject(object.filter { !Self.repetitionKeys.contains($0.key) }.map { ($0.key, $0.value) })), at: pointer)
        var ok = true
        var repetition = ImplicitAnimation.Repetition.once
        var autoreverses = true
        if let a = object["autoreverses"] {
            if let b = a.boolValue {
                autoreverses = b
            } else {
                error(
                    pointer / "autoreverses", "\"autoreverses\" must be true or false, found \(a.typeName)",
                    fix: "write \"autoreverses\": false for runs that all go forward")
                ok = false
            }
        }
        if let count = object["repeatCount"] {
            if let n = count.numberValue, n == n.rounded(), n >= 1, n <= Double(ImplicitTimeline.maximumRuns) {
                repetition = n >= 2 ? .count(Int(n), autoreverses: autoreverses) : .once
            } else {
                error(
                    pointer / "repeatCount",
                    "\"repeatCount\" must be a whole number from 1 to \(ImplicitTimeline.maximumRuns), found \(count.numberValue.map(JSONWriter.number) ?? count.typeName)",
                    fix: "write how many runs play, like 3 (autoreversing runs count too)")
                ok = false
            }
            if object["repeatForever"] != nil {
                error(pointer / "repeatForever", "an animation has either \"repeatCount\" or \"repeatForever\"", fix: "remove one of them")
                ok = false
            }
        } else if let forever = object["repeatForever"] {
            if forever.boolValue == true {
                repetition = .forever(autoreverses: autoreverses)
            } else {
                error(pointer / "repeatForever", "\"repeatForever\" must be true when written", fix: "remove it for an animation that plays once")
                ok = false
            }
        } else if object["autoreverses"] != nil {
            error(
                pointer / "autoreverses", "\"autoreverses\" needs \"repeatCount\" or \"repeatForever\"",
                fix: "add \"repeatCount\": 2, or remove \"autoreverses\"")
            ok = false
        }
        let startDelay = duration(object, "startDelay", at: pointer)
        if object["startDelay"] != nil && startDelay == nil { ok = false }
        guard ok, let run else { return nil }
        return ImplicitAnimation(run, repetition: repetition, startDelay: startDelay ?? 0)
    }

    /// `values`: property → `{ "from": number, "to": number }`, at least one, in declaration order.
    func implicitValues(_ value: JSONValue, at pointer: JSONPointer) -> [ImplicitValue]? {
        guard let object = object(value, at: pointer, what: "\"values\"") else { return nil }
        if object.isEmpty {
            error(
                pointer, "\"values\" is empty",
                fix: "name at least one property, like \"scale\": { \"from\": 1, \"to\": 1.2 }, or leave \"values\" out for the progress track")
            return nil
        }
        var values: [ImplicitValue] = []
        var ok = true
        for (name, member) in object {
            let p = pointer / name
            if name.isEmpty {
                error(p, "empty property name", fix: "name the property, like \"scale\"")
                ok = false
                continue
            }
            guard let pair = self.object(member, at: p, what: "the value of \"\(name)\"") else {
                ok = false
                continue
            }
            rejectUnknownKeys(pair, allowed: ["from", "to"], at: p, what: "a property's values")
            let from = number(pair, "from", at: p, required: true), to = number(pair, "to", at: p, required: true)
            guard let from, let to else {
                ok = false
                continue
            }
            values.append(ImplicitValue(name, from: from, to: to))
        }
        return ok ? values : nil
    }

    // MARK: Feedback

    /// `feedback`: `[{ "type", "time"?, "source"? }]`; an empty array says the code fires none.
    func feedback(_ value: JSONValue, at pointer: JSONPointer) -> [Feedback]? {
        guard let items = value.arrayValue else {
            error(
                pointer, "\"feedback\" must be an array, found \(value.typeName)",
                fix: "write \"feedback\": [ { \"type\": \"impact\", \"time\": 0 } ]")
            return nil
        }
        var list: [Feedback] = []
        var ok = true
        for (k, item) in items.enumerated() {
            let p = pointer / k
            guard let f = object(item, at: p, what: "a feedback entry") else {
                ok = false
                continue
            }
            rejectUnknownKeys(f, allowed: ["type", "time", "source"], at: p, what: "a feedback entry")
            let type = string(f, "type", at: p, required: true)
            if let type, !Self.feedbackTypes.contains(type) {
                error(
                    p / "type", "unknown feedback type \"\(type)\"",
                    fix: (Self.closest(type, in: Self.feedbackTypes).map { "did you mean \"\($0)\"? " } ?? "")
                        + "use one of \(Self.feedbackTypes.joined(separator: ", "))")
                ok = false
                continue
            }
            let time = duration(f, "time", at: p)
            let source = string(f, "source", at: p)
            guard let type, f["time"] == nil || time != nil, f["source"] == nil || source != nil else {
                ok = false
                continue
            }
            list.append(Feedback(kind: type, time: time ?? 0, source: source))
        }
        return ok ? list : nil
    }
}
