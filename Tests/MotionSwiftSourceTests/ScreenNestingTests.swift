import Foundation
import MotionSwiftSource
import Testing

/// Issue 48, apps not seen before: nested view models named alike in several views, views a
/// coordinator hands over, styles named by a static member, modifiers called with a trailing
/// closure, and tests that create views.
@Suite("screens: nested types, coordinators, styles, tests")
struct ScreenNestingTests {
    static let files = [
        """
        import SwiftUI
        @main struct Reader: App { var body: some Scene { WindowGroup { AppRoot() } } }
        struct AppRoot: View { var body: some View { Text("root").sheet(isPresented: .constant(true)) { Feed() } } }
        struct MangaView: View {
            @StateObject private var viewModel = ViewModel()
            var body: some View { Button("read") {}.buttonStyle(.pill).swipeAction { } }
        }
        struct DownloadsView: View {
            @StateObject private var viewModel = ViewModel()
            var body: some View { Text("d") }
        }
        """,
        """
        import SwiftUI
        extension MangaView {
            final class ViewModel: ObservableObject { struct Page {} }
        }
        extension DownloadsView {
            final class ViewModel: ObservableObject {}
        }
        extension DownloadsView.ViewModel { func load() {} }
        """,
        """
        import SwiftUI
        final class HomeCoordinator {
            func start() -> AnyView { AnyView(HomeScreen()) }
            func manga() -> AnyView { AnyView(MangaView()) }
            func downloads() -> AnyView { AnyView(DownloadsView()) }
        }
        final class AppCoordinator { let home = HomeCoordinator() }
        struct HomeScreen: View { var body: some View { RoomCell() } }
        struct RoomCell: View { var body: some View { Text("r") } }
        final class CardViewModel: ObservableObject { func card() -> some View { Card() } }
        struct Card: View { var body: some View { Text("c") } }
        struct Feed: View { @StateObject var model = CardViewModel(); var body: some View { Text("f") } }
        """,
        """
        import SwiftUI
        struct PillStyle: ButtonStyle { func makeBody(configuration: Configuration) -> some View { configuration.label } }
        extension ButtonStyle where Self == PillStyle {
            static var pill: PillStyle { PillStyle() }
        }
        extension View {
            func swipeAction(_ action: @escaping () -> Void) -> some View { modifier(SwipeModifier()) }
        }
        struct SwipeModifier: ViewModifier { func body(content: Content) -> some View { content } }
        final class RoomCellTests: XCTestCase { func testCell() { _ = RoomCell(); _ = Orphaned() } }
        struct Orphaned: View { var body: some View { Text("o") } }
        """,
    ]

    static var screens: ScreenAttribution { ScreenAttribution(files.map { SwiftFactsScan.facts(Array($0.utf8)) }) }

    @Test("a nested type is named as Swift qualifies it, and a name in a type's code means its own nested type first")
    func nested() {
        let facts = SwiftFactsScan.facts(Array(Self.files[1].utf8))
        #expect(facts.types.map(\.name) == ["MangaView.ViewModel", "MangaView.ViewModel.Page", "DownloadsView.ViewModel"])
        #expect(Self.screens.screens(of: "DownloadsView.ViewModel") == ["DownloadsView"], "not MangaView's, though both say ViewModel")
        #expect(Self.screens.screens(of: "MangaView.ViewModel") == ["MangaView"])
        #expect(Self.screens.screens(of: "ViewModel") == [], "no type of that name alone")
    }

    @Test("a view a coordinator hands over is a screen; a view model's views are its view's")
    func coordinators() {
        #expect(Self.screens.isScreen("HomeScreen") && Self.screens.isScreen("MangaView"))
        #expect(Self.screens.screens(of: "RoomCell") == ["HomeScreen"], "a test creating it does not count")
        #expect(Self.screens.screens(of: "Card") == ["Feed"] && !Self.screens.isScreen("Card"))
        #expect(Self.screens.screens(of: "Orphaned") == [], "made by a test alone: on no screen")
    }

