import MotionCodegen
import MotionCore
import MotionJSON
import MotionStore
import MotionSwiftSourceModel

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - SpecCodeDiff

/// Where the Swift code and the designer's spec disagree (what `motionsync diff` computes and
/// prints): animations matched by id, then component, then the id the importer gives the
/// component's type; differences per keyframe, phase or layer field; what is only on one side.
public enum SpecCodeDiff {
    // MARK: Reading both sides

    /// The two sides of a diff: the spec (`target` is a spec file, or a screen in the store) and
    /// the animations of the Swift code at `code` (a file or a folder), with their files.
    /// Unresolved values in the code are written to `io` as `motionsync: unresolved (file:line): …`.
    /// - Throws: `CLIError.rejected` for a spec or Swift file that cannot be read, a screen that
    ///   is not in the store, or a toolchain without Apple's parser; `CLIError.store` (exit 3).
    /// `reader` reads the Swift files (Apple's parser in the `motionsync-swift` process by default).
    public static func read(
        target: String, code: String, globals: GlobalOptions, io: CommandIO,
        reader: any SwiftSourceReading = SwiftReaderProcess.beside()
    ) throws
        -> (screen: String, animations: [AnimationSpec], sources: [String: String], code: [(animation: SwiftSourceAnimation, file: String)])
    {
        // The spec side: a file, or a screen in the store.
        let screen: String
        let animations: [AnimationSpec]
        var sources: [String: String] = [:] // spec id → the file it is written in
        if PathKind.of(io.resolve(path: target)) == .file {
            let spec = try AnimationResolver(io: io, globals: globals).loadSpec(target)
            screen = spec.screen
            animations = spec.animations
            for a in animations { sources[a.id] = target }
        } else {
            let store = try StoreAccess.open(globals, io: io)
            do {
                // The spec side only: animations the store read from Swift are the code's side,
                // read from `code` itself (comparing them with themselves would find nothing).
                let all = try store.inventory(InventoryFilter(screen: target))
                let rows = all.filter { !$0.source.lowercased().hasSuffix(".swift") }
                if rows.isEmpty, !all.isEmpty {
                    throw CLIError.rejected(
                        what: "no spec for the screen", place: target,
                        why: "\(store.path) holds only animations read from Swift for it, "
                            + "and diff compares code with a spec; import the screen's spec, or name the spec file")
                }
                let stored = try rows.compactMap { try store.animation(screen: $0.screen, id: $0.id) }
                animations = stored.map(\.spec)
                for a in stored { sources[a.spec.id] = a.source }
            } catch let error as StoreError { throw CLIError.store(place: store.path, why: error.description) }
            guard !animations.isEmpty else {
                let screens = (try? ScreenScope.screens(in: store)) ?? []
                throw CLIError.rejected(
                    what: "no such screen", place: target,
                    why: "neither a spec file nor a screen in \(store.path)"
                        + ScreenScope.suggestion(for: target, in: screens) + "; import the specs first or name a spec file")
            }
            screen = target
        }
        // The code side.
        let files = try SpecImporter.collect([code], io: io).filter { $0.path.hasSuffix(".swift") }
        let candidates = files.compactMap { file -> SwiftSourceText? in
            guard let data = FileManager.default.contents(atPath: file.path), SwiftSourceScan.mayContainAnimator([UInt8](data)) else { return nil }
            return SwiftSourceText(file: file.display, bytes: [UInt8](data))
        }
        // No parser at hand: said of the code path, as when there is nothing to parse (then the
        // reader is asked; otherwise its answer says so, without starting it twice).
        if candidates.isEmpty, let why = reader.unavailableReason() { throw CLIError.rejected(what: "cannot read Swift", place: code, why: why) }
        let results = reader.read(candidates)
        for case .failure(.unavailable(let why)) in results { throw CLIError.rejected(what: "cannot read Swift", place: code, why: why) }
        var found: [(animation: SwiftSourceAnimation, file: String)] = []
        for (source, read) in zip(candidates, results) {
            let result: SwiftSourceResult
            switch read {
            case .success(let r): result = r
            case .failure(let error): throw CLIError.rejected(what: "cannot read Swift", place: source.file, why: "\(error)")
            }
            for issue in result.unresolved { io.err("motionsync: unresolved (\(issue.file):\(issue.line)): \(issue.what)") }
            found += result.animations.map { ($0, source.file) }
        }
        return (screen, animations, sources, found)
    }

