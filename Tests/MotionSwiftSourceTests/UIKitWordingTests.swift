import MotionCore
import MotionSwiftSource
import Testing

/// What the UIKit reader says about changes it cannot time as values says what is really
/// unknown: a `+=` is a property change whose start is the view's current value; a Bool is a
/// literal with no in-between values; a non-literal duration names its stand-in.
@Suite struct UIKitWordingTests {
    static let source = """
        import UIKit
        final class Panel: UIViewController {
            @IBOutlet var v: UIView!
            @IBOutlet var debugView: DebugView!
            var duration: TimeInterval { UserDefaults.standard.double(forKey: "fade") }
            @IBAction func slide(_ sender: UIButton) {
                UIView.animate(withDuration: 1) {
                    self.v.center.y += 100
                }
            }
            @IBAction func show(_ sender: UIButton) {
                UIView.animate(withDuration: 0.4) {
                    self.debugView.showControls = true
                }
            }
            @IBAction func fade(_ sender: UIButton) {
                UIView.animate(withDuration: duration) { self.v.alpha = 0 }
            }
        }
        """

    @Test(
        "`v.center.y += 100` is a change of position.y from the view's current value; `showControls = true` a Bool; neither is called “not a property change” or “not a literal”"
    )
    func relativeAndBool() throws {
        let result = try SwiftSourceImporter().extract(source: Self.source, file: "Panel.swift")
        let slide = try #require(result.unresolved.first { $0.line == 8 }, "\(result.unresolved)")
        #expect(
            slide.what
                == "`self.v.center.y += 100` moves position.y by `+= 100` from the view's current value, which the code does not set before the animation; the animation's timing is read as progress"
        )
        let show = try #require(result.unresolved.first { $0.line == 13 }, "\(result.unresolved)")
        #expect(
            show.what
                == "`self.debugView.showControls = true` sets a Bool, which has no in-between values to animate: not analysed (the animation's timing is kept)"
        )
        // A Bool is no stand-in: the timeline of its animation is not an estimate.
        let shown = try #require(result.animations.first { $0.spec.id == "Panel.show" })
        guard case .layer(let motion) = shown.spec.motion else {
            Issue.record("not layer")
            return
        }
        #expect(motion.estimate == nil, "\(motion.estimate ?? "")")
    }

    @Test("a non-literal withDuration names its stand-in (0.2 s, motionsync's, UIKit having none) and says the timeline is an estimate")
    func durationStandIn() throws {
        let result = try SwiftSourceImporter().extract(source: Self.source, file: "Panel.swift")
        let fade = try #require(result.unresolved.first { $0.line == 17 }, "\(result.unresolved)")
        #expect(
            fade.what
                == "UIView.animate withDuration: `duration` is not a literal; a stand-in of 0.2 s is used (motionsync's choice: UIKit has no default duration), so the timeline is an estimate"
        )
        let faded = try #require(result.animations.first { $0.spec.id == "Panel.fade" })
        guard case .layer(let motion) = faded.spec.motion else {
            Issue.record("not layer")
            return
        }
        #expect(
            motion.estimate
                == "stand-ins take the place of what the code does not spell as literals: duration = `duration` (line 17; used: 0.2 s, motionsync's choice)"
        )
    }
}
