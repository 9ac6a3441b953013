// MARK: - KeyframeTrack

/// A property's keyframes, in order, as written (`KeyframeTrack(\.scale) { … }`).
public struct KeyframeTrack: Hashable, Sendable, Codable {
    /// The animated property's name (`scale`, `rotation` in degrees, `y`, …).
    public var property: String
    /// The keyframes in playing order.
    public var keyframes: [Keyframe]

    public init(property: String, keyframes: [Keyframe]) {
        self.property = property
        self.keyframes = keyframes
    }
}
