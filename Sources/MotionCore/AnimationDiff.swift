// MARK: - AnimationDiff

/// Where two definitions of one animation disagree (the designer's spec and the shipped code),
/// field by field. Numbers equal within 1e-9 count as equal. O(keyframes + phases), plus
/// O(t² · k) to pair t renamed tracks or phase values of k keyframes or phases.
///
/// Properties pair by name; those left over pair as renames (`field` "renamed"), by their values
/// first (same number of keyframes and values within 25 % on average), then by position when both
/// sides have the same number left. A keyframe, phase value or phase animation the code's reader
/// could not read (`Unreadable`) keeps its place, so later keyframes still pair with theirs; it is
/// reported as an `unreadable` difference with its source line.
public enum AnimationDiff {
    /// One disagreement: `field` of `property` (a track, a phase value, or the animation itself
    /// when `property` is empty) is `spec` in the spec and `code` in the code. `codeLine` is the
    /// 1-based source line of the code's side when known (unreadable entries).
    public struct Difference: Hashable, Sendable {
        public let property: String
        public let field: String
        public let spec: String
        public let code: String
        public var codeLine: Int?

        public init(property: String, field: String, spec: String, code: String, codeLine: Int? = nil) {
            self.property = property
            self.field = field
            self.spec = spec
            self.code = code
            self.codeLine = codeLine
        }
    }

    /// A part of the code's definition that could not be read (a non-literal value), in its
    /// written place: keyframe `index` of a track (counting every keyframe written, read or not),
    /// the value of a property in phase `phase`, or the animation into phase `phase`.
    public struct Unreadable: Hashable, Sendable, Codable {
        public enum Place: Hashable, Sendable, Codable {
            case keyframe(property: String, index: Int)
            case phaseValue(phase: Int, property: String)
            case phaseAnimation(phase: Int)
            /// A field of a layer animation (`duration`, `toValue`, `values[2]`, …) of `property`.
            case field(property: String, field: String)
        }

        public var place: Place
        /// 1-based source line.
        public var line: Int
        /// What was written there (shortened source text).
        public var code: String

        public init(place: Place, line: Int, code: String) {
            self.place = place
            self.line = line
            self.code = code
        }

        /// The same entry for a property renamed `from` → `to`.
        public func renamed(from: String, to: String) -> Unreadable {
            var copy = self
            switch place {
            case .keyframe(let p, let i) where p == from: copy.place = .keyframe(property: to, index: i)
            case .phaseValue(let k, let p) where p == from: copy.place = .phaseValue(phase: k, property: to)
            case .field(let p, let f) where p == from: copy.place = .field(property: to, field: f)
            default: break
            }
            return copy
        }
    }

    public static func compare(spec: AnimationSpec, code: AnimationSpec, unreadable: [Unreadable] = []) -> [Difference] {
        var out: [Difference] = []
        func add(_ property: String, _ field: String, _ a: String, _ b: String, line: Int? = nil) {
            out.append(Difference(property: property, field: field, spec: a, code: b, codeLine: line))
        }
        if spec.isRepeating != code.isRepeating { add("", "repeating", "\(spec.isRepeating)", "\(code.isRepeating)") }
        switch (spec.motion, code.motion) {
        case (.keyframes(let si, let st, _), .keyframes(let ci, let ct, _)):
            compareKeyframes(spec: (si, st), code: (ci, ct), unreadable: unreadable) { add($0, $1, $2, $3, line: $4) }
        case (.phases(let sp), .phases(let cp)):
            comparePhases(spec: sp, code: cp, unreadable: unreadable) { add($0, $1, $2, $3, line: $4) }
        case (.layer(let s), .layer(let c)):
            compareLayers(spec: s, code: c, unreadable: unreadable) { add($0, $1, $2, $3, line: $4) }
        case (.implicit(let sm), .implicit(let cm)):
            compareImplicit(spec: spec, sm, code: code, cm) { add($0, $1, $2, $3) }
        default:
            add("", "kind", spec.kind, code.kind)
        }
        return out
    }

