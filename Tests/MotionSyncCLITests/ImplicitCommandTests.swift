import Foundation
import MotionCore
import MotionJSON
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

/// Issue 17 through the command line: the haptic pairing in `budget`, the example app's
/// inventory (animators and implicit animations on one screen), `diff` against specs of the new
/// kind, and an app tree where only some views animate.
@Suite("implicit animations and feedback through the command line")
struct ImplicitCommandTests {
    static let fixtures = "Tests/MotionSyncCLITests/Fixtures"

    /// A fresh store path.
    static func store() throws -> String { try temporaryDirectory().appendingPathComponent("store.sqlite").path }

    /// The budget result of `rule` for `screen/id` in a `budget --format json` answer.
    static func result(_ json: JSONValue, _ id: String, _ rule: String) -> JSONValue? {
        json["results"]?.arrayValue?.first { $0["id"]?.stringValue == id && $0["rule"]?.stringValue == rule && $0["variant"] == nil }
    }

    @Test("peaks and budget name where a code row is written: its file, line and column, as the inventory does")
    func placesInHeaders() throws {
        let db = try Self.store()
        let path = "\(Self.fixtures)/TapPulse.swift"
        #expect(motionsync("import", path, "--db", db).code == 0)
        // The animator's name token, found in the file itself: line 10, after its `.`.
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains(".keyframeAnimator(") }) + 1
        let column = try #require(lines[line - 1].range(of: "keyframeAnimator")).lowerBound.utf16Offset(in: lines[line - 1]) + 1
        let place = "\(path):\(line):\(column)"
        let peaks = motionsync("peaks", "TapPulse/tap-pulse", "--db", db)
        #expect(peaks.out.components(separatedBy: "\n").dropFirst().first == "  written at \(place)", "\(peaks.out)")
        let json = try JSONParser().parse(motionsync("peaks", "TapPulse/tap-pulse", "--db", db, "--format", "json").out).value
        #expect(
            json["source"]?["path"]?.stringValue == path && json["source"]?["line"]?.numberValue == Double(line)
                && json["source"]?["column"]?.numberValue == Double(column))
        // budget: under the animation that fails, the line to open.
        let budget = motionsync("budget", "TapPulse/tap-pulse", "--db", db)
        #expect(budget.out.contains("\n    at \(place)\n"), "\(budget.out)")
        #expect(motionsync("budget", "TapPulse/tap-pulse", "--db", db, "--wide").out.contains("    at \(place)"))
        // The HTML report's page shows the same place as the animation's source.
        let folder = try temporaryDirectory().appendingPathComponent("report").path
        #expect(motionsync("report", "--out", folder, "--db", db).code == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("screen--") }
        let text = try pages.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }.joined()
        #expect(text.contains("source \(place) "), "\(pages)")
        // A spec named as FILE#ID: its line in the spec.
        let spec = motionsync("peaks", "Specs/Feed.json#heart-pulse")
        #expect(spec.out.components(separatedBy: "\n").dropFirst().first?.hasPrefix("  written at Specs/Feed.json:") == true, "\(spec.out)")
    }

    @Test(
        "a .sensoryFeedback on the trigger of a keyframe animator peaking at 120 ms: a 120 ms lead in budget, table and JSON; --strict fails beyond 15 ms"
    )
    func pairedLead() throws {
        let db = try Self.store()
        let imported = motionsync("import", "\(Self.fixtures)/TapPulse.swift", "--db", db)
        #expect(imported.code == 0, "\(imported.err)")
        // The animator's scale rises linearly for 0.12 s, then falls: its only peak is at 0.12 s,
        // and the haptic fires when `taps` changes, at 0.
        let table = motionsync("budget", "TapPulse/tap-pulse", "--db", db)
        #expect(table.code == 0)
        #expect(table.out.contains("feedback-sync 120 ms fail"), "\(table.out)")
        #expect(motionsync("budget", "--rules").out.contains("  feedback-sync: time from a haptic the code fires"))
        #expect(table.out.contains("TapPulse/tap-pulse feedback-sync: the impact haptic fires at 0 ms and the motion peaks at 120 ms"))
        let json = try JSONParser().parse(motionsync("budget", "TapPulse/tap-pulse", "--db", db, "--format", "json").out).value
        let sync = try #require(Self.result(json, "tap-pulse", "feedback-sync"))
        #expect(sync["value"]?.numberValue == 0.12)
        #expect(sync["verdict"] == "fail")
        #expect(sync["message"]?.stringValue?.contains("motionsync haptics TapPulse/tap-pulse") == true)
        let rule = try #require(json["rules"]?.arrayValue?.first { $0["id"] == "feedback-sync" })
        #expect(rule["pass"]?.numberValue == 0.015 && rule["lower"]?.numberValue == -0.05)
        #expect(rule["source"]?.stringValue?.contains("Di Luca & Mahnan 2019") == true)
        // The report follows its schema.
        let schema = try JSONParser().parse(Array(try Data(contentsOf: packageRoot.appendingPathComponent("Schemas/budget-report.schema.json"))))
            .value
        #expect(try JSONSchemaValidator(schema: schema).validate(json).isEmpty)
        // --strict: beyond the 15 ms a haptic may lead, CI fails; 12 ms passes.
        let strict = motionsync("budget", "TapPulse/tap-pulse", "--db", db, "--strict")
        #expect(strict.code == 1 && strict.err.contains("fail"))
        let quick = motionsync("budget", "QuickPulse/quick-pulse", "--db", db, "--strict", "--format", "json")
        #expect(quick.code == 0, "\(quick.out)")
        let quickSync = try #require(Self.result(try JSONParser().parse(quick.out).value, "quick-pulse", "feedback-sync"))
        #expect(quickSync["value"]?.numberValue == 0.012 && quickSync["verdict"] == "pass")
    }

    @Test(
        "UIKit: a feedback generator in the @IBAction calling UIView.animate(springDuration: 0.4, bounce: 0.5) leads the overshoot by π/ω_d; a completion haptic lands on the rest"
    )
    func uiKitPairedLead() throws {
        let db = try Self.store()
        let imported = motionsync("import", "Tests/MotionSwiftSourceTests/Fixtures/UIKitFeedback.swift", "--db", db)
        #expect(imported.code == 0, "\(imported.err)")
        #expect(imported.err.contains("UIKitFeedback.swift:58): error fires on event:showError, and nothing animates on it"), "\(imported.err)")
        // spring(duration: 0.4, bounce: 0.5): m = 1, ω0 = 2π/0.4, ζ = 1 − bounce = 0.5; from rest
        // the scale first peaks at π/ω_d, ω_d = ω0·√(1 − ζ²); the haptic fires at the tap (0).
        let wd = 2 * Double.pi / 0.4 * (1 - 0.25).squareRoot()
        let json = try JSONParser().parse(
            motionsync("budget", "LikeViewController/LikeViewController.likeTapped", "--db", db, "--format", "json").out
        ).value
        let sync = try #require(Self.result(json, "LikeViewController.likeTapped", "feedback-sync"))
        // The report writes seconds to the microsecond.
        #expect(abs((sync["value"]?.numberValue ?? 0) - .pi / wd) <= 5e-7, "\(sync)")
        #expect(sync["verdict"] == "fail")
        // The swipe's success haptic sits in the completion: 0.1 s delay + 0.3 s ease-in, when the
        // alpha comes to rest; no lead.
        let swipe = try JSONParser().parse(
            motionsync("budget", "LikeViewController/LikeViewController.handleSwipe", "--db", db, "--format", "json").out
        ).value
        let swipeSync = try #require(Self.result(swipe, "LikeViewController.handleSwipe", "feedback-sync"))
        #expect(abs(swipeSync["value"]?.numberValue ?? 1) < 1e-9 && swipeSync["verdict"] == "pass", "\(swipeSync)")
        // The tap that animates for 0.5 s with no haptic is listed by feedback-missing.
        let save = try JSONParser().parse(
            motionsync("budget", "LikeViewController/LikeViewController.saveTapped", "--db", db, "--format", "json").out
        ).value
        #expect(Self.result(save, "LikeViewController.saveTapped", "feedback-missing")?["verdict"] == "warn")
    }

    @Test("the example app: one screen mixing a keyframe animator, a phase animator and implicit animations, with their triggers and haptics")
    func exampleAppInventory() throws {
        let db = try Self.store()
        let imported = motionsync("import", "\(Self.fixtures)/ExampleApp", "--db", db)
        #expect(imported.code == 0, "\(imported.err)")
        #expect(imported.out.contains("1 Swift file without an animator not parsed"))
        #expect(imported.err.contains("haptic without motion (\(Self.fixtures)/ExampleApp/Cart/CartView.swift:82): success fires on savedCount"))
        let rows = try #require(
            try JSONParser().parse(motionsync("inventory", "--db", db, "--screen", "Cart", "--format", "json").out).value.arrayValue)
        let listed = rows.map { "\($0["id"]!.stringValue!) \($0["kind"]!.stringValue!) \($0["trigger"]!.stringValue!)" }
        #expect(
            listed == [
                "add-to-cart-button keyframes tap", "cart-summary-is-expanded implicit tap", "cart-view phases repeating",
                "cart-view-is-spinning implicit appear", "cart-view-show-total implicit appear", "pay-button-is-paying implicit tap",
            ])
        func duration(_ id: String) -> Double { rows.first { $0["id"]?.stringValue == id }?["duration"]?.numberValue ?? .nan }
        // Settling (Apple's ε = 0.001, at rest): −ln(0.001 / (1 + λ)) / λ, λ = ζ·2π/d.
        func settling(_ d: Double, bounce: Double) -> Double {
            let l = (1 - bounce) * 2 * .pi / d
            return -log(0.001 / (1 + l)) / l
        }
        #expect(abs(duration("cart-summary-is-expanded") - settling(0.4, bounce: 0.2)) < 1e-6)
        #expect(abs(duration("pay-button-is-paying") - settling(0.5, bounce: 0.3)) < 1e-6)
        #expect(abs(duration("cart-view-show-total") - 0.8) < 1e-9)
        #expect(abs(duration("cart-view-is-spinning") - 1.0) < 1e-9)
        #expect(abs(duration("add-to-cart-button") - 0.42) < 1e-9)
        #expect(rows.first { $0["id"] == "cart-view" }?["reduceMotion"] == "static")
        #expect(rows.first { $0["id"] == "cart-summary-is-expanded" }?["reduceMotion"] == "shortened")

        let budget = try JSONParser().parse(motionsync("budget", "--db", db, "--screen", "Cart", "--format", "json").out).value
        // The bump: up linearly to 1.25 in 0.12 s, then a critically damped .smooth(duration: 0.3)
        // spring back that inherits the rise's speed: it keeps rising until y' = 0,
        // t = v0 / (λ (v0 + λA)) after 0.12 s (A = 0.25, v0 = 0.25 / 0.12, λ = 2π/0.3).
        let lambda = 2 * Double.pi / 0.3, v0 = 0.25 / 0.12
        let peak = 0.12 + v0 / (lambda * (v0 + lambda * 0.25))
        let bump = try #require(Self.result(budget, "add-to-cart-button", "feedback-sync")?["value"]?.numberValue)
        #expect(abs(bump - peak) < 1e-6)
        // .bouncy from 1 to 0.95: its undershoot at π/ωd, ωd = (2π/0.5)·√(1 − 0.7²), after the generator fires.
        let pay = try #require(Self.result(budget, "pay-button-is-paying", "feedback-sync")?["value"]?.numberValue)
        #expect(abs(pay - Double.pi / (2 * Double.pi / 0.5 * (1 - 0.49).squareRoot())) < 1e-6)
        #expect(Self.result(budget, "cart-summary-is-expanded", "feedback-missing")?["verdict"] == "warn")
        #expect(
            budget["unpairedFeedback"] == [
                [
                    "screen": "Cart", "component": "PayButton", "feedback": "success", "trigger": "savedCount",
                    "source": .string("\(Self.fixtures)/ExampleApp/Cart/CartView.swift:82"),
                ]
            ])
    }

    @Test("Docs/SwiftSources.md shows the example app's inventory as motionsync prints it")
    func readmeInventory() throws {
        let db = try Self.store()
        #expect(motionsync("import", "\(Self.fixtures)/ExampleApp", "--db", db).code == 0)
        let printed = motionsync("inventory", "--db", db, "--screen", "Cart").out
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("Docs/SwiftSources.md"), encoding: .utf8)
        let marker = "<!-- example-app-inventory: checked by a test -->"
        let after = try #require(readme.components(separatedBy: marker).dropFirst().first, "Docs/SwiftSources.md has no \(marker)")
        let block = try #require(after.components(separatedBy: "```").dropFirst().first)
        let shown = block.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().filter { !$0.hasPrefix("$ ") }.joined(separator: "\n")
        #expect(shown.trimmingCharacters(in: .whitespacesAndNewlines) == printed.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("diff compares implicit animations with a designer's specs of the new kind")
    func diffImplicit() throws {
        let r = motionsync("diff", "\(Self.fixtures)/ExampleAppCart.json", "--code", "\(Self.fixtures)/ExampleApp", "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONParser().parse(r.out).value
        let differences = try #require(v["differences"]?.arrayValue)
        #expect(
            differences.map { "\($0["id"]!.stringValue!) \($0["field"]!.stringValue!) \($0["spec"]!.stringValue!) → \($0["code"]!.stringValue!)" }
                == ["cart-view-show-total animation easeInOut 0.5 s → easeInOut 0.8 s"])
        #expect(differences.first?["source"]?.stringValue == "\(Self.fixtures)/ExampleApp/Cart/CartView.swift:21")
        #expect(v["onlyInSpec"] == [])
        #expect(v["onlyInCode"]?.arrayValue?.map { $0["id"]!.stringValue! } == ["cart-view-is-spinning", "cart-view"])
        #expect(motionsync("diff", "\(Self.fixtures)/ExampleAppCart.json", "--code", "\(Self.fixtures)/ExampleApp", "--strict").code == 1)
        // The designer's file of the new kind validates and budgets like any spec.
        let budget = motionsync("budget", "\(Self.fixtures)/ExampleAppCart.json", "--format", "json")
        #expect(budget.code == 0, "\(budget.err)")
        #expect(Self.result(try JSONParser().parse(budget.out).value, "add-to-cart-button", "feedback-sync") != nil)
    }

    @Test("an app tree of 300 files lists exactly the views that animate, the deprecated .animation(_:) among them (seeded)")
    func appTree() throws {
        var rng = SplitMix64(seed: 17)
        let root = try temporaryDirectory().appendingPathComponent("App")
        var expected: Set<String> = []
        var animating = 0
        for n in 0..<300 {
            let folder = root.appendingPathComponent("Feature\(n % 12)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let name = String(format: "Animated%03d", n)
            let text: String
            if n % 12 == 7 && animating < 24 {
                animating += 1
                switch rng.next() % 4 {
                case 0:
                    text = """
                        import SwiftUI
                        struct \(name): View {
                            @State private var isOn = false
                            var body: some View {
                                Button("Go") { isOn.toggle() }
                                    .scaleEffect(isOn ? 1.1 : 1)
                                    .animation(.snappy, value: isOn)
                            }
                        }
                        """
                    expected.insert("\(name)/\(name.lowercased())-is-on")
                case 1:
                    text = """
                        import SwiftUI
                        struct \(name): View {
                            @State private var isOn = false
                            var body: some View {
                                Button("Go") { withAnimation(.easeOut(duration: 0.2)) { isOn = true } }
                                    .opacity(isOn ? 1 : 0.5)
                            }
                        }
                        """
                    expected.insert("\(name)/\(name.lowercased())-is-on")
                case 2:
                    text = """
                        import SwiftUI
                        struct \(name): View {
                            @State private var taps = 0
                            var body: some View {
                                Circle()
                                    .keyframeAnimator(initialValue: 1.0, trigger: taps) { view, scale in view.scaleEffect(scale) } keyframes: { _ in
                                        LinearKeyframe(1.2, duration: 0.1)
                                        LinearKeyframe(1.0, duration: 0.1)
                                    }
                                    .onTapGesture { taps += 1 }
                            }
                        }
                        """
                    expected.insert("\(name)/\(name.lowercased())")
                default:
                    text = """
                        import SwiftUI
                        struct \(name): View {
                            var body: some View {
                                Text("•").phaseAnimator([0.5, 1.0]) { content, value in content.opacity(value) }
                            }
                        }
                        """
                    expected.insert("\(name)/\(name.lowercased())")
                }
            } else {
                // Views that do not animate, some mentioning the words the importer looks for.
                switch rng.next() % 5 {
                case 0:
                    text = "import SwiftUI\nstruct \(name): View {\n    var body: some View { Text(\"row \\(\(n))\").padding(8) }\n}\n"
                case 1:
                    text =
                        "import SwiftUI\n// No withAnimation here: the row only prints.\nstruct \(name): View {\n    var body: some View { Button(\"Tap\") { print(\"tapped\") } }\n}\n"
                case 2:
                    text =
                        "import SwiftUI\nstruct \(name): View {\n    @State private var on = false\n    var body: some View { Toggle(\"On\", isOn: $on).opacity(0.8) }\n}\n"
                case 3:
                    // The deprecated `.animation(_:)` animates every change of the view: read
                    // (issue 48), keyed on no state here, so a progress value stands in.
                    text = "import SwiftUI\nstruct \(name): View {\n    var body: some View { ProgressView(value: 0.5).animation(.default) }\n}\n"
                    expected.insert("\(name)/\(name.lowercased())-animation")
                default:
                    text = "import Foundation\nlet label\(n) = \"withAnimation and .animation(_:value:) in a string\"\n"
                }
            }
            try Data(text.utf8).write(to: folder.appendingPathComponent("\(name).swift"))
        }
        let db = try Self.store()
        let imported = motionsync("import", root.path, "--db", db)
        #expect(imported.code == 0, "\(imported.err)")
        let rows = try #require(try JSONParser().parse(motionsync("inventory", "--db", db, "--format", "json").out).value.arrayValue)
        let listed = Set(rows.map { "\($0["screen"]!.stringValue!)/\($0["id"]!.stringValue!)" })
        #expect(expected.count >= 24, "the tree has its animating views")
        #expect(listed == expected)
        // The deprecated `.animation(.default)` is read and said.
        #expect(imported.err.contains("without `value:` (deprecated)"))
    }

    @Test(
        "two views of one name in two files: both import, the second's id qualified by its folder, stable across imports; with `// motionsync: screen=` each has its screen"
    )
    func sameViewName() throws {
        let ws = try Workspace()
        func view(_ comment: String) -> String {
            """
            import SwiftUI
            \(comment)
            struct Home: View {
                @State private var on = false
                var body: some View { Circle().scaleEffect(on ? 1.2 : 1).onTapGesture { withAnimation(.snappy) { on.toggle() } } }
            }
            """
        }
        try FileManager.default.createDirectory(at: ws.folder.appendingPathComponent("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: ws.folder.appendingPathComponent("b"), withIntermediateDirectories: true)
        try ws.write("a/Home.swift", view(""))
        try ws.write("b/Home.swift", view(""))
        let both = ws.run("import", "a", "b")
        #expect(both.code == 0 && both.out.contains("Home: +home-on") && both.out.contains("Home: +home-on@b"), "\(both.out)\n\(both.err)")
        let ids = {
            (ws.run("inventory", "--format", "json").out.data(using: .utf8).flatMap { try? JSONParser().parse([UInt8]($0)).value.arrayValue } ?? [])
                .compactMap { $0["id"]?.stringValue }
        }
        #expect(ids() == ["home-on", "home-on@b"])
        // Changed and imported again (b first this time): each file keeps its id.
        try ws.write("b/Home.swift", view("// edited"))
        #expect(ws.run("import", "b", "a").code == 0)
        #expect(ids() == ["home-on", "home-on@b"])
        try ws.write("b/Home.swift", view("// motionsync: screen=Wallet"))
        let named = ws.run("import", "a", "b")
        #expect(named.code == 0 && named.out.contains("Wallet: +home-on"), "\(named.out)\n\(named.err)")
    }
}
