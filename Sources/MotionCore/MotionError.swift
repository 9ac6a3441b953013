// MARK: - MotionError

/// Problems the motion core refuses, with where they are.
public enum MotionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A spring keyframe without a duration whose spring never settles (ζ ≤ 0).
    case neverSettles(property: String, keyframe: Int)
    /// A negative or non-finite keyframe duration.
    case invalidDuration(property: String, keyframe: Int, duration: Double)
    /// A phase animation that needs a finite duration but has a spring that never settles.
    case phaseNeverSettles(phase: Int)
    /// A repeating phase animation whose cycle takes no time (every step jumps without delay).
    case zeroLengthCycle
    /// Fewer than two phases.
    case tooFewPhases(count: Int)
    /// The motion breaks the settling rule (`MotionLimits`): at `place`, `why` says which limit.
    case doesNotComeToRest(MotionPlace, why: String)

    public var description: String {
        switch self {
        case .neverSettles(let p, let k):
            "track '\(p)' keyframe \(k): the spring never settles (damping ratio ≤ 0) and has no duration"
        case .invalidDuration(let p, let k, let d):
            "track '\(p)' keyframe \(k): duration \(d) is not a finite number ≥ 0"
        case .phaseNeverSettles(let i):
            "phase \(i): the spring never settles (damping ratio ≤ 0)"
        case .zeroLengthCycle:
            "the repeating phase cycle takes no time: give a step a duration or a delay"
        case .tooFewPhases(let n):
            "a phase animation needs at least 2 phases, found \(n)"
        case .doesNotComeToRest(let place, let why):
            "\(place): this motion does not come to rest within the limits: \(why)"
        }
    }
}

// MARK: - MotionPlace

/// Where in a motion a problem is: a keyframe of a track, the step into a phase, or the whole.
public enum MotionPlace: Hashable, Sendable, CustomStringConvertible {
    case keyframe(property: String, index: Int)
    /// The step into phase `index` (whose animation it uses).
    case phase(Int)
    case motion

    public var description: String {
        switch self {
        case .keyframe(let p, let k): "track '\(p)' keyframe \(k)"
        case .phase(let i): "phase \(i)"
        case .motion: "the motion"
        }
    }
}
