import Foundation
import MotionBudget
import MotionHaptics
import MotionPipeline
import MotionStore
import MotionTestSupport
import Testing

// MARK: - One use case per command

/// ImportRun, InventoryRun, BudgetRun, SpecCodeDiff and AHAPCheck called as a library, each
/// checked against values worked out from the inputs, not from motionsync's output.
@Suite("MotionPipeline: the use cases behind the commands")
struct UseCaseTests {
    @Test(
        "ImportRun: the summary line and the exit code; a rejected spec is exit 2 with its file:line:column and JSON pointer; report callbacks come in order"
    )
    func importRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data(
            #"{"specVersion":1,"screen":"B","animations":[{"id":"b","kind":"keyframes","trigger":"tap","tracks":{"x":[{"type":"linear","to":1,"duration":-0.2}]}}]}"#
                .utf8
        ).write(to: bad)
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        var seen: [String] = []
        let outcome = try ImportRun(paths: [packageRoot.appendingPathComponent("Specs/Feed.json").path, "bad.json"], globals: storeOptions(folder))
            .run(
                io: io,
                report: { report, dependent in
                    #expect(!dependent)
                    seen.append((report.file as NSString).lastPathComponent)
                })
        #expect(seen == ["Feed.json", "bad.json"])
        #expect(outcome.summary == "2 files: 1 added, 0 changed, 0 unchanged, 1 rejected")
        #expect(outcome.exitCode == 2)
        let problem = try #require(outcome.reports.last?.problems.first)
        // The bad value sits on line 1, at the byte where -0.2 begins; the pointer names its member.
        let text = try String(contentsOf: bad, encoding: .utf8)
        let column = try #require(position(of: "-0.2", in: text)).column
        #expect(problem.contains("bad.json:1:\(column)") && problem.contains("/animations/0/tracks/x/0/duration"), "\(problem)")
    }

    @Test(
        "InventoryRun: one row per stored animation with its peaks and haptic events; --over-budget keeps exactly the animations BudgetRun does not pass"
    )
    func inventoryAndBudget() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (io, _) = CommandIO.capture(currentDirectory: packageRoot.path)
        _ = try importIntoStore(["Specs/"], folder: folder, io: io)
        let rows = try InventoryRun(globals: storeOptions(folder)).run(io: io)
        let specs = try ExampleSpecs.all()
        #expect(rows.count == specs.reduce(0) { $0 + $1.ids.count })
        // The heart pulse: one peak, one transient (the golden AHAP has one event).
        let pulse = try #require(rows.first { $0.row.screen == "Feed" && $0.row.id == "heart-pulse" })
        #expect(pulse.figures.peaks == 1 && pulse.figures.hapticEvents == 1)

        let budget = try BudgetRun(globals: storeOptions(folder)).run(io: io)
        let notPassing = Set(
            budget.report.animations.filter { budget.report.verdict(screen: $0.screen, id: $0.id) != .pass }.map { "\($0.screen)/\($0.id)" })
        let over = try InventoryRun(overBudget: true, globals: storeOptions(folder)).run(io: io)
        #expect(Set(over.map { "\($0.row.screen)/\($0.row.id)" }) == notPassing)
        #expect(budget.sources["Feed/heart-pulse"]?.hasSuffix("Specs/Feed.json") == true)

        // Stored results and computed ones agree (a named file is always computed).
        let computed = try BudgetRun(references: ["Specs/Feed.json"], globals: storeOptions(folder)).run(io: io)
        let storedFeed = budget.report.results.filter { $0.screen == "Feed" }
        func verdicts(_ results: [BudgetResult]) -> [String: BudgetVerdict] {
            Dictionary(results.map { ("\($0.id) \($0.rule) \($0.variant ?? "")", $0.verdict) }, uniquingKeysWith: { a, _ in a })
        }
        #expect(computed.report.results.count == storedFeed.count)
        #expect(verdicts(computed.report.results) == verdicts(storedFeed))
        // A scope with nothing in it is an error, never a pass.
        #expect(throws: CLIError.self) { try BudgetRun(screen: "Nope", globals: storeOptions(folder)).run(io: io) }
    }

    @Test("SpecCodeDiff: a keyframe value changed in the code is one difference at its animator's line; the matching code has none")
    func diff() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (io, capture) = CommandIO.capture(currentDirectory: folder.path)
        try Data(
            #"{ "specVersion": 1, "screen": "S", "animations": [ { "id": "a", "component": "A", "trigger": "tap", "kind": "keyframes", "initial": { "scale": 1 }, "tracks": { "scale": [ { "type": "linear", "to": 1.2, "duration": 0.1 }, { "type": "linear", "to": 1, "duration": 0.2 } ] } } ] }"#
                .utf8
        )
        .write(to: folder.appendingPathComponent("spec.json"))
        func code(_ to: String) -> String {
            """
            import SwiftUI
            // motionsync: screen=S
            struct A: View {
                @State var t = 0
                var body: some View {
                    Circle().keyframeAnimator(initialValue: 1.0, trigger: t) { content, scale in
                        content.scaleEffect(scale)
                    } keyframes: { _ in
                        LinearKeyframe(\(to), duration: 0.1)
                        LinearKeyframe(1.0, duration: 0.2)
                    }
                }
            }

            """
        }
        try Data(code("1.2").utf8).write(to: folder.appendingPathComponent("A.swift"))
        let same = try SpecCodeDiff.read(target: "spec.json", code: "A.swift", globals: storeOptions(folder), io: io)
        #expect(same.screen == "S" && same.code.count == 1, "\(capture.stderr)")
        #expect(SpecCodeDiff.compare(screen: same.screen, spec: same.animations, code: same.code).isEmpty)

        try Data(code("1.5").utf8).write(to: folder.appendingPathComponent("A.swift"))
        let drift = try SpecCodeDiff.read(target: "spec.json", code: "A.swift", globals: storeOptions(folder), io: io)
        let report = SpecCodeDiff.compare(screen: drift.screen, spec: drift.animations, code: drift.code)
        #expect(report.differences.count == 1)
        let d = try #require(report.differences.first)
        #expect(d.difference.property == "scale[0]" || d.difference.property.hasPrefix("scale"), "\(d.difference)")
        #expect(d.difference.spec.contains("1.2") && d.difference.code.contains("1.5"), "\(d.difference)")
        // A literal that differs is placed at its animator's line.
        let line = try #require(position(of: "keyframeAnimator", in: code("1.5"))).line
        #expect(d.source == "A.swift:\(line)", "\(d.source)")
        #expect(SpecCodeDiff.table(report, screen: "S").contains("1 difference, 0 only in the spec, 0 only in the code"))
    }

    @Test("AHAPCheck: the golden heart-pulse AHAP is valid and on its peak; moved 30 ms early it leads (a finding); broken JSON is invalid")
    func ahap() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (io, _) = CommandIO.capture(currentDirectory: packageRoot.path)
        let noStore = GlobalOptions(database: folder.appendingPathComponent("none.sqlite").path)
        let (analysis, cues) = try AHAPCheck.reference("Specs/Feed.json#heart-pulse", globals: noStore, io: io)
        let golden = "Tests/MotionSyncCLITests/Golden/Feed--heart-pulse.ahap"
        let ok = try AHAPCheck.check(golden, analysis: analysis, cues: cues, io: io)
        #expect(ok.valid && ok.findings == 0)
        #expect(ok.alignments.map(\.verdict) == [.ok])

        let early = folder.appendingPathComponent("early.ahap")
        let text = try String(contentsOf: packageRoot.appendingPathComponent(golden), encoding: .utf8).replacingOccurrences(
            of: "\"Time\": 0.2196", with: "\"Time\": 0.1896")
        try Data(text.utf8).write(to: early)
        let lead = try AHAPCheck.check(early.path, analysis: analysis, cues: cues, io: io)
        #expect(lead.alignments.map(\.verdict) == [.leads] && lead.findings == 1)
        // 30 ms before the written time, which is the peak rounded to 0.1 ms.
        #expect(lead.alignments.first?.offset.map { abs($0 + 0.030) < 1e-4 } == true, "\(lead.alignments)")

        let broken = folder.appendingPathComponent("broken.ahap")
        try Data("{\"Version\": 1, \"Pattern\": [".utf8).write(to: broken)
        let invalid = try AHAPCheck.check(broken.path, analysis: nil, io: io)
        #expect(!invalid.valid && invalid.findings == 1)
        #expect(throws: CLIError.self) { try AHAPCheck.check(folder.appendingPathComponent("missing.ahap").path, analysis: nil, io: io) }
    }
}
