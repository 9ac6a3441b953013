#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - Core Animation objects in a code block

extension LayerAnimationExtraction {
    /// A `CAAnimation` a code block creates and configures: its variable, kind, and what the
    /// statements after its declaration set.
    final class Record {
        enum Kind: String {
            case basic = "CABasicAnimation", spring = "CASpringAnimation", keyframe = "CAKeyframeAnimation", group = "CAAnimationGroup"
        }
        let name: String
        let kind: Kind
        let declaration: Syntax
        var keyPath: (String, Syntax)?
        /// Property → the last expression assigned to it (and where).
        var fields: [String: ExprSyntax] = [:]
        /// `CASpringAnimation(perceptualDuration:bounce:)`.
        var perceptual: (duration: ExprSyntax, bounce: ExprSyntax)?
        /// Children of a group, by variable name.
        var children: [String] = []
        var consumed = false

        init(name: String, kind: Kind, declaration: Syntax) {
            self.name = name
            self.kind = kind
            self.declaration = declaration
        }
    }

    /// Reads the Core Animation objects a code block declares (`let a = CABasicAnimation(…)`),
    /// the assignments to their properties that follow, groups (`group.animations = [a, b]`),
    /// and records one animation per group and per animation outside a group.
    func coreAnimation(in list: CodeBlockItemListSyntax) {
        var records: [String: Record] = [:]
        var order: [Record] = []
        for item in list {
            if let decl = item.item.as(VariableDeclSyntax.self) {
                for binding in decl.bindings {
                    guard let id = binding.pattern.as(IdentifierPatternSyntax.self), let value = binding.initializer?.value,
                        let record = newRecord(id.identifier.text, value, declared: binding.typeAnnotation?.type.trimmedDescription, at: Syntax(decl))
                    else { continue }
                    records[record.name] = record
                    order.append(record)
                }
                continue
            }
            guard let expr = expression(of: item) else { continue }
            if let (target, property, value) = Self.assignment(expr), let record = records[target] {
                if property == "keyPath" {
                    if let path = evaluator.keyPath(value) { record.keyPath = (path, Syntax(value)) } else { record.fields["keyPath"] = value }
                } else if property == "animations", record.kind == .group {
                    record.children = []
                    for element in evaluator.arrayElements(value) ?? [] {
                        if let ref = evaluator.unwrap(element).as(DeclReferenceExprSyntax.self), records[ref.baseName.text] != nil {
                            record.children.append(ref.baseName.text)
                        } else {
                            report(
                                element,
                                "CAAnimationGroup \(record.name).animations: `\(code(element))` is not an animation declared in this block; not read")
                        }
                    }
                } else {
                    record.fields[property] = value
                }
            }
        }
        guard !order.isEmpty else { return }
        for group in order where group.kind == .group {
            for child in group.children { records[child]?.consumed = true }
        }
        for item in order where !item.consumed {
            var gaps: [AnimationDiff.Unreadable] = []
            var reasons: [String] = []
            if item.kind == .group {
                let children = item.children.compactMap { records[$0] }
                var animations = children.compactMap { layerAnimation($0, in: list, inGroup: true, gaps: &gaps, reasons: &reasons) }
                if animations.isEmpty {
                    // Children made elsewhere (`[makeFade(), makeMove()]`) or none read: the group's
                    // timing is kept, what moves is progress.
                    let reason = "CAAnimationGroup \(item.name): none of its animations is read in this block; progress 0 → 1 over the group's timing"
                    report(item.declaration, reason)
                    reasons.append(reason)
                    var counted: [AnimationDiff.Unreadable] = [] // the group's own gaps are counted below
                    let span = mediaTiming(item, property: "group", gaps: &counted).timing.basicDuration
                    animations = [LayerAnimation(keyPath: "progress", timing: MediaTiming(duration: span), content: .basic(from: [0], to: [1]))]
                }
                var timing = mediaTiming(item, property: "group", gaps: &gaps).timing
                if timing.isForever, timing.beginTime != 0 {
                    report(
                        item.fields["beginTime"].map(Syntax.init) ?? item.declaration,
                        "\(item.name) repeats forever after a delay of \(MotionLimits.figure(timing.beginTime)) s: the delay happens once, which a loop cannot hold; read without it"
                    )
                    timing.beginTime = 0
                }
                record(item.declaration, motion: LayerMotion(animations: animations, group: timing), gaps: gaps, reasons: reasons)
            } else if let animation = layerAnimation(item, in: list, gaps: &gaps, reasons: &reasons) {
                record(item.declaration, motion: LayerMotion(animations: [animation]), gaps: gaps, reasons: reasons)
            }
        }
    }

