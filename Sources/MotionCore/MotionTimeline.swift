// MARK: - MotionTimeline

/// What every downstream consumer (peaks, holds, haptics, budgets, sampling) asks of a motion:
/// its properties, how long it plays, and each property's value and velocity at any time.
/// Keyframe and phase timelines both conform, so everything downstream treats them alike.
///
/// Times are seconds from the trigger. Before 0 the start values hold; after `duration` the final
/// values hold (for a repeating timeline `duration` is one cycle and time wraps).
public protocol MotionTimeline: Sendable {
    /// Property names in a stable order (declaration order).
    var properties: [String] { get }
    /// Length in seconds of one play (one cycle when repeating). Always finite and ≥ 0.
    var duration: Double { get }
    /// Whether the motion loops forever.
    var isRepeating: Bool { get }
    /// Value of property `index` at `time` seconds. O(log n) in the number of segments or steps.
    func value(of index: Int, at time: Double) -> Double
    /// Velocity (units/s) of property `index` at `time`: the analytic derivative, not a difference.
    func velocity(of index: Int, at time: Double) -> Double
    /// Value and velocity of property `index` at `time` together, from one evaluation (what a
    /// walk over many times asks for). Equal to (`value(of:at:)`, `velocity(of:at:)`).
    func state(of index: Int, at time: Double) -> (value: Double, velocity: Double)
    /// Values of property `index` at each of `times` (s), in order: what `sample` prints. Equal to
    /// `value(of:at:)` at each time, bit for bit; a timeline may walk its segments once when the
    /// times increase. O(times) plus the per-time cost of `value(of:at:)` at worst.
    func values(of index: Int, at times: [Double]) -> [Double]
    /// Times in [0, duration] where property `index` may be non-smooth (segment and step
    /// boundaries, delays), sorted. Between two breakpoints the curve is analytic.
    func breakpoints(of index: Int) -> [Double]
    /// Where property `index` changes value instantly (Move keyframes, zero-length linear
    /// keyframes, phase steps without animation), in time order.
    func jumps(of index: Int) -> [Jump]
    /// Where the author wrote a hold for property `index`: a keyframe to the value the previous
    /// keyframe targets, or a phase step that leaves the property unchanged. The written intent,
    /// to compare with the real curve.
    func writtenHolds(of index: Int) -> [WrittenHold]
    /// Times in (0, duration) where property `index`'s velocity may turn (zero acceleration of a
    /// segment or of any step that moves it), sorted. With the breakpoints they cut the timeline
    /// into pieces on each of which every moving term's velocity is monotone, so the analysis can
    /// find extrema and crossings exactly, without a time grid.
    func velocityTurns(of index: Int) -> [Double]
    /// Bounds on property `index`'s velocity over [a, b], an interval inside one piece (between
    /// consecutive breakpoints and turns). Exact (the velocities at a and b) when one term moves
    /// there; the sum of each moving term's end values otherwise.
    func velocityBounds(of index: Int, from a: Double, to b: Double) -> VelocityBounds
}

// MARK: - VelocityBounds

/// Lower and upper bounds (units/s) on a velocity over an interval. `isMonotone` when the moving
/// terms there all change in one direction (or one term moves), so the velocity is monotone
/// between the bounds, which are its end values.
public struct VelocityBounds: Hashable, Sendable {
    public let lower: Double
    public let upper: Double
    public let isMonotone: Bool
    public init(lower: Double, upper: Double, isMonotone: Bool) {
        self.lower = lower
        self.upper = upper
        self.isMonotone = isMonotone
    }
}

// MARK: - Jump

/// An instant change of a property's value at `time` (s).
public struct Jump: Hashable, Sendable {
    public let time: Double
    public let from: Double
    public let to: Double
    public init(time: Double, from: Double, to: Double) {
        self.time = time
        self.from = from
        self.to = to
    }
}

// MARK: - WrittenHold

/// A hold as written: from `start` to `end` (s) the author meant the value to stay at `value`.
public struct WrittenHold: Hashable, Sendable, Codable {
    public let start: Double
    public let end: Double
    public let value: Double
    /// What wrote it: "keyframe 2" or "phase step settled → resting".
    public let origin: String
    public init(start: Double, end: Double, value: Double, origin: String) {
        self.start = start
        self.end = end
        self.value = value
        self.origin = origin
    }
}

extension MotionTimeline {
    /// Two evaluations; timelines that can do both in one override it.
    public func state(of index: Int, at time: Double) -> (value: Double, velocity: Double) {
        (value(of: index, at: time), velocity(of: index, at: time))
    }

    /// One `value(of:at:)` per time; timelines that can walk their segments in order override it.
    public func values(of index: Int, at times: [Double]) -> [Double] {
        times.map { value(of: index, at: $0) }
    }

    /// For timelines with one moving term at a time (keyframe tracks): the velocity is monotone on
    /// every piece, so its end values bound it. O(log n).
    public func velocityBounds(of index: Int, from a: Double, to b: Double) -> VelocityBounds {
        let va = velocity(of: index, at: a), vb = velocity(of: index, at: b)
        return VelocityBounds(lower: min(va, vb), upper: max(va, vb), isMonotone: true)
    }

    /// Index of a property by name.
    public func index(of property: String) -> Int? { properties.firstIndex(of: property) }

    /// All properties' values at `time`, in `properties` order.
    public func values(at time: Double) -> [Double] {
        (0..<properties.count).map { value(of: $0, at: time) }
    }

    /// All properties' values at `time`, by name.
    public func value(time: Double) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: properties.enumerated().map { ($1, value(of: $0, at: time)) })
    }

    /// `value(time: progress · duration)`, as `KeyframeTimeline.value(progress:)` does.
    public func value(progress: Double) -> [String: Double] { value(time: progress * duration) }

    /// All properties' velocities at `time`, by name.
    public func velocity(time: Double) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: properties.enumerated().map { ($1, velocity(of: $0, at: time)) })
    }

    /// Value of a named property, or nil when the timeline has no such property.
    public func value(of property: String, at time: Double) -> Double? {
        index(of: property).map { value(of: $0, at: time) }
    }

    /// Velocity of a named property, or nil when the timeline has no such property.
    public func velocity(of property: String, at time: Double) -> Double? {
        index(of: property).map { velocity(of: $0, at: time) }
    }
}
