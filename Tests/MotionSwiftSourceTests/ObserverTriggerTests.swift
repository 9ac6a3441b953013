import MotionCore
import MotionSwiftSource
import Testing

/// Code that animates in a method a property's observer calls runs when the property is set:
/// `var info: Info { didSet { updateView() } }` makes `updateView`'s animation `event:info`
/// (Threema's reaction items), not `event:updateView`; an initializer's call of the same
/// method runs before the view is on screen and says nothing. Where the file sets the property
/// in a handler, that handler's trigger is the animation's (`isExpanded = true` in a button's
/// action is a tap).
@Suite("a method a property's observer calls takes the property's trigger")
struct ObserverTriggerTests {
    static func triggers(_ source: String) throws -> [Trigger] {
        try SwiftSourceImporter().extract(source: "import UIKit\nimport SwiftUI\n" + source, file: "Items.swift").animations.map(\.spec.trigger)
    }

    @Test("UIKit: didSet, willSet and a setter name the property; an overridden isSelected is a tap; an initializer's call is passed over")
    func uiKit() throws {
        let found = try Self.triggers(
            """
            final class ReactionItemView: UIView {
                var info: Int = 0 { didSet { updateView() } }
                var pending: Bool = false { willSet { fade() } }
                var stored = 0
                var level: Int {
                    get { stored }
                    set { stored = newValue; grow() }
                }
                override var isSelected: Bool { didSet { mark() } }
                init() {
                    super.init(frame: .zero)
                    updateView()
                }
                private func updateView() { UIView.animate(withDuration: 0.3) { self.alpha = 1 } }
                private func fade() { UIView.animate(withDuration: 0.2) { self.alpha = 0.5 } }
                private func grow() { UIView.animate(withDuration: 0.4) { self.alpha = 0.8 } }
                private func mark() { UIView.animate(withDuration: 0.1) { self.alpha = 0.9 } }
                private func unused() { UIView.animate(withDuration: 0.5) { self.alpha = 0.7 } }
            }
            """)
        #expect(found == [.event("info"), .event("pending"), .event("level"), .tap, .event("unused")])
    }

    @Test("SwiftUI: a published property's didSet is event:<property> when only an uncalled method sets it; a state a Button toggles is a tap")
    func swiftUI() throws {
        let found = try Self.triggers(
            """
            final class PlayerModel: ObservableObject {
                @Published var isPlaying = false { didSet { settle() } }
                @Published var offset: CGFloat = 0
                @Published var volume = 0.5 { didSet { withAnimation(.easeIn(duration: 0.2)) { offset = volume * 10 } } }
                func play() { isPlaying = true }
                private func settle() { withAnimation(.easeOut(duration: 0.3)) { offset = isPlaying ? 10 : 0 } }
            }
            struct PlayerView: View {
                @State private var muted = false { didSet { withAnimation(.linear(duration: 0.1)) { level = muted ? 0 : 1 } } }
                @State private var level = 1.0
                var body: some View {
                    Button("Mute") { muted.toggle() }.opacity(level)
                }
            }
            """)
        #expect(found == [.event("volume"), .event("isPlaying"), .tap])
    }

    @Test("what sets the property in the file gives the trigger: a button's action, a scroll; an observer's own animation too")
    func setters() throws {
        let found = try Self.triggers(
            """
            final class AttachmentsButton: UIView {
                var isExpanded = false { didSet { expandOrCollapse() } }
                var page = 0 {
                    didSet { UIView.animate(withDuration: 0.25) { self.alpha = 0.5 } }
                }
                var count = 0 { didSet { pulse() } }
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let button = UIButton(primaryAction: UIAction { [weak self] _ in self?.isExpanded.toggle() })
                    addSubview(button)
                }
                func scrollViewDidScroll(_ scrollView: UIScrollView) { page += 1 }
                func reload(_ items: [Int]) { count = items.count }
                private func expandOrCollapse() { UIView.animate(withDuration: 0.3) { self.alpha = 1 } }
                private func pulse() { UIView.animate(withDuration: 0.2) { self.alpha = 0.8 } }
            }
            """)
        #expect(found == [.scroll, .tap, .event("count")])
    }

    @Test("a user's action that sets the property wins over an appearance that sets it first")
    func ranks() throws {
        let found = try Self.triggers(
            """
            final class AvatarSetupViewController: UIViewController {
                var category = 0 { didSet { updateButtons() } }
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    category = 0
                }
                @IBAction func skinTapped(_ sender: UIButton) { category = 1 }
                private func updateButtons() { UIView.animate(withDuration: 0.2) { self.view.alpha = 1 } }
            }
            """)
        #expect(found == [.tap])
    }

    @Test("a didSet that sets its own property ends (event:<property>); a getter gives no trigger")
    func recursionAndGetters() throws {
        let found = try Self.triggers(
            """
            final class Meter: UIView {
                var value = 0 {
                    didSet {
                        if value > 10 { value = 10 }
                        pulse()
                    }
                }
                var doubled: Int {
                    get {
                        glow()
                        return value * 2
                    }
                }
                private func pulse() { UIView.animate(withDuration: 0.2) { self.alpha = 1 } }
                private func glow() { UIView.animate(withDuration: 0.3) { self.alpha = 0.5 } }
            }
            """)
        #expect(found == [.event("value"), .event("glow")])
    }
}
