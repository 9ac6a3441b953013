// MARK: - AnalysisScratch

/// The memo tables and buffers of one analysis (`MotionAnalyzer.analyze`), shared by its
/// properties: the state memo of the property being analysed (`StateMemo`; the properties are
/// analysed one after another, so one table serves them all, however many there are, each
/// property's use a new generation of it), the phase timeline's step memo (`PhaseStepMemo`) and
/// the arrays a property's analysis builds and drops (`PropertyBuffers`).
///
/// Used by one analysis at a time, on one thread, and kept for the next (`ScratchPool`): each
/// memo's next use starts a new generation, so it remembers nothing of the analysis before.
/// Internal.
final class AnalysisScratch {
    /// Made on first use.
    private var memo: StateMemo?
    /// Made on first use (keyframe timelines have no steps).
    private var stepMemo: PhaseStepMemo?

    /// The arrays of one property's analysis, kept for the next (`PropertyBuffers`).
    let propertyBuffers = PropertyBuffers()

    /// A state memo remembering nothing yet, for one property's analysis: valid until the next
    /// call (which gives its slots to the next property). O(1).
    func stateMemo() -> StateMemo {
        if let memo {
            memo.startUse()
            return memo
        }
        let memo = StateMemo()
        self.memo = memo
        return memo
    }

    /// The step memo for the current analysis's phase timeline, remembering nothing yet. O(1).
    func phaseStepMemo() -> PhaseStepMemo {
        if let memo = stepMemo {
            memo.reset()
            return memo
        }
        let memo = PhaseStepMemo()
        stepMemo = memo
        return memo
    }
}
