import MotionCore
import MotionSwiftSource
import Testing

/// Forms met in four more apps not seen before (Session, Zotero, Enchanted, Mlem): a closure
/// stored in an object's callback property, RxSwift subscriptions (a button's `rx.tap`, a
/// gesture recognizer's `rx.event`, an observable's values), a binding handed to a drop
/// target or a slider, and `repeatCount = MAXFLOAT`.
@Suite("triggers of stored callbacks, RxSwift subscriptions and bindings; MAXFLOAT repeats")
struct CallbackTriggerTests {
    static func extract(_ body: String) throws -> SwiftSourceResult {
        try SwiftSourceImporter().extract(source: "import UIKit\nimport SwiftUI\nimport RxSwift\n" + body, file: "Panel.swift")
    }

    /// Each animation's trigger, in source order.
    static func triggers(_ body: String) throws -> [Trigger] { try extract(body).animations.map(\.spec.trigger) }

    @Test("a closure stored in an object's property runs on that callback: event:<property>; a plain variable's is its method's")
    func storedCallbacks() throws {
        let found = try Self.triggers(
            """
            final class CallViewController: UIViewController {
                let call = Call()
                var onTap: (() -> Void)?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    call.hasStartedConnectingDidChange = { [weak self] in
                        UIView.animate(withDuration: 0.5) { self?.view.alpha = 1 }
                    }
                    self.onTap = { UIView.animate(withDuration: 0.2) { self.view.alpha = 0 } }
                    call.delegate?.onSpeechStart = { UIView.animate(withDuration: 0.3) { self.view.alpha = 0.4 } }
                    var completion: (() -> Void)?
                    completion = { UIView.animate(withDuration: 0.3) { self.view.alpha = 0.5 } }
                    completion?()
                }
            }
            """)
        #expect(found == [.event("hasStartedConnectingDidChange"), .tap, .event("onSpeechStart"), .appear])
    }

    @Test("RxSwift: rx.tap is a tap, a recognizer's rx.event its gesture, an observable's values event:<observable>")
    func rxSubscriptions() throws {
        let found = try Self.triggers(
            """
            final class FilterViewController: UIViewController {
                let viewModel = FilterViewModel()
                let button = UIButton()
                let bag = DisposeBag()
                func setUp() {
                    let recognizer = UITapGestureRecognizer()
                    recognizer.rx.event.subscribe(onNext: { [weak self] _ in UIView.animate(withDuration: 0.25) { self?.view.alpha = 0 } }).disposed(by: bag)
                    let pan = UIPanGestureRecognizer()
                    pan.rx.event.map { $0.state }.subscribe(with: self, onNext: { me, _ in UIView.animate(withDuration: 0.3) { me.view.alpha = 1 } })
                    button.rx.tap.bind(onNext: { UIView.animate(withDuration: 0.2) { self.view.alpha = 0.5 } })
                    viewModel.stateObservable.observe(on: MainScheduler.instance).subscribe(onNext: { _ in
                        UIView.animate(withDuration: 0.4) { self.view.alpha = 0.8 }
                    })
                    other.rx.event.subscribe(onNext: { _ in UIView.animate(withDuration: 0.4) { self.view.alpha = 0.7 } })
                }
            }
            """)
        #expect(found == [.tap, .drag, .tap, .event("stateObservable"), .event("other")])
    }

    @Test("a state changed in an app's own button's action: closure changes on a tap, in the body or a view property")
    func ownButtonActions() throws {
        let found = try Self.triggers(
            """
            struct CardView: View {
                @State private var showNumber = false
                @State private var showPin = false
                var body: some View {
                    VStack {
                        numberRow
                        Text("pin").opacity(showPin ? 1 : 0).animation(.default, value: showPin)
                        CircleButton(icon: "eye", action: { showPin.toggle() })
                        WinstonButton(config: .secondary) { withAnimation(.spring) { showPin = false } } label: { Text("Hide") }
                        ImagePicker { withAnimation(.spring) { showPin = true } }
                    }
                }
                @ViewBuilder
                var numberRow: some View {
                    Text(showNumber ? "1234" : "****").animation(.default, value: showNumber)
                    CircleButton(icon: "eye", action: { showNumber.toggle() })
                }
            }
            struct Pager: View {
                @State private var page = 0
                var body: some View {
                    Text("page").offset(x: CGFloat(page) * 10).animation(.default, value: page)
                        .onKeyPress(.rightArrow, action: { page += 1; return .handled })
                }
            }
            """)
        // A modifier's `action:` (a key press) is no tap; the trailing closure of an app's view
        // named for a button is its action, another view's may run at any time.
        #expect(found == [Trigger.tap, .tap, .event("showPin"), .tap, .event("page")])
    }

