import MotionCore
import MotionJSON

// MARK: - Layer animations (kind "layer", issue 13)

extension SpecDecodingContext {
    /// The members of an animation of kind `layer`, besides the common ones.
    static let layerKeys = ["layerAnimations", "group", "estimate"]

    /// The timing members of a layer animation or group (Core Animation's `CAMediaTiming`).
    static let timingKeys = [
        "duration", "beginTime", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode", "timingFunction",
    ]

    /// `"kind": "layer"`: `layerAnimations` (the `CAAnimation`s on one timeline), an optional
    /// `group` (a `CAAnimationGroup`'s timing) and an optional `estimate` (why the motion rests
    /// on a model). Specs/README.md, "Layer animations".
    func layer(_ a: JSONObject, at pointer: JSONPointer) -> AnimationSpec.Motion? {
        guard let listValue = a["layerAnimations"] else {
            error(
                pointer / "layerAnimations", "missing required \"layerAnimations\"",
                fix: "add \"layerAnimations\": [ { \"keyPath\": \"opacity\", \"type\": \"basic\", \"from\": 0, \"to\": 1, \"duration\": 0.3 } ]")
            return nil
        }
        guard let items = listValue.arrayValue else {
            error(
                pointer / "layerAnimations", "\"layerAnimations\" must be an array, found \(listValue.typeName)",
                fix: "write \"layerAnimations\": [ … ]")
            return nil
        }
        if items.isEmpty { error(pointer / "layerAnimations", "\"layerAnimations\" is empty", fix: "add at least one layer animation") }
        var ok = !items.isEmpty
        var animations: [LayerAnimation] = []
        for (k, item) in items.enumerated() {
            if let animation = layerAnimation(item, at: pointer / "layerAnimations" / k) { animations.append(animation) } else { ok = false }
        }
        var group: MediaTiming?
        if let g = a["group"] {
            if let object = object(g, at: pointer / "group", what: "\"group\"") {
                rejectUnknownKeys(object, allowed: Self.timingKeys, at: pointer / "group", what: "a group")
                group = mediaTiming(object, at: pointer / "group", settling: false)
                if group == nil { ok = false }
            } else {
                ok = false
            }
        }
        let estimate = string(a, "estimate", at: pointer)
        if a["estimate"] != nil && estimate == nil { ok = false }
        return ok ? .layer(LayerMotion(animations: animations, group: group, estimate: estimate)) : nil
    }

    static let layerTypes = ["basic", "spring", "keyframe"]

    /// Reports the layer members on an animation of another kind.
    func rejectLayerKeys(_ a: JSONObject, at pointer: JSONPointer, kind: String) {
        for key in Self.layerKeys where a[key] != nil {
            error(pointer / key, "\"\(key)\" belongs to a layer animation, this one is \(kind)", fix: "remove it, or set \"kind\": \"layer\"")
        }
    }

    func layerAnimation(_ value: JSONValue, at pointer: JSONPointer) -> LayerAnimation? {
        guard let o = object(value, at: pointer, what: "a layer animation") else { return nil }
        guard let type = string(o, "type", at: pointer, required: true) else { return nil }
        let keyPath = string(o, "keyPath", at: pointer, required: true)
        if let keyPath, keyPath.isEmpty {
            error(pointer / "keyPath", "\"keyPath\" is empty", fix: "name the layer property, like \"opacity\" or \"transform.scale\"")
        }
        let content: LayerContent?
        var components: [String] = []
        var settling = false
        switch type {
        case "basic":
            rejectUnknownKeys(o, allowed: ["keyPath", "type", "from", "to"] + Self.timingKeys, at: pointer, what: "a basic layer animation")
            let ends = layerEnds(o, at: pointer)
            components = ends?.components ?? []
            content = ends.map { .basic(from: $0.from, to: $0.to) }
        case "spring":
            rejectUnknownKeys(
                o, allowed: ["keyPath", "type", "from", "to", "spring", "initialVelocity", "allowsOverdamping"] + Self.timingKeys, at: pointer,
                what: "a spring layer animation")
            let ends = layerEnds(o, at: pointer)
            components = ends?.components ?? []
            var spring = layerSpring(o, at: pointer)
            let velocity = number(o, "initialVelocity", at: pointer, unit: "distances per second")
            if o["initialVelocity"] != nil && velocity == nil { spring = nil }
            if o["duration"]?.stringValue == "settling" {
                settling = true
            } else if o["duration"] == nil {
                warning(
                    pointer, "a spring layer animation without a duration: Core Animation cuts it at 0.25 s",
                    fix:
                        "write \"duration\": \"settling\" to let it come to rest (CASpringAnimation's duration = settlingDuration), or the cut-off in seconds"
                )
            }
            if let spring, let ends {
                content = .spring(from: ends.from, to: ends.to, spring: spring, initialVelocity: velocity ?? 0, settles: settling)
            } else {
                content = nil
            }
        case "keyframe":
            rejectUnknownKeys(
                o,
                allowed: [
                    "keyPath", "type", "values", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues", "biasValues",
                ] + Self.timingKeys,
                at: pointer, what: "a keyframe layer animation")
            let read = layerKeyframes(o, at: pointer)
            components = read?.components ?? []
            content = read.map { .keyframes($0.keyframes) }
        default:
            let suggestion = Self.closest(type, in: Self.layerTypes)
            error(
                pointer / "type", "unknown layer animation type \"\(type)\"",
                fix: (suggestion.map { "did you mean \"\($0)\"? " } ?? "") + "use basic, spring or keyframe")
            return nil
        }
        let timing = mediaTiming(o, at: pointer, settling: settling)
        guard let keyPath, !keyPath.isEmpty, let content, let timing else { return nil }
        return LayerAnimation(keyPath: keyPath, components: components, timing: timing, content: content)
    }

