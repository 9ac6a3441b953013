import Foundation
import Testing

@testable import MotionCore

/// Inputs the fuzz targets found, kept so they stay fixed (`Fuzz/run.sh`).
@Suite("fuzz regressions: the core finishes on what the fuzzers found")
struct FuzzRegressionTests {
    /// figures target, crash-199e52a3: a cubic keyframe to −1.39e308 over 1.375 s, then a move
    /// to 1.1e-312. The values overflow to speeds that are not numbers, and the rest search grew
    /// past its last stretch (index out of range in `RestGrowth`).
    @Test("a rest search whose speeds are not numbers never grows past its stretches")
    func restGrowthStaysInside() throws {
        let track = KeyframeTrack(
            property: "x",
            keyframes: [
                .cubic(to: Double(bitPattern: 0xffe8_c080_0129_0ff7), duration: 1.375, startVelocity: nil, endVelocity: nil),
                .move(to: Double(bitPattern: 0x3c_ffff_f7ff)),
            ])
        let spec = AnimationSpec(id: "a", trigger: .tap, motion: .keyframes(initial: [NamedValue("x", 0)], tracks: [track], repeating: false))
        // The core takes this timeline (the input is only odd numbers); its analysis must finish.
        let timeline = try spec.timeline()
        let analysis = MotionAnalyzer().analyze(timeline)
        #expect(analysis.duration.bitPattern == timeline.duration.bitPattern)
    }
}
