// MARK: - Peak

/// A local maximum or minimum of one property, found from the analytic velocity (a zero
/// crossing located by root finding) or at a kink where the motion reverses. Times in seconds.
public struct Peak: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable { case max, min }
    public let property: String
    public let time: Double
    public let value: Double
    public let kind: Kind
    /// Topographic prominence (property units): how far the motion must travel back from this
    /// extremum before it reaches a more extreme point (or the start or end).
    public let prominence: Double
    /// Speed (units/s) with which the motion arrives: the largest |velocity| in the 80 ms before.
    public let arrivalSpeed: Double
}

// MARK: - Hold

/// A maximal interval where one property rests: |velocity| stays at or below tolerance/minimum
/// length and the value within the tolerance band. Times in seconds.
public struct Hold: Hashable, Sendable, Codable {
    /// Where the hold sits in the property's motion.
    public enum Position: String, Hashable, Sendable, Codable {
        /// Before the property first moves.
        case leading
        /// Between two movements: the property arrived and will move again.
        case interior
        /// After the property's last movement.
        case trailing
    }
    public let property: String
    public let start: Double
    public let end: Double
    /// Mid value of the band the hold stays in.
    public let value: Double
    /// Largest distance from `value` during the hold.
    public let deviation: Double
    public let position: Position
    public var length: Double { end - start }
}

// MARK: - WrittenHoldCheck

/// A hold as written, compared with the real curve: flat when the curve stays within the hold
/// tolerance of the written value over the whole interval.
public struct WrittenHoldCheck: Hashable, Sendable, Codable {
    public let property: String
    public let written: WrittenHold
    public let isFlat: Bool
    /// Largest |value − written value| over the interval, and where it happens.
    public let deviation: Double
    public let deviationTime: Double
    public let deviationValue: Double
}

// MARK: - Snap

/// An instant jump of one property (Move keyframe, phase step without animation).
public struct Snap: Hashable, Sendable, Codable {
    public let property: String
    public let time: Double
    public let from: Double
    public let to: Double
    public var magnitude: Double { abs(to - from) }
}

// MARK: - Impact

/// A sharp reversal: at a segment boundary the motion comes in fast and leaves the other way at
/// once (a ball meeting the floor). Velocities in units/s.
public struct Impact: Hashable, Sendable, Codable {
    public let property: String
    public let time: Double
    public let value: Double
    public let incomingVelocity: Double
    public let outgoingVelocity: Double
    /// |incoming − outgoing|: the velocity change at the moment.
    public var velocityChange: Double { abs(incomingVelocity - outgoingVelocity) }
}

// MARK: - PropertyRange

/// A property's extent over one play.
public struct PropertyRange: Hashable, Sendable, Codable {
    public let property: String
    public let minimum: Double
    public let maximum: Double
    /// Largest |velocity| (units/s).
    public let maximumSpeed: Double
    /// First time (s) the property is `visibleChangeFraction` of its range away from its start
    /// value; nil when it never moves.
    public let firstVisibleChange: Double?
    public var span: Double { maximum - minimum }

    /// What counts as a visible change: 1 % of the property's range.
    public static let visibleChangeFraction = 0.01

    public init(property: String, minimum: Double, maximum: Double, maximumSpeed: Double, firstVisibleChange: Double? = nil) {
        self.property = property
        self.minimum = minimum
        self.maximum = maximum
        self.maximumSpeed = maximumSpeed
        self.firstVisibleChange = firstVisibleChange
    }
}
