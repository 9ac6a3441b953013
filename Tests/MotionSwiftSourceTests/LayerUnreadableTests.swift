import Foundation
import MotionCore
import MotionSwiftSource
import Testing

/// Issue 13's bad inputs: values that are not literals are reported with file:line and kept as
/// unreadable places; what cannot be read at all is skipped and said; a file the parser refuses
/// is refused with its line and column.
@Suite("Core Animation and UIKit sources that cannot be read")
struct LayerUnreadableTests {
    static let file = "LayerUnreadable.swift"
    typealias R = LayerReference

    @Test("every value that is not a literal is reported at its line, with what was used instead")
    func reported() throws {
        let result = try extractFixture(Self.file)
        func issue(_ marker: String) throws -> SwiftSourceIssue {
            let line = try R.line(of: marker, in: Self.file)
            return try #require(result.unresolved.first { $0.line == line }, "nothing reported at \(marker) (line \(line)): \(result.unresolved)")
        }
        #expect(try issue("nudge.toValue = distance").what.contains("`distance` is not a literal value; read as progress 0 → 1"))
        #expect(try issue("nudge.duration = duration").what.contains("`duration` is not a literal; Core Animation's default used"))
        #expect(try issue("grow.keyTimes = times").what.contains("`times` is not an array of numbers; even spacing used"))
        #expect(try issue("spring.stiffness = stiffness()").what.contains("`stiffness()` is not a literal"))
        #expect(try issue("along.path =").what.contains("the CGPath is not read; progress 0 → 1 along the path over its duration"))
        #expect(try issue("CABasicAnimation(keyPath: key)").what.contains("keyPath is `key`, not a literal: what it animates is named as written"))
        #expect(
            try issue("UIView.animate(withDuration: duration").what.contains(
                "withDuration: `duration` is not a literal; a stand-in of 0.2 s is used (motionsync's choice: UIKit has no default duration), so the timeline is an estimate"
            ))
        #expect(result.unresolved.count == 7)
        #expect(result.unresolved.allSatisfy { $0.file == Self.file && $0.description.hasPrefix("\(Self.file):\($0.line): ") })
    }

    @Test("the animations keep what was read, and each unreadable value in its place for diff")
    func places() throws {
        let result = try extractFixture(Self.file)
        #expect(
            result.animations.map(\.spec.id) == [
                "ShakeView.shake", "ShakeView.pop", "ShakeView.pop-2", "ShakeView.trace", "ShakeView.trace-2", "ShakeView.fade",
            ])
        func gaps(_ id: String) -> [AnimationDiff.Unreadable] { result.animations.first { $0.spec.id == id }?.unreadable ?? [] }
        // Under the key path the animation ends on and the field diff compares (toValue → to,
        // stiffness → spring, withDuration → duration; "" for every animation of a UIKit call).
        #expect(
            gaps("ShakeView.shake").map(\.place) == [
                .field(property: "position.x.progress", field: "duration"), .field(property: "position.x.progress", field: "to"),
            ])
        #expect(gaps("ShakeView.shake").map(\.code) == ["duration", "distance"])
        #expect(
            gaps("ShakeView.shake").map(\.line) == [try R.line(of: "nudge.duration", in: Self.file), try R.line(of: "nudge.toValue", in: Self.file)])
        #expect(gaps("ShakeView.pop").map(\.place) == [.field(property: "transform.scale", field: "keyTimes")])
        #expect(gaps("ShakeView.pop-2").map(\.place) == [.field(property: "opacity", field: "spring")])
        #expect(gaps("ShakeView.fade").map(\.place) == [.field(property: "", field: "duration")])

        // What was read still plays: the keyframes evenly spaced, the spring with the default
        // stiffness 100, the fade over UIKit's default 0.2 s.
        let (pop, _) = try R.found(result, "ShakeView.pop")
        try R.expectValues(pop, "transform.scale") { t in R.linearKeys([1, 1.2, 1], [0, 0.5, 1], at: min(t / 0.4, 1)) }
        let (spring, _) = try R.found(result, "ShakeView.pop-2")
        try R.expectValues(spring, "opacity") { t in R.oscillator(min(t, 1), m: 1, k: 100, c: 10, v0: 0) }
        let (fade, _) = try R.found(result, "ShakeView.fade")
        try R.expectValues(fade, "opacity") { t in 1 - 0.8 * R.ease(min(t / 0.2, 1), R.easeIn) }
        // The unreadable end: progress 0 → 1 over Core Animation's 0.25 s, eased.
        let (shake, _) = try R.found(result, "ShakeView.shake")
        try R.expectValues(shake, "position.x.progress") { t in R.ease(min(t / 0.25, 1), R.easeOut) }
        // Kept, not skipped: the path as progress over its 1 s, the key path as written over
        // Core Animation's 0.25 s (linear), each with its reason.
        let (along, alongMotion) = try R.found(result, "ShakeView.trace")
        try R.expectValues(along, "position.progress") { t in min(t, 1) }
        #expect(along.spec.estimates.count == 1 && alongMotion.estimates.isEmpty)
        let (named, _) = try R.found(result, "ShakeView.trace-2")
        try R.expectValues(named, "key") { t in min(t / 0.25, 1) }
        #expect(named.spec.estimates.count == 1)
    }

    @Test("a file the parser refuses is refused with its line and column, nothing read")
    func unparsable() throws {
        let source = """
            import UIKit

            final class BrokenView: UIView {
                func bump() {
                    let pop = CABasicAnimation(keyPath: "opacity")
                    pop.fromValue = 0
                    pop.toValue = (1
                    layer.add(pop, forKey: nil)
                }
            }
            """
        #expect {
            _ = try SwiftSourceImporter().extract(source: source, file: "Broken.swift")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("Broken.swift:7:") && text.contains("not valid Swift")
        }
    }
}
