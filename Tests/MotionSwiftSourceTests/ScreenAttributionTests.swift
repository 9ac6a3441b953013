import Foundation
import MotionSwiftSource
import Testing

/// Issue 48: a screen is a view a user sees (a view controller, a navigation destination, a
/// sheet, a tab, a window's root); a component is on the screens that create it. The facts come
/// from every file's bytes (`SwiftFactsScan`), the screens from all of them (`ScreenAttribution`).
@Suite("screens from the app's types")
struct ScreenAttributionTests {
    static let app = """
        import SwiftUI
        @main struct ShopApp: App {
            var body: some Scene { WindowGroup { ContentView() } }
        }
        // A comment naming FakeView() is not code, nor is "GhostView()" in a string.
        struct ContentView: View {
            @StateObject private var model = FeedModel()
            @State private var showsDetail = false
            let label = "\\(LabelView())"
            var body: some View {
                NavigationStack {
                    List { PostRow(title: "a") }
                        .shimmer()
                        .sheet(isPresented: $showsDetail) { DetailView() }
                        .navigationDestination(for: Int.self) { _ in SettingsView() }
                }
            }
        }
        struct PostRow: View {
            let title: String
            var body: some View { Text(title).buttonStyle(PressStyle()) }
        }
        struct PressStyle: ButtonStyle { func makeBody(configuration: Configuration) -> some View { configuration.label } }
        struct DetailView: View { var body: some View { PostRow(title: "b") } }
        struct SettingsView: View { var body: some View { Text("s") } }
        final class FeedModel: ObservableObject {}
        final class Orphan: ObservableObject {}
        extension View {
            func shimmer() -> some View { modifier(ShimmerModifier()) }
        }
        struct ShimmerModifier: ViewModifier { func body(content: Content) -> some View { content } }
        class FeedViewController: UIViewController {
            let header = HeaderView()
            var footer: FooterView?
            func open() { present(CartViewController(), animated: true) }
        }
        class HeaderView: UIView {}
        class FooterView: UIView {}
        class CartViewController: UIViewController {}
        """

    @Test("the facts: kinds from what types inherit, uses with their roles, comments and strings skipped")
    func facts() {
        let facts = SwiftFactsScan.facts(Array(Self.app.utf8))
        let kinds = Dictionary(facts.types.map { ($0.name, $0.kind) }, uniquingKeysWith: { a, _ in a })
        #expect(kinds["ShopApp"] == .app && kinds["ContentView"] == .view && kinds["FeedModel"] == .other)
        #expect(kinds["FeedViewController"] == .viewController && kinds["HeaderView"] == .platformView && kinds["PressStyle"] == .style)
        #expect(kinds["View"] == nil, "an extension declares no type")
        let uses = Set(facts.uses)
        func has(_ container: String, _ used: String, _ role: SwiftTypeUse.Role) -> Bool {
            uses.contains(SwiftTypeUse(container: container, used: used, role: role))
        }
        #expect(has("ShopApp", "ContentView", .presented))
        #expect(has("ContentView", "FeedModel", .part) && has("ContentView", "PostRow", .part) && has("ContentView", "func:shimmer", .part))
        #expect(has("ContentView", "DetailView", .presented) && has("ContentView", "SettingsView", .presented))
        #expect(has("PostRow", "PressStyle", .part) && has("DetailView", "PostRow", .part))
        #expect(has("func:shimmer", "ShimmerModifier", .part))
        #expect(has("FeedViewController", "HeaderView", .part) && has("FeedViewController", "FooterView", .part))
        #expect(has("FeedViewController", "CartViewController", .presented))
        #expect(!uses.contains { ["FakeView", "GhostView", "LabelView"].contains($0.used) }, "comments, strings and interpolations are not code")
    }

    @Test("the screens: presented views and view controllers; components on the screens that create them")
    func screens() {
        let screens = ScreenAttribution([SwiftFactsScan.facts(Array(Self.app.utf8))])
        #expect(screens.screens(of: "ContentView") == ["ContentView"], "a window's root")
        #expect(screens.screens(of: "DetailView") == ["DetailView"], "a sheet")
        #expect(screens.screens(of: "PostRow") == ["ContentView", "DetailView"], "a row on two screens")
        #expect(screens.screens(of: "PressStyle") == ["ContentView", "DetailView"], "a style, through the row")
        #expect(screens.screens(of: "FeedModel") == ["ContentView"], "a view model, through the view that holds it")
        #expect(screens.screens(of: "ShimmerModifier") == ["ContentView"], "a modifier, through the view that calls its function")
        #expect(screens.screens(of: "func:shimmer") == ["ContentView"])
        #expect(screens.screens(of: "HeaderView") == ["FeedViewController"] && screens.screens(of: "FooterView") == ["FeedViewController"])
        #expect(screens.screens(of: "CartViewController") == ["CartViewController"])
        #expect(screens.screens(of: "Orphan") == [], "held by nothing: not known, said so")
    }

