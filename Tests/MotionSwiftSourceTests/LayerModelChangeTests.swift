import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// A Core Animation animation with no fromValue, toValue or byValue: Apple's CABasicAnimation
/// reference says it interpolates between the layer's previous and current value of the key path
/// (the idiom: change the model with actions disabled, then add the animation). Its timing is read.
@Suite("Core Animation: the model changed, then animated")
struct LayerModelChangeTests {
    typealias R = LayerReference

    @Test("a CASpringAnimation without values is read as progress 0 → 1 over its spring, and said")
    func springWithoutValues() throws {
        let source = """
            import UIKit

            final class DropView: UIView {
                func drop() {
                    CATransaction.setDisableActions(true)
                    layer.position.y += 100
                    let settle = CASpringAnimation(keyPath: "position.y")
                    settle.mass = 1
                    settle.stiffness = 100
                    settle.damping = 10
                    settle.duration = 1.2
                    layer.add(settle, forKey: nil)
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Drop.swift")
        let (animation, _) = try R.found(result, "DropView.drop")
        // ω0 = 10 rad/s, ζ = 0.5: the damped oscillator from 0 to 1 at rest, cut at 1.2 s.
        try R.expectValues(animation, "position.y.progress", until: 1.2) { t in R.oscillator(t, m: 1, k: 100, c: 10, v0: 0) }
        let said = try #require(result.unresolved.first { $0.line == 7 }, "\(result.unresolved)")
        #expect(
            said.what.contains("no fromValue, toValue or byValue") && said.what.contains("previous value to its current one")
                && said.what.contains("progress 0 → 1"), "\(said.what)")
    }

    @Test(
        "a CASpringAnimation whose mass and stiffness, each positive, give no finite frequency (mass 1e-320) is skipped and said, never a NaN spring")
    func springWithoutFrequency() throws {
        let source = """
            import UIKit

            final class DropView: UIView {
                func drop() {
                    let settle = CASpringAnimation(keyPath: "position.y")
                    settle.fromValue = 0
                    settle.toValue = 100
                    settle.mass = 1e-320
                    settle.stiffness = 1e308
                    settle.damping = 10
                    settle.duration = 1.2
                    layer.add(settle, forKey: nil)
                }
            }
            """
        let result = try SwiftSourceImporter().extract(source: source, file: "Drop.swift")
        #expect(result.animations.isEmpty, "\(result.animations)")
        let said = try #require(result.unresolved.first { $0.what.contains("no finite frequency") }, "\(result.unresolved)")
        #expect(said.line == 5 && said.what.contains("animation skipped"), "\(said)")
        let answer = try SwiftSourceWire.answer([.success(result)])
        #expect(try SwiftSourceWire.results(fromAnswer: answer, expected: 1) == [.success(result)])
    }
}
