import MotionCore
import MotionSwiftSource
import Testing

/// Animations started later than their trigger: a `withAnimation` inside
/// `DispatchQueue.main.asyncAfter(deadline: .now() + T)` (read the way a haptic there is read) and
/// a `UIViewPropertyAnimator` started with `startAnimation(afterDelay: T)` begin T seconds after it.
@Suite struct DelayedStartTests {
    static func implicitAnimation(_ result: SwiftSourceResult, _ id: String) throws -> ImplicitAnimation {
        let found = try #require(result.animations.first { $0.spec.id == id }, "no \(id) in \(result.animations.map(\.spec.id))")
        guard case .implicit(let motion) = found.spec.motion else { throw Failure.notImplicit }
        return motion.animation
    }

    enum Failure: Error { case notImplicit, notLayer }

    @Test(
        "withAnimation inside asyncAfter(deadline: .now() + T) starts T later; nested closures and .milliseconds add up; a haptic beside it fires with it"
    )
    func asyncAfterWithAnimation() throws {
        let source = """
            import SwiftUI
            struct Shoe: View {
                @State private var lifted = false
                @State private var ended = false
                @State private var spun = false
                var body: some View {
                    Image("shoe").offset(y: lifted ? -40 : 0).opacity(ended ? 0 : 1).rotationEffect(.degrees(spun ? 90 : 0))
                        .onTapGesture { run() }
                }
                func run() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1.25) {
                        withAnimation(.easeInOut(duration: 0.5)) { lifted.toggle() }
                        UIImpactFeedbackGenerator(style: .light).impactOccurred()
                        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(250)) {
                            withAnimation(.spring(duration: 0.4, bounce: 0.2).repeatCount(2)) { ended.toggle() }
                        }
                    }
                    withAnimation(.linear(duration: 0.2)) { spun.toggle() }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Shoe.swift")
        #expect(result.unresolved.isEmpty, "\(result.unresolved)")
        let lifted = try Self.implicitAnimation(result, "shoe-lifted")
        #expect(lifted == ImplicitAnimation(PhaseAnimation(.bezier(.easeInOut, duration: 0.5), delay: 1.25)))
        // A repetition keeps the asyncAfter outside it: a start delay, played once.
        let ended = try Self.implicitAnimation(result, "shoe-ended")
        #expect(ended.repetition == .count(2, autoreverses: true) && ended.startDelay == 1.5 && ended.run.delay == 0, "\(ended)")
        #expect(try Self.implicitAnimation(result, "shoe-spun").run.delay == 0)
        // The haptic in the same closure fires at 1.25 s, with the lift.
        let spec = try #require(result.animations.first { $0.spec.id == "shoe-lifted" }).spec
        #expect(spec.feedback?.map(\.time) == [1.25])
        let timeline = try spec.timeline()
        #expect(timeline.value(of: 0, at: 1.2) == 0, "still at rest before 1.25 s")
        #expect(timeline.value(of: 0, at: 1.5) < -1, "moving at 1.5 s")
    }

    @Test("a deadline that is not .now() + T is reported for the animation, which is taken to start with the action")
    func unreadableDeadline() throws {
        let source = """
            import SwiftUI
            struct Later: View {
                @State private var on = false
                let when: DispatchTime
                var body: some View {
                    Text("x").opacity(on ? 1 : 0).onTapGesture {
                        DispatchQueue.main.asyncAfter(deadline: when) { withAnimation(.easeIn(duration: 0.3)) { on = true } }
                    }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Later.swift")
        #expect(try Self.implicitAnimation(result, "later-on").run.delay == 0)
        #expect(
            result.unresolved.contains { $0.line == 7 && $0.what.contains("the animation is taken to start with the action") }, "\(result.unresolved)"
        )
    }

    @Test("UIViewPropertyAnimator.startAnimation(afterDelay: 2) begins every animation 2 s after the trigger")
    func propertyAnimatorAfterDelay() throws {
        let source = """
            import UIKit
            final class Card: UIViewController {
                @IBOutlet var v: UIView!
                @IBAction func go(_ sender: UIButton) {
                    v.alpha = 0
                    let anim = UIViewPropertyAnimator(duration: 1, curve: .linear) { self.v.alpha = 1 }
                    anim.addAnimations({ self.v.transform = CGAffineTransform(scaleX: 2, y: 2) }, delayFactor: 0.5)
                    anim.startAnimation(afterDelay: 2)
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Card.swift")
        let found = try #require(result.animations.first)
        guard case .layer(let motion) = found.spec.motion else { throw Failure.notLayer }
        #expect(motion.animations.map(\.timing.beginTime) == [2, 2.5], "\(motion.animations.map(\.keyPath))")
        let timeline = try found.spec.timeline()
        #expect(timeline.value(of: "opacity", at: 1.9) == 0, "\(timeline.properties)")
        #expect(abs((timeline.value(of: "opacity", at: 2.5) ?? 0) - 0.5) < 1e-9)
    }

    /// Another file of the app: functions that run their closure later, and one that does not.
    static let utilities = """
        import Foundation
        func doThisAfter(_ seconds: Double, callback: @escaping () -> Void) {
            DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { callback() }
        }
        enum Utils {
            static func delay(tag: String = "", _ work: @escaping () -> Void, after interval: TimeInterval) {
                DispatchQueue.main.asyncAfter(deadline: DispatchTime.now() + interval, execute: work)
            }
            static func later(_ closure: @escaping () -> Void) { DispatchQueue.main.async(execute: closure) }
        }
        """

    @Test("an app's function that runs its closure after asyncAfter(.now() + seconds) delays the animation by the seconds given")
    func delayingFunctions() throws {
        let facts = SwiftFactsScan.facts(Array(Self.utilities.utf8))
        #expect(
            facts.delays == [
                SwiftDelayFact(name: "doThisAfter", label: "_", position: 0), SwiftDelayFact(name: "delay", label: "after", position: 0),
            ])
        #expect(SwiftModuleFacts(text: facts.text) == facts)
        let table = SwiftModuleConstants([facts])
        #expect(SwiftModuleConstants(text: table.text) == table, "sent to the reader as written")
        let source = """
            import SwiftUI
            struct Comment: View {
                @State private var highlight = true
                @State private var shown = false
                @State private var moved = false
                let pause = 0.2
                var body: some View {
                    Text("c").opacity(highlight ? 0.5 : 1).scaleEffect(shown ? 1 : 0.5).offset(x: moved ? 5 : 0)
                        .onAppear {
                            doThisAfter(0.1) { withAnimation(.easeOut(duration: 4)) { highlight = false } }
                            Utils.delay({ withAnimation(.easeOut(duration: 1)) { shown = true } }, after: pause * 2)
                            Utils.later { withAnimation(.easeOut(duration: 2)) { moved = true } }
                        }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Comment.swift", constants: table)
        #expect(
            try Self.implicitAnimation(result, "comment-highlight").startDelay + (try Self.implicitAnimation(result, "comment-highlight").run.delay)
                == 0.1)
        let shown = try Self.implicitAnimation(result, "comment-shown")
        #expect(abs(shown.startDelay + shown.run.delay - 0.4) < 1e-12, "\(shown)")
        let moved = try Self.implicitAnimation(result, "comment-moved")
        #expect(moved.startDelay + moved.run.delay == 0, "async without a deadline is no delay")
        #expect(result.constantsUsed.keys.sorted() == ["delay:delay", "delay:doThisAfter"], "keyed on the functions of another file")
        // Seconds that are not a literal: counted as 0, the start marked as an estimate.
        let unread = try SwiftSourceImporter().extract(
            source: source.replacingOccurrences(of: "doThisAfter(0.1)", with: "doThisAfter(Double.random(in: 0...1))"), file: "Comment.swift",
            constants: table)
        let row = try #require(unread.animations.first { $0.spec.id == "comment-highlight" })
        #expect(
            row.spec.estimates.contains { $0.contains("`doThisAfter(Double.random(in: 0...1))` around the animation delays it") },
            "\(row.spec.estimates)")
    }
}
