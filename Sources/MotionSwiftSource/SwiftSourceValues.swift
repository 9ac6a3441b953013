#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - Phase context

/// The value of one phase of a phase animator.
enum PhaseValue: Equatable {
    case enumCase(String)
    case bool(Bool)
    case number(Double)
}

/// What a phase-dependent expression is evaluated against: the names that stand for the phase
/// (the closure's parameter, or `self` inside the phase enum), the phase's value, and the enum.
struct PhaseContext {
    var references: Set<String>
    var value: PhaseValue
    var enumInfo: EnumInfo?

    func inEnum() -> PhaseContext { PhaseContext(references: ["self"], value: value, enumInfo: enumInfo) }
}

// MARK: - Evaluator

/// Reads literal values out of expressions: numbers, angles, springs, unit curves and animations,
/// resolving ternaries, `switch`es and enum properties against a phase when given one.
/// Every function returns nil for what it cannot read; callers report it.
struct Evaluator {
    let index: DeclarationIndex
    /// The constants the module's other files declare, and those read from them.
    var module = ModuleConstantReading(SwiftModuleConstants())

    // MARK: Phase-dependent reduction

    /// Strips parentheses and resolves the phase-dependent choices (`c ? a : b`, `switch phase`,
    /// `phase.property`) down to the expression that applies in `context`.
    func reduce(_ expr: ExprSyntax, _ context: PhaseContext?, depth: Int = 0) -> ExprSyntax? {
        guard depth < 32 else { return nil }
        let e = unwrap(expr)
        guard let context else { return e }
        if let sequence = e.as(SequenceExprSyntax.self) {
            return reduce(elements: Array(sequence.elements), context, depth: depth + 1)
        }
        if let switchExpr = e.as(SwitchExprSyntax.self), isReference(switchExpr.subject, context) {
            guard let body = matchingCase(switchExpr, context), let chosen = singleExpression(body) else { return nil }
            return reduce(chosen, context, depth: depth + 1)
        }
        if let access = e.as(MemberAccessExprSyntax.self), let base = access.base, isReference(base, context) {
            guard let body = context.enumInfo?.properties[access.declName.baseName.text] else { return nil }
            return reduce(body, context.inEnum(), depth: depth + 1)
        }
        if let ifExpr = e.as(IfExprSyntax.self), ifExpr.conditions.count == 1, let condition = ifExpr.conditions.first,
            case .expression(let c) = condition.condition, let elseBody = ifExpr.elseBody, case .codeBlock(let elseBlock) = elseBody
        {
            guard let truth = self.condition(c, context) else { return nil }
            guard let chosen = singleExpression(truth ? ifExpr.body.statements : elseBlock.statements) else { return nil }
            return reduce(chosen, context, depth: depth + 1)
        }
        return e
    }

    /// A sequence without folded operators: `cond ? a : b` (possibly nested in the else branch).
    private func reduce(elements: [ExprSyntax], _ context: PhaseContext, depth: Int) -> ExprSyntax? {
        if elements.count == 1 { return reduce(elements[0], context, depth: depth) }
        guard let t = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[t].as(UnresolvedTernaryExprSyntax.self), t + 1 < elements.count
        else { return nil }
        guard let truth = condition(elements: Array(elements[..<t]), context) else { return nil }
        if truth { return reduce(ternary.thenExpression, context, depth: depth + 1) }
        return reduce(elements: Array(elements[(t + 1)...]), context, depth: depth + 1)
    }

    /// `true` or `false` written as a literal (parentheses aside); nil for anything else.
    func boolLiteral(_ expr: ExprSyntax) -> Bool? {
        unwrap(expr).as(BooleanLiteralExprSyntax.self).map { $0.literal.tokenKind == .keyword(.true) }
    }

    /// `phase`, `!phase`, `phase == .x`, `phase != .x`, `.x == phase`, `phase == 1.0`, `true`.
    func condition(_ expr: ExprSyntax, _ context: PhaseContext) -> Bool? {
        let e = unwrap(expr)
        if let sequence = e.as(SequenceExprSyntax.self) { return condition(elements: Array(sequence.elements), context) }
        return condition(elements: [e], context)
    }

