import MotionCore
import MotionSwiftSource
import Testing

/// Issue 48: a state, closure or method changed or called by a handler in another file takes
/// that handler's trigger: a binding handed to a child view whose `Button` sets it, a closure a
/// view of the app runs from its `.onTapGesture`, a method a view controller's `viewDidAppear`
/// calls. Each checked against the same code read without the other file (`event:<name>`).
@Suite("triggers from the handlers of other files")
struct HandlerFactsTests {
    static let children = """
        import SwiftUI
        import UIKit
        struct Child: View {
            @Binding var selected: Int?
            @Binding var offset: CGSize
            var body: some View {
                VStack {
                    Button("Pick") { selected = 1 }
                    Circle().gesture(DragGesture().onChanged { value in offset = value.translation })
                    Text("x").onAppear { Logger.shared.log("shown") }
                }
            }
        }
        struct Chip: View {
            var onPick: () -> Void
            var label: () -> Text
            var body: some View { label().onTapGesture { onPick() } }
        }
        final class SplashViewController: UIViewController {
            let splash = SplashView()
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                splash.start()
                model.$items.sink { [weak self] _ in self?.splash.refresh() }.store(in: &bag)
            }
            @IBAction func close(_ sender: UIButton) { self.splash.finish() }
            func alert() {
                let ok = UIAlertAction(title: "OK", style: .default, handler: { _ in self.splash.finish() })
                present(ok)
            }
        }
        final class PostView: UIViewController {
            @objc func reloaded() { post.refresh() }
            override func viewWillAppear(_ animated: Bool) { post.refresh() }
        }
        """

    static var table: SwiftModuleConstants { SwiftModuleConstants([SwiftFactsScan.facts(Array(children.utf8))]) }

