import SwiftUI

// Seed 000, "KeyframeTimeline — Sample Values Anywhere", with the seed's BounceValues from "Step 1"
// (its rotation has no track here), scrubbed by scroll progress.
struct BounceValues {
    var scale: Double = 1.0
    var yOffset: Double = 0.0
    var rotation: Double = 0.0
}

struct ScrollingLogo: View {
    var scrollProgress: Double

    let timeline = KeyframeTimeline(initialValue: BounceValues()) {
        KeyframeTrack(\.scale) {
            SpringKeyframe(1.5, duration: 0.3)
            SpringKeyframe(1.0, duration: 0.3)
        }
        KeyframeTrack(\.yOffset) {
            LinearKeyframe(-30, duration: 0.2)
            SpringKeyframe(0, duration: 0.4, spring: .bouncy)
        }
    }

    var body: some View {
        // Scrub by scroll: map progress (0...1) into the timeline
        let values = timeline.value(progress: scrollProgress)
        Image(systemName: "star.fill")
            .scaleEffect(values.scale)
            .offset(y: values.yOffset)
    }
}
