import Foundation
import MotionHaptics
import MotionJSON
import Testing

@Test func scratchDump() throws {
    let pattern = HapticPattern(events: [.transient(at: 0.2, intensity: 1, sharpness: 0.7), .continuous(at: 0.2, duration: 0.26 - 0.2, intensity: 0.5, sharpness: 0.3)])
    let c = AndroidCompositionEncoder().encode(pattern)
    print("COMPOSITION", c.count, JSONWriter(pretty: false).string(AndroidCompositionEncoder().json(c)))
}
