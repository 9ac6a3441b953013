#if MOTIONSYNC_SWIFTSYNTAX
import MotionCore
internal import SwiftSyntax

// MARK: - SensoryFeedbackPairing

/// Pairs the haptics code fires with the animations they accompany.
///
/// - `.sensoryFeedback(FEEDBACK, trigger: X)` (and its `condition:` and closure forms) fires when
///   `X` changes: it pairs with every animation of the same view keyed on `X` (an animator's
///   `trigger:`, an implicit animation's state).
/// - A UIKit feedback generator (`UIImpactFeedbackGenerator(style:).impactOccurred()`,
///   `selectionChanged()`, `notificationOccurred(_:)`) or a Core Haptics player
///   (`player.start(atTime:)`, `engine.playPattern(from:)`) fires in the action it is written in:
///   it pairs with the animations that action starts (the `Button` action holding the
///   `withAnimation`, the handler changing an animator's trigger, through the view's methods).
///   Inside `DispatchQueue.main.asyncAfter(deadline: .now() + T)` it fires T seconds later. The
///   same holds for UIKit and Core Animation: a haptic in the method that calls `UIView.animate`
///   or adds a layer animation (or in a method both are called from) pairs with it; one in the
///   `completion:` of a `UIView.animate…` call fires when that animation ends.
///
/// An animation with a trigger gets its `feedback` (empty when none pairs); a haptic that pairs
/// with nothing is listed as unpaired.
struct SensoryFeedbackPairing {
    /// A haptic written in code.
    struct Site {
        var kind: String
        /// The states a `.sensoryFeedback` fires on (those its trigger reads); nil for an
        /// imperative one.
        var keys: [String]?
        var call: FunctionCallExprSyntax
        var name: TokenSyntax
        /// Seconds after the action (an `asyncAfter` around it).
        var delay: Double
        /// The callee of the UIKit animation call whose `completion:` closure holds it: it fires
        /// when that animation ends.
        var completionOf: Syntax? = nil
    }

    /// An animation that can pair: where it is in the result, its view, its keys and the actions
    /// that start it.
    struct Candidate {
        var index: Int
        var typeName: String
        var keys: [String]
        var actions: [Syntax]
        /// Where a UIKit or Core Animation animation was read (the node its `completion:` is
        /// matched against).
        var node: Syntax? = nil
    }

    let host: SwiftSourceExtraction
    let triggers: TriggerResolution

    /// Sets `feedback` on the animations at the candidates' indices from the haptics the file
    /// fires (`sites`, `FeedbackSites.find`) and returns those that pair with none.
    func pair(_ candidates: [Candidate], sites: [Site], animations: inout [SwiftSourceAnimation]) -> [UnpairedFeedback] {
        var paired: [Int: [Feedback]] = [:]
        var unpaired: [UnpairedFeedback] = []
        for site in sites {
            let typeName = triggers.index.typeName(around: site.call) ?? SwiftSourceExtraction.fileStem(host.file)
            let source = "\(host.file):\(host.line(site.name))"
            var matches: [Int] = []
            var trigger = site.keys?.joined(separator: " or ") ?? "an action"
            if let keys = site.keys {
                matches = candidates.filter { c in c.typeName == typeName && keys.contains { c.keys.contains($0) } }.map(\.index)
            } else {
                let actions = triggers.actions(running: site.call, typeName: triggers.index.typeName(around: site.call))
                let ids = Set(actions.map(\.node.id))
                matches = candidates.filter { c in c.actions.contains { ids.contains($0.id) } }.map(\.index)
                if matches.isEmpty { matches = Self.handlerMatches(actions, typeName: typeName, candidates: candidates, animations: animations) }
                if let first = actions.first { trigger = "\(first.trigger)" }
            }
            if matches.isEmpty {
                let (screen, _) = screenOf(site.call, typeName: typeName)
                unpaired.append(
                    UnpairedFeedback(
                        screen: screen, component: typeName, kind: site.kind, trigger: trigger, file: host.file, line: host.line(site.name)))
            }
            var time = site.delay
            if let animation = site.completionOf {
                if let ending = candidates.first(where: { $0.node?.id == animation.id }),
                    let duration = try? animations[ending.index].spec.timeline().duration
                {
                    time += duration
                } else {
                    host.report(
                        site.name,
                        "\(site.name.text)() fires when the animation at line \(host.line(animation)) completes, and that animation was not read; taken to fire with the action"
                    )
                }
            }
            for i in matches { paired[i, default: []].append(Feedback(kind: site.kind, time: time, source: source)) }
        }
        Self.setFeedback(paired, of: candidates, in: &animations)
        return unpaired
    }

