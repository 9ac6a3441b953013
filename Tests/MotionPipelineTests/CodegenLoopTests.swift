import Foundation
import MotionBudget
import MotionCodegen
import MotionCore
import MotionHaptics
import MotionPipeline
import MotionSwiftSource
import MotionSwiftSourceModel
import MotionTestSupport
import Testing

// MARK: - spec → codegen (SwiftUI and UIKit) → read back → diff and budget

/// The loop `codegen` promises to close: for every example spec and for generated variants
/// (keyframes, phases, implicit × haptics on/off × Reduce Motion on/off × triggers), the code of
/// each target, read back by the Swift reader, is what `diff` pairs with the spec and finds no
/// difference in, and what `budget` finds no haptic fault in: no haptic without motion, no
/// missing haptic, no haptic out of sync.
@Suite("codegen closes the loop: diff finds nothing and budget no haptic fault, on both targets")
struct CodegenLoopTests {
    /// The rules about haptics the code fires, which generated code must never trip.
    static let codeHapticRules: Set<String> = ["feedback-sync", "feedback-missing"]

    /// One loop: the problems found (empty: none), with the generated text for the failure message.
    static func loop(_ spec: AnimationSpec, screen: String, target: CodegenTarget) throws -> [String] {
        let generated = try MotionCodegen(target: target).generate(spec, screen: screen, origin: CodegenOrigin(file: "Loop.json", revision: "r"))
        let read = try SwiftSourceImporter().extract(source: generated.text, file: "Generated.swift")
        var problems: [String] = []
        if !read.unpairedFeedback.isEmpty {
            problems.append("haptics without motion: \(read.unpairedFeedback.map { "\($0.kind) on \($0.trigger) (line \($0.line))" })")
        }
        let report = SpecCodeDiff.compare(screen: screen, spec: [spec], code: read.animations.map { ($0, "Generated.swift") })
        for d in report.differences {
            problems.append("diff: \(d.difference.property) \(d.difference.field): spec \(d.difference.spec), code \(d.difference.code)")
        }
        if !report.onlyInSpec.isEmpty || !report.onlyInCode.isEmpty {
            problems.append("diff pairs nothing: only in spec \(report.onlyInSpec.map(\.id)), only in code \(report.onlyInCode.map(\.id))")
        }
        // A layer animation of sampled code is compared as played, and says so.
        if spec.kind != "layer", target == .uikit, report.notes.isEmpty, report.onlyInSpec.isEmpty {
            problems.append("no note that the timeline was compared as played")
        }
        // A spec without haptic events (haptics off, nothing to mark) asks for none: the code
        // then fires none, and feedback-missing is the spec's own finding, not the code's.
        let plays = try !HapticPlanner().plan(MotionAnalyzer().analyze(spec.timeline()), settings: spec.haptics, cues: spec.cues).pattern.events
            .isEmpty
        for code in read.animations where code.screen == screen {
            let faults = try BudgetEvaluator().evaluate(code.spec, screen: screen).filter {
                Self.codeHapticRules.contains($0.rule) && $0.verdict != .pass && (plays || $0.rule != "feedback-missing")
            }
            for f in faults { problems.append("budget: \(f.rule) \(f.value) \(f.verdict.rawValue): \(f.message ?? "")") }
        }
        problems += try hapticTimingProblems(spec, text: generated.text)
        return problems.isEmpty ? [] : problems + ["--- \(target.rawValue) code:\n" + generated.text]
    }

    // MARK: Haptics per Reduce Motion setting