    /// The comparison of a spec's animations with the code's.
    public struct Report: Sendable {
        /// Each difference with the code's place (`file:line`: the unreadable value's line, else the animator's).
        public var differences: [(screen: String, id: String, difference: AnimationDiff.Difference, source: String)] = []
        /// The differences that are unreadable code (they fail --strict like any other).
        public var unreadable: Int { differences.filter { $0.difference.field == "unreadable" }.count }
        public var onlyInSpec: [(screen: String, id: String)] = []
        public var onlyInCode: [(screen: String, id: String, source: String)] = []
        /// Spec animations that two or more code animations fit equally well (`AnimationPairing`):
        /// none is picked, so none is compared; each candidate with its `file:line`.
        public var ambiguous: [(screen: String, id: String, candidates: [(screen: String, id: String, source: String)])] = []
        /// How a pair was compared, when not field by field (Core Animation code of a keyframe,
        /// phase or implicit spec: by the timeline it plays, `PlayedTimelineDiff`).
        public var notes: [String] = []
        public var isEmpty: Bool { differences.isEmpty && onlyInSpec.isEmpty && onlyInCode.isEmpty && ambiguous.isEmpty }
    }

    /// Matches (`AnimationPairing`, the rule `inventory` links by) and compares. `code` are the
    /// animations found in the sources with their files.
    public static func compare(screen: String, spec: [AnimationSpec], code: [(animation: SwiftSourceAnimation, file: String)]) -> Report {
        var report = Report()
        let matches = AnimationPairing.pair(
            screen: screen, spec: spec.map { AnimationPairing.Candidate(screen: screen, spec: $0) },
            code: code.map { AnimationPairing.Candidate(screen: $0.animation.screen, spec: $0.animation.spec) })
        var matched: [Int: Int] = [:]
        var candidates = Set<Int>()
        for (i, match) in matches {
            switch match {
            case .paired(let k): matched[i] = k
            case .ambiguous(let ks): candidates.formUnion(ks)
            }
        }
        var used = Set(matched.values)
        for (i, animation) in spec.enumerated() {
            if case .ambiguous(let ks)? = matches[i] {
                report.ambiguous.append(
                    (
                        screen, animation.id,
                        ks.map { (code[$0].animation.screen, code[$0].animation.spec.id, "\(code[$0].file):\(code[$0].animation.line)") }
                    ))
                continue
            }
            guard let match = matched[i] else {
                report.onlyInSpec.append((screen, animation.id))
                continue
            }
            let found = code[match]
            let differences: [AnimationDiff.Difference]
            if animation.kind != "layer", found.animation.spec.kind == "layer" {
                differences = PlayedTimelineDiff.compare(spec: animation, code: found.animation.spec)
                report.notes.append(PlayedTimelineDiff.note(screen: screen, id: animation.id))
            } else {
                differences = AnimationDiff.compare(spec: animation, code: found.animation.spec, unreadable: found.animation.unreadable)
            }
            let fallback = reduceMotionDifference(spec: animation, code: found.animation.spec).map { [$0] } ?? []
            for d in differences + fallback {
                report.differences.append((screen, animation.id, d, "\(found.file):\(d.codeLine ?? found.animation.line)"))
            }
        }
        // A candidate of an ambiguous match is listed with it, not as only in the code.
        used.formUnion(candidates)
        for (k, c) in code.enumerated() where !used.contains(k) && c.animation.screen == screen {
            report.onlyInCode.append((c.animation.screen, c.animation.spec.id, "\(c.file):\(c.animation.line)"))
        }
        return report
    }

    // MARK: Reduce Motion

    /// The Reduce Motion fallback of a keyframe, phase or layer animation when its code shows
    /// another than the spec asks for (implicit animations compare theirs in `AnimationDiff`).
    /// Code can show: no branch (nothing given), one that stands still (`static`; a jump to the end
    /// values reads the same, so `instant` is met by it), an opacity dip (`crossfade`) or a shorter
    /// motion (`shortened`). A loop has no crossfade or shortened version of its own and stands
    /// still instead, as `codegen` writes it. Not compared for a keyframe timeline scrubbed by
    /// scroll or drag: the reader does not read the Reduce Motion branch around where its values
    /// are applied, so what the code does there is not known.
    static func reduceMotionDifference(spec: AnimationSpec, code: AnimationSpec) -> AnimationDiff.Difference? {
        guard spec.kind != "implicit", !(spec.kind == "keyframes" && (spec.trigger == .scroll || spec.trigger == .drag)) else { return nil }
        let asked = spec.reduceMotion == ReduceMotion.none ? nil : spec.reduceMotion
        let shown = code.reduceMotion == ReduceMotion.none ? nil : code.reduceMotion
        var met: Set<ReduceMotion?> = [asked]
        if asked == .instant { met.insert(.static) }
        let standsStill = spec.isRepeating || spec.trigger == .scroll || spec.trigger == .drag
        if asked == .crossfade || asked == .shortened, standsStill || (asked == .shortened && (try? spec.shortenedMotion()) == nil) {
            met.insert(.static)
        }
        guard !met.contains(shown) else { return nil }
        return AnimationDiff.Difference(
            property: "", field: "reduceMotion", spec: asked?.rawValue ?? "not given", code: shown?.rawValue ?? "not given", codeLine: nil)
    }