    /// Sets each candidate's `feedback` to the haptics `paired` gives its index (none when it has
    /// none; all of them none in a file that fires no haptic), except on animations that repeat,
    /// which keep what they were read with.
    static func setFeedback(_ paired: [Int: [Feedback]], of candidates: [Candidate], in animations: inout [SwiftSourceAnimation]) {
        for c in candidates where animations[c.index].spec.trigger != .repeating && !(c.node != nil && animations[c.index].spec.isRepeating) {
            animations[c.index].spec.feedback = paired[c.index] ?? []
        }
    }

    /// The animations a haptic fired in a view's handler goes with when no action of theirs runs
    /// it: in `.onChange(of: X)`, those of the same type keyed on X or a state X reads (an
    /// animator's `trigger: X`, an implicit animation's state); in `.onAppear`, the type's loops, which start when the
    /// view appears. O(actions × candidates).
    static func handlerMatches(
        _ actions: [TriggerResolution.Action], typeName: String, candidates: [Candidate],
        animations: [SwiftSourceAnimation]
    ) -> [Int] {
        var found: [Int] = []
        for action in actions {
            guard let closure = action.node.as(ClosureExprSyntax.self), let (call, _) = TriggerResolution.owner(of: closure),
                let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            else { continue }
            let mine = candidates.filter { $0.typeName == typeName }
            switch name {
            case "onChange":
                guard let of = Arguments(call)["of"] ?? Arguments(call).unlabeled(0) else { continue }
                let keys = statePath(of).map { [$0] } ?? statePaths(readBy: of)
                found += mine.filter { c in keys.contains { c.keys.contains($0) } }.map(\.index)
            case "onAppear":
                found += mine.filter { animations[$0.index].spec.isRepeating || animations[$0.index].spec.trigger == .repeating }.map(\.index)
            default:
                continue
            }
        }
        return found
    }

    /// The screen of a view type, as animations get it.
    func screenOf(_ node: some SyntaxProtocol, typeName: String) -> (String, String) {
        let names = triggers.index.typeNames(around: node)
        if let override = names.reversed().compactMap({ triggers.index.types[$0]?.screenOverride }).first { return (override, typeName) }
        if let view = names.reversed().first(where: { triggers.index.types[$0]?.isView == true }) { return (view, typeName) }
        return (typeName, typeName)
    }
}

// MARK: - FeedbackSites

/// The haptics a file fires, in source order.
final class FeedbackSites: SyntaxVisitor {
    let host: SwiftSourceExtraction
    private(set) var sites: [SensoryFeedbackPairing.Site] = []
    /// `chainNamesHaptic`'s answers.
    private var hapticChains = ReceiverChainAnswers()
    /// `isHapticName`'s answers by name.
    private var hapticNames: [String: Bool] = [:]

    init(host: SwiftSourceExtraction) {
        self.host = host
        super.init(viewMode: .sourceAccurate)
    }

    static func find(in tree: SourceFileSyntax, host: SwiftSourceExtraction) -> [SensoryFeedbackPairing.Site] {
        let finder = FeedbackSites(host: host)
        finder.walk(tree)
        return finder.sites.sorted { $0.name.position < $1.name.position }
    }

