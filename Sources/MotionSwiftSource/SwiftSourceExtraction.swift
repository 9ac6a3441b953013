#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftParser
internal import SwiftDiagnostics
internal import SwiftSyntax

// MARK: - SwiftSourceExtraction

/// One file's extraction: parses it, indexes its structs and enums, then walks it for animators
/// (`.keyframeAnimator`, `KeyframeAnimator`, `KeyframeTimeline`, `.phaseAnimator`, `PhaseAnimator`).
final class SwiftSourceExtraction: SyntaxVisitor {
    let file: String
    let tree: SourceFileSyntax
    /// The file's bytes: what `tree.description` would give (the parser keeps every byte), without
    /// writing the tree out again.
    let bytes: [UInt8]
    let converter: SourceLocationConverter
    let evaluator: Evaluator

    private var animations: [SwiftSourceAnimation] = []
    private var issues: [SwiftSourceIssue] = []
    private var typeStack: [EnclosingType] = []
    /// Names of the functions around the code being walked (innermost last).
    private var functionStack: [String] = []
    private var animatorsPerType: [String: Int] = [:]
    /// Animators found while walking, read afterwards in source order (a modifier chain is visited
    /// outermost call first, which is the last animator written).
    private var found: [(call: FunctionCallExprSyntax, name: TokenSyntax, keyframes: Bool, screen: String, typeName: String)] = []
    private var current: (screen: String, typeName: String) = ("", "")
    /// What the animator being read has that could not be read, in its written places.
    private var gaps: [AnimationDiff.Unreadable] = []
    /// Animators shown only with Reduce Motion on (another animator's Reduce Motion version):
    /// where they are written and the properties they move.
    var reducedVersions: [(range: Range<AbsolutePosition>, properties: [String])] = []
    /// The file's type index when the animators needed it (built once, reused after them).
    var builtTypeIndex: SwiftTypeIndex?
    /// The mutations the keyframe and phase animators' triggers are found in, per type.
    let animatorMutations = TypeMutations()

    /// A type declaration around the code being walked.
    struct EnclosingType {
        var name: String
        var isView: Bool
        var screenOverride: String?
    }

    init(source: String, file: String, constants: SwiftModuleConstants = SwiftModuleConstants()) {
        self.file = file
        tree = Self.parse(source)
        bytes = Array(source.utf8)
        converter = SourceLocationConverter(fileName: file, tree: tree)
        let index = DeclarationIndex()
        index.walk(tree)
        let own = SwiftModuleConstants([SwiftFactsScan.facts(bytes, handlers: false)])
        evaluator = Evaluator(index: index, module: ModuleConstantReading(constants, own: own))
        super.init(viewMode: .sourceAccurate)
    }

    /// The file's tree as the parser reads the language today; where that finds an error, as
    /// Swift 5 reads it, if that finds none: most apps build in Swift 5 mode, which accepts what
    /// Swift 6 refuses (`@Environment (\.colorScheme)`, a space before an attribute's
    /// arguments). A second parse only for a file that has an error.
    static func parse(_ source: String) -> SourceFileSyntax {
        let tree = Parser.parse(source: source)
        guard tree.hasError else { return tree }
        var text = source
        let five = text.withUTF8 { Parser.parse(source: $0, swiftVersion: .v5) }
        return five.hasError ? tree : five
    }

    /// The parser's first error, if the file is not valid Swift.
    ///
    /// Found from the tree itself: missing tokens, unexpected code and invalid characters, in
    /// file order. (The toolchain's `ParseDiagnosticsGenerator` traps on some trees, e.g.
    /// `var scale: Double \u{FFFD}= 1.0` — "A Fix-It must have at least one change" — which
    /// the fuzzer found; a file must never crash the import.)
    func syntaxError() -> SwiftSourceError? {
        guard tree.hasError else { return nil }
        var problems: [(position: AbsolutePosition, what: String)] = []
        var lastUnexpected: SyntaxIdentifier?
        for token in tree.tokens(viewMode: .all) {
            if token.presence == .missing {
                problems.append((token.position, token.text.isEmpty ? "expected a name or value" : "expected '\(token.text)'"))
            } else if let unexpected = Self.unexpectedAncestor(of: token) {
                // One problem per run of unexpected code.
                if unexpected.id != lastUnexpected {
                    lastUnexpected = unexpected.id
                    problems.append(
                        (token.positionAfterSkippingLeadingTrivia, "unexpected code '\(String(unexpected.trimmedDescription.prefix(40)))'"))
                }
            } else if let position = Self.unexpectedText(in: token.leadingTrivia, from: token.position)
                ?? Self.unexpectedText(in: token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia)
            {
                problems.append((position, "invalid character in source file"))
            } else if token.tokenDiagnostic != nil {
                problems.append((token.positionAfterSkippingLeadingTrivia, "invalid token '\(String(token.text.prefix(40)))'"))
            }
        }
        guard let first = problems.min(by: { $0.position < $1.position }) else {
            let end = converter.location(for: tree.endPosition)
            return .syntax(file: file, line: end.line, column: end.column, what: "the parser found an error", more: 0)
        }
        let place = converter.location(for: first.position)
        return .syntax(file: file, line: place.line, column: place.column, what: first.what, more: problems.count - 1)
    }

