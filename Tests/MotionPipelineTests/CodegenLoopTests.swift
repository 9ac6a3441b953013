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
        if !read.unpairedFeedback.isEmpty { problems.append("haptics without motion: \(read.unpairedFeedback.map { "\($0.kind) on \($0.trigger) (line \($0.line))" })") }
        let report = SpecCodeDiff.compare(screen: screen, spec: [spec], code: read.animations.map { ($0, "Generated.swift") })
        for d in report.differences { problems.append("diff: \(d.difference.property) \(d.difference.field): spec \(d.difference.spec), code \(d.difference.code)") }
        if !report.onlyInSpec.isEmpty || !report.onlyInCode.isEmpty {
            problems.append("diff pairs nothing: only in spec \(report.onlyInSpec.map(\.id)), only in code \(report.onlyInCode.map(\.id))")
        }
        // A layer animation of sampled code is compared as played, and says so.
        if spec.kind != "layer", target == .uikit, report.notes.isEmpty, report.onlyInSpec.isEmpty { problems.append("no note that the timeline was compared as played") }
        // A spec without haptic events (haptics off, nothing to mark) asks for none: the code
        // then fires none, and feedback-missing is the spec's own finding, not the code's.
        let plays = try !HapticPlanner().plan(MotionAnalyzer().analyze(spec.timeline()), settings: spec.haptics, cues: spec.cues).pattern.events.isEmpty
        for code in read.animations where code.screen == screen {
            let faults = try BudgetEvaluator().evaluate(code.spec, screen: screen).filter {
                Self.codeHapticRules.contains($0.rule) && $0.verdict != .pass && (plays || $0.rule != "feedback-missing")
            }
            for f in faults { problems.append("budget: \(f.rule) \(f.value) \(f.verdict.rawValue): \(f.message ?? "")") }
        }
        return problems.isEmpty ? [] : problems + ["--- \(target.rawValue) code:\n" + generated.text]
    }

    // MARK: Variants

    /// A tap-like keyframe animation: a pop with a spring, a hold, a settle (the heart of issue 45).
    static func keyframes(_ id: String, trigger: Trigger) -> AnimationSpec.Motion {
        .keyframes(initial: [NamedValue("scale", 1), NamedValue("opacity", 1)], tracks: [
            KeyframeTrack(property: "scale", keyframes: [.spring(to: 1.3, duration: 0.14, spring: Spring(duration: 0.3, bounce: 0.3)),
                                                          .linear(to: 1.3, duration: 0.12), .spring(to: 1, duration: 0.3, spring: Spring(duration: 0.3))]),
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
        return .implicit(ImplicitMotion(animation: ImplicitAnimation(run, repetition: repeating ? .forever(autoreverses: true) : .once),
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
                        let motion: AnimationSpec.Motion = switch kind {
                        case "keyframes": keyframes(kind, trigger: trigger)
                        case "phases": phases()
                        default: implicit(repeating: trigger == .repeating)
                        }
                        let id = "\(kind)-\(haptics ? "buzz" : "still")-rm\(k)-\(trigger.description.replacingOccurrences(of: ":", with: "-"))"
                        out.append(AnimationSpec(id: id, trigger: trigger, reduceMotion: rm, motion: motion,
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

    @Test("a spec that differs from the generated code is still found different, on both targets")
    func differencesStillShow() throws {
        let spec = AnimationSpec(id: "like-heart", trigger: .tap, motion: Self.keyframes("k", trigger: .tap))
        var other = spec
        other.motion = .keyframes(initial: [NamedValue("scale", 1), NamedValue("opacity", 1)], tracks: [
            KeyframeTrack(property: "scale", keyframes: [.spring(to: 1.5, duration: 0.14, spring: Spring(duration: 0.3, bounce: 0.3)),
                                                          .linear(to: 1.5, duration: 0.12), .spring(to: 1, duration: 0.3, spring: Spring(duration: 0.3))]),
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
                for member in x.memberBlock.members { if let f = member.decl.as(FunctionDeclSyntax.self) { names.append("\(x.extendedType.trimmedDescription).\(f.name.text)") } }
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
            try Data("{ \"specVersion\": 1, \"screen\": \"\(screen)\", \"animations\": [\(ids.map(keyframes).joined(separator: ","))] }".utf8).write(to: url)
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
                try SwiftSourceImporter().extract(source: String(contentsOf: out.appendingPathComponent(file), encoding: .utf8), file: file).animations.map { ($0, file) }
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
        other.motion = .keyframes(initial: [NamedValue("scale", 1)], tracks: [KeyframeTrack(property: "scale", keyframes: [.linear(to: 2, duration: 0.3)])], repeating: false)
        let code = folder.appendingPathComponent("Code")
        try FileManager.default.createDirectory(at: code, withIntermediateDirectories: true)
        try Data(MotionCodegen().generate(other, screen: "Like", origin: CodegenOrigin(file: "x", revision: "r")).text.utf8).write(to: code.appendingPathComponent("Like.swift"))
        let specFile = folder.appendingPathComponent("Like.json")
        try Data("""
        { "specVersion": 1, "screen": "Like", "animations": [ { "id": "like-heart", "kind": "keyframes", "trigger": "tap", "initial": { "scale": 1 },
          "tracks": { "scale": [ { "type": "linear", "to": 1.3, "duration": 0.3 } ] } } ] }
        """.utf8).write(to: specFile)
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
            answers.append(report.differences.map { "\($0.id) \($0.difference.property) \($0.difference.field) \($0.difference.spec) \($0.difference.code)" })
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
            let text = try MotionCodegen(target: target).generate(spec, screen: "Feed\u{202E}", origin: CodegenOrigin(file: "a\u{2028}.json", revision: "r")).text
            let bad = text.unicodeScalars.filter { [0x202E, 0x2028, 0x2029, 0x2066, 0x202D, 0x200F, 0x85].contains($0.value) }
            #expect(bad.isEmpty, "\(target): \(bad.map { String($0.value, radix: 16) })")
            #expect(text.contains("\\u{202e}"), "\(target): the character is shown, escaped")
        }
    }

    @Test("a long Boolean implicit id is cut before its Boolean word: FollowButtonView and isFollowing")
    func longNames() throws {
        let spec = AnimationSpec(id: "follow-button-view-is-following", trigger: .tap,
                                 motion: .implicit(ImplicitMotion(animation: ImplicitAnimation(PhaseAnimation(.bezier(.easeOut, duration: 0.2))),
                                                                  values: [ImplicitValue("scale", from: 1, to: 1.1)])))
        let g = try MotionCodegen().generate(spec, screen: "Profile", origin: CodegenOrigin(file: "p.json", revision: "r"))
        #expect(g.typeName == "FollowButtonView")
        #expect(g.text.contains("@State private var isFollowing = false"))
        let read = try SwiftSourceImporter().extract(source: g.text, file: "G.swift")
        #expect(read.animations.map(\.spec.id) == ["follow-button-view-is-following"], "the reader names it back")
    }
}
