import MotionCore

// MARK: - UIKitCodegen

/// Writes the Core Animation code that plays one animation (`--target uikit`): an enum named
/// after the animation with `static func play(on layer: CALayer)` that configures the
/// `CAAnimation`s of `LayerPlan` (inside a `CAAnimationGroup`) and adds them to the layer.
/// Rotation values are written in radians (`-4.0 * .pi / 180`), as Core Animation takes them;
/// everything else in the spec's units. With Reduce Motion on (`UIAccessibility.isReduceMotionEnabled`)
/// it plays the spec's fallback (`writeReduceMotionBranch`) and the haptics planned for it.
struct UIKitCodegen {
    let animation: AnimationSpec
    let screen: String
    let typeName: String
    let timeline: any MotionTimeline
    /// The haptics: any event plays the AHAP file through the Core Haptics player (Core
    /// Animation has no `.sensoryFeedback`).
    let haptics: HapticCode

    var hapticsTypeName: String { typeName + "Haptics" }

    func declarations() throws(CodegenError) -> String {
        let plan = LayerPlan(animation: animation, timeline: timeline)
        var w = SourceWriter()
        w.line("// motionsync: screen=\(SwiftLiteral.comment(screen)) trigger=\(SwiftLiteral.comment(animation.trigger.description))")
        w.line("/// \(SwiftLiteral.comment("\(screen)/\(animation.id) (\(animation.kind)) for Core Animation."))")
        if plan.sampledBecause.contains(where: { $0 == nil }) {
            w.line("/// Animations without a note play the spec exactly.")
        }
        w.block("enum \(typeName) {") { w in
            if case .player(let p) = haptics {
                if !p.branches, let file = p.file {
                    w.line("/// Plays `\(SwiftLiteral.comment(file))` (\(p.events) haptic event\(p.events == 1 ? "" : "s")) with the animation.")
                } else {
                    for line in Self.wrap("Haptics: " + haptics.summary, width: 96 - w.column) { w.line("/// " + line) }
                }
                w.line("@MainActor static let haptics = \(hapticsTypeName)()")
                w.line("")
            }
            w.line("/// Adds the animation to `layer` (\(whenText)).")
            w.line("@MainActor")
            w.block("static func play(on layer: CALayer) {") { w in
                writeWithReduceMotion(&w, plan)
                if case .player = haptics { w.line("haptics." + haptics.playCall(reduceMotion: "UIAccessibility.isReduceMotionEnabled")) }
            }
        }
        if case .player(let playback) = haptics {
            w.line("")
            HapticPlayerCode.write(&w, name: hapticsTypeName, playback: playback)
        }
        return w.text
    }

    /// The animations of `plan` added to the layer (named with `prefix`: `reducedScale`), in a
    /// group when the plan has one.
    func writeMotion(_ w: inout SourceWriter, _ plan: LayerPlan, prefix: String) {
        var names: [String] = []
        for (k, a) in plan.motion.animations.enumerated() {
            var name = Self.variableName(a.keyPath, index: k, taken: names.map { String($0.dropFirst(prefix.count)) })
            if !prefix.isEmpty { name = prefix + name.prefix(1).uppercased() + name.dropFirst() }
            names.append(name)
            if let reason = plan.sampledBecause[k] {
                for line in Self.wrap("Sampled at 120 fps with linear key times (within 1e-6 at each sample): \(reason).", width: 96 - w.column) {
                    w.line("// " + line)
                }
            }
            writeAnimation(&w, a, name: name, inGroup: plan.motion.group != nil)
            w.line("")
        }
        if let group = plan.motion.group {
            let name = prefix.isEmpty ? "group" : prefix + "Group"
            w.line("let \(name) = CAAnimationGroup()")
            w.laidOut(Self.array("\(name).animations = ", names, indent: w.column))
            writeTiming(&w, group, name: name, inGroup: false)
            w.line("\(name).isRemovedOnCompletion = false")
            w.line("layer.add(\(name), forKey: \(SwiftLiteral.string(animation.id)))")
        } else {
            for name in names { w.line("layer.add(\(name), forKey: \(SwiftLiteral.string(animation.id + "." + name)))") }
        }
    }

