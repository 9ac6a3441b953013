import MotionCore
import MotionJSON

// MARK: - SpecDecodingContext

/// The state of one decode: the document, the diagnostics so far and the keyframe count.
/// Each `…(_:at:)` method decodes one construct and records problems instead of throwing, so a
/// file gets every diagnostic in one run.
final class SpecDecodingContext {
    let file: String
    let document: JSONDocument
    private(set) var diagnostics: [SpecDiagnostic] = []
    private var keyframeCount = 0
    private var keyframeLimitReported = false

    /// Tokens `"{path}"` references resolve against, and the ones used.
    let tokens: DesignTokenSet
    private(set) var usedTokens: Set<String> = []

    init(file: String, document: JSONDocument, tokens: DesignTokenSet = DesignTokenSet()) {
        self.file = file
        self.document = document
        self.tokens = tokens
    }

    // MARK: Token references

    /// The path of a `"{group.token}"` reference, or nil for any other value.
    static func alias(_ value: JSONValue?) -> String? {
        guard let s = value?.stringValue, s.hasPrefix("{"), s.hasSuffix("}"), s.count > 2 else { return nil }
        return String(s.dropFirst().dropLast())
    }

    /// Resolves a token reference of `kind` with `lookup`, reporting a missing one.
    func token<T>(_ path: String, kind: String, at pointer: JSONPointer, _ lookup: (String) -> T?) -> T? {
        if let value = lookup(path) {
            usedTokens.insert(path)
            return value
        }
        let known = tokens.names
        let suggestion = Self.closest(path, in: known)
        error(
            pointer, "no \(kind) token \"{\(path)}\"" + (known.isEmpty ? " (no design tokens are imported)" : ""),
            fix: suggestion.map { "did you mean \"{\($0)}\"?" }
                ?? "import the tokens file first (motionsync import tokens.json), or write the value itself")
        return nil
    }

    // MARK: Reporting

    func error(_ pointer: JSONPointer, _ problem: String, fix: String) {
        diagnostics.append(SpecDiagnostic(.error, file: file, pointer: pointer, location: document.location(of: pointer), problem: problem, fix: fix))
    }

    func warning(_ pointer: JSONPointer, _ problem: String, fix: String) {
        diagnostics.append(
            SpecDiagnostic(.warning, file: file, pointer: pointer, location: document.location(of: pointer), problem: problem, fix: fix))
    }

    // MARK: Typed access

    /// The object at `pointer`, or nil after reporting a type error.
    func object(_ value: JSONValue, at pointer: JSONPointer, what: String) -> JSONObject? {
        guard let object = value.objectValue else {
            error(pointer, "\(what) must be an object, found \(value.typeName)", fix: "write \(what) as { … }")
            return nil
        }
        return object
    }

    /// Reports keys of `object` outside `allowed`, suggesting the closest allowed key.
    func rejectUnknownKeys(_ object: JSONObject, allowed: [String], at pointer: JSONPointer, what: String) {
        for key in object.keys where !allowed.contains(key) {
            let suggestion = Self.closest(key, in: allowed)
            error(
                pointer / key, "unknown key \"\(key)\" in \(what)",
                fix: suggestion.map { "did you mean \"\($0)\"?" } ?? "remove it; allowed keys: \(allowed.joined(separator: ", "))")
        }
    }

    /// A number member; `nil` when absent (reported when `required`) or wrong.
    func number(_ object: JSONObject, _ key: String, at pointer: JSONPointer, required: Bool = false, unit: String = "") -> Double? {
        guard let value = object[key] else {
            if required { error(pointer / key, "missing required \"\(key)\"", fix: "add \"\(key)\": <number\(unit.isEmpty ? "" : " in \(unit)")>") }
            return nil
        }
        guard let n = value.numberValue else {
            error(
                pointer / key, "\"\(key)\" must be a number, found \(value.typeName)",
                fix: "write a plain number\(unit.isEmpty ? "" : " in \(unit)"), like 0.25")
            return nil
        }
        guard inRange(n, at: pointer / key) else { return nil }
        return n
    }

    /// Numbers beyond ±1e9 are refused: no interface property or timing needs them, and sums of
    /// them could overflow to infinity.
    func inRange(_ n: Double, at pointer: JSONPointer) -> Bool {
        guard abs(n) <= SpecDecoder.maximumMagnitude else {
            error(pointer, "\(JSONWriter.number(n)) is out of range (beyond ±1e9)", fix: "write a number between -1000000000 and 1000000000")
            return false
        }
        return true
    }

    /// A duration in seconds: finite, ≥ 0 (or > 0 when `positive`).
    func duration(
        _ object: JSONObject, _ key: String = "duration", at pointer: JSONPointer, required: Bool = false, positive: Bool = false
    ) -> Double? {
        if let path = Self.alias(object[key]) {
            // A duration token, or the duration of a transition token.
            return token(path, kind: "duration", at: pointer / key) { tokens.duration(named: $0) ?? tokens.transition(named: $0)?.duration }
        }
        guard let d = number(object, key, at: pointer, required: required, unit: "seconds") else { return nil }
        if positive ? !(d > 0) : !(d >= 0) {
            error(
                pointer / key, "\"\(key)\" is \(JSONWriter.number(d)) s; it must be \(positive ? "greater than 0" : "0 or more")",
                fix: "write a \(positive ? "positive " : "")duration in seconds, like 0.3")
            return nil
        }
        if d > SpecDecoder.maximumDuration {
            error(
                pointer / key, "\"\(key)\" is \(JSONWriter.number(d)) s, longer than an hour", fix: "write seconds, not milliseconds: 0.3 for 300 ms")
            return nil
        }
        return d
    }

    /// A string member.
    func string(_ object: JSONObject, _ key: String, at pointer: JSONPointer, required: Bool = false) -> String? {
        guard let value = object[key] else {
            if required { error(pointer / key, "missing required \"\(key)\"", fix: "add \"\(key)\": \"…\"") }
            return nil
        }
        guard let s = value.stringValue else {
            error(pointer / key, "\"\(key)\" must be a string, found \(value.typeName)", fix: "write it in double quotes")
            return nil
        }
        return s
    }

