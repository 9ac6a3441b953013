import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// Issue 48: UIKit and Core Animation sites whose parts are written apart keep their rows
/// (`Fixtures/UIKitApart.swift`), with the timing the code shows and what moves as progress
/// when it does not, marked estimated with the reason; and UIKit animations take the trigger of
/// the handler or registration that runs them (`Fixtures/UIKitTriggers.swift`). Expected values
/// are worked out by hand from the fixture: Core Animation's linear pacing (value = from +
/// (to − from) · t/d), the ease-out Bézier (0, 0, 0.58, 1), and its 0.25 s default duration.
@Suite("UIKit and Core Animation written apart")
struct UIKitApartTests {
    static let file = "UIKitApart.swift"
    typealias R = LayerReference
    static let easeOut = (0.0, 0.0, 0.58, 1.0)
    static let easeInOut = (0.42, 0.0, 0.58, 1.0)

    static func estimates(_ found: (SwiftSourceAnimation, LayerMotion)) -> [String] { found.1.estimates + found.0.spec.estimates }

    @Test("every site of the file has a row, at its line, in source order")
    func rows() throws {
        let result = try extractFixture(Self.file)
        let methods = ["stored", "animator", "open", "close", "toggle", "run", "run-2", "swap", "swap-2", "confetti", "confetti-2", "confetti-3"]
        #expect(
            result.animations.filter { $0.spec.component == "DrawerViewController" }.map(\.spec.id) == methods.map { "DrawerViewController." + $0 })
        #expect(result.animations[2].line == (try R.line(of: "animator.addAnimations {", in: Self.file)))
        #expect(result.animations[3].line == (try R.line(of: "stored.addAnimations", in: Self.file)))
        #expect(result.animations[7].line == (try R.line(of: "UIView.transition(with: panel", in: Self.file)))
    }

    @Test("an animator made by a factory or stored: its addAnimations take its timing; the maker alone is progress, estimated")
    func animatorsElsewhere() throws {
        let result = try extractFixture(Self.file)
        // The factory's animator: 0.5 s ease-out; badge.alpha 1 → 0 set before the call.
        let open = try R.found(result, "DrawerViewController.open")
        #expect(Self.estimates(open).isEmpty)
        try R.expectValues(open.0, "opacity") { t in 1 - R.ease(min(t / 0.5, 1), Self.easeOut) }
        // The stored animator: 0.8 s linear; panel.alpha's start is not in close(): progress.
        let close = try R.found(result, "DrawerViewController.close")
        try R.expectValues(close.0, "progress") { t in min(t / 0.8, 1) }
        // The makers: no animations added where they are made.
        for id in ["DrawerViewController.stored", "DrawerViewController.animator"] {
            let maker = try R.found(result, id)
            #expect(maker.1.properties == ["progress"])
            #expect(Self.estimates(maker).contains { $0.contains("no animations are added to it in this function") }, "\(Self.estimates(maker))")
        }
        #expect(abs(try R.found(result, "DrawerViewController.animator").0.spec.timeline().duration - 0.5) < 1e-12)
    }

    @Test("addAnimations inside switch cases belong to the animator made before the switch")
    func switchCases() throws {
        let toggle = try R.found(try extractFixture(Self.file), "DrawerViewController.toggle")
        #expect(Self.estimates(toggle).isEmpty)
        // 0.4 s linear, panel.alpha 1 → 0: 0.5 at 0.2 s.
        try R.expectValues(toggle.0, "opacity") { t in 1 - min(t / 0.4, 1) }
    }

    @Test("animations held in a parameter: the timing is kept, what moves is progress, each reason on its own")
    func held() throws {
        let result = try extractFixture(Self.file)
        let added = try R.found(result, "DrawerViewController.run")
        // An animator of unknown making: Core Animation's 0.25 s, ease-in-ease-out, two reasons.
        try R.expectValues(added.0, "progress") { t in R.ease(min(t / 0.25, 1), Self.easeInOut) }
        let reasons = Self.estimates(added)
        #expect(reasons.count == 2, "\(reasons)")
        #expect(reasons.contains { $0.contains("the animator is made where this file does not show") })
        #expect(reasons.contains { $0.contains("the animations are `animations`, not a closure written here") })
        let animate = try R.found(result, "DrawerViewController.run-2")
        try R.expectValues(animate.0, "progress") { t in R.ease(min(t / 0.3, 1), Self.easeInOut) }
        #expect(Self.estimates(animate).count == 1)
        #expect(!result.unresolved.contains { $0.what.contains("animation skipped") }, "\(result.unresolved)")
    }

    @Test("UIView.transition: its duration and curve, the snapshot as progress, said")
    func transitions() throws {
        let result = try extractFixture(Self.file)
        let dissolve = try R.found(result, "DrawerViewController.swap")
        #expect(Self.estimates(dissolve).isEmpty)
        try R.expectValues(dissolve.0, "progress") { t in min(t / 0.4, 1) }
        // No curve in the options: UIKit's ease-in-ease-out.
        let flip = try R.found(result, "DrawerViewController.swap-2")
        try R.expectValues(flip.0, "progress") { t in R.ease(min(t / 0.6, 1), Self.easeInOut) }
        let line = try R.line(of: "UIView.transition(from:", in: Self.file)
        #expect(result.unresolved.contains { $0.line == line && $0.what.contains("transitionFlipFromLeft") && $0.what.contains("progress 0 → 1") })
    }

    @Test("Core Animation without a literal key path: the add key, the parameter as written, a path as progress; all estimated")
    func coreAnimationKeys() throws {
        let result = try extractFixture(Self.file)
        let fade = try R.found(result, "DrawerViewController.confetti")
        #expect(fade.1.properties == ["birthRate"])
        try R.expectValues(fade.0, "birthRate") { t in 1 - min(t / 0.35, 1) }
        #expect(Self.estimates(fade).contains { $0.contains("read as the key it is added under, `birthRate`") })
        let named = try R.found(result, "DrawerViewController.confetti-2")
        #expect(named.1.properties == ["key"])
        try R.expectValues(named.0, "key") { t in min(t / 0.2, 1) }
        #expect(Self.estimates(named).contains { $0.contains("keyPath is `key`, not a literal") })
        let along = try R.found(result, "DrawerViewController.confetti-3")
        #expect(along.1.properties == ["position.progress"])
        try R.expectValues(along.0, "position.progress") { t in min(t / 2, 1) }
        #expect(Self.estimates(along).contains { $0.contains("the CGPath is not read") })
    }

    @Test("a group whose animations are made elsewhere, keyframes with no values: kept with their timing, estimated")
    func notInThisBlock() throws {
        let result = try extractFixture(Self.file)
        let group = try R.found(result, "PulseView.pulse")
        // The group's 0.6 s, linear (Core Animation's default pacing), as progress.
        try R.expectValues(group.0, "progress") { t in min(t / 0.6, 1) }
        #expect(Self.estimates(group).contains { $0.contains("none of its animations is read in this block") })
        let wiggle = try R.found(result, "PulseView.pulse-2")
        try R.expectValues(wiggle.0, "transform.rotation.z.progress") { t in min(t / 0.3, 1) }
        #expect(Self.estimates(wiggle).contains { $0.contains("has no values or path in this block") })
        // The two makers are sites of their own: no key path values, read as progress.
        #expect(result.animations.filter { $0.spec.component == "PulseView" }.count == 5)
        for id in ["PulseView.makeFade", "PulseView.makeGrow"] {
            let maker = try R.found(result, id)
            try R.expectValues(maker.0, maker.1.properties[0]) { t in min(t / 0.25, 1) }
            #expect(Self.estimates(maker).count == 1)
        }
        #expect(try R.found(result, "PulseView.makeFade").1.properties == ["opacity.progress"])
        // animateKeyframes with its animations in a parameter: 0.5 s, UIKit's ease-in-ease-out.
        let shake = try R.found(result, "PulseView.shake")
        try R.expectValues(shake.0, "progress") { t in R.ease(min(t / 0.5, 1), Self.easeInOut) }
        #expect(Self.estimates(shake).contains { $0.contains("the animations are `steps`") })
    }

    @Test("a UIKit animation runs where its handler or registration says")
    func triggers() throws {
        let result = try extractFixture("UIKitTriggers.swift")
        let triggers = Dictionary(
            uniqueKeysWithValues: result.animations.map { ($0.spec.id.replacingOccurrences(of: "StatusViewController.", with: ""), $0.spec.trigger) })
        #expect(triggers["viewDidLoad"] == .event("indexStatus")) // $indexStatus.receive(on:).removeDuplicates().sink
        #expect(triggers["viewDidLoad-2"] == .event("didBecomeActiveNotification")) // NotificationCenter publisher
        #expect(triggers["viewDidLoad-3"] == .event("keyboardWillShowNotification")) // addObserver(forName:…using:)
        #expect(triggers["viewDidLoad-4"] == .tap) // UIAction
        #expect(triggers["viewDidLoad-5"] == .appear) // viewDidLoad itself
        #expect(triggers["pressed"] == .tap) // .touchUpInside
        #expect(triggers["switched"] == .tap) // .valueChanged
        #expect(triggers["edited"] == .event("editingChanged"))
        #expect(triggers["tapped"] == .tap) // UITapGestureRecognizer
        #expect(triggers["panned"] == .drag) // UIPanGestureRecognizer
        #expect(triggers["unregistered"] == .event("unregistered"))
        #expect(triggers["tableView"] == .tap) // didSelectRowAt
        #expect(triggers["bounce"] == .tap) // called from an @IBAction
        #expect(triggers["pulse"] == .tap) // called from a UIAction
        #expect(triggers["step"] == .event("step")) // a display link: registered in viewDidLoad, not run there
        #expect(triggers["scrollViewDidScroll"] == .scroll)
        #expect(triggers["slide"] == .tap) // `slide { … }`: the trailing closure is `completion:`
        #expect(triggers["fade"] == .event("fade")) // viewDidLoad calls fade(), another method
        #expect(triggers["viewDidLoad-6"] == .repeating) // a repeating timer's block
        #expect(triggers["viewDidLoad-7"] == .appear) // a one-shot timer: once, after viewDidLoad
        #expect(triggers.count == 20)
    }
}

