import MotionCore

// MARK: - Implicit animations

extension SwiftUICodegen {
    /// The state an implicit animation keys on and the type name, chosen so the importer names
    /// the animation back as its id: `like-button-is-liked` → type `LikeButtonIs`, state
    /// `liked` (the importer's id is the type's kebab-case name, then the state's).
    static func implicitNames(id: String, trigger: Trigger) -> (typeName: String, state: String) {
        var eventName: String?
        if case .event(let name) = trigger { eventName = SwiftIdentifier.memberName(name) }
        let taken = [eventName, "trigger", "reduceMotion"].compactMap { $0 }
        if let split = booleanSplit(id), !taken.contains(split.state) { return split }
        if let dash = id.lastIndex(of: "-") {
            let head = String(id[..<dash]), tail = String(id[id.index(after: dash)...])
            if SwiftIdentifier.isIdentifier(tail), tail == tail.lowercased(), tail != eventName, tail != "trigger", tail != "reduceMotion" {
                let type = SwiftName.typeName(forID: head)
                if !type.hasPrefix("Motion") || head.hasPrefix("motion") { return (type, tail) }
            }
        }
        return (SwiftName.typeName(forID: id), eventName == "isOn" ? "isActive" : "isOn")
    }

    /// Words that start a Boolean state's name (`isFollowing`, `hasUnread`).
    static let booleanWords: Set<String> = ["is", "has", "was", "did", "can", "should", "will", "shows", "needs"]

    /// `follow-button-view-is-following` → `FollowButtonView` and `isFollowing`: the id cut before
    /// its last Boolean word, when the state's words (lower-case letters and digits, each starting
    /// with a letter) spell back to the id's tail and the head names a type of its own.
    static func booleanSplit(_ id: String) -> (typeName: String, state: String)? {
        let words = id.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard words.count >= 3, let cut = words.indices.dropFirst().dropLast().last(where: { booleanWords.contains(words[$0]) }) else { return nil }
        let tail = words[cut...]
        func plain(_ w: String) -> Bool {
            guard let first = w.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
            return w.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
        let head = words[..<cut].joined(separator: "-")
        guard words.allSatisfy(plain) else { return nil }
        let type = SwiftName.typeName(forID: head)
        guard !type.hasPrefix("Motion") || head.hasPrefix("motion") else { return nil }
        let state = tail.first! + tail.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return (type, state)
    }

    /// The name of the trigger property for an `event:NAME` trigger (`.onChange(of: NAME)` reads
    /// back as `event:NAME`); `trigger` otherwise.
    var implicitTriggerName: String {
        if case .event(let name) = animation.trigger, let member = SwiftIdentifier.memberName(name) { return member }
        return "trigger"
    }

    /// The state, the modifiers reading it, `.animation(_:value:)` and what turns the state on.
    func writeImplicit(_ w: inout SourceWriter, motion: ImplicitMotion) {
        let state = Self.implicitNames(id: animation.id, trigger: animation.trigger).state
        w.line("/// Turned on by the trigger; `.animation(_:value:)` animates the change.")
        w.line("@State private var \(state) = false")
        w.line("")
        // The animations as computed properties (the importer reads them there), each short.
        let main = "animation", reducedName = "reducedAnimation"
        w.line("/// The animation the spec gives.")
        w.block("private var \(main): Animation {") { w in w.chain(AnimationSpelling.implicitAnimation(motion.animation)) }
        let reducedAnimation = motion.reducedAnimation(under: animation.reduceMotion)
        if let reducedAnimation {
            w.line("")
            w.line("/// The animation played with Reduce Motion on.")
            w.block("private var \(reducedName): Animation {") { w in w.chain(AnimationSpelling.implicitAnimation(reducedAnimation)) }
        }
        w.line("")
        w.block("func body(content: Content) -> some View {") { w in
            w.line("content")
            w.indented { w in
                let isProgress = motion.values == [.progress]
                let rm = animation.reduceMotion
                let still: Set<String> =
                    switch rm {
                    case .static?: Set(motion.values.map(\.name))
                    case .crossfade?: Set(motion.values.map(\.name).filter { $0 != "opacity" })
                    default: []
                    }
                if !isProgress {
                    let byName = Dictionary(motion.values.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
                    let effects = ViewEffects(properties: motion.values.map(\.name)) { name in
                        "\(state) ? \(SwiftLiteral.number(byName[name]!.to)) : \(SwiftLiteral.number(byName[name]!.from))"
                    } still: { name in
                        still.contains(name) ? SwiftLiteral.number(byName[name]!.from) : nil
                    }
                    for m in effects.modifiers { w.call(m) }
                    if !effects.unapplied.isEmpty {
                        w.line(
                            "// No SwiftUI modifier shows " + effects.unapplied.map { "`\(SwiftLiteral.comment($0))`" }.joined(separator: ", ") + ".")
                    }
                } else {
                    w.line("// The spec names no values: apply `\(state)` to what should move.")
                }
                let animationText: String
                switch rm {
                case .instant?: animationText = "reduceMotion ? nil : \(main)"
                case .none?: animationText = "reduceMotion ? \(main) : \(main)"
                default: animationText = reducedAnimation == nil ? main : "reduceMotion ? \(reducedName) : \(main)"
                }
                w.line(".animation(\(animationText), value: \(state))")
                for line in implicitTriggerLines(state: state) { w.line(line) }
                switch haptics {
                case .none: break
                case .sensoryFeedback(let feedback): w.line(".sensoryFeedback(\(feedback), trigger: \(state))")
                case .player: w.line(".onChange(of: \(state)) { haptics.\(haptics.playCall(reduceMotion: "reduceMotion")) }")
                }
            }
        }
    }

    /// What turns the state on: a tap, the view's appearance, a drag, or a change of the trigger.
    func implicitTriggerLines(state: String) -> [String] {
        switch animation.trigger {
        case .tap: [".onTapGesture { \(state).toggle() }"]
        case .appear, .repeating: [".onAppear { \(state) = true }"]
        case .drag: [".gesture(DragGesture().onChanged { _ in \(state) = true })"]
        case .event, .scroll: [".onChange(of: \(implicitTriggerName)) { \(state).toggle() }"]
        }
    }
}
