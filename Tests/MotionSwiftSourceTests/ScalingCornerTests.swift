import Foundation
import MotionCore
import SwiftParser
import SwiftSyntax
import Testing

@testable import MotionSwiftSource

@Suite("Swift reader: the quadratic corners read what they read before (speed: Scripts/hostile-scaling.sh)")
struct ScalingCornerTests {
    @Test("one view with 120 chained .animation(_:value:): 120 animations, each moving the scale its receiver holds")
    func chainedAnimations() throws {
        let chain = (0..<120).map { k in
            k == 60
                ? "            .scaleEffect(on ? 1.5 : 1)\n            .animation(.easeIn(duration: 0.1), value: on)\n"
                : "            .animation(.easeIn(duration: 0.1), value: on)\n"
        }.joined()
        let text =
            "import SwiftUI\n\nstruct Chain: View {\n    @State private var on = false\n\n    var body: some View {\n        Circle()\n\(chain)            .onTapGesture { on.toggle() }\n    }\n}\n"
        let result = try SwiftSourceImporter().extract(source: text, file: "Chain.swift")
        #expect(result.animations.count == 120)
        // The .scaleEffect is the receiver of the 61st .animation and of every later one: those
        // read scale 1 → 1.5; the first 60 see no modifier and move `progress`.
        let moving = result.animations.filter { a in
            if case .implicit(let m) = a.spec.motion { return m.values.contains { $0.name == "scale" && $0.from == 1 && $0.to == 1.5 } }
            return false
        }
        #expect(moving.count == 60)
        #expect(result.animations.allSatisfy { $0.spec.trigger == .tap })
    }

    @Test("120 withAnimation calls in one action, with a reset or a toggle elsewhere: 120 animations of scale 1 → 1.2")
    func withAnimationCalls() throws {
        let calls = String(repeating: "            withAnimation(.easeIn(duration: 0.1)) { on = true }\n", count: 120)
        func text(_ elsewhere: String) -> String {
            "import SwiftUI\n\nstruct Calls: View {\n    @State private var on = false\n\n    var body: some View {\n        Button(\"Go\") {\n\(calls)        }\n        .scaleEffect(on ? 1.2 : 1)\n        .onAppear { \(elsewhere) }\n    }\n}\n"
        }
        for elsewhere in ["on = false", "on.toggle()"] {
            let result = try SwiftSourceImporter().extract(source: text(elsewhere), file: "Calls.swift")
            #expect(result.animations.count == 120)
            let starts = result.animations.compactMap { a -> Double? in
                if case .implicit(let m) = a.spec.motion { return m.values.first { $0.name == "scale" }?.from }
                return nil
            }
            // Each reads scale 1 → 1.2 from `on`'s initial false (as before the per-type change cache).
            #expect(starts.count == 120 && starts.allSatisfy { $0 == 1 }, "\(elsewhere): \(starts.prefix(3))")
        }
    }

    @Test("n states, each changed by its own withAnimation and read by its own modifier: each site reads one modifier and one change")
    func statesReadOnce() throws {
        let n = 40
        let states = (0..<n).map { "    @State private var s\($0) = false\n" }.joined()
        let rows = (0..<n).map { "            Text(\"\($0)\").scaleEffect(s\($0) ? 1.5 : 1).onTapGesture { withAnimation { s\($0).toggle() } }\n" }
            .joined()
        let text = "import SwiftUI\n\nstruct States: View {\n\(states)\n    var body: some View {\n        VStack {\n\(rows)        }\n    }\n}\n"
        let host = SwiftSourceExtraction(source: text, file: "States.swift")
        let extraction = ImplicitAnimationExtraction(host: host, index: SwiftTypeIndex(host.tree))
        let found = extraction.run()
        // Site k moves only its own row's scale, 1 → 1.5 (sK turns on), on a tap.
        #expect(found.count == n)
        for (k, site) in found.enumerated() {
            #expect(site.keys == ["s\(k)"])
            guard case .implicit(let motion) = site.animation.spec.motion else {
                Issue.record("site \(k) is not implicit")
                continue
            }
            #expect(motion.values == [ImplicitValue("scale", from: 1, to: 1.5)], "site \(k)")
            #expect(site.animation.spec.trigger == .tap)
        }
        // The work: each site passes over the one modifier that reads its state and its state's one
        // change, not its type's n of each (n² in all).
        #expect(extraction.argumentsRead == n)
        #expect(extraction.mutationsRead == n)
    }