    /// A property → number map (`initial`, phase `values`), in declaration order.
    func numberMap(_ value: JSONValue, at pointer: JSONPointer, what: String) -> [NamedValue]? {
        guard let object = object(value, at: pointer, what: what) else { return nil }
        var result: [NamedValue] = []
        var ok = true
        for (key, member) in object {
            if key.isEmpty {
                error(pointer / key, "empty property name", fix: "name the property, like \"scale\"")
                ok = false
                continue
            }
            guard let n = member.numberValue else {
                error(pointer / key, "the value of \"\(key)\" must be a number, found \(member.typeName)", fix: "write a plain number, like 1.0")
                ok = false
                continue
            }
            guard inRange(n, at: pointer / key) else {
                ok = false
                continue
            }
            result.append(NamedValue(key, n))
        }
        return ok ? result : nil
    }

    // MARK: Spec

    func spec(_ root: JSONValue) -> MotionSpec? {
        guard let top = object(root, at: .root, what: "a spec") else { return nil }
        rejectUnknownKeys(top, allowed: ["$schema", "specVersion", "screen", "animations"], at: .root, what: "the spec")
        var version: Int?
        if let v = number(top, "specVersion", at: .root, required: true) {
            if v == Double(SpecDecoder.specVersion) {
                version = SpecDecoder.specVersion
            } else {
                error(
                    .root / "specVersion", "spec format version \(JSONWriter.number(v)) is not supported; this motionsync reads version 1",
                    fix: "write \"specVersion\": 1, or use a newer motionsync")
            }
        }
        let screen = string(top, "screen", at: .root, required: true)
        if let screen, screen.contains("#") {
            error(.root / "screen", "\"\(screen)\" contains #, which the command line uses for FILE#ID", fix: "leave the # out of the screen name")
        }
        if let screen, screen.trimmingWhiteSpaceAndNewlines().isEmpty {
            error(.root / "screen", "\"screen\" is empty", fix: "name the screen, like \"Checkout\"")
        }
        var animations: [AnimationSpec] = []
        if let list = top["animations"] {
            if let items = list.arrayValue {
                var seen: [String: Int] = [:]
                for (k, item) in items.enumerated() {
                    let pointer = JSONPointer.root / "animations" / k
                    // Duplicate ids are reported even when the animation has other problems.
                    if let id = item["id"]?.stringValue, !id.isEmpty {
                        if let first = seen[id] {
                            error(
                                pointer / "id", "duplicate id \"\(id)\" (also /animations/\(first)/id)",
                                fix: "give each animation on a screen its own id")
                        } else {
                            seen[id] = k
                        }
                    }
                    if let animation = animation(item, at: pointer) { animations.append(animation) }
                }
            } else {
                error(.root / "animations", "\"animations\" must be an array, found \(list.typeName)", fix: "write \"animations\": [ … ]")
            }
        }
        guard let version, let screen else { return nil }
        return MotionSpec(specVersion: version, screen: screen, animations: animations)
    }

    // MARK: Animation

    static let animationKeys =
        ["id", "component", "kind", "trigger", "reduceMotion", "notes", "initial", "tracks", "repeating", "phases", "haptics", "cues"]
        + implicitKeys + ["feedback"] + layerKeys