    /// The AHAP resource the generated code plays with Reduce Motion off (`false`) and on
    /// (`true`), read from its text; nil: none. `.sensoryFeedback` plays the animation's own
    /// pattern either way (named "").
    static func playedResources(_ text: String) -> [Bool: String] {
        func quoted(after marker: String, in line: Substring) -> String? {
            guard let r = line.range(of: marker) else { return nil }
            return line[r.upperBound...].split(separator: "\"").first.map(String.init)
        }
        let lines = text.split(separator: "\n")
        if lines.contains(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(".sensoryFeedback(") }) { return [false: "", true: ""] }
        if lines.contains(where: { $0.contains("let name = reduceMotion ? Self.reducedResource : Self.resource") }) {
            let full = lines.lazy.compactMap { quoted(after: "static let resource = \"", in: $0) }.first
            let reduced = lines.lazy.compactMap { quoted(after: "static let reducedResource = \"", in: $0) }.first
            return [false: full ?? "?", true: reduced ?? "?"]
        }
        guard let resource = lines.lazy.compactMap({ quoted(after: "forResource: \"", in: $0) }).first else { return [:] }
        if text.contains("if reduceMotion { return }") { return [false: resource] }
        if text.contains("if !reduceMotion { return }") { return [true: resource] }
        return [false: resource, true: resource]
    }

    /// The times a haptic event of `spec` may sit at with Reduce Motion `on`, worked out from the
    /// timeline that plays then, by MotionCore's analysis (not by the planner): its peaks,
    /// impacts, snaps and the starts of its interior holds, and (the motion as written) the
    /// spec's own haptic cues and pins; nil: only the trigger (a fallback that plays no motion of
    /// its own).
    static func allowedTimes(_ spec: AnimationSpec, reduceMotion on: Bool) throws -> [Double]? {
        var timeline = try spec.timeline()
        var own = spec.cues.filter(\.isHapticCue).map(\.time) + (spec.haptics?.pins.map(\.time) ?? [])
        if on, let rm = spec.reduceMotion, rm != .none {
            guard rm == .shortened, let short = try spec.shortenedTimeline() else { return nil }
            timeline = short
            own = []
        }
        let a = MotionAnalyzer().analyze(timeline)
        return a.peaks.map(\.time) + a.impacts.map(\.time) + a.snaps.map(\.time) + a.holds.filter { $0.position == .interior }.map(\.start) + own
    }

    /// Where a haptic the generated code plays under either Reduce Motion setting is not on a
    /// moment of the motion that plays then (`allowedTimes`).
    static func hapticTimingProblems(_ spec: AnimationSpec, text: String) throws -> [String] {
        let full = HapticPlanner().plan(MotionAnalyzer().analyze(try spec.timeline()), settings: spec.haptics, cues: spec.cues)
        let reduced = try HapticPlanner().reducedMotionPlan(for: spec, full: full)
        var problems: [String] = []
        for (on, resource) in playedResources(text) {
            let plan = resource.hasSuffix(".reduce-motion") ? try #require(reduced, "a Reduce Motion file without a Reduce Motion plan") : full
            let allowed = try allowedTimes(spec, reduceMotion: on)
            for event in plan.pattern.events {
                let fits =
                    allowed.map { times in times.contains { abs($0 - event.time) < 1e-6 } }
                    ?? (event.time <= HapticPlanner.triggerTolerance && !plan.isLooping)
                if !fits {
                    problems.append(
                        "Reduce Motion \(on ? "on" : "off"): a \(event.kind) haptic at \(event.time) s from \(resource.isEmpty ? ".sensoryFeedback" : resource) is on no moment of what plays (\(allowed.map { "\($0.sorted())" } ?? "only the trigger"))"
                    )
                }
            }
        }
        return problems
    }

    // MARK: Variants

    /// A tap-like keyframe animation: a pop with a spring, a hold, a settle (the heart of issue 45).
    static func keyframes(_ id: String, trigger: Trigger) -> AnimationSpec.Motion {
        .keyframes(
            initial: [NamedValue("scale", 1), NamedValue("opacity", 1)],
            tracks: [
                KeyframeTrack(
                    property: "scale",
                    keyframes: [
                        .spring(to: 1.3, duration: 0.14, spring: Spring(duration: 0.3, bounce: 0.3)),
                        .linear(to: 1.3, duration: 0.12), .spring(to: 1, duration: 0.3, spring: Spring(duration: 0.3)),
                    ]),
                KeyframeTrack(property: "opacity", keyframes: [.linear(to: 0.6, duration: 0.1, curve: .easeOut), .linear(to: 1, duration: 0.2)]),
            ], repeating: trigger == .repeating)
    }

    static func phases() -> AnimationSpec.Motion {
        .phases([
            Phase(name: "rest", values: [("scale", 1), ("rotation", 0)], animation: nil),
            Phase(name: "pop", values: [("scale", 1.25), ("rotation", -8)], animation: PhaseAnimation(.spring(Spring(duration: 0.25, bounce: 0.2)))),
            Phase(name: "settle", values: [("scale", 1), ("rotation", 0)], animation: PhaseAnimation(.bezier(.easeInOut, duration: 0.2))),
        ])
    }

    static func implicit(repeating: Bool) -> AnimationSpec.Motion {
        let run = PhaseAnimation(.spring(Spring(duration: 0.4, bounce: 0.25)))
        return .implicit(
            ImplicitMotion(
                animation: ImplicitAnimation(run, repetition: repeating ? .forever(autoreverses: true) : .once),
                values: [ImplicitValue("scale", from: 1, to: 1.2), ImplicitValue("opacity", from: 0.5, to: 1)]))
    }

    /// keyframes, phases, implicit × haptics on/off × Reduce Motion (none, each fallback) × triggers.
    static func variants() -> [AnimationSpec] {
        var out: [AnimationSpec] = []
        let fallbacks: [ReduceMotion?] = [nil, .shortened, .static, .crossfade, .instant, ReduceMotion.none]
        let triggers: [Trigger] = [.tap, .appear, .event("saved"), .repeating]
        for kind in ["keyframes", "phases", "implicit"] {
            for haptics in [true, false] {
                for (k, rm) in fallbacks.enumerated() {
                    for trigger in triggers {
                        let motion: AnimationSpec.Motion =
                            switch kind {
                            case "keyframes": keyframes(kind, trigger: trigger)
                            case "phases": phases()
                            default: implicit(repeating: trigger == .repeating)
                            }
                        let id = "\(kind)-\(haptics ? "buzz" : "still")-rm\(k)-\(trigger.description.replacingOccurrences(of: ":", with: "-"))"
                        out.append(
                            AnimationSpec(
                                id: id, trigger: trigger, reduceMotion: rm, motion: motion,
                                haptics: haptics ? nil : HapticSettings(enabled: false)))
                    }
                }
            }
        }
        return out
    }

    @Test("every example spec and 144 variants (kinds × haptics × Reduce Motion × triggers): both targets close the loop")
    func everySpecBothTargets() throws {
        var cases: [(screen: String, spec: AnimationSpec)] = []
        for spec in try BundledSpecs.decoded() { cases += spec.animations.map { (spec.screen, $0) } }
        let examples = cases.count
        cases += Self.variants().map { ("Loop", $0) }
        var failures: [String] = []
        var checked = 0
        for (screen, spec) in cases {
            for target in CodegenTarget.allCases {
                if target == .swiftui, spec.kind == "layer" { continue }
                let problems = try Self.loop(spec, screen: screen, target: target)
                checked += 1
                if !problems.isEmpty { failures.append("\(screen)/\(spec.id) --target \(target.rawValue):\n" + problems.joined(separator: "\n")) }
            }
        }
        #expect(examples >= 20)
        #expect(checked >= examples + 2 * 144, "\(checked)")
        let summary = failures.map { $0.split(separator: "\n").prefix(2).joined(separator: " | ") }.joined(separator: "\n")
        #expect(failures.isEmpty, "\(failures.count) of \(checked) failed:\n\(summary)\nfirst:\n\(failures.prefix(1).joined())")
    }

    @Test("200 seeded random specs (keyframes, phases, implicit; haptics; every Reduce Motion fallback): both targets close the loop")
    func randomSpecsBothTargets() throws {
        var random = RandomSpecs(seed: 45)
        let specs = (0..<200).map { random.animation(index: $0) }.filter { (try? $0.timeline()) != nil }
        var failures: [String] = []
        var shortened = 0
        for spec in specs {
            if spec.reduceMotion == .shortened, try spec.shortenedTimeline() != nil { shortened += 1 }
            for target in CodegenTarget.allCases {
                // Core Animation's own conventions are the diff's to handle: a move at 0 s shows
                // from its second key, a loop's end is its next start (compared by their limits
                // on each side), and a duration of 0 is 0.25 s (no-length motions are written 1 ns
                // long).
                let problems = try Self.loop(spec, screen: "Random", target: target).filter { !$0.hasPrefix("--- ") }
                let header = "Random/\(spec.id) (reduceMotion \(spec.reduceMotion?.rawValue ?? "-")) --target \(target.rawValue): "
                if !problems.isEmpty { failures.append(header + problems.joined(separator: " | ")) }
            }
        }
        #expect(specs.count > 190 && shortened > 15, "\(specs.count) specs, \(shortened) with a shortened version")
        #expect(failures.isEmpty, "\(failures.count) of \(2 * specs.count) failed:\n\(failures.prefix(10).joined(separator: "\n"))")
    }

    @Test("Reduce Motion: the haptic lands on the shortened motion's peak, from its own AHAP file, on both targets")
    func reducedHapticsFollowTheMotion() throws {
        // The heart of issue 45: a pop with a spring, a hold, a settle; shortened with Reduce Motion.
        let pop = KeyframeTrack(
            property: "scale",
            keyframes: [
                .spring(to: 1.3, duration: 0.14, spring: Spring(duration: 0.3, bounce: 0.3)),
                .linear(to: 1.3, duration: 0.12), .spring(to: 1, duration: 0.3, spring: Spring(duration: 0.3)),
            ])
        let spec = AnimationSpec(
            id: "like-heart", trigger: .tap, reduceMotion: .shortened,
            motion: .keyframes(initial: [NamedValue("scale", 1)], tracks: [pop], repeating: false))
        // The shortened version: scale to half its furthest excursion (1.3 → 1.15) in 0.06 s eased
        // out, back in 0.06 s: its one peak is at 0.06 s.
        let shortPeaks = try MotionAnalyzer().analyze(#require(try spec.shortenedTimeline())).peaks.map(\.time)
        #expect(shortPeaks.contains { abs($0 - 0.06) < 1e-9 }, "\(shortPeaks)")
        for target in CodegenTarget.allCases {
            let g = try MotionCodegen(target: target).generate(spec, screen: "Like", origin: CodegenOrigin(file: "Like.json", revision: "r"))
            #expect(g.hapticFiles == ["Like--like-heart.ahap", "Like--like-heart.reduce-motion.ahap"], "\(target): \(g.hapticFiles)")
            let played = Self.playedResources(g.text)
            #expect(played[true] == "Like--like-heart.reduce-motion" && played[false] == "Like--like-heart", "\(target): \(played)")
            #expect(try Self.hapticTimingProblems(spec, text: g.text).isEmpty)
        }
        let full = HapticPlanner().plan(MotionAnalyzer().analyze(try spec.timeline()), settings: nil)
        let reduced = try #require(try HapticPlanner().reducedMotionPlan(for: spec, full: full))
        #expect(reduced.pattern.events.map(\.time) == [0.06], "\(reduced.pattern.events)")
        #expect(full.pattern.events.allSatisfy { $0.time > 0.12 }, "the full motion's haptics come after the shortened motion has ended")
        // The UIKit target plays the shortened motion itself (0.12 s, its own key frames).
        let uikit = try MotionCodegen(target: .uikit).generate(spec, screen: "Like", origin: CodegenOrigin(file: "Like.json", revision: "r")).text
        #expect(uikit.contains("if UIAccessibility.isReduceMotionEnabled {") && uikit.contains("reducedGroup.duration = 0.12"))
    }

    @Test("Reduce Motion static, instant, crossfade: only a haptic at the trigger stays; a loop keeps none")
    func stillFallbacksKeepTriggerHaptics() throws {
        // A snap at the start (a move keyframe) and a peak later.
        let motion = AnimationSpec.Motion.keyframes(
            initial: [NamedValue("scale", 1)],
            tracks: [
                KeyframeTrack(
                    property: "scale", keyframes: [.move(to: 1.2), .linear(to: 1.5, duration: 0.2, curve: .easeOut), .linear(to: 1, duration: 0.2)])
            ], repeating: false)
        for rm in [ReduceMotion.static, .instant, .crossfade] {
            let spec = AnimationSpec(id: "a", trigger: .tap, reduceMotion: rm, motion: motion)
            let full = HapticPlanner().plan(MotionAnalyzer().analyze(try spec.timeline()), settings: nil)
            let reduced = try #require(try HapticPlanner().reducedMotionPlan(for: spec, full: full))
            #expect(full.pattern.events.count >= 2 && full.pattern.events.first?.time == 0, "\(full.pattern.events)")
            #expect(reduced.pattern.events.map(\.time) == [0], "\(rm): \(reduced.pattern.events)")
        }
        let loop = AnimationSpec(id: "l", trigger: .repeating, reduceMotion: .static, motion: Self.keyframes("k", trigger: .repeating))
        let loopPlan = HapticPlanner().plan(MotionAnalyzer().analyze(try loop.timeline()), settings: nil)
        #expect(try HapticPlanner().reducedMotionPlan(for: loop, full: loopPlan)?.planned.isEmpty == true)
        let none = AnimationSpec(id: "n", trigger: .tap, reduceMotion: ReduceMotion.none, motion: motion)
        #expect(try HapticPlanner().reducedMotionPlan(for: none, full: loopPlan) == nil, "none plays the motion as written")
    }

    @Test("the generated haptics are read as the animation's own: feedback known, nothing without motion")
    func hapticsArePaired() throws {
        let spec = AnimationSpec(id: "like-heart", trigger: .tap, reduceMotion: .shortened, motion: Self.keyframes("k", trigger: .tap))
        for target in CodegenTarget.allCases {
            let text = try MotionCodegen(target: target).generate(spec, screen: "Like", origin: CodegenOrigin(file: "Like.json", revision: "r")).text
            #expect(text.contains("CHHapticPattern(contentsOf:"), "a pattern player: \(target)")
            #expect(text.contains("static var bundle = Bundle.main") && text.contains("Self.bundle.url("), "the bundle is a parameter")
            let read = try SwiftSourceImporter().extract(source: text, file: "G.swift")
            #expect(read.unpairedFeedback.isEmpty, "\(read.unpairedFeedback)")
            let feedback = try #require(read.animations.first?.spec.feedback, "\(target)")
            #expect(feedback.map(\.kind) == ["core-haptics"], "\(target): \(feedback)")
        }
    }

    @Test("a phase property no SwiftUI modifier shows (`o`) is read back from the generated Phase enum: diff is clean on both targets")
    func unshownPhaseProperty() throws {
        let phases = AnimationSpec.Motion.phases([
            Phase(name: "rest", values: [("o", 1), ("scale", 1)], animation: nil),
            Phase(name: "dim", values: [("o", 0.2), ("scale", 1.1)], animation: PhaseAnimation(.bezier(.easeInOut, duration: 0.2))),
            Phase(name: "back", values: [("o", 0.7), ("scale", 1)], animation: PhaseAnimation(.spring(Spring(duration: 0.3, bounce: 0.1)))),
        ])
        let onlyO = AnimationSpec.Motion.phases([
            Phase(name: "a", values: [("o", 1)], animation: nil),
            Phase(name: "b", values: [("o", 0.25)], animation: PhaseAnimation(.bezier(.easeOut, duration: 0.3))),
        ])
        for (id, motion) in [("blink", phases), ("fade-o", onlyO)] {
            for rm in [nil, ReduceMotion.shortened] {
                let spec = AnimationSpec(id: id, trigger: .tap, reduceMotion: rm, motion: motion)
                for target in CodegenTarget.allCases {
                    let problems = try Self.loop(spec, screen: "Like", target: target)
                    #expect(problems.isEmpty, "\(id) \(target): \(problems.joined(separator: "\n"))")
                }
                // The values are read, not assumed: another `o` in the spec is a difference at that phase.
                guard case .phases(var changed) = motion else { continue }
                changed[1].values["o"] = 0.5
                let text = try MotionCodegen().generate(spec, screen: "Like", origin: CodegenOrigin(file: "x", revision: "r")).text
                let read = try SwiftSourceImporter().extract(source: text, file: "G.swift")
                var other = spec
                other.motion = .phases(changed)
                let report = SpecCodeDiff.compare(screen: "Like", spec: [other], code: read.animations.map { ($0, "G.swift") })
                #expect(
                    report.differences.map { "\($0.difference.property) \($0.difference.spec) \($0.difference.code)" } == ["phase 1.o 0.5 0.2"]
                        || id == "fade-o")
                #expect(
                    report.differences.map { "\($0.difference.property) \($0.difference.spec) \($0.difference.code)" } == ["phase 1.o 0.5 0.25"]
                        || id == "blink")
            }
        }
    }

    @Test("a hand-written phase enum: a member the animation closure reads is not a property; one no view reads is")
    func enumMembersNamedByTheAnimator() throws {
        let source = """
            import SwiftUI

            struct Pulse: View {
                @State private var n = 0
                enum Step: CaseIterable {
                    case a, b
                    var scale: Double { switch self { case .a: 1.0; case .b: 1.3 } }
                    var duration: Double { switch self { case .a: 0.2; case .b: 0.4 } }
                    var glow: Double { switch self { case .a: 0.0; case .b: 2.0 } }
                }
                var body: some View {
                    Circle().phaseAnimator(Step.allCases, trigger: n) { view, step in
                        view.scaleEffect(step.scale)
                    } animation: { step in .easeOut(duration: step.duration) }
                }
            }
            """
        let read = try SwiftSourceImporter().extract(source: source, file: "Pulse.swift")
        guard case .phases(let phases)? = read.animations.first?.spec.motion else {
            Issue.record("no phase animation: \(read.animations)")
            return
        }
        #expect(phases.map(\.order) == [["scale", "glow"], ["scale", "glow"]])
        #expect(phases.map { $0.values["glow"] } == [0, 2] && phases.map { $0.values["scale"] } == [1, 1.3])
    }

    @Test("a spec that differs from the generated code is still found different, on both targets")
    func differencesStillShow() throws {
        let spec = AnimationSpec(id: "like-heart", trigger: .tap, motion: Self.keyframes("k", trigger: .tap))
        var other = spec
        other.motion = .keyframes(
            initial: [NamedValue("scale", 1), NamedValue("opacity", 1)],
            tracks: [
                KeyframeTrack(
                    property: "scale",
                    keyframes: [
                        .spring(to: 1.5, duration: 0.14, spring: Spring(duration: 0.3, bounce: 0.3)),
                        .linear(to: 1.5, duration: 0.12), .spring(to: 1, duration: 0.3, spring: Spring(duration: 0.3)),
                    ]),
                KeyframeTrack(property: "opacity", keyframes: [.linear(to: 0.6, duration: 0.1, curve: .easeOut), .linear(to: 1, duration: 0.2)]),
            ], repeating: false)
        for target in CodegenTarget.allCases {
            let text = try MotionCodegen(target: target).generate(other, screen: "Like", origin: CodegenOrigin(file: "Like.json", revision: "r")).text
            let read = try SwiftSourceImporter().extract(source: text, file: "G.swift")
            let report = SpecCodeDiff.compare(screen: "Like", spec: [spec], code: read.animations.map { ($0, "G.swift") })
            #expect(report.onlyInSpec.isEmpty && report.onlyInCode.isEmpty, "paired: \(target)")
            #expect(report.differences.contains { $0.difference.property.hasPrefix("scale") }, "\(target): \(report.differences.map(\.difference))")
            #expect(!report.differences.contains { $0.difference.property.hasPrefix("opacity") }, "\(target)")
        }
    }
}