    @Test("n withAnimation sites outside any type, each with its own state and modifier: each reads one of each, found once per file")
    func fileScopeReadOnce() throws {
        let n = 40
        let text =
            "import SwiftUI\n\n"
            + (0..<n).map { k in
                "var s\(k) = false\nfunc tap\(k)() { withAnimation { s\(k).toggle() } }\nlet row\(k) = Text(\"\(k)\").scaleEffect(s\(k) ? 1.5 : 1)\n"
            }.joined()
        let host = SwiftSourceExtraction(source: text, file: "Free.swift")
        let extraction = ImplicitAnimationExtraction(host: host, index: SwiftTypeIndex(host.tree))
        let found = extraction.run()
        #expect(found.count == n)
        for (k, site) in found.enumerated() {
            #expect(site.keys == ["s\(k)"])
            guard case .implicit(let motion) = site.animation.spec.motion else {
                Issue.record("site \(k) is not implicit")
                continue
            }
            #expect(motion.values == [ImplicitValue("scale", from: 1, to: 1.5)], "site \(k)")
        }
        // As in a type: the file's modifiers and changes are found once, and each site passes
        // over its own state's, not all n of them (n² in all).
        #expect(extraction.argumentsRead == n)
        #expect(extraction.mutationsRead == n)
    }

    @Test("n keyframe animators in one type, each keyed on its own state: each trigger found from its state's own changes")
    func manyAnimatorsInOneType() throws {
        let n = 30
        let states = (0..<n).map { "    @State private var t\($0) = 0\n" }.joined()
        let rows = (0..<n).map { k in
            "            Text(\"\(k)\").keyframeAnimator(initialValue: 1.0, trigger: t\(k)) { v, s in v.scaleEffect(s) } keyframes: { _ in SpringKeyframe(1.2, duration: 0.2) }\n"
                + "                .onTapGesture { t\(k) += 1 }\n"
        }.joined()
        let text = "import SwiftUI\n\nstruct Many: View {\n\(states)\n    var body: some View {\n        VStack {\n\(rows)        }\n    }\n}\n"
        let host = SwiftSourceExtraction(source: text, file: "Many.swift")
        let result = host.run()
        #expect(result.animations.count == n)
        #expect(result.animations.allSatisfy { $0.spec.trigger == .tap }, "\(result.animations.map(\.spec.trigger))")
        // Each animator passes over its own state's one change, not the type's n (n² in all).
        #expect(host.animatorMutations.read == n)
    }

    @Test("n states bound to controls: each state's control found from one walk of its type")
    func manyBindings() throws {
        let n = 25
        let states = (0..<n).map { "    @State private var on\($0) = false\n" }.joined()
        let rows = (0..<n).map { "            Toggle(\"\($0)\", isOn: $on\($0))\n" }.joined()
        let text = "import SwiftUI\n\nstruct Settings: View {\n\(states)\n    var body: some View {\n        VStack {\n\(rows)        }\n    }\n}\n"
        let index = SwiftTypeIndex(Parser.parse(source: text))
        let triggers = TriggerResolution(index: index)
        for k in 0..<n {
            let found = triggers.bindingActions(key: "on\(k)", typeName: "Settings")
            #expect(found.map(\.trigger) == [.tap], "on\(k)")
        }
        #expect(triggers.cache.typesWalked == 1)
    }

