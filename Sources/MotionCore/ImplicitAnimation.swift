// MARK: - ImplicitAnimation

/// A SwiftUI `Animation` value as an implicit animation (`withAnimation`, `.animation(_:value:)`,
/// a transaction's animation) plays it: one **run** of a curve or spring, optionally repeated,
/// after an optional start delay. Times in seconds.
///
/// SwiftUI builds an `Animation` as a base with modifiers wrapped around it, each a function of
/// time (OpenSwiftUI `DelayAnimation`, `SpeedAnimation`, `RepeatAnimation`, which agree with
/// Apple's documentation of them):
///
/// - `.delay(d)`: t ↦ max(0, t − d);
/// - `.speed(s)`: t ↦ s·t;
/// - `.repeatCount(n, autoreverses:)` / `.repeatForever(autoreverses:)`: when the wrapped
///   animation finishes, it starts again from the start; with `autoreverses` every second run is
///   mirrored (the value is Δ − run(τ), so it travels back along the same curve, as
///   `RepeatAnimation` returns `value − newValue`). Autoreversing runs count towards `n` (Apple:
///   "a repeatCount of 2 moves forward, then reverses, then stops"). After the last run the
///   value is the model value: after an even number of autoreversing runs it snaps from the
///   start to the end.
///
/// Any chain of these around one base folds exactly into this normal form:
/// `run` (the base with a delay in real seconds and a speed: the run's progress is
/// base((t − delay)·speed), which is what a `PhaseAnimation` computes), `repetition`, and
/// `startDelay` (a delay written outside the repetition, played once). A speed written outside
/// the repetition scales every run and the start delay; a delay inside it is part of every run.
/// A repetition inside another is not folded (`nestedRepetition`).
public struct ImplicitAnimation: Hashable, Sendable, Codable {
    /// How often the run plays.
    public enum Repetition: Hashable, Sendable, Codable {
        /// One run (`repeatCount(n)` with n ≤ 1 is this too: `RepeatAnimation` stops after the first run).
        case once
        /// `repeatCount(runs, autoreverses:)` with runs ≥ 2.
        case count(Int, autoreverses: Bool)
        /// `repeatForever(autoreverses:)`.
        case forever(autoreverses: Bool)

        /// Whether every second run travels back.
        public var autoreverses: Bool {
            switch self {
            case .once: false
            case .count(_, let a), .forever(let a): a
            }
        }
    }

    /// One run: the base curve or spring, its delay (s) and speed.
    public var run: PhaseAnimation
    public var repetition: Repetition
    /// Wait (s) before the first run, written outside the repetition (`.repeatCount(2).delay(1)`).
    /// A loop (`forever`) is analysed over its cycle, without it.
    public var startDelay: Double

    /// A start delay of a single run is that run's delay (the two are the same motion), so equal
    /// motions compare equal however they were written.
    public init(_ run: PhaseAnimation, repetition: Repetition = .once, startDelay: Double = 0) {
        var run = run
        var startDelay = startDelay
        if repetition == .once {
            run.delay += startDelay
            startDelay = 0
        }
        self.run = run
        self.repetition = repetition
        self.startDelay = startDelay
    }

    // MARK: Modifiers in written order

    /// A modifier of an `Animation`, in the order written (`.easeIn.delay(1).speed(2)` applies
    /// `delay(1)` first).
    public enum Modifier: Hashable, Sendable {
        case delay(Double)
        case speed(Double)
        case repeatCount(Int, autoreverses: Bool)
        case repeatForever(autoreverses: Bool)
    }

    /// Why a modifier cannot be folded in.
    public enum ModifierError: Error, Hashable, Sendable, CustomStringConvertible {
        /// A repetition around a repetition.
        case nestedRepetition
        /// `.speed(s)` with s ≤ 0 or not finite (the animation would never finish).
        case speed(Double)
        /// `.delay(d)` with d < 0 or not finite.
        case delay(Double)

        public var description: String {
            switch self {
            case .nestedRepetition: "a repetition around a repetition is not supported"
            case .speed(let s): "speed \(s) must be a number greater than 0"
            case .delay(let d): "delay \(d) must be a number of seconds, 0 or more"
            }
        }
    }

    /// The animation with `modifier` applied around it (outermost so far).
    /// - Throws: `ModifierError` for a repetition around a repetition, a speed ≤ 0 or a negative delay.
    public func applying(_ modifier: Modifier) throws(ModifierError) -> ImplicitAnimation {
        var a = self
        let repeated = repetition != .once
        switch modifier {
        case .delay(let d):
            guard d.isFinite, d >= 0 else { throw .delay(d) }
            if repeated { a.startDelay += d } else { a.run.delay += d }
        case .speed(let s):
            guard s.isFinite, s > 0 else { throw .speed(s) }
            // base((s·t − delay)·speed) = base((t − delay/s)·speed·s); outside a repetition every
            // run and the start delay are sped up alike.
            a.run.delay /= s
            a.run.speed *= s
            a.startDelay /= s
        case .repeatCount(let n, let autoreverses):
            guard !repeated else { throw .nestedRepetition }
            // One run (n ≤ 1) is the animation itself; a delay after it delays that run.
            a.repetition = n >= 2 ? .count(n, autoreverses: autoreverses) : .once
        case .repeatForever(let autoreverses):
            guard !repeated else { throw .nestedRepetition }
            a.repetition = .forever(autoreverses: autoreverses)
        }
        return a
    }

    // MARK: Timing

    /// Length (s) of one run: its delay plus its curve's duration or its spring's settling time
    /// (Apple's `settlingDuration`, ε = 0.001), over its speed. The next run starts then
    /// (`RepeatAnimation` restarts when the wrapped animation reports it is finished).
    public var runLength: Double { run.settlingDuration }

    /// Runs played: 1, the count, or one cycle of a loop (2 when autoreversing, else 1).
    public var runsPerPlay: Int {
        switch repetition {
        case .once: 1
        case .count(let n, _): n
        case .forever(let a): a ? 2 : 1
        }
    }

    /// Whether the animation loops for as long as the view is on screen.
    public var isForever: Bool { if case .forever = repetition { true } else { false } }

    /// Length (s) of one play: start delay + runs × run length; for a loop, one cycle (without
    /// the start delay).
    public var duration: Double {
        isForever ? Double(runsPerPlay) * runLength : startDelay + Double(runsPerPlay) * runLength
    }

    /// Whether the run bounces: a spring with damping ratio < 1, or a curve whose control points
    /// leave 0…1.
    public var bounces: Bool {
        switch run.curve {
        case .spring(let s): s.dampingRatio < 1 - 1e-9
        case .bezier(let c, _): !(0...1).contains(c.p1.y) || !(0...1).contains(c.p2.y)
        }
    }
}
