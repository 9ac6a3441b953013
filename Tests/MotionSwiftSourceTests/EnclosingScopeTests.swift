import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import MotionSwiftSource

/// Every node of the kinds the reader asks about, in a tree.
private final class AskedNodes: SyntaxVisitor {
    var nodes: [Syntax] = []
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        nodes.append(Syntax(node))
        return .visitChildren
    }
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        nodes.append(Syntax(node))
        return .visitChildren
    }
    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
        nodes.append(Syntax(node))
        return .visitChildren
    }
}

@Suite("Swift reader: what encloses a node, found by position, is what walking up its ancestors finds")
struct EnclosingScopeTests {
    /// The fixtures, and nests the fixtures lack: types in functions in types, actors, extensions
    /// of nested types, View extension methods.
    static func sources() throws -> [(name: String, text: String)] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        var sources = try names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        sources.append(
            (
                "Nests.swift",
                """
                struct Outer {
                    func make() -> some View {
                        struct Inner: View { var body: some View { Text("a").animation(.default, value: 1) } }
                        return Inner().scaleEffect(2)
                    }
                    actor Counter { func bump() { count.add(1) } }
                }
                extension Outer.Counter { func reset() { withAnimation { x = 0 } } }
                extension View { func pulse() -> some View { self.opacity(0.5).animation(.easeIn, value: on) } }
                func free() { UIView.animate(withDuration: 0.3) { view.alpha = 0 } }
                """
            ))
        return sources
    }

    /// The innermost function declaration above `node`, walking up (the reference).
    static func functionByWalk(_ node: Syntax) -> String? {
        var current = node.parent
        while let n = current {
            if let f = n.as(FunctionDeclSyntax.self) { return f.name.text }
            current = n.parent
        }
        return nil
    }

    @Test("typeName, typeNames and functionName equal the ancestor walks on every call, member access and member block")
    func scopesEqualWalks() throws {
        var asked = 0
        for (name, text) in try Self.sources() {
            let tree = Parser.parse(source: text)
            let index = SwiftTypeIndex(tree)
            let visitor = AskedNodes(viewMode: .sourceAccurate)
            visitor.walk(tree)
            for node in visitor.nodes {
                #expect(index.typeName(around: node) == SwiftTypeIndex.enclosingTypeName(of: node), "\(name): \(node.trimmedDescription.prefix(60))")
                #expect(
                    index.typeNames(around: node) == SwiftTypeIndex.enclosingTypeNames(of: node), "\(name): \(node.trimmedDescription.prefix(60))")
                #expect(index.functionName(around: node) == Self.functionByWalk(node), "\(name): \(node.trimmedDescription.prefix(60))")
                asked += 1
            }
        }
        #expect(asked > 1_000)
    }

    @Test("a file's innermost container at each position equals the smallest container holding it")
    func containersEqualSmallest() throws {
        var asked = 0
        for (name, text) in try Self.sources() {
            let tree = Parser.parse(source: text)
            let facts = EnclosingContainers.run(tree)
            // Every 7th byte and every container's edges.
            var offsets = Set(stride(from: 0, to: text.utf8.count, by: 7))
            for c in facts.containers {
                offsets.formUnion([c.range.lowerBound.utf8Offset, c.range.upperBound.utf8Offset - 1, c.range.upperBound.utf8Offset])
            }
            for offset in offsets {
                let at = AbsolutePosition(utf8Offset: offset)
                let smallest = facts.containers.filter { $0.range.contains(at) }.min { $0.range.count < $1.range.count }
                #expect(facts.container(at: at)?.range == smallest?.range, "\(name) at \(offset)")
                asked += 1
            }
        }
        #expect(asked > 1_000)
    }

    @Test("receiver chains: answers remembered per link equal a fresh walk, whichever link is asked first")
    func chainAnswers() throws {
        let text =
            "let a = AnyTransition.opacity.animation(.easeIn).combined(with: .slide).animation(.default)\nlet b = Circle().opacity(0.5).animation(.easeIn, value: on).scaleEffect(2)\nlet c = HapticManager.shared.impact().ready()\n"
        let tree = Parser.parse(source: text)
        let visitor = AskedNodes(viewMode: .sourceAccurate)
        visitor.walk(tree)
        let receivers = visitor.nodes.compactMap { $0.as(MemberAccessExprSyntax.self)?.base }
        #expect(receivers.count > 6)
        for order in [receivers, receivers.reversed()] {
            var transitions = ReceiverChainAnswers()
            for receiver in order {
                // The reference: follow the chain to its root.
                var e = receiver
                var expected = false
                while true {
                    if let access = e.as(MemberAccessExprSyntax.self) {
                        guard let base = access.base else {
                            expected = true
                            break
                        }
                        e = base
                    } else if let call = e.as(FunctionCallExprSyntax.self) {
                        e = call.calledExpression
                    } else {
                        expected = e.as(DeclReferenceExprSyntax.self)?.baseName.text == "AnyTransition"
                        break
                    }
                }
                #expect(
                    transitions.answer(receiver, decide: ImplicitAnimationExtraction.isTransitionLink) == expected, "\(receiver.trimmedDescription)")
            }
        }
    }
}