    /// The spring of a spring layer animation `o`: its `"spring"`, UIKit's damping ratio alone
    /// (`{"dampingRatio": r}`, the spring of that ratio that settles in the duration) or a spring
    /// as animations write it, with its `"allowsOverdamping"`; without one, Core Animation's
    /// default (mass 1, stiffness 100, damping 10). nil (reported) when either is wrong.
    func layerSpring(_ o: JSONObject, at pointer: JSONPointer) -> LayerSpring? {
        var spring: LayerSpring? = .physical(Spring(mass: 1, stiffness: 100, damping: 10), allowsOverdamping: false)
        var allows = false
        if let v = o["allowsOverdamping"] {
            if let b = v.boolValue {
                allows = b
            } else {
                error(pointer / "allowsOverdamping", "\"allowsOverdamping\" must be true or false", fix: "write \"allowsOverdamping\": true")
                spring = nil
            }
        }
        if let s = o["spring"] {
            if let uikit = s.objectValue, uikit.keys == ["dampingRatio"] {
                if let r = number(uikit, "dampingRatio", at: pointer / "spring"), r > 0 {
                    spring = .dampingDuration(ratio: r)
                } else {
                    if uikit["dampingRatio"]?.numberValue != nil {
                        error(pointer / "spring" / "dampingRatio", "dampingRatio must be greater than 0", fix: "write a damping ratio like 0.7")
                    }
                    spring = nil
                }
            } else if let parsed = self.spring(s, at: pointer / "spring") {
                spring = .physical(parsed, allowsOverdamping: allows)
            } else {
                spring = nil
            }
        } else if allows {
            spring = .physical(Spring(mass: 1, stiffness: 100, damping: 10), allowsOverdamping: true)
        }
        return spring
    }

    // MARK: Timing

    /// The `CAMediaTiming` members of `o` (an animation or a group). `settling`: the duration is
    /// the string "settling" (a spring playing until it rests), not a number.
    func mediaTiming(_ o: JSONObject, at pointer: JSONPointer, settling: Bool) -> MediaTiming? {
        var t = MediaTiming()
        var ok = true
        func read(_ key: String, _ apply: (Double) -> Void) {
            guard o[key] != nil else { return }
            if let v = number(o, key, at: pointer) { apply(v) } else { ok = false }
        }
        if !settling, let value = o["duration"] {
            if value.stringValue == "settling" {
                error(pointer / "duration", "\"duration\": \"settling\" is for spring layer animations", fix: "write the duration in seconds")
                ok = false
            } else if let d = duration(o, at: pointer) {
                t.duration = d
            } else {
                ok = false
            }
        }
        if o["beginTime"] != nil { if let b = duration(o, "beginTime", at: pointer) { t.beginTime = b } else { ok = false } }
        read("speed") { s in
            if s >= 0.001 && s <= 1000 {
                t.speed = s
            } else {
                error(
                    pointer / "speed", "speed \(JSONWriter.number(s)) is outside 0.001 … 1000",
                    fix: "write a speed factor like 2 (twice as fast) or 0.5 (half as fast)")
                ok = false
            }
        }
        read("timeOffset") { t.timeOffset = $0 }
        if let r = o["repeatCount"] {
            if r.stringValue == "infinity" {
                t.repeatCount = .infinity
            } else if let n = number(o, "repeatCount", at: pointer), n >= 0 {
                t.repeatCount = n
            } else {
                if r.numberValue != nil {
                    error(pointer / "repeatCount", "repeatCount must be 0 or more", fix: "write how many times it plays, like 2, or \"infinity\"")
                } else if r.stringValue != nil {
                    error(
                        pointer / "repeatCount", "repeatCount must be a number or \"infinity\"", fix: "write \"repeatCount\": \"infinity\" for a loop"
                    )
                }
                ok = false
            }
        }
        if o["repeatDuration"] != nil { if let r = duration(o, "repeatDuration", at: pointer) { t.repeatDuration = r } else { ok = false } }
        if t.repeatDuration > 0 && t.repeatCount > 0 {
            error(
                pointer / "repeatDuration", "both repeatCount and repeatDuration are set (Core Animation leaves that undefined)",
                fix: "keep one of them")
            ok = false
        }
        if let v = o["autoreverses"] {
            if let b = v.boolValue {
                t.autoreverses = b
            } else {
                error(pointer / "autoreverses", "\"autoreverses\" must be true or false", fix: "write \"autoreverses\": true")
                ok = false
            }
        }
        if let name = string(o, "fillMode", at: pointer) {
            if let mode = MediaTiming.FillMode(rawValue: name) {
                t.fillMode = mode
            } else {
                error(pointer / "fillMode", "unknown fillMode \"\(name)\"", fix: "use removed, forwards, backwards or both")
                ok = false
            }
        } else if o["fillMode"] != nil {
            ok = false
        }
        if let f = o["timingFunction"] {
            if let curve = mediaTimingFunction(f, at: pointer / "timingFunction") { t.timingFunction = curve } else { ok = false }
        }
        return ok ? t : nil
    }

