import Foundation
import MotionCore
import MotionTestSupport

@testable import MotionStore

/// A store's path in a fresh temporary folder (removed with the test process's others:
/// `ScratchFolders`).
func temporaryStorePath() throws -> String {
    try ScratchFolders.make("store").appendingPathComponent("test.sqlite").path
}

/// A keyframe animation using every keyframe type and spring form.
func keyframeAnimation(id: String = "bump", scaleTo: Double = 1.15) -> AnimationSpec {
    AnimationSpec(
        id: id, component: "Button", trigger: .tap, reduceMotion: .shortened, notes: "a note",
        motion: .keyframes(
            initial: [NamedValue("scale", 1), NamedValue("y", 0), NamedValue("opacity", 1)],
            tracks: [
                KeyframeTrack(
                    property: "scale",
                    keyframes: [
                        .spring(to: scaleTo, duration: 0.2, spring: .preset(.snappy, duration: 0.2)),
                        .spring(to: 1, spring: Spring(mass: 2, stiffness: 300, damping: 30)),
                    ]),
                KeyframeTrack(
                    property: "y",
                    keyframes: [
                        .linear(to: -6, duration: 0.18, curve: .easeOut), .move(to: 0),
                        .linear(to: 3, duration: 0.1, curve: UnitCurve(x1: 0.2, y1: 0, x2: 0, y2: 1)!),
                        .cubic(to: 1, duration: 0.1, startVelocity: 4, endVelocity: nil), .cubic(to: 0, duration: 0.1),
                    ]),
            ], repeating: false))
}

/// A phase animation with curves, springs, a jump, delay and speed.
func phaseAnimation(id: String = "timer") -> AnimationSpec {
    AnimationSpec(
        id: id, trigger: .repeating, reduceMotion: .static,
        motion: .phases([
            Phase(name: "rest", values: [("scale", 1), ("y", 0)], animation: PhaseAnimation(.spring(.preset(.smooth, duration: 0.35)), delay: 1.5)),
            Phase(name: "lift", values: [("scale", 1.03), ("y", -8)], animation: PhaseAnimation(.spring(Spring(duration: 0.4, bounce: 0.25)))),
            Phase(name: "tilt", values: [("rotation", -2)], animation: PhaseAnimation(.bezier(.easeInOut, duration: 0.16), speed: 2)),
            Phase(name: "snap", values: [("rotation", 2)], animation: nil),
            Phase(
                name: "custom", values: [("scale", 0.9)],
                animation: PhaseAnimation(.bezier(UnitCurve(x1: 0.3, y1: 0, x2: 0.8, y2: 0.15)!, duration: 0.2))),
        ]))
}

func source(_ path: String, hash: String) -> SourceFile { SourceFile(path: path, format: "spec-v1", contentHash: hash) }
