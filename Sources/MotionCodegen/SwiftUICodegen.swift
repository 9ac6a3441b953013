import MotionCore

// MARK: - SwiftUICodegen

/// Writes the SwiftUI source that plays one animation: a `ViewModifier` named after the
/// animation's id (`heart-pulse` → `HeartPulse`, which the importer reads back as
/// `heart-pulse`), marked with `// motionsync: screen=SCREEN trigger=TRIGGER`, and a `View` extension
/// (`.heartPulse(trigger:)`) to apply it.
///
/// - keyframes: `keyframeAnimator(initialValue:trigger:)` (or `repeating: true`) with one
///   `KeyframeTrack` per property over an `AnimationValues` struct; `scroll` and `drag`
///   triggers scrub a `KeyframeTimeline` by a time in seconds instead;
/// - phases: `phaseAnimator(_:trigger:)` over a generated phase enum whose properties hold each
///   phase's values and animation (none: the step jumps);
/// - implicit: `.animation(_:value:)` on a Boolean state the trigger turns on.
///
/// Reduce Motion (`@Environment(\.accessibilityReduceMotion)`) plays the spec's fallback:
/// `static` (no motion), `instant` (the end values, no motion), `crossfade` (a short opacity dip
/// instead of the motion), `shortened` (0.12 s, no bounce); `none` or no fallback plays the
/// motion as written. Haptics: `HapticCode`.
struct SwiftUICodegen {
    let animation: AnimationSpec
    let screen: String
    let typeName: String
    let haptics: HapticCode

    /// The code's trigger plumbing.
    enum Drive: Equatable {
        /// The caller passes an `Equatable` value; a change plays the animation.
        case external
        /// A `@State` the modifier turns on in `.onAppear`.
        case appear
        /// Loops for as long as the view is shown.
        case repeating
        /// The caller passes a time in seconds: a `KeyframeTimeline` scrubbed by scroll or drag.
        case scrub
        /// The modifier starts it itself (an implicit animation on a tap, a drag or appearing).
        case own
    }

    var drive: Drive {
        switch animation.motion {
        case .keyframes:
            if animation.isRepeating { return .repeating }
            switch animation.trigger {
            case .appear: return .appear
            case .scroll, .drag: return .scrub
            default: return .external
            }
        case .phases:
            if animation.isRepeating { return .repeating }
            return animation.trigger == .appear ? .appear : .external
        case .implicit, .layer:
            switch animation.trigger {
            case .event, .scroll: return .external
            default: return .own
            }
        }
    }

    /// The generic parameter clause and the stored trigger property, by drive.
    var isGeneric: Bool { drive == .external }

    /// The stored trigger's name: `trigger`, or an implicit animation's event name.
    var triggerProperty: String {
        if case .implicit = animation.motion { return implicitTriggerName }
        return "trigger"
    }

    /// What the animator keys on: `trigger`, `appeared`.
    var triggerExpression: String { drive == .appear ? "appeared" : "trigger" }

    // MARK: Whole file

    /// The declarations (after the header and imports).
    func declarations() -> String {
        var w = SourceWriter()
        // The screen and the trigger, which the modifier's `trigger` parameter cannot show.
        w.line("// motionsync: screen=\(SwiftLiteral.comment(screen)) trigger=\(SwiftLiteral.comment(animation.trigger.description))")
        for line in summary() { w.line("/// \(line)") }
        let generic = isGeneric ? "<Trigger: Equatable>" : ""
        w.block("struct \(typeName)\(generic): ViewModifier {") { w in
            writeStoredProperties(&w)
            switch animation.motion {
            case .keyframes(let initial, let tracks, _): writeKeyframes(&w, initial: initial, tracks: tracks)
            case .phases(let phases): writePhases(&w, phases: phases)
            case .implicit(let motion): writeImplicit(&w, motion: motion)
            case .layer: break
            }
        }
        w.line("")
        writeExtension(&w)
        if case .player(let playback) = haptics {
            w.line("")
            HapticPlayerCode.write(&w, name: hapticsTypeName, playback: playback)
        }
        return w.text
    }

    var hapticsTypeName: String { typeName + "Haptics" }

    /// The doc comment: what plays, when, and what Reduce Motion and haptics do.
    func summary() -> [String] {
        var lines = ["\(screen)/\(animation.id) (\(animation.kind)): " + whenText + "."]
        if let component = animation.component { lines.append("Component: \(component).") }
        if let notes = animation.notes { lines.append("Notes: \(notes)") }
        lines.append("Reduce Motion: " + reduceMotionText + ".")
        lines = lines.map(SwiftLiteral.comment)
        return lines + UIKitCodegen.wrap("Haptics: " + haptics.summary, width: 96)
    }

    var whenText: String {
        switch drive {
        case .external: "plays each time `trigger` changes (\(animation.trigger))"
        case .appear: "plays once when the view appears"
        case .repeating: "loops while the view is shown"
        case .own: "plays on \(animation.trigger)"
        case .scrub: "follows `time`, in seconds, as the \(animation.trigger) moves it"
        }
    }

