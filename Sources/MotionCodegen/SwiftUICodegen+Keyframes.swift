import MotionCore

// MARK: - Keyframe animations

extension SwiftUICodegen {
    /// The `AnimationValues` struct, `body`, and the motion with its Reduce Motion fallback.
    func writeKeyframes(_ w: inout SourceWriter, initial: [NamedValue], tracks: [KeyframeTrack]) {
        let properties = Self.propertyOrder(initial: initial, tracks: tracks)
        let start = Dictionary(initial.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        w.line("/// The animated values (rotation in degrees; x and y in points).")
        w.block("struct AnimationValues {") { w in
            for p in properties { w.line("var \(member(p)): Double = \(SwiftLiteral.number(start[p] ?? 0))") }
        }
        if drive == .scrub {
            w.line("")
            w.line("/// The timeline, \(SwiftLiteral.number(animationDuration)) s long.")
            w.block("static let timeline = KeyframeTimeline(initialValue: AnimationValues()) {") { w in
                writeTracks(&w, tracks)
            }
        }
        w.line("")
        writeBody(&w)
        w.line("")
        w.line("@ViewBuilder")
        w.block("private func motion(_ content: Content) -> some View {") { w in
            let effects = ViewEffects(properties: properties) { "value.\(member($0))" }
            if drive == .scrub {
                w.line("let value = Self.timeline.value(time: time)")
            }
            writeReduceMotionSplit(&w) { w in
                switch drive {
                case .scrub:
                    writeApplied(&w, subject: "content", effects)
                case .external, .appear, .repeating, .own:
                    let key = drive == .repeating ? "repeating: true" : "trigger: \(triggerExpression)"
                    w.line("content")
                    w.indented { w in
                        w.block(".keyframeAnimator(initialValue: AnimationValues(), \(key)) { view, value in", close: "} keyframes: { _ in") { w in
                            writeApplied(&w, subject: "view", effects)
                        }
                        w.indented { w in writeTracks(&w, tracks) }
                        w.line("}")
                    }
                }
            } reduced: { w in
                writeKeyframeFallback(&w, properties: properties, start: start, tracks: tracks)
            }
        }
    }

    /// The Swift member for a property: the property itself when it is an identifier, else its
    /// spelling, distinct among the animation's properties (`SwiftIdentifier.members`).
    func member(_ property: String) -> String {
        members[property] ?? SwiftIdentifier.memberName(property) ?? "value"
    }

    /// Each animated property's member (`member(_:)`). O(properties).
    var members: [String: String] {
        switch animation.motion {
        case .keyframes(let initial, let tracks, _): SwiftIdentifier.members(of: Self.propertyOrder(initial: initial, tracks: tracks))
        case .phases(let phases): SwiftIdentifier.members(of: Self.phaseProperties(phases))
        case .implicit, .layer: [:]
        }
    }

    /// Initial values' names, then the tracks' names not among them, in written order.
    static func propertyOrder(initial: [NamedValue], tracks: [KeyframeTrack]) -> [String] {
        var seen: Set<String> = []
        var names: [String] = []
        for n in initial.map(\.name) + tracks.map(\.property) where seen.insert(n).inserted { names.append(n) }
        return names
    }

    /// One `KeyframeTrack` per property with its keyframes as written.
    func writeTracks(_ w: inout SourceWriter, _ tracks: [KeyframeTrack]) {
        for track in tracks {
            w.block("KeyframeTrack(\\.\(member(track.property))) {") { w in
                for k in track.keyframes { w.call(Self.keyframe(k)) }
            }
        }
    }

    /// A keyframe as SwiftUI writes it: `SpringKeyframe(1.28, duration: 0.18, spring: .snappy)`.
    static func keyframe(_ k: Keyframe) -> SwiftCall {
        let n: (Double) -> SwiftCall.Argument = { .atom(SwiftLiteral.number($0)) }
        func labeled(_ label: String, _ v: Double) -> SwiftCall.Argument { .atom("\(label): \(SwiftLiteral.number(v))") }
        switch k {
        case .move(let to):
            return SwiftCall("MoveKeyframe", [n(to)])
        case .linear(let to, let d, let curve):
            var arguments = [n(to), labeled("duration", d)]
            if curve != .linear { arguments.append(AnimationSpelling.unitCurve(curve).labeled("timingCurve")) }
            return SwiftCall("LinearKeyframe", arguments)
        case .cubic(let to, let d, let v0, let v1):
            var arguments = [n(to), labeled("duration", d)]
            if let v0 { arguments.append(labeled("startVelocity", v0)) }
            if let v1 { arguments.append(labeled("endVelocity", v1)) }
            return SwiftCall("CubicKeyframe", arguments)
        case .spring(let to, let d, let spring, let v0):
            var arguments = [n(to)]
            if let d { arguments.append(labeled("duration", d)) }
            arguments.append(SpringSpelling.springValue(spring).labeled("spring"))
            if let v0 { arguments.append(labeled("startVelocity", v0)) }
            return SwiftCall("SpringKeyframe", arguments)
        }
    }

    /// `subject` with the modifiers that show the values (and a comment for the rest).
    func writeApplied(_ w: inout SourceWriter, subject: String, _ effects: ViewEffects) {
        w.line(subject)
        w.indented { w in
            for m in effects.modifiers { w.call(m) }
        }
        if !effects.unapplied.isEmpty {
            w.line(
                "// No SwiftUI modifier shows " + effects.unapplied.map { "`\(SwiftLiteral.comment($0))`" }.joined(separator: ", ")
                    + "; read it from the values.")
        }
    }

    /// `if reduceMotion { fallback } else { motion }`, or the motion alone when it plays anyway.
    func writeReduceMotionSplit(_ w: inout SourceWriter, motion: (inout SourceWriter) -> Void, reduced: (inout SourceWriter) -> Void) {
        guard needsReduceMotion else {
            motion(&w)
            return
        }
        w.block("if reduceMotion {", close: "} else {") { w in reduced(&w) }
        w.indented { w in motion(&w) }
        w.line("}")
    }

    /// What plays under Reduce Motion for a keyframe animation.
    func writeKeyframeFallback(_ w: inout SourceWriter, properties: [String], start: [String: Double], tracks: [KeyframeTrack]) {
        switch effectiveReduceMotion {
        case .instant?:
            // The values the keyframes end at, shown without motion.
            var end = start
            for t in tracks { if let last = t.keyframes.last { end[t.property] = last.to } }
            let effects = ViewEffects(properties: properties) { SwiftLiteral.number(end[$0] ?? 0) }
            w.line("// The end values, without motion.")
            writeApplied(&w, subject: "content", effects)
        case .crossfade?:
            writeCrossfade(&w)
        case .shortened?:
            w.line("// 0.12 s without bounce: half the furthest excursion, then the end value.")
            let effects = ViewEffects(properties: properties) { "value.\(member($0))" }
            w.line("content")
            w.indented { w in
                w.block(
                    ".keyframeAnimator(initialValue: AnimationValues(), trigger: \(triggerExpression)) { view, value in",
                    close: "} keyframes: { _ in"
                ) { w in
                    writeApplied(&w, subject: "view", effects)
                }
                w.indented { w in
                    // MotionCore's one definition, which budget checks and diff compares too.
                    if case .keyframes(_, let short, _)? = try? animation.shortenedMotion() { writeTracks(&w, short) }
                }
                w.line("}")
            }
        case .static?, .none?, nil:
            w.line("content")
        }
    }

    /// A 0.1 s opacity dip to 0.6 and a 0.15 s return, on the trigger (the crossfade fallback).
    func writeCrossfade(_ w: inout SourceWriter) {
        w.line("// A short opacity dip instead of the motion.")
        w.line("content")
        w.indented { w in
            w.block(".keyframeAnimator(initialValue: 1.0, trigger: \(triggerExpression)) { view, opacity in", close: "} keyframes: { _ in") { w in
                w.line("view.opacity(opacity)")
            }
            w.indented { w in
                w.line("LinearKeyframe(0.6, duration: 0.1, timingCurve: .easeOut)")
                w.line("LinearKeyframe(1.0, duration: 0.15, timingCurve: .easeIn)")
            }
            w.line("}")
        }
    }
}
