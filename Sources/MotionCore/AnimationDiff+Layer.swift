// MARK: - Layer motions

extension AnimationDiff {
    /// Differences between two layer motions: the group's timing, then each layer animation of
    /// the spec against the code's on the same key path (else paired by values, reported as
    /// `renamed`), field by field: type, values, key times, calculation mode, timing functions,
    /// spring, and the media timing. A field the code could not read (`Unreadable.Place.field`)
    /// is an `unreadable` difference with its line. O(animations² + values).
    static func compareLayers(spec: LayerMotion, code: LayerMotion, unreadable: [Unreadable], add: (String, String, String, String, Int?) -> Void) {
        var gaps: [String: [String: Unreadable]] = [:]
        for u in unreadable { if case .field(let p, let f) = u.place { gaps[p, default: [:]][f] = u } }
        // Fields of no one property (a UIKit call's duration, delay, spring: shared by every
        // animation of the call): unreadable once, at the first animation, and not compared.
        let shared = gaps.removeValue(forKey: "") ?? [:]
        var sharedSeen: Set<String> = []
        func field(_ property: String, _ name: String, _ a: String, _ b: String) {
            if let u = gaps[property]?[name] {
                add(property, "unreadable", a, "unreadable: `\(u.code)`", u.line)
                gaps[property]?[name] = nil
            } else if let u = shared[name] {
                if sharedSeen.insert(name).inserted { add(property, "unreadable", a, "unreadable: `\(u.code)`", u.line) }
            } else if a != b {
                add(property, name, a, b, nil)
            }
        }
        // The group.
        switch (spec.group, code.group) {
        case (let s?, let c?): compareTimings(s, c, property: "group", field)
        case (.some, nil): add("group", "group", "CAAnimationGroup", "none", nil)
        case (nil, .some): add("group", "group", "none", "CAAnimationGroup", nil)
        case (nil, nil): break
        }
        // Pair the animations by key path, then by values.
        func values(_ a: LayerAnimation) -> [Double?] {
            switch a.content {
            case .basic(let f, let t), .spring(let f, let t, _, _, _): (f + t).map { $0 }
            case .keyframes(let k): k.values.flatMap { $0 }.map { $0 }
            }
        }
        let specKeys = spec.animations.enumerated().map { ("\($0.element.keyPath)#\($0.offset)", $0.element) }
        let codeKeys = code.animations.enumerated().map { ("\($0.element.keyPath)#\($0.offset)", $0.element) }
        var pairs: [String: String] = [:]
        var usedCode: Set<String> = []
        for (sk, s) in specKeys {
            if let (ck, _) = codeKeys.first(where: { !usedCode.contains($0.0) && $0.1.keyPath == s.keyPath }) {
                pairs[sk] = ck
                usedCode.insert(ck)
            }
        }
        let rest = pair(
            specKeys.filter { pairs[$0.0] == nil }.map { ($0.0, values($0.1)) },
            codeKeys.filter { !usedCode.contains($0.0) }.map { ($0.0, values($0.1)) })
        for (sk, ck) in rest {
            pairs[sk] = ck
            usedCode.insert(ck)
        }
        let codeByKey = Dictionary(uniqueKeysWithValues: codeKeys)
        for (sk, s) in specKeys {
            guard let ck = pairs[sk], let c = codeByKey[ck] else {
                add(s.keyPath, "animation", s.typeName, "absent", nil)
                continue
            }
            let property = s.keyPath
            if c.keyPath != s.keyPath { add(property, "renamed", s.keyPath, c.keyPath, nil) }
            if s.typeName != c.typeName { add(property, "type", s.typeName, c.typeName, nil) }
            if s.components != c.components {
                add(property, "components", s.components.joined(separator: ","), c.components.joined(separator: ","), nil)
            }
            compareContents(s, c, property: c.keyPath, field)
            compareTimings(s.timing, c.timing, property: c.keyPath, settles: (Self.settles(s), Self.settles(c)), field)
        }
        for (ck, c) in codeKeys where !usedCode.contains(ck) { add(c.keyPath, "animation", "absent", c.typeName, nil) }
        // What could not be read and matched nothing above.
        for (property, fields) in gaps.sorted(by: { $0.key < $1.key }) {
            for (_, u) in fields.sorted(by: { $0.key < $1.key }) { add(property, "unreadable", "absent", "unreadable: `\(u.code)`", u.line) }
        }
        for (name, u) in shared.sorted(by: { $0.key < $1.key }) where !sharedSeen.contains(name) {
            add(name, "unreadable", "absent", "unreadable: `\(u.code)`", u.line)
        }
    }

