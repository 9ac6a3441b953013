import Foundation
import MotionCore
import Testing
import SwiftParser
import SwiftSyntax
@testable import MotionSwiftSource

@Suite("Swift reader: the quadratic corners read what they read before (speed: Scripts/hostile-scaling.sh)")
struct ScalingCornerTests {
    @Test("one view with 120 chained .animation(_:value:): 120 animations, each moving the scale its receiver holds")
    func chainedAnimations() throws {
        let chain = (0..<120).map { k in k == 60 ? "            .scaleEffect(on ? 1.5 : 1)\n            .animation(.easeIn(duration: 0.1), value: on)\n" : "            .animation(.easeIn(duration: 0.1), value: on)\n" }.joined()
        let text = "import SwiftUI\n\nstruct Chain: View {\n    @State private var on = false\n\n    var body: some View {\n        Circle()\n\(chain)            .onTapGesture { on.toggle() }\n    }\n}\n"
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

    @Test("allInside: positions in merged, overlapping or touching ranges")
    func allInside() {
        func p(_ k: Int) -> AbsolutePosition { AbsolutePosition(utf8Offset: k) }
        #expect(ImplicitAnimationExtraction.allInside([], []))
        #expect(ImplicitAnimationExtraction.allInside([p(3), p(5), p(9)], [p(2)..<p(6), p(4)..<p(7), p(9)..<p(10)]))
        #expect(!ImplicitAnimationExtraction.allInside([p(3), p(7)], [p(2)..<p(6), p(4)..<p(7)]))
        #expect(ImplicitAnimationExtraction.allInside([p(5), p(6)], [p(0)..<p(6), p(6)..<p(7)]))
        #expect(!ImplicitAnimationExtraction.allInside([p(1)], []))
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
