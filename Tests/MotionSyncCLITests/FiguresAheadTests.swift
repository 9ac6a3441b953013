import Foundation
import MotionStore
import MotionTestSupport
import Testing

@testable import MotionPipeline

// MARK: - Figures computed ahead of the writer (issue 10)

/// An import computes each decoded spec's figures on the preparation workers and stores them with
/// the new revisions, in the file's transaction. They must be exactly what the refresh computes
/// from the stored revision, which is how they were made before.
@Suite("figures computed ahead at import")
struct FiguresAheadTests {
    /// Every live animation's stored figure texts beside those `StoredFigures.compute` makes from
    /// the revision read back from the store, by SCREEN/ID.
    static func storedAndRecomputed(_ db: String) throws -> (stored: [String: [String]], recomputed: [String: [String]]) {
        let store = try MotionStore(path: db)
        var stored: [String: [String]] = [:]
        for (key, d) in try store.storedDetails(screen: nil, version: StoredFigures.analysisVersion) { stored[key] = [d.analysis, d.plan, d.budget] }
        var recomputed: [String: [String]] = [:]
        for row in try store.inventory() {
            let back = try #require(try store.animation(screen: row.screen, id: row.id))
            let record = try StoredFigures.compute(ResolvedAnimation(screen: back.screen, spec: back.spec, source: back.source))
            recomputed[row.screen + "/" + row.id] = [record.analysis, record.hapticPlan, record.budget]
        }
        return (stored, recomputed)
    }

    /// The figures stored with the revisions by the writer, over every report.
    static func storedAhead(_ outcome: ImportRun.Outcome) -> Int { outcome.reports.reduce(0) { $0 + ($1.outcome?.figuresStored ?? 0) } }

    @Test("the examples: every spec animation's figures are stored with its revision, equal to those computed from the stored revision")
    func examples() throws {
        let folder = try temporaryDirectory()
        let db = folder.appendingPathComponent("s.sqlite").path
        let (io, capture) = CommandIO.capture(currentDirectory: packageRoot.path)
        let outcome = try ImportRun(paths: ["Specs/"], globals: GlobalOptions(database: db)).run(io: io)
        let store = try MotionStore(path: db)
        // Spec files (not Lottie) are decoded on the workers: all their animations come with figures.
        let specAnimations = try store.inventory().filter { $0.source.hasSuffix(".json") }.count
        #expect(specAnimations == 20)
        #expect(Self.storedAhead(outcome) == 20, "every new revision of a decoded spec got its figures in its own transaction")
        #expect(try store.rowCounts()["figures"] == 20)
        #expect(capture.stderr.isEmpty, "fewer than 200 animations: no progress line")
        let (stored, recomputed) = try Self.storedAndRecomputed(db)
        #expect(stored.count == 20)
        #expect(stored == recomputed)
    }

    @Test("a changed file: only the new revision gets new figures; an unchanged animation keeps its own; none is left to the refresh")
    func changedFile() throws {
        let folder = try temporaryDirectory()
        let spec = folder.appendingPathComponent("Pulse.json")
        func write(_ to: Double) throws {
            try Data(
                """
                {"specVersion": 1, "screen": "Pulse", "animations": [
                  {"id": "a", "kind": "keyframes", "trigger": "tap", "tracks": {"scale": [
                    {"type": "spring", "to": \(to), "duration": 0.3, "spring": {"response": 0.4, "dampingRatio": 0.5}},
                    {"type": "linear", "to": 1, "duration": 0.2, "curve": {"bezier": [0.3, 0, 0.2, 1.4]}}]}},
                  {"id": "b", "kind": "keyframes", "trigger": "appear", "tracks": {"opacity": [
                    {"type": "cubic", "to": 1, "duration": 0.25}, {"type": "move", "to": 0.5},
                    {"type": "spring", "to": 0, "spring": {"mass": 2, "stiffness": 300, "damping": 12}}]}}]}
                """.utf8
            ).write(to: spec)
        }
        let db = folder.appendingPathComponent("s.sqlite").path
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        try write(1.3)
        #expect(Self.storedAhead(try ImportRun(paths: ["Pulse.json"], globals: GlobalOptions(database: db)).run(io: io)) == 2)
        let before = try Self.storedAndRecomputed(db)
        try write(1.5)
        let outcome = try ImportRun(paths: ["Pulse.json"], globals: GlobalOptions(database: db)).run(io: io)
        #expect(outcome.reports.map(\.result) == [.changed])
        #expect(outcome.reports.first?.outcome?.changed == ["a"])
        #expect(Self.storedAhead(outcome) == 1, "b is unchanged: no new revision, its figures stay")
        let after = try Self.storedAndRecomputed(db)
        #expect(after.stored == after.recomputed)
        #expect(after.stored["Pulse/b"] == before.stored["Pulse/b"])
        #expect(after.stored["Pulse/a"] != before.stored["Pulse/a"])
        #expect(try MotionStore(path: db).hasStaleFigures(version: StoredFigures.analysisVersion) == false)
    }

    @Test(
        "Lottie files are decoded on the workers too: each animation's figures stored with its revision, equal to those computed from the stored revision, with or without --screen"
    )
    func lottie() throws {
        let corpus = sharedCorpus.appendingPathComponent("lottie/lottie-docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 6)
        for screen in [nil, "Shared"] as [String?] {
            let folder = try temporaryDirectory()
            let db = folder.appendingPathComponent("s.sqlite").path
            let (io, _) = CommandIO.capture(currentDirectory: corpus.path)
            let outcome = try ImportRun(paths: names, screen: screen, globals: GlobalOptions(database: db)).run(io: io)
            let store = try MotionStore(path: db)
            let inventory = try store.inventory()
            // A composition with no animated transform imports as a file with no animation.
            #expect(inventory.count >= names.count - 1)
            #expect(Set(inventory.map(\.screen)) == (screen.map { [$0] } ?? Set(inventory.map(\.id))))
            #expect(Self.storedAhead(outcome) == inventory.count, "every Lottie animation's figures came with its revision")
            let (stored, recomputed) = try Self.storedAndRecomputed(db)
            #expect(stored.count == inventory.count)
            #expect(stored == recomputed)
        }
    }
}
