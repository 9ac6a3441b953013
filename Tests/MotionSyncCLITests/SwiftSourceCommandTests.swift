import Foundation
import MotionCore
import MotionJSON
import MotionStore
import MotionSwiftSource
import MotionTestSupport
import Testing

@testable import MotionPipeline
@testable import MotionRender
@testable import MotionSyncCLI

@Suite("Swift sources through the command line")
struct SwiftSourceCommandTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Fixtures")

    @Test("diff matching: an exact id match is never taken by a weaker component match; the spec's screen first")
    func diffMatchingIsGlobal() {
        let motion = AnimationSpec.Motion.keyframes(
            initial: [], tracks: [KeyframeTrack(property: "s", keyframes: [.linear(to: 1, duration: 0.2)])], repeating: false)
        let slower = AnimationSpec.Motion.keyframes(
            initial: [], tracks: [KeyframeTrack(property: "s", keyframes: [.linear(to: 1, duration: 0.3)])], repeating: false)
        // "bump" names component Star; the code's Star view is the animation "star" (its id).
        let spec = [
            AnimationSpec(id: "bump", component: "Star", trigger: .tap, motion: motion),
            AnimationSpec(id: "star", trigger: .tap, motion: motion),
        ]
        let code = [
            (
                animation: SwiftSourceAnimation(
                    screen: "Other", spec: AnimationSpec(id: "star", component: "Star", trigger: .tap, motion: slower), line: 3, column: 1),
                file: "Other.swift"
            ),
            (
                animation: SwiftSourceAnimation(
                    screen: "Feed", spec: AnimationSpec(id: "star", component: "Star", trigger: .tap, motion: motion), line: 9, column: 1),
                file: "Feed.swift"
            ),
        ]
        let report = DiffCommand.compare(screen: "Feed", spec: spec, code: code)
        // "star" takes the Feed view (same id, same screen: no differences); "bump" then takes
        // the other screen's Star by component, and differs from it in duration.
        #expect(report.onlyInSpec.isEmpty && report.onlyInCode.isEmpty)
        #expect(!report.differences.isEmpty && report.differences.allSatisfy { $0.1 == "bump" })
        // With one code animation only, the id match wins and "bump" is only in the spec.
        let single = DiffCommand.compare(screen: "Feed", spec: spec, code: [code[1]])
        #expect(single.onlyInSpec.map(\.1) == ["bump"] && single.differences.isEmpty)
        // The component's id is the one the importer gives its type: URLBadge → url-badge.
        let badge = AnimationSpec(id: "badge", component: "URLBadge", trigger: .tap, motion: motion)
        let badgeCode = (
            animation: SwiftSourceAnimation(screen: "Feed", spec: AnimationSpec(id: "url-badge", trigger: .tap, motion: motion), line: 1, column: 1),
            file: "Badge.swift"
        )
        #expect(SwiftSourceScan.animationID(forTypeName: "URLBadge") == "url-badge")
        let byName = DiffCommand.compare(screen: "Feed", spec: [badge], code: [badgeCode])
        #expect(byName.onlyInSpec.isEmpty && byName.onlyInCode.isEmpty && byName.differences.isEmpty)
    }

    @Test("diff: a spec and a code fixture with three planted differences report exactly those three")
    func plantedDifferences() throws {
        let r = motionsync(
            "diff", "Tests/MotionSyncCLITests/Fixtures/Drift.json", "--code", "Tests/MotionSyncCLITests/Fixtures/Drift.swift", "--format", "json")
        #expect(r.code == 0, "\(r.err)")
        let v = try JSONParser().parse(r.out).value
        let differences = try #require(v["differences"]?.arrayValue)
        let found = Set(
            differences.map {
                "\($0["id"]!.stringValue!) \($0["property"]!.stringValue!) \($0["field"]!.stringValue!) \($0["spec"]!.stringValue!) → \($0["code"]!.stringValue!)"
            })
        #expect(
            found == [
                "like-burst scale[0] value 1.28 → 1.3",
                "like-burst scale[0] duration 0.18 → 0.15",
                "badge-pop phase 1 animation spring response 0.2, damping ratio 0.5 → spring response 0.2, damping ratio 0.7",
            ])
        #expect(v["onlyInSpec"] == [] && v["onlyInCode"] == [])
        #expect(differences.allSatisfy { $0["screen"] == "Feed" })
        // --strict fails on drift; the same spec against itself… (no code) lists the spec only.
        #expect(
            motionsync("diff", "Tests/MotionSyncCLITests/Fixtures/Drift.json", "--code", "Tests/MotionSyncCLITests/Fixtures/Drift.swift", "--strict")
                .code == 1)
    }

    @Test("diff: only in the spec, only in the code (on the spec's screen), from the store")
    func onlyOnOneSide() throws {
        let ws = try Workspace()
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("Drift.json"), to: ws.folder.appendingPathComponent("Drift.json"))
        var swift = try String(contentsOf: Self.fixtures.appendingPathComponent("Drift.swift"), encoding: .utf8)
        swift = swift.replacingOccurrences(of: "struct BadgePop: View", with: "struct CounterPop: View")
        try ws.write("Code.swift", swift)
        #expect(ws.run("import", "Drift.json").code == 0)
        let v = try JSONParser().parse(ws.run("diff", "Feed", "--code", "Code.swift", "--format", "json").out).value
        #expect(v["onlyInSpec"] == [["screen": "Feed", "id": "badge-pop"]])
        #expect(v["onlyInCode"]?.arrayValue?.first?["id"] == "counter-pop")
        #expect(v["onlyInCode"]?.arrayValue?.first?["source"]?.stringValue?.hasPrefix("Code.swift:") == true)
        #expect(ws.run("diff", "Nope", "--code", "Code.swift").code == 2)
        #expect(ws.run("diff", "Feed").code == 2, "--code is required")
    }

    @Test("import reads Swift files: animators become animations on their View's screen; unresolved values are reported with file:line")
    func importSwift() throws {
        let ws = try Workspace()
        let app = ws.folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("Drift.swift"), to: app.appendingPathComponent("Drift.swift"))
        try Data("struct Plain { let x = 1 }\n".utf8).write(to: app.appendingPathComponent("Plain.swift"))
        try Data(
            #"""
            import SwiftUI
            struct Wobble: View {
                var peak = 1.4
                @State var t = 0
                var body: some View {
                    Text("x").keyframeAnimator(initialValue: 1.0, trigger: t) { v, s in v.scaleEffect(s) } keyframes: { _ in
                        SpringKeyframe(peak, duration: 0.2)
                        SpringKeyframe(1.0, duration: 0.3)
                    }
                }
            }
            """#.utf8
        ).write(to: app.appendingPathComponent("Wobble.swift"))
        let r = ws.run("import", "App")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("added      App/Drift.swift Feed: +like-burst +badge-pop"))
        #expect(r.out.contains("1 Swift file without an animator not parsed"))
        #expect(r.err.contains("motionsync: unresolved (App/Wobble.swift:7):"))
        let inventory = try JSONParser().parse(ws.run("inventory", "--format", "json").out).value.arrayValue ?? []
        #expect(
            Set(inventory.map { "\($0["screen"]!.stringValue!)/\($0["id"]!.stringValue!)" }) == [
                "Feed/like-burst", "Feed/badge-pop", "Wobble/wobble",
            ])
        // Unchanged on the second run; the parsed spec samples like the JSON one.
        #expect(ws.run("import", "App").out.contains("0 added, 0 changed, 2 unchanged"))
        let code = try JSONParser().parse(ws.run("sample", "Feed/like-burst", "--times", "0.1,0.3", "--format", "json").out).value
        #expect(
            code["properties"]?["rotation"]
                == (try JSONParser().parse(
                    motionsync("sample", "Tests/MotionSyncCLITests/Fixtures/Drift.json#like-burst", "--times", "0.1,0.3", "--format", "json").out
                ).value)["properties"]?["rotation"])
    }

    @Test("a generated tree of 2,000 Swift files (1 % with animators) imports: 20 animators found, the rest skipped unparsed")
    func generatedTree() throws {
        let ws = try Workspace()
        let tree = ws.folder.appendingPathComponent("Big")
        for k in 0..<2000 {
            let folder = tree.appendingPathComponent("Module\(k / 100)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let text =
                k % 100 == 0
                ? "import SwiftUI\nstruct View\(k): View {\n  @State var t = 0\n  var body: some View { Text(\"\").keyframeAnimator(initialValue: 1.0, trigger: t) { v, s in v.scaleEffect(s) } keyframes: { _ in\n    SpringKeyframe(1.2, duration: 0.2)\n    SpringKeyframe(1.0, duration: 0.3)\n  } }\n}\n"
                : "import Foundation\nstruct Model\(k) {\n  var name = \"model \(k)\"\n  func total(_ xs: [Int]) -> Int { xs.reduce(0, +) }\n}\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent("File\(k).swift"))
        }
        let r = ws.run("import", "Big")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("20 files: 20 added"))
        #expect(r.out.contains("1980 Swift files without an animator not parsed"))
        #expect(try MotionStore(path: ws.db).inventory().count == 20)
    }
}
