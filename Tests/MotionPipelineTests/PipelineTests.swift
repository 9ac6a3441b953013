import Foundation
import MotionBudget
import MotionPipeline
import MotionStore
import MotionTestSupport
import Testing

// MARK: - The pipeline as a library

/// The use cases the command line is made of, called directly: import, resolve, figures,
/// export, budget profiles. No `MotionSyncCLI` here.
@Suite("MotionPipeline: import, resolve, figures, export")
struct PipelineTests {
    @Test(
        "SpecImporter imports Specs/ into a fresh store: every spec file added, the schema skipped, every animation stored; again, every file unchanged"
    )
    func importSpecs() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let specs = try ExampleSpecs.all()
        let (io, capture) = CommandIO.capture()
        let reports = try importIntoStore([packageRoot.appendingPathComponent("Specs").path], folder: folder, io: io)
        #expect(reports.filter { $0.result == .added }.count == specs.count, "\(capture.stderr)")
        #expect(reports.filter { $0.result == .skipped }.map { ($0.file as NSString).lastPathComponent } == ["schema.json"])
        #expect(reports.filter { $0.result == .rejected }.isEmpty)

        let store = try StoreAccess.open(GlobalOptions(database: folder.appendingPathComponent("store.sqlite").path), io: io)
        let stored = try store.inventory().map { "\($0.screen)/\($0.id)" }.sorted()
        let written = specs.flatMap { s in s.ids.map { "\(s.screen)/\($0)" } }.sorted()
        #expect(stored == written)