    func animation(_ value: JSONValue, at pointer: JSONPointer) -> AnimationSpec? {
        guard let a = object(value, at: pointer, what: "an animation") else { return nil }
        rejectUnknownKeys(a, allowed: Self.animationKeys, at: pointer, what: "an animation")
        let id = string(a, "id", at: pointer, required: true)
        if let id, id.isEmpty { error(pointer / "id", "\"id\" is empty", fix: "give the animation an id, like \"heart-pulse\"") }
        // SCREEN/ID and FILE#ID name animations on the command line: an id cannot hold / or #.
        if let id, id.contains("/") || id.contains("#") {
            error(
                pointer / "id",
                "\"\(id)\" contains \(id.contains("/") ? "/" : "#"), which the command line uses to name animations (SCREEN/ID, FILE#ID)",
                fix: "use letters, digits, - or _, like \"\(id.replacing("/", with: "-").replacing("#", with: "-"))\"")
        }
        let component = string(a, "component", at: pointer)
        let notes = string(a, "notes", at: pointer)

        var trigger: Trigger?
        if let text = string(a, "trigger", at: pointer, required: true) {
            trigger = Trigger(text)
            if trigger == nil {
                error(pointer / "trigger", "unknown trigger \"\(text)\"", fix: "use tap, appear, repeating, scroll, drag or event:<name>")
            }
        }
        var reduceMotion: ReduceMotion?
        if let text = string(a, "reduceMotion", at: pointer) {
            reduceMotion = ReduceMotion(rawValue: text)
            if reduceMotion == nil {
                error(pointer / "reduceMotion", "unknown reduceMotion \"\(text)\"", fix: "use none, crossfade, shortened, instant or static")
            }
        }

        let motion = self.motion(of: a, at: pointer, trigger: trigger, reduceMotion: reduceMotion)
        var cues: [Cue] = []
        var cuesOK = true
        if let value = a["cues"] {
            if let parsed = self.cues(value, at: pointer / "cues") { cues = parsed } else { cuesOK = false }
        }
        var haptics: HapticSettings?
        var hapticsOK = true
        if let value = a["haptics"] {
            haptics = hapticSettings(value, at: pointer / "haptics", motion: motion, cues: cues)
            hapticsOK = haptics != nil
        }
        var feedback: [Feedback]?
        var feedbackOK = true
        if let value = a["feedback"] {
            feedback = self.feedback(value, at: pointer / "feedback")
            feedbackOK = feedback != nil
        }
        guard let id, !id.isEmpty, let trigger, let motion, hapticsOK, cuesOK, feedbackOK else { return nil }
        var animation = AnimationSpec(
            id: id, component: component, trigger: trigger, reduceMotion: reduceMotion, notes: notes, motion: motion,
            haptics: haptics?.isDefault == true ? nil : haptics)
        animation.cues = cues
        animation.feedback = feedback
        // The settling rule (`MotionLimits`), located: the timeline every command will build.
        do {
            _ = try animation.timeline()
        } catch let refused as MotionError {
            error(
                Self.pointer(of: refused, in: a, at: pointer), refused.description,
                fix:
                    "give the spring more damping or a shorter response, or the keyframe a duration, so the motion rests within an hour (Specs/README.md, \"Settling\")"
            )
            return nil
        } catch {
            self.error(pointer, "\(error)", fix: "check the animation")
            return nil
        }
        return animation
    }

    /// The motion of the animation object `a` by its `kind`, keys that belong to another kind
    /// reported; nil (problems reported) where it has none.
    func motion(of a: JSONObject, at pointer: JSONPointer, trigger: Trigger?, reduceMotion: ReduceMotion?) -> AnimationSpec.Motion? {
        let kind = string(a, "kind", at: pointer, required: true)
        switch kind {
        case "keyframes":
            for key in ["phases"] where a[key] != nil {
                error(pointer / key, "\"\(key)\" belongs to a phases animation, this one is keyframes", fix: "remove it, or set \"kind\": \"phases\"")
            }
            rejectImplicitKeys(a, at: pointer, kind: "keyframes")
            rejectLayerKeys(a, at: pointer, kind: "keyframes")
            return keyframes(a, at: pointer, trigger: trigger)
        case "phases":
            for key in ["tracks", "initial", "repeating"] where a[key] != nil {
                error(
                    pointer / key, "\"\(key)\" belongs to a keyframes animation, this one is phases",
                    fix: key == "repeating"
                        ? "a phase animation repeats with \"trigger\": \"repeating\"" : "remove it, or set \"kind\": \"keyframes\"")
            }
            rejectImplicitKeys(a, at: pointer, kind: "phases")
            rejectLayerKeys(a, at: pointer, kind: "phases")
            return phases(a, at: pointer, repeating: trigger == .repeating).map { .phases($0) }
        case "implicit":
            for key in ["tracks", "initial", "repeating", "phases"] where a[key] != nil {
                error(
                    pointer / key, "\"\(key)\" belongs to a \(key == "phases" ? "phases" : "keyframes") animation, this one is implicit",
                    fix: key == "repeating"
                        ? "an implicit animation repeats with \"repeatCount\" or \"repeatForever\" in its \"animation\""
                        : "remove it, or set \"kind\" to what it describes")
            }
            rejectLayerKeys(a, at: pointer, kind: "implicit")
            return implicit(a, at: pointer, trigger: trigger, reduceMotion: reduceMotion)
        case "layer":
            for key in ["tracks", "initial", "repeating", "phases"] where a[key] != nil {
                error(
                    pointer / key, "\"\(key)\" belongs to a \(key == "phases" ? "phases" : "keyframes") animation, this one is layer",
                    fix: key == "repeating" ? "a layer animation loops with \"repeatCount\": \"infinity\"" : "remove it, or set the matching \"kind\""
                )
            }
            rejectImplicitKeys(a, at: pointer, kind: "layer")
            return layer(a, at: pointer)
        case nil:
            return nil
        case let other?:
            error(pointer / "kind", "unknown kind \"\(other)\"", fix: "use \"keyframes\", \"phases\", \"implicit\" or \"layer\"")
            return nil
        }
    }

    /// Where in the animation at `pointer` the core's refusal points.
    static func pointer(of refused: MotionError, in a: JSONObject, at pointer: JSONPointer) -> JSONPointer {
        func keyframe(_ property: String, _ k: Int) -> JSONPointer { pointer / "tracks" / property / k }
        func phase(_ i: Int) -> JSONPointer {
            let p = pointer / "phases" / i
            return a["phases"]?.arrayValue.map { i < $0.count && $0[i]["animation"] != nil } == true ? p / "animation" : p
        }
        switch refused {
        case .neverSettles(let property, let k), .invalidDuration(let property, let k, _): return keyframe(property, k)
        case .doesNotComeToRest(.keyframe(let property, let k), _): return keyframe(property, k)
        case .phaseNeverSettles(let i), .doesNotComeToRest(.phase(let i), _): return phase(i)
        case .doesNotComeToRest(.motion, _), .zeroLengthCycle, .tooFewPhases: return pointer
        }
    }

    // MARK: Keyframes

    func keyframes(_ a: JSONObject, at pointer: JSONPointer, trigger: Trigger?) -> AnimationSpec.Motion? {
        var initial: [NamedValue] = []
        var ok = true
        if let value = a["initial"] {
            if let map = numberMap(value, at: pointer / "initial", what: "\"initial\"") { initial = map } else { ok = false }
        }
        var repeating = false
        if let value = a["repeating"] {
            if let b = value.boolValue {
                repeating = b
            } else {
                error(pointer / "repeating", "\"repeating\" must be true or false, found \(value.typeName)", fix: "write \"repeating\": true")
                ok = false
            }
        }
        if repeating, let trigger, trigger != .repeating {
            warning(
                pointer / "repeating", "\"repeating\": true with trigger \"\(trigger)\": the animation loops forever once triggered",
                fix: "use \"trigger\": \"repeating\" for an ambient loop")
        }
        guard let tracksValue = a["tracks"] else {
            error(pointer / "tracks", "missing required \"tracks\"", fix: "add \"tracks\": { \"scale\": [ … ] }")
            return nil
        }
        guard let tracksObject = object(tracksValue, at: pointer / "tracks", what: "\"tracks\"") else { return nil }
        if tracksObject.isEmpty {
            error(pointer / "tracks", "\"tracks\" is empty", fix: "add at least one track, like \"scale\": [ … ]")
            ok = false
        }
        var tracks: [KeyframeTrack] = []
        for (property, list) in tracksObject {
            let trackPointer = pointer / "tracks" / property
            if property.isEmpty {
                error(trackPointer, "empty property name", fix: "name the property, like \"scale\"")
                ok = false
                continue
            }
            guard let items = list.arrayValue else {
                error(
                    trackPointer, "the track \"\(property)\" must be an array of keyframes, found \(list.typeName)",
                    fix: "write \"\(property)\": [ { \"type\": …, \"to\": … } ]")
                ok = false
                continue
            }
            if items.isEmpty {
                error(trackPointer, "the track \"\(property)\" has no keyframes", fix: "add a keyframe or remove the track")
                ok = false
                continue
            }
            var keyframes: [Keyframe] = []
            for (k, item) in items.enumerated() {
                keyframeCount += 1
                if keyframeCount > SpecDecoder.maximumKeyframes {
                    if !keyframeLimitReported {
                        keyframeLimitReported = true
                        error(
                            trackPointer / k, "more than \(SpecDecoder.maximumKeyframes) keyframes in one file",
                            fix: "split the animations into several files")
                    }
                    return nil
                }
                if let keyframe = keyframe(item, at: trackPointer / k) { keyframes.append(keyframe) } else { ok = false }
            }
            tracks.append(KeyframeTrack(property: property, keyframes: keyframes))
        }
        return ok ? .keyframes(initial: initial, tracks: tracks, repeating: repeating) : nil
    }

    static let keyframeTypes = ["linear", "cubic", "spring", "move"]

    func keyframe(_ value: JSONValue, at pointer: JSONPointer) -> Keyframe? {
        guard let k = object(value, at: pointer, what: "a keyframe") else { return nil }
        guard let type = string(k, "type", at: pointer, required: true) else { return nil }
        let to = number(k, "to", at: pointer, required: true)
        switch type {
        case "move":
            rejectUnknownKeys(k, allowed: ["type", "to"], at: pointer, what: "a move keyframe")
            if k["duration"] != nil { return nil }
            guard let to else { return nil }
            return .move(to: to)
        case "linear":
            rejectUnknownKeys(k, allowed: ["type", "to", "duration", "curve"], at: pointer, what: "a linear keyframe")
            let d = duration(k, at: pointer, required: true)
            var curve = UnitCurve.linear
            var curveOK = true
            if let c = k["curve"] {
                if let parsed = unitCurve(c, at: pointer / "curve") { curve = parsed } else { curveOK = false }
            }
            guard let to, let d, curveOK else { return nil }
            return .linear(to: to, duration: d, curve: curve)
        case "cubic":
            rejectUnknownKeys(k, allowed: ["type", "to", "duration", "startVelocity", "endVelocity"], at: pointer, what: "a cubic keyframe")
            let d = duration(k, at: pointer, required: true, positive: true)
            let start = number(k, "startVelocity", at: pointer, unit: "units per second")
            let end = number(k, "endVelocity", at: pointer, unit: "units per second")
            let velocitiesOK = (k["startVelocity"] == nil || start != nil) && (k["endVelocity"] == nil || end != nil)
            guard let to, let d, velocitiesOK else { return nil }
            return .cubic(to: to, duration: d, startVelocity: start, endVelocity: end)
        case "spring":
            rejectUnknownKeys(k, allowed: ["type", "to", "duration", "spring", "startVelocity"], at: pointer, what: "a spring keyframe")
            let d = duration(k, at: pointer, positive: true)
            let durationOK = k["duration"] == nil || d != nil
            let start = number(k, "startVelocity", at: pointer, unit: "units per second")
            let startOK = k["startVelocity"] == nil || start != nil
            var spring = Spring(duration: 0.5, bounce: 0)
            if let s = k["spring"] {
                guard let parsed = self.spring(s, at: pointer / "spring") else { return nil }
                spring = parsed
            }
            if d == nil, durationOK, spring.settles, spring.settlingDuration > SpecDecoder.maximumDuration {
                error(
                    pointer / "spring",
                    "this motion does not come to rest within the limits: this spring \(MotionLimits.settling(spring.settlingDuration)) (over an hour) and the keyframe has no duration",
                    fix: "give the keyframe a \"duration\", or a livelier spring")
                return nil
            }
            if d == nil, durationOK, !spring.settles {
                error(
                    pointer / "spring",
                    "this spring never settles (damping ratio \(JSONWriter.number(spring.dampingRatio))) and the keyframe has no duration",
                    fix: "give the keyframe a \"duration\", or a bounce below 1 / a damping above 0")
                return nil
            }
            guard let to, durationOK, startOK else { return nil }
            if d != nil { warnBounceAboveOne(spring, at: pointer / "spring") }
            return .spring(to: to, duration: d, spring: spring, startVelocity: start)
        default:
            let suggestion = Self.closest(type, in: Self.keyframeTypes)
            error(
                pointer / "type", "unknown keyframe type \"\(type)\"",
                fix: (suggestion.map { "did you mean \"\($0)\"? " } ?? "") + "use linear, cubic, spring or move")
            return nil
        }
    }

    // MARK: Curves and springs

    func unitCurve(_ value: JSONValue, at pointer: JSONPointer) -> UnitCurve? {
        if let path = Self.alias(value) {
            return token(path, kind: "curve", at: pointer) { tokens.curve(named: $0) ?? tokens.transition(named: $0)?.curve }
        }
        if let name = value.stringValue {
            if let curve = UnitCurve.named[name] ?? FigmaEasing.figmaCurve(name) { return curve }
            error(
                pointer, "unknown curve \"\(name)\"",
                fix:
                    "use linear, easeIn, easeOut, easeInOut, a Figma easing (EASE_OUT, EASE_IN_AND_OUT_BACK, …), a token \"{motion.easing.standard}\" or { \"bezier\": [x1, y1, x2, y2] }"
            )
            return nil
        }
        guard let object = value.objectValue else {
            error(
                pointer, "a curve must be a name or { \"bezier\": [x1, y1, x2, y2] }, found \(value.typeName)",
                fix: "write \"easeOut\" or { \"bezier\": [0.2, 0, 0, 1] }")
            return nil
        }
        rejectUnknownKeys(object, allowed: ["bezier"], at: pointer, what: "a curve")
        guard let points = object["bezier"] else {
            error(pointer / "bezier", "missing \"bezier\"", fix: "write { \"bezier\": [x1, y1, x2, y2] }")
            return nil
        }
        return bezier(points, at: pointer / "bezier")
    }

    func bezier(_ value: JSONValue, at pointer: JSONPointer) -> UnitCurve? {
        if value.stringValue != nil { return unitCurve(value, at: pointer) }
        guard let items = value.arrayValue, items.count == 4, case let numbers = items.compactMap(\.numberValue), numbers.count == 4 else {
            error(pointer, "\"bezier\" must be an array of 4 numbers [x1, y1, x2, y2]", fix: "write the control points, like [0.42, 0, 0.58, 1]")
            return nil
        }
        guard let curve = UnitCurve(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3]) else {
            error(
                pointer, "the control points' x values (\(JSONWriter.number(numbers[0])), \(JSONWriter.number(numbers[2]))) must lie in 0…1",
                fix: "keep x1 and x2 between 0 and 1 (y may overshoot)")
            return nil
        }
        return curve
    }