#if canImport(SwiftParser)
import SwiftParser
import SwiftSyntax

// MARK: - One module

@Suite("codegen --out: the files of one store compile as one module")
struct CodegenModuleTests {
    /// The top-level names a file declares: types, and the functions of its extensions.
    static func declared(_ text: String) -> [String] {
        var names: [String] = []
        for item in Parser.parse(source: text).statements {
            if let s = item.item.as(StructDeclSyntax.self) { names.append(s.name.text) }
            if let e = item.item.as(EnumDeclSyntax.self) { names.append(e.name.text) }
            if let c = item.item.as(ClassDeclSyntax.self) { names.append(c.name.text) }
            if let x = item.item.as(ExtensionDeclSyntax.self) {
                for member in x.memberBlock.members {
                    if let f = member.decl.as(FunctionDeclSyntax.self) { names.append("\(x.extendedType.trimmedDescription).\(f.name.text)") }
                }
            }
        }
        return names
    }

    @Test("same ids on two screens, ids differing in case, a type named like another's player: unique names and files")
    func uniqueNames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func keyframes(_ id: String) -> String {
            """
            { "id": "\(id)", "kind": "keyframes", "trigger": "tap", "initial": { "scale": 1 },
              "tracks": { "scale": [ { "type": "spring", "to": 1.3, "duration": 0.14 }, { "type": "linear", "to": 1, "duration": 0.3 } ] } }
            """
        }
        let specs = [("Feed", ["pulse", "Pulse", "pulse-haptics", "a-b", "aB"]), ("Home", ["pulse"]), ("feed", ["pulse"])]
        var paths: [String] = []
        for (screen, ids) in specs {
            let url = folder.appendingPathComponent("\(screen)-spec.json")
            try Data("{ \"specVersion\": 1, \"screen\": \"\(screen)\", \"animations\": [\(ids.map(keyframes).joined(separator: ","))] }".utf8).write(
                to: url)
            paths.append(url.path)
        }
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        _ = try importIntoStore(paths, folder: folder, io: io)
        for target in CodegenTarget.allCases {
            let out = folder.appendingPathComponent("Gen-\(target.rawValue)")
            let summary = try CodeGeneration(target: target, globals: storeOptions(folder)).writeStore(into: out.path, screen: nil, io: io)
            #expect(summary.written.count == 7 && summary.skipped.isEmpty, "\(summary)")
            let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
            #expect(Set(files.map { $0.lowercased() }).count == files.count, "files differing only in case: \(files.sorted())")
            var all: [String] = []
            for file in files { all += Self.declared(try String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)) }
            let repeated = Dictionary(grouping: all, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(target): declared twice: \(repeated)")
            #expect(all.count >= 7 * 2, "\(target): \(all)")
            // Read back, each file is still paired by diff with the spec it came from.
            let read = try files.flatMap { file in
                try SwiftSourceImporter().extract(source: String(contentsOf: out.appendingPathComponent(file), encoding: .utf8), file: file)
                    .animations.map { ($0, file) }
            }
            for (screen, ids) in specs {
                let spec = try #require(try BundledLoopSpecs.decode(folder.appendingPathComponent("\(screen)-spec.json")))
                let report = SpecCodeDiff.compare(screen: screen, spec: spec.animations, code: read)
                #expect(report.onlyInSpec.isEmpty, "\(target) \(screen): \(report.onlyInSpec.map(\.id)) of \(ids)")
            }
        }
    }
}
#endif

