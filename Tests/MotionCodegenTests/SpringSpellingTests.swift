import MotionCodegen
import MotionCore
import Testing

// MARK: - Springs in the form they were written

@Suite("springs are written as the spec wrote them")
struct SpringSpellingTests {
    static func generated(_ spring: Spring) throws -> String {
        let spec = AnimationSpec(
            id: "pop", trigger: .tap,
            motion: .keyframes(
                initial: [NamedValue("scale", 1)],
                tracks: [
                    KeyframeTrack(property: "scale", keyframes: [.spring(to: 1.2, duration: 0.3, spring: spring)])
                ], repeating: false))
        return try MotionCodegen().generate(spec, screen: "S", origin: CodegenOrigin(file: "f", revision: "r")).text
    }

    @Test("each written form comes back in its own words, and the importer reads the same spring")
    func writtenForms() throws {
        let cases: [(Spring, String)] = [
            (Spring(response: 0.4, dampingRatio: 0.7), "spring: Spring(response: 0.4, dampingRatio: 0.7)"),
            (Spring(duration: 0.35, bounce: 0.2), "spring: Spring(duration: 0.35, bounce: 0.2)"),
            (Spring(mass: 2, stiffness: 300, damping: 20), "spring: Spring(mass: 2.0, stiffness: 300.0, damping: 20.0)"),
            (.preset(.snappy, duration: 0.25), "spring: .snappy(duration: 0.25)"),
            (.preset(.bouncy), "spring: .bouncy)"),
        ]
        for (spring, expected) in cases {
            let text = try Self.generated(spring)
            #expect(text.contains(expected), "\(expected) not in:\n\(text)")
        }
    }

    @Test("a spring known only by ω0 and ζ is spelled from its physics and still reads back exactly")
    func derivedForm() throws {
        // ζ = 0.85, response 0.3 s: SwiftUI's snappy bounce (0.15), so `.snappy(duration: 0.3)`.
        let snappy = Spring(angularFrequency: 2 * .pi / 0.3, dampingRatio: 0.85)
        #expect(try Self.generated(snappy).contains("spring: .snappy(duration: 0.3)"))
        // ζ = 0.6: `Spring(duration:bounce:)` with bounce 1 − ζ.
        let plain = Spring(angularFrequency: 2 * .pi / 0.5, dampingRatio: 0.6)
        #expect(try Self.generated(plain).contains("spring: Spring(duration: 0.5, bounce: 0.4)"))
        for spring in [snappy, plain] {
            let spec = AnimationSpec(
                id: "pop", trigger: .tap,
                motion: .keyframes(
                    initial: [],
                    tracks: [
                        KeyframeTrack(property: "scale", keyframes: [.spring(to: 1.2, duration: 0.3, spring: spring)])
                    ], repeating: false))
            #expect(try swiftUIRoundTrip(spec, screen: "S").problems.isEmpty)
        }
    }

    @Test("a step animation keeps its form too: .spring(response:dampingFraction:), .interpolatingSpring")
    func animationForms() throws {
        let phases = [
            Phase(name: "rest", values: [("scale", 1)], animation: PhaseAnimation(.spring(Spring(response: 0.4, dampingRatio: 0.7)))),
            Phase(name: "up", values: [("scale", 1.2)], animation: PhaseAnimation(.spring(Spring(mass: 1, stiffness: 170, damping: 26)))),
        ]
        let spec = AnimationSpec(id: "pop", trigger: .tap, motion: .phases(phases))
        let text = try MotionCodegen().generate(spec, screen: "S", origin: CodegenOrigin(file: "f", revision: "r")).text
        #expect(text.contains("case .rest: .spring(response: 0.4, dampingFraction: 0.7)"))
        #expect(text.contains("case .up: .interpolatingSpring(mass: 1.0, stiffness: 170.0, damping: 26.0)"))
        #expect(try swiftUIRoundTrip(spec, screen: "S").problems.isEmpty)
    }
}
