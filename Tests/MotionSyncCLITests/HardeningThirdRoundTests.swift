import Foundation
import MotionCore
import MotionStore
import Testing
@testable import MotionPipeline
@testable import MotionSyncCLI
import MotionTestSupport

/// A SwiftUI view whose one keyframe is `SpringKeyframe(1.2, duration: 1, spring: SPRING)`.
func springKeyframeSource(_ spring: String) -> String {
    """
    import SwiftUI

    struct Pulse: View {
        var body: some View {
            Image(systemName: "cart")
                .keyframeAnimator(initialValue: 1.0) { view, scale in
                    view.scaleEffect(scale)
                } keyframes: { _ in
                    SpringKeyframe(1.2, duration: 1, spring: \(spring))
                }
        }
    }

    """
}

@Suite("hardening, third round: negative damping is refused wherever it comes from")
struct NegativeDampingTests {
    @Test("a Swift spring with negative damping (ratio −1 hung, −0.5 grew silently): import exits 2 naming the keyframe, stores nothing")
    func swiftSource() throws {
        let ws = try Workspace()
        // damping −20 with mass 1 and stiffness 100: ζ = c / (2√(km)) = −20 / 20 = −1; −10 gives −0.5.
        for (damping, ratio) in [("-20", "-1"), ("-10", "-0.5"), ("-0.001", "-5e-05")] {
            try ws.write("Pulse.swift", springKeyframeSource("Spring(mass: 1, stiffness: 100, damping: \(damping))"))
            let r = ws.run("import", "Pulse.swift")
            #expect(r.code == 2, "\(damping): \(r.out) \(r.err)")
            #expect(r.err.contains("Pulse.swift:6") && r.err.contains("track 'scale' keyframe 0"), "\(r.err)")
            #expect(r.err.contains("damping ratio is \(ratio): negative damping makes the motion grow"), "\(r.err)")
            #expect((try? ws.counts()["revisions"]) ?? 0 == 0)
        }
        // Zero damping with a duration is a spring that plays its duration: accepted, as in specs.
        try ws.write("Pulse.swift", springKeyframeSource("Spring(mass: 1, stiffness: 100, damping: 0)"))
        #expect(ws.run("import", "Pulse.swift").code == 0)
        #expect(try ws.counts()["figures"] == 1)
    }

    @Test("the core refuses a negative damping ratio in every kind of timeline")
    func core() throws {
        let growing = Spring(angularFrequency: 10, dampingRatio: -1)
        let track = KeyframeTrack(property: "x", keyframes: [.spring(to: 1, duration: 1, spring: growing, startVelocity: nil)])
        #expect(throws: MotionError.self) { try KeyframeTimeline(tracks: [track]) }
        #expect(MotionLimits.growth(of: growing) != nil)
        #expect(MotionLimits.growth(of: Spring(angularFrequency: 10, dampingRatio: 0)) == nil)
        #expect(MotionLimits.growth(of: Spring(angularFrequency: 10, dampingRatio: .nan)) != nil)
    }

    @Test("a stored spring edited to damping ratio −1: peaks, haptics, codegen, plot and report say damaged (exit 3), no hang")
    func tamperedStore() throws {
        let ws = try Workspace()
        try ws.write("Pulse.swift", springKeyframeSource("Spring(mass: 1, stiffness: 100, damping: 20)"))
        #expect(ws.run("import", "Pulse.swift").code == 0)
        try execute(ws.db, "UPDATE keyframes SET spring_damping_ratio = -1")
        for arguments in [["peaks", "Pulse/pulse"], ["haptics", "Pulse/pulse"], ["codegen", "Pulse/pulse"],
                          ["plot", "Pulse/pulse", "-o", "p.svg"], ["report", "--out", "site"]] {
            let r = ws.run(arguments)
            #expect(r.code == 3, "\(arguments): \(r.err)")
            #expect(r.err.contains("is damaged") && r.err.contains("damping ratio -1.0"), "\(arguments): \(r.err)")
        }
    }
}
