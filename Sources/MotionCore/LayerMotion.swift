// MARK: - LayerMotion

/// A Core Animation motion: the `CAAnimation`s one trigger adds to a layer (`CABasicAnimation`,
/// `CAKeyframeAnimation`, `CASpringAnimation`), optionally inside a `CAAnimationGroup`, all on one
/// timeline. UIKit's view animations (`UIView.animate…`, `UIViewPropertyAnimator`) are read as
/// the layer animations UIKit creates for them. Spec kind `layer` (Specs/README.md); semantics in
/// Docs/core-animation-semantics.md.
public struct LayerMotion: Hashable, Sendable, Codable {
    /// The animations, in the order they were added (a later one on the same key path wins
    /// while it plays).
    public var animations: [LayerAnimation]
    /// The `CAAnimationGroup` around them: its timing maps the trigger's time to theirs, and it
    /// cuts them off at its duration. nil: no group.
    public var group: MediaTiming?
    /// Why this motion rests on a model Apple does not publish, when the reason is not one the
    /// motion shows by itself (a UIKit default spring, …). See `estimates`.
    public var estimate: String?

    public init(animations: [LayerAnimation], group: MediaTiming? = nil, estimate: String? = nil) {
        self.animations = animations
        self.group = group
        self.estimate = estimate
    }

    /// Whether it loops: its group repeats forever, or (without a group) its animations do.
    public var isRepeating: Bool {
        if let group { return group.isForever }
        return !animations.isEmpty && animations.allSatisfy { $0.timing.isForever }
    }

    /// Property names in order of first appearance (`opacity`, `position.x`, …).
    public var properties: [String] {
        var index = PropertyNameIndex()
        for a in animations { for p in a.properties { index.insert(p) } }
        return index.names
    }

    /// Why the timeline is an estimate, one line per reason (empty: every number is exact):
    /// UIKit's damping-duration springs (no published mapping), springs that play "until
    /// settled" (Core Animation's and UIKit's settling rules are unpublished), and `estimate`.
    public var estimates: [String] {
        var reasons: [String] = []
        if let estimate { reasons.append(estimate) }
        for a in animations {
            guard case .spring(_, _, let spring, _, let settles) = a.content else { continue }
            if case .dampingDuration = spring {
                reasons.append("\(a.keyPath): UIKit's damping-duration spring (no published mapping; Framer's model, ε = 0.001)")
            }
            if settles {
                reasons.append("\(a.keyPath): plays until settled (Core Animation's settlingDuration is unpublished; SwiftUI's rule, ε = 0.001)")
            }
        }
        return reasons
    }
}

// MARK: - LayerAnimation

/// One `CAPropertyAnimation`: the key path it animates, its timing and what it interpolates.
public struct LayerAnimation: Hashable, Sendable, Codable {
    /// The layer key path (`opacity`, `transform.scale`, `position`, `position.y`, …).
    public var keyPath: String
    /// Names of the value's components for a multi-component value (`["x", "y"]` for a
    /// `CGPoint`); empty for a number. Each component is a property `keyPath.component`.
    public var components: [String]
    public var timing: MediaTiming
    public var content: LayerContent

    public init(keyPath: String, components: [String] = [], timing: MediaTiming, content: LayerContent) {
        self.keyPath = keyPath
        self.components = components
        self.timing = timing
        self.content = content
    }

    /// The property names this animation drives, one per component.
    public var properties: [String] { components.isEmpty ? [keyPath] : components.map { keyPath + "." + $0 } }

    /// The component count of its values.
    public var width: Int { max(1, components.count) }

    /// `basic`, `spring` or `keyframe` (the spec's `type`).
    public var typeName: String {
        switch content {
        case .basic: "basic"
        case .spring: "spring"
        case .keyframes: "keyframe"
        }
    }
}

// MARK: - LayerContent

/// What a layer animation interpolates, per component. Values in the key path's units (angles
/// of rotation key paths in degrees, as everywhere in motionsync).
public enum LayerContent: Hashable, Sendable, Codable {
    /// `CABasicAnimation`: from → to along the timing function.
    case basic(from: [Double], to: [Double])
    /// `CASpringAnimation` (and UIKit's springs): from → to by a spring; `initialVelocity` in
    /// distances per second (1 = the whole distance in one second, positive towards `to`), as
    /// Core Animation and UIKit take it. `settles`: the duration is the spring's settling
    /// duration (`duration = settlingDuration`), not the timing's `duration`.
    case spring(from: [Double], to: [Double], spring: LayerSpring, initialVelocity: Double, settles: Bool)
    /// `CAKeyframeAnimation`.
    case keyframes(LayerKeyframes)
}

// MARK: - LayerSpring

/// The spring of a layer spring animation.
public enum LayerSpring: Hashable, Sendable, Codable {
    /// A physical spring (`mass`, `stiffness`, `damping`, or `init(perceptualDuration:bounce:)`).
    /// Without `allowsOverdamping` Core Animation treats an over-damped spring as critically
    /// damped (same ω0), as SwiftUI's `Spring(mass:stiffness:damping:allowOverDamping: false)`
    /// documents.
    case physical(Spring, allowsOverdamping: Bool)
    /// UIKit's damping-duration spring (`usingSpringWithDamping:`, `dampingRatio:` with a
    /// property animator's duration): the spring of this damping ratio that comes to rest
    /// within the animation's duration. Apple publishes no mapping: `UIKitSpringModel`.
    case dampingDuration(ratio: Double)

    /// The spring that plays for an animation of `duration` seconds with `initialVelocity`.
    public func resolved(duration: Double, initialVelocity: Double) -> Spring {
        switch self {
        case .physical(let s, let allowsOverdamping):
            return allowsOverdamping || s.dampingRatio <= 1 ? s : Spring(angularFrequency: s.angularFrequency, dampingRatio: 1, mass: s.mass)
        case .dampingDuration(let ratio):
            return UIKitSpringModel.spring(dampingRatio: ratio, duration: duration, initialVelocity: initialVelocity)
        }
    }
}

// MARK: - LayerKeyframes

/// A `CAKeyframeAnimation`'s values and how it moves between them.
public struct LayerKeyframes: Hashable, Sendable, Codable {
    /// `calculationMode`.
    public enum Mode: String, Hashable, Sendable, CaseIterable, Codable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// The values, one array of components per key.
    public var values: [[Double]]
    /// `keyTimes` (fractions of the duration), nil for even spacing. Ignored by the paced modes.
    public var keyTimes: [Double]?
    /// `timingFunctions`: the pacing of each segment (n − 1; a missing one is linear).
    public var timingFunctions: [UnitCurve]?
    public var mode: Mode
    /// `tensionValues`, `continuityValues`, `biasValues` (cubic modes; a missing value is 0).
    public var tension: [Double]
    public var continuity: [Double]
    public var bias: [Double]

    public init(
        values: [[Double]], keyTimes: [Double]? = nil, timingFunctions: [UnitCurve]? = nil, mode: Mode = .linear,
        tension: [Double] = [], continuity: [Double] = [], bias: [Double] = []
    ) {
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.mode = mode
        self.tension = tension
        self.continuity = continuity
        self.bias = bias
    }
}