    /// SwiftUI's `SensoryFeedback` names the format knows.
    static let feedbackNames: Set<String> = [
        "impact", "selection", "success", "warning", "error", "increase", "decrease", "start", "stop",
        "alignment", "levelChange", "pathComplete",
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let access = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let arguments = Arguments(node)
        let name = access.declName.baseName
        switch name.text {
        case "sensoryFeedback" where access.base != nil || SwiftTypeIndex.enclosingTypeName(of: node) != nil:
            guard let trigger = arguments["trigger"] else { break }
            guard let keys = triggerKeys(trigger) else { break }
            let feedback = arguments.all.first { $0.label == nil && !$0.expr.is(ClosureExprSyntax.self) }?.expr
            sites.append(.init(kind: feedback.map(Self.kind) ?? "custom", keys: keys, call: node, name: name, delay: 0))
        case "impactOccurred" where !Self.inHapticWrapper(node):
            sites.append(
                .init(kind: "impact", keys: nil, call: node, name: name, delay: delay(of: node), completionOf: Self.completion(around: node)))
        case "selectionChanged" where !Self.inHapticWrapper(node):
            sites.append(
                .init(kind: "selection", keys: nil, call: node, name: name, delay: delay(of: node), completionOf: Self.completion(around: node)))
        case "notificationOccurred" where !Self.inHapticWrapper(node):
            let kind = arguments.unlabeled(0).map(Self.kind) ?? "custom"
            sites.append(
                .init(
                    kind: ["success", "warning", "error"].contains(kind) ? kind : "custom", keys: nil, call: node, name: name, delay: delay(of: node),
                    completionOf: Self.completion(around: node)))
        case "start" where arguments["atTime"] != nil && !Self.inHapticWrapper(node), "playPattern" where !Self.inHapticWrapper(node):
            sites.append(
                .init(kind: "core-haptics", keys: nil, call: node, name: name, delay: delay(of: node), completionOf: Self.completion(around: node)))
        default:
            // The receiver's names first: most calls name no haptic, and a wrapper's own body is rarer still.
            if let base = access.base, !Self.wrapperSetUp.contains(name.text), chainNamesHaptic(base), !Self.inHapticWrapper(node) {
                let kind = Self.wrapperKind(name.text, arguments: arguments)
                sites.append(
                    .init(kind: kind, keys: nil, call: node, name: name, delay: delay(of: node), completionOf: Self.completion(around: node)))
            }
        }
        return .visitChildren
    }

    /// The states a `.sensoryFeedback(trigger:)` fires on: a plain state, or those an expression
    /// reads (`selection == nil` fires when `selection` changes it), as `.animation(_:value:)`
    /// keys on them. nil, said, when the expression reads none (`UUID()`, new at every update).
    private func triggerKeys(_ trigger: ExprSyntax) -> [String]? {
        if let key = statePath(trigger) { return [key] }
        let code = host.code(trigger)
        let keys = statePaths(readBy: trigger)
        guard !keys.isEmpty else {
            host.report(trigger, ".sensoryFeedback(trigger: `\(code)`) names no state (its value may change at every update); not paired")
            return nil
        }
        let names = keys.map { "`\($0)`" }.joined(separator: ", ")
        host.report(trigger, ".sensoryFeedback(trigger: `\(code)`) fires on an expression: paired as firing on the states it reads, \(names)")
        return keys
    }

    // MARK: Haptic wrappers

    /// Apps fire haptics through their own types (`HapticManager.shared.fireHaptic(.success)`,
    /// `Haptics.play(.light)`, `feedbackGenerator.trigger()`): a method called on something whose
    /// name says haptic or feedback is a haptic where it is called, of the kind its name or
    /// arguments say (`custom` when they say none). Set-up calls (`wrapperSetUp`) are not.
    static func wrapperKind(_ method: String, arguments: Arguments) -> String {
        let words = ([method] + arguments.all.flatMap { $0.expr.tokens(viewMode: .sourceAccurate).map(\.text) }).map { $0.lowercased() }
        for (kind, hints) in wrapperKinds where words.contains(where: { word in hints.contains { word.contains($0) } }) { return kind }
        return "custom"
    }

    /// Whether a name along `receiver`'s chain says haptic (`HapticManager.shared` → HapticManager,
    /// shared; not the names in its arguments or closures: a `Button { … }` is not a haptic for
    /// what it holds).
    private func chainNamesHaptic(_ receiver: ExprSyntax) -> Bool {
        hapticChains.answer(receiver) { link in
            if let access = link.as(MemberAccessExprSyntax.self) { return isHapticName(access.declName.baseName.text) ? true : nil }
            if link.is(FunctionCallExprSyntax.self) { return nil }
            return link.as(DeclReferenceExprSyntax.self).map { isHapticName($0.baseName.text) } ?? false
        }
    }

    /// `isHapticName`, remembered per name (the same few names recur across a file).
    private func isHapticName(_ text: String) -> Bool {
        if let known = hapticNames[text] { return known }
        let answer = Self.isHapticName(text)
        hapticNames[text] = answer
        return answer
    }