    @Test("what a sheet shows through a navigation container of another name, and a package's destinations, are screens; a stack's views are parts")
    func presentedThroughWrappers() {
        let app = """
            import SwiftUI
            import NavigationBackport
            @main struct Social: App { var body: some Scene { WindowGroup { HomeTab() } } }
            struct HomeTab: View {
                @State private var composing = false
                @State private var reading = false
                @State private var profile = false
                var body: some View {
                    FeedList()
                        .sheet(isPresented: $composing) { NBNavigationStack { ComposePost() } }
                        .sheet(isPresented: $reading) { VStack(spacing: 0) { ReaderHeader(); ArticleView() } }
                        .fullScreenCover(isPresented: $profile) { AppNavigationStack { ScrollView { ProfileView() } } }
                        .withDestinations()
                }
            }
            extension View {
                func withDestinations() -> some View {
                    nbNavigationDestination(for: Conversation.self) { c in ConversationView(conversation: c) }
                }
            }
            struct FeedList: View { var body: some View { List { ForEach(0..<3) { _ in PostRow() } } } }
            """
            + ["ComposePost", "ReaderHeader", "ArticleView", "ProfileView", "ConversationView", "PostRow"].map {
                "struct \($0): View { var body: some View { Text(\"\($0)\") } }\n"
            }.joined()
        let screens = ScreenAttribution([SwiftFactsScan.facts(Array(app.utf8))])
        for view in ["ComposePost", "ConversationView"] {
            #expect(screens.isScreen(view), "\(view)")
        }
        // A stack's views are parts of the screen that writes it (a screen's own `NavigationStack
        // { VStack { Header(); List { … } } }` is the usual shape), here the presenter's.
        for view in ["ReaderHeader", "ArticleView", "ProfileView"] {
            #expect(!screens.isScreen(view) && screens.screens(of: view) == ["HomeTab"], "\(view)")
        }
        // A view generic over the view it shows lays it out: no screen, though a stack shows it.
        let wrapped = """
            import SwiftUI
            struct AppEnvironment<Content: View>: View {
                let content: Content
                var body: some View { content.environmentObject(Store.shared) }
            }
            struct Framed<Label: SwiftUI.View, Content: View>: View { var body: some View { Text("f") } }
            struct Pair<T: Equatable>: View { var body: some View { Text("p") } }
            struct AppNavigationStack<Content: View>: View {
                let content: Content
                var body: some View { NBNavigationStack { AppEnvironment { content } } }
            }
            struct ExpandedPostView<Extra: View>: View {
                let extra: Extra
                var body: some View { VStack { PostHeader(); extra } }
            }
            struct PostHeader: View { var body: some View { Text("h") } }
            struct PostPage: View { var body: some View { NavigationLink("p") { ExpandedPostView(extra: Text("x")) } } }
            """
        let kinds = Dictionary(uniqueKeysWithValues: SwiftFactsScan.facts(Array(wrapped.utf8)).types.map { ($0.name, $0.kind) })
        #expect(
            kinds == [
                "AppEnvironment": .wrapper, "Framed": .wrapper, "Pair": .view, "AppNavigationStack": .wrapper, "ExpandedPostView": .wrapper,
                "PostHeader": .view, "PostPage": .view,
            ])
        let withWrappers = ScreenAttribution([SwiftFactsScan.facts(Array(app.utf8)), SwiftFactsScan.facts(Array(wrapped.utf8))])
        #expect(!withWrappers.isScreen("AppEnvironment") && withWrappers.screens(of: "Store") == ["HomeTab"], "\(withWrappers.screens(of: "Store"))")
        #expect(withWrappers.isScreen("ExpandedPostView"), "a page with a slot, presented, is a screen: it makes views of its own")
        #expect(!screens.isScreen("PostRow") && screens.screens(of: "PostRow") == ["HomeTab"], "a list's row stays part of its screen")
        #expect(!screens.isScreen("FeedList"))
    }

    @Test(
        "a labelled destination closure, an app's wrapper in a tab or sheet and a row's destination: are presented; a list's rows and a button's label are not"
    )
    func labelledAndWrappedContent() {
        let app = """
            import SwiftUI
            @main struct Reddit: App { var body: some Scene { WindowGroup { Tabber() } } }
            struct Tabber: View {
                @State private var sheet = false
                var body: some View {
                    TabView {
                        WithCredentialOnly(credential: nil) { SubredditsStack() }
                        Settings()
                    }
                    .navigationDestination(for: Route.self, destination: { route in
                        switch route { case .general: GeneralPanel() }
                    })
                    .sheet(isPresented: $sheet) {
                        VStack {
                            List { ForEach(0..<3) { _ in PostRow() } }
                            Button { sheet = false } label: { CloseLabel() }
                            NavigationRow(destination: { EducationView() }) { RowTitle() }
                        }
                    }
                }
            }
            struct WithCredentialOnly<Content: View>: View {
                let credential: String?
                @ViewBuilder let content: Content
                var body: some View { content }
            }
            struct NavigationRow<Destination: View, Title: View>: View {
                @ViewBuilder let destination: Destination
                @ViewBuilder let title: Title
                var body: some View { NavigationLink(destination: destination) { title } }
            }
            """
            + ["SubredditsStack", "Settings", "GeneralPanel", "PostRow", "CloseLabel", "EducationView", "RowTitle"].map {
                "struct \($0): View { var body: some View { Text(\"\($0)\") } }\n"
            }.joined()
        let screens = ScreenAttribution([SwiftFactsScan.facts(Array(app.utf8))])
        for view in ["SubredditsStack", "Settings", "GeneralPanel", "EducationView"] {
            #expect(screens.isScreen(view), "\(view)")
        }
        for view in ["PostRow", "CloseLabel", "WithCredentialOnly", "NavigationRow"] {
            #expect(!screens.isScreen(view), "\(view)")
        }
        // A model that names a view's nested type holds no view: the view stays a component.
        let styled = SwiftFactsScan.facts(Array("struct SwapState { let style: RowTitle.Style; let title: RowTitle }".utf8))
        #expect(styled.uses.map(\.used) == ["RowTitle"], "the nested type's owner is not held; the plain one is")
    }

    @Test("a transition animator is on the screens of the view controllers it moves, not of the navigation controller that vends it")
    func transitionAnimators() {
        let app = """
            import UIKit
            final class MainNavigationController: UINavigationController, UINavigationControllerDelegate {
                func navigationController(_ nc: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                    from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
                    if let send = toVC as? WalletSendViewController, let amount = fromVC as? WalletAmountController {
                        return SendAnimator(amount: amount, send: send)
                    }
                    return FadeAnimator()
                }
            }
            final class SendAnimator: NSObject, UIViewControllerAnimatedTransitioning {
                private let amount: WalletAmountController
                private let send: WalletSendViewController
                init(amount: WalletAmountController, send: WalletSendViewController) { self.amount = amount; self.send = send }
            }
            final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {}
            final class ImageViewController: UIViewController {
                let zoom = ImageTransition()
            }
            final class ImageTransition: NSObject, UIViewControllerAnimatedTransitioning {
                private weak var webViewController: WebViewController?
            }
            final class WebViewController: UIViewController {}
            final class WalletAmountController: UIViewController {}
            final class WalletSendViewController: UIViewController {}
            """
        let facts = SwiftFactsScan.facts(Array(app.utf8))
        #expect(facts.types.first { $0.name == "SendAnimator" }?.kind == .transition)
        #expect(SwiftModuleFacts(text: facts.text) == facts, "kept in the store's text as read")
        let screens = ScreenAttribution([facts])
        #expect(screens.screens(of: "SendAnimator") == ["WalletAmountController", "WalletSendViewController"])
        #expect(screens.screens(of: "FadeAnimator") == ["MainNavigationController"], "one that holds none stays where it is made")
        #expect(screens.screens(of: "ImageTransition") == ["ImageViewController", "WebViewController"], "the one that makes it first")
    }

    @Test("a style named by a static member, a modifier called with a trailing closure alone")
    func stylesAndModifiers() {
        let kinds = Dictionary(Self.files.flatMap { SwiftFactsScan.facts(Array($0.utf8)).types }.map { ($0.name, $0.kind) }) { a, _ in a }
        #expect(kinds["PillStyle"] == .style && kinds["SwipeModifier"] == .style && kinds["RoomCellTests"] == .preview)
        #expect(Self.screens.screens(of: "PillStyle") == ["MangaView"])
        #expect(Self.screens.screens(of: "SwipeModifier") == ["MangaView"])
    }
}