/// Issue 48: a `Task.sleep` before an animation in the same task delays its start, as
/// `asyncAfter` does (`Fixtures/TaskSleep.swift`); one that is not a literal is reported and
/// leaves the start an estimate. Expected values by hand: linear pacing from the view's 1.
@Suite("Task.sleep before an animation")
struct TaskSleepTests {
    static let file = "TaskSleep.swift"
    typealias R = LayerReference

    static func ramp(_ t: Double, begin: Double, _ d: Double) -> Double { min(max((t - begin) / d, 0), 1) }

    @Test("literal sleeps add up to the start delay, through MainActor.run; a handler closure is not delayed")
    func delays() throws {
        let result = try extractFixture(Self.file)
        let first = try R.found(result, "BannerViewController.later")
        try R.expectValues(first.0, "opacity") { t in 1 - 0.5 * Self.ramp(t, begin: 0.5, 0.2) }
        // 0.25 s + 0.15 s of sleeps, then the call's own 0.1 s delay.
        let second = try R.found(result, "BannerViewController.later-2")
        try R.expectValues(second.0, "opacity") { t in 1 - Self.ramp(t, begin: 0.5, 0.2) }
        #expect(first.1.estimates.isEmpty && first.0.spec.estimates.isEmpty && second.0.spec.estimates.isEmpty)
        // The 1 s sleep comes before the handler is installed, not before it runs.
        let handler = try R.found(result, "BannerViewController.later-4")
        try R.expectValues(handler.0, "opacity") { t in 1 - 0.25 * Self.ramp(t, begin: 0, 0.2) }
    }