    @Test("a platform class's extension methods are functions: their screens are their callers', not every screen of the class")
    func platformExtensionMethods() throws {
        let app = """
            class FeedViewController: UIViewController {
                let badge = UIView()
                override func viewDidLoad() { badge.beginPulsing() }
            }
            class CartViewController: UIViewController { let icon = UIView() }
            class UIThemeViewController: UIViewController { func f() { Row() } }
            extension UIView {
                func beginPulsing() { let a = CABasicAnimation(keyPath: "opacity") }
                func neverCalled() { }
            }
            extension Feed { func g() { Card() } }
            """
        let facts = SwiftFactsScan.facts(Array(app.utf8))
        #expect(facts.uses.contains(SwiftTypeUse(container: "FeedViewController", used: "func:beginPulsing", role: .part)))
        #expect(
            facts.uses.contains(SwiftTypeUse(container: "UIThemeViewController", used: "Row", role: .part)),
            "a class declared with a UI prefix is a type")
        #expect(facts.uses.contains(SwiftTypeUse(container: "Feed", used: "Card", role: .part)), "an app type's extension is the type's code")
        let screens = ScreenAttribution([facts])
        #expect(screens.screens(of: "func:beginPulsing") == ["FeedViewController"])
        #expect(screens.screens(of: "func:neverCalled") == [], "called nowhere: not known, said so")
        // The reader names the same container for an animation written there.
        let read = try SwiftSourceImporter().extract(source: "import UIKit\n" + app, file: "App.swift")
        #expect(read.animations.map(\.container) == ["func:beginPulsing"], "\(read.animations.map(\.container))")
        for (extended, expected) in [
            ("UIView", true), ("NSView", true), ("CALayer", true), ("CASpringAnimation", true), ("View", true), ("View where Self: Equatable", true),
            ("UI", false), ("UIview", false), ("Feed", false), ("UIView.Kind", false), ("NSObject<T>", false),
        ] {
            #expect(SwiftFactsScan.methodsAreFunctions(inExtensionOf: extended) == expected, "\(extended)")
        }
    }

    @Test("a singleton named by views (`SpeechSynthesizer.shared`) is part of them: its animations are on their screens")
    func singletonsHeld() {
        let service = SwiftFactsScan.facts(
            Array(
                """
                final class SpeechSynthesizer: NSObject, ObservableObject {
                    static let shared = SpeechSynthesizer()
                    func speak() { withAnimation { isSpeaking = true } }
                }
                """.utf8))
        let chat = SwiftFactsScan.facts(
            Array(
                """
                struct ChatView: View {
                    @StateObject var speech = SpeechSynthesizer.shared
                    var body: some View { Text("a").onAppear { Logger.shared.log("x") } }
                }
                """.utf8))
        #expect(chat.uses.contains(SwiftTypeUse(container: "ChatView", used: "SpeechSynthesizer", role: .part)))
        #expect(!chat.uses.contains { $0.used == "shared" }, "the member is no type")
        #expect(ScreenAttribution([service, chat]).screens(of: "SpeechSynthesizer") == ["ChatView"])
        #expect(ScreenAttribution([service]).screens(of: "SpeechSynthesizer") == [], "named by no view: not known, said so")
    }

    @Test("a type whose body is some View is a view, though it conforms to another module's protocol; a body of another kind is not")
    func viewsBehindProtocols() {
        let facts = SwiftFactsScan.facts(
            Array(
                """
                struct Root: View { var body: some View { TabView { Discover().tabItem { Text("D") } } } }
                struct Discover: ConnectedView {
                    struct Props {}
                    func map(state: AppState) -> Props { Props() }
                    func body(props: Props) -> some View { Poster().animation(.spring()) }
                }
                final class Poster: UIView {}
                struct Styled: StyledScreen {
                    var body:
                        some SwiftUI.View { Text("s") }
                }
                struct Payload: Codable { var body: String }
                enum Parser { static func body(_ s: String) -> String { s } }
                struct Nested: Reducer {
                    struct Row: RowProtocol { func body(content: Content) -> some View { content } }
                    func reduce() { let body: some View = Text("x"); _ = body }
                }
                """.utf8))
        let kinds = Dictionary(uniqueKeysWithValues: facts.types.map { ($0.name, $0.kind) })
        #expect(kinds["Discover"] == .view && kinds["Styled"] == .view && kinds["Nested.Row"] == .view)
        #expect(kinds["Payload"] == .other && kinds["Parser"] == .other && kinds["Nested"] == .other && kinds["Poster"] == .platformView)
        #expect(ScreenAttribution([facts]).screens(of: "Poster") == ["Discover"], "a component's screen is the view behind the protocol")
    }

    @Test("a base class's code is on its subclasses' screens; a platform class's extension holds nothing")
    func baseClassesAndPlatformExtensions() {
        let facts = SwiftFactsScan.facts(
            Array(
                """
                open class SwipeCell: UICollectionViewCell {
                    func wiggle() { UIView.animate(withDuration: 0.3) { self.alpha = 0.5 } }
                }
                final class RowCell: SwipeCell {}
                extension UICollectionView {
                    var swipeCells: [SwipeCell] { visibleCells.compactMap { $0 as? SwipeCell } }
                }
                final class AViewController: UIViewController { let list = UICollectionView() }
                final class BViewController: UIViewController {
                    let list = UICollectionView()
                    func setUp() { list.register(RowCell.self, forCellWithReuseIdentifier: "row") }
                }
                protocol Shakeable {}
                extension Shakeable { func shake() {} }
                final class Field: UITextField, Shakeable {}
                final class LoginViewController: UIViewController { let field = Field() }
                """.utf8))
        let screens = ScreenAttribution([facts])
        #expect(screens.screens(of: "SwipeCell") == ["BViewController"])
        #expect(screens.screens(of: "Shakeable") == ["LoginViewController"])
        #expect(SwiftModuleFacts(text: facts.text) == facts)
    }

    @Test("a view controller others only inherit from is no screen: its code is on its subclasses'; one also made is")
    func abstractBaseControllers() {
        let facts = SwiftFactsScan.facts(
            Array(
                """
                open class MessageViewController: UIViewController {
                    func show() { UIView.animate(withDuration: 0.3) { self.view.alpha = 1 } }
                }
                final class IssuesViewController: MessageViewController {}
                final class ReviewViewController: MessageViewController {}
                class BaseListController: UIViewController {}
                final class FeedController: BaseListController {}
                final class Router { func start() -> UIViewController { BaseListController() } }
                """.utf8))
        let screens = ScreenAttribution([facts])
        #expect(screens.screens(of: "MessageViewController") == ["IssuesViewController", "ReviewViewController"])
        #expect(screens.screens(of: "BaseListController") == ["BaseListController"], "made by the router: a screen of its own")
    }

    @Test("facts keep across files and through their text form")
    func acrossFiles() {
        let a = SwiftFactsScan.facts(Array("struct Home: View { var body: some View { Card() } }".utf8))
        let b = SwiftFactsScan.facts(Array("struct Card: View { var body: some View { Text(\"x\") } }".utf8))
        #expect(SwiftModuleFacts(text: a.text) == a && SwiftModuleFacts(text: b.text) == b)
        #expect(ScreenAttribution([a, b]).screens(of: "Card") == ["Home"])
        #expect(ScreenAttribution([b]).screens(of: "Card") == ["Card"], "alone, a view nothing creates is the top of what is read")
    }

    @Test("each declaration word is read, and only whole words: near misses declare nothing")
    func declarationWords() {
        for word in ["struct", "enum", "actor", "class"] {
            let facts = SwiftFactsScan.facts(Array("\(word) Shown: View { var body: some View { Row() } }".utf8))
            #expect(facts.types == [SwiftTypeFact(name: "Shown", kind: .view)], "\(word)")
            #expect(facts.uses.contains(SwiftTypeUse(container: "Shown", used: "Row", role: .part)), "\(word)")
        }
        for word in ["structs", "enu", "actors", "klass", "protocols", "extensions", "clas", "Struct", "funcs"] {
            let facts = SwiftFactsScan.facts(Array("\(word) Shown: View { var body: some View { Row() } }".utf8))
            #expect(facts.types.isEmpty, "\(word) declares nothing")
        }
        // An extension declares no type and a protocol is known only as one, but code in them is
        // the named type's.
        let ext = SwiftFactsScan.facts(Array("extension Shown { func f() { Row() } } protocol P { }".utf8))
        #expect(ext.types == [SwiftTypeFact(name: "P", kind: .protocolType)])
        #expect(ext.uses == [SwiftTypeUse(container: "Shown", used: "Row", role: .part)])
        #expect(SwiftModuleFacts(text: ext.text) == ext, "the kind goes through the store's text")
        // `func` in a `View` extension is a modifier function; `iff`/`elsewhere` are no control flow.
        let modifier = SwiftFactsScan.facts(Array("extension View { func card() -> some View { Card() } }".utf8))
        #expect(modifier.uses == [SwiftTypeUse(container: "func:card", used: "Card", role: .part)])
        // A branch of a presenting closure presents what it creates; a word that only starts like
        // a keyword (`iff`) opens no branch.
        let branch = SwiftFactsScan.facts(
            Array("struct S: View { var body: some View { NavigationStack { if on { Detail() } else { Other() } } } }".utf8))
        #expect(branch.uses.contains(SwiftTypeUse(container: "S", used: "Detail", role: .presented)))
        #expect(branch.uses.contains(SwiftTypeUse(container: "S", used: "Other", role: .presented)))
        let nearMiss = SwiftFactsScan.facts(Array("struct S: View { var body: some View { NavigationStack { iff on { Detail() } } } }".utf8))
        #expect(nearMiss.uses.contains(SwiftTypeUse(container: "S", used: "Detail", role: .part)))
    }

    @Test("every presenting call is known, whatever its length; a call repeated is one use")
    func presentingAndRepeatedCalls() {
        for name in SwiftFactsScan.presenting.sorted() {
            let facts = SwiftFactsScan.facts(Array("struct S: View { var body: some View { x.\(name) { Detail() } } }".utf8))
            #expect(facts.uses.contains(SwiftTypeUse(container: "S", used: "Detail", role: .presented)), "\(name)")
        }
        let text =
            "struct S: View { var body: some View { Text(\"a\").pad(1).pad(2).pad(3) } }\nstruct T: View { var body: some View { Text(\"b\").pad(1) } }"
        let facts = SwiftFactsScan.facts(Array(text.utf8))
        #expect(
            facts.uses.filter { $0.used == "func:pad" } == [
                SwiftTypeUse(container: "S", used: "func:pad", role: .part), SwiftTypeUse(container: "T", used: "func:pad", role: .part),
            ])
    }

    @Test("odd bytes: unterminated strings and comments, stray brackets, raw strings; no crash, no made-up types")
    func oddInput() {
        for text in [
            "struct A: View { let s = \"unterminated", "/* open comment struct B: View {", "}}}) struct C: View {", "let r = #\"a \"quoted\" B()\"#",
            "\"\"\"\nmulti B() \\(C())\n\"\"\"", String(repeating: "(", count: 10_000), "",
        ] {
            let facts = SwiftFactsScan.facts(Array(text.utf8))
            #expect(!facts.uses.contains { $0.used == "B" }, "\(text.prefix(30))")
        }
    }
}

