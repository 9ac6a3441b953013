import MotionCore

// MARK: - Phase animations

extension SwiftUICodegen {
    /// The `Phase` enum (cases, per-phase values and animation), `body`, and the motion.
    func writePhases(_ w: inout SourceWriter, phases: [Phase]) {
        let properties = Self.phaseProperties(phases)
        let cases = Self.caseNames(phases, reserved: Set(properties.map(member)))
        let animationMember = properties.contains("animation") ? "stepAnimation" : "animation"
        w.line("/// The phases in playing order, each with its values and the animation into it.")
        w.block("enum Phase: CaseIterable {") { w in
            w.line("case " + cases.joined(separator: ", "))
            for p in properties {
                w.line("")
                w.block("var \(member(p)): Double {") { w in
                    // swift-format keeps `case` at the `switch`'s indentation.
                    w.line("switch self {")
                    for (k, phase) in phases.enumerated() {
                        let v = phase.values[p] ?? phases[0].values[p] ?? 0
                        w.line("case .\(cases[k]): \(SwiftLiteral.number(v))")
                    }
                    w.line("}")
                }
            }
            w.line("")
            w.line("/// The animation into this phase; nil: the step jumps.")
            w.block("var \(animationMember): Animation? {") { w in
                w.line("switch self {")
                for (k, phase) in phases.enumerated() {
                    if let animation = phase.animation {
                        w.chain(AnimationSpelling.phaseAnimation(animation), leading: "case .\(cases[k]): ")
                    } else {
                        w.line("case .\(cases[k]): nil")
                    }
                }
                w.line("}")
            }
        }
        w.line("")
        writeBody(&w)
        w.line("")
        w.line("@ViewBuilder")
        w.block("private func motion(_ content: Content) -> some View {") { w in
            let effects = ViewEffects(properties: properties) { "phase.\(member($0))" }
            writeReduceMotionSplit(&w) { w in
                writePhaseAnimator(&w, effects: effects, animation: "phase.\(animationMember)")
            } reduced: { w in
                switch effectiveReduceMotion {
                case .instant?:
                    // A triggered phase animator ends where it starts: phase 0's values.
                    let first = ViewEffects(properties: properties) { phases[0].values[$0].map(SwiftLiteral.number) ?? "0.0" }
                    w.line("// The end values (the first phase's), without motion.")
                    writeApplied(&w, subject: "content", first)
                case .crossfade?:
                    writeCrossfade(&w)
                case .shortened?:
                    w.line("// The same phases, each step 0.12 s without bounce.")
                    writePhaseAnimator(&w, effects: effects, animation: ".easeInOut(duration: \(SwiftLiteral.number(AnimationSpec.shortenedLength)))")
                case .static?, .none?, nil:
                    w.line("content")
                }
            }
        }
    }

    /// `content.phaseAnimator(Phase.allCases, trigger:) { … } animation: { … }`.
    func writePhaseAnimator(_ w: inout SourceWriter, effects: ViewEffects, animation: String) {
        let key = drive == .repeating ? "" : ", trigger: \(triggerExpression)"
        w.line("content")
        w.indented { w in
            w.block(".phaseAnimator(Phase.allCases\(key)) { view, phase in", close: "} animation: { phase in") { w in
                writeApplied(&w, subject: "view", effects)
            }
            w.indented { w in w.line(animation) }
            w.line("}")
        }
    }

    /// Property names in first-seen order across the phases.
    static func phaseProperties(_ phases: [Phase]) -> [String] {
        var seen: Set<String> = []
        var names: [String] = []
        for p in phases { for n in p.order where seen.insert(n).inserted { names.append(n) } }
        return names
    }

    /// Unique lower-camel case names from the phase names (`phase0`, … when a name has no letters).
    static func caseNames(_ phases: [Phase], reserved: Set<String>) -> [String] {
        var used: Set<String> = reserved.union(["allCases", "animation", "stepAnimation"])
        return phases.enumerated().map { k, phase in
            var name = SwiftIdentifier.memberName(phase.name) ?? "phase\(k)"
            if used.contains(name) { name = "phase\(k)" }
            var n = 2
            let base = name
            while used.contains(name) {
                name = "\(base)\(n)"
                n += 1
            }
            used.insert(name)
            return name
        }
    }
}