/// Decodes a spec file written by a test.
enum BundledLoopSpecs {
    static func decode(_ url: URL) throws -> MotionSpec? {
        let (io, _) = CommandIO.capture(currentDirectory: url.deletingLastPathComponent().path)
        return try AnimationResolver(io: io, globals: GlobalOptions()).loadSpec(url.path)
    }
}

@Suite("diff SCREEN and diff SPEC.json agree")
struct DiffFormsTests {
    @Test("the screen form compares the stored spec with the code, not the code with itself; a screen only code fills is refused")
    func screenAndFileAgree() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = AnimationSpec(id: "like-heart", trigger: .tap, motion: CodegenLoopTests.keyframes("k", trigger: .tap))
        var other = spec
        other.motion = .keyframes(
            initial: [NamedValue("scale", 1)], tracks: [KeyframeTrack(property: "scale", keyframes: [.linear(to: 2, duration: 0.3)])],
            repeating: false)
        let code = folder.appendingPathComponent("Code")
        try FileManager.default.createDirectory(at: code, withIntermediateDirectories: true)
        try Data(MotionCodegen().generate(other, screen: "Like", origin: CodegenOrigin(file: "x", revision: "r")).text.utf8).write(
            to: code.appendingPathComponent("Like.swift"))
        let specFile = folder.appendingPathComponent("Like.json")
        try Data(
            """
            { "specVersion": 1, "screen": "Like", "animations": [ { "id": "like-heart", "kind": "keyframes", "trigger": "tap", "initial": { "scale": 1 },
              "tracks": { "scale": [ { "type": "linear", "to": 1.3, "duration": 0.3 } ] } } ] }
            """.utf8
        ).write(to: specFile)
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        // A store with only the code: no spec to compare with, said so (not "no such screen").
        let codeOnly = folder.appendingPathComponent("CodeOnly")
        try FileManager.default.createDirectory(at: codeOnly, withIntermediateDirectories: true)
        _ = try importIntoStore([code.path], folder: codeOnly, io: io)
        do {
            _ = try SpecCodeDiff.read(target: "Like", code: code.path, globals: storeOptions(codeOnly), io: io)
            Issue.record("a screen of code alone was compared")
        } catch {
            #expect("\(error)".contains("only animations read from Swift"), "\(error)")
        }
        // The spec and the code in one store, as `import Specs Sources` leaves them.
        _ = try importIntoStore([specFile.path, code.path], folder: folder, io: io)
        var answers: [[String]] = []
        for target in ["Like", specFile.path] {
            let input = try SpecCodeDiff.read(target: target, code: code.path, globals: storeOptions(folder), io: io)
            let report = SpecCodeDiff.compare(screen: input.screen, spec: input.animations, code: input.code)
            answers.append(
                report.differences.map { "\($0.id) \($0.difference.property) \($0.difference.field) \($0.difference.spec) \($0.difference.code)" })
        }
        #expect(answers[0] == answers[1] && !answers[0].isEmpty, "\(answers)")
    }
}