    /// A timing function: Core Animation's names (`linear`, `easeIn`, `easeOut`,
    /// `easeInEaseOut`, `default`) or any curve the spec format takes.
    func mediaTimingFunction(_ value: JSONValue, at pointer: JSONPointer) -> UnitCurve? {
        switch value.stringValue {
        case "easeInEaseOut": return .easeInOut
        case "default": return UnitCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        default: return unitCurve(value, at: pointer)
        }
    }

    // MARK: Values

    /// A value: a number, or an object of numbers (`{ "x": 0, "y": 10 }`, one property per member).
    func layerValue(_ value: JSONValue, at pointer: JSONPointer) -> (components: [String], values: [Double])? {
        if let n = value.numberValue { return inRange(n, at: pointer) ? ([], [n]) : nil }
        guard let o = value.objectValue, !o.isEmpty else {
            error(
                pointer, "a layer value must be a number or an object of numbers, found \(value.typeName)",
                fix: "write 1.2, or { \"x\": 0, \"y\": 10 } for a point")
            return nil
        }
        var names: [String] = [], values: [Double] = []
        for (key, member) in o {
            guard let n = member.numberValue else {
                error(pointer / key, "\"\(key)\" must be a number, found \(member.typeName)", fix: "write a plain number")
                return nil
            }
            guard inRange(n, at: pointer / key) else { return nil }
            names.append(key)
            values.append(n)
        }
        return (names, values)
    }

    /// `from` and `to` of a basic or spring animation, of the same shape.
    func layerEnds(_ o: JSONObject, at pointer: JSONPointer) -> (from: [Double], to: [Double], components: [String])? {
        var read: [(components: [String], values: [Double])] = []
        for key in ["from", "to"] {
            guard let v = o[key] else {
                error(pointer / key, "missing required \"\(key)\"", fix: "add \"\(key)\": <number>")
                return nil
            }
            guard let value = layerValue(v, at: pointer / key) else { return nil }
            read.append(value)
        }
        guard read[0].components == read[1].components else {
            error(
                pointer / "to", "\"to\" has members \(read[1].components) and \"from\" \(read[0].components)",
                fix: "give both the same members in the same order")
            return nil
        }
        return (read[0].values, read[1].values, read[0].components)
    }