/// The corrections the hand check of real apps asked for.
@Suite("screens: routers, previews, UIKit views and the nearest screen")
struct ScreenAttributionRefinementTests {
    static let app = """
        import SwiftUI
        @main struct Notes: App { var body: some Scene { WindowGroup { RootView() } } }
        struct RootView: View { var body: some View { NavigationStack { List { Text("a") }.withRouter() } } }
        enum Destination { case detail, settings }
        extension View {
            func withRouter() -> some View {
                navigationDestination(for: Destination.self) { destination in
                    switch destination {
                    case .detail: DetailView()
                    case .settings: AnyView(SettingsView())
                    }
                }
            }
        }
        struct DetailView: View { var body: some View { Badge() } }
        struct SettingsView: View { var body: some View { Text("s") } }
        struct Badge: View { var body: some View { Text("b") } }
        struct Dead: View { var body: some View { Text("never made") } }
        struct Badge_Previews: PreviewProvider { static var previews: some View { PreviewOnly() } }
        struct PreviewOnly: View { var body: some View { Badge() } }
        final class ListViewController: UIViewController { let cell = NoteCell() }
        final class NoteCell: UITableViewCell {}
        final class StrayCell: UITableViewCell {}
        """

    @Test("a router's switch presents each destination; previews, dead views and stray cells are on no screen; the nearest screen first")
    func refinements() {
        let screens = ScreenAttribution([SwiftFactsScan.facts(Array(Self.app.utf8))])
        #expect(screens.screens(of: "DetailView") == ["DetailView"] && screens.screens(of: "SettingsView") == ["SettingsView"])
        #expect(screens.screens(of: "Badge") == ["DetailView"], "previews do not count")
        #expect(screens.screens(of: "PreviewOnly") == [] && screens.screens(of: "Dead") == [])
        #expect(screens.screens(of: "NoteCell") == ["ListViewController"] && screens.screens(of: "StrayCell") == [])
        #expect(screens.screens(of: "RootView") == ["RootView"])
    }

    @Test("the nearest screen comes first, then by name")
    func nearest() {
        let facts = SwiftModuleFacts(
            types: [
                SwiftTypeFact(name: "A", kind: .viewController), SwiftTypeFact(name: "B", kind: .viewController),
                SwiftTypeFact(name: "Bar", kind: .platformView), SwiftTypeFact(name: "Part", kind: .platformView),
            ],
            uses: [
                SwiftTypeUse(container: "A", used: "Bar", role: .part), SwiftTypeUse(container: "Bar", used: "Part", role: .part),
                SwiftTypeUse(container: "B", used: "Part", role: .part),
            ])
        #expect(ScreenAttribution([facts]).screens(of: "Part") == ["B", "A"])
    }
}