    // MARK: CI formats

    /// `file:line` → a SARIF location.
    public static func location(_ place: String) -> SARIFLog.Location {
        if let colon = place.lastIndex(of: ":"), let line = Int(place[place.index(after: colon)...]) {
            return SARIFLog.Location(path: String(place[..<colon]), line: line)
        }
        return SARIFLog.Location(path: place)
    }

    /// SARIF 2.1.0: one error per difference (at the code's line, the spec's place related),
    /// per animation only in the spec (at the spec) and per animation only in the code.
    public static func sarif(_ r: Report, sources: [String: String], locator: SpecLocator) -> SARIFLog {
        var log = SARIFLog(rules: [
            .init(
                id: "drift", summary: "the code differs from the spec",
                full: "A keyframe, phase or animation field of the Swift code differs from the designer's spec.", level: .error),
            .init(
                id: "renamed", summary: "a property has another name in the code",
                full: "A property of the spec is animated under another name in the code (paired by meaning, values and position).", level: .error),
            .init(
                id: "unreadable", summary: "the code could not be read here",
                full:
                    "A keyframe, phase value or phase animation is written with a value that is not a literal, so it cannot be compared with the spec.",
                level: .error),
            .init(
                id: "only-in-spec", summary: "an animation of the spec is not in the code",
                full: "The spec defines an animation that no animator in the code matches.", level: .error),
            .init(
                id: "only-in-code", summary: "an animator of the code is not in the spec",
                full: "An animator on the spec's screen matches no animation of the spec.", level: .error),
            .init(
                id: "ambiguous", summary: "several animators of the code fit one animation of the spec",
                full: "Two or more animators fit an animation of the spec equally well, so none is paired with it or compared.", level: .error),
        ])
        for d in r.differences {
            let rule = ["renamed", "unreadable"].contains(d.difference.field) ? d.difference.field : "drift"
            let property = d.difference.property.isEmpty ? "" : " \(d.difference.property)"
            let message =
                "\(d.screen)/\(d.id)\(property): \(d.difference.field) is \(d.difference.spec) in the spec, \(d.difference.code) in the code"
            var related: [SARIFLog.Location] = []
            if let source = sources[d.id] {
                var spec = locator.location(path: source, id: d.id, tokens: SpecLocator.tokens(forDiffProperty: d.difference.property))
                spec.message = "the spec's \(d.difference.property.isEmpty ? d.id : d.difference.property)"
                related.append(spec)
            }
            log.results.append(.init(ruleID: rule, level: .error, message: message, location: location(d.source), related: related))
        }
        for s in r.onlyInSpec {
            log.results.append(
                .init(
                    ruleID: "only-in-spec", level: .error, message: "\(s.screen)/\(s.id) is in the spec but not in the code",
                    location: sources[s.id].map { locator.location(path: $0, id: s.id) }))
        }
        for a in r.ambiguous {
            log.results.append(
                .init(
                    ruleID: "ambiguous", level: .error, message: "\(a.screen)/\(a.id): \(ambiguityText(a.candidates))",
                    location: sources[a.id].map { locator.location(path: $0, id: a.id) }, related: a.candidates.map { location($0.source) }))
        }
        for c in r.onlyInCode {
            log.results.append(
                .init(
                    ruleID: "only-in-code", level: .error, message: "\(c.screen)/\(c.id) is in the code but not in the spec",
                    location: location(c.source)))
        }
        return log
    }