@Suite("generated names and comments")
struct GeneratedNamesTests {
    @Test("bidi controls and line separators in names never reach the generated text; they show as escapes")
    func bidiEscaped() throws {
        let sneaky = "like\u{202E}evil\u{2028}line\u{2066}x\u{85}"
        var spec = AnimationSpec(id: "heart-" + sneaky, trigger: .event("tap\u{202D}"), motion: CodegenLoopTests.keyframes("k", trigger: .tap))
        spec.notes = "notes \u{2029} \u{200F}"
        for target in CodegenTarget.allCases {
            let text = try MotionCodegen(target: target).generate(
                spec, screen: "Feed\u{202E}", origin: CodegenOrigin(file: "a\u{2028}.json", revision: "r")
            ).text
            let bad = text.unicodeScalars.filter { [0x202E, 0x2028, 0x2029, 0x2066, 0x202D, 0x200F, 0x85].contains($0.value) }
            #expect(bad.isEmpty, "\(target): \(bad.map { String($0.value, radix: 16) })")
            #expect(text.contains("\\u{202e}"), "\(target): the character is shown, escaped")
        }
    }

    @Test("a long Boolean implicit id is cut before its Boolean word: FollowButtonView and isFollowing")
    func longNames() throws {
        let spec = AnimationSpec(
            id: "follow-button-view-is-following", trigger: .tap,
            motion: .implicit(
                ImplicitMotion(
                    animation: ImplicitAnimation(PhaseAnimation(.bezier(.easeOut, duration: 0.2))),
                    values: [ImplicitValue("scale", from: 1, to: 1.1)])))
        let g = try MotionCodegen().generate(spec, screen: "Profile", origin: CodegenOrigin(file: "p.json", revision: "r"))
        #expect(g.typeName == "FollowButtonView")
        #expect(g.text.contains("@State private var isFollowing = false"))
        let read = try SwiftSourceImporter().extract(source: g.text, file: "G.swift")
        #expect(read.animations.map(\.spec.id) == ["follow-button-view-is-following"], "the reader names it back")
    }
}

