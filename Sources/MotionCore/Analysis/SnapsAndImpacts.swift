// MARK: - SnapsAndImpacts

/// Where one property jumps (snaps) and where it arrives hard and leaves the other way at once
/// (impacts).
enum SnapsAndImpacts {
    /// Appends the jumps of at least `minimumProminence` (units) to `snaps`.
    /// - Parameter share: how many properties, this one included, append to `snaps` (`Array.reserveRoom`).
    static func appendSnaps(_ jumps: [Jump], property name: String, minimumProminence: Double, into snaps: inout [Snap], share: Int) {
        if !jumps.isEmpty { snaps.reserveRoom(for: jumps.count, share: share) }
        for jump in jumps where abs(jump.to - jump.from) >= minimumProminence {
            snaps.append(Snap(property: name, time: jump.time, from: jump.from, to: jump.to))
        }
    }

    /// Appends the impacts at the inner breakpoints `cuts` (and, in a loop without a jump there,
    /// at the wrap) to `impacts`: a sharp reversal at a kink, the motion arriving at a quarter of
    /// its top speed or more and leaving the other way at a tenth of that or more (a ball meeting
    /// the floor). A smooth turn passes through zero velocity and is only a peak; a motion that
    /// merely stops is a peak or the start of a hold.
    /// - Parameters:
    ///   - delta: the right-limit offset at a breakpoint (s).
    ///   - maxSpeed: the property's top speed (units/s).
    ///   - startValue: the value at time 0 (a loop's wrap).
    static func appendImpacts(
        at cuts: [Double], property name: String, duration d: Double, delta: Double, maxSpeed: Double, jumpTargets: PropertyAnalysis.JumpTargets,
        wrapsSmoothly: Bool, startValue: Double, value: (Double) -> Double, velocity: (Double) -> Double, into impacts: inout [Impact]
    ) {
        for b in cuts where b > 0 && b < d {
            let vIn = velocity(b)
            guard jumpTargets[b] == nil, maxSpeed > 0, abs(vIn) >= 0.25 * maxSpeed else { continue }
            // The speed leaving the breakpoint only where the one arriving could make an impact.
            let vOut = velocity(b + delta)
            if vIn * vOut < 0 && abs(vOut) >= 0.1 * abs(vIn) {
                impacts.append(Impact(property: name, time: b, value: value(b), incomingVelocity: vIn, outgoingVelocity: vOut))
            }
        }
        if wrapsSmoothly, maxSpeed > 0 {
            let vIn = velocity(d), vOut = velocity(delta)
            if abs(vIn) >= 0.25 * maxSpeed, vIn * vOut < 0, abs(vOut) >= 0.1 * abs(vIn) {
                impacts.append(Impact(property: name, time: 0, value: startValue, incomingVelocity: vIn, outgoingVelocity: vOut))
            }
        }
    }
}