    func spring(_ value: JSONValue, at pointer: JSONPointer) -> Spring? {
        springShape(value, at: pointer).flatMap { plausible($0, at: pointer) }
    }

    /// A spring whose response lies between 1 ms and 1 h and whose damping ratio is a number;
    /// anything else is not interface motion (and would not evaluate to finite numbers).
    func plausible(_ spring: Spring, at pointer: JSONPointer) -> Spring? {
        guard spring.response.isFinite, spring.dampingRatio.isFinite, spring.response >= 0.001, spring.response <= SpecDecoder.maximumDuration else {
            error(
                pointer, "this spring's response (2π/ω0) is \(JSONWriter.number(spring.response)) s, outside 1 ms … 1 h",
                fix: "use a duration or response between 0.001 and 3600 seconds, or a stiffness/mass that gives one")
            return nil
        }
        return spring
    }

    func springShape(_ value: JSONValue, at pointer: JSONPointer) -> Spring? {
        if let path = Self.alias(value) { return token(path, kind: "spring", at: pointer) { tokens.spring(named: $0) } }
        if let name = value.stringValue {
            if let preset = Spring.Preset(rawValue: name) { return .preset(preset) }
            if let figma = FigmaEasing.figmaSpring(name) { return figma }
            error(
                pointer, "unknown spring \"\(name)\"",
                fix: "use smooth, snappy, bouncy, a Figma spring (GENTLE, QUICK, BOUNCY, SLOW), a token \"{motion.spring.x}\" or a spring object")
            return nil
        }
        guard let s = object(value, at: pointer, what: "a spring") else { return nil }
        if s.isEmpty {
            error(
                pointer, "the spring is empty",
                fix: "leave \"spring\" out for the default { \"duration\": 0.5, \"bounce\": 0 }, or give its parameters")
            return nil
        }
        let forms = "{duration, bounce}, {response, dampingRatio}, {mass, stiffness, damping} or {preset, duration, extraBounce}"
        let keys = Set(s.keys)
        if keys.contains("preset") {
            rejectUnknownKeys(s, allowed: ["preset", "duration", "extraBounce"], at: pointer, what: "a preset spring")
            guard let name = string(s, "preset", at: pointer), let preset = Spring.Preset(rawValue: name) else {
                if s["preset"]?.stringValue != nil {
                    error(pointer / "preset", "unknown preset \"\(s["preset"]!.stringValue!)\"", fix: "use smooth, snappy or bouncy")
                }
                return nil
            }
            let d = duration(s, at: pointer, positive: true)
            let extra = number(s, "extraBounce", at: pointer)
            guard s["duration"] == nil || d != nil, s["extraBounce"] == nil || extra != nil else { return nil }
            return checkBounce(preset.baseBounce + (extra ?? 0), at: pointer / (s["extraBounce"] == nil ? "preset" : "extraBounce")) {
                Spring.preset(preset, duration: d ?? 0.5, extraBounce: extra ?? 0)
            }
        }
        if !keys.isDisjoint(with: ["mass", "stiffness", "damping"]) {
            rejectUnknownKeys(s, allowed: ["mass", "stiffness", "damping"], at: pointer, what: "a mass/stiffness/damping spring (one of \(forms))")
            let mass = number(s, "mass", at: pointer)
            let k = number(s, "stiffness", at: pointer, required: true)
            let c = number(s, "damping", at: pointer, required: true)
            var ok = true
            if let mass, !(mass > 0) {
                error(pointer / "mass", "mass must be greater than 0", fix: "write a positive mass, like 1")
                ok = false
            }
            if let k, !(k > 0) {
                error(pointer / "stiffness", "stiffness must be greater than 0", fix: "write a positive stiffness, like 170")
                ok = false
            }
            if let c, !(c >= 0) {
                error(pointer / "damping", "damping must be 0 or more", fix: "write a damping ≥ 0, like 26")
                ok = false
            }
            guard ok, s["mass"] == nil || mass != nil, let k, let c else { return nil }
            return Spring(mass: mass ?? 1, stiffness: k, damping: c)
        }
        if !keys.isDisjoint(with: ["response", "dampingRatio"]) {
            rejectUnknownKeys(s, allowed: ["response", "dampingRatio"], at: pointer, what: "a response/dampingRatio spring (one of \(forms))")
            let response = duration(s, "response", at: pointer, required: true, positive: true)
            let zeta = number(s, "dampingRatio", at: pointer, required: true)
            if let zeta, !(zeta >= 0) {
                error(pointer / "dampingRatio", "dampingRatio must be 0 or more", fix: "write a damping ratio ≥ 0, like 0.8")
                return nil
            }
            guard let response, let zeta else { return nil }
            return Spring(response: response, dampingRatio: zeta)
        }
        rejectUnknownKeys(s, allowed: ["duration", "bounce"], at: pointer, what: "a spring (one of \(forms))")
        let d = duration(s, at: pointer, positive: true)
        let bounce = number(s, "bounce", at: pointer)
        guard s["duration"] == nil || d != nil, s["bounce"] == nil || bounce != nil else { return nil }
        return checkBounce(bounce ?? 0, at: pointer / "bounce") { Spring(duration: d ?? 0.5, bounce: bounce ?? 0) }
    }

