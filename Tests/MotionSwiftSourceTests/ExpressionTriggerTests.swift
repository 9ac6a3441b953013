import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// A trigger written as an expression (`trigger: selection == nil`, `onChange(of: items.count > 3)`)
/// changes only when a state it reads changes: `.sensoryFeedback`, animators and `.onChange`
/// handlers key on those states, as `.animation(_:value:)` does. Each case is checked against
/// the same view written with the plain state.
@Suite("expressions as triggers: sensoryFeedback, animators and onChange key on the states they read")
struct ExpressionTriggerTests {
    static func extract(_ source: String) throws -> SwiftSourceResult {
        try SwiftSourceImporter().extract(source: source, file: "View.swift")
    }

    static let feedbackView = """
        import SwiftUI
        struct Picker: View {
            @State private var selection: Int? = nil
            var body: some View {
                Text("Pick")
                    .scaleEffect(selection == nil ? 1 : 1.2)
                    .animation(.spring(duration: 0.3), value: selection == nil)
                    .sensoryFeedback(.selection, trigger: selection == nil)
                    .onTapGesture { selection = 1 }
            }
        }
        """

    @Test("`.sensoryFeedback(trigger: expression)` pairs with the animation keyed on the state it reads")
    func feedbackOnExpression() throws {
        let result = try Self.extract(Self.feedbackView)
        #expect(result.unpairedFeedback.isEmpty, "\(result.unpairedFeedback)")
        let found = try #require(result.animations.first)
        #expect(found.spec.feedback?.map(\.kind) == ["selection"])
        #expect(result.unresolved.contains { $0.what.contains("fires on an expression") && $0.what.contains("`selection`") })
        // The plain state pairs the same way, at the same time.
        let plain = try Self.extract(Self.feedbackView.replacingOccurrences(of: "== nil)", with: ")"))
        #expect(plain.animations.first?.spec.feedback?.map(\.kind) == found.spec.feedback?.map(\.kind))
        #expect(plain.animations.first?.spec.feedback?.map(\.time) == found.spec.feedback?.map(\.time))
    }

    @Test("`.sensoryFeedback(trigger: UUID())` reads no state: said, and listed as unpaired rather than guessed")
    func feedbackOnNoState() throws {
        let result = try Self.extract(Self.feedbackView.replacingOccurrences(of: "trigger: selection == nil", with: "trigger: UUID()"))
        #expect(result.animations.first?.spec.feedback == [])
        #expect(result.unresolved.contains { $0.what.contains("names no state") && $0.what.contains("not paired") })
    }

    static let animatorView = """
        import SwiftUI
        struct Basket: View {
            @State private var items: [Int] = []
            var body: some View {
                Image(systemName: "cart")
                    .keyframeAnimator(initialValue: 1.0, trigger: items.count > 3) { view, scale in view.scaleEffect(scale) } keyframes: { _ in
                        CubicKeyframe(1.3, duration: 0.15)
                        CubicKeyframe(1.0, duration: 0.25)
                    }
                    .sensoryFeedback(.impact, trigger: items.count > 3)
                    .onAppear { items.append(1) }
            }
        }
        """

    @Test("an animator keyed on an expression is triggered where its state changes, as one keyed on the state")
    func animatorOnExpression() throws {
        let result = try Self.extract(Self.animatorView)
        let found = try #require(result.animations.first)
        let plain = try #require(try Self.extract(Self.animatorView.replacingOccurrences(of: "items.count > 3", with: "items")).animations.first)
        #expect(plain.spec.trigger == .appear, "the state changes when the view appears")
        #expect(found.spec.trigger == plain.spec.trigger)
        #expect(found.spec.feedback?.map(\.kind) == ["impact"])
        #expect(result.unpairedFeedback.isEmpty, "\(result.unpairedFeedback)")
        #expect(result.unresolved.contains { $0.what.contains("keyframeAnimator(trigger: `items.count > 3`) keys on an expression") })
        try expectSameTimeline(found.spec, plain.spec)
        #expect(abs(try found.spec.timeline().duration - 0.4) < 1e-12)
    }

    @Test("a haptic in `.onChange(of: expression)` pairs with the animator keyed on the state it reads")
    func onChangeOfExpression() throws {
        let source = """
            import SwiftUI
            import UIKit
            struct Basket: View {
                @State private var items: [Int] = []
                var body: some View {
                    Image(systemName: "cart")
                        .keyframeAnimator(initialValue: 1.0, trigger: items.count) { view, scale in view.scaleEffect(scale) } keyframes: { _ in
                            CubicKeyframe(1.3, duration: 0.15)
                        }
                        .onChange(of: items.count > 3) { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
                }
            }
            """
        let result = try Self.extract(source)
        #expect(result.unpairedFeedback.isEmpty, "\(result.unpairedFeedback)")
        #expect(result.animations.first?.spec.feedback?.map(\.kind) == ["impact"])
        // Keyed on another state, it pairs with nothing.
        let other = try Self.extract(source.replacingOccurrences(of: "items.count > 3", with: "UUID()"))
        #expect(other.unpairedFeedback.count == 1)
    }
}
