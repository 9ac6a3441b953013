#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - LayerValue

/// A value a Core Animation or UIKit animation moves between, read from a literal: a number, a
/// point, a size, a rect, or a transform of one kind (scale, translation, rotation).
struct LayerValue: Equatable {
    /// What the value is, which decides the key path it animates and its components' names.
    enum Shape: Hashable {
        case number
        case point, size, rect
        /// A transform: `scale` (x, y), `translation` (x, y), `rotation` (z, degrees).
        case transform(String)
        /// `CGAffineTransform.identity` / `CATransform3DIdentity`: the identity of whatever
        /// transform the other end of the animation is.
        case identity
    }

    var shape: Shape
    var components: [Double]

    /// The components' names for a shape (`[]` for a number).
    static func componentNames(_ shape: Shape) -> [String] {
        switch shape {
        case .number, .identity: []
        case .point: ["x", "y"]
        case .size: ["width", "height"]
        case .rect: ["origin.x", "origin.y", "size.width", "size.height"]
        case .transform(let kind): kind == "rotation" ? [] : ["x", "y"]
        }
    }

    /// The identity of a transform kind (scale 1, translation 0, rotation 0).
    static func identity(of kind: String) -> [Double] {
        switch kind {
        case "scale": [1, 1]
        case "translation": [0, 0]
        default: [0]
        }
    }
}

// MARK: - Literals of Core Animation and UIKit