    private func condition(elements: [ExprSyntax], _ context: PhaseContext) -> Bool? {
        if elements.count == 1 {
            let e = unwrap(elements[0])
            if let literal = e.as(BooleanLiteralExprSyntax.self) { return literal.literal.tokenKind == .keyword(.true) }
            if isReference(e, context), case .bool(let b) = context.value { return b }
            if let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
                return condition(prefix.expression, context).map { !$0 }
            }
            if let sequence = e.as(SequenceExprSyntax.self) { return condition(elements: Array(sequence.elements), context) }
            return nil
        }
        guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self) else { return nil }
        let equal: Bool
        switch op.operator.text {
        case "==": equal = true
        case "!=": equal = false
        default: return nil
        }
        let other: ExprSyntax
        if isReference(elements[0], context) {
            other = elements[2]
        } else if isReference(elements[2], context) {
            other = elements[0]
        } else {
            return nil
        }
        guard let matches = matches(other, context.value) else { return nil }
        return matches == equal
    }

    /// Whether a case pattern or comparison operand (`.x`, `true`, `1.0`) equals the phase value.
    func matches(_ pattern: ExprSyntax, _ value: PhaseValue) -> Bool? {
        let p = unwrap(pattern)
        switch value {
        case .enumCase(let name):
            guard let access = p.as(MemberAccessExprSyntax.self) else { return nil }
            if let base = access.base, base.as(DeclReferenceExprSyntax.self) == nil { return nil }
            return access.declName.baseName.text == name
        case .bool(let b):
            guard let literal = p.as(BooleanLiteralExprSyntax.self) else { return nil }
            return (literal.literal.tokenKind == .keyword(.true)) == b
        case .number(let n):
            guard let m = number(p, nil) else { return nil }
            return m == n
        }
    }

    /// The statements of the `case` that matches the phase (or `default`).
    private func matchingCase(_ switchExpr: SwitchExprSyntax, _ context: PhaseContext) -> CodeBlockItemListSyntax? {
        var fallback: CodeBlockItemListSyntax?
        for entry in switchExpr.cases {
            guard case .switchCase(let switchCase) = entry else { continue }
            switch switchCase.label {
            case .default:
                fallback = switchCase.statements
            case .case(let label):
                for item in label.caseItems {
                    guard let pattern = item.pattern.as(ExpressionPatternSyntax.self) else { continue }
                    if matches(pattern.expression, context.value) == true { return switchCase.statements }
                }
            @unknown default:
                continue
            }
        }
        return fallback
    }

    func isReference(_ expr: ExprSyntax, _ context: PhaseContext) -> Bool {
        guard let ref = unwrap(expr).as(DeclReferenceExprSyntax.self) else { return false }
        return context.references.contains(ref.baseName.text)
    }

    /// Removes `( … )` around a single expression.
    func unwrap(_ expr: ExprSyntax) -> ExprSyntax {
        var e = expr
        while let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            e = only.expression
        }
        return e
    }

    // MARK: Numbers

    /// A number: literals (also negative), `.zero`, `.pi` (`Double.pi`, `CGFloat.pi`, `Float.pi`),
    /// `.degrees(x)` / `Angle.degrees(x)` / `Angle(degrees: x)` (→ x, in degrees), `CGFloat(x)` /
    /// `Double(x)`, a numeric phase, and + − × ÷ of those (`2/3`, `Float.pi * 2`, `-0.5 * 2`):
    /// IEEE arithmetic in `Double`, × and ÷ before + and −, left to right.
    func number(_ expr: ExprSyntax, _ context: PhaseContext?) -> Double? { number(expr, context, depth: 0) }

    /// `number(_:_:)`, `depth` named constants deep (`boundNumber`).
    func number(_ expr: ExprSyntax, _ context: PhaseContext?, depth: Int) -> Double? {
        if let value = Self.castToNumber(expr) { return number(value, context, depth: depth) }
        if let sequence = unwrap(expr).as(SequenceExprSyntax.self), !sequence.elements.contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) {
            return arithmetic(Array(sequence.elements)) { number($0, context, depth: depth) }
        }
        guard let e = reduce(expr, context) else { return nil }
        if let float = e.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text.replacingUnderscores) }
        if let int = e.as(IntegerLiteralExprSyntax.self) { return Double(int.literal.text.replacingUnderscores) }
        if let prefix = e.as(PrefixOperatorExprSyntax.self) {
            switch prefix.operator.text {
            case "-": return number(prefix.expression, context, depth: depth).map { -$0 }
            case "+": return number(prefix.expression, context, depth: depth)
            default: return nil
            }
        }
        if let context, isReference(e, context), case .number(let n) = context.value { return n }
        if let access = e.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "zero",
            isTypeName(access.base, ["Angle", "CGFloat", "Double", "Float"])
        {
            return 0
        }
        if let access = e.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "pi",
            isTypeName(access.base, ["CGFloat", "Double", "Float", "TimeInterval", "CFTimeInterval"])
        {
            return .pi
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            let arguments = Arguments(call)
            if let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "degrees",
                isTypeName(access.base, ["Angle"]), arguments.all.count == 1, let value = arguments.unlabeled(0)
            {
                return number(value, context, depth: depth)
            }
            if let name = typeName(call.calledExpression) {
                if name == "Angle", arguments.all.count == 1, let degrees = arguments["degrees"] { return number(degrees, context, depth: depth) }
                if ["CGFloat", "Double", "Float", "TimeInterval", "CFTimeInterval", "Float64", "Float32"].contains(name), arguments.all.count == 1,
                    let value = arguments.unlabeled(0)
                {
                    // Another file's `Int` constant is read only converted, as here.
                    return number(value, context, depth: depth) ?? moduleNumber(value, integers: true)
                }
            }
        }
        // A method of the type that returns one expression (`transitionDuration(using:)`).
        if depth < 8, let result = methodResult(e) { return number(result, nil, depth: depth + 1) }
        // A name the file binds to a constant (`let duration = 0.3`, `Timing.fast`), else a
        // constant another file of the module declares (`Constants.Animation.fadeTime`), else a
        // numeric type's static constant named by an implicit member (`.quick`).
        return boundNumber(e, depth: depth) ?? moduleNumber(e) ?? implicitNumericMember(e, depth: depth)
    }

    /// `x` of `x as TimeInterval` (or another numeric type): the value it casts.
    static func castToNumber(_ expr: ExprSyntax) -> ExprSyntax? {
        guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].is(UnresolvedAsExprSyntax.self), let type = elements[2].as(TypeExprSyntax.self),
            SwiftModuleConstants.numericTypes.contains(type.type.trimmedDescription)
        else { return nil }
        return elements[0]
    }

    /// `a op b op c …` (an unfolded sequence) with `operand` reading each term: × and ÷ before +
    /// and −, each level left to right, in `Double`; nil for any other operator, an unreadable
    /// term or a result that is not a number (0/0).
    func arithmetic(_ elements: [ExprSyntax], operand: (ExprSyntax) -> Double?) -> Double? {
        guard elements.count >= 3, elements.count % 2 == 1 else { return nil }
        var terms: [Double] = []
        var ops: [String] = []
        for (k, element) in elements.enumerated() {
            if k % 2 == 0 {
                guard let n = operand(element) else { return nil }
                terms.append(n)
            } else {
                guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text, ["+", "-", "*", "/"].contains(op) else { return nil }
                ops.append(op)
            }
        }
        var values = [terms[0]]
        var additive: [String] = []
        for (op, n) in zip(ops, terms.dropFirst()) {
            switch op {
            case "*": values[values.count - 1] *= n
            case "/": values[values.count - 1] /= n
            default:
                additive.append(op)
                values.append(n)
            }
        }
        var total = values[0]
        for (op, n) in zip(additive, values.dropFirst()) { total = op == "+" ? total + n : total - n }
        return total.isNaN ? nil : total
    }

    /// Whether `expr` divides whole-number literals only (`2/3`, `(1 + 1) / 3`): written alone in
    /// a `let` without a type, Swift makes it an `Int` (0), so a name bound to it is not read.
    static func isIntegerDivision(_ expr: ExprSyntax) -> Bool {
        var divides = false
        for token in expr.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .integerLiteral, .leftParen, .rightParen: continue
            case .binaryOperator(let op) where ["+", "-", "*", "/"].contains(op): divides = divides || op == "/"
            case .prefixOperator(let op) where op == "-" || op == "+": continue
            default: return false
            }
        }
        return divides
    }

    /// `Name` in `Name(…)` or `Name.init(…)`.
    func typeName(_ callee: ExprSyntax) -> String? {
        if let ref = callee.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let access = callee.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init",
            let base = access.base?.as(DeclReferenceExprSyntax.self)
        {
            return base.baseName.text
        }
        return nil
    }

    /// Whether `base` is absent (`.x`) or one of `names` (`Angle.x`, also `SwiftUI.Angle.x`).
    func isTypeName(_ base: ExprSyntax?, _ names: [String]) -> Bool {
        guard let base else { return true }
        // `SwiftUI.Animation`: the type named with its module.
        if let access = base.as(MemberAccessExprSyntax.self), let module = access.base?.as(DeclReferenceExprSyntax.self),
            Self.modules.contains(module.baseName.text)
        {
            return names.contains(access.declName.baseName.text)
        }
        guard let ref = base.as(DeclReferenceExprSyntax.self) else { return false }
        return names.contains(ref.baseName.text)
    }

    /// The modules whose types the code may name with the module (`SwiftUI.Animation`).
    static let modules: Set<String> = ["SwiftUI", "SwiftUICore", "UIKit", "AppKit", "QuartzCore", "CoreGraphics", "Foundation"]

    // MARK: Springs

    /// `.smooth`, `.snappy`, `.bouncy` (optionally `(duration:extraBounce:)`), `Spring(duration:bounce:)`,
    /// `Spring(response:dampingRatio:)`, `Spring(mass:stiffness:damping:)`, `Spring()`, and the
    /// same as `.init(…)`.
    func spring(_ expr: ExprSyntax) -> Spring? {
        let e = unwrap(expr)
        if let access = e.as(MemberAccessExprSyntax.self), isTypeName(access.base, ["Spring"]),
            let preset = Spring.Preset(rawValue: access.declName.baseName.text)
        {
            return .preset(preset)
        }
        guard let call = e.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        let arguments = Arguments(call)
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self), isTypeName(access.base, ["Spring"]),
            let preset = Spring.Preset(rawValue: access.declName.baseName.text)
        {
            guard arguments.only(["duration", "extraBounce"]),
                let duration = optionalNumber(arguments["duration"], default: 0.5),
                let extra = optionalNumber(arguments["extraBounce"], default: 0)
            else { return nil }
            return .preset(preset, duration: duration, extraBounce: extra)
        }
        let isInit = call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil && $0.declName.baseName.text == "init" } ?? false
        guard isInit || typeName(call.calledExpression) == "Spring" else { return nil }
        if arguments.only(["duration", "bounce"]) {
            guard let d = optionalNumber(arguments["duration"], default: 0.5), let b = optionalNumber(arguments["bounce"], default: 0) else {
                return nil
            }
            return Spring(duration: d, bounce: b)
        }
        if arguments.only(["response", "dampingRatio"]) {
            guard let r = optionalNumber(arguments["response"], default: 0.5), let z = optionalNumber(arguments["dampingRatio"], default: 1) else {
                return nil
            }
            return Spring(response: r, dampingRatio: z)
        }
        if arguments.only(["mass", "stiffness", "damping"]), arguments["stiffness"] != nil, arguments["damping"] != nil {
            guard let m = optionalNumber(arguments["mass"], default: 1), let k = optionalNumber(arguments["stiffness"], default: 0),
                let c = optionalNumber(arguments["damping"], default: 0)
            else { return nil }
            return Self.physicalSpring(mass: m, stiffness: k, damping: c)
        }
        return nil
    }

    /// `Spring(mass:stiffness:damping:)`, or nil where the numbers describe no spring: a mass or
    /// stiffness that is not positive, or a frequency or damping ratio that is not a number
    /// (√(k/m) and c/2m/ω0 of a zero mass are ∞ and NaN). Such a spring is unreadable, as any
    /// other argument the reader cannot take.
    static func physicalSpring(mass m: Double, stiffness k: Double, damping c: Double) -> Spring? {
        guard m > 0, k > 0, m.isFinite, k.isFinite, c.isFinite else { return nil }
        let spring = Spring(mass: m, stiffness: k, damping: c)
        return spring.angularFrequency.isFinite && spring.dampingRatio.isFinite ? spring : nil
    }

    /// The number in `expr`, or `default` when the argument is absent; nil when present but unreadable.
    func optionalNumber(_ expr: ExprSyntax?, default value: Double) -> Double? {
        guard let expr else { return value }
        return number(expr, nil)
    }

    // MARK: Unit curves

    /// `.linear`, `.easeIn`, `.easeOut`, `.easeInOut`, `.bezier(startControlPoint:endControlPoint:)`
    /// with `UnitPoint(x:y:)` points, `UnitCurve(x1:y1:x2:y2:)`... only the bezier form with points.
    func unitCurve(_ expr: ExprSyntax) -> UnitCurve? {
        let e = unwrap(expr)
        if let access = e.as(MemberAccessExprSyntax.self), isTypeName(access.base, ["UnitCurve"]) {
            return UnitCurve.named[access.declName.baseName.text]
        }
        guard let call = e.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            isTypeName(access.base, ["UnitCurve"]), access.declName.baseName.text == "bezier"
        else { return nil }
        let arguments = Arguments(call)
        guard arguments.only(["startControlPoint", "endControlPoint"]),
            let start = arguments["startControlPoint"].flatMap(unitPoint), let end = arguments["endControlPoint"].flatMap(unitPoint)
        else { return nil }
        return UnitCurve(x1: start.x, y1: start.y, x2: end.x, y2: end.y)
    }

    /// `UnitPoint(x:y:)` or `.init(x:y:)`.
    func unitPoint(_ expr: ExprSyntax) -> (x: Double, y: Double)? {
        guard let call = unwrap(expr).as(FunctionCallExprSyntax.self) else { return nil }
        let isInit = call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil && $0.declName.baseName.text == "init" } ?? false
        guard isInit || typeName(call.calledExpression) == "UnitPoint" else { return nil }
        let arguments = Arguments(call)
        guard arguments.only(["x", "y"]), let x = arguments["x"].flatMap({ number($0, nil) }), let y = arguments["y"].flatMap({ number($0, nil) })
        else { return nil }
        return (x, y)
    }

    // MARK: Animations

    /// An `Animation` for a phase step: `.some(nil)` for a `nil` literal (the step jumps), nil
    /// when unreadable.
    func animation(_ expr: ExprSyntax, _ context: PhaseContext?) -> PhaseAnimation?? {
        guard let e = reduce(expr, context) else { return nil }
        if e.is(NilLiteralExprSyntax.self) { return .some(nil) }
        if let access = e.as(MemberAccessExprSyntax.self), isTypeName(access.base, ["Animation"]) {
            return namedAnimation(access.declName.baseName.text, Arguments.empty).map { .some($0) }
        }
        guard let call = e.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        let name = access.declName.baseName.text
        let arguments = Arguments(call)
        if let base = access.base, !isTypeName(base, ["Animation"]) {
            // A modifier on an animation: `.delay(d)`, `.speed(s)`.
            guard arguments.all.count == 1, let argument = arguments.unlabeled(0), let value = number(argument, context),
                let inner = animation(base, context), var result = inner
            else { return nil }
            switch name {
            case "delay": result.delay += value
            // `.delay(d).speed(s)` speeds the delay up too (SpeedAnimation scales the time the
            // delay sees): d/s real seconds; `.speed(s).delay(d)` keeps d.
            case "speed" where value > 0:
                result.speed *= value
                result.delay /= value
            default: return nil
            }
            return .some(result)
        }
        return namedAnimation(name, arguments).map { .some($0) }
    }

    /// `spring(response: 0, …)`: SwiftUI documents a response of zero as an infinitely stiff
    /// spring, which is at its target at once: a jump, as a curve of no duration is.
    static let infinitelyStiff = PhaseAnimation(.bezier(.linear, duration: 0))

    /// `Animation.<name>(arguments)` (no call: `Arguments.empty`).
    private func namedAnimation(_ name: String, _ arguments: Arguments) -> PhaseAnimation? {
        switch name {
        case "default":
            return arguments.all.isEmpty ? .default : nil
        case "linear", "easeIn", "easeOut", "easeInOut":
            guard arguments.only(["duration"]), let d = optionalNumber(arguments["duration"], default: PhaseAnimation.defaultCurveDuration),
                let curve = UnitCurve.named[name]
            else { return nil }
            return PhaseAnimation(.bezier(curve, duration: d))
        case "timingCurve":
            guard arguments.all.count >= 4, arguments.all.count <= 5, arguments.only(["duration"]),
                let points = Optional((0..<4).compactMap { arguments.unlabeled($0).flatMap { number($0, nil) } }), points.count == 4,
                let curve = UnitCurve(x1: points[0], y1: points[1], x2: points[2], y2: points[3]),
                let d = optionalNumber(arguments["duration"], default: PhaseAnimation.defaultCurveDuration)
            else { return nil }
            return PhaseAnimation(.bezier(curve, duration: d))
        case "spring":
            if arguments.all.isEmpty { return .spring }
            if arguments.all.count == 1, let value = arguments.unlabeled(0), let s = spring(value) { return PhaseAnimation(.spring(s)) }
            if arguments.only(["duration", "bounce", "blendDuration"]), arguments["response"] == nil {
                guard let d = optionalNumber(arguments["duration"], default: 0.5), let b = optionalNumber(arguments["bounce"], default: 0) else {
                    return nil
                }
                return PhaseAnimation(.spring(Spring(duration: d, bounce: b)))
            }
            if arguments.only(["response", "dampingFraction", "blendDuration"]) {
                guard let r = optionalNumber(arguments["response"], default: 0.5),
                    let z = optionalNumber(arguments["dampingFraction"], default: 0.825)
                else { return nil }
                return r == 0 ? Self.infinitelyStiff : PhaseAnimation(.spring(Spring(response: r, dampingRatio: z)))
            }
            return nil
        case "smooth", "snappy", "bouncy":
            guard let preset = Spring.Preset(rawValue: name), arguments.only(["duration", "extraBounce"]),
                let d = optionalNumber(arguments["duration"], default: 0.5), let extra = optionalNumber(arguments["extraBounce"], default: 0)
            else { return nil }
            return PhaseAnimation(.spring(.preset(preset, duration: d, extraBounce: extra)))
        case "interactiveSpring":
            // iOS 17's form: spring(duration:, bounce: 0.15 + extraBounce).
            if arguments["duration"] != nil || arguments["extraBounce"] != nil {
                guard arguments.only(["duration", "extraBounce", "blendDuration"]), let d = optionalNumber(arguments["duration"], default: 0.15),
                    let extra = optionalNumber(arguments["extraBounce"], default: 0)
                else { return nil }
                return PhaseAnimation(.spring(Spring(duration: d, bounce: 0.15 + extra)))
            }
            guard arguments.only(["response", "dampingFraction", "blendDuration"]),
                let r = optionalNumber(arguments["response"], default: 0.15), let z = optionalNumber(arguments["dampingFraction"], default: 0.86)
            else { return nil }
            return r == 0 ? Self.infinitelyStiff : PhaseAnimation(.spring(Spring(response: r, dampingRatio: z)))
        case "interpolatingSpring":
            // An initial velocity other than 0 is not modelled (the step starts at rest).
            if let v = arguments["initialVelocity"], number(v, nil) != 0 { return nil }
            if arguments["stiffness"] != nil {
                guard arguments.only(["mass", "stiffness", "damping", "initialVelocity"]), let m = optionalNumber(arguments["mass"], default: 1),
                    let k = optionalNumber(arguments["stiffness"], default: 0), let c = optionalNumber(arguments["damping"], default: 0)
                else { return nil }
                return Self.physicalSpring(mass: m, stiffness: k, damping: c).map { PhaseAnimation(.spring($0)) }
            }
            guard arguments.only(["duration", "bounce", "initialVelocity"]), let d = optionalNumber(arguments["duration"], default: 0.5),
                let b = optionalNumber(arguments["bounce"], default: 0)
            else { return nil }
            return PhaseAnimation(.spring(Spring(duration: d, bounce: b)))
        default:
            return nil
        }
    }
}

// MARK: - Arguments

/// A call's arguments by label, trailing closures included under their labels.
struct Arguments {
    var all: [(label: String?, expr: ExprSyntax)]

    static let empty = Arguments(all: [])

    init(all: [(label: String?, expr: ExprSyntax)]) { self.all = all }

    init(_ call: FunctionCallExprSyntax) {
        all = call.arguments.map { ($0.label?.text, $0.expression) }
        if let closure = call.trailingClosure { all.append((nil, ExprSyntax(closure))) }
        for extra in call.additionalTrailingClosures { all.append((extra.label.text, ExprSyntax(extra.closure))) }
    }

    subscript(label: String) -> ExprSyntax? { all.first { $0.label == label }?.expr }

    /// The `n`th unlabeled argument.
    func unlabeled(_ n: Int) -> ExprSyntax? {
        let unlabeled = all.filter { $0.label == nil }
        return n < unlabeled.count ? unlabeled[n].expr : nil
    }

    /// Whether every labeled argument is one of `labels` (unlabeled ones are not checked).
    func only(_ labels: Set<String>) -> Bool { all.allSatisfy { $0.label.map(labels.contains) ?? true } }
}

extension String {
    var replacingUnderscores: String { filter { $0 != "_" } }
}
#endif
