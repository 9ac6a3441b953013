import Foundation
import MotionCore
import MotionJSON
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

/// Issue 13 through the command line: Core Animation and UIKit code imported and listed (the
/// estimated ones marked), `diff` of a layer spec against code (planted differences, a value that
/// is not a literal, --strict), a file the parser refuses, and a seeded tree of a few hundred Swift
/// files mixing SwiftUI, UIKit and files without animation.
@Suite("Core Animation and UIKit through the command line")
struct LayerCommandTests {
    static let fixtures = "Tests/MotionSyncCLITests/Fixtures"

    static func store() throws -> String { try temporaryDirectory().appendingPathComponent("store.sqlite").path }

    @Test("import reads Core Animation and UIKit code; inventory marks the estimated durations (~ in the table, estimated in JSON and CSV)")
    func inventory() throws {
        let db = try Self.store()
        let imported = motionsync("import", "\(Self.fixtures)/LayerDrift.swift", "--db", db)
        #expect(imported.code == 0, "\(imported.err)")
        #expect(
            imported.err.contains(
                "unresolved (\(Self.fixtures)/LayerDrift.swift:30): CABasicAnimation nudge.toValue = `distance` is not a literal value"))
        let rows = try #require(try JSONParser().parse(motionsync("inventory", "--db", db, "--format", "json").out).value.arrayValue)
        #expect(
            rows.map { $0["id"]?.stringValue ?? "" } == [
                "CartBadgeView.clearTapped", "CartBadgeView.itemAdded", "CartBadgeView.shake",
                "CartViewController.handlePan", "CartViewController.highlight",
            ])
        #expect(rows.allSatisfy { $0["screen"] == "Cart" && $0["kind"] == "layer" })
        #expect(rows.map { $0["trigger"]?.stringValue ?? "" } == ["tap", "event:itemAdded", "event:shake", "drag", "event:highlight"])
        // The damping-duration spring is an estimate, and so is the shake whose toValue is not
        // a literal (read as progress 0 → 1), each with its reason.
        let pan = try #require(rows.first { $0["id"] == "CartViewController.handlePan" })
        #expect(pan["estimated"]?.stringValue?.contains("UIKit's damping-duration spring") == true)
        let shake = try #require(rows.first { $0["id"] == "CartBadgeView.shake" })
        #expect(
            shake["estimated"]?.stringValue
                == "stand-ins take the place of what the code does not spell as literals: position.x.progress to = `distance` (line 30)")
        #expect(rows.filter { $0["estimated"] != .null }.count == 2)
        #expect(rows.map { $0["duration"]?.numberValue ?? 0 } == [0.25, 0.45, 0.1, 0.5, 0.2])
        let table = motionsync("inventory", "--db", db).out
        #expect(table.split(separator: "\n").contains { $0.contains("CartViewController.handlePan") && $0.contains("~500 ms") })
        #expect(table.split(separator: "\n").contains { $0.contains("CartBadgeView.itemAdded") && $0.contains(" 450 ms") })
        let csv = motionsync("inventory", "--db", db, "--format", "csv").out.split(separator: "\n")
        #expect(csv.first?.hasSuffix(",estimated,line,column,codeHaptics,alsoOn,origin,link,linkedWith,linkedSources") == true)
        #expect(csv.first { $0.hasPrefix("Cart,CartViewController.handlePan,") }?.contains("damping-duration") == true)
        #expect(
            csv.first { $0.hasPrefix("Cart,CartBadgeView.itemAdded,") }.map { $0.split(separator: ",", omittingEmptySubsequences: false)[14] } == "")
    }

    @Test("diff: a layer spec against the code reports the planted differences, the unreadable value with its line, and what is only on one side")
    func plantedDifferences() throws {
        let r = motionsync("diff", "\(Self.fixtures)/LayerDrift.json", "--code", "\(Self.fixtures)/LayerDrift.swift", "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONParser().parse(r.out).value
        let differences = try #require(v["differences"]?.arrayValue)
        let found = differences.map {
            "\($0["id"]!.stringValue!) \($0["property"]!.stringValue!) \($0["field"]!.stringValue!) \($0["spec"]!.stringValue!) → \($0["code"]!.stringValue!) @\($0["source"]!.stringValue!)"
        }
        let file = "\(Self.fixtures)/LayerDrift.swift"
        #expect(
            found == [
                "CartBadgeView.itemAdded transform.scale duration 0.4 → 0.45 @\(file):11",
                "CartBadgeView.clearTapped opacity timingFunction easeIn → easeOut @\(file):19",
                "CartBadgeView.shake position.x renamed position.x → position.x.progress @\(file):28",
                "CartBadgeView.shake position.x.progress unreadable 8 → unreadable: `distance` @\(file):30",
            ])
        #expect(v["onlyInSpec"]?.arrayValue?.map { $0["id"]?.stringValue ?? "" } == ["CartBadgeView.confetti"])
        #expect(v["onlyInCode"]?.arrayValue?.map { $0["source"]?.stringValue ?? "" } == ["\(file):49"])
        // The damping-duration spring written by hand matches the code exactly: not listed.
        #expect(!differences.contains { $0["id"] == "CartViewController.handlePan" })
        #expect(motionsync("diff", "\(Self.fixtures)/LayerDrift.json", "--code", file, "--strict").code == 1)
    }

    @Test("diff --strict: a value that is not a literal fails it, the same code with the literal passes")
    func strictUnreadable() throws {
        let folder = try temporaryDirectory()
        let spec = #"""
            { "specVersion": 1, "screen": "Toast", "animations": [ { "id": "ToastView.dismiss", "kind": "layer", "trigger": "event:dismiss",
              "layerAnimations": [ { "keyPath": "opacity", "type": "basic", "from": 1, "to": 0, "duration": 0.3, "timingFunction": "easeOut" } ] } ] }
            """#
        try Data(spec.utf8).write(to: folder.appendingPathComponent("Toast.json"))
        func code(_ duration: String) -> String {
            """
            import UIKit

            final class ToastView: UIView {
                var fadeDuration: CFTimeInterval = 0.3

                func dismiss() {
                    let fade = CABasicAnimation(keyPath: "opacity")
                    fade.fromValue = 1
                    fade.toValue = 0
                    fade.duration = \(duration)
                    fade.timingFunction = CAMediaTimingFunction(name: .easeOut)
                    layer.add(fade, forKey: "fade")
                }
            }

            """
        }
        try Data(code("0.3").utf8).write(to: folder.appendingPathComponent("ToastView.swift"))
        let clean = motionsync(["diff", "Toast.json", "--code", "ToastView.swift", "--strict"], in: folder.path)
        #expect(clean.code == 0, "\(clean.out) \(clean.err)")
        try Data(code("fadeDuration").utf8).write(to: folder.appendingPathComponent("ToastView.swift"))
        let strict = motionsync(["diff", "Toast.json", "--code", "ToastView.swift", "--strict"], in: folder.path)
        #expect(strict.code == 1)
        // The value the reader could not read, and under CODE AT the line it is on.
        #expect(
            strict.out.split(separator: "\n").contains { $0.contains("unreadable: `fadeDuration`") && $0.hasSuffix("ToastView.swift:10") },
            "\(strict.out)")
        #expect(
            strict.err.contains(
                "unresolved (ToastView.swift:10): CABasicAnimation fade.duration = `fadeDuration` is a `var`: its initial value 0.3 s is used"),
            "\(strict.err)")
        // Without --strict the report is the same, and the exit is 0.
        #expect(motionsync(["diff", "Toast.json", "--code", "ToastView.swift"], in: folder.path).code == 0)
    }

    @Test("a Swift file the parser refuses: import rejects it and diff fails, both with file:line:column")
    func unparsable() throws {
        let folder = try temporaryDirectory()
        let broken = """
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
        try Data(broken.utf8).write(to: folder.appendingPathComponent("BrokenView.swift"))
        try Data(#"{ "specVersion": 1, "screen": "BrokenView", "animations": [] }"#.utf8).write(to: folder.appendingPathComponent("Broken.json"))
        let db = folder.appendingPathComponent("store.sqlite").path
        let imported = motionsync(["import", "BrokenView.swift", "--db", db], in: folder.path)
        #expect(imported.code != 0)
        #expect(imported.err.contains("BrokenView.swift:7:"), "\(imported.err)")
        #expect(imported.err.contains("not valid Swift"))
        for strict in [false, true] {
            let diff = motionsync(["diff", "Broken.json", "--code", "BrokenView.swift"] + (strict ? ["--strict"] : []), in: folder.path)
            #expect(diff.code != 0, "strict \(strict)")
            #expect(diff.err.contains("BrokenView.swift:7:") && diff.err.contains("not valid Swift"), "\(diff.err)")
        }
    }

    @Test("Docs/SwiftSources.md shows the import, inventory and diff of LayerDrift.swift as motionsync prints them")
    func readmeExample() throws {
        let db = try Self.store()
        let imported = motionsync("import", "\(Self.fixtures)/LayerDrift.swift", "--db", db)
        let inventory = motionsync("inventory", "--db", db).out
        let diff = motionsync("diff", "\(Self.fixtures)/LayerDrift.json", "--code", "\(Self.fixtures)/LayerDrift.swift").out
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("Docs/SwiftSources.md"), encoding: .utf8)
        let marker = "<!-- layer-example: checked by a test -->"
        let after = try #require(readme.components(separatedBy: marker).dropFirst().first, "Docs/SwiftSources.md has no \(marker)")
        let block = try #require(after.components(separatedBy: "```").dropFirst().first)
        // Each command's output, as printed, between its `$` line and the next.
        let shown = block.components(separatedBy: "\n$ ").dropFirst().map {
            $0.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        }
        #expect(shown.count == 3)
        let importLines = (imported.err + imported.out).split(separator: "\n").map(String.init)
        #expect(shown.first?.split(separator: "\n").map(String.init).allSatisfy(importLines.contains) == true, "\(importLines)")
        #expect(shown.dropFirst().first?.trimmingCharacters(in: .whitespacesAndNewlines) == inventory.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(shown.last?.trimmingCharacters(in: .whitespacesAndNewlines) == diff.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    // MARK: A seeded tree

    /// A tree of `count` Swift files and the animations it has, as "screen/id kind".
    static func tree(count: Int, seed: UInt64) -> (files: [(String, String)], expected: Set<String>) {
        var rng = SplitMix64(seed: seed)
        var files: [(String, String)] = []
        var expected: Set<String> = []
        /// Type-name suffix n in letters: 0 → "Aa", 27 → "Bb"; its kebab form is the lowercase.
        func word(_ n: Int) -> String {
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            return String(letters[(n / 26) % 26]).uppercased() + String(letters[n % 26]) + String(letters[(n / 676) % 26])
        }
        func swiftUIView(_ n: Int) -> String {
            let w = word(n), kebab = w.lowercased()
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                expected.insert("StarBadge\(w)/star-badge-\(kebab) keyframes")
                let d = Double(Int.random(in: 1...9, using: &rng)) / 20
                return """
                    struct StarBadge\(w): View {
                        @State private var taps = 0
                        var body: some View {
                            Image(systemName: "star")
                                .keyframeAnimator(initialValue: 1.0, trigger: taps) { content, scale in
                                    content.scaleEffect(scale)
                                } keyframes: { _ in
                                    LinearKeyframe(1.2, duration: \(d))
                                    SpringKeyframe(1.0, duration: 0.25)
                                }
                                .onTapGesture { taps += 1 }
                        }
                    }

                    """
            case 1:
                expected.insert("PromoCard\(w)/promo-card-\(kebab)-is-open implicit")
                return """
                    struct PromoCard\(w): View {
                        @State private var isOpen = false
                        var body: some View {
                            Rectangle()
                                .scaleEffect(isOpen ? 1.2 : 1)
                                .animation(.easeInOut(duration: 0.3), value: isOpen)
                                .onTapGesture { isOpen.toggle() }
                        }
                    }

                    """
            default:
                expected.insert("PulseDot\(w)/pulse-dot-\(kebab) phases")
                return """
                    struct PulseDot\(w): View {
                        var body: some View {
                            Circle()
                                .phaseAnimator([false, true]) { content, on in
                                    content.opacity(on ? 1 : 0.4)
                                } animation: { _ in .easeInOut(duration: 0.5) }
                        }
                    }

                    """
            }
        }
        func uiKitClass(_ n: Int) -> String {
            let w = word(n), type = "CartView\(w)"
            let renamed = Bool.random(using: &rng)
            let screen = renamed ? "Checkout" : type
            var methods: [String] = []
            var chosen = (0..<5).filter { _ in Bool.random(using: &rng) }
            if chosen.isEmpty { chosen = [Int.random(in: 0..<5, using: &rng)] }
            for m in chosen {
                switch m {
                case 0:
                    expected.insert("\(screen)/\(type).bump layer")
                    methods.append(
                        """
                            func bump() {
                                let grow = CABasicAnimation(keyPath: "transform.scale")
                                grow.fromValue = 1
                                grow.toValue = 1.2
                                grow.duration = 0.2
                                badge.add(grow, forKey: "grow")
                            }
                        """)
                case 1:
                    expected.insert("\(screen)/\(type).buyTapped layer")
                    methods.append(
                        """
                            @IBAction func buyTapped(_ sender: UIButton) {
                                button.alpha = 0.4
                                UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut]) {
                                    self.button.alpha = 1
                                }
                            }
                        """)
                case 2:
                    expected.formUnion(["\(screen)/\(type).shake layer", "\(screen)/\(type).shake-2 layer"])
                    methods.append(
                        """
                            func shake() {
                                let left = CAKeyframeAnimation(keyPath: "position.x")
                                left.values = [0, -8, 8, 0]
                                left.duration = 0.3
                                badge.add(left, forKey: "left")
                                let spring = CASpringAnimation(keyPath: "opacity")
                                spring.fromValue = 0.5
                                spring.toValue = 1
                                spring.damping = 12
                                spring.duration = 0.6
                                badge.add(spring, forKey: "spring")
                            }
                        """)
                case 3:
                    expected.insert("\(screen)/\(type).showBanner layer")
                    methods.append(
                        """
                            func showBanner() {
                                button.center.y = 0
                                let animator = UIViewPropertyAnimator(duration: 0.4, curve: .easeIn) {
                                    self.button.center.y = 80
                                }
                                animator.startAnimation()
                            }
                        """)
                default:
                    methods.append(
                        """
                            func reset() {
                                // Not animated: UIView.animate is not called here.
                                button.alpha = 1
                            }
                        """)
                }
            }
            return (renamed ? "// motionsync: screen Checkout\n" : "") + """
                final class \(type): UIView {
                    private let badge = CALayer()
                    @IBOutlet var button: UIButton!

                \(methods.joined(separator: "\n\n"))
                }

                """
        }
        func plain(_ n: Int) -> String {
            let w = word(n)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                return """
                    struct Order\(w): Codable, Hashable {
                        var id: UUID
                        var total: Decimal
                        var items: [String]
                    }

                    """
            case 1:
                return """
                    struct Settings\(w)Row: View {
                        @State private var on = false
                        var body: some View {
                            Toggle("Sounds", isOn: $on)
                                .padding(8)
                        }
                    }

                    """
            default:
                // Decoys: the names of animation APIs in comments and strings only.
                return """
                    // withAnimation, CABasicAnimation and UIView.animate(withDuration:) are mentioned, not called.
                    final class Logger\(w) {
                        let hint = "UIViewPropertyAnimator and .keyframeAnimator( belong to views"
                        func log(_ text: String) { print(text) }
                    }

                    """
            }
        }
        for n in 0..<count {
            var text = ""
            let roll = Int.random(in: 0..<10, using: &rng)
            switch roll {
            case 0..<3: text = "import SwiftUI\n\n" + swiftUIView(n)
            case 3..<6: text = "import UIKit\n\n" + uiKitClass(n)
            case 6..<8: text = "import Foundation\nimport SwiftUI\n\n" + plain(n)
            default: text = "import SwiftUI\nimport UIKit\n\n" + swiftUIView(n) + "\n" + uiKitClass(n + 5000)
            }
            let folder = ["Feed", "Cart", "Settings", "Shared/Models", "Shared/Views"][n % 5]
            files.append(("\(folder)/File\(n).swift", text))
        }
        return (files, expected)
    }

    @Test("a seeded tree of 300 Swift files mixing SwiftUI, UIKit and files without animation lists exactly the animations it has")
    func seededTree() throws {
        let (files, expected) = Self.tree(count: 300, seed: 13)
        let root = try temporaryDirectory()
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // The generator makes each kind often enough to matter.
        for kind in ["keyframes", "implicit", "phases", "layer"] { #expect(expected.filter { $0.hasSuffix(" " + kind) }.count >= 20, "\(kind)") }
        let db = root.appendingPathComponent("store.sqlite").path
        let imported = motionsync(["import", ".", "--db", db], in: root.path)
        #expect(imported.code == 0, "\(imported.err)")
        #expect(!imported.err.contains("unresolved"), "\(imported.err)")
        let rows = try #require(
            try JSONParser().parse(motionsync(["inventory", "--db", db, "--format", "json"], in: root.path).out).value.arrayValue)
        let listed = rows.map { "\($0["screen"]!.stringValue!)/\($0["id"]!.stringValue!) \($0["kind"]!.stringValue!)" }
        #expect(listed.count == Set(listed).count, "each once")
        #expect(
            Set(listed) == expected,
            "missing \(expected.subtracting(listed).sorted().prefix(5)); extra \(Set(listed).subtracting(expected).sorted().prefix(5))")
        // The layer ones at their closed-form durations: a basic 0.2 s, a 0.3 s curve, a keyframe
        // 0.3 s with a 0.6 s cut spring (0.6 s), an animator's 0.4 s.
        let durations = ["bump": 0.2, "buyTapped": 0.3, "shake": 0.3, "shake-2": 0.6, "showBanner": 0.4]
        for row in rows where row["kind"] == "layer" {
            let method = String(row["id"]!.stringValue!.split(separator: ".").last!)
            #expect(row["duration"]?.numberValue == durations[method], "\(row["id"]!)")
            #expect(row["estimated"] == .null)
        }
        // Importing the same tree again changes nothing.
        let again = motionsync(["import", ".", "--db", db, "--format", "json"], in: root.path)
        #expect(again.code == 0)
        #expect(again.out.contains("\"unchanged\"") && !again.out.contains("\"added\"") && !again.out.contains("\"changed\""))
    }
}
