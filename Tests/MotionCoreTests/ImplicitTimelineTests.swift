import Foundation
import Testing

@testable import MotionCore

/// Implicit animations (`withAnimation`, `.animation(_:value:)`) against closed forms written
/// here: Bézier eases by bisection, springs by the textbook formula, repetitions and modifiers by
/// hand from SwiftUI's documented behaviour (`RepeatAnimation`, `DelayAnimation`, `SpeedAnimation`).
@Suite("Implicit animations")
struct ImplicitTimelineTests {
    static func timeline(_ animation: ImplicitAnimation, from: Double = 0, to: Double = 1, name: String = "x") throws -> ImplicitTimeline {
        try ImplicitTimeline(values: [ImplicitValue(name, from: from, to: to)], animation: animation)
    }

    static func curve(_ c: UnitCurve, _ d: Double) -> PhaseAnimation { PhaseAnimation(.bezier(c, duration: d)) }

    /// `.spring(duration: d, bounce: b)` from 0 to 1: 1 − e^{−λt}(cos ωd t + λ/ωd sin ωd t), ζ = 1 − b.
    static func springProgress(duration d: Double, bounce b: Double, _ t: Double) -> Double {
        let w0 = 2 * Double.pi / d, zeta = 1 - b
        let lambda = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-lambda * t) * (cos(wd * t) + lambda / wd * sin(wd * t))
    }

    @Test("easeInOut(duration: 0.8) from 1.0 to 1.2 follows the Bézier (0.42, 0, 0.58, 1)")
    func easeInOut() throws {
        let t = try Self.timeline(ImplicitAnimation(Self.curve(.easeInOut, 0.8)), from: 1.0, to: 1.2, name: "scale")
        #expect(t.duration == 0.8)
        #expect(!t.isRepeating)
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            let expected = 1.0 + 0.2 * bisectionEase(x, 0.42, 0, 0.58, 1)
            #expect(abs(t.value(of: 0, at: 0.8 * x) - expected) < 1e-9, "at \(0.8 * x)")
        }
        // Reference table (motion-semantics.md): easeInOut(0.25) = 0.129162.
        #expect(abs(t.value(of: 0, at: 0.2) - (1 + 0.2 * 0.129162)) < 1e-6)
        #expect(t.value(of: 0, at: 5) == 1.2)
        #expect(t.value(of: 0, at: -1) == 1.0)
        #expect(t.jumps(of: 0).isEmpty)
    }

    @Test("a spring runs until Apple's settlingDuration, its overshoot peak where the closed form says")
    func springPeak() throws {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let t = try Self.timeline(ImplicitAnimation(PhaseAnimation(.spring(spring))))
        // Settling (ε = 0.001, unit distance, at rest): −ln(0.001 / (1 + λ)) / λ.
        let lambda = 0.7 * 2 * Double.pi / 0.5
        #expect(abs(t.duration - (-log(0.001 / (1 + lambda)) / lambda)) < 1e-9)
        for k in 0...40 {
            let time = Double(k) * 0.025
            #expect(abs(t.value(of: 0, at: time) - Self.springProgress(duration: 0.5, bounce: 0.3, time)) < 1e-9)
        }
        // Velocity zero at ωd·t = π: the overshoot peaks at π/ωd at 1 + e^{−λπ/ωd}.
        let wd = 2 * Double.pi / 0.5 * (1 - 0.49).squareRoot()
        let peak = try #require(MotionAnalyzer().analyze(t).peaks.first)
        #expect(abs(peak.time - .pi / wd) < 1e-9)
        #expect(abs(peak.value - (1 + exp(-lambda * .pi / wd))) < 1e-9)
    }

    @Test("repeatCount(3, autoreverses: true) on linear(0.4): there, back, there; the end holds")
    func repeatCountAutoreversing() throws {
        let a = try ImplicitAnimation(Self.curve(.linear, 0.4)).applying(.repeatCount(3, autoreverses: true))
        let t = try Self.timeline(a, from: 0, to: 10)
        #expect(abs(t.duration - 1.2) < 1e-12)
        func expected(_ time: Double) -> Double {
            if time <= 0 { return 0 }
            if time <= 0.4 { return 10 * time / 0.4 }
            if time <= 0.8 { return 10 - 10 * (time - 0.4) / 0.4 }
            if time <= 1.2 { return 10 * (time - 0.8) / 0.4 }
            return 10
        }
        for k in 0...130 {
            let time = Double(k) / 100
            #expect(abs(t.value(of: 0, at: time) - expected(time)) < 1e-9, "at \(time)")
        }
        #expect(abs(t.velocity(of: 0, at: 0.5) - (-25)) < 1e-9)
        #expect(t.jumps(of: 0).isEmpty, "a mirrored run starts where the previous ended")
        let peaks = MotionAnalyzer().analyze(t).peaks
        #expect(peaks.map(\.kind) == [.max, .min])
        #expect(abs(peaks[0].time - 0.4) < 1e-9 && abs(peaks[1].time - 0.8) < 1e-9)
    }

    @Test("repeatCount(2, autoreverses: true) ends where it began, then snaps to the model value")
    func evenAutoreverseSnaps() throws {
        let a = try ImplicitAnimation(Self.curve(.easeOut, 0.3)).applying(.repeatCount(2, autoreverses: true))
        let t = try Self.timeline(a, from: 1, to: 2)
        #expect(abs(t.duration - 0.6) < 1e-12)
        // The mirrored run: 1 + (1 − easeOut(τ/0.3)).
        #expect(abs(t.value(of: 0, at: 0.45) - (2 - bisectionEase(0.5, 0, 0, 0.58, 1))) < 1e-9)
        #expect(abs(t.value(of: 0, at: 0.6) - 1) < 1e-12)
        #expect(t.value(of: 0, at: 0.6 + 1e-9) == 2)
        let jumps = t.jumps(of: 0)
        #expect(jumps.count == 1)
        #expect(abs(jumps[0].time - 0.6) < 1e-12 && abs(jumps[0].from - 1) < 1e-12 && jumps[0].to == 2)
    }

    @Test("repeatForever(autoreverses: false) on linear(2): a 2 s loop that restarts from the start")
    func foreverRestarting() throws {
        let a = try ImplicitAnimation(Self.curve(.linear, 2)).applying(.repeatForever(autoreverses: false))
        let t = try Self.timeline(a, from: 0, to: 360, name: "rotation")
        #expect(t.isRepeating)
        #expect(t.duration == 2)
        #expect(abs(t.value(of: 0, at: 0.5) - 90) < 1e-9)
        #expect(abs(t.value(of: 0, at: 5.0) - 180) < 1e-9)
        #expect(t.value(of: 0, at: 2) == 360, "a cycle boundary belongs to the earlier cycle")
        let snaps = MotionAnalyzer().analyze(t).snaps
        #expect(snaps.count == 1 && snaps[0].time == 0 && snaps[0].from == 360 && snaps[0].to == 0)
    }

    @Test("repeatForever(autoreverses: true): one cycle is there and back")
    func foreverAutoreversing() throws {
        let a = try ImplicitAnimation(Self.curve(.easeInOut, 0.5)).applying(.repeatForever(autoreverses: true))
        let t = try Self.timeline(a)
        #expect(t.duration == 1)
        #expect(abs(t.value(of: 0, at: 0.75) - (1 - bisectionEase(0.5, 0.42, 0, 0.58, 1))) < 1e-9)
        #expect(abs(t.value(of: 0, at: 10.75) - t.value(of: 0, at: 0.75)) < 1e-9)
    }

    @Test("delay and speed fold in written order (DelayAnimation, SpeedAnimation)")
    func modifierOrder() throws {
        let base = ImplicitAnimation(Self.curve(.easeIn, 1))
        // .delay(1).speed(2): base(max(0, 2t − 1)): starts at 0.5 s, ends at 1 s.
        let a = try base.applying(.delay(1)).applying(.speed(2))
        #expect(abs(a.run.delay - 0.5) < 1e-12 && a.run.speed == 2 && a.duration == 1)
        // .speed(2).delay(1): base(2·max(0, t − 1)): starts at 1 s, ends at 1.5 s.
        let b = try base.applying(.speed(2)).applying(.delay(1))
        #expect(b.run.delay == 1 && b.duration == 1.5)
        let ta = try Self.timeline(a), tb = try Self.timeline(b)
        for k in 0...40 {
            let time = Double(k) * 0.05
            #expect(abs(ta.value(of: 0, at: time) - bisectionEase(min(1, max(0, 2 * time - 1)), 0.42, 0, 1, 1)) < 1e-9)
            #expect(abs(tb.value(of: 0, at: time) - bisectionEase(min(1, 2 * max(0, time - 1)), 0.42, 0, 1, 1)) < 1e-9)
        }
    }

    @Test("a delay inside a repetition delays every run; outside it, only the first")
    func delayAndRepetition() throws {
        let base = ImplicitAnimation(Self.curve(.linear, 0.3))
        let inside = try base.applying(.delay(0.2)).applying(.repeatCount(2, autoreverses: false))
        #expect(abs(inside.runLength - 0.5) < 1e-12 && abs(inside.duration - 1.0) < 1e-12 && inside.startDelay == 0)
        let outside = try base.applying(.repeatCount(2, autoreverses: false)).applying(.delay(0.2))
        #expect(abs(outside.duration - 0.8) < 1e-12 && outside.startDelay == 0.2)
        let ti = try Self.timeline(inside)
        // Run 1 waits 0.2 s at the start value after the jump back.
        #expect(abs(ti.value(of: 0, at: 0.6) - 0) < 1e-12)
        #expect(abs(ti.value(of: 0, at: 0.85) - 0.5) < 1e-9)
        #expect(ti.jumps(of: 0).map(\.time).map { ($0 * 1e9).rounded() / 1e9 } == [0.5])
        let to = try Self.timeline(outside)
        #expect(abs(to.value(of: 0, at: 0.35) - 0.5) < 1e-9)
        #expect(abs(to.value(of: 0, at: 0.65) - 0.5) < 1e-9)
        // A speed outside the repetition speeds every run and the start delay.
        let fast = try outside.applying(.speed(2))
        #expect(abs(fast.duration - 0.4) < 1e-12 && abs(fast.startDelay - 0.1) < 1e-12)
    }

    @Test("a repeated spring restarts when it has settled (Apple's settlingDuration)")
    func repeatedSpring() throws {
        let spring = Spring(duration: 0.4, bounce: 0.2)
        let a = try ImplicitAnimation(PhaseAnimation(.spring(spring))).applying(.repeatCount(2, autoreverses: false))
        let t = try Self.timeline(a)
        let lambda = 0.8 * 2 * Double.pi / 0.4
        let settle = -log(0.001 / (1 + lambda)) / lambda
        #expect(abs(t.runLength - settle) < 1e-9)
        #expect(abs(t.value(of: 0, at: settle + 0.1) - Self.springProgress(duration: 0.4, bounce: 0.2, 0.1)) < 1e-9)
        // The restart is a jump back to the start (from within ε = 0.001 of the end); the end
        // within ε of the model value is not a jump.
        let jumps = t.jumps(of: 0)
        #expect(jumps.count == 1)
        #expect(abs(jumps[0].to) < 1e-12 && abs(jumps[0].from - 1) <= 0.001 + 1e-12)
        #expect(abs(t.value(of: 0, at: t.duration) - 1) <= 0.001 + 1e-12)
    }

    @Test("bad modifiers and motions that do not come to rest are refused")
    func refusals() throws {
        let base = ImplicitAnimation(Self.curve(.linear, 0.3))
        #expect(throws: ImplicitAnimation.ModifierError.nestedRepetition) {
            try base.applying(.repeatCount(2, autoreverses: true)).applying(.repeatForever(autoreverses: false))
        }
        #expect(throws: ImplicitAnimation.ModifierError.speed(0)) { try base.applying(.speed(0)) }
        #expect(throws: ImplicitAnimation.ModifierError.delay(-1)) { try base.applying(.delay(-1)) }
        #expect(throws: MotionError.self) { try Self.timeline(try base.applying(.repeatCount(5000, autoreverses: true))) }
        #expect(throws: MotionError.zeroLengthCycle) {
            try Self.timeline(try ImplicitAnimation(Self.curve(.linear, 0)).applying(.repeatForever(autoreverses: true)))
        }
        #expect(throws: MotionError.self) { try Self.timeline(ImplicitAnimation(PhaseAnimation(.spring(Spring(duration: 0.5, bounce: 1.2))))) }
        // repeatCount(1) is one run (RepeatAnimation stops after it); a start delay of one run is its delay.
        #expect(try base.applying(.repeatCount(1, autoreverses: true)) == base)
        #expect(
            ImplicitAnimation(Self.curve(.linear, 0.3), startDelay: 0.2)
                == ImplicitAnimation(PhaseAnimation(.bezier(.linear, duration: 0.3), delay: 0.2)))
    }

    @Test("a spec of the new kind builds this timeline; the progress track is 0 → 1")
    func specKind() throws {
        let spec = AnimationSpec(id: "a", trigger: .tap, motion: .implicit(ImplicitMotion(animation: ImplicitAnimation(Self.curve(.easeOut, 0.25)))))
        #expect(spec.kind == "implicit")
        #expect(!spec.isRepeating)
        let t = try spec.timeline()
        #expect(t.properties == ["progress"])
        #expect(t.value(of: 0, at: 0.25) == 1)
    }
}