    /// The kinds a wrapper call's words name, the more specific first.
    static let wrapperKinds: [(String, [String])] = [
        ("success", ["success"]), ("warning", ["warning"]), ("error", ["error", "failure"]), ("selection", ["selection", "select"]),
        ("impact", ["impact", "light", "medium", "heavy", "soft", "rigid", "tap"]),
    ]

    /// Methods of a haptics wrapper that get it ready rather than fire it.
    static let wrapperSetUp: Set<String> = [
        "prepare", "prepareHaptics", "setUp", "setup", "configure", "stop", "reset", "init", "register",
        "sink", "store", "assign", "map", "filter", "receive", "send", "append", "removeAll",
    ]

    /// `HapticManager`, `haptics`, `FeedbackGenerator`, `feedbackHelper`: not a user-feedback
    /// form (`feedbackService`), nor SwiftUI's `sensoryFeedback`.
    static func isHapticName(_ text: String) -> Bool {
        // An ASCII name (nearly every one) is lowercased and searched as bytes; any other goes
        // through Unicode's lowercasing, which can turn a non-ASCII letter into an ASCII one.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            let lower = text.lowercased()
            return hapticWords.contains { lower.contains(String(decoding: $0, as: UTF8.self)) }
        }
        let lower = text.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
        return hapticWords.contains { word in
            guard lower.count >= word.count else { return false }
            return (0...(lower.count - word.count)).contains { start in word.indices.allSatisfy { lower[start + $0] == word[$0] } }
        }
    }

    /// The lowercase words `isHapticName` looks for, as bytes.
    static let hapticWords: [[UInt8]] = ["haptic", "feedbackgenerator", "feedbackmanager", "feedbackhelper", "feedbackengine"].map {
        Array($0.utf8)
    }

    /// Whether `node` is inside a type whose name says haptics or feedback: the wrapper's own
    /// implementation, which fires where the wrapper is called, not where it is written.
    static func inHapticWrapper(_ node: some SyntaxProtocol) -> Bool {
        SwiftTypeIndex.enclosingTypeNames(of: node).contains(where: isHapticName)
    }

    /// `.impact(weight: .medium)` → impact, `.selection` → selection; anything else: custom.
    static func kind(_ expr: ExprSyntax) -> String {
        var e = expr
        if let call = e.as(FunctionCallExprSyntax.self) { e = call.calledExpression }
        guard let access = e.as(MemberAccessExprSyntax.self) else { return "custom" }
        let name = access.declName.baseName.text
        return feedbackNames.contains(name) ? name : "custom"
    }

    /// The UIKit animation methods whose `completion:` runs when the animation ends.
    static let animationsWithCompletion: Set<String> = ["animate", "animateKeyframes", "runningPropertyAnimator"]

    /// The callee of the innermost UIKit animation call (`UIView.animate…`,
    /// `UIViewPropertyAnimator.runningPropertyAnimator`) whose completion closure holds `node`:
    /// its `completion:` argument, or the trailing closure after a written `animations:`.
    /// O(depth).
    static func completion(around node: some SyntaxProtocol) -> Syntax? {
        var current = node.parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), let (call, label) = TriggerResolution.owner(of: closure),
                let access = call.calledExpression.as(MemberAccessExprSyntax.self), animationsWithCompletion.contains(access.declName.baseName.text)
            {
                let trailingAfterAnimations = label == nil && closure.id == call.trailingClosure?.id && Arguments(call)["animations"] != nil
                if label == "completion" || trailingAfterAnimations { return Syntax(call.calledExpression) }
            }
            if n.is(FunctionDeclSyntax.self) || n.is(StructDeclSyntax.self) || n.is(ClassDeclSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }

    /// The delay of the `asyncAfter(deadline: .now() + T)` closures around `node` (0 without one;
    /// `Evaluator.asyncAfterDelay`); another deadline is reported and not counted.
    func delay(of node: some SyntaxProtocol) -> Double {
        let delay = host.evaluator.asyncAfterDelay(of: node)
        for (call, deadline) in delay.unread {
            host.report(
                call,
                "asyncAfter(deadline: `\(deadline.map { host.code($0) } ?? "")`) is not `.now() + seconds`; the haptic is taken to fire with the action"
            )
        }
        return delay.seconds
    }
}
#endif
