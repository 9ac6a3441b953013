// MARK: - MotionSpec

/// A decoded motion spec file (format v1, `Specs/README.md`): one screen and its animations.
public struct MotionSpec: Hashable, Sendable {
    public var specVersion: Int
    /// Screen name (non-empty).
    public var screen: String
    public var animations: [AnimationSpec]

    public init(specVersion: Int = 1, screen: String, animations: [AnimationSpec]) {
        self.specVersion = specVersion
        self.screen = screen
        self.animations = animations
    }

    /// The animation with `id`, if any.
    public func animation(id: String) -> AnimationSpec? { animations.first { $0.id == id } }
}

// MARK: - AnimationSpec

/// One animation of a spec: metadata plus its keyframe, phase, layer or implicit definition.
public struct AnimationSpec: Hashable, Sendable, Codable {
    public var id: String
    public var component: String?
    public var trigger: Trigger
    public var reduceMotion: ReduceMotion?
    public var notes: String?
    public var motion: Motion
    /// The optional `haptics` field (nil: defaults).
    public var haptics: HapticSettings?
    /// Named moments (Lottie markers, or the spec's optional `cues`), in time order.
    public var cues: [Cue] = []
    /// Haptics the app fires itself with this animation (the spec's optional `feedback`): nil when
    /// not known, empty when the code was read and fires none.
    public var feedback: [Feedback]?
    /// Why a figure of this animation is not exact, one reason each (a value read from code that
    /// is not a literal, a delay that differs per item, …): empty when every figure is exact.
    /// The layer motion's own reasons (`LayerMotion.estimates`) are not repeated here.
    public var estimates: [String] = []

    /// The motion definition.
    public enum Motion: Hashable, Sendable, Codable {
        /// Keyframe tracks with their initial values (declaration order kept).
        case keyframes(initial: [NamedValue], tracks: [KeyframeTrack], repeating: Bool)
        /// Phases; repeating when the trigger is `repeating`.
        case phases([Phase])
        /// Core Animation / UIKit layer animations on one timeline (`LayerMotion`).
        case layer(LayerMotion)
        /// An implicit animation (`withAnimation`, `.animation(_:value:)`); repeating when its
        /// animation repeats forever.
        case implicit(ImplicitMotion)
    }

    public init(
        id: String, component: String? = nil, trigger: Trigger, reduceMotion: ReduceMotion? = nil,
        notes: String? = nil, motion: Motion, haptics: HapticSettings? = nil
    ) {
        self.id = id
        self.component = component
        self.trigger = trigger
        self.reduceMotion = reduceMotion
        self.notes = notes
        self.motion = motion
        self.haptics = haptics
    }

    /// `keyframes`, `phases`, `layer` or `implicit`.
    public var kind: String {
        switch motion {
        case .keyframes: "keyframes"
        case .phases: "phases"
        case .layer: "layer"
        case .implicit: "implicit"
        }
    }

    /// Whether the motion loops: `repeating: true` on keyframes, or the `repeating` trigger.
    public var isRepeating: Bool {
        switch motion {
        case .keyframes(_, _, let repeating): repeating || trigger == .repeating
        case .phases: trigger == .repeating
        case .layer(let motion): motion.isRepeating
        case .implicit(let m): m.animation.isForever
        }
    }

    /// Builds the timeline the motion core samples and analyses.
    /// - Throws: `MotionError` for a definition the core refuses.
    public func timeline() throws -> any MotionTimeline {
        switch motion {
        case .keyframes(let initial, let tracks, _):
            try KeyframeTimeline(initial: initial.map { ($0.name, $0.value) }, tracks: tracks, repeating: isRepeating)
        case .phases(let phases):
            try PhaseTimeline(phases: phases, repeating: isRepeating)
        case .layer(let motion):
            try LayerTimeline(motion: motion)
        case .implicit(let motion):
            try ImplicitTimeline(motion)
        }
    }
}

// MARK: - NamedValue

/// A property name with a number (an `initial` entry).
public struct NamedValue: Hashable, Sendable, Codable {
    public var name: String
    public var value: Double
    public init(_ name: String, _ value: Double) {
        self.name = name
        self.value = value
    }
}

// MARK: - Trigger

/// What starts an animation.
public enum Trigger: Hashable, Sendable, CustomStringConvertible, Codable {
    case tap, appear, repeating, scroll, drag
    /// `event:<name>`: a named app event.
    case event(String)

    /// Parses the spec's spelling; nil when unknown.
    public init?(_ text: String) {
        switch text {
        case "tap": self = .tap
        case "appear": self = .appear
        case "repeating": self = .repeating
        case "scroll": self = .scroll
        case "drag": self = .drag
        default:
            guard text.hasPrefix("event:"), text.count > 6 else { return nil }
            self = .event(String(text.dropFirst(6)))
        }
    }

    public var description: String {
        switch self {
        case .tap: "tap"
        case .appear: "appear"
        case .repeating: "repeating"
        case .scroll: "scroll"
        case .drag: "drag"
        case .event(let name): "event:\(name)"
        }
    }
}

// MARK: - ReduceMotion

/// The Reduce Motion fallback an animation declares (crossfade, shortened, instant are the
/// graceful ones, in that order).
public enum ReduceMotion: String, Hashable, Sendable, CaseIterable, Codable {
    case none, crossfade, shortened, instant, `static`
}