    /// A keyframe spring written with a bounce above 1 (a preset's base and extra bounce
    /// together) is accepted, as SwiftUI accepts it and the keyframe's duration ends it, but
    /// said: it plays as bounce 1, damping 0, a spring that never loses energy, so the extra
    /// bounce is not played. (Without a duration the same spring is rejected as never settling.)
    func warnBounceAboveOne(_ spring: Spring, at pointer: JSONPointer) {
        let written: (bounce: Double, key: String)
        switch spring.written {
        case .durationBounce(_, let b)?: written = (b, "bounce")
        case .preset(let preset, _, let extra)?: written = (preset.baseBounce + extra, "extraBounce")
        default: return
        }
        guard written.bounce > 1 else { return }
        warning(
            pointer / written.key,
            "bounce \(JSONWriter.number(written.bounce)) is above 1: it plays as bounce 1, damping 0, a spring that never loses energy and stops only at the keyframe's duration",
            fix: "write a bounce of 1 or less (0.3 bounces visibly)")
    }

    /// Bounce must be > −1 (−1 would be infinitely over-damped).
    func checkBounce(_ bounce: Double, at pointer: JSONPointer, _ make: () -> Spring) -> Spring? {
        guard bounce > -1 else {
            error(
                pointer, "bounce \(JSONWriter.number(bounce)) is −1 or less",
                fix: "use a bounce above −1 (negative is over-damped, 0 is critically damped, 0.3 bounces)")
            return nil
        }
        return make()
    }