    /// Where the first unexpected text in `trivia` (which starts at `start`) begins, if any.
    static func unexpectedText(in trivia: Trivia, from start: AbsolutePosition) -> AbsolutePosition? {
        var position = start
        for piece in trivia {
            if case .unexpectedText = piece { return position }
            position += piece.sourceLength
        }
        return nil
    }

    /// The `UnexpectedNodesSyntax` holding `token`, if any (the walk up is bounded by the
    /// parser's nesting limit).
    static func unexpectedAncestor(of token: TokenSyntax) -> Syntax? {
        var node = token.parent
        while let n = node {
            if n.is(UnexpectedNodesSyntax.self) { return n }
            node = n.parent
        }
        return nil
    }

    func run() -> SwiftSourceResult {
        // The walk finds keyframe and phase animators only: a file that names none is not walked.
        if SwiftSourceScan.mayContainAnimatorView(bytes) { walk(tree) }
        var animators: [(index: Int, call: FunctionCallExprSyntax, typeName: String)] = []
        let typeIndex = found.isEmpty ? nil : SwiftTypeIndex(tree)
        builtTypeIndex = typeIndex
        for animator in found.sorted(by: { $0.name.position < $1.name.position }) {
            current = (animator.screen, animator.typeName)
            gaps = []
            let before = animations.count
            // An animator shown only with Reduce Motion on is another animator's Reduce Motion
            // version (issue 14): read for what it moves, then left out (no id of its own).
            let reducedVersion = typeIndex.map { Self.isReduceMotionVersion(animator.call, index: $0, evaluator: evaluator) } ?? false
            let counts = animatorsPerType
            if animator.keyframes { keyframeAnimator(animator.call, name: animator.name) } else { phaseAnimator(animator.call, name: animator.name) }
            if reducedVersion {
                if animations.count > before {
                    reducedVersions.append((animator.call.position..<animator.call.endPosition, Self.movedProperties(animations.removeLast().spec)))
                }
                animatorsPerType = counts
                continue
            }
            if animations.count > before { animators.append((before, animator.call, animator.typeName)) }
        }
        // Core Animation and UIKit (issue 13), read by their own walk over the same tree.
        var layer: [(animation: SwiftSourceAnimation, node: Syntax)] = []
        if SwiftSourceScan.mayContainLayerAnimation(bytes) {
            let read = LayerAnimationExtraction(file: file, tree: tree, converter: converter, evaluator: evaluator).run()
            layer = read.animations
            issues += read.issues
        }
        // Implicit animations, Reduce Motion around animators, haptics paired with every kind
        // (issue 17); all of them end in source order.
        let unpaired = extractImplicitAnimations(animators: animators, layer: layer, animations: &animations)
        // Stable by line: issues of one line keep the order they were found in.
        let ordered = issues.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        let containers = EnclosingContainers.run(tree)
        for k in animations.indices {
            let at = converter.position(ofLine: animations[k].line, column: animations[k].column)
            let container = containers.container(at: at)
            animations[k].container = container?.name
            animations[k].screenNamed = container?.screenNamed ?? false
        }
        return SwiftSourceResult(animations: animations, unresolved: ordered, unpairedFeedback: unpaired)
    }

