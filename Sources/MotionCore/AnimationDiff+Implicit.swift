// MARK: - Implicit animations in a diff

extension AnimationDiff {
    /// An implicit animation of the spec against the code's: its trigger and Reduce Motion (the
    /// code says both), its animation, each property's from and to values (paired by name, then
    /// by values, as tracks are) and its Reduce Motion animation.
    static func compareImplicit(
        spec: AnimationSpec, _ s: ImplicitMotion, code: AnimationSpec, _ c: ImplicitMotion,
        _ add: (String, String, String, String) -> Void
    ) {
        if spec.trigger != code.trigger { add("", "trigger", spec.trigger.description, code.trigger.description) }
        if spec.reduceMotion != code.reduceMotion {
            add("", "reduceMotion", spec.reduceMotion?.rawValue ?? "not given", code.reduceMotion?.rawValue ?? "not given")
        }
        let a = describe(s.animation), b = describe(c.animation)
        if a != b { add("", "animation", a, b) }
        // A shortened fallback without a written animation plays `ImplicitMotion.shortenedAnimation`.
        let fa = s.reducedAnimation(under: spec.reduceMotion).map(describe) ?? "none"
        let fb = c.reducedAnimation(under: code.reduceMotion).map(describe) ?? "none"
        if fa != fb { add("", "reduceMotionAnimation", fa, fb) }
        let pairs = pair(s.values.map { ($0.name, [$0.from, $0.to]) }, c.values.map { ($0.name, [$0.from, $0.to]) })
        for v in s.values {
            guard let name = pairs[v.name], let w = c.values.first(where: { $0.name == name }) else {
                add(v.name, "value", "\(number(v.from)) → \(number(v.to))", "absent")
                continue
            }
            if name != v.name { add(v.name, "renamed", v.name, name) }
            if !same(v.from, w.from) { add(v.name, "from", number(v.from), number(w.from)) }
            if !same(v.to, w.to) { add(v.name, "to", number(v.to), number(w.to)) }
        }
        let paired = Set(pairs.values)
        for w in c.values where !paired.contains(w.name) { add(w.name, "value", "absent", "\(number(w.from)) → \(number(w.to))") }
    }

    /// An implicit animation's `Animation` in a few words: `spring response 0.4, damping ratio 0.8, repeatCount 3 autoreversing`.
    static func describe(_ a: ImplicitAnimation) -> String {
        var text = describe(Optional(a.run))
        switch a.repetition {
        case .once: break
        case .count(let n, let reverses): text += ", repeatCount \(n)" + (reverses ? " autoreversing" : "")
        case .forever(let reverses): text += ", repeatForever" + (reverses ? " autoreversing" : "")
        }
        if a.startDelay != 0 { text += ", startDelay \(number(a.startDelay))" }
        return text
    }
}
