// MARK: - PhaseTermLayout

/// What a phase property's analysis lays out of its timeline that depends only on which steps
/// move the property, not on how far: the moving steps' animations cycle by cycle (the progress
/// and derivative bounds of each term, parallel to `PhaseProperty.terms`), the cycles laid out,
/// and, worked out for the first property that asks, the breakpoints and the velocity turns.
/// Every property of a timeline whose steps move it (usually all of them) shares one layout
/// (`PhaseTermLayouts`): laying it out per property cost three arrays, and the breakpoints and
/// turns two more, each built and freed again for every property. Internal; one analysis, one
/// thread.
final class PhaseTermLayout {
    /// The timeline laid out (one copy for all the properties that share the layout).
    let timeline: PhaseTimeline
    /// Whether each step (in step order) moves the properties of this layout (a delta ≠ 0).
    let moving: [Bool]
    /// The whole cycles passed before the one seen, and the half-width (s) of the times evaluated.
    let cycles: Double
    let span: Double
    /// Moving steps per cycle, and the cycles laid out (0 and 0 when the timeline does not loop).
    let stride: Int
    let firstCycle: Double
    let lastCycle: Double
    /// Each term's progress, acceleration bounds and jerk bounds, cycle by cycle from
    /// `firstCycle`, `stride` moving steps each (see `PhaseProperty`).
    let progresses: ContiguousArray<PhaseAnimation.Progress>
    let accelerationTerms: ContiguousArray<PhaseAnimation.DerivativeBounds?>
    let jerkTerms: ContiguousArray<PhaseAnimation.DerivativeBounds?>
    /// Each term's spring when it is under-damped (`Spring.Oscillation`, a copy of its progress's;
    /// `unpaired` elsewhere), parallel to `progresses`, and the term it shares its waves with:
    /// the next under-damped term (−1 for none; `notUnderDamped` where the term is not one).
    /// Two under-damped terms in motion at once have their `exp` and `sincos` worked out
    /// together (`Spring.waves`).
    let oscillations: ContiguousArray<Spring.Oscillation>
    let partners: ContiguousArray<Int>
    static let notUnderDamped = -2
    /// `MotionTimeline.breakpoints(of:)` and `PhaseProperty.appendVelocityTurns`' turns of a
    /// property these steps move, remembered from the first property that asked (nil before).
    var breakpoints: [Double]?
    var velocityTurns: [Double]?

    /// The progress of a term without animation (never evaluated).
    static let placeholder = PhaseAnimation.Progress(PhaseAnimation(.bezier(.linear, duration: 1)))

    /// The layout of the steps that move property `index` of `timeline`, seen after `cycles`
    /// whole cycles, for times within [−span, span] (s). O(steps · cycles laid out).
    init(_ timeline: PhaseTimeline, index: Int, afterCycles cycles: Double, span: Double, constants: [PhaseProperty.StepConstants?]) {
        self.timeline = timeline
        self.cycles = cycles
        self.span = span
        let steps = timeline.steps
        var moving: [Bool] = []
        moving.reserveCapacity(steps.count)
        var count = 0
        for k in steps.indices {
            let moves = steps[k].deltas[index] != 0
            moving.append(moves)
            if moves { count += 1 }
        }
        self.moving = moving
        stride = count
        if timeline.isRepeating {
            let shift = cycles * timeline.cycleDuration
            firstCycle = max(0, ((-span + shift - timeline.exhausted) / timeline.cycleDuration).rounded(.down))
            lastCycle = max(firstCycle, ((span + shift) / timeline.cycleDuration).rounded(.down))
        } else {
            firstCycle = 0
            lastCycle = 0
        }
        var progresses = ContiguousArray<PhaseAnimation.Progress>()
        var accelerationTerms = ContiguousArray<PhaseAnimation.DerivativeBounds?>()
        var jerkTerms = ContiguousArray<PhaseAnimation.DerivativeBounds?>()
        // One allocation each: `stride` terms for every cycle laid out.
        let total = stride * (Int(lastCycle - firstCycle) + 1)
        progresses.reserveCapacity(total)
        accelerationTerms.reserveCapacity(total)
        jerkTerms.reserveCapacity(total)
        var cycle = firstCycle
        while cycle <= lastCycle {
            for k in steps.indices where moving[k] {
                // The step's constants read once (not copied for each field).
                if let c = constants[k] {
                    progresses.append(c.progress)
                    accelerationTerms.append(c.accelerationBounds)
                    jerkTerms.append(c.jerkBounds)
                } else {
                    progresses.append(Self.placeholder)
                    accelerationTerms.append(nil)
                    jerkTerms.append(nil)
                }
            }
            cycle += 1
        }
        self.progresses = progresses
        self.accelerationTerms = accelerationTerms
        self.jerkTerms = jerkTerms
        var oscillations = ContiguousArray<Spring.Oscillation>()
        var partners = ContiguousArray<Int>(repeating: Self.notUnderDamped, count: progresses.count)
        oscillations.reserveCapacity(progresses.count)
        var previous = -1
        for k in progresses.indices {
            if case .spring(let oscillation) = progresses[k].kind, oscillation.regime == .under {
                oscillations.append(oscillation)
                partners[k] = -1
                if previous >= 0 { partners[previous] = k }
                previous = k
            } else {
                oscillations.append(Self.unpaired)
            }
        }
        self.oscillations = oscillations
        self.partners = partners
    }

    /// The placeholder of `oscillations` where a term is not under-damped (never evaluated).
    static let unpaired = Spring.Oscillation(Spring(response: 1, dampingRatio: 0.5), target: 1, initialVelocity: 0)

    /// Whether this layout is the one of property `index` of `timeline` (the timeline it was made
    /// from) seen after `cycles` cycles for times within [−span, span]: the same steps move it.
    /// O(steps), no allocation.
    func serves(_ timeline: PhaseTimeline, index: Int, afterCycles cycles: Double, span: Double) -> Bool {
        guard cycles == self.cycles, span == self.span, timeline.steps.count == moving.count else { return false }
        let steps = timeline.steps
        for k in steps.indices where (steps[k].deltas[index] != 0) != moving[k] { return false }
        return true
    }
}

// MARK: - PhaseTermLayouts

/// The layouts of one analysis of one phase timeline, one for each set of moving steps met
/// (`PhaseTermLayout`), shared by its properties. Internal; one analysis, one thread.
final class PhaseTermLayouts {
    private var layouts: [PhaseTermLayout] = []

    init() {}

    /// The layout of property `index` of `timeline` (the timeline of this analysis), made the
    /// first time its set of moving steps is met. O(layouts · steps), plus the layout once.
    func layout(
        _ timeline: PhaseTimeline, index: Int, afterCycles cycles: Double, span: Double, constants: [PhaseProperty.StepConstants?]
    ) -> PhaseTermLayout {
        for layout in layouts where layout.serves(timeline, index: index, afterCycles: cycles, span: span) { return layout }
        let layout = PhaseTermLayout(timeline, index: index, afterCycles: cycles, span: span, constants: constants)
        layouts.append(layout)
        return layout
    }
}
