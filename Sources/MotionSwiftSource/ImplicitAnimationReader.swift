#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftParser
internal import SwiftSyntax

// MARK: - ImplicitAnimationReader

/// Reads the `Animation?` an implicit animation plays: SwiftUI's named animations (presets,
/// `Animation.default`, `spring(…)`, `interactiveSpring`, `interpolatingSpring(…)`, curves,
/// `timingCurve`), with `.delay`, `.speed`, `.repeatCount(_:autoreverses:)` and
/// `.repeatForever(autoreverses:)` folded in the order written (`ImplicitAnimation.applying`),
/// `nil` / `.none` (no animation), a computed property of the view holding one, and a choice on
/// Reduce Motion (`reduceMotion ? .none : .spring()`).
struct ImplicitAnimationReader {
    let evaluator: Evaluator
    /// The view's Reduce Motion names (`@Environment(\.accessibilityReduceMotion) var reduceMotion`).
    let reduceMotionNames: Set<String>
    /// The view's computed properties, where an animation may be kept.
    let computed: [String: ExprSyntax]

    /// An animation, or none (the change is not animated).
    enum Read: Equatable {
        case animation(ImplicitAnimation)
        case none
    }

    /// What an `Animation?` says: what plays, and when it branches on Reduce Motion, what plays
    /// with Reduce Motion on.
    struct Choice {
        var main: Read
        var reduceMotion: Read?
    }

    /// Why an animation could not be read: the part and what is wrong with it.
    struct Failure: Error {
        var node: Syntax
        var why: String
    }

    // MARK: Reduce Motion