extension Evaluator {
    /// A number, also `.pi` (and `CGFloat.pi`, `M_PI`, …), `NSNumber(value:)`, `Float(…)`,
    /// `TimeInterval(…)`, `x as CGFloat`, infinities (`.infinity`, `.greatestFiniteMagnitude`,
    /// `HUGE`, `MAXFLOAT`), and + − × ÷ of those, with × and ÷ first.
    func layerNumber(_ expr: ExprSyntax) -> Double? {
        var e = unwrap(expr)
        if let cast = e.as(AsExprSyntax.self) { e = unwrap(cast.expression) }
        if let n = number(e, nil) { return n }
        if let sequence = e.as(SequenceExprSyntax.self) { return arithmetic(Self.valueElements(sequence), operand: layerNumber) }
        if let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" { return layerNumber(prefix.expression).map { -$0 } }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            switch ref.baseName.text {
            case "M_PI": return .pi
            case "M_PI_2": return .pi / 2
            case "M_PI_4": return .pi / 4
            // C's largest float (`repeatCount = MAXFLOAT`, an Objective-C habit): for ever.
            case "HUGE", "HUGE_VALF", "MAXFLOAT", "FLT_MAX", "DBL_MAX": return .infinity
            default: return nil
            }
        }
        if let access = e.as(MemberAccessExprSyntax.self), isTypeName(access.base, ["CGFloat", "Double", "Float", "TimeInterval", "CFTimeInterval"]) {
            switch access.declName.baseName.text {
            case "pi": return .pi
            case "infinity", "greatestFiniteMagnitude": return .infinity
            case "zero": return 0
            default: return nil
            }
        }
        if let call = e.as(FunctionCallExprSyntax.self), let name = typeName(call.calledExpression) {
            let arguments = Arguments(call)
            if name == "NSNumber", arguments.all.count == 1, let v = arguments["value"] { return layerNumber(v) }
            if ["Float", "Double", "CGFloat", "TimeInterval", "CFTimeInterval"].contains(name), arguments.all.count == 1,
                let v = arguments.unlabeled(0)
            {
                return layerNumber(v) ?? moduleNumber(v, integers: true)
            }
        }
        return nil
    }

    /// The parts of an assignment statement `target = value`. A value with operators
    /// (`x.beginTime = CACurrentMediaTime() + 0.1`) is not a node of its own in the unfolded
    /// sequence: the whole statement stands for it, and the readers below skip its `target =`.
    static func assignmentParts(_ expr: ExprSyntax) -> (target: ExprSyntax, value: ExprSyntax)? {
        guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count >= 3 else { return nil }
        let items = Array(sequence.elements)
        guard items[1].is(AssignmentExprSyntax.self), !items.dropFirst(2).contains(where: { $0.is(AssignmentExprSyntax.self) }) else { return nil }
        return (items[0], sequence.elements.count == 3 ? items[2] : expr)
    }

    /// The elements of a sequence, without a leading `target =` (see `assignmentParts`).
    static func valueElements(_ sequence: SequenceExprSyntax) -> [ExprSyntax] {
        let items = Array(sequence.elements)
        return items.count > 3 && items[1].is(AssignmentExprSyntax.self) ? Array(items.dropFirst(2)) : items
    }

    /// A time in seconds from the trigger: a number, `CACurrentMediaTime() + x` (and
    /// `layer.convertTime(CACurrentMediaTime(), from: nil) + x`): x.
    func layerTime(_ expr: ExprSyntax) -> Double? {
        let e = unwrap(expr)
        if isCurrentTime(e) { return 0 }
        if let sequence = e.as(SequenceExprSyntax.self) {
            let items = Self.valueElements(sequence)
            if items.count == 3, let op = items[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "+" || op == "-" {
                if isCurrentTime(items[0]), let x = layerNumber(items[2]) { return op == "+" ? x : -x }
                if op == "+", isCurrentTime(items[2]), let x = layerNumber(items[0]) { return x }
            }
        }
        return layerNumber(e)
    }

    /// `CACurrentMediaTime()` or `….convertTime(CACurrentMediaTime(), from: …)`.
    func isCurrentTime(_ expr: ExprSyntax) -> Bool {
        guard let call = unwrap(expr).as(FunctionCallExprSyntax.self) else { return false }
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self), ref.baseName.text == "CACurrentMediaTime", call.arguments.isEmpty {
            return true
        }
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "convertTime",
            let first = call.arguments.first?.expression
        {
            return isCurrentTime(first)
        }
        return false
    }

    /// A layer key path: `"transform.scale"`, `#keyPath(CALayer.opacity)`.
    func keyPath(_ expr: ExprSyntax, depth: Int = 0) -> String? {
        let e = unwrap(expr)
        if let s = stringLiteral(e) { return s }
        if let macro = e.as(MacroExpansionExprSyntax.self), macro.macroName.text == "keyPath", let arg = macro.arguments.first?.expression {
            let parts = arg.trimmedDescription.split(separator: ".").map(String.init)
            return parts.count > 1 ? parts.dropFirst().joined(separator: ".") : parts.first
        }
        // A name the file binds with `let` to one (`Const.rotationX`, `let path = "opacity"`).
        if depth < 8, let bound = boundExpression(e) { return keyPath(bound, depth: depth + 1) }
        return nil
    }

    /// The text of a plain string literal (no interpolation).
    func stringLiteral(_ expr: ExprSyntax) -> String? {
        guard let literal = unwrap(expr).as(StringLiteralExprSyntax.self) else { return nil }
        var text = ""
        for segment in literal.segments {
            guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
            text += plain.content.text
        }
        return text
    }

    /// The member name of `.name`, `Type.name` or `kCAName` (with the prefix removed).
    func memberName(_ expr: ExprSyntax, types: [String], prefix: String? = nil) -> String? {
        let e = unwrap(expr)
        if let access = e.as(MemberAccessExprSyntax.self), isTypeName(access.base, types) { return access.declName.baseName.text }
        if let prefix, let ref = e.as(DeclReferenceExprSyntax.self), ref.baseName.text.hasPrefix(prefix) {
            let rest = ref.baseName.text.dropFirst(prefix.count)
            guard let first = rest.first else { return nil }
            return first.lowercased() + rest.dropFirst()
        }
        return nil
    }

    /// A UIKit duration chosen by a condition with no animation on one side (`animated ? 0.3 :
    /// 0`, `instant ? 0 : fade`): the duration of the animation when one plays, since a zero
    /// duration makes the changes at once; also through a constant the file binds it to. Nil for
    /// any other expression, or when that side does not read as a positive number.
    func conditionalDuration(_ expr: ExprSyntax) -> Double? {
        // Also through a constant the file binds it to (`let duration = isPressed ? 0 : 0.3`).
        if unwrap(expr).is(DeclReferenceExprSyntax.self), let bound = boundExpression(expr), !bound.is(DeclReferenceExprSyntax.self) {
            return conditionalDuration(bound)
        }
        guard let sequence = unwrap(expr).as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, let ternary = elements[elements.count - 2].as(UnresolvedTernaryExprSyntax.self),
            !elements.dropLast(2).contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) })
        else { return nil }
        let yes = layerNumber(ternary.thenExpression), no = layerNumber(elements[elements.count - 1])
        if no == 0, let d = yes, d > 0, d.isFinite { return d }
        if yes == 0, let d = no, d > 0, d.isFinite { return d }
        return nil
    }

    /// `CAMediaTimingFunction(name: .easeOut)` (also `kCAMediaTimingFunctionEaseOut`, `.default`)
    /// or `CAMediaTimingFunction(controlPoints: x1, y1, x2, y2)`; also `.init(…)`.
    func mediaTimingFunction(_ expr: ExprSyntax) -> UnitCurve? {
        guard let call = unwrap(expr).as(FunctionCallExprSyntax.self) else { return nil }
        let isInit = call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil && $0.declName.baseName.text == "init" } ?? false
        guard isInit || typeName(call.calledExpression) == "CAMediaTimingFunction" else { return nil }
        let arguments = Arguments(call)
        if let name = arguments["name"] {
            return memberName(name, types: ["CAMediaTimingFunctionName"], prefix: "kCAMediaTimingFunction").flatMap(Self.namedTimingFunction)
        }
        if let first = arguments["controlPoints"] {
            let rest = arguments.all.drop { $0.label != "controlPoints" }.map(\.expr)
            guard rest.count == 4, rest.first == first else { return nil }
            let points = rest.compactMap(layerNumber)
            guard points.count == 4 else { return nil }
            return UnitCurve(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
        }
        return nil
    }

    /// Core Animation's named timing functions by their control points (Apple's
    /// `CAMediaTimingFunctionName` documentation).
    static func namedTimingFunction(_ name: String) -> UnitCurve? {
        switch name {
        case "linear": .linear
        case "easeIn": .easeIn
        case "easeOut": .easeOut
        case "easeInEaseOut": .easeInOut
        case "default": UnitCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        default: nil
        }
    }

    /// An array literal's elements, or the elements of `Array(repeating: x, count: n)`.
    func arrayElements(_ expr: ExprSyntax) -> [ExprSyntax]? {
        let e = unwrap(expr)
        if let array = e.as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
        if let call = e.as(FunctionCallExprSyntax.self), typeName(call.calledExpression) == "Array" {
            let arguments = Arguments(call)
            if let item = arguments["repeating"], let count = arguments["count"].flatMap(layerNumber), count >= 0, count <= 10_000,
                count == count.rounded()
            {
                return Array(repeating: item, count: Int(count))
            }
        }
        return nil
    }

    // MARK: Values

    /// A value: a number, `CGPoint(x:y:)`, `CGSize(width:height:)`, `CGRect(x:y:width:height:)`,
    /// `NSValue(cgPoint: …)` and the like, `CATransform3DMakeScale/Translation/Rotation(…)`,
    /// `CGAffineTransform(scaleX:y:)`, `(translationX:y:)`, `(rotationAngle:)`, `.identity`,
    /// `CATransform3DIdentity`. Rotation angles are radians in code and degrees here.
    func layerValue(_ expr: ExprSyntax) -> LayerValue? {
        var e = unwrap(expr)
        if let cast = e.as(AsExprSyntax.self) { e = unwrap(cast.expression) }
        if let n = layerNumber(e) { return LayerValue(shape: .number, components: [n]) }
        if let ref = e.as(DeclReferenceExprSyntax.self), ref.baseName.text == "CATransform3DIdentity" {
            return LayerValue(shape: .identity, components: [])
        }
        if let access = e.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "identity",
            isTypeName(access.base, ["CGAffineTransform", "CATransform3D"])
        {
            return LayerValue(shape: .identity, components: [])
        }
        guard let call = e.as(FunctionCallExprSyntax.self) else { return nil }
        let arguments = Arguments(call)
        let isInit = call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil && $0.declName.baseName.text == "init" } ?? false
        let name = typeName(call.calledExpression) ?? (isInit ? "" : nil)
        func numbers(_ labels: [String]) -> [Double]? {
            guard arguments.all.count == labels.count else { return nil }
            let values = labels.compactMap { arguments[$0].flatMap(layerNumber) }
            return values.count == labels.count ? values : nil
        }
        func unlabeled(_ count: Int) -> [Double]? {
            guard arguments.all.count == count, arguments.all.allSatisfy({ $0.label == nil }) else { return nil }
            let values = (0..<count).compactMap { arguments.unlabeled($0).flatMap(layerNumber) }
            return values.count == count ? values : nil
        }
        switch name {
        case "NSValue":
            guard arguments.all.count == 1, let inner = arguments.all.first?.expr else { return nil }
            return layerValue(inner)
        case "CGPoint", "":
            if let p = numbers(["x", "y"]) { return LayerValue(shape: .point, components: p) }
            if let s = numbers(["width", "height"]) { return LayerValue(shape: .size, components: s) }
            if let r = numbers(["x", "y", "width", "height"]) { return LayerValue(shape: .rect, components: r) }
            return nil
        case "CGSize":
            return numbers(["width", "height"]).map { LayerValue(shape: .size, components: $0) }
        case "CGRect":
            return numbers(["x", "y", "width", "height"]).map { LayerValue(shape: .rect, components: $0) }
        case "CATransform3DMakeScale":
            guard let v = unlabeled(3), v[2] == 1 || v[2] == v[0] else { return nil }
            return LayerValue(shape: .transform("scale"), components: [v[0], v[1]])
        case "CATransform3DMakeTranslation":
            guard let v = unlabeled(3), v[2] == 0 else { return nil }
            return LayerValue(shape: .transform("translation"), components: [v[0], v[1]])
        case "CATransform3DMakeRotation":
            // Only about the z axis (0, 0, 1): what a 2D interface rotates by.
            guard let v = unlabeled(4), v[1] == 0, v[2] == 0, v[3] > 0 else { return nil }
            return LayerValue(shape: .transform("rotation"), components: [v[0] * 180 / .pi])
        case "CGAffineTransform":
            if let v = numbers(["scaleX", "y"]) { return LayerValue(shape: .transform("scale"), components: v) }
            if let v = numbers(["translationX", "y"]) { return LayerValue(shape: .transform("translation"), components: v) }
            if let v = numbers(["rotationAngle"]) { return LayerValue(shape: .transform("rotation"), components: [v[0] * 180 / .pi]) }
            return nil
        default:
            return nil
        }
    }
}
#endif
