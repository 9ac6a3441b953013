import Foundation
import Testing

@testable import MotionCore

@Suite("Springs")
struct SpringTests {
    @Test("Spring(duration: 0.5, bounce: 0.3) has stiffness 157.91 and damping 17.59")
    func appleWorkedExample() {
        let s = Spring(duration: 0.5, bounce: 0.3)
        #expect(close(s.stiffness, 157.91, 0.005))
        #expect(close(s.damping, 17.59, 0.005))
        #expect(close(s.dampingRatio, 0.7, 1e-12))
        #expect(close(s.response, 0.5, 1e-12))
        #expect(close(s.bounce, 0.3, 1e-12))
    }

    @Test("bounce maps to damping ratio per the reference table")
    func bounceTable() {
        #expect(Spring(duration: 1, bounce: 0).dampingRatio == 1)
        #expect(close(Spring(duration: 1, bounce: 0.15).dampingRatio, 0.85, 1e-12))
        #expect(close(Spring(duration: 1, bounce: -0.5).dampingRatio, 2, 1e-12)) // 1/(1 + b)
        #expect(Spring(duration: 1, bounce: 1.2).dampingRatio == 0)
        #expect(!Spring(duration: 1, bounce: 1.2).settles)
        #expect(!Spring(mass: 1, stiffness: 100, damping: 0).settles)
        #expect(Spring(duration: 1, bounce: -0.5).settlingDuration.isFinite)
    }

    @Test("mass/stiffness/damping maps to ω0 = √(k/m), ζ = c/(2√(km))")
    func massForm() {
        let s = Spring(mass: 2, stiffness: 200, damping: 10)
        #expect(close(s.angularFrequency, 10, 1e-12))
        #expect(close(s.dampingRatio, 10 / (2 * (200.0 * 2).squareRoot()), 1e-12))
        #expect(close(s.stiffness, 200, 1e-9))
        #expect(close(s.damping, 10, 1e-9))
    }

    @Test("presets: 0.5 s with bounce 0 / 0.15 / 0.3, extraBounce added")
    func presets() {
        #expect(Spring.preset(.smooth) == Spring(duration: 0.5, bounce: 0))
        #expect(Spring.preset(.snappy) == Spring(duration: 0.5, bounce: 0.15))
        #expect(Spring.preset(.bouncy) == Spring(duration: 0.5, bounce: 0.3))
        #expect(Spring.preset(.snappy, duration: 0.2, extraBounce: 0.1) == Spring(duration: 0.2, bounce: 0.25))
    }

    @Test("closed forms match RK4 (step 1e-5) within 1e-6", arguments: [0.3, 1.0, 1.5])
    func closedFormMatchesIntegration(zeta: Double) {
        let spring = Spring(response: 0.4, dampingRatio: zeta)
        let target = 2.5, v0 = -7.0
        let times = stride(from: 0.01, through: 1.2, by: 0.01).map { $0 }
        let reference = rk4Spring(stiffness: spring.stiffness, damping: spring.damping, target: target, v0: v0, times: times)
        for (t, (x, v)) in zip(times, reference) {
            #expect(close(spring.value(target: target, initialVelocity: v0, time: t), x, 1e-6), "x at \(t)")
            #expect(close(spring.velocity(target: target, initialVelocity: v0, time: t), v, 1e-6), "v at \(t)")
        }
    }

    @Test("closed forms near the critical boundary agree with each other")
    func criticalBoundary() {
        for zeta in [1 - 1e-7, 1.0, 1 + 1e-7] {
            let s = Spring(response: 0.3, dampingRatio: zeta)
            let c = Spring(response: 0.3, dampingRatio: 1)
            for t in [0.05, 0.1, 0.3] {
                #expect(close(s.value(target: 1, initialVelocity: 3, time: t), c.value(target: 1, initialVelocity: 3, time: t), 1e-5))
            }
        }
    }

    @Test("under-damped settling uses −ln(ε/(|Δ| + |λΔ − v0|))/λ")
    func underDampedSettling() {
        let s = Spring(duration: 0.5, bounce: 0.3)
        let lambda = 0.7 * 2 * Double.pi / 0.5
        #expect(close(s.settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001), -log(0.001 / (1 + lambda)) / lambda, 1e-12))
        #expect(close(s.settlingDuration(target: 2, initialVelocity: 3, epsilon: 1e-4), -log(1e-4 / (2 + abs(lambda * 2 - 3))) / lambda, 1e-12))
        #expect(s.settlingDuration(target: 0, initialVelocity: 0, epsilon: 1e-4) == 0)
        // The envelope bounds the motion: past the estimate it stays within ε.
        let d = s.settlingDuration(target: 1, initialVelocity: 0, epsilon: 1e-4)
        for k in 0..<200 { #expect(abs(s.value(target: 1, time: d + Double(k) * 0.01) - 1) < 1e-4) }
    }

    @Test("critically and over-damped settling is the exact last time outside ε", arguments: [1.0, 1.8])
    func nonOscillatingSettling(zeta: Double) {
        let s = Spring(response: 0.5, dampingRatio: zeta)
        for (target, v0) in [(1.0, 0.0), (1.0, 20.0), (-3.0, 8.0), (0.5, -10.0)] {
            let eps = 1e-4
            let d = s.settlingDuration(target: target, initialVelocity: v0, epsilon: eps)
            #expect(abs(abs(s.value(target: target, initialVelocity: v0, time: d) - target) - eps) < 1e-9, "at the settling time the error is ε")
            // Scan: nothing later is outside ε, and just before it is.
            for k in 1...400 { #expect(abs(s.value(target: target, initialVelocity: v0, time: d + Double(k) * 0.005) - target) < eps) }
            #expect(abs(s.value(target: target, initialVelocity: v0, time: d - 1e-6) - target) >= eps)
        }
    }

    @Test("Apple's settlingDuration uses target 1, v0 0, ε 0.001; a never-settling spring has none")
    func appleSettling() {
        let s = Spring(duration: 0.4, bounce: 0.2)
        #expect(s.settlingDuration == s.settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001))
        #expect(Spring(duration: 0.4, bounce: 1.5).settlingDuration == .infinity)
    }
}

/// The core refuses springs outside the response range specs allow (the stored-figures fuzz
/// target found a hang on angular frequency 9.08e223 rad/s, damping ratio 0.5).
@Suite("springs outside 1 ms … 1 h in the core")
struct SpringResponseLimitTests {
    @Test("a keyframe spring of response 7e-224 s, or of 2 h, is refused by the timeline; 1 ms and 1 h play")
    func responseLimits() throws {
        func timeline(_ omega: Double) throws -> KeyframeTimeline {
            let spring = Spring(angularFrequency: omega, dampingRatio: 0.5, mass: 1)
            return try KeyframeTimeline(
                initial: [("x", 0)],
                tracks: [
                    KeyframeTrack(property: "x", keyframes: [.spring(to: 1.0002441368997097, duration: 0.375, spring: spring, startVelocity: nil)])
                ])
        }
        #expect(throws: MotionError.self) { try timeline(9.083672285116468e223) }
        #expect(throws: MotionError.self) { try timeline(2 * Double.pi / 7200) }
        #expect(throws: Never.self) { try timeline(2 * Double.pi / 0.001) }
        #expect(throws: Never.self) { try timeline(2 * Double.pi / 3600) }
        #expect(
            MotionLimits.growth(of: Spring(angularFrequency: 2 * Double.pi / 0.0009, dampingRatio: 1, mass: 1))?.contains("outside 1 ms … 1 h")
                == true)
    }
}