    /// The differences between two keyframe animations: tracks paired by meaning (renamed ones
    /// reported), initial values, keyframe counts and each keyframe, unreadable ones in their places.
    static func compareKeyframes(
        spec: (initial: [NamedValue], tracks: [KeyframeTrack]), code: (initial: [NamedValue], tracks: [KeyframeTrack]), unreadable: [Unreadable],
        add report: (String, String, String, String, Int?) -> Void
    ) {
        func add(_ property: String, _ field: String, _ a: String, _ b: String, line: Int? = nil) { report(property, field, a, b, line) }
        func gap(_ u: Unreadable) -> String { "unreadable: `\(u.code)`" }
        let (si, st) = spec, (ci, ct) = code
        let specInitial = Dictionary(si.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        let codeInitial = Dictionary(ci.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        // The code's tracks as written: read keyframes and unreadable ones in their places. A
        // property with two tracks is said, and its first compared.
        var codeNames: [String] = []
        for name in ct.map(\.property) where !codeNames.contains(name) { codeNames.append(name) }
        for name in codeNames where ct.count(where: { $0.property == name }) > 1 {
            add(name, "track", "1 track", "\(ct.count(where: { $0.property == name })) tracks")
        }
        for u in unreadable { if case .keyframe(let p, _) = u.place, !codeNames.contains(p) { codeNames.append(p) } }
        let slots = Dictionary(
            uniqueKeysWithValues: codeNames.map { name in
                (name, writtenSlots(ct.first { $0.property == name }?.keyframes ?? [], name, unreadable))
            })
        // The member each spec property is written as in code (`a-b` → `aB`): that name is the
        // property itself, not a rename.
        var specOrder: [String] = []
        for name in si.map(\.name) + st.map(\.property) where !specOrder.contains(name) { specOrder.append(name) }
        let spelled = SwiftIdentifier.members(of: specOrder)
        let pairs = pair(
            st.map { ($0.property, $0.keyframes.map(\.to)) },
            codeNames.map { name in (name, slots[name]!.map { $0.keyframe?.to }) }, spelled: spelled)
        for track in st {
            guard let name = pairs[track.property] else {
                add(track.property, "track", "\(track.keyframes.count) keyframes", "absent")
                continue
            }
            // A single-value animator whose closure names nothing keeps `value`: no name to differ.
            if name != track.property && name != spelled[track.property] && !(name == "value" && codeNames.count == 1) {
                add(track.property, "renamed", track.property, name)
            }
            let written = slots[name]!
            let a = specInitial[track.property] ?? 0, b = codeInitial[name] ?? 0
            if !same(a, b) { add(track.property, "initial", number(a), number(b)) }
            if track.keyframes.count != written.count {
                add(track.property, "keyframes", "\(track.keyframes.count)", "\(written.count)")
            }
            for (k, (x, slot)) in zip(track.keyframes, written).enumerated() {
                switch slot {
                case .read(let y): compare(x, y, property: "\(track.property)[\(k)]") { add($0, $1, $2, $3) }
                case .unreadable(let u): add("\(track.property)[\(k)]", "unreadable", describe(x), gap(u), line: u.line)
                }
            }
            // Unreadable keyframes past the spec's last one are still listed.
            for (k, slot) in written.enumerated() where k >= track.keyframes.count {
                if case .unreadable(let u) = slot { add("\(track.property)[\(k)]", "unreadable", "absent", gap(u), line: u.line) }
            }
        }
        let pairedCode = Set(pairs.values)
        for name in codeNames where !pairedCode.contains(name) {
            let written = slots[name]!
            add(name, "track", "absent", "\(written.count) keyframes")
            for (k, slot) in written.enumerated() {
                if case .unreadable(let u) = slot { add("\(name)[\(k)]", "unreadable", "absent", gap(u), line: u.line) }
            }
        }
    }

    /// The differences between two phase animations: the phase count, properties paired by
    /// meaning across the phases (renamed ones reported), each phase's values and animation.
    static func comparePhases(
        spec sp: [Phase], code cp: [Phase], unreadable: [Unreadable], add report: (String, String, String, String, Int?) -> Void
    ) {
        func add(_ property: String, _ field: String, _ a: String, _ b: String, line: Int? = nil) { report(property, field, a, b, line) }
        func gap(_ u: Unreadable) -> String { "unreadable: `\(u.code)`" }
        if sp.count != cp.count { add("", "phases", "\(sp.count)", "\(cp.count)") }
        var valueGaps: [String: [Int: Unreadable]] = [:]
        var animationGaps: [Int: Unreadable] = [:]
        for u in unreadable {
            switch u.place {
            case .phaseValue(let k, let p): valueGaps[p, default: [:]][k] = u
            case .phaseAnimation(let k): animationGaps[k] = u
            case .keyframe, .field: break
            }
        }
        // Property names in first-seen order; each side's column of values across its phases.
        func names(_ phases: [Phase]) -> [String] {
            var seen: [String] = []
            for p in phases { for n in p.order where !seen.contains(n) { seen.append(n) } }
            return seen
        }
        func column(_ name: String, _ phases: [Phase]) -> [Double?] { phases.map { $0.values[name] ?? phases[0].values[name] } }
        var specNames = names(sp), codeNames = names(cp)
        for p in valueGaps.keys.sorted() where !codeNames.contains(p) { codeNames.append(p) }
        // (The member generated code writes for a name that is not an identifier is that name.)
        let spelled = SwiftIdentifier.members(of: specNames)
        let pairs = pair(
            specNames.map { ($0, column($0, sp)) },
            codeNames.map { n in
                (n, column(n, cp).enumerated().map { valueGaps[n]?[$0.offset] == nil ? $0.element : nil })
            }, spelled: spelled)
        for (specName, codeName) in pairs where specName != codeName && spelled[specName] != codeName { add(specName, "renamed", specName, codeName) }
        // Code-only names are compared under their own name, spec names under theirs.
        let renamedBack = Dictionary(uniqueKeysWithValues: pairs.map { ($0.value, $0.key) })
        for name in codeNames where renamedBack[name] == nil && !specNames.contains(name) { specNames.append(name) }
        for (k, (x, y)) in zip(sp, cp).enumerated() {
            for name in specNames {
                let codeName = pairs[name] ?? (codeNames.contains(name) && renamedBack[name] == nil ? name : nil)
                let a = x.values[name] ?? sp[0].values[name]
                if let codeName, let u = valueGaps[codeName]?[k] {
                    add("phase \(k).\(name)", "unreadable", a.map(number) ?? "absent", gap(u), line: u.line)
                    continue
                }
                let b = codeName.flatMap { y.values[$0] ?? cp[0].values[$0] }
                if let a, let b {
                    if !same(a, b) { add("phase \(k).\(name)", "value", number(a), number(b)) }
                } else if a != nil || b != nil {
                    add("phase \(k).\(name)", "value", a.map(number) ?? "absent", b.map(number) ?? "absent")
                }
            }
            if let u = animationGaps[k] {
                add("phase \(k)", "unreadable", describe(x.animation), gap(u), line: u.line)
                continue
            }
            let a = describe(x.animation), b = describe(y.animation)
            if a != b { add("phase \(k)", "animation", a, b) }
        }
    }

    // MARK: Written places

    /// A keyframe of the code as written: read, or unreadable.
    enum Slot {
        case read(Keyframe)
        case unreadable(Unreadable)
        var keyframe: Keyframe? { if case .read(let k) = self { k } else { nil } }
    }

    /// `read` keyframes of `property` with its unreadable ones put back in their written places.
    static func writtenSlots(_ read: [Keyframe], _ property: String, _ unreadable: [Unreadable]) -> [Slot] {
        var gaps: [Int: Unreadable] = [:]
        for u in unreadable { if case .keyframe(let p, let i) = u.place, p == property { gaps[i] = u } }
        var out: [Slot] = []
        var next = read.makeIterator()
        let total = read.count + gaps.count
        for i in 0..<total {
            if let u = gaps[i] { out.append(.unreadable(u)) } else if let k = next.next() { out.append(.read(k)) }
        }
        // Gaps written past the end (indices beyond the total) keep their order.
        for i in gaps.keys.sorted() where i >= total { out.append(.unreadable(gaps[i]!)) }
        return out
    }

    // MARK: Pairing

    /// Pairs spec names with code names: same name first, then the member `spelled` gives (what
    /// generated code writes for a name that is not an identifier); of the rest, those whose values agree
    /// (same count, mean relative difference ≤ 0.25; unreadable values, nil, are skipped), best
    /// first; then the rest by position when both sides have as many left. Spec name → code name.
    static func pair(
        _ spec: [(name: String, values: [Double?])], _ code: [(name: String, values: [Double?])], spelled: [String: String] = [:]
    ) -> [String: String] {
        var result: [String: String] = [:]
        for s in spec where code.contains(where: { $0.name == s.name }) { result[s.name] = s.name }
        // Then the member generated code writes for a name that is not an identifier (`a-b` → `aB`).
        for s in spec where result[s.name] == nil {
            if let member = spelled[s.name], code.contains(where: { $0.name == member }), !result.values.contains(member) { result[s.name] = member }
        }
        var leftSpec = spec.filter { result[$0.name] == nil }
        var leftCode = code.filter { c in !result.values.contains(c.name) }
        var candidates: [(cost: Double, s: String, c: String)] = []
        for s in leftSpec {
            for c in leftCode where s.values.count == c.values.count {
                let both = zip(s.values, c.values).compactMap { a, b -> Double? in
                    guard let a, let b else { return nil }
                    return abs(a - b) / max(1e-9, abs(a), abs(b))
                }
                guard !both.isEmpty else { continue }
                let cost = both.reduce(0, +) / Double(both.count)
                if cost <= 0.25 { candidates.append((cost, s.name, c.name)) }
            }
        }
        for candidate in candidates.sorted(by: { ($0.cost, $0.s, $0.c) < ($1.cost, $1.s, $1.c) })
        where result[candidate.s] == nil && !result.values.contains(candidate.c) {
            result[candidate.s] = candidate.c
        }
        leftSpec.removeAll { result[$0.name] != nil }
        leftCode.removeAll { c in result.values.contains(c.name) }
        if leftSpec.count == leftCode.count {
            for (s, c) in zip(leftSpec, leftCode) { result[s.name] = c.name }
        }
        return result
    }

    // MARK: Fields

    static func compare(_ x: Keyframe, _ y: Keyframe, property: String, _ add: (String, String, String, String) -> Void) {
        if x.typeName != y.typeName { add(property, "type", x.typeName, y.typeName) }
        if !same(x.to, y.to) { add(property, "value", number(x.to), number(y.to)) }
        let dx = duration(x), dy = duration(y)
        if dx.map(number) != dy.map(number) { add(property, "duration", dx.map(number) ?? "until settled", dy.map(number) ?? "until settled") }
        if case .spring(_, _, let a, _) = x, case .spring(_, _, let b, _) = y, describe(a) != describe(b) {
            add(property, "spring", describe(a), describe(b))
        }
        if case .linear(_, _, let a) = x, case .linear(_, _, let b) = y, a != b { add(property, "curve", a.description, b.description) }
    }

    static func duration(_ k: Keyframe) -> Double? {
        switch k {
        case .move: 0
        case .linear(_, let d, _), .cubic(_, let d, _, _): d
        case .spring(_, let d, _, _): d
        }
    }

    /// A keyframe in a few words: `spring to 1.28, 0.18 s`.
    static func describe(_ k: Keyframe) -> String {
        "\(k.typeName) to \(number(k.to))" + (duration(k).map { ", \(number($0)) s" } ?? ", until settled")
    }

    static func describe(_ s: Spring) -> String {
        "response \(number(s.response)), damping ratio \(number(s.dampingRatio))" + (s.mass == 1 ? "" : ", mass \(number(s.mass))")
    }

    static func describe(_ a: PhaseAnimation?) -> String {
        guard let a else { return "none (jump)" }
        var text: String
        switch a.curve {
        case .bezier(let c, let d): text = "\(c.description) \(number(d)) s"
        case .spring(let s): text = "spring " + describe(s)
        }
        if a.delay != 0 { text += ", delay \(number(a.delay))" }
        if a.speed != 1 { text += ", speed \(number(a.speed))" }
        return text
    }

    static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }

    static func number(_ v: Double) -> String {
        let r = (v * 1e9).rounded() / 1e9
        return r == r.rounded() && abs(r) < 1e15 ? String(Int64(r)) : "\(r)"
    }
}
