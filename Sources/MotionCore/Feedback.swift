// MARK: - Feedback

/// A haptic the app fires itself alongside an animation: a SwiftUI `.sensoryFeedback` on the
/// animation's trigger, a UIKit feedback generator or a Core Haptics player started in the action
/// that starts the animation. It fires `time` seconds after the trigger changes (0 unless the
/// code delays it, `asyncAfter(deadline: .now() + 0.2)`).
///
/// An animation's `feedback` is nil when nothing is known (a designer's spec), and empty when the
/// code was read and pairs no feedback with it.
public struct Feedback: Hashable, Sendable, Codable {
    /// What fires, in the code's words: `impact`, `selection`, `success`, `warning`, `error`,
    /// `increase`, `decrease`, `start`, `stop`, `alignment`, `levelChange`, `pathComplete`,
    /// `core-haptics` (a pattern player), or `custom` (a closure choosing it).
    public var kind: String
    /// Seconds after the trigger.
    public var time: Double
    /// Where it is written (`File.swift:12`), when it comes from code.
    public var source: String?

    public init(kind: String, time: Double = 0, source: String? = nil) {
        self.kind = kind
        self.time = time
        self.source = source
    }
}