        let again = try importIntoStore([packageRoot.appendingPathComponent("Specs").path], folder: folder, io: io)
        #expect(again.filter { $0.result == .unchanged }.count == specs.count)
    }

    @Test(
        "AnimationResolver: SCREEN/ID from the store and FILE#ID give the same spec; a typo gets did-you-mean (exit 2); a file of several animations is ambiguous"
    )
    func resolve() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (io, _) = CommandIO.capture(currentDirectory: packageRoot.path)
        _ = try importIntoStore(["Specs/Feed.json"], folder: folder, io: io)
        let resolver = AnimationResolver(io: io, globals: GlobalOptions(database: folder.appendingPathComponent("store.sqlite").path))
        let stored = try resolver.resolve("Feed/heart-pulse")
        let file = try resolver.resolve("Specs/Feed.json#heart-pulse")
        #expect(stored.spec == file.spec && stored.screen == "Feed" && file.source == "Specs/Feed.json")
        #expect(stored.source.hasSuffix("Specs/Feed.json"))

        do {
            _ = try resolver.resolve("Feed/hart-pulse")
            Issue.record("a missing animation must throw")
        } catch let error as CLIError {
            #expect(error.exitCode == 2)
            #expect(error.lines.joined().contains("did you mean Feed/heart-pulse?"), "\(error.lines)")
        }
        #expect(throws: CLIError.self) { try resolver.resolve("Specs/Feed.json") }
        #expect(throws: CLIError.usage("\"nothing\" names no animation", hint: "write SCREEN/ID (stored), FILE#ID or FILE (a spec file)")) {
            try resolver.resolve("nothing")
        }
    }

    @Test(
        "PatternExport from the spec files writes every golden AHAP byte for byte; from the store the same bytes; an edited file is left alone unless forced"
    )
    func export() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (io, capture) = CommandIO.capture(currentDirectory: packageRoot.path)
        let specs = try ExampleSpecs.all()
        let golden = packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Golden")
        let goldenNames = try FileManager.default.contentsOfDirectory(atPath: golden.path).filter { $0.hasSuffix(".ahap") }.sorted()

        let fromFiles = folder.appendingPathComponent("files").path
        let noStore = GlobalOptions(database: folder.appendingPathComponent("none.sqlite").path)
        let summary = try PatternExport(out: fromFiles, files: specs.map(\.path), globals: noStore).run(io: io)
        #expect(summary.animations == specs.reduce(0) { $0 + $1.ids.count })
        // Each animation's pattern, and beside those whose Reduce Motion fallback changes what
        // plays, the pattern their generated code plays then.
        let reduced = summary.produced.filter { $0.hasSuffix(".reduce-motion.ahap") }
        #expect(summary.written == summary.animations + reduced.count && summary.leftAlone.isEmpty, "\(capture.stderr)")
        #expect(summary.produced.filter { !reduced.contains($0) }.sorted() == goldenNames)
        #expect(
            !reduced.isEmpty && reduced.allSatisfy { goldenNames.contains($0.replacingOccurrences(of: ".reduce-motion.ahap", with: ".ahap")) },
            "\(reduced)")
        for name in goldenNames {
            #expect(
                FileManager.default.contents(atPath: fromFiles + "/" + name) == FileManager.default.contents(atPath: golden.path + "/" + name),
                "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: noStore.database!), "reading spec files never makes a store")

        _ = try importIntoStore(["Specs/"], folder: folder, io: io)
        let fromStore = folder.appendingPathComponent("store").path
        let stored = try PatternExport(out: fromStore, globals: GlobalOptions(database: folder.appendingPathComponent("store.sqlite").path)).run(
            io: io)
        #expect(stored.produced.sorted() == summary.produced.sorted())
        for name in summary.produced {
            #expect(
                FileManager.default.contents(atPath: fromStore + "/" + name) == FileManager.default.contents(atPath: fromFiles + "/" + name),
                "\(name)")
        }

        // An edited file is not overwritten; --force overwrites it; the rest are unchanged.
        try Data("edited".utf8).write(to: URL(fileURLWithPath: fromFiles + "/Feed--heart-pulse.ahap"))
        let again = try PatternExport(out: fromFiles, files: specs.map(\.path), globals: noStore).run(io: io)
        #expect(again.leftAlone.count == 1 && again.leftAlone[0].hasPrefix("Feed--heart-pulse.ahap: exists"))
        #expect(again.unchanged == summary.produced.count - 1 && again.written == 0)
        let forced = try PatternExport(out: fromFiles, files: specs.map(\.path), force: true, globals: noStore).run(io: io)
        #expect(forced.written == 1 && forced.leftAlone.isEmpty)

        // A full export without a file's animations deletes the files it wrote for them.
        let feed = try #require(specs.first { $0.screen == "Feed" })
        let fewer = try PatternExport(out: fromFiles, files: specs.map(\.path).filter { $0 != feed.path }, globals: noStore).run(io: io)
        #expect(fewer.removed == summary.produced.filter { $0.hasPrefix("Feed--") }.count && fewer.removed >= feed.ids.count)
        #expect(!FileManager.default.fileExists(atPath: fromFiles + "/Feed--heart-pulse.ahap"))
    }

    @Test("figures of the heart pulse: its transient at the golden AHAP's time (0.2196 s), and AHAP text equal to the golden file")
    func figures() throws {
        let (io, _) = CommandIO.capture(currentDirectory: packageRoot.path)
        let pulse = try AnimationResolver(io: io, globals: GlobalOptions(database: "/nonexistent/store.sqlite")).resolve(
            "Specs/Feed.json#heart-pulse")
        let figures = try AnimationFigures(pulse)
        let plan = figures.plan(for: pulse)
        #expect(plan.planned.map { FigureText.time($0.event.time) } == [0.2196])
        let golden = try String(
            contentsOf: packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Golden/Feed--heart-pulse.ahap"), encoding: .utf8)
        #expect(HapticOutput.ahap.render(plan, screen: pulse.screen, id: pulse.spec.id) == golden)
        // The README's sample: the scale at 0.171 s.
        let table = TimelineTable(timeline: figures.timeline, times: [0.171])
        #expect(table.csv() == "time,scale\n0.171,1.281760504\n")
        // Numbers of 1e9 and over, and non-finite ones, take the byte-buffer path: the same text.
        let wide = TimelineTable(timeline: figures.timeline, times: [0, 0.1, 2e9, 1e300, -5e12, 0.3])
        #expect(wide.csv() == "time,scale\n0,1\n0.1,1.261398342\n2000000000,1.002317838\nnull,1.002317838\n-5000000000000,1\n0.3,1.148354761\n")
        #expect(TimelineTable(timeline: figures.timeline, times: [0, 0.1, 0.3]).csv() == "time,scale\n0,1\n0.1,1.261398342\n0.3,1.148354761\n")
    }

    @Test("BudgetProfile.resolve: nil is apple-touch, built-in names, a missing file is bad usage (exit 2); BudgetReport counts what fails")
    func budget() throws {
        #expect(try BudgetProfile.resolve(nil, cwd: nil).name == "apple-touch")
        #expect(try BudgetProfile.resolve("material3", cwd: nil).name == "material3")
        do {
            _ = try BudgetProfile.resolve("no-such-profile.json", cwd: "/tmp")
            Issue.record("a missing profile must throw")
        } catch let error as CLIError {
            #expect(
                error.exitCode == 2 && error.lines[0].contains("--profile no-such-profile.json is neither a built-in profile nor a readable file"))
        }
        // A 1.2 s tap animation fails apple-touch's tap duration (at most 600 ms, then fail).
        let (io, _) = CommandIO.capture()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("slow.json")
        try Data(
            #"{"specVersion":1,"screen":"S","animations":[{"id":"slow","trigger":"tap","kind":"keyframes","initial":{"x":0},"tracks":{"x":[{"type":"linear","to":1,"duration":1.2}]}}]}"#
                .utf8
        ).write(to: file)
        let spec = try AnimationResolver(io: io, globals: GlobalOptions(database: folder.appendingPathComponent("none.sqlite").path)).loadSpec(
            file.path)
        let results = try BudgetEvaluator(profile: .appleTouch).evaluate(try #require(spec.animations.first), screen: spec.screen)
        let report = BudgetReport(profile: .appleTouch, animations: [("S", "slow")], results: results)
        #expect(report.verdict(screen: "S", id: "slow") == .fail)
        let tap = try #require(results.first { $0.rule == "tap-duration" })
        #expect(tap.verdict == .fail && BudgetReport.value(tap, unit: "s") == "1200 ms")
    }
}