    @Test("a binding handed to a drop target's isTargeted or a Slider changes on a drag; a scroll position's on a scroll; a Toggle's on a tap")
    func bindingsByControl() throws {
        let found = try Self.triggers(
            """
            struct DropPanel: View {
                @State private var targeted = false
                @State private var level = 0.5
                @State private var on = false
                @State private var day: Date?
                @State private var row: Int?
                var body: some View {
                    VStack {
                        Rectangle().opacity(targeted ? 1 : 0.5).onDrop(of: [.image], isTargeted: $targeted.animation(), perform: { _ in true })
                        Slider(value: $level.animation(.easeIn)).scaleEffect(level)
                        Toggle("On", isOn: $on.animation()).opacity(on ? 1 : 0)
                        Chart(points) { LineMark(x: .value("t", $0.t), y: .value("v", $0.v)) }
                            .chartScrollPosition(x: $day.animation(.easeOut(duration: 0.2)))
                            .opacity(day == nil ? 0.5 : 1)
                        ScrollView { Text("x") }.scrollPosition(id: $row.animation()).opacity(row == nil ? 0 : 1)
                    }
                }
            }
            """)
        #expect(found == [.drag, .drag, .tap, .scroll, .scroll])
    }

    @Test("onReceive of an app's own publisher function given a notification's name is event:<name> (Nostur's receiveNotification)")
    func notificationWrapper() throws {
        let found = try Self.triggers(
            """
            func receiveNotification(_ name: Notification.Name) -> NotificationCenter.Publisher {
                NotificationCenter.default.publisher(for: name)
            }
            struct Gallery: View {
                @State private var top = false
                var body: some View {
                    Text("g").offset(y: top ? 0 : 40)
                        .onReceive(receiveNotification(.shouldScrollToTop)) { _ in withAnimation(.easeOut(duration: 0.2)) { top = true } }
                        .onReceive(receiveNotification(.didTapTab).receive(on: RunLoop.main)) { _ in withAnimation(.easeIn(duration: 0.2)) { top = false } }
                        .onReceive(clock(every: 2)) { _ in withAnimation(.easeIn(duration: 0.3)) { top.toggle() } }
                }
            }
            """)
        #expect(found == [.event("shouldScrollToTop"), .event("didTapTab"), .event("clock")])
    }

    @Test("`self?.view.alpha` in a [weak self] closure, or `view!.alpha`, moves the view's opacity as `self.view.alpha` does")
    func optionalReceivers() throws {
        func fade(_ target: String) throws -> AnimationSpec {
            let result = try Self.extract(
                """
                final class Tour: UIViewController {
                    func hide() {
                        \(target) = 1
                        UIView.animate(withDuration: 0.3) { [weak self] in \(target) = 0 }
                    }
                }
                """)
            #expect(result.unresolved.isEmpty, "\(target): \(result.unresolved.map(\.what))")
            return try #require(result.animations.first).spec
        }
        let plain = try fade("self.view.alpha")
        guard case .layer(let motion) = plain.motion else { throw CancellationError() }
        #expect(motion.estimate == nil)
        for target in ["self?.view.alpha", "self!.view.alpha", "self?.view?.alpha"] {
            try expectSameTimeline(try fade(target), plain)
        }
    }

    @Test("repeatCount = MAXFLOAT (or FLT_MAX) repeats for ever, as .infinity does")
    func maxFloatRepeats() throws {
        func pulse(_ count: String) throws -> AnimationSpec {
            let animations = try Self.extract(
                """
                final class Dots: UIView {
                    let dot = CAShapeLayer()
                    func start() {
                        let pulse = CABasicAnimation(keyPath: "opacity")
                        pulse.fromValue = 0
                        pulse.toValue = 1
                        pulse.duration = 0.6
                        pulse.repeatCount = \(count)
                        dot.add(pulse, forKey: "pulse")
                    }
                }
                """
            ).animations
            #expect(animations.count == 1)
            return try #require(animations.first).spec
        }
        let forever = try pulse(".infinity")
        #expect(forever.isRepeating)
        for count in ["MAXFLOAT", "FLT_MAX", "Float.greatestFiniteMagnitude"] {
            let spec = try pulse(count)
            #expect(spec.isRepeating, "\(count)")
            try expectSameTimeline(spec, forever)
        }
        #expect(try !pulse("3").isRepeating)
    }
}