    // MARK: Phases

    func phases(_ a: JSONObject, at pointer: JSONPointer, repeating: Bool) -> [Phase]? {
        guard let value = a["phases"] else {
            error(pointer / "phases", "missing required \"phases\"", fix: "add \"phases\": [ { \"name\": …, \"values\": { … } }, … ]")
            return nil
        }
        guard let items = value.arrayValue else {
            error(pointer / "phases", "\"phases\" must be an array, found \(value.typeName)", fix: "write \"phases\": [ … ]")
            return nil
        }
        var ok = true
        if items.count < 2 {
            error(
                pointer / "phases", "a phase animation needs at least 2 phases, found \(items.count)",
                fix: "add the phases the animation moves through")
            ok = false
        }
        var phases: [Phase] = []
        var seen: [String: Int] = [:]
        for (k, item) in items.enumerated() {
            let p = pointer / "phases" / k
            guard let phase = phase(item, at: p) else {
                ok = false
                continue
            }
            if let first = seen[phase.name] {
                error(p / "name", "duplicate phase name \"\(phase.name)\" (also phase \(first))", fix: "give each phase its own name")
                ok = false
            } else {
                seen[phase.name] = k
            }
            phases.append(phase)
        }
        guard ok else { return nil }
        let base = Set(phases[0].order)
        for (k, phase) in phases.enumerated().dropFirst() {
            for name in phase.order where !base.contains(name) {
                warning(
                    pointer / "phases" / k / "values" / name, "phase 0 has no \"\(name)\": it rests at 0 there",
                    fix: "give phase 0 a value for \"\(name)\" (its resting value)")
            }
        }
        if repeating, phases.allSatisfy({ ($0.animation?.logicalDuration ?? 0) <= 0 }) {
            error(
                pointer / "phases", "every step of this repeating cycle jumps without a delay: the loop would take no time",
                fix: "give at least one phase an animation with a duration or a delay")
            return nil
        }
        return phases
    }

    func phase(_ value: JSONValue, at pointer: JSONPointer) -> Phase? {
        guard let p = object(value, at: pointer, what: "a phase") else { return nil }
        rejectUnknownKeys(p, allowed: ["name", "values", "animation"], at: pointer, what: "a phase")
        let name = string(p, "name", at: pointer, required: true)
        if let name, name.isEmpty { error(pointer / "name", "the phase name is empty", fix: "name the phase, like \"lifted\"") }
        var values: [NamedValue]?
        if let v = p["values"] {
            values = numberMap(v, at: pointer / "values", what: "\"values\"")
        } else {
            error(pointer / "values", "missing required \"values\"", fix: "add \"values\": { \"scale\": 1.2 }")
        }
        var animation: PhaseAnimation? = .default
        var animationOK = true
        if let a = p["animation"] {
            if a.isNull {
                animation = nil
            } else if let parsed = phaseAnimation(a, at: pointer / "animation") {
                animation = parsed
            } else {
                animationOK = false
            }
        }
        guard let name, !name.isEmpty, let values, animationOK else { return nil }
        return Phase(name: name, values: values.map { ($0.name, $0.value) }, animation: animation)
    }

    static let animationTypes = [
        "default", "linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring", "smooth", "snappy", "bouncy", "interpolatingSpring",
    ]

    func phaseAnimation(_ value: JSONValue, at pointer: JSONPointer) -> PhaseAnimation? {
        if let path = Self.alias(value) {
            // A transition token: its curve over its duration, after its delay.
            guard let t = token(path, kind: "transition", at: pointer, { tokens.transition(named: $0) }) else { return nil }
            return PhaseAnimation(.bezier(t.curve, duration: t.duration), delay: t.delay)
        }
        guard let a = object(value, at: pointer, what: "an animation") else { return nil }
        guard let type = string(a, "type", at: pointer, required: true) else { return nil }
        let delay = duration(a, "delay", at: pointer)
        let speed = number(a, "speed", at: pointer)
        var ok = (a["delay"] == nil || delay != nil) && (a["speed"] == nil || speed != nil)
        if let speed, !(speed >= 0.001 && speed <= 1000) {
            error(
                pointer / "speed", "speed \(JSONWriter.number(speed)) is outside 0.001 … 1000",
                fix: "write a speed factor like 2 (twice as fast) or 0.5 (half as fast)")
            ok = false
        }
        let curve = phaseCurve(type, a, at: pointer)
        guard ok, let curve else { return nil }
        if case .spring(let s) = curve, plausible(s, at: pointer) == nil { return nil }
        if case .spring(let s) = curve, !s.settles {
            error(
                pointer, "this spring never settles (damping ratio \(JSONWriter.number(s.dampingRatio))): the phase sequence would never end",
                fix: "use a bounce below 1 or a damping above 0")
            return nil
        }
        return PhaseAnimation(curve, delay: delay ?? 0, speed: speed ?? 1)
    }

    /// Members every phase animation may have besides those of its type.
    static let phaseCommonKeys = ["type", "delay", "speed"]