    /// The motion of `plan`, and the spec's Reduce Motion fallback where it changes what plays:
    /// `if UIAccessibility.isReduceMotionEnabled { FALLBACK } else { MOTION }` for the shortened
    /// version (`AnimationSpec.shortenedMotion()`) and for `crossfade` (a 0.1 s opacity dip and
    /// a 0.15 s return, what the SwiftUI target plays); `if !UIAccessibility.isReduceMotionEnabled
    /// { MOTION }` for `static`, `instant` and what has no shortened version (a loop).
    func writeWithReduceMotion(_ w: inout SourceWriter, _ plan: LayerPlan) {
        guard let rm = animation.reduceMotion, rm != .none else {
            writeMotion(&w, plan, prefix: "")
            return
        }
        var short: AnimationSpec?
        if rm == .shortened, let motion = try? animation.shortenedMotion() {
            short = animation
            short?.motion = motion
            short?.reduceMotion = nil
        }
        var reduced: LayerPlan?
        var what = ""
        if let short, let shortTimeline = try? short.timeline() {
            reduced = LayerPlan(animation: short, timeline: shortTimeline)
            what = "shortened; \(SwiftLiteral.number(shortTimeline.duration)) s without bounce."
        } else if rm == .crossfade {
            let dip = LayerAnimation(
                keyPath: "opacity", timing: MediaTiming(duration: 0.25, fillMode: .forwards),
                content: .keyframes(
                    LayerKeyframes(
                        values: [[1], [0.6], [1]], keyTimes: [0, 0.4, 1], timingFunctions: [.easeOut, .easeIn], mode: .linear)))
            reduced = LayerPlan(motion: LayerMotion(animations: [dip], group: nil), sampledBecause: [nil])
            what = "crossfade; a short opacity dip instead of the motion."
        }
        guard let reduced else {
            let why = rm == .shortened ? "shortened, which a loop or a scrubbed motion has not" : rm.rawValue
            w.line("// Reduce Motion: \(why); nothing moves.")
            w.block("if !UIAccessibility.isReduceMotionEnabled {") { w in writeMotion(&w, plan, prefix: "") }
            return
        }
        w.block("if UIAccessibility.isReduceMotionEnabled {", close: "} else {") { w in
            w.line("// Reduce Motion: " + what)
            writeMotion(&w, reduced, prefix: "reduced")
        }
        w.indented { w in writeMotion(&w, plan, prefix: "") }
        w.line("}")
    }

    var whenText: String {
        switch animation.trigger {
        case .repeating: "it loops until removed; call it when the layer appears"
        case .appear: "call it when the layer appears"
        case .tap: "call it on the tap"
        case .scroll, .drag: "call it when the \(animation.trigger) starts"
        case .event(let name): "call it on the event \(SwiftLiteral.comment(name))"
        }
    }

    /// `scale`, `translationY`, … from the key path; unique.
    static func variableName(_ keyPath: String, index: Int, taken: [String]) -> String {
        let skipped: Set<String> = ["transform", "z", "size"]
        let parts: [String] = keyPath.split(separator: ".").map(String.init).filter { !skipped.contains($0) }
        var name = SwiftIdentifier.memberName(parts.joined(separator: " ")) ?? "animation"
        if ["group", "layer"].contains(name) { name += "Animation" }
        var candidate = name, n = 2
        while taken.contains(candidate) {
            candidate = "\(name)\(n)"
            n += 1
        }
        return candidate
    }

    // MARK: Animations

    func writeAnimation(_ w: inout SourceWriter, _ a: LayerAnimation, name: String, inGroup: Bool) {
        let isAngle = a.keyPath.contains("rotation") && a.components.isEmpty
        let (path, value) = Self.valueWriter(a, isAngle: isAngle)
        switch a.content {
        case .basic(let from, let to):
            w.line("let \(name) = CABasicAnimation(keyPath: \(SwiftLiteral.string(path)))")
            w.line("\(name).fromValue = \(value(from))")
            w.line("\(name).toValue = \(value(to))")
        case .spring(let from, let to, let spring, let velocity, _):
            w.line("let \(name) = CASpringAnimation(keyPath: \(SwiftLiteral.string(path)))")
            w.line("\(name).fromValue = \(value(from))")
            w.line("\(name).toValue = \(value(to))")
            if case .physical(let s, let allows) = spring {
                w.line("\(name).mass = \(SwiftLiteral.number(s.mass))")
                w.line("\(name).stiffness = \(SwiftLiteral.number(s.stiffness))")
                w.line("\(name).damping = \(SwiftLiteral.number(s.damping))")
                if allows { w.line("\(name).allowsOverdamping = true") }
            }
            if velocity != 0 { w.line("\(name).initialVelocity = \(SwiftLiteral.number(velocity))") }
        case .keyframes(let k):
            w.line("let \(name) = CAKeyframeAnimation(keyPath: \(SwiftLiteral.string(path)))")
            w.laidOut(Self.array("\(name).values = ", k.values.map(value), indent: w.column))
            if let times = k.keyTimes { w.laidOut(Self.array("\(name).keyTimes = ", times.map(SwiftLiteral.number), indent: w.column)) }
            if let functions = k.timingFunctions, functions.contains(where: { !$0.isLinear }) {
                w.laidOut(Self.array("\(name).timingFunctions = ", functions.map(Self.timingFunction), indent: w.column))
            }
            if k.mode != .linear { w.line("\(name).calculationMode = .\(k.mode.rawValue)") }
            for (field, numbers) in [("tensionValues", k.tension), ("continuityValues", k.continuity), ("biasValues", k.bias)] where !numbers.isEmpty
            {
                w.laidOut(Self.array("\(name).\(field) = ", numbers.map(SwiftLiteral.number), indent: w.column))
            }
        }
        writeTiming(&w, a.timing, name: name, inGroup: inGroup, settles: { if case .spring(_, _, _, _, true) = a.content { true } else { false } }())
    }