    @Test("a sleep that is not a literal: counted as 0 s, reported at its line and kept as the row's reason")
    func unread() throws {
        let result = try extractFixture(Self.file)
        let third = try R.found(result, "BannerViewController.later-3")
        try R.expectValues(third.0, "opacity") { t in 1 - 0.75 * Self.ramp(t, begin: 0, 0.2) }
        #expect(
            third.0.spec.estimates == [
                "`Task.sleep(for: .seconds(pause))` before the animation is not a literal duration; counted as 0 s, so the start is an estimate"
            ])
        let line = try R.line(of: "Task.sleep(for: .seconds(pause))", in: Self.file)
        #expect(result.unresolved.contains { $0.line == line && $0.what.contains("not a literal duration") })
    }

    @Test("withAnimation after a Task.sleep in .task starts that much later")
    func swiftUI() throws {
        let result = try extractFixture(Self.file)
        let toast = try #require(result.animations.first { $0.spec.component == "ToastView" }, "\(result.animations.map(\.spec.id))")
        // 1 s of sleep, then 0.5 s linear.
        #expect(abs(try toast.spec.timeline().duration - 1.5) < 1e-9)
    }
}

/// Issue 48: SwiftUI code that runs on a publisher's values takes `event:<publisher>`, named
/// after what the chain publishes, not after its last operator's argument.
@Suite("Publisher triggers in SwiftUI")
struct PublisherTriggerTests {
    @Test("onReceive(model.$status.receive(on:)) and a sink set up in onAppear are event:status, not appear or main")
    func publishers() throws {
        let source = """
            import Combine
            import SwiftUI
            struct StatusBadge: View {
                @StateObject var model = Model()
                @State private var shown = false
                @State private var pulsing = false
                @State private var bag = Set<AnyCancellable>()
                var body: some View {
                    Circle()
                        .opacity(shown ? 1 : 0)
                        .scaleEffect(pulsing ? 1.2 : 1)
                        .onReceive(model.$status.receive(on: RunLoop.main)) { _ in
                            withAnimation(.easeIn(duration: 0.2)) { shown = true }
                        }
                        .onAppear {
                            model.$status.removeDuplicates().sink { _ in
                                withAnimation(.easeOut(duration: 0.3)) { pulsing = true }
                            }.store(in: &bag)
                        }
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "StatusBadge.swift")
        let triggers = result.animations.map(\.spec.trigger)
        #expect(triggers == [.event("status"), .event("status")], "\(result.animations.map(\.spec.id)) \(triggers)")
    }
}
