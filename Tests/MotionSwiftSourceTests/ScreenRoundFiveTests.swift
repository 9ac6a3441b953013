import MotionSwiftSource
import Testing

/// Issue 48, a fifth hand check on apps not seen before (EhPanda, Simplenote): tabs a `TabView`
/// makes through `ForEach` and a `switch`, and a view controller declared in Objective-C that the
/// Swift files only extend.
@Suite("screens: tabs made by ForEach, view controllers declared in Objective-C")
struct ScreenRoundFiveTests {
    static let tabs = """
        import SwiftUI
        @main struct Fx: App { var body: some Scene { WindowGroup { RootTabs() } } }
        enum Tab: CaseIterable, Identifiable { case home, search; var id: Self { self } }
        struct RootTabs: View {
            @State private var selection: Tab = .home
            var body: some View {
                TabView(selection: $selection) {
                    ForEach(Tab.allCases) { tab in
                        Group {
                            switch tab {
                            case .home: HomeTab()
                            case .search: SearchTab()
                            }
                        }
                        .tabItem { TabLabel(tab: tab) }
                        .tag(tab)
                    }
                }
            }
        }
        struct HomeTab: View { var body: some View { VStack { ForEach(0..<3) { _ in HomeRow() } } } }
        struct SearchTab: View { var body: some View { List { ForEach(0..<3) { _ in SearchRow() } } } }
        """
        + ["HomeRow", "SearchRow", "TabLabel"].map { "struct \($0): View { var body: some View { Text(\"\($0)\") } }\n" }.joined()

    @Test("a TabView's ForEach presents each tab it makes; a ForEach in a stack or a list does not")
    func tabsThroughForEach() {
        let screens = ScreenAttribution([SwiftFactsScan.facts(Array(Self.tabs.utf8))])
        #expect(screens.isScreen("HomeTab") && screens.isScreen("SearchTab"))
        #expect(screens.screens(of: "HomeRow") == ["HomeTab"])
        #expect(screens.screens(of: "SearchRow") == ["SearchTab"])
        #expect(!screens.isScreen("TabLabel"), "a tab's label is no screen")
    }

    @Test("a TabView shown as pages (.tabViewStyle(.page), PageTabViewStyle) is a carousel in its screen: its pages are no screens")
    func pagedTabView() {
        let source = """
            import SwiftUI
            @main struct Fx: App { var body: some Scene { WindowGroup { Onboarding() } } }
            struct Onboarding: View {
                @State private var page = 0
                var body: some View {
                    VStack {
                        TabView(selection: $page) {
                            ForEach(0..<3) { index in WelcomePage(index: index) }
                        }
                        .frame(height: 300)
                        .tabViewStyle(.page(indexDisplayMode: .never))
                        TabView { Slide() ; Slide() }
                            .tabViewStyle(PageTabViewStyle())
                    }
                    .sheet(isPresented: .constant(false)) { Tabs() }
                }
            }
            struct Tabs: View {
                var body: some View { TabView { FirstTab().tabItem { Text("1") } }.tabViewStyle(.automatic) }
            }
            """
            + ["WelcomePage", "Slide", "FirstTab"].map { "struct \($0): View { var body: some View { Text(\"\($0)\") } }\n" }.joined()
        let screens = ScreenAttribution([SwiftFactsScan.facts(Array(source.utf8))])
        #expect(!screens.isScreen("WelcomePage") && screens.screens(of: "WelcomePage") == ["Onboarding"])
        #expect(!screens.isScreen("Slide") && screens.screens(of: "Slide") == ["Onboarding"])
        #expect(screens.isScreen("FirstTab"), "an automatic style shows tabs")
        // Cut short anywhere in a TabView or its modifiers: no page is taken for a screen, and nothing traps.
        let whole = "struct Cut: View { var body: some View { TabView(selection: $page) { Page() }.frame(height: 3).tabViewStyle(.page) } }"
        for end in stride(from: 40, through: whole.utf8.count, by: 7) {
            let cut = String(decoding: Array(whole.utf8.prefix(end)), as: UTF8.self)
            _ = ScreenAttribution([SwiftFactsScan.facts(Array(cut.utf8))]).screens(of: "Page")
        }
        #expect(!ScreenAttribution([SwiftFactsScan.facts(Array(whole.utf8))]).isScreen("Page"))
    }

    static let objectiveC = [
        """
        import UIKit
        // Declared in EditorViewController.h; the Swift files only extend it.
        extension EditorViewController {
            @objc func keyboardWillChange(_ note: Notification) {
                UIView.animate(withDuration: 0.25) { self.view.layoutIfNeeded() }
            }
        }
        extension NoteCell { func flash() {} }
        """,
        """
        import UIKit
        final class EditorFactory: NSObject {
            func build() -> EditorViewController { EditorViewController() }
            func cell() -> NoteCell { NoteCell() }
        }
        final class NotesListViewController: UIViewController, PreviewingViewController {
            let factory = EditorFactory()
            @objc func openNote() { navigationController?.pushViewController(factory.build(), animated: true) }
        }
        protocol PreviewingViewController: UIViewController {}
        extension PreviewingViewController { func zoom() { UIView.animate(withDuration: 0.3) { self.view.alpha = 1 } } }
        """,
    ]

    @Test("a type only extended in Swift with a view controller's name is a screen; another such type is not")
    func viewControllerDeclaredElsewhere() {
        let screens = ScreenAttribution(Self.objectiveC.map { SwiftFactsScan.facts(Array($0.utf8)) })
        #expect(screens.isScreen("EditorViewController"))
        #expect(screens.screens(of: "EditorViewController") == ["EditorViewController"], "not the list that opens it")
        #expect(!screens.isScreen("NoteCell"))
        #expect(screens.screens(of: "NoteCell") == ["NotesListViewController"])
        #expect(!screens.isScreen("UIViewController"), "a platform class is no screen of the app")
        // A protocol is no screen, whatever its name: its code is on the screens that conform.
        #expect(!screens.isScreen("PreviewingViewController"))
        #expect(screens.screens(of: "PreviewingViewController") == ["NotesListViewController"])
    }
}