    /// The `CAMediaTiming` fields that differ from Core Animation's defaults.
    func writeTiming(_ w: inout SourceWriter, _ t: MediaTiming, name: String, inGroup: Bool, settles: Bool = false) {
        let n: (Double) -> String = { SwiftLiteral.number($0) }
        if settles { w.line("\(name).duration = \(name).settlingDuration") } else if t.duration != 0 { w.line("\(name).duration = \(n(t.duration))") }
        if t.beginTime != 0 {
            w.line(inGroup ? "\(name).beginTime = \(n(t.beginTime))" : "\(name).beginTime = CACurrentMediaTime() + \(n(t.beginTime))")
        }
        if t.speed != 1 { w.line("\(name).speed = \(n(t.speed))") }
        if t.timeOffset != 0 { w.line("\(name).timeOffset = \(n(t.timeOffset))") }
        if t.repeatCount != 0 { w.line("\(name).repeatCount = \(t.repeatCount == .infinity ? ".infinity" : n(t.repeatCount))") }
        if t.repeatDuration != 0 { w.line("\(name).repeatDuration = \(n(t.repeatDuration))") }
        if t.autoreverses { w.line("\(name).autoreverses = true") }
        if t.fillMode != .removed { w.line("\(name).fillMode = .\(t.fillMode.rawValue)") }
        if let curve = t.timingFunction { w.line("\(name).timingFunction = \(Self.timingFunction(curve))") }
    }

    /// `CAMediaTimingFunction(name: .easeIn)` or `(controlPoints:…)`.
    static func timingFunction(_ curve: UnitCurve) -> String {
        switch curve.name {
        case "linear"?: return "CAMediaTimingFunction(name: .linear)"
        case "easeIn"?: return "CAMediaTimingFunction(name: .easeIn)"
        case "easeOut"?: return "CAMediaTimingFunction(name: .easeOut)"
        case "easeInOut"?: return "CAMediaTimingFunction(name: .easeInEaseOut)"
        default:
            let p = [curve.p1.x, curve.p1.y, curve.p2.x, curve.p2.y].map { SwiftLiteral.number($0) }
            return "CAMediaTimingFunction(controlPoints: \(p.joined(separator: ", ")))"
        }
    }

    /// The key path to write and how a value is written: numbers (rotation in radians), points,
    /// sizes, rects, or transforms on the `transform` key path.
    static func valueWriter(_ a: LayerAnimation, isAngle: Bool) -> (String, ([Double]) -> String) {
        let n: (Double) -> String = { SwiftLiteral.number($0) }
        switch a.components {
        case ["x", "y"] where a.keyPath == "transform.scale":
            return ("transform", { "NSValue(caTransform3D: CATransform3DMakeScale(\(n($0[0])), \(n($0[1])), 1))" })
        case ["x", "y"] where a.keyPath == "transform.translation":
            return ("transform", { "NSValue(caTransform3D: CATransform3DMakeTranslation(\(n($0[0])), \(n($0[1])), 0))" })
        case ["x", "y"]:
            return (a.keyPath, { "NSValue(cgPoint: CGPoint(x: \(n($0[0])), y: \(n($0[1]))))" })
        case ["width", "height"]:
            return (a.keyPath, { "NSValue(cgSize: CGSize(width: \(n($0[0])), height: \(n($0[1]))))" })
        case ["x", "y", "width", "height"]:
            return (a.keyPath, { "NSValue(cgRect: CGRect(x: \(n($0[0])), y: \(n($0[1])), width: \(n($0[2])), height: \(n($0[3]))))" })
        default:
            if isAngle { return (a.keyPath, { $0[0] == 0 ? "0.0" : "\(n($0[0])) * .pi / 180" }) }
            return (a.keyPath, { n($0.first ?? 0) })
        }
    }

    /// Comment text in lines of at most `width` characters (words kept whole).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in SwiftLiteral.comment(text).split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// `prefix[a, b, …]` on one line when it fits, else packed as `swift-format` packs an array
    /// literal (elements two columns deeper, a trailing comma, `]` on its own line).
    static func array(_ prefix: String, _ elements: [String], indent: Int) -> [(indent: Int, text: String)] {
        let one = prefix + "[" + elements.joined(separator: ", ") + "]"
        if indent + one.count <= SwiftCall.width { return [(indent, one)] }
        var out: [(indent: Int, text: String)] = [(indent, prefix + "[")]
        var current = ""
        for e in elements {
            let piece = e + ","
            let candidate = current.isEmpty ? piece : current + " " + piece
            if indent + 2 + candidate.count <= SwiftCall.width {
                current = candidate
                continue
            }
            if !current.isEmpty { out.append((indent + 2, current)) }
            current = piece
        }
        if !current.isEmpty { out.append((indent + 2, current)) }
        out.append((indent, "]"))
        return out
    }
}
