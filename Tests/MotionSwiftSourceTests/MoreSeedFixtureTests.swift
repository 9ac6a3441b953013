import MotionCore
import MotionSwiftSource
import Testing

@Suite struct MoreSeedFixtureTests {
    @Test func probe() throws {
        for name in ["FloatingDot.swift", "LoadingPlaceholder.swift", "ScoreLabel.swift", "ScrollingLogo.swift", "KeyframeAnimatorView.swift", "ProgressAnimatorView.swift", "CelebrationEmoji.swift", "RecordingRing.swift", "FavoriteStar.swift", "LiveIndicatorDot.swift", "FeedCard.swift"] {
            let r = try extractFixture(name)
            print("=== \(name)")
            for a in r.animations { print(a.screen, a.line, a.spec.id, a.spec.trigger, a.spec.motion); if let t = try? a.spec.timeline() { print("dur", t.duration, t.properties) } }
            for u in r.unresolved { print("  ISSUE", u) }
        }
    }
}
