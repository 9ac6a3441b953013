// MARK: - ScaledTimeline

/// A timeline played `factor` times as long (factor < 1: faster): value(t) = base.value(t / factor).
/// Used to check the `shortened` Reduce Motion version of an animation. O(1) over the base.
public struct ScaledTimeline: MotionTimeline {
    public let base: any MotionTimeline
    public let factor: Double

    public init(_ base: any MotionTimeline, factor: Double) {
        self.base = base
        self.factor = factor
    }

    /// `base` shortened (never lengthened) to at most `duration` seconds.
    public init(_ base: any MotionTimeline, shortenedTo duration: Double) {
        self.init(base, factor: base.duration > duration && base.duration > 0 ? duration / base.duration : 1)
    }

    public var properties: [String] { base.properties }
    public var duration: Double { base.duration * factor }
    public var isRepeating: Bool { base.isRepeating }
    public func value(of index: Int, at time: Double) -> Double { base.value(of: index, at: time / factor) }
    public func values(of index: Int, at times: [Double]) -> [Double] { base.values(of: index, at: times.map { $0 / factor }) }
    public func velocity(of index: Int, at time: Double) -> Double { base.velocity(of: index, at: time / factor) / factor }
    public func state(of index: Int, at time: Double) -> (value: Double, velocity: Double) {
        let inner = base.state(of: index, at: time / factor)
        return (inner.value, inner.velocity / factor)
    }
    public func breakpoints(of index: Int) -> [Double] { base.breakpoints(of: index).map { $0 * factor } }
    public func velocityTurns(of index: Int) -> [Double] { base.velocityTurns(of: index).map { $0 * factor } }
    public func velocityBounds(of index: Int, from a: Double, to b: Double) -> VelocityBounds {
        let inner = base.velocityBounds(of: index, from: a / factor, to: b / factor)
        return VelocityBounds(lower: inner.lower / factor, upper: inner.upper / factor, isMonotone: inner.isMonotone)
    }
    public func jumps(of index: Int) -> [Jump] { base.jumps(of: index).map { Jump(time: $0.time * factor, from: $0.from, to: $0.to) } }
    public func writtenHolds(of index: Int) -> [WrittenHold] {
        base.writtenHolds(of: index).map { WrittenHold(start: $0.start * factor, end: $0.end * factor, value: $0.value, origin: $0.origin) }
    }
}