    /// JUnit XML: a passing case per spec animation without differences, a failure per
    /// difference and per animation on one side only (what --strict counts).
    public static func junit(_ r: Report, screen: String, matched: [String]) -> JUnitReport {
        var cases: [JUnitReport.Case] = []
        for id in matched
        where !r.differences.contains(where: { $0.id == id }) && !r.onlyInSpec.contains(where: { $0.id == id })
            && !r.ambiguous.contains(where: { $0.id == id })
        {
            cases.append(.init(name: "matches the spec", className: "\(screen)/\(id)"))
        }
        for d in r.differences {
            cases.append(
                .init(
                    name: "\(d.difference.property.isEmpty ? "-" : d.difference.property) \(d.difference.field)", className: "\(d.screen)/\(d.id)",
                    failure: "\(d.difference.field): spec \(d.difference.spec), code \(d.difference.code) (\(d.source))"))
        }
        for s in r.onlyInSpec {
            cases.append(.init(name: "only in the spec", className: "\(s.screen)/\(s.id)", failure: "no animator in the code matches it"))
        }
        for a in r.ambiguous {
            cases.append(.init(name: "ambiguous", className: "\(a.screen)/\(a.id)", failure: ambiguityText(a.candidates)))
        }
        for c in r.onlyInCode {
            cases.append(.init(name: "only in the code", className: "\(c.screen)/\(c.id)", failure: "not in the spec (\(c.source))"))
        }
        return JUnitReport(suite: "motionsync diff", cases: cases)
    }

    public static func json(_ r: Report) -> JSONValue {
        .object(
            JSONObject([
                (
                    "differences",
                    .array(
                        r.differences.map { d in
                            .object(
                                JSONObject([
                                    ("screen", .string(d.screen)), ("id", .string(d.id)), ("property", .string(d.difference.property)),
                                    ("field", .string(d.difference.field)), ("spec", .string(d.difference.spec)),
                                    ("code", .string(d.difference.code)),
                                    ("source", .string(d.source)),
                                ]))
                        })
                ),
                ("onlyInSpec", .array(r.onlyInSpec.map { .object(JSONObject([("screen", .string($0.screen)), ("id", .string($0.id))])) })),
                (
                    "onlyInCode",
                    .array(
                        r.onlyInCode.map {
                            .object(JSONObject([("screen", .string($0.screen)), ("id", .string($0.id)), ("source", .string($0.source))]))
                        })
                ),
                ("notes", .array(r.notes.map(JSONValue.string))),
                ("ambiguous", .array(r.ambiguous.map(ambiguityJSON))),
            ]))
    }

    /// `{"screen","id","candidates":[{"screen","id","source"}]}`.
    static func ambiguityJSON(_ a: (screen: String, id: String, candidates: [(screen: String, id: String, source: String)])) -> JSONValue {
        .object(
            JSONObject([
                ("screen", .string(a.screen)), ("id", .string(a.id)),
                (
                    "candidates",
                    .array(
                        a.candidates.map {
                            .object(JSONObject([("screen", .string($0.screen)), ("id", .string($0.id)), ("source", .string($0.source))]))
                        })
                ),
            ]))
    }

    /// What an ambiguous match says: the candidates, and how to pick one.
    static func ambiguityText(_ candidates: [(screen: String, id: String, source: String)], escaped e: (String) -> String = { $0 }) -> String {
        "\(candidates.count) animators of the code fit it equally well ("
            + candidates.map { "\(e($0.screen))/\(e($0.id)) at \(e($0.source))" }.joined(separator: ", ")
            + "), so none is compared; give the spec the id or component of the one that plays it"
    }

    public static func table(_ r: Report, screen: String) -> String {
        // Names come from files: escaped (`TerminalText`) like the table's cells.
        let e: (String) -> String = TerminalText.escaped
        var out = r.notes.map { "note: \(e($0))\n" }.joined()
        if r.isEmpty { return out + "\(e(screen)): the code matches the spec\n" }
        if !r.differences.isEmpty {
            // CODE AT: the line in the code to change (the keyframe's own line where it has one).
            out += TextTable(
                header: ["ANIMATION", "PROPERTY", "FIELD", "SPEC", "CODE", "CODE AT"],
                rows: r.differences.map {
                    [
                        "\($0.screen)/\($0.id)", $0.difference.property.isEmpty ? "-" : $0.difference.property, $0.difference.field,
                        $0.difference.spec,
                        $0.difference.code, $0.source,
                    ]
                }
            ).render()
        }
        for s in r.onlyInSpec { out += "only in the spec: \(e(s.screen))/\(e(s.id))\n" }
        for c in r.onlyInCode { out += "only in the code: \(e(c.screen))/\(e(c.id)) (\(e(c.source)))\n" }
        for a in r.ambiguous { out += "ambiguous: \(e(a.screen))/\(e(a.id)): \(ambiguityText(a.candidates, escaped: e))\n" }
        out +=
            "\(r.differences.count) difference\(r.differences.count == 1 ? "" : "s"), \(r.onlyInSpec.count) only in the spec, \(r.onlyInCode.count) only in the code"
            + (r.ambiguous.isEmpty ? "" : ", \(r.ambiguous.count) ambiguous") + "\n"
        return out
    }
}