    static func compareContents(_ s: LayerAnimation, _ c: LayerAnimation, property: String, _ field: (String, String, String, String) -> Void) {
        func value(_ v: [Double]) -> String { v.count == 1 ? number(v[0]) : "(" + v.map(number).joined(separator: ", ") + ")" }
        func list(_ v: [Double]?) -> String { v.map { "[" + $0.map(number).joined(separator: ", ") + "]" } ?? "even" }
        switch (s.content, c.content) {
        case (.basic(let sf, let st), .basic(let cf, let ct)):
            field(property, "from", value(sf), value(cf))
            field(property, "to", value(st), value(ct))
        case (.spring(let sf, let st, let ss, let sv, _), .spring(let cf, let ct, let cs, let cv, _)):
            field(property, "from", value(sf), value(cf))
            field(property, "to", value(st), value(ct))
            field(property, "spring", describe(ss), describe(cs))
            field(property, "initialVelocity", number(sv), number(cv))
        case (.keyframes(let sk), .keyframes(let ck)):
            if sk.values.count != ck.values.count { field(property, "values", "\(sk.values.count) values", "\(ck.values.count) values") }
            for (k, (a, b)) in zip(sk.values, ck.values).enumerated() { field(property, "values[\(k)]", value(a), value(b)) }
            field(property, "keyTimes", list(sk.keyTimes), list(ck.keyTimes))
            field(property, "calculationMode", sk.mode.rawValue, ck.mode.rawValue)
            field(
                property, "timingFunctions", (sk.timingFunctions ?? []).map(\.description).joined(separator: ", "),
                (ck.timingFunctions ?? []).map(\.description).joined(separator: ", "))
            field(property, "tensionValues", list(sk.tension), list(ck.tension))
            field(property, "continuityValues", list(sk.continuity), list(ck.continuity))
            field(property, "biasValues", list(sk.bias), list(ck.bias))
        default:
            break // the type differs: reported by the caller
        }
    }

    /// Whether a layer animation is a spring that plays until it settles.
    static func settles(_ a: LayerAnimation) -> Bool {
        if case .spring(_, _, _, _, true) = a.content { return true }
        return false
    }

    static func compareTimings(
        _ s: MediaTiming, _ c: MediaTiming, property: String, settles: (Bool, Bool) = (false, false),
        _ field: (String, String, String, String) -> Void
    ) {
        field(property, "duration", settles.0 ? "settling" : number(s.basicDuration), settles.1 ? "settling" : number(c.basicDuration))
        field(property, "beginTime", number(s.beginTime), number(c.beginTime))
        field(property, "speed", number(s.speed), number(c.speed))
        field(property, "timeOffset", number(s.timeOffset), number(c.timeOffset))
        field(
            property, "repeatCount", s.repeatCount == .infinity ? "infinity" : number(s.repeatCount),
            c.repeatCount == .infinity ? "infinity" : number(c.repeatCount))
        field(property, "repeatDuration", number(s.repeatDuration), number(c.repeatDuration))
        field(property, "autoreverses", "\(s.autoreverses)", "\(c.autoreverses)")
        field(property, "fillMode", s.fillMode.rawValue, c.fillMode.rawValue)
        field(property, "timingFunction", (s.timingFunction ?? .linear).description, (c.timingFunction ?? .linear).description)
    }

    static func describe(_ s: LayerSpring) -> String {
        switch s {
        case .physical(let spring, let allows):
            "mass \(number(spring.mass)), stiffness \(number(spring.stiffness)), damping \(number(spring.damping))"
                + (allows ? ", overdamping allowed" : "")
        case .dampingDuration(let ratio):
            "UIKit damping ratio \(number(ratio))"
        }
    }
}