    var reduceMotionText: String {
        switch effectiveReduceMotion {
        case nil: "not given; the motion plays as written"
        case .none?: "none; the motion plays as written"
        case .static?: "static; the view stays still"
        case .instant?: "instant; the view takes its end values without motion"
        case .crossfade?: "crossfade; a short opacity dip replaces the motion"
        case .shortened?: "shortened; a 0.12 s version without bounce"
        }
    }

    /// The fallback the code plays: a looping or scrubbed motion has no shortened or crossfade
    /// version (a 0.12 s loop would flicker; a scrubbed one follows the finger): static instead.
    var effectiveReduceMotion: ReduceMotion? {
        guard let rm = animation.reduceMotion else { return nil }
        if case .implicit = animation.motion { return rm }
        if drive == .repeating || drive == .scrub, rm == .crossfade || rm == .shortened { return .static }
        if drive == .scrub, rm == .instant { return .static }
        return rm
    }

    // MARK: Stored properties

    func writeStoredProperties(_ w: inout SourceWriter) {
        switch drive {
        case .external:
            w.line("/// Changing it plays the animation (\(SwiftLiteral.comment(animation.trigger.description))).")
            w.line("var \(triggerProperty): Trigger")
        case .scrub:
            w.line("/// Seconds into the timeline (0 … \(SwiftLiteral.number(animationDuration))), set by the \(animation.trigger).")
            w.line("var time: Double")
        case .appear, .repeating, .own:
            break
        }
        if drive == .appear { w.line("@State private var appeared = false") }
        if needsReduceMotion { w.line("@Environment(\\.accessibilityReduceMotion) private var reduceMotion") }
        if case .player = haptics { w.line("@State private var haptics = \(hapticsTypeName)()") }
        w.line("")
    }

    var needsReduceMotion: Bool {
        if case .implicit(let motion) = animation.motion {
            return animation.reduceMotion != nil || motion.reduceMotionAnimation != nil
        }
        guard let rm = effectiveReduceMotion else { return false }
        return rm != .none
    }

    /// The timeline's length in seconds (one cycle for a loop).
    var animationDuration: Double { (try? animation.timeline().duration) ?? 0 }

    // MARK: Body

    /// `func body(content:)`: the motion, then the trigger plumbing and haptics.
    func writeBody(_ w: inout SourceWriter) {
        let tail = bodyTail()
        w.block("func body(content: Content) -> some View {") { w in
            if tail.isEmpty {
                w.line("motion(content)")
            } else {
                w.line("motion(content)")
                w.indented { w in for line in tail { w.line(line) } }
            }
        }
    }

    /// The modifiers after the motion: `.onAppear`, `.sensoryFeedback`, the haptic player's start.
    func bodyTail() -> [String] {
        var lines: [String] = []
        let plays: Bool = if case .player = haptics { true } else { false }
        // The pattern starts in the handler that plays the motion, so the reader pairs the two.
        let play = "haptics." + haptics.playCall(reduceMotion: "reduceMotion")
        if drive == .appear { lines += plays ? [".onAppear {", "  appeared = true", "  \(play)", "}"] : [".onAppear { appeared = true }"] }
        switch haptics {
        case .none: break
        case .sensoryFeedback(let feedback): lines.append(".sensoryFeedback(\(feedback), trigger: \(triggerExpression))")
        case .player:
            switch drive {
            case .external: lines.append(".onChange(of: trigger) { \(play) }")
            case .repeating: lines += [".onAppear { \(play) }", ".onDisappear { haptics.stop() }"]
            case .appear, .scrub, .own: break
            }
        }
        return lines
    }

    // MARK: Extension

    func writeExtension(_ w: inout SourceWriter) {
        let function = SwiftName.functionName(forType: typeName)
        w.block("extension View {") { w in
            switch drive {
            case .external:
                w.line("/// Plays \(SwiftLiteral.comment(screen))/\(SwiftLiteral.comment(animation.id)) each time `trigger` changes.")
                w.block("func \(function)(\(triggerProperty): some Equatable) -> some View {") { w in
                    w.line("modifier(\(typeName)(\(triggerProperty): \(triggerProperty)))")
                }
            case .scrub:
                w.line("/// Shows \(SwiftLiteral.comment(screen))/\(SwiftLiteral.comment(animation.id)) at `time` seconds.")
                w.block("func \(function)(time: Double) -> some View {") { w in
                    w.line("modifier(\(typeName)(time: time))")
                }
            case .appear, .repeating, .own:
                w.line("/// Plays \(SwiftLiteral.comment(screen))/\(SwiftLiteral.comment(animation.id)).")
                w.block("func \(function)() -> some View {") { w in
                    w.line("modifier(\(typeName)())")
                }
            }
        }
    }
}