    /// A Core Animation object made without a `let` in a code block (`return CABasicAnimation(…)`
    /// in a factory, an argument, a stored property): `coreAnimation(in:)` cannot follow what is
    /// set on it, so its row keeps the key path written in the call and Core Animation's defaults
    /// (0.25 s, linear), what moves as progress, marked estimated.
    func unboundCoreAnimation(_ call: FunctionCallExprSyntax) {
        guard let type = evaluator.typeName(call.calledExpression), let kind = Record.Kind(rawValue: type), !Self.isLocalBinding(call) else { return }
        let path = Arguments(call)["keyPath"].map { evaluator.keyPath($0) ?? code($0) }
        let reason =
            "\(kind.rawValue) made here without a `let` in a block: what is set on it is not followed; Core Animation's defaults (0.25 s, linear), \(path.map { "\($0)" } ?? "what moves") as progress 0 → 1"
        report(call, reason)
        let animation = LayerAnimation(
            keyPath: path.map { $0 + ".progress" } ?? "progress", timing: MediaTiming(), content: .basic(from: [0], to: [1]))
        record(call.calledExpression, motion: LayerMotion(animations: [animation]), gaps: [], reasons: [reason])
    }

    /// `CABasicAnimation(keyPath: "…")`, `CASpringAnimation(perceptualDuration:bounce:)`,
    /// `CAAnimationGroup()`, `.init(…)` with the type declared, …
    private func newRecord(_ name: String, _ value: ExprSyntax, declared: String?, at declaration: Syntax) -> Record? {
        guard let call = evaluator.unwrap(value).as(FunctionCallExprSyntax.self) else { return nil }
        let isInit = call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil && $0.declName.baseName.text == "init" } ?? false
        guard let typeName = evaluator.typeName(call.calledExpression).flatMap({ $0.isEmpty ? nil : $0 }) ?? (isInit ? declared : nil),
            let kind = Record.Kind(rawValue: typeName)
        else { return nil }
        let record = Record(name: name, kind: kind, declaration: declaration)
        let arguments = Arguments(call)
        if let path = arguments["keyPath"] {
            if let text = evaluator.keyPath(path) { record.keyPath = (text, Syntax(path)) } else { record.fields["keyPath"] = path }
        }
        if kind == .spring, let d = arguments["perceptualDuration"], let b = arguments["bounce"] { record.perceptual = (d, b) }
        return record
    }

    /// `target.property = value` as a statement.
    static func assignment(_ expr: ExprSyntax) -> (String, String, ExprSyntax)? {
        guard let (target, value) = Evaluator.assignmentParts(expr), let access = target.as(MemberAccessExprSyntax.self),
            let base = access.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        return (base.baseName.text, access.declName.baseName.text, value)
    }

    // MARK: Timing

    /// The `CAMediaTiming` fields of a record (`duration`, `beginTime`, …). `settles`: the
    /// duration is the spring's `settlingDuration`.
    func mediaTiming(_ r: Record, property: String, gaps: inout [AnimationDiff.Unreadable]) -> (timing: MediaTiming, settles: Bool) {
        var t = MediaTiming()
        var settles = false
        func read(_ field: String, _ parse: (ExprSyntax) -> Double?, _ apply: (Double) -> Void) {
            guard let e = r.fields[field] else { return }
            if let v = parse(e) {
                apply(v)
            } else if let v = parameterDefault(
                e, property: property, field: field, what: "\(r.kind.rawValue) \(r.name).\(field) =",
                unit: ["duration", "beginTime", "timeOffset", "repeatDuration"].contains(field) ? " s" : "", gaps: &gaps)
            {
                apply(v)
            } else {
                unreadable(
                    e, property: property, field: field,
                    "\(r.kind.rawValue) \(r.name).\(field) = `\(code(e))` is not a literal; Core Animation's default used", gaps: &gaps)
            }
        }
        if let e = r.fields["duration"], let access = evaluator.unwrap(e).as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "settlingDuration"
        {
            settles = true
        } else {
            read("duration", evaluator.layerNumber) { t.duration = $0 }
        }
        read("beginTime", evaluator.layerTime) { t.beginTime = $0 }
        read("speed", evaluator.layerNumber) { t.speed = $0 }
        read("timeOffset", evaluator.layerNumber) { t.timeOffset = $0 }
        read("repeatCount", evaluator.layerNumber) { t.repeatCount = $0 }
        read("repeatDuration", evaluator.layerNumber) { t.repeatDuration = $0 }
        if let e = r.fields["autoreverses"] {
            if let b = evaluator.boolLiteral(e) {
                t.autoreverses = b
            } else {
                unreadable(
                    e, property: property, field: "autoreverses", "\(r.name).autoreverses = `\(code(e))` is not a literal; read as false", gaps: &gaps
                )
            }
        }
        if let e = r.fields["fillMode"] {
            if let name = evaluator.memberName(e, types: ["CAMediaTimingFillMode"], prefix: "kCAFillMode"),
                let mode = MediaTiming.FillMode(rawValue: name)
            {
                t.fillMode = mode
            } else {
                unreadable(e, property: property, field: "fillMode", "\(r.name).fillMode = `\(code(e))` not understood; read as removed", gaps: &gaps)
            }
        }
        if let e = r.fields["timingFunction"] {
            if let curve = evaluator.mediaTimingFunction(e) {
                t.timingFunction = curve
            } else {
                unreadable(
                    e, property: property, field: "timingFunction", "\(r.name).timingFunction = `\(code(e))` not understood; read as linear",
                    gaps: &gaps)
            }
        }
        for field in ["isAdditive", "isCumulative"] where r.fields[field] != nil {
            report(
                r.fields[field]!,
                "\(r.name).\(field): not modelled; the values are read as written (\(field == "isAdditive" ? "offsets from the layer's own value" : "each repetition starting over"))"
            )
        }
        if !(t.speed > 0) {
            report(
                r.fields["speed"].map(Syntax.init) ?? r.declaration,
                "\(r.name).speed is \(MotionLimits.figure(t.speed)): a paused or reversed animation is not analysed; read as 1")
            t.speed = 1
        }
        return (t, settles)
    }

    // MARK: Animations

    /// The key path a record animates, and why it is an estimate when the code does not spell it
    /// as a literal: a key path given as an expression (a parameter) is named as written; an
    /// animation without one animates the key it is added under (`layer.add(a, forKey: "birthRate")`,
    /// what Core Animation does with a nil key path; Apple does not document it), else `progress`.
    func keyPath(of r: Record, in list: CodeBlockItemListSyntax, reasons: inout [String]) -> String {
        if let (path, _) = r.keyPath { return path }
        let reason: String
        let path: String
        if let e = r.fields["keyPath"] {
            path = code(e)
            reason = "\(r.kind.rawValue) \(r.name).keyPath is `\(path)`, not a literal: what it animates is named as written"
        } else if let key = addedKey(of: r.name, in: list) {
            path = key
            reason =
                "\(r.kind.rawValue) \(r.name) has no keyPath: read as the key it is added under, `\(key)` (Core Animation animates that key; Apple does not document it)"
        } else {
            path = "progress"
            reason = "\(r.kind.rawValue) \(r.name) has no keyPath and is not added under a key in this block: what it animates is not read (progress)"
        }
        report(r.fields["keyPath"].map(Syntax.init) ?? r.declaration, reason)
        reasons.append(reason)
        return path
    }

    /// The key of `layer.add(name, forKey: "key")` in `list` (nested blocks too), as written
    /// (an interpolated key keeps its `\(…)`).
    func addedKey(of name: String, in list: CodeBlockItemListSyntax) -> String? {
        for token in list.tokens(viewMode: .sourceAccurate) where token.text == "add" {
            guard let call = token.parent?.parent?.as(MemberAccessExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self) else { continue }
            let arguments = Arguments(call)
            guard arguments.unlabeled(0)?.as(DeclReferenceExprSyntax.self)?.baseName.text == name, let key = arguments["forKey"] else { continue }
            if let string = key.as(StringLiteralExprSyntax.self) {
                return string.segments.trimmedDescription
            }
            return code(key)
        }
        return nil
    }

    /// One record as a layer animation (nil, reported, when it cannot be read at all).
    func layerAnimation(
        _ r: Record, in list: CodeBlockItemListSyntax, inGroup: Bool = false, gaps: inout [AnimationDiff.Unreadable], reasons: inout [String]
    ) -> LayerAnimation? {
        let path = keyPath(of: r, in: list, reasons: &reasons)
        var keyPath = path
        // The places found here carry the written key path; the animation may end on another
        // (`transform` → `transform.scale`, `… .progress` for an unreadable end): renamed below.
        let firstGap = gaps.count
        defer {
            for k in firstGap..<gaps.count {
                if case .field(path, let field) = gaps[k].place { gaps[k].place = .field(property: keyPath, field: field) }
            }
        }
        var (timing, settles) = mediaTiming(r, property: keyPath, gaps: &gaps)
        if !inGroup, timing.isForever, timing.beginTime != 0 {
            report(
                r.fields["beginTime"].map(Syntax.init) ?? r.declaration,
                "\(r.name) repeats forever after a delay of \(MotionLimits.figure(timing.beginTime)) s: the delay happens once, which a loop cannot hold; read without it"
            )
            timing.beginTime = 0
        }
        let content: LayerContent
        var components: [String] = []
        switch r.kind {
        case .group:
            return nil
        case .keyframe:
            guard let read = keyframeContent(r, keyPath: &keyPath, gaps: &gaps, reasons: &reasons) else { return nil }
            (content, components) = read
        case .basic, .spring:
            guard let ends = fromTo(r, keyPath: &keyPath, in: list, gaps: &gaps) else { return nil }
            components = ends.components
            if r.kind == .basic {
                content = .basic(from: ends.from, to: ends.to)
            } else {
                guard let spring = springContent(r, from: ends.from, to: ends.to, keyPath: keyPath, settles: settles, gaps: &gaps) else { return nil }
                content = spring
            }
        }
        return LayerAnimation(keyPath: keyPath, components: components, timing: timing, content: content)
    }

    /// A `CASpringAnimation` from `from` to `to`: its spring (perceptual duration and bounce, or
    /// mass, stiffness and damping), its initial velocity, and whether it plays until settled
    /// (`settles`, or the perceptual initializer's duration left as it set it). nil (reported)
    /// when the spring cannot be read.
    func springContent(
        _ r: Record, from: [Double], to: [Double], keyPath: String, settles: Bool, gaps: inout [AnimationDiff.Unreadable]
    ) -> LayerContent? {
        var settles = settles
        let spring: LayerSpring
        if let (d, b) = r.perceptual {
            guard let duration = evaluator.layerNumber(d), let bounce = evaluator.layerNumber(b), duration > 0, bounce > -1 else {
                report(d, "CASpringAnimation(perceptualDuration:bounce:) `\(code(d)), \(code(b))` is not literal; animation skipped")
                return nil
            }
            spring = .physical(Spring(duration: duration, bounce: bounce), allowsOverdamping: true)
            // The initializer sets the duration the spring needs; a duration set after it wins.
            if r.fields["duration"] == nil { settles = true }
        } else {
            guard let physical = physicalSpring(r, keyPath: keyPath, gaps: &gaps) else { return nil }
            spring = physical
        }
        var velocity = 0.0
        if let e = r.fields["initialVelocity"] {
            if let v = evaluator.layerNumber(e) {
                velocity = v
            } else if let v = parameterDefault(
                e, property: keyPath, field: "initialVelocity", what: "CASpringAnimation \(r.name).initialVelocity =", unit: "", gaps: &gaps)
            {
                velocity = v
            } else {
                unreadable(
                    e, property: keyPath, field: "initialVelocity",
                    "CASpringAnimation \(r.name).initialVelocity = `\(code(e))` is not a literal; read as 0", gaps: &gaps)
            }
        }
        return .spring(from: from, to: to, spring: spring, initialVelocity: velocity, settles: settles)
    }

    /// A `CASpringAnimation`'s mass, stiffness, damping and `allowsOverdamping` (Core
    /// Animation's default for each not written or not literal, said in `gaps`); nil (reported)
    /// when together they give no finite frequency.
    func physicalSpring(_ r: Record, keyPath: String, gaps: inout [AnimationDiff.Unreadable]) -> LayerSpring? {
        var values: [String: Double] = ["mass": 1, "stiffness": 100, "damping": 10]
        for field in ["mass", "stiffness", "damping"] {
            guard let e = r.fields[field] else { continue }
            let valid = { (v: Double) in v.isFinite && (field == "damping" ? v >= 0 : v > 0) }
            if let v = evaluator.layerNumber(e), valid(v) {
                values[field] = v
            } else if let v = parameterDefault(
                e, property: keyPath, field: field, what: "CASpringAnimation \(r.name).\(field) =", unit: "", accept: valid, gaps: &gaps)
            {
                values[field] = v
            } else {
                unreadable(
                    e, property: keyPath, field: field,
                    "CASpringAnimation \(r.name).\(field) = `\(code(e))` is not a literal; Core Animation's default used", gaps: &gaps)
            }
        }
        var allows = false
        if let e = r.fields["allowsOverdamping"], let b = evaluator.boolLiteral(e) { allows = b }
        // Each positive and finite, yet together they may give no finite frequency (a mass of 1e-320).
        guard let physical = Evaluator.physicalSpring(mass: values["mass"]!, stiffness: values["stiffness"]!, damping: values["damping"]!) else {
            report(
                r.declaration,
                "CASpringAnimation \(r.name): mass \(values["mass"]!), stiffness \(values["stiffness"]!), damping \(values["damping"]!) give no finite frequency; animation skipped"
            )
            return nil
        }
        if r.fields["duration"] == nil {
            report(
                r.declaration,
                "CASpringAnimation \(r.name) has no duration: Core Animation cuts the spring at 0.25 s (set duration = \(r.name).settlingDuration to let it settle)"
            )
        }
        return .physical(physical, allowsOverdamping: allows)
    }

    /// A `CAKeyframeAnimation`'s values, key times, timing functions, calculation mode and
    /// Kochanek–Bartels parameters, with its components; a path or values that are not literals
    /// as progress 0 → 1 on `KEYPATH.progress` (reported, and a reason or an unreadable place);
    /// nil (reported) when it cannot be read at all.
    func keyframeContent(
        _ r: Record, keyPath: inout String, gaps: inout [AnimationDiff.Unreadable], reasons: inout [String]
    ) -> (content: LayerContent, components: [String])? {
        func progress(_ keyPath: inout String) -> (content: LayerContent, components: [String]) {
            keyPath += ".progress"
            return (.basic(from: [0], to: [1]), [])
        }
        var components: [String] = []
        if let p = r.fields["path"] {
            // Core Animation moves along the path over the duration (paced by the calculation
            // mode): its shape is not read, its timing is.
            let reason = "CAKeyframeAnimation \(r.name).path: the CGPath is not read; progress 0 → 1 along the path over its duration"
            report(p, reason)
            reasons.append(reason)
            return progress(&keyPath)
        }
        guard let valuesExpr = r.fields["values"] else {
            let reason =
                "CAKeyframeAnimation \(r.name) has no values or path in this block: what it animates is not read; progress 0 → 1 over its duration"
            report(r.declaration, reason)
            reasons.append(reason)
            return progress(&keyPath)
        }
        guard let elements = evaluator.arrayElements(valuesExpr) else {
            unreadable(
                valuesExpr, property: keyPath, field: "values",
                "CAKeyframeAnimation \(r.name).values `\(code(valuesExpr))` is not an array literal; read as progress 0 → 1", gaps: &gaps)
            return progress(&keyPath)
        }
        var values: [LayerValue] = []
        for (k, element) in elements.enumerated() {
            if let v = evaluator.layerValue(element) {
                values.append(v)
            } else {
                unreadable(
                    element, property: keyPath, field: "values[\(k)]",
                    "\(r.name).values[\(k)] `\(code(element))` is not a literal value; read as progress 0 → 1", gaps: &gaps)
                return progress(&keyPath)
            }
        }
        guard let shaped = Self.shape(values, keyPath: &keyPath) else {
            report(valuesExpr, "\(r.name).values mix kinds of value; animation skipped")
            return nil
        }
        components = shaped.components
        var keyframes = LayerKeyframes(values: shaped.values)
        readKeyframeOptions(r, into: &keyframes, keyPath: keyPath, gaps: &gaps)
        checkKeyTimes(r, of: &keyframes)
        return (.keyframes(keyframes), components)
    }

    /// A `CAKeyframeAnimation`'s key times, timing functions, calculation mode and
    /// Kochanek–Bartels parameters, into `keyframes`; each written but not understood is said in
    /// `gaps` and left at Core Animation's default.
    func readKeyframeOptions(_ r: Record, into keyframes: inout LayerKeyframes, keyPath: String, gaps: inout [AnimationDiff.Unreadable]) {
        if let e = r.fields["keyTimes"] {
            let numbers = evaluator.arrayElements(e)?.compactMap(evaluator.layerNumber)
            if let numbers, numbers.count == evaluator.arrayElements(e)?.count {
                keyframes.keyTimes = numbers
            } else {
                unreadable(
                    e, property: keyPath, field: "keyTimes", "\(r.name).keyTimes `\(code(e))` is not an array of numbers; even spacing used",
                    gaps: &gaps)
            }
        }
        if let e = r.fields["timingFunctions"] {
            let functions = evaluator.arrayElements(e)?.compactMap(evaluator.mediaTimingFunction)
            if let functions, functions.count == evaluator.arrayElements(e)?.count {
                keyframes.timingFunctions = functions
            } else {
                unreadable(
                    e, property: keyPath, field: "timingFunctions", "\(r.name).timingFunctions `\(code(e))` not understood; linear pacing used",
                    gaps: &gaps)
            }
        }
        if let e = r.fields["calculationMode"] {
            if let name = evaluator.memberName(e, types: ["CAAnimationCalculationMode"], prefix: "kCAAnimation"),
                let mode = LayerKeyframes.Mode(rawValue: name)
            {
                keyframes.mode = mode
            } else {
                unreadable(
                    e, property: keyPath, field: "calculationMode", "\(r.name).calculationMode `\(code(e))` not understood; linear used", gaps: &gaps)
            }
        }
        for (field, member) in [("tensionValues", \.tension), ("continuityValues", \.continuity), ("biasValues", \.bias)]
            as [(String, WritableKeyPath<LayerKeyframes, [Double]>)]
        {
            guard let e = r.fields[field] else { continue }
            let numbers = evaluator.arrayElements(e)?.compactMap(evaluator.layerNumber)
            if let numbers, numbers.count == evaluator.arrayElements(e)?.count {
                keyframes[keyPath: member] = numbers
            } else {
                unreadable(e, property: keyPath, field: field, "\(r.name).\(field) `\(code(e))` is not an array of numbers; 0 used", gaps: &gaps)
            }
        }
    }

    /// Drops (reported) key times that do not fit the values and calculation mode, or do not
    /// rise from 0 to 1: Core Animation then spaces the keyframes evenly.
    func checkKeyTimes(_ r: Record, of keyframes: inout LayerKeyframes) {
        if let times = keyframes.keyTimes {
            let n = keyframes.values.count
            let fits =
                keyframes.mode == .discrete
                ? (times.count == n || times.count == n + 1) : (times.count == n || keyframes.mode == .paced || keyframes.mode == .cubicPaced)
            if !fits {
                report(r.fields["keyTimes"]!, "\(r.name).keyTimes has \(times.count) entries for \(n) values; even spacing used")
                keyframes.keyTimes = nil
            } else if !(times.allSatisfy { (0...1).contains($0) } && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }) {
                report(r.fields["keyTimes"]!, "\(r.name).keyTimes must rise from 0 to 1; even spacing used")
                keyframes.keyTimes = nil
            }
        }
    }

    /// `fromValue`, `toValue`, `byValue` as two ends (Core Animation's rules: from + by, to − by);
    /// an end not written is the layer's own value, taken from a literal assignment to the same
    /// key path in the block (before the animation for its start, after it for its end), else
    /// the animation is read as progress 0 → 1 (`KEYPATH.progress`), said in the issues.
    func fromTo(
        _ r: Record, keyPath: inout String, in list: CodeBlockItemListSyntax, gaps: inout [AnimationDiff.Unreadable]
    ) -> (from: [Double], to: [Double], components: [String])? {
        var ends: [String: LayerValue] = [:]
        for field in ["fromValue", "toValue", "byValue"] {
            guard let e = r.fields[field] else { continue }
            if let v = evaluator.layerValue(e) {
                ends[field] = v
            } else {
                unreadable(
                    e, property: keyPath, field: field,
                    "\(r.kind.rawValue) \(r.name).\(field) = `\(code(e))` is not a literal value; read as progress 0 → 1", gaps: &gaps)
                keyPath += ".progress"
                return ([0], [1], [])
            }
        }
        var from = ends["fromValue"], to = ends["toValue"]
        let by = ends["byValue"]
        // All three nil: Core Animation interpolates between the layer's previous and current
        // value of the key path (Apple's CABasicAnimation reference): the idiom of changing the
        // model with actions disabled, then adding the animation. The previous value is not in
        // the code (an assignment before the animation is the new one), so the timing is read
        // with progress 0 → 1.
        if from == nil, to == nil, by == nil {
            report(
                r.declaration,
                "\(r.kind.rawValue) \(r.name) has no fromValue, toValue or byValue: Core Animation moves \(keyPath) from the layer's previous value to its current one, which the code does not show; read as progress 0 → 1"
            )
            keyPath += ".progress"
            return ([0], [1], [])
        }
        let position = r.declaration.positionAfterSkippingLeadingTrivia
        if from == nil, let by, let to, by.components.count == to.components.count, to.shape == by.shape {
            from = LayerValue(shape: to.shape, components: zip(to.components, by.components).map { $0 - $1 })
        }
        if to == nil, let by, let start = from, by.components.count == start.components.count, start.shape == by.shape {
            to = LayerValue(shape: start.shape, components: zip(start.components, by.components).map { $0 + $1 })
        }
        if from == nil { from = modelValue(keyPath, in: list, before: true, of: position) }
        if to == nil { to = modelValue(keyPath, in: list, before: false, of: position) }
        if from == nil, to == nil, let by {
            report(r.declaration, "\(r.name): byValue alone moves the layer's own value, which the code does not show; read from 0")
            from = LayerValue(shape: by.shape, components: by.components.map { _ in 0 })
            to = by
        }
        guard let start = from, let end = to else {
            report(
                r.declaration,
                "\(r.name): no \(from == nil ? "fromValue" : "toValue") and no literal \(keyPath) set in this block: Core Animation uses the layer's current value; read as progress 0 → 1"
            )
            keyPath += ".progress"
            return ([0], [1], [])
        }
        guard let shaped = Self.shape([start, end], keyPath: &keyPath) else {
            report(r.declaration, "\(r.name): fromValue and toValue are different kinds of value; animation skipped")
            return nil
        }
        return (shaped.values[0], shaped.values[1], shaped.components)
    }

    /// The literal value a statement of `list` assigns to the layer's `keyPath` (`layer.opacity = 0`,
    /// `view.layer.position.y = 10`): the last one before `position`, or the first after it.
    func modelValue(_ keyPath: String, in list: CodeBlockItemListSyntax, before: Bool, of position: AbsolutePosition) -> LayerValue? {
        var best: LayerValue?
        for item in list {
            guard let expr = expression(of: item), let (assigned, value) = Evaluator.assignmentParts(expr) else { continue }
            let target = assigned.trimmedDescription.filter { !$0.isWhitespace }
            guard target == keyPath || target.hasSuffix("." + keyPath),
                target.contains("layer") || !keyPath.contains(".") || target.hasSuffix("layer." + keyPath)
            else { continue }
            guard let value = evaluator.layerValue(value) else { continue }
            let at = item.positionAfterSkippingLeadingTrivia
            if before && at < position { best = value }
            if !before && at > position && best == nil { best = value }
        }
        return best
    }

    /// Values of one kind as components, the key path adjusted to the kind (`transform` with
    /// scale values is `transform.scale`; a rotation's radians become degrees). nil when they mix.
    static func shape(_ values: [LayerValue], keyPath: inout String) -> (values: [[Double]], components: [String])? {
        let kinds = Set(values.map(\.shape).filter { $0 != .identity })
        guard kinds.count <= 1 else { return nil }
        let shape = kinds.first ?? .number
        var resolved: [[Double]] = []
        for v in values {
            if v.shape == .identity {
                guard case .transform(let kind) = shape else { return nil }
                resolved.append(LayerValue.identity(of: kind))
            } else {
                resolved.append(v.components)
            }
        }
        if case .transform(let kind) = shape {
            if keyPath == "transform" { keyPath = kind == "rotation" ? "transform.rotation.z" : "transform.\(kind)" }
        } else if shape == .number, keyPath.contains("rotation") {
            // Rotation key paths take radians; motionsync's angles are degrees.
            resolved = resolved.map { $0.map { $0 * 180 / .pi } }
        }
        return (resolved, LayerValue.componentNames(shape))
    }
}
#endif
