import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// A view model's `withAnimation { self?.posts.insert(post, at: 0) }` in a `[weak self]` closure
/// (Nostur's feeds) changes its own `@Published` state, as `self.posts` does; it was read as a
/// body that "changes no state this file shows".
@Suite("`self?.state` in a [weak self] closure is the type's own state")
struct WeakSelfStateTests {
    static func animation(_ receiver: String) throws -> SwiftSourceAnimation {
        let source = """
            import SwiftUI
            import Combine
            final class ProfilePostsViewModel: ObservableObject {
                @Published var posts: [String] = []
                private var subscriptions = Set<AnyCancellable>()
                init() {
                    NotificationCenter.default.publisher(for: .newPostSaved)
                        .sink { [weak self] note in
                            withAnimation(.easeOut(duration: 0.3)) { \(receiver).posts.insert("p", at: 0) }
                        }
                        .store(in: &subscriptions)
                }
            }
            """
        return try #require(try SwiftSourceImporter().extract(source: source, file: "ProfilePostsViewModel.swift").animations.first)
    }

    @Test("self?.posts and self!.posts read as self.posts: the same row, not a body that changes nothing")
    func sameAsSelf() throws {
        let plain = try Self.animation("self")
        for receiver in ["self?", "self!"] {
            let weak = try Self.animation(receiver)
            #expect(!weak.spec.estimates.contains { $0.contains("changes no state") }, "\(receiver): \(weak.spec.estimates)")
            #expect(weak.spec.estimates == plain.spec.estimates && weak.spec.trigger == plain.spec.trigger, "\(receiver)")
            try expectSameTimeline(weak.spec, plain.spec)
        }
    }

    @Test("self?.method() in a [weak self] sink is a call of the type's method: it runs on the publisher's values")
    func weakSelfCall() throws {
        let source = """
            import UIKit
            import Combine
            final class BadgeView: UIView {
                private var bag = Set<AnyCancellable>()
                private let label = UILabel()
                init(unread: CurrentValueSubject<Int, Never>) {
                    super.init(frame: .zero)
                    unread.sink { [weak self] n in if n == 0 { self?.hideCount() } }.store(in: &bag)
                }
                private func hideCount() { UIView.animate(withDuration: 0.5) { self.label.alpha = 0 } }
            }
            """
        let found = try #require(try SwiftSourceImporter().extract(source: source, file: "BadgeView.swift").animations.first)
        #expect(found.spec.trigger == .event("unread"))
    }
}
