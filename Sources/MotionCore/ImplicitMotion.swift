// MARK: - ImplicitMotion

/// An implicit animation (`withAnimation`, `.animation(_:value:)`, a transaction's animation):
/// the `Animation` it plays and the properties it moves when its state changes.
public struct ImplicitMotion: Hashable, Sendable, Codable {
    public var animation: ImplicitAnimation
    /// The properties moved, in declaration order (at least one; `ImplicitValue.progress` when the
    /// code does not show the values).
    public var values: [ImplicitValue]
    /// The animation played instead when Reduce Motion is on, when the code or spec gives one
    /// (`reduceMotion ? .easeOut(duration: 0.15) : .spring(…)`); nil when it plays none or is not
    /// given (the animation's `reduceMotion` says which).
    public var reduceMotionAnimation: ImplicitAnimation?

    public init(animation: ImplicitAnimation, values: [ImplicitValue] = [.progress], reduceMotionAnimation: ImplicitAnimation? = nil) {
        self.animation = animation
        self.values = values
        self.reduceMotionAnimation = reduceMotionAnimation
    }
}