    /// `values`, `keyTimes`, `timingFunctions`, `calculationMode` and the tension, continuity and
    /// bias values of a keyframe animation.
    func layerKeyframes(_ o: JSONObject, at pointer: JSONPointer) -> (keyframes: LayerKeyframes, components: [String])? {
        guard let list = o["values"] else {
            error(pointer / "values", "missing required \"values\"", fix: "add \"values\": [1, 1.2, 1]")
            return nil
        }
        guard let items = list.arrayValue, !items.isEmpty else {
            error(pointer / "values", "\"values\" must be a non-empty array", fix: "write \"values\": [1, 1.2, 1]")
            return nil
        }
        let (values, components, valuesOK) = layerKeyframeValues(items, at: pointer)
        var ok = valuesOK
        var keyframes = LayerKeyframes(values: values)
        if let name = string(o, "calculationMode", at: pointer) {
            if let mode = LayerKeyframes.Mode(rawValue: name) {
                keyframes.mode = mode
            } else {
                error(pointer / "calculationMode", "unknown calculationMode \"\(name)\"", fix: "use linear, discrete, paced, cubic or cubicPaced")
                ok = false
            }
        } else if o["calculationMode"] != nil {
            ok = false
        }
        let n = items.count
        func numbers(_ key: String) -> [Double]? {
            guard let v = o[key] else { return nil }
            guard let array = v.arrayValue, case let ns = array.compactMap(\.numberValue), ns.count == array.count else {
                error(pointer / key, "\"\(key)\" must be an array of numbers", fix: "write \"\(key)\": [0, 0.3, 1]")
                ok = false
                return nil
            }
            return ns
        }
        if let times = numbers("keyTimes"), !layerKeyTimes(times, into: &keyframes, count: n, at: pointer) { ok = false }
        if let f = o["timingFunctions"], !layerTimingFunctions(f, into: &keyframes, count: n, at: pointer) { ok = false }
        for (key, apply) in [
            ("tensionValues", { (v: [Double]) in keyframes.tension = v }), ("continuityValues", { keyframes.continuity = $0 }),
            ("biasValues", { keyframes.bias = $0 }),
        ] as [(String, ([Double]) -> Void)] {
            guard let v = numbers(key) else { continue }
            if v.count > n {
                error(pointer / key, "\"\(key)\" has \(v.count) entries for \(n) values", fix: "give at most one per value")
                ok = false
            }
            apply(v)
        }
        return ok ? (keyframes, components ?? []) : nil
    }

    /// A keyframe animation's `"values"` (each a layer value, all with the same members) and
    /// their members; `ok` is false when any is wrong (each reported).
    func layerKeyframeValues(_ items: [JSONValue], at pointer: JSONPointer) -> (values: [[Double]], components: [String]?, ok: Bool) {
        var values: [[Double]] = []
        var components: [String]?
        var ok = true
        for (k, item) in items.enumerated() {
            guard let v = layerValue(item, at: pointer / "values" / k) else {
                ok = false
                continue
            }
            if let components, components != v.components {
                error(
                    pointer / "values" / k, "this value has members \(v.components), the first \(components)",
                    fix: "give every value the same members in the same order")
                ok = false
            }
            components = components ?? v.components
            values.append(v.values)
        }
        return (values, components, ok)
    }

    /// Sets `keyframes.keyTimes` to `times` when they fit `n` values in its calculation mode (one
    /// per value; discrete: or one more) and rise from 0 to 1; false (reported) when not. The
    /// paced modes ignore them (a warning).
    func layerKeyTimes(_ times: [Double], into keyframes: inout LayerKeyframes, count n: Int, at pointer: JSONPointer) -> Bool {
        let expected = keyframes.mode == .discrete ? "\(n) or \(n + 1)" : "\(n)"
        let fits = keyframes.mode == .discrete ? (times.count == n || times.count == n + 1) : times.count == n
        if !fits {
            error(
                pointer / "keyTimes", "\"keyTimes\" has \(times.count) entries; \(n) values in \(keyframes.mode.rawValue) mode need \(expected)",
                fix: "give one key time per value (discrete: one more, ending at 1)")
            return false
        }
        guard times.allSatisfy({ $0 >= 0 && $0 <= 1 }) && zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            error(pointer / "keyTimes", "\"keyTimes\" must rise from 0 to 1", fix: "write fractions of the duration in order, like [0, 0.3, 1]")
            return false
        }
        keyframes.keyTimes = times
        if keyframes.mode == .paced || keyframes.mode == .cubicPaced {
            warning(pointer / "keyTimes", "the \(keyframes.mode.rawValue) mode ignores keyTimes", fix: "remove them, or use the linear or cubic mode")
        }
        return true
    }

    /// Sets `keyframes.timingFunctions` to the curves of `f` (one per segment between `n` values);
    /// false (reported) when it is not an array, an entry is not a timing function or the count
    /// is wrong.
    func layerTimingFunctions(_ f: JSONValue, into keyframes: inout LayerKeyframes, count n: Int, at pointer: JSONPointer) -> Bool {
        guard let array = f.arrayValue else {
            error(pointer / "timingFunctions", "\"timingFunctions\" must be an array", fix: "write \"timingFunctions\": [\"easeOut\", \"easeIn\"]")
            return false
        }
        var ok = true
        var curves: [UnitCurve] = []
        for (k, item) in array.enumerated() {
            if let c = mediaTimingFunction(item, at: pointer / "timingFunctions" / k) { curves.append(c) } else { ok = false }
        }
        if array.count != max(0, n - 1) {
            error(
                pointer / "timingFunctions", "\"timingFunctions\" has \(array.count) entries; \(n) values need \(max(0, n - 1)) (one per segment)",
                fix: "give one timing function per segment between values")
            ok = false
        }
        keyframes.timingFunctions = curves
        return ok
    }
}
