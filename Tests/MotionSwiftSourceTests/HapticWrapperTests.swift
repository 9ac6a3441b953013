import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// Issue 48: apps fire haptics through their own types. A call on a haptics wrapper pairs with the
/// animation its action starts; the generator calls inside the wrapper are not haptics without
/// motion of their own.
@Suite("haptics fired through an app's own wrapper")
struct HapticWrapperTests {
    static let source = """
        import SwiftUI
        import UIKit

        final class HapticManager {
            static let shared = HapticManager()
            private let generator = UINotificationFeedbackGenerator()
            func fireHaptic(_ kind: UINotificationFeedbackGenerator.FeedbackType) { generator.notificationOccurred(kind) }
            func tap() { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
            func prepare() { generator.prepare() }
        }

        struct LikeButton: View {
            @State private var liked = false
            var body: some View {
                Image(systemName: "heart").scaleEffect(liked ? 1.3 : 1)
                    .onTapGesture {
                        HapticManager.shared.prepare()
                        HapticManager.shared.fireHaptic(.success)
                        withAnimation(.snappy) { liked.toggle() }
                    }
            }
        }

        struct SendButton: View {
            @State private var sent = false
            let feedbackService = FeedbackService()
            var body: some View {
                Button("Send") {
                    feedbackService.submit()
                    HapticManager.shared.tap()
                    withAnimation(.easeOut(duration: 0.2)) { sent = true }
                }
                .opacity(sent ? 0.5 : 1)
            }
        }
        """

    @Test("wrapper calls pair with the animation their action starts, with the kind their words say; the wrapper's insides are not unpaired")
    func wrappers() throws {
        let result = try SwiftSourceImporter().extract(source: Self.source, file: "Wrappers.swift")
        let like = try #require(result.animations.first { $0.spec.id == "like-button-liked" })
        #expect(like.spec.feedback?.map(\.kind) == ["success"], "prepare() is set-up, not a haptic")
        let send = try #require(result.animations.first { $0.spec.id == "send-button-sent" })
        #expect(send.spec.feedback?.map(\.kind) == ["impact"], "a user-feedback service is not a haptic; tap() is an impact")
        #expect(result.unpairedFeedback.isEmpty, "\(result.unpairedFeedback)")
    }
}
