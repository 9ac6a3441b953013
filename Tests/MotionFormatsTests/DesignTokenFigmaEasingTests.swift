import Foundation
import MotionCore
import MotionFormats
import MotionJSON
import Testing

@Suite("FigmaEasing: Figma's easing names")
struct DesignTokenFigmaEasingTests {
    @Test("curve names map to the reference's Bézier control points")
    func curves() {
        let expected: [String: [Double]] = [
            "EASE_IN": [0.42, 0, 1, 1], "EASE_OUT": [0, 0, 0.58, 1], "EASE_IN_AND_OUT": [0.42, 0, 0.58, 1],
            "LINEAR": [0, 0, 1, 1], "EASE_IN_BACK": [0.3, -0.05, 0.7, -0.5], "EASE_OUT_BACK": [0.45, 1.45, 0.8, 1],
            "EASE_IN_AND_OUT_BACK": [0.7, -0.4, 0.4, 1.4],
        ]
        for (name, p) in expected {
            #expect(points(FigmaEasing.figmaCurve(name)) == p, "\(name)")
            #expect(FigmaEasing.figmaSpring(name) == nil, "\(name)")
        }
        #expect(FigmaEasing.figmaCurve("EASE_IN") == .easeIn && FigmaEasing.figmaCurve("LINEAR")?.name == "linear")
        #expect(FigmaEasing.allCases.filter { $0.curve != nil }.count == expected.count)
    }

    @Test("spring presets map to the reference's mass, stiffness and damping (unverified there)")
    func springs() throws {
        let expected: [String: (Double, Double, Double)] = [
            "GENTLE": (1, 100, 15), "QUICK": (1, 300, 20), "BOUNCY": (1, 600, 15), "SLOW": (1, 80, 20),
        ]
        for (name, (m, k, c)) in expected {
            let spring = try #require(FigmaEasing.figmaSpring(name), "\(name)")
            #expect(spring == Spring(mass: m, stiffness: k, damping: c), "\(name)")
            #expect(spring.mass == m && abs(spring.stiffness - k) < 1e-9 && abs(spring.damping - c) < 1e-9, "\(name)")
            #expect(FigmaEasing.figmaCurve(name) == nil, "\(name)")
        }
        // GENTLE: ω0 = √100 = 10 rad/s, ζ = 15 / (2·10) = 0.75.
        #expect(FigmaEasing.gentle.spring?.angularFrequency == 10 && FigmaEasing.gentle.spring?.dampingRatio == 0.75)
    }

    @Test("names are case-sensitive, and custom kinds are not names")
    func unknownNames() {
        for name in ["ease_in", "Ease-In", "CUSTOM_CUBIC_BEZIER", "CUSTOM_SPRING", "gentle", ""] {
            #expect(FigmaEasing.figmaCurve(name) == nil && FigmaEasing.figmaSpring(name) == nil, "\(name)")
        }
    }

    @Test("in a tokens file, every Figma name decodes as the curve or spring it stands for")
    func inTokens() throws {
        let curves = FigmaEasing.allCases.filter { !$0.isSpring }
        let springs = FigmaEasing.allCases.filter(\.isSpring)
        let text =
            "{ \"curve\": { \"$type\": \"cubicBezier\", "
            + curves.map { "\"\($0.rawValue)\": { \"$value\": \"\($0.rawValue)\" }" }.joined(separator: ", ")
            + " }, \"spring\": { \"$type\": \"spring\", "
            + springs.map { "\"\($0.rawValue)\": { \"$value\": \"\($0.rawValue)\" }" }.joined(separator: ", ")
            + " } }"
        let result = decodeTokens(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tokens = try #require(result.tokens)
        for easing in curves { #expect(tokens.curve(named: "curve.\(easing.rawValue)") == easing.curve) }
        for easing in springs { #expect(tokens.spring(named: "spring.\(easing.rawValue)") == easing.spring) }
        #expect(tokens.count == FigmaEasing.allCases.count)
    }
}