@Suite("export writes the Reduce Motion pattern the generated code plays")
struct ReducedPatternExportTests {
    @Test(
        "shortened: SCREEN--ID.reduce-motion.ahap holds the shortened motion's peak and the code of both targets loads it; static without an event at the trigger: no file, no haptic"
    )
    func reducedFileWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pop =
            #"[ { "type": "spring", "to": 1.3, "duration": 0.14, "spring": { "duration": 0.3, "bounce": 0.3 } }, { "type": "linear", "to": 1.3, "duration": 0.12 }, { "type": "spring", "to": 1.0, "duration": 0.3, "spring": { "duration": 0.3 } } ]"#
        let specFile = folder.appendingPathComponent("Like.json")
        try Data(
            """
            { "specVersion": 1, "screen": "Like", "animations": [
              { "id": "like-heart", "kind": "keyframes", "trigger": "tap", "reduceMotion": "shortened", "initial": { "scale": 1 }, "tracks": { "scale": \(pop) } },
              { "id": "still", "kind": "keyframes", "trigger": "tap", "reduceMotion": "static", "initial": { "scale": 1 }, "tracks": { "scale": \(pop) } } ] }
            """.utf8
        ).write(to: specFile)
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        _ = try importIntoStore([specFile.path], folder: folder, io: io)
        let summary = try PatternExport(out: "Haptics", globals: storeOptions(folder)).run(io: io)
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Haptics").path))
        #expect(written.isSuperset(of: ["Like--like-heart.ahap", "Like--like-heart.reduce-motion.ahap", "Like--still.ahap"]), "\(written)")
        #expect(!written.contains("Like--still.reduce-motion.ahap"), "static, and no event at the trigger: nothing to play")
        #expect(summary.written == 3, "\(summary.line)")
        // The file's event sits on the shortened motion's peak, found by MotionCore's analysis.
        let spec = try #require(try BundledLoopSpecs.decode(specFile)?.animations.first)
        let peaks = try MotionAnalyzer().analyze(#require(try spec.shortenedTimeline())).peaks.map(\.time)
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("Haptics/Like--like-heart.reduce-motion.ahap")))
        let events = try #require(AHAPDecoder().decode(bytes: bytes, file: "r.ahap").pattern).hapticEvents
        #expect(!events.isEmpty && events.allSatisfy { e in peaks.contains { abs($0 - e.time) < 1e-4 } }, "\(events.map(\.time)) vs peaks \(peaks)")
        // The code codegen --out writes loads exactly the files export wrote.
        for target in CodegenTarget.allCases {
            let out = folder.appendingPathComponent("Gen-\(target.rawValue)")
            _ = try CodeGeneration(target: target, globals: storeOptions(folder)).writeStore(into: out.path, screen: nil, io: io)
            let heart = CodegenLoopTests.playedResources(
                try String(contentsOf: out.appendingPathComponent("Like--like-heart.swift"), encoding: .utf8))
            #expect(heart == [false: "Like--like-heart", true: "Like--like-heart.reduce-motion"], "\(target): \(heart)")
            let still = CodegenLoopTests.playedResources(try String(contentsOf: out.appendingPathComponent("Like--still.swift"), encoding: .utf8))
            #expect(still == [false: "Like--still"], "\(target): \(still)")
            for resource in heart.values { #expect(written.contains(resource + ".ahap"), "\(target): \(resource)") }
        }
    }
}