    // MARK: Enclosing types

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, node.inheritanceClause, Syntax(node), node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, node.inheritanceClause, Syntax(node), node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, node.inheritanceClause, Syntax(node), node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.extendedType.trimmedDescription, node.inheritanceClause, Syntax(node), node.memberBlock)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        functionStack.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { functionStack.removeLast() }

    private func push(_ name: String, _ inheritance: InheritanceClauseSyntax?, _ node: Syntax, _ members: MemberBlockSyntax) {
        let isView = inheritance?.inheritedTypes.contains { ["View", "SwiftUI.View"].contains($0.type.trimmedDescription) } ?? false
        // The comment right above the declaration (its leading trivia) or on its line, after `{`.
        let screen = Self.screenComment(node.leadingTrivia) ?? Self.screenComment(members.leftBrace.trailingTrivia)
        typeStack.append(EnclosingType(name: name, isView: isView, screenOverride: screen))
    }

    /// `// motionsync: screen=Name` (or `screen Name`) → Name.
    static func screenComment(_ trivia: Trivia) -> String? { directive("screen", in: trivia) }

    /// `// motionsync: trigger=tap` (or `trigger tap`, `trigger=event:saved`) → the trigger, for
    /// an animation whose state the file does not change (a view or modifier handed its trigger):
    /// it names the event where the code cannot show it. An unknown spelling is nil.
    static func triggerComment(_ trivia: Trivia) -> Trigger? { directive("trigger", in: trivia).flatMap(Trigger.init) }

    /// The value of `NAME=VALUE` (or `NAME VALUE`) in a `motionsync:` comment of `trivia`.
    static func directive(_ name: String, in trivia: Trivia) -> String? {
        for piece in trivia {
            let text: String
            switch piece {
            case .lineComment(let t), .docLineComment(let t): text = String(t.drop { $0 == "/" })
            case .blockComment(let t): text = String(t.dropFirst(2).dropLast(2))
            default: continue
            }
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("motionsync:") else { continue }
            let words = trimmed.dropFirst("motionsync:".count).split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            for (k, word) in words.enumerated() {
                if word.hasPrefix(name + "=") {
                    let value = word.dropFirst(name.count + 1)
                    if !value.isEmpty { return String(value) }
                }
                if word == name, k + 1 < words.count { return String(words[k + 1]) }
            }
        }
        return nil
    }

    /// The screen and the id base for an animator found now.
    private func placement() -> (screen: String, typeName: String) {
        let stem = Self.fileStem(file)
        var typeName = typeStack.last?.name ?? stem
        // In `extension View { func wiggle(…) -> some View { keyframeAnimator(…) } }` the
        // animation belongs to the modifier function: `Wiggle`, id `wiggle`.
        if ["View", "SwiftUI.View"].contains(typeName), let function = functionStack.last, let first = function.first {
            typeName = first.uppercased() + function.dropFirst()
        }
        if let override = typeStack.last(where: { $0.screenOverride != nil })?.screenOverride { return (override, typeName) }
        if let view = typeStack.last(where: { $0.isView }) { return (view.name, typeName) }
        return (typeName, typeName)
    }

    static func fileStem(_ path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return base.hasSuffix(".swift") ? String(base.dropLast(6)) : base
    }

    private func nextID(for typeName: String) -> String {
        let n = (animatorsPerType[typeName] ?? 0) + 1
        animatorsPerType[typeName] = n
        let base = SwiftSourceScan.animationID(forTypeName: typeName)
        return n == 1 ? base : "\(base)-\(n)"
    }

    // MARK: Finding animators

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let nameToken: TokenSyntax
        if let access = node.calledExpression.as(MemberAccessExprSyntax.self) {
            nameToken = access.declName.baseName
        } else if let ref = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            nameToken = ref.baseName
        } else {
            return .visitChildren
        }
        // A bare `keyframeAnimator(…)` inside a type is a call on self (a View's own method).
        let isModifier =
            node.calledExpression.is(MemberAccessExprSyntax.self)
            || (!typeStack.isEmpty && ["keyframeAnimator", "phaseAnimator"].contains(nameToken.text))
        switch (nameToken.text, isModifier) {
        case ("keyframeAnimator", true), ("KeyframeAnimator", false), ("KeyframeTimeline", false), ("mapCameraKeyframeAnimator", true):
            let (screen, typeName) = placement()
            found.append((node, nameToken, true, screen, typeName))
        case ("phaseAnimator", true), ("PhaseAnimator", false):
            let (screen, typeName) = placement()
            found.append((node, nameToken, false, screen, typeName))
        default:
            break
        }
        return .visitChildren
    }

    // MARK: Issues

    func line(_ node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    /// The 1-based column (UTF-8 bytes) where `node` starts, past its leading trivia.
    func column(_ node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).column
    }

    func report(_ node: some SyntaxProtocol, _ what: String) {
        let issue = SwiftSourceIssue(file: file, line: line(node), what: what)
        if !issues.contains(issue) { issues.append(issue) }
    }

    /// Records an unreadable part of the animator being read, in its written place.
    private func unreadable(_ node: some SyntaxProtocol, _ place: AnimationDiff.Unreadable.Place) {
        gaps.append(AnimationDiff.Unreadable(place: place, line: line(node), code: code(node)))
    }

    /// The name of a single-value animator's value: the property of the one modifier the content
    /// closure feeds it to directly (`content.scaleEffect(scale)` → `scale`,
    /// `.offset(y: v)` → `y`), else the closure parameter's own name unless it is `_` or `value`.
    private func singleValueName(_ content: ClosureExprSyntax) -> String? {
        guard let parameter = Self.parameterNames(content).last, Self.parameterNames(content).count >= 2, parameter != "_" else { return nil }
        let fed = ModifierCalls.find(in: Syntax(content.statements)).flatMap { modifierEntries($0.name, Arguments($0.call)) }
            .compactMap { entry -> String? in
                let argument = entry.1.trimmedDescription
                return argument == parameter || argument == ".degrees(\(parameter))" || argument == "Angle.degrees(\(parameter))" ? entry.0 : nil
            }
        if Set(fed).count == 1, let name = fed.first { return name }
        return parameter == "value" ? nil : parameter
    }

    func code(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription
        let oneLine = text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.joined(separator: " ")
        return oneLine.count > 80 ? String(oneLine.prefix(77)) + "…" : oneLine
    }

    // MARK: Keyframe animators

    private func keyframeAnimator(_ call: FunctionCallExprSyntax, name: TokenSyntax) {
        let arguments = Arguments(call)
        let kind = name.text
        let keyframes: ExprSyntax?
        if kind == "KeyframeTimeline" {
            keyframes = arguments["content"] ?? call.trailingClosure.map(ExprSyntax.init)
        } else if kind == "mapCameraKeyframeAnimator" {
            keyframes = arguments["keyframes"] ?? call.trailingClosure.map(ExprSyntax.init)
        } else {
            keyframes = arguments["keyframes"]
        }
        guard let closure = keyframes?.as(ClosureExprSyntax.self) else {
            report(call, "\(kind): no keyframes closure written as a closure literal; animator skipped")
            return
        }

        var initial: [NamedValue] = []
        if kind == "mapCameraKeyframeAnimator" {
            // The camera starts where the map is: the `MapCamera` its `Map` is made with, when written.
            if let camera = MapCameraKeyframes.initialCamera(of: call, evaluator: evaluator) {
                initial = camera
            } else {
                report(
                    name,
                    "mapCameraKeyframeAnimator: the camera starts where the map is when the trigger changes, which the code does not write (Map(initialPosition: .camera(MapCamera(…)))); tracks start at 0"
                )
            }
        } else if let value = arguments["initialValue"] {
            initial = initialValues(value)
        } else {
            report(call, "\(kind): no initialValue; properties start at 0")
        }

        var tracks = self.tracks(in: closure.statements, animator: kind)
        guard !tracks.isEmpty else {
            report(closure, "\(kind): no keyframe could be read; animator skipped")
            return
        }

        // A single-value animator's track (and `KeyframeTrack(\.self)`) is named after what the
        // content closure does with the value: the modifier it feeds, else the parameter's name.
        if tracks.contains(where: { $0.property == "value" }), kind != "KeyframeTimeline",
            let content = (arguments["content"] ?? call.trailingClosure.map(ExprSyntax.init))?.as(ClosureExprSyntax.self),
            let name = singleValueName(content), !tracks.contains(where: { $0.property == name })
        {
            tracks = tracks.map { $0.property == "value" ? KeyframeTrack(property: name, keyframes: $0.keyframes) : $0 }
            initial = initial.map { $0.name == "value" ? NamedValue(name, $0.value) : $0 }
            gaps = gaps.map { $0.renamed(from: "value", to: name) }
        }

        // Without `trigger:`, SwiftUI's animators repeat unless told not to (`repeating: Bool =
        // true`); with one, they play once per change. A scrubbed `KeyframeTimeline` plays
        // neither way by itself.
        let playsByItself = arguments["trigger"] == nil && ["keyframeAnimator", "KeyframeAnimator"].contains(kind)
        var repeating = playsByItself
        if let flag = arguments["repeating"] {
            if let literal = flag.as(BooleanLiteralExprSyntax.self) {
                repeating = literal.literal.tokenKind == .keyword(.true)
            } else {
                report(flag, "repeating: `\(code(flag))` is not a literal; read as \(playsByItself)")
            }
        }
        let (screen, typeName) = current
        let spec = AnimationSpec(
            id: nextID(for: typeName), component: typeName, trigger: repeating ? .repeating : .tap,
            motion: .keyframes(initial: initial, tracks: tracks, repeating: repeating))
        animations.append(SwiftSourceAnimation(screen: screen, spec: spec, line: line(name), column: column(name), unreadable: gaps))
    }

    /// `initialValue:` as a number (the single `value` property) or `Values()` / `Values(a: 1)`
    /// of a struct declared in the file, else in another `.swift` file of its folder
    /// (`NeighbourStruct`).
    private func initialValues(_ expr: ExprSyntax) -> [NamedValue] {
        if let n = evaluator.number(expr, nil) { return [NamedValue("value", n)] }
        guard let call = evaluator.unwrap(expr).as(FunctionCallExprSyntax.self), let typeName = evaluator.typeName(call.calledExpression) else {
            report(expr, "initialValue `\(code(expr))` is neither a number nor a struct declared in this file or its folder; properties start at 0")
            return []
        }
        guard let info = evaluator.index.structs[typeName] else {
            guard let neighbour = NeighbourStruct.find(typeName, besides: file) else {
                report(
                    expr, "initialValue `\(code(expr))` is neither a number nor a struct declared in this file or its folder; properties start at 0")
                return []
            }
            return initialValues(call, typeName: typeName, of: neighbour)
        }
        let arguments = Arguments(call)
        var values: [NamedValue] = []
        for member in info.members {
            let written = arguments[member.name] ?? member.value
            guard let written else {
                report(call, "initialValue: \(typeName).\(member.name) has no default value; it starts at 0")
                continue
            }
            if let n = evaluator.number(written, nil) {
                values.append(NamedValue(member.name, n))
            } else {
                report(written, "initialValue: \(typeName).\(member.name) = `\(code(written))` is not a literal; it starts at 0")
            }
        }
        return values
    }

    /// `Values(…)` of a struct declared in another file of the folder: an argument written here
    /// is read here; otherwise the default that file gives.
    private func initialValues(_ call: FunctionCallExprSyntax, typeName: String, of neighbour: NeighbourStruct) -> [NamedValue] {
        let arguments = Arguments(call)
        var values: [NamedValue] = []
        for member in neighbour.members {
            if let written = arguments[member.name] {
                if let n = evaluator.number(written, nil) {
                    values.append(NamedValue(member.name, n))
                } else {
                    report(written, "initialValue: \(typeName).\(member.name) = `\(code(written))` is not a literal; it starts at 0")
                }
            } else if let n = member.value {
                values.append(NamedValue(member.name, n))
            } else if let code = member.code {
                report(call, "initialValue: \(typeName).\(member.name) = `\(code)` (\(neighbour.file)) is not a literal; it starts at 0")
            } else {
                report(call, "initialValue: \(typeName).\(member.name) has no default value (\(neighbour.file)); it starts at 0")
            }
        }
        return values
    }

    /// The tracks of a keyframes closure: `KeyframeTrack(\.p) { … }` blocks and bare keyframes
    /// (collected into one track named `value`).
    private func tracks(in statements: CodeBlockItemListSyntax, animator: String) -> [KeyframeTrack] {
        var tracks: [KeyframeTrack] = []
        var bare: [Keyframe] = []
        var bareGaps = 0
        for item in statements {
            guard let expr = expression(of: item), let call = expr.as(FunctionCallExprSyntax.self),
                let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)
            else {
                report(item, "\(animator): statement `\(code(item))` in the keyframes closure is not a KeyframeTrack or keyframe; skipped")
                continue
            }
            if callee.baseName.text == "KeyframeTrack" {
                let arguments = Arguments(call)
                var property = "value"
                if let path = arguments.unlabeled(0) {
                    if let keyPath = path.as(KeyPathExprSyntax.self), let last = keyPath.components.last,
                        case .property(let component) = last.component
                    {
                        let name = component.declName.baseName.text
                        property = name == "self" ? "value" : name
                    } else if !(path.is(ClosureExprSyntax.self)) {
                        report(path, "KeyframeTrack key path `\(code(path))` not understood; read as `value`")
                    }
                }
                guard let body = (arguments["content"] ?? call.trailingClosure.map(ExprSyntax.init))?.as(ClosureExprSyntax.self) else {
                    report(call, "KeyframeTrack(\(property)) has no keyframes closure; skipped")
                    continue
                }
                // `\MapCamera.centerCoordinate`: one track per coordinate, latitude and longitude.
                if property == "centerCoordinate" {
                    tracks += coordinateTracks(body)
                    continue
                }
                var keyframes: [Keyframe] = []
                var written = 0
                for inner in body.statements {
                    guard let innerCall = expression(of: inner)?.as(FunctionCallExprSyntax.self), isKeyframeCall(innerCall) else {
                        report(inner, "KeyframeTrack(\(property)): `\(code(inner))` is not a keyframe; skipped")
                        continue
                    }
                    if let k = keyframe(innerCall) {
                        keyframes.append(k)
                    } else {
                        unreadable(innerCall, .keyframe(property: property, index: written))
                    }
                    written += 1
                }
                if keyframes.isEmpty {
                    report(call, "KeyframeTrack(\(property)) has no readable keyframe; track skipped")
                } else {
                    tracks.append(KeyframeTrack(property: property, keyframes: keyframes))
                }
            } else if isKeyframeCall(call) {
                if let k = keyframe(call) {
                    bare.append(k)
                } else {
                    unreadable(call, .keyframe(property: "value", index: bare.count + bareGaps))
                    bareGaps += 1
                }
            } else {
                report(call, "\(animator): `\(code(call))` in the keyframes closure is not a KeyframeTrack or keyframe; skipped")
            }
        }
        if !bare.isEmpty { tracks.insert(KeyframeTrack(property: "value", keyframes: bare), at: 0) }
        return tracks
    }

    /// A `\MapCamera.centerCoordinate` track as two tracks, `latitude` and `longitude`, each
    /// keyframe's `CLLocationCoordinate2D(latitude:longitude:)` split between them.
    private func coordinateTracks(_ body: ClosureExprSyntax) -> [KeyframeTrack] {
        var latitude: [Keyframe] = [], longitude: [Keyframe] = []
        for inner in body.statements {
            guard let call = expression(of: inner)?.as(FunctionCallExprSyntax.self), isKeyframeCall(call), let value = Arguments(call).unlabeled(0)
            else {
                report(inner, "KeyframeTrack(centerCoordinate): `\(code(inner))` is not a keyframe; skipped")
                continue
            }
            guard let coordinate = MapCameraKeyframes.coordinate(value, evaluator: evaluator) else {
                report(
                    value,
                    "KeyframeTrack(centerCoordinate): `\(code(value))` is not a CLLocationCoordinate2D(latitude:longitude:) with literal values; keyframe skipped"
                )
                continue
            }
            if let a = keyframe(call, to: coordinate.latitude), let b = keyframe(call, to: coordinate.longitude) {
                latitude.append(a)
                longitude.append(b)
            }
        }
        guard !latitude.isEmpty else { return [] }
        return [KeyframeTrack(property: "latitude", keyframes: latitude), KeyframeTrack(property: "longitude", keyframes: longitude)]
    }

    static let keyframeTypes: Set<String> = ["LinearKeyframe", "CubicKeyframe", "SpringKeyframe", "MoveKeyframe"]

    private func isKeyframeCall(_ call: FunctionCallExprSyntax) -> Bool {
        call.calledExpression.as(DeclReferenceExprSyntax.self).map { Self.keyframeTypes.contains($0.baseName.text) } ?? false
    }

    /// One keyframe; nil (with an issue) when a value is not a literal. An unreadable keyframe is
    /// left out of the timeline (the rest of the track plays earlier: the issue says so) but keeps
    /// its written place in `SwiftSourceAnimation.unreadable`, so `diff` does not shift the rest.
    private func keyframe(_ call: FunctionCallExprSyntax, to override: Double? = nil) -> Keyframe? {
        guard let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, Self.keyframeTypes.contains(type) else {
            return nil
        }
        let arguments = Arguments(call)
        let allowed: Set<String> =
            switch type {
            case "LinearKeyframe": ["duration", "timingCurve"]
            case "CubicKeyframe": ["duration", "startVelocity", "endVelocity"]
            case "SpringKeyframe": ["duration", "spring", "startVelocity"]
            default: []
            }
        guard arguments.all.filter({ $0.label == nil }).count == 1, arguments.only(allowed), let toExpr = arguments.unlabeled(0) else {
            report(call, "\(type): arguments of `\(code(call))` not understood; keyframe skipped")
            return nil
        }
        var failed = false
        func num(_ e: ExprSyntax, _ what: String) -> Double? {
            if let n = evaluator.number(e, nil) { return n }
            report(e, "\(type) \(what) `\(code(e))` is not a literal; keyframe skipped")
            failed = true
            return nil
        }
        let to = override ?? num(toExpr, "value")
        let duration = arguments["duration"].flatMap { num($0, "duration") }
        let startVelocity = arguments["startVelocity"].flatMap { num($0, "startVelocity") }
        let endVelocity = arguments["endVelocity"].flatMap { num($0, "endVelocity") }
        var curve = UnitCurve.linear
        if let c = arguments["timingCurve"] {
            if let read = evaluator.unitCurve(c) {
                curve = read
            } else {
                report(c, "LinearKeyframe timingCurve `\(code(c))` not understood; keyframe skipped")
                failed = true
            }
        }
        var spring = Spring(duration: 0.5, bounce: 0)
        if let s = arguments["spring"] {
            if let read = evaluator.spring(s) {
                spring = read
            } else {
                report(s, "SpringKeyframe spring `\(code(s))` not understood; keyframe skipped")
                failed = true
            }
        }
        guard !failed, let to else { return nil }
        switch type {
        case "MoveKeyframe":
            return .move(to: to)
        case "LinearKeyframe", "CubicKeyframe":
            guard let duration else {
                report(call, "\(type) without a duration; keyframe skipped")
                return nil
            }
            return type == "LinearKeyframe"
                ? .linear(to: to, duration: duration, curve: curve)
                : .cubic(to: to, duration: duration, startVelocity: startVelocity, endVelocity: endVelocity)
        default:
            return .spring(to: to, duration: duration, spring: spring, startVelocity: startVelocity)
        }
    }

    // MARK: Phase animators

    private func phaseAnimator(_ call: FunctionCallExprSyntax, name: TokenSyntax) {
        let arguments = Arguments(call)
        let kind = name.text
        guard let phasesExpr = arguments.unlabeled(0), !phasesExpr.is(ClosureExprSyntax.self) else {
            report(call, "\(kind): no phases argument; animator skipped")
            return
        }
        guard let (phaseValues, enumInfo) = phaseList(phasesExpr) else {
            report(
                phasesExpr,
                "\(kind): phases `\(code(phasesExpr))` are neither a literal array nor allCases of an enum declared in this file; animator skipped")
            return
        }
        guard phaseValues.count >= 2 else {
            report(phasesExpr, "\(kind): fewer than 2 phases; animator skipped")
            return
        }
        let names = Self.uniqueNames(phaseValues)
        let contexts = phaseValues.map { PhaseContext(references: [], value: $0, enumInfo: enumInfo) }

        // Values, from the content closure's modifier chain.
        var valueColumns: [(property: String, values: [Double?])] = []
        let content = (arguments["content"] ?? arguments.unlabeled(1))?.as(ClosureExprSyntax.self)
        if let content {
            let params = Self.parameterNames(content)
            let phaseName = params.last.flatMap { $0 == "_" ? nil : $0 }
            if let phaseName { valueColumns = phaseColumns(in: content, phaseName: phaseName, contexts: contexts, names: names, kind: kind) }
        } else {
            report(call, "\(kind): no content closure; no values read")
        }
        if let enumInfo { valueColumns += unshownMembers(enumInfo, of: call, taken: Set(valueColumns.map(\.property)), contexts: contexts) }
        if valueColumns.isEmpty { report(call, "\(kind): no phase-dependent value was read") }

        let stepAnimations = phaseStepAnimations(arguments["animation"], contexts: contexts, names: names, kind: kind)
        let phases = phaseValues.indices.map { i in
            Phase(
                name: names[i], values: valueColumns.compactMap { column in column.values[i].map { (column.property, $0) } },
                animation: stepAnimations[i])
        }
        let (screen, typeName) = current
        let trigger: Trigger = arguments["trigger"] == nil ? .repeating : .tap
        let spec = AnimationSpec(id: nextID(for: typeName), component: typeName, trigger: trigger, motion: .phases(phases))
        animations.append(SwiftSourceAnimation(screen: screen, spec: spec, line: line(name), column: column(name), unreadable: gaps))
    }

    /// The members of the phase enum the animator never names (`var o: Double`, which no SwiftUI
    /// modifier shows: `codegen` declares such a property and leaves it for the app to read),
    /// each a value the phases carry: read when every phase gives it a number, in the order
    /// written. A member the animator names is left to the modifiers (or is not a value, as
    /// the step animation is not).
    private func unshownMembers(
        _ info: EnumInfo, of call: FunctionCallExprSyntax, taken: Set<String>, contexts: [PhaseContext]
    )
        -> [(property: String, values: [Double?])]
    {
        var named: Set<String> = []
        for token in call.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let name) = token.tokenKind { named.insert(name) }
        }
        var columns: [(property: String, values: [Double?])] = []
        for (name, body) in info.properties.sorted(by: { $0.value.position < $1.value.position }) where !taken.contains(name) && !named.contains(name)
        {
            let column = contexts.map { evaluator.number(body, $0.inEnum()) }
            if column.allSatisfy({ $0 != nil }) { columns.append((name, column)) }
        }
        return columns
    }

    /// The value each phase gives each property a modifier of the content closure reads from
    /// the phase (`phaseName`), one column per property, later modifiers winning; a property
    /// whose first phase cannot be read is left out (reported).
    private func phaseColumns(
        in content: ClosureExprSyntax, phaseName: String, contexts: [PhaseContext], names: [String], kind: String
    )
        -> [(property: String, values: [Double?])]
    {
        var valueColumns: [(property: String, values: [Double?])] = []
        // Every modifier anywhere in the closure, in written order: a chain
        // (`content.scaleEffect(…).opacity(…)`) or views nested in a GeometryReader / ZStack.
        let entries = ModifierCalls.find(in: Syntax(content.statements)).flatMap { modifierEntries($0.name, Arguments($0.call)) }
        for (property, fullArgument, modifier) in entries {
            guard mentions(fullArgument, phaseName) else { continue }
            // `size * phase.factor`: a non-literal scale (a view's size) times the phase's
            // factor: the factor is what the phase changes, so it is imported, and the
            // dropped scale is reported.
            var argument = fullArgument
            if let (factor, scale) = Self.phaseFactor(fullArgument, phaseName: phaseName, mentions: mentions) {
                argument = factor
                report(
                    fullArgument,
                    "\(kind): `\(code(scale))` in .\(modifier.text)(`\(code(fullArgument))`) is not a literal; the phase's factor `\(code(factor))` is imported"
                )
            }
            guard var property else {
                report(modifier, "\(kind): modifier .\(modifier.text) reads the phase but is not extracted")
                continue
            }
            // `.offset(y: phase.offset)`: the value is the phase's member, named after it
            // (the modifier's label says where it goes, not what it is).
            if let access = fullArgument.as(MemberAccessExprSyntax.self), access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == phaseName {
                property = access.declName.baseName.text
            }
            let column: [Double?] = contexts.map { context in
                var c = context
                c.references = [phaseName]
                return evaluator.number(argument, c)
            }
            if let missing = column.firstIndex(where: { $0 == nil }) {
                report(
                    argument,
                    "\(kind): .\(modifier.text)(`\(code(argument))`) could not be read for phase \(names[missing]); "
                        + (column[0] == nil ? "\(property) left out" : "that phase takes phase \(names[0])'s \(property)"))
                for (i, n) in column.enumerated() where n == nil { unreadable(argument, .phaseValue(phase: i, property: property)) }
            }
            guard column[0] != nil else { continue }
            valueColumns.removeAll { $0.property == property }
            valueColumns.append((property, column))
        }
        return valueColumns
    }

    /// Each phase's animation, from the animation closure (destination phase → animation);
    /// `Animation.default` where there is none or it is not understood (reported).
    private func phaseStepAnimations(_ animationExpr: ExprSyntax?, contexts: [PhaseContext], names: [String], kind: String) -> [PhaseAnimation?] {
        var stepAnimations = [PhaseAnimation?](repeating: .default, count: contexts.count)
        guard let animationExpr else { return stepAnimations }
        guard let closure = animationExpr.as(ClosureExprSyntax.self), let body = singleExpression(closure.statements) else {
            report(animationExpr, "\(kind): the animation closure is not a single expression; Animation.default used")
            return stepAnimations
        }
        let phaseName = Self.parameterNames(closure).first.flatMap { $0 == "_" ? nil : $0 }
        for (i, context) in contexts.enumerated() {
            var c = context
            c.references = phaseName.map { [$0] } ?? []
            if let read = evaluator.animation(body, c) {
                stepAnimations[i] = read
            } else {
                report(body, "\(kind): the animation for phase \(names[i]) is not understood; Animation.default used")
                unreadable(body, .phaseAnimation(phase: i))
            }
        }
        return stepAnimations
    }

    /// `[false, true, false]`, `[0.0, 1.0]`, `[.a, .b]`, or `Enum.allCases` of an enum in the file.
    private func phaseList(_ expr: ExprSyntax) -> ([PhaseValue], EnumInfo?)? {
        let e = evaluator.unwrap(expr)
        if let access = e.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "allCases",
            let base = access.base?.as(DeclReferenceExprSyntax.self), let info = evaluator.index.enums[base.baseName.text]
        {
            return (info.cases.map { .enumCase($0) }, info)
        }
        guard let array = e.as(ArrayExprSyntax.self) else { return nil }
        var values: [PhaseValue] = []
        var enumInfo: EnumInfo?
        for element in array.elements {
            let item = evaluator.unwrap(element.expression)
            if let literal = item.as(BooleanLiteralExprSyntax.self) {
                values.append(.bool(literal.literal.tokenKind == .keyword(.true)))
            } else if let n = evaluator.number(item, nil) {
                values.append(.number(n))
            } else if let access = item.as(MemberAccessExprSyntax.self) {
                let caseName = access.declName.baseName.text
                if let base = access.base?.as(DeclReferenceExprSyntax.self) { enumInfo = evaluator.index.enums[base.baseName.text] }
                if enumInfo == nil { enumInfo = evaluator.index.enums.values.first { $0.cases.contains(caseName) } }
                values.append(.enumCase(caseName))
            } else {
                return nil
            }
        }
        return (values, enumInfo)
    }

    /// Phase names: the case name or the literal, with `-2`, `-3` for repeats.
    static func uniqueNames(_ values: [PhaseValue]) -> [String] {
        var seen: [String: Int] = [:]
        return values.map { value in
            let base: String =
                switch value {
                case .enumCase(let name): name
                case .bool(let b): b ? "true" : "false"
                case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
                }
            let count = (seen[base] ?? 0) + 1
            seen[base] = count
            return count == 1 ? base : "\(base)-\(count)"
        }
    }

    static func parameterNames(_ closure: ClosureExprSyntax) -> [String] {
        guard let clause = closure.signature?.parameterClause else { return [] }
        switch clause {
        case .simpleInput(let list): return list.map { $0.name.text }
        case .parameterClause(let params): return params.parameters.map { ($0.secondName ?? $0.firstName).text }
        @unknown default: return []
        }
    }

    /// The modifiers of `content.a(…).b(…)`, in written order (`a` first): (property or nil when the modifier is
    /// not one the importer maps, the argument, the modifier's name token).
    private func modifierChain(_ expr: ExprSyntax) -> [(String?, ExprSyntax, TokenSyntax)] {
        var groups: [[(String?, ExprSyntax, TokenSyntax)]] = []
        var current = expr
        while let call = current.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = access.base
        {
            groups.append(modifierEntries(access.declName.baseName, Arguments(call)))
            current = base
        }
        return groups.reversed().flatMap { $0 }
    }

    /// `factor * scale` or `scale * factor` where only `factor` mentions the phase.
    static func phaseFactor(_ expr: ExprSyntax, phaseName: String, mentions: (ExprSyntax, String) -> Bool) -> (factor: ExprSyntax, scale: ExprSyntax)?
    {
        guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let items = Array(sequence.elements)
        guard let op = items[1].as(BinaryOperatorExprSyntax.self), op.operator.text == "*" else { return nil }
        let left = mentions(items[0], phaseName), right = mentions(items[2], phaseName)
        if left && !right { return (items[0], items[2]) }
        if right && !left { return (items[2], items[0]) }
        return nil
    }

    /// What one modifier call contributes: (property or nil when not mapped, argument, name token).
    private func modifierEntries(_ name: TokenSyntax, _ arguments: Arguments) -> [(String?, ExprSyntax, TokenSyntax)] {
        AnimatableModifiers.entries(name, arguments).map { ($0.property, $0.argument, $0.modifier) }
    }

    /// Whether `expr` refers to `name` anywhere.
    private func mentions(_ expr: ExprSyntax, _ name: String) -> Bool {
        expr.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

// MARK: - ModifierCalls

/// Every modifier call (`x.name(…)`) inside a syntax tree, in source order.
final class ModifierCalls: SyntaxVisitor {
    private(set) var calls: [(name: TokenSyntax, call: FunctionCallExprSyntax)] = []

    static func find(in node: Syntax) -> [(name: TokenSyntax, call: FunctionCallExprSyntax)] {
        let visitor = ModifierCalls(viewMode: .sourceAccurate)
        visitor.walk(node)
        // A chain's outer call is visited first; the written order is the order of the names.
        return visitor.calls.sorted { $0.name.positionAfterSkippingLeadingTrivia < $1.name.positionAfterSkippingLeadingTrivia }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let access = node.calledExpression.as(MemberAccessExprSyntax.self), access.base != nil {
            calls.append((access.declName.baseName, node))
        }
        return .visitChildren
    }
}
#endif