    /// Whether `expr` is the Reduce Motion setting (`reduceMotion`, `self.reduceMotion`,
    /// `UIAccessibility.isReduceMotionEnabled`): true, negated (`!reduceMotion`): false, else nil.
    func reduceMotionCondition(_ expr: ExprSyntax) -> Bool? {
        let e = evaluator.unwrap(expr)
        if let sequence = e.as(SequenceExprSyntax.self) { return reduceMotionCondition(elements: Array(sequence.elements)) }
        if let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return reduceMotionCondition(prefix.expression).map { !$0 }
        }
        if e.trimmedDescription == "UIAccessibility.isReduceMotionEnabled" { return true }
        if let path = statePath(e), reduceMotionNames.contains(path) { return true }
        return nil
    }

    /// A condition written as a sequence: one element, or `rm == true` / `rm == false` / `rm != …`.
    func reduceMotionCondition(elements: [ExprSyntax]) -> Bool? {
        if elements.count == 1 { return reduceMotionCondition(elements[0]) }
        guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self), ["==", "!="].contains(op.operator.text),
            let side = reduceMotionCondition(elements[0]), let literal = elements[2].as(BooleanLiteralExprSyntax.self)
        else { return nil }
        let value = literal.literal.tokenKind == .keyword(.true)
        return (op.operator.text == "==") == value ? side : !side
    }

    /// `cond ? a : b` as (condition elements, then, else), when `expr` is a ternary.
    static func ternary(_ expr: ExprSyntax) -> (condition: [ExprSyntax], then: ExprSyntax, otherwise: ExprSyntax)? {
        guard let sequence = expr.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard let t = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), t > 0, t + 1 < elements.count,
            let mark = elements[t].as(UnresolvedTernaryExprSyntax.self)
        else { return nil }
        let rest = Array(elements[(t + 1)...])
        let otherwise = rest.count == 1 ? rest[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(rest)))
        return (Array(elements[..<t]), mark.thenExpression, otherwise)
    }

    // MARK: Run-time choices

    /// A computed property's `switch x { case …: return A … }` or `if c { return A } else { return B }`
    /// (`else if` chains too): what it branches on (`switch x`, `if c`) and each branch's
    /// expression (nil where a branch is more than one expression). Nil for anything else.
    static func runTimeChoice(_ body: ExprSyntax) -> (subject: String, branches: [ExprSyntax])? {
        if let switchExpr = body.as(SwitchExprSyntax.self) {
            var branches: [ExprSyntax] = []
            for entry in switchExpr.cases {
                guard case .switchCase(let switchCase) = entry, let e = singleExpression(switchCase.statements) else { return nil }
                branches.append(e)
            }
            return ("switch \(oneLine(switchExpr.subject))", branches)
        }
        if let ifExpr = body.as(IfExprSyntax.self) {
            var branches: [ExprSyntax] = []
            var current: IfExprSyntax? = ifExpr
            while let branch = current {
                guard let e = singleExpression(branch.body.statements) else { return nil }
                branches.append(e)
                current = nil
                switch branch.elseBody {
                case .ifExpr(let next)?: current = next
                case .codeBlock(let block)?:
                    guard let e = singleExpression(block.statements) else { return nil }
                    branches.append(e)
                case nil: return nil // an `if` without `else` is not an expression
                @unknown default: return nil
                }
            }
            return ("if \(oneLine(ifExpr.conditions))", branches)
        }
        return nil
    }

    /// A node's source on one line without comments, shortened to 60 characters (for messages).
    static func oneLine(_ node: some SyntaxProtocol) -> String {
        var text = ""
        var spaced = false
        for token in node.tokens(viewMode: .sourceAccurate) {
            if !text.isEmpty && (spaced || !token.leadingTrivia.isEmpty) { text += " " }
            text += token.text
            spaced = !token.trailingTrivia.isEmpty
        }
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    // MARK: Reading

    /// The choice an `Animation?` expression makes.
    func choice(_ expr: ExprSyntax) -> Result<Choice, Failure> {
        let e = evaluator.unwrap(expr)
        if let t = Self.ternary(e), let rm = reduceMotionCondition(elements: t.condition) {
            let (reduced, full) = rm ? (t.then, t.otherwise) : (t.otherwise, t.then)
            switch (read(full), read(reduced)) {
            case (.success(let main), .success(let fallback)): return .success(Choice(main: main, reduceMotion: fallback))
            case (.failure(let f), _), (_, .failure(let f)): return .failure(f)
            }
        }
        return read(e).map { Choice(main: $0, reduceMotion: nil) }
    }

    /// One `Animation?` without a Reduce Motion choice.
    func read(_ expr: ExprSyntax, depth: Int = 0) -> Result<Read, Failure> {
        let e = evaluator.unwrap(expr)
        guard depth < 16 else { return .failure(Failure(node: Syntax(e), why: "nested too deeply")) }
        if e.is(NilLiteralExprSyntax.self) { return .success(.none) }
        if let access = e.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "none",
            access.base == nil || ["Optional", "Animation?", "Optional<Animation>"].contains(access.base!.trimmedDescription)
        {
            return .success(.none)
        }
        if Self.ternary(e) != nil {
            return .failure(Failure(node: Syntax(e), why: "the animation is chosen by a condition other than Reduce Motion"))
        }
        // A property of the view that holds the animation.
        if let path = statePath(e), !path.contains("."), let body = computed[path] {
            if let choice = Self.runTimeChoice(body) {
                // Chosen by a `switch` or `if` when the code runs: reported where it is used.
                let literal = choice.branches.filter { if case .success = read($0, depth: depth + 1) { true } else { false } }.count
                let among =
                    literal == choice.branches.count
                    ? "among \(literal) literal animations"
                    : "among \(choice.branches.count) animations (\(literal) of them literal)"
                return .failure(
                    Failure(
                        node: Syntax(e), why: "`\(path)` is chosen at run time by `\(choice.subject)` \(among), so no one animation stands for it"))
            }
            return read(body, depth: depth + 1)
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = access.base, !evaluator.isTypeName(base, ["Animation"])
        {
            return modifier(access.declName.baseName.text, Arguments(call), on: base, call: call, depth: depth)
        }
        // A name the type or file binds with `let` (`let slideGently = Animation.easeOut(…)`).
        if let bound = evaluator.boundExpression(e), bound.id != e.id { return read(bound, depth: depth + 1) }
        guard let read = evaluator.animation(e, nil) else {
            // One another file's type keeps (`static let fast: Animation = .easeOut(duration:
            // 0.2)`; SwiftUI's own names first): what is wrong with its value is said at the use.
            if let kept = evaluator.moduleAnimation(e) {
                return read(kept.value, depth: depth + 1).mapError { Failure(node: Syntax(e), why: "`\(kept.name)`: \($0.why)") }
            }
            return .failure(Failure(node: Syntax(e), why: "`\(Self.oneLine(e))` is not an animation with literal values"))
        }
        return .success(read.map { .animation(ImplicitAnimation($0)) } ?? .none)
    }

    /// `base.name(arguments)`: a modifier of an animation.
    func modifier(_ name: String, _ arguments: Arguments, on base: ExprSyntax, call: FunctionCallExprSyntax, depth: Int) -> Result<Read, Failure> {
        switch read(base, depth: depth + 1) {
        case .failure(let f): return .failure(f)
        case .success(.none): return .success(.none)
        case .success(.animation(let inner)): return applying(name, arguments, to: inner, call: call)
        }
    }

    /// `inner` with the modifier `.name(arguments)` folded in.
    func applying(_ name: String, _ arguments: Arguments, to inner: ImplicitAnimation, call: FunctionCallExprSyntax) -> Result<Read, Failure> {
        func number(_ e: ExprSyntax?) -> Double? { e.flatMap { evaluator.number($0, nil) } }
        func flag(_ label: String) -> Bool? {
            guard let e = arguments[label] else { return true } // SwiftUI's default: autoreverses
            return evaluator.boolLiteral(e)
        }
        let modifier: ImplicitAnimation.Modifier
        switch name {
        case "delay":
            guard arguments.all.count == 1, let d = number(arguments.unlabeled(0)) else {
                return .failure(Failure(node: Syntax(call), why: "`.delay` needs a number of seconds"))
            }
            modifier = .delay(d)
        case "speed":
            guard arguments.all.count == 1, let s = number(arguments.unlabeled(0)) else {
                return .failure(Failure(node: Syntax(call), why: "`.speed` needs a number"))
            }
            modifier = .speed(s)
        case "repeatCount":
            guard arguments.only(["autoreverses"]), let n = number(arguments.unlabeled(0)), n == n.rounded(), abs(n) < 1e9,
                let reverses = flag("autoreverses")
            else {
                return .failure(Failure(node: Syntax(call), why: "`.repeatCount` needs a whole number and a literal autoreverses"))
            }
            modifier = .repeatCount(Int(n), autoreverses: reverses)
        case "repeatForever":
            guard arguments.only(["autoreverses"]), arguments.all.filter({ $0.label == nil }).isEmpty, let reverses = flag("autoreverses") else {
                return .failure(Failure(node: Syntax(call), why: "`.repeatForever` needs a literal autoreverses"))
            }
            modifier = .repeatForever(autoreverses: reverses)
        default:
            return .failure(
                Failure(node: Syntax(call), why: "the animation modifier `.\(name)` is not read (delay, speed, repeatCount and repeatForever are)"))
        }
        do { return .success(.animation(try inner.applying(modifier))) } catch {
            return .failure(Failure(node: Syntax(call), why: error.description))
        }
    }

    // MARK: Estimates

    /// The animation of a site whose animation is not all written with literal values: what can
    /// be read, SwiftUI's own default where a value is unknown, and why each part is an estimate
    /// (one reason each). Never fails: where nothing can be read, `Animation.default` stands in,
    /// so the site is still inventoried, marked as an estimate.
    func estimate(_ expr: ExprSyntax) -> (choice: Choice, reasons: [String]) {
        let e = evaluator.unwrap(expr)
        if let t = Self.ternary(e) {
            if let rm = reduceMotionCondition(elements: t.condition) {
                let (reduced, full) = rm ? (t.then, t.otherwise) : (t.otherwise, t.then)
                let main = estimateOne(full), fallback = estimateOne(reduced)
                return (Choice(main: main.read, reduceMotion: fallback.read), main.reasons + fallback.reasons)
            }
            let condition = t.condition.map { Self.oneLine($0) }.joined(separator: " ")
            // Between no animation and one (`pressed ? nil : .default`), the change animates on
            // one branch: that one is shown, not the first.
            let first = estimateOne(t.then), second = estimateOne(t.otherwise)
            if first.read == .none, second.read != .none {
                return (
                    Choice(main: second.read, reduceMotion: nil),
                    [
                        "the animation is chosen at run time by `\(condition)`: none when it holds, `\(Self.oneLine(t.otherwise))` otherwise, which is shown"
                    ] + second.reasons
                )
            }
            return (
                Choice(main: first.read, reduceMotion: nil),
                ["the animation is chosen at run time by `\(condition)`; the first choice, `\(Self.oneLine(t.then))`, is shown"] + first.reasons
            )
        }
        let one = estimateOne(e)
        return (Choice(main: one.read, reduceMotion: nil), one.reasons)
    }

    /// One `Animation?` estimated (`estimate`), without a choice.
    func estimateOne(_ expr: ExprSyntax, depth: Int = 0) -> (read: Read, reasons: [String]) {
        if case .success(let r) = read(expr) { return (r, []) }
        let e = evaluator.unwrap(expr)
        // A property chosen at run time: its first choice stands for it.
        if depth < 16, let path = statePath(e), !path.contains("."), let body = computed[path], let choice = Self.runTimeChoice(body),
            let first = choice.branches.first
        {
            let shown = estimateOne(first, depth: depth + 1)
            return (
                shown.read,
                ["`\(path)` is chosen at run time by `\(choice.subject)`; its first choice, `\(Self.oneLine(first))`, is shown"] + shown.reasons
            )
        }
        if depth < 16, let call = e.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self)
        {
            if let base = access.base, !evaluator.isTypeName(base, ["Animation"]) {
                return estimateModifier(access.declName.baseName.text, call: call, on: base, depth: depth)
            }
            if let preset = presetWithDefaults(access.declName.baseName.text, call: call) { return preset }
        }
        // A property of the view that holds the animation (`var spring: Animation {
        // .interpolatingSpring(…, initialVelocity: 5) }`): its value estimated, said of the name.
        if depth < 16, let path = statePath(e), !path.contains("."), let body = computed[path] ?? evaluator.boundExpression(e) {
            let shown = estimateOne(body, depth: depth + 1)
            return (shown.read, shown.reasons.map { "`\(path)`: " + $0 })
        }
        // Another file's `static let`: its value estimated, said of the name.
        if depth < 16, let kept = evaluator.moduleAnimation(e) {
            let shown = estimateOne(kept.value, depth: depth + 1)
            return (shown.read, shown.reasons.map { "`\(kept.name)`: " + $0 })
        }
        let why = "`\(Self.oneLine(e))` is not an animation written with literal values here; Animation.default (a 0.55 s spring) is assumed"
        return (.animation(ImplicitAnimation(.default)), [why])
    }

    /// `base.name(…)` where the base or the modifier's argument is not literal: the base
    /// estimated, the modifier folded in when it can be read, else left out with its reason.
    private func estimateModifier(_ name: String, call: FunctionCallExprSyntax, on base: ExprSyntax, depth: Int) -> (read: Read, reasons: [String]) {
        let inner = estimateOne(base, depth: depth + 1)
        guard case .animation(let animation) = inner.read else { return inner }
        let arguments = Arguments(call)
        if case .success(let r) = applying(name, arguments, to: animation, call: call) { return (r, inner.reasons) }
        let written = arguments.all.map { Self.oneLine($0.expr) }.joined(separator: ", ")
        let why =
            name == "delay"
            ? "the delay `\(written)` is not a literal (\(arguments.all.first.flatMap { evaluator.unreadReason($0.expr) } ?? "it may differ per item or per run")); the timing is shown without it"
            : "`.\(name)(\(written))` is not read; the timing is shown without it"
        return (.animation(animation), inner.reasons + [why])
    }

    /// `Animation.name(…)` with its non-literal labeled arguments left out, so SwiftUI's default
    /// for each stands in (`easeOut(duration: d)` → `easeOut`, 0.35 s): nil when an unlabeled
    /// argument is unknown (nothing can stand in) or the call is not a preset.
    private func presetWithDefaults(_ name: String, call: FunctionCallExprSyntax) -> (read: Read, reasons: [String])? {
        var kept: [String] = []
        var unknown: [String] = []
        var unmodelled: [String] = []
        var defaults: [String] = []
        for argument in call.arguments {
            let label = argument.label.map { "\($0.text): " } ?? ""
            if argument.label?.text == "initialVelocity", let v = evaluator.number(argument.expression, nil), v != 0 {
                unmodelled.append("initialVelocity: `\(Self.oneLine(argument.expression))`")
            } else if let n = evaluator.number(argument.expression, nil), n.isFinite {
                kept.append(label + "\(n)")
            } else if let n = evaluator.parameterDefault(argument.expression), n.isFinite {
                // A parameter with a default: what plays when the caller leaves it out.
                kept.append(label + "\(n)")
                defaults.append("\(label)`\(Self.oneLine(argument.expression))` (its default \(MotionLimits.figure(n)))")
            } else if let label = argument.label {
                let why = evaluator.unreadReason(argument.expression).map { " (\($0))" } ?? ""
                unknown.append("\(label.text): `\(Self.oneLine(argument.expression))`\(why)")
            } else {
                return nil
            }
        }
        guard !unknown.isEmpty || !unmodelled.isEmpty || !defaults.isEmpty else { return nil }
        let parsed = Parser.parse(source: "Animation.\(name)(\(kept.joined(separator: ", ")))")
        guard parsed.statements.count == 1, let item = parsed.statements.first?.item.as(ExprSyntax.self),
            case .success(let read) = read(item)
        else { return nil }
        var reasons: [String] = []
        if !defaults.isEmpty {
            reasons.append("\(defaults.joined(separator: ", ")) in `.\(name)` is a parameter; its default is used (a caller may pass another)")
        }
        if !unknown.isEmpty { reasons.append("\(unknown.joined(separator: ", ")) in `.\(name)` is not a literal; SwiftUI's default for it is used") }
        if !unmodelled.isEmpty {
            reasons.append("\(unmodelled.joined(separator: ", ")) in `.\(name)` is not modelled; the spring is shown starting at rest")
        }
        return (read, reasons)
    }
}
#endif