    @Test("ModifierArguments: by name, in source order; a Reduce Motion choice is read as its moving branch")
    func modifierArgumentsByName() throws {
        let text =
            "struct V: View {\n    @Environment(\\.accessibilityReduceMotion) var reduceMotion\n    var body: some View {\n"
            + "        Text(\"\").scaleEffect(a ? 2 : 1).opacity(b ? 0 : 1).offset(x: a ? 10 : 0, y: c).blur(radius: reduceMotion ? 0 : (b ? 4 : 0))\n    }\n}\n"
        let tree = Parser.parse(source: text)
        let calls = ModifierCalls.find(in: Syntax(tree))
        let reader = ImplicitAnimationReader(evaluator: Evaluator(index: DeclarationIndex()), reduceMotionNames: ["reduceMotion"], computed: [:])
        let arguments = ModifierArguments(calls, reader: reader)
        #expect(arguments.all.map(\.property) == ["scale", "opacity", "x", "y", "blur"])
        #expect(arguments.reading(any: ["a"]).map(\.property) == ["scale", "x"])
        #expect(arguments.reading(any: ["c", "a", "a"]).map(\.property) == ["scale", "x", "y"])
        #expect(arguments.reading(any: ["b"]).map(\.property) == ["opacity", "blur"])
        #expect(arguments.reading(any: ["reduceMotion", "d"]).isEmpty)
        let blur = try #require(arguments.all.last)
        #expect(blur.still && blur.argument.trimmedDescription == "b ? 4 : 0")
        #expect(arguments.all.dropLast().allSatisfy { !$0.still })
    }

    @Test("head: a state path up to its first dot")
    func head() {
        #expect(TypeMutations.head("isOn") == "isOn")
        #expect(TypeMutations.head("store.sound.volume") == "store")
        #expect(TypeMutations.head("") == "")
        #expect(TypeMutations.head(".x") == "")
    }

    @Test("allInside: positions in merged, overlapping or touching ranges")
    func allInside() {
        func p(_ k: Int) -> AbsolutePosition { AbsolutePosition(utf8Offset: k) }
        #expect(ImplicitAnimationExtraction.allInside([], []))
        #expect(ImplicitAnimationExtraction.allInside([p(3), p(5), p(9)], [p(2)..<p(6), p(4)..<p(7), p(9)..<p(10)]))
        #expect(!ImplicitAnimationExtraction.allInside([p(3), p(7)], [p(2)..<p(6), p(4)..<p(7)]))
        #expect(ImplicitAnimationExtraction.allInside([p(5), p(6)], [p(0)..<p(6), p(6)..<p(7)]))
        #expect(!ImplicitAnimationExtraction.allInside([p(1)], []))
    }

    @Test("a withAnimation's body, passed or written, is a node of the file's own tree, not of a copy")
    func bodiesStayInTheTree() throws {
        // `filter` on the call's argument list made a new list in a copy of the whole tree, as
        // long as the file, for each call: n calls in one closure were n² work.
        let tree = Parser.parse(source: "func f() {\n    withAnimation(.default, toggle)\n    withAnimation(.default) { x = 1 }\n}\n")
        let calls = tree.tokens(viewMode: .sourceAccurate).filter { $0.text == "withAnimation" }.compactMap {
            $0.parent?.parent?.as(FunctionCallExprSyntax.self)
        }
        try #require(calls.count == 2)
        let passed = try #require(ImplicitAnimationExtraction.passedBody(of: calls[0]))
        #expect(passed.trimmedDescription == "toggle")
        #expect(passed.root.id == Syntax(tree).id)
        #expect(ImplicitAnimationExtraction.body(of: calls[0]) == nil)
        #expect(ImplicitAnimationExtraction.passedBody(of: calls[1]) == nil)
        let written = try #require(ImplicitAnimationExtraction.body(of: calls[1]))
        #expect(written.statements.trimmedDescription == "x = 1")
        #expect(written.root.id == Syntax(tree).id)
    }

