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

    /// What a `shortened` fallback plays when the spec writes no Reduce Motion animation: a
    /// 0.12 s ease-in-out, no bounce (what generated code plays, and what `budget` measures).
    public static let shortenedAnimation = ImplicitAnimation(PhaseAnimation(.bezier(.easeInOut, duration: AnimationSpec.shortenedLength)))

    /// The animation played with Reduce Motion on under `reduceMotion`: the written one, else
    /// for `shortened` `shortenedAnimation`; nil when none is written or implied.
    public func reducedAnimation(under reduceMotion: ReduceMotion?) -> ImplicitAnimation? {
        reduceMotionAnimation ?? (reduceMotion == .shortened ? Self.shortenedAnimation : nil)
    }
}