    @Test("the facts: what each handler sets or calls, with its trigger; nothing from a sink, a view's body, a short name or a non-handler")
    func facts() {
        let facts = SwiftFactsScan.facts(Array(Self.children.utf8))
        let found = Set(facts.handlers.map { "\($0.container).\($0.name)=\($0.trigger)" })
        #expect(
            found == [
                "Child.selected=tap", "Child.offset=drag", "Chip.onPick=tap", "*.start=appear", "*.finish=tap",
                "*.refresh=appear", "*.refresh=event",
            ])
        #expect(SwiftModuleFacts(text: facts.text) == facts)
        #expect(SwiftModuleConstants(text: Self.table.text) == Self.table, "sent to the reader as written")
        #expect(Self.table.handlers["*.refresh"] == ["appear", "event"], "the sink's call is its own event's, not the appearance's")
    }

    static func triggers(_ source: String, table: SwiftModuleConstants) throws -> [Trigger] {
        try SwiftSourceImporter().extract(source: "import SwiftUI\nimport UIKit\n" + source, file: "Parent.swift", constants: table).animations
            .map(\.spec.trigger)
    }

    @Test("a binding handed to a child that sets it in a handler, and a closure a view of another file runs on a tap")
    func bindingsAndClosures() throws {
        let source = """
            struct Parent: View {
                @State private var selected: Int? = nil
                @State private var offset: CGSize = .zero
                @State private var open = false
                var body: some View {
                    ZStack {
                        Child(selected: $selected, offset: $offset)
                        Color.black.opacity(selected != nil ? 0.5 : 0).animation(.spring(), value: selected)
                            .offset(offset).animation(.easeOut(duration: 0.2), value: offset)
                        Chip(onPick: { withAnimation(.easeIn(duration: 0.3)) { open.toggle() } }, label: { Text("c") })
                    }
                }
            }
            """
        #expect(try Self.triggers(source, table: Self.table) == [.tap, .drag, .tap])
        #expect(try Self.triggers(source, table: SwiftModuleConstants()) == [.event("selected"), .event("offset"), .event("onPick")])
    }

    @Test("a method another file's handlers call takes their trigger when they agree; when they differ it stays event:<method>")
    func methodsCalledElsewhere() throws {
        // (`refresh` is called on appearing and in a sink: no one trigger.)
        let source = """
            final class SplashView: UIView {
                func start() { UIView.animate(withDuration: 0.5) { self.alpha = 1 } }
                func finish() { UIView.animate(withDuration: 0.3) { self.alpha = 0 } }
            }
            final class Post: ObservableObject {
                @Published var count = 0
                func refresh() { withAnimation(.easeIn(duration: 0.2)) { count += 1 } }
            }
            """
        #expect(try Self.triggers(source, table: Self.table) == [.appear, .tap, .event("refresh")])
        let both = SwiftModuleConstants(
            [Self.children, "struct Other: View { var body: some View { Text(\"r\").onAppear { splash.finish() } } }"].map {
                SwiftFactsScan.facts(Array($0.utf8))
            })
        #expect(try Self.triggers(source, table: both) == [.appear, .event("finish"), .event("refresh")])
        let used = try SwiftSourceImporter().extract(source: "import UIKit\n" + source, file: "Splash.swift", constants: Self.table).constantsUsed
        #expect(used.keys.contains("handler:*.start"), "keyed on the facts of the other file: \(used.keys.sorted())")
    }

    @Test("a method called by a method other files' handlers call takes their trigger, after the file's own callers; never an override")
    func callersCalledElsewhere() throws {
        // `finish` is called on a tap in `children`; `start` on appearing.
        let source = """
            final class SplashView: UIView {
                func finish() { fade() }
                private func fade() { UIView.animate(withDuration: 0.3) { self.alpha = 0 } }
                func start() { grow() }
                @objc func swiped() { grow() }
                private func grow() { UIView.animate(withDuration: 0.4) { self.alpha = 1 } }
            }
            final class FancySplashView: SplashView {
                override func finish() { spin() }
                private func spin() { UIView.animate(withDuration: 0.5) { self.alpha = 0.5 } }
            }
            """
        let registered = source.replacingOccurrences(
            of: "func start() { grow() }",
            with:
                "func start() { grow() }\n    func wire() { addGestureRecognizer(UISwipeGestureRecognizer(target: self, action: #selector(swiped))) }"
        )
        #expect(try Self.triggers(source, table: Self.table) == [.tap, .appear, .event("spin")])
        #expect(try Self.triggers(registered, table: Self.table) == [.tap, .drag, .event("spin")], "the file's own registration first")
        #expect(try Self.triggers(source, table: SwiftModuleConstants()) == [.event("fade"), .event("grow"), .event("spin")])
    }

    @Test("a method a property's observer calls, the property set nowhere in the file: other files' handlers first, then event:<property>")
    func observersAndOtherFiles() throws {
        let source = """
            final class SplashView: UIView {
                var phase = 0 { didSet { finish() } }
                func finish() { UIView.animate(withDuration: 0.3) { self.alpha = 0 } }
                var level = 0 { didSet { fade() } }
                private func fade() { UIView.animate(withDuration: 0.2) { self.alpha = 0.5 } }
            }
            final class Post: ObservableObject {
                @Published var count = 0
                @Published var mode = 0 { didSet { start() } }
                func start() { withAnimation(.easeIn(duration: 0.2)) { count += 1 } }
            }
            """
        #expect(try Self.triggers(source, table: Self.table) == [.tap, .event("level"), .appear])
        #expect(try Self.triggers(source, table: SwiftModuleConstants()) == [.event("phase"), .event("level"), .event("mode")])
    }

    @Test("a UIAction made by .init(handler:) for addAction runs on a tap, as UIAction { } does")
    func actionMadeByInit() throws {
        let source = """
            final class LegendController: UIViewController {
                let button = UIButton()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    button.addAction(.init(handler: { [weak self] _ in self?.openInput() }), for: .touchUpInside)
                }
                func openInput() { UIView.animate(withDuration: 0.3) { self.view.alpha = 0.5 } }
            }
            """
        #expect(try Self.triggers(source, table: SwiftModuleConstants()) == [.tap])
    }

    @Test("a closure given to an app's subscribe(bag, observable) function runs on the observable's values")
    func appSubscribeFunction() throws {
        let source = """
            final class TransactionsViewController: UIViewController {
                let viewModel = TransactionsViewModel()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    subscribe(disposeBag, viewModel.sectionViewItemsDriver) { [weak self] _ in self?.reloadTable() }
                }
                private func reloadTable() { UIView.animate(withDuration: 0.2) { self.view.layoutIfNeeded() } }
            }
            """
        #expect(try Self.triggers(source, table: SwiftModuleConstants()) == [.event("sectionViewItemsDriver")])
    }

    /// MovieSwiftUI's pattern: `PeopleDetail` hands `onMovieContextMenu: { … }` to a row of
    /// another file, which hands it on as `MovieContextMenu(onAction: onMovieContextMenu)`,
    /// whose `Button`s call `onAction`. A binding handed on (`Leaf(selected: $selected)`) and a
    /// closure that calls the row's own closure property go the same way.
    static let handingOn = """
        import SwiftUI
        struct MovieRow: View {
            let onMenu: () -> Void
            @Binding var picked: Int
            var onOpen: ((Int) -> Void)?
            let title: String
            var body: some View {
                Text(title)
                    .contextMenu { MovieMenu(movieId: 1, onAction: onMenu) }
                    .overlay(Picker(selection: $picked, tint: self.title))
                    .overlay(Opener(onTap: { id in self.onOpen?(id) }, name: title))
            }
        }
        struct MovieMenu: View {
            var onAction: (() -> Void)?
            var body: some View { Button("Seen") { onAction?() } }
        }
        struct Picker: View {
            @Binding var selection: Int
            let tint: String
            var body: some View { Button("Next") { selection += 1 } }
        }
        struct Opener: View {
            let onTap: (Int) -> Void
            let name: String
            var body: some View { Text(name).onTapGesture { onTap(2) } }
        }
        struct InfoBanner: View {
            let onClose: () -> Void
            var body: some View { Button(action: onClose) { Image(systemName: "xmark") } }
        }
        """

    @Test("a closure or a binding handed on through two views takes the trigger of the handler that runs or sets it")
    func handedOnThroughViews() throws {
        let facts = SwiftFactsScan.facts(Array(Self.handingOn.utf8))
        let forwards = Set(facts.handlers.filter { $0.trigger.hasPrefix(">") }.map { "\($0.container).\($0.name)=\($0.trigger)" })
        #expect(forwards == ["MovieRow.onMenu=>MovieMenu.onAction", "MovieRow.picked=>Picker.selection", "MovieRow.onOpen=>Opener.onTap"])
        #expect(facts.handlers.contains(SwiftHandlerFact(container: "InfoBanner", name: "onClose", trigger: "tap")), "Button(action: onClose)")
        // A view that names no handler is read when it may hand something on (`Void` or
        // `Binding`, and a SwiftUI stack or control).
        let rowOnly = """
            import SwiftUI
            struct MovieRow: View {
                let onMenu: () -> Void
                var body: some View { VStack { Text("t").contextMenu { MovieMenu(movieId: 1, onAction: onMenu) } } }
            }
            """
        #expect(
            SwiftFactsScan.facts(Array(rowOnly.utf8)).handlers == [
                SwiftHandlerFact(container: "MovieRow", name: "onMenu", trigger: ">MovieMenu.onAction")
            ])
        #expect(SwiftModuleFacts(text: facts.text) == facts)
        let source = """
            struct PeopleDetail: View {
                @State private var updated = false
                @State private var picked = 0
                @State private var shown = 0
                var body: some View {
                    VStack {
                        MovieRow(onMenu: { withAnimation(.easeIn(duration: 0.3)) { updated.toggle() } }, picked: $picked,
                                 onOpen: { id in withAnimation(.easeOut(duration: 0.2)) { shown = id } }, title: "x")
                        Color.red.opacity(picked > 0 ? 1 : 0).animation(.spring(), value: picked)
                        InfoBanner(onClose: { withAnimation(.linear(duration: 0.1)) { shown = 0 } })
                    }
                }
            }
            """
        let table = SwiftModuleConstants([facts])
        #expect(try Self.triggers(source, table: table) == [.tap, .tap, .tap, .tap])
        #expect(
            try Self.triggers(source, table: SwiftModuleConstants()) == [.event("onMenu"), .event("onOpen"), .event("picked"), .event("onClose")])
        let used = try SwiftSourceImporter().extract(source: "import SwiftUI\n" + source, file: "PeopleDetail.swift", constants: table).constantsUsed
        #expect(used.keys.contains("handler:MovieMenu.onAction"), "keyed on the view handed through too: \(used.keys.sorted())")
    }
}