    @Test("no code of the Swift reader edits a syntax collection or node (each edit copies the tree, as long as the file)")
    func noTreeCopies() throws {
        // The check finds what it is for, and passes over the same read as an array.
        #expect(TreeCopyFinder.find(in: "let w = call.arguments.filter { $0.label == nil }", path: "t.swift") == ["t.swift:1 arguments.filter"])
        #expect(
            TreeCopyFinder.find(in: "let n = name.with(\\.leadingTrivia, [])\nbody.statements.append(x)", path: "t.swift") == [
                "t.swift:1 with(\\…)", "t.swift:2 statements.append",
            ])
        #expect(
            TreeCopyFinder.find(
                in: "let w = Array(call.arguments).filter { $0.label == nil }\nlet a = arguments.all.filter { $0.label == nil }", path: "t.swift"
            ).isEmpty)
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MotionSwiftSource")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        try #require(files.count > 10)
        var found: [String] = []
        for file in files {
            found += TreeCopyFinder.find(in: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8), path: file)
        }
        #expect(found.isEmpty, "read these as arrays (Array(node.arguments).filter …) or keep the tree as parsed:\n\(found.joined(separator: "\n"))")
    }

    @Test("withAnimation and withTransaction are told by their name token, not by a modifier's whole receiver")
    func transactionCalls() throws {
        func call(_ text: String) throws -> FunctionCallExprSyntax {
            let item = try #require(Parser.parse(source: text).statements.first?.item)
            return try #require(item.as(FunctionCallExprSyntax.self))
        }
        #expect(CompletionSequence.isTransactionCall(try call("withAnimation(.default) { x = 1 }")))
        #expect(CompletionSequence.isTransactionCall(try call("withTransaction(t) { x = 1 }")))
        #expect(!CompletionSequence.isTransactionCall(try call("SwiftUI.withAnimation { x = 1 }")))
        #expect(!CompletionSequence.isTransactionCall(try call("view.withAnimation()")))
    }
}

/// Finds, in Swift source, the calls that edit a syntax collection (`filter`, `append`, `insert`,
/// `remove…`, `replaceSubrange` on a node's `arguments`, `statements`, `elements`, …) or a node
/// (`with(\.child, …)`): on a node of a parsed file each makes a copy of the tree from the node
/// to the root, every sibling list on the way included.
private final class TreeCopyFinder: SyntaxVisitor {
    /// A node's properties that are syntax collections, as the reader uses them.
    static let collections: Set<String> = [
        "arguments", "statements", "elements", "members", "conditions", "modifiers", "attributes", "inheritedTypes",
        "parameters", "bindings", "accessors", "cases", "additionalTrailingClosures", "genericArguments", "caseItems",
        "catchClauses",
    ]
    /// `RangeReplaceableCollection`'s editing calls (and `filter`, which builds a `Self`).
    static let edits: Set<String> = [
        "filter", "append", "insert", "remove", "removeFirst", "removeLast", "removeAll", "removeSubrange", "replaceSubrange",
        "appending", "inserting", "removing",
    ]
    let converter: SourceLocationConverter
    var found: [String] = []
    let path: String

    static func find(in text: String, path: String) -> [String] {
        let tree = Parser.parse(source: text)
        let finder = TreeCopyFinder(converter: SourceLocationConverter(fileName: path, tree: tree), path: path)
        finder.walk(tree)
        return finder.found
    }

    init(converter: SourceLocationConverter, path: String) {
        self.converter = converter
        self.path = path
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let access = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let name = access.declName.baseName.text
        let line = converter.location(for: access.declName.positionAfterSkippingLeadingTrivia).line
        if name == "with", node.arguments.first?.expression.is(KeyPathExprSyntax.self) == true {
            found.append("\(path):\(line) with(\\…)")
        } else if Self.edits.contains(name), let base = access.base?.as(MemberAccessExprSyntax.self),
            Self.collections.contains(base.declName.baseName.text)
        {
            found.append("\(path):\(line) \(base.declName.baseName.text).\(name)")
        }
        return .visitChildren
    }
}
