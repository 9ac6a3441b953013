// MARK: - AnimationDiff

/// Where two definitions of one animation disagree (the designer's spec and the shipped code),
/// field by field. Numbers equal within 1e-9 count as equal. O(keyframes + phases).
public enum AnimationDiff {
    /// One disagreement: `field` of `property` (a track, a phase value, or the animation itself
    /// when `property` is empty) is `spec` in the spec and `code` in the code.
    public struct Difference: Hashable, Sendable {
        public let property: String
        public let field: String
        public let spec: String
        public let code: String
    }

    public static func compare(spec: AnimationSpec, code: AnimationSpec) -> [Difference] {
        var out: [Difference] = []
        func add(_ property: String, _ field: String, _ a: String, _ b: String) { out.append(Difference(property: property, field: field, spec: a, code: b)) }
        if spec.isRepeating != code.isRepeating { add("", "repeating", "\(spec.isRepeating)", "\(code.isRepeating)") }
        switch (spec.motion, code.motion) {
        case (.keyframes(let si, let st, _), .keyframes(let ci, let ct, _)):
            let specInitial = Dictionary(si.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
            let codeInitial = Dictionary(ci.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
            // Tracks pair by name; those left over pair in order when both sides have the same
            // number left (a single-value animator's track is "value"; code may say yOffset where
            // the spec says y), with the name difference reported.
            let unpairedSpec = st.filter { t in !ct.contains { $0.property == t.property } }
            let unpairedCode = ct.filter { t in !st.contains { $0.property == t.property } }
            let renamed = unpairedSpec.count == unpairedCode.count
                ? Dictionary(uniqueKeysWithValues: zip(unpairedSpec.map(\.property), unpairedCode)) : [:]
            for track in st {
                guard let other = ct.first(where: { $0.property == track.property }) ?? renamed[track.property] else {
                    add(track.property, "track", "\(track.keyframes.count) keyframes", "absent")
                    continue
                }
                // A single-value animator's track has no name of its own ("value").
                if other.property != track.property && !(other.property == "value" && ct.count == 1) {
                    add(track.property, "property name", track.property, other.property)
                }
                let a = specInitial[track.property] ?? 0, b = codeInitial[other.property] ?? 0
                if !same(a, b) { add(track.property, "initial", number(a), number(b)) }
                if track.keyframes.count != other.keyframes.count {
                    add(track.property, "keyframes", "\(track.keyframes.count)", "\(other.keyframes.count)")
                }
                for (k, (x, y)) in zip(track.keyframes, other.keyframes).enumerated() {
                    compare(x, y, property: "\(track.property)[\(k)]", add)
                }
            }
            for track in ct where !st.contains(where: { $0.property == track.property }) && !renamed.values.contains(track) {
                add(track.property, "track", "absent", "\(track.keyframes.count) keyframes")
            }
        case (.phases(let sp), .phases(let cp)):
            if sp.count != cp.count { add("", "phases", "\(sp.count)", "\(cp.count)") }
            for (k, (x, y)) in zip(sp, cp).enumerated() {
                let names = x.order + y.order.filter { !x.order.contains($0) }
                let xs = x.values, ys = y.values
                for name in names {
                    let a = xs[name] ?? sp[0].values[name], b = ys[name] ?? cp[0].values[name]
                    if let a, let b { if !same(a, b) { add("phase \(k).\(name)", "value", number(a), number(b)) } }
                    else if a != nil || b != nil { add("phase \(k).\(name)", "value", a.map(number) ?? "absent", b.map(number) ?? "absent") }
                }
                let a = describe(x.animation), b = describe(y.animation)
                if a != b { add("phase \(k)", "animation", a, b) }
            }
        default:
            add("", "kind", spec.kind, code.kind)
        }
        return out
    }

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