    /// The curve of a phase animation `a` of `type` (SwiftUI's `Animation` of that name, from
    /// the members that type takes); nil (reported) when the type is unknown or a member wrong.
    func phaseCurve(_ type: String, _ a: JSONObject, at pointer: JSONPointer) -> PhaseAnimation.Curve? {
        var curve: PhaseAnimation.Curve?
        switch type {
        case "default":
            rejectUnknownKeys(a, allowed: Self.phaseCommonKeys, at: pointer, what: "a default animation")
            curve = PhaseAnimation.default.curve
        case "linear", "easeIn", "easeOut", "easeInOut":
            rejectUnknownKeys(a, allowed: Self.phaseCommonKeys + ["duration"], at: pointer, what: "a \(type) animation")
            let d = duration(a, at: pointer, positive: true)
            if a["duration"] == nil || d != nil { curve = .bezier(UnitCurve.named[type]!, duration: d ?? PhaseAnimation.defaultCurveDuration) }
        case "timingCurve":
            rejectUnknownKeys(a, allowed: Self.phaseCommonKeys + ["duration", "bezier"], at: pointer, what: "a timingCurve animation")
            let d = duration(a, at: pointer, positive: true)
            var bezier: UnitCurve?
            if let b = a["bezier"] {
                bezier = self.bezier(b, at: pointer / "bezier")
            } else {
                error(pointer / "bezier", "missing required \"bezier\"", fix: "add \"bezier\": [x1, y1, x2, y2]")
            }
            if let bezier, a["duration"] == nil || d != nil { curve = .bezier(bezier, duration: d ?? PhaseAnimation.defaultCurveDuration) }
        case "spring":
            curve = springAnimationCurve(a, at: pointer)
        case "smooth", "snappy", "bouncy":
            rejectUnknownKeys(a, allowed: Self.phaseCommonKeys + ["duration", "extraBounce"], at: pointer, what: "a \(type) animation")
            curve = springCurve(a, bounceKey: "extraBounce", base: Spring.Preset(rawValue: type)!.baseBounce, at: pointer)
        case "interpolatingSpring":
            if a["stiffness"] != nil || a["damping"] != nil || a["mass"] != nil {
                rejectUnknownKeys(
                    a, allowed: Self.phaseCommonKeys + ["stiffness", "damping", "mass"], at: pointer,
                    what: "an interpolatingSpring(mass:stiffness:damping:) animation")
                if let s = spring(
                    .object(
                        JSONObject(
                            [("mass", a["mass"]), ("stiffness", a["stiffness"]), ("damping", a["damping"])].compactMap { k, v in v.map { (k, $0) } })),
                    at: pointer)
                {
                    curve = .spring(s)
                }
            } else {
                rejectUnknownKeys(
                    a, allowed: Self.phaseCommonKeys + ["duration", "bounce"], at: pointer, what: "an interpolatingSpring(duration:bounce:) animation"
                )
                curve = springCurve(a, bounceKey: "bounce", base: 0, at: pointer)
            }
        default:
            let suggestion = Self.closest(type, in: Self.animationTypes)
            error(
                pointer / "type", "unknown animation type \"\(type)\"",
                fix: (suggestion.map { "did you mean \"\($0)\"? " } ?? "") + "use one of \(Self.animationTypes.joined(separator: ", "))")
        }
        return curve
    }

    /// A `spring` phase animation's curve: `spring(response:dampingFraction:)`,
    /// `spring(duration:bounce:)`, or `.spring` itself when it has neither's members.
    func springAnimationCurve(_ a: JSONObject, at pointer: JSONPointer) -> PhaseAnimation.Curve? {
        if a["response"] != nil || a["dampingFraction"] != nil {
            rejectUnknownKeys(
                a, allowed: Self.phaseCommonKeys + ["response", "dampingFraction"], at: pointer, what: "a spring(response:dampingFraction:) animation"
            )
            let response = duration(a, "response", at: pointer, positive: true)
            let fraction = number(a, "dampingFraction", at: pointer)
            if let fraction, !(fraction > 0) {
                error(
                    pointer / "dampingFraction", "dampingFraction must be greater than 0 (0 never settles)",
                    fix: "write a damping fraction like 0.825")
            } else if (a["response"] == nil || response != nil) && (a["dampingFraction"] == nil || fraction != nil) {
                return .spring(Spring(response: response ?? 0.5, dampingRatio: fraction ?? 0.825))
            }
        } else if a["duration"] == nil && a["bounce"] == nil {
            rejectUnknownKeys(a, allowed: Self.phaseCommonKeys, at: pointer, what: "a spring animation")
            return PhaseAnimation.spring.curve // `.spring`: response 0.5, dampingFraction 0.825
        } else {
            rejectUnknownKeys(a, allowed: Self.phaseCommonKeys + ["duration", "bounce"], at: pointer, what: "a spring(duration:bounce:) animation")
            return springCurve(a, bounceKey: "bounce", base: 0, at: pointer)
        }
        return nil
    }

    /// `duration` (default 0.5 s) with a bounce member added to `base`.
    func springCurve(_ a: JSONObject, bounceKey: String, base: Double, at pointer: JSONPointer) -> PhaseAnimation.Curve? {
        let d = duration(a, at: pointer, positive: true)
        let extra = number(a, bounceKey, at: pointer)
        guard a["duration"] == nil || d != nil, a[bounceKey] == nil || extra != nil else { return nil }
        return checkBounce(base + (extra ?? 0), at: pointer / bounceKey) { Spring(duration: d ?? 0.5, bounce: base + (extra ?? 0)) }.map {
            .spring($0)
        }
    }

    // MARK: Cues

    /// The optional `cues`: `[{ "name", "time", "duration"? }]`, names unique, sorted by time.
    func cues(_ value: JSONValue, at pointer: JSONPointer) -> [Cue]? {
        guard let items = value.arrayValue else {
            error(pointer, "\"cues\" must be an array", fix: "write \"cues\": [ { \"name\": \"land\", \"time\": 0.5 } ]")
            return nil
        }
        var cues: [Cue] = []
        var ok = true
        var seen: Set<String> = []
        for (k, item) in items.enumerated() {
            let p = pointer / k
            guard let c = object(item, at: p, what: "a cue") else {
                ok = false
                continue
            }
            rejectUnknownKeys(c, allowed: ["name", "time", "duration"], at: p, what: "a cue")
            let name = string(c, "name", at: p, required: true)
            let time = duration(c, "time", at: p, required: true)
            let length = duration(c, at: p)
            if let name, name.isEmpty || !seen.insert(name).inserted {
                error(p / "name", name.isEmpty ? "the cue name is empty" : "duplicate cue name \"\(name)\"", fix: "give each cue its own name")
                ok = false
            }
            guard let name, let time, c["duration"] == nil || length != nil else {
                ok = false
                continue
            }
            cues.append(Cue(name: name, time: time, duration: length ?? 0))
        }
        return ok ? cues.sorted { $0.time < $1.time } : nil
    }

    // MARK: Haptics

    /// The optional `haptics` field: `enabled`, `intensityScale`, `sharpnessScale`, `ignore`, `pins`.
    func hapticSettings(_ value: JSONValue, at pointer: JSONPointer, motion: AnimationSpec.Motion?, cues: [Cue] = []) -> HapticSettings? {
        guard let h = object(value, at: pointer, what: "\"haptics\"") else { return nil }
        rejectUnknownKeys(h, allowed: ["enabled", "intensityScale", "sharpnessScale", "ignore", "pins"], at: pointer, what: "\"haptics\"")
        var settings = HapticSettings()
        var ok = true
        if let e = h["enabled"] {
            if let b = e.boolValue {
                settings.enabled = b
            } else {
                error(
                    pointer / "enabled", "\"enabled\" must be true or false, found \(e.typeName)",
                    fix: "write \"enabled\": false to switch this animation's haptics off")
                ok = false
            }
        }
        for key in ["intensityScale", "sharpnessScale"] where h[key] != nil {
            guard let n = number(h, key, at: pointer) else {
                ok = false
                continue
            }
            guard n >= 0, n <= 10 else {
                error(
                    pointer / key, "\"\(key)\" is \(JSONWriter.number(n)); it must lie in 0…10",
                    fix: "write a factor like 0.8 (softer) or 1.2 (stronger)")
                ok = false
                continue
            }
            if key == "intensityScale" { settings.intensityScale = n } else { settings.sharpnessScale = n }
        }
        if let list = h["ignore"] {
            if let items = list.arrayValue, items.allSatisfy({ $0.stringValue != nil }) {
                settings.ignore = items.compactMap(\.stringValue)
                let animated: Set<String>
                switch motion {
                case .keyframes(_, let tracks, _)?: animated = Set(tracks.map(\.property))
                case .phases(let phases)?: animated = Set(phases.flatMap(\.order))
                case .layer(let motion)?: animated = Set(motion.properties)
                case .implicit(let m)?: animated = Set(m.values.map(\.name))
                case nil: animated = Set(settings.ignore)
                }
                for (k, name) in settings.ignore.enumerated() where !animated.contains(name) {
                    warning(
                        pointer / "ignore" / k, "\"\(name)\" is not animated by this animation",
                        fix: "name one of \(animated.sorted().joined(separator: ", "))")
                }
            } else {
                error(pointer / "ignore", "\"ignore\" must be an array of property names", fix: "write \"ignore\": [\"rotation\"]")
                ok = false
            }
        }
        if let list = h["pins"] {
            guard let items = list.arrayValue else {
                error(
                    pointer / "pins", "\"pins\" must be an array of events",
                    fix: "write \"pins\": [ { \"type\": \"transient\", \"time\": 0.2, \"intensity\": 0.8, \"sharpness\": 0.5 } ]")
                return nil
            }
            for (k, item) in items.enumerated() {
                if let pin = hapticPin(item, at: pointer / "pins" / k, cues: cues) { settings.pins.append(pin) } else { ok = false }
            }
        }
        return ok ? settings : nil
    }

    /// A pinned event at a `time`, or at a named `cue` (its time, and its duration for a
    /// continuous pin without one).
    func hapticPin(_ value: JSONValue, at pointer: JSONPointer, cues: [Cue] = []) -> HapticPin? {
        guard let p = object(value, at: pointer, what: "a pinned haptic event") else { return nil }
        guard let type = string(p, "type", at: pointer, required: true) else { return nil }
        guard let kind = HapticPin.Kind(rawValue: type) else {
            error(pointer / "type", "unknown event type \"\(type)\"", fix: "use \"transient\" or \"continuous\"")
            return nil
        }
        rejectUnknownKeys(
            p, allowed: ["type", "time", "cue", "intensity", "sharpness"] + (kind == .continuous ? ["duration"] : []), at: pointer,
            what: "a \(type) pin")
        var cue: Cue?
        if let name = string(p, "cue", at: pointer) {
            cue = cues.first { $0.name == name }
            if cue == nil {
                error(
                    pointer / "cue", "no cue named \"\(name)\"",
                    fix: cues.isEmpty ? "add it to the animation's \"cues\"" : "use one of \(cues.map(\.name).joined(separator: ", "))")
                return nil
            }
            if p["time"] != nil {
                error(pointer / "time", "a pin has either \"time\" or \"cue\"", fix: "remove one of them")
                return nil
            }
        }
        let time = cue?.time ?? duration(p, "time", at: pointer, required: true)
        let length =
            kind == .continuous
            ? (p["duration"] == nil && (cue?.duration ?? 0) > 0 ? cue!.duration : duration(p, at: pointer, required: true, positive: true)) : 0
        var unit: [Double?] = []
        for key in ["intensity", "sharpness"] {
            let n = number(p, key, at: pointer, required: true)
            if let n, !(0...1).contains(n) {
                error(pointer / key, "\"\(key)\" is \(JSONWriter.number(n)); it must lie in 0…1", fix: "write a value between 0 and 1")
                unit.append(nil)
            } else {
                unit.append(n)
            }
        }
        guard let time, let length, let intensity = unit[0], let sharpness = unit[1] else { return nil }
        return HapticPin(kind: kind, time: time, duration: length, intensity: intensity, sharpness: sharpness)
    }

    // MARK: Suggestions

    /// The candidate closest to `word` by edit distance, when it is close enough to be a typo.
    static func closest(_ word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
