import Foundation
import MotionStore
import MotionSwiftSource
import MotionTestSupport
import Testing

@testable import MotionPipeline

// MARK: - The reader started ahead, the store created beside the scan (issue 10)

@Suite("MotionPipeline: the reader started ahead and the store created beside the scan")
struct ReaderAheadTests {
    /// Whether a process `pid` exists (a zombie does: only a reaped child is gone).
    static func exists(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

    /// A folder of Swift files: `animators` of them with a keyframe animator, `others` without.
    static func swiftFolder(animators: Int, others: Int) throws -> URL {
        let folder = try temporaryFolder()
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        for k in 0..<animators {
            try Data(
                """
                import SwiftUI
                struct Pulse\(k): View {
                  @State var t = 0
                  var body: some View { Text("").keyframeAnimator(initialValue: 1.0, trigger: t) { v, s in v.scaleEffect(s) } keyframes: { _ in
                    SpringKeyframe(1.\(k + 1), duration: 0.2)
                    SpringKeyframe(1.0, duration: 0.3)
                  }.onTapGesture { t += 1 } }
                }

                """.utf8
            ).write(to: app.appendingPathComponent("Pulse\(k).swift"))
        }
        for k in 0..<others {
            try Data("struct Model\(k) { var n = \(k) }\n".utf8).write(to: app.appendingPathComponent("Model\(k).swift"))
        }
        return folder
    }

    @Test(
        "a reader started ahead and then not needed is killed and reaped at once, however early; one that is needed answers as a reader started then")
    func launchedAhead() throws {
        let reader = SwiftReaderProcess.beside()
        #expect(reader.unavailableReason() == nil)
        for _ in 0..<10 {
            let launched = try #require(reader.launchAhead())
            #expect(launched.failure == nil && Self.exists(launched.pid))
            let started = Date()
            #expect(reader.read([], launched: launched).isEmpty)
            #expect(Date().timeIntervalSince(started) < 1, "not waited for while it loads")
            #expect(!Self.exists(launched.pid), "reaped: no process, not even a zombie, is left")
        }
        let texts = try SwiftReaderProcessTests.fixtures()
        let launched = try #require(reader.launchAhead())
        usleep(50_000) // loaded and waiting for its request
        #expect(reader.read(texts, launched: launched) == reader.read(texts))
        #expect(!Self.exists(launched.pid))
        // A missing reader is not started ahead.
        #expect(SwiftReaderProcess(executable: "/nonexistent/motionsync-swift").launchAhead() == nil)
        // Stopped directly, too.
        let direct = try #require(reader.launchAhead())
        direct.cancel()
        #expect(!Self.exists(direct.pid))
    }

    @Test(
        "the answer is handed over once the reader has closed its streams, before it is reaped: a reader that closes them and lingers is read meanwhile"
    )
    func answerBeforeReaping() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("reader.sh")
        try writeExecutable("#!/bin/sh\ncat > /dev/null\nprintf answer\nexec 1>&- 2>&-\nsleep 1\n", to: script)
        let launched = try #require(SwiftReaderProcess(executable: script.path).launchAhead())
        let started = Date()
        var handed: (answer: [UInt8], after: TimeInterval, unreaped: Bool)?
        let ending = launched.answer(Array("request".utf8)) { handed = ($0, Date().timeIntervalSince(started), Self.exists(launched.pid)) }
        let seen = try #require(handed)
        #expect(seen.answer == Array("answer".utf8) && seen.unreaped)
        #expect(seen.after < 0.8, "handed over before the reader ended, not after its last second")
        #expect(Date().timeIntervalSince(started) >= 1, "then reaped")
        guard case .finished(status: 0, let answer, _) = ending else {
            Issue.record("ended \(ending)")
            return
        }
        #expect(answer == Array("answer".utf8))
        #expect(!Self.exists(launched.pid))
    }

    @Test("a Swift folder into a new store (made beside the scan) and into an existing one: the same reports, rows and inventory")
    func newStoreBesideScan() throws {
        let folder = try Self.swiftFolder(animators: 3, others: 40)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        let fresh = GlobalOptions(database: folder.appendingPathComponent("fresh.sqlite").path)
        let existing = GlobalOptions(database: folder.appendingPathComponent("existing.sqlite").path)
        _ = try MotionStore(path: existing.database!) // created and migrated first: the usual path
        let a = try ImportRun(paths: ["App"], globals: fresh).run(io: io)
        let b = try ImportRun(paths: ["App"], globals: existing).run(io: io)
        #expect(a.reports == b.reports && a.quietSkips == b.quietSkips)
        #expect(a.count(.added) == 3 && a.quietSkips == 40)
        let storeA = try MotionStore(path: fresh.database!), storeB = try MotionStore(path: existing.database!)
        #expect(try storeA.rowCounts() == storeB.rowCounts())
        #expect(try storeA.inventory().map(\.id) == storeB.inventory().map(\.id))
        #expect(try storeA.inventory().count == 3)
        // No file with an animator: the reader started ahead is not used, and the import ends as before.
        let quiet = try Self.swiftFolder(animators: 0, others: 10)
        defer { try? FileManager.default.removeItem(at: quiet) }
        let outcome = try ImportRun(
            paths: [quiet.appendingPathComponent("App").path], globals: GlobalOptions(database: quiet.appendingPathComponent("s.sqlite").path)
        ).run(io: io)
        #expect(outcome.reports.isEmpty && outcome.quietSkips == 10)
    }

    @Test("a new store that cannot be made: the same store error as before, and the reader started ahead is not left running")
    func storeFailsBesideScan() throws {
        let folder = try Self.swiftFolder(animators: 2, others: 5)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (io, _) = CommandIO.capture(currentDirectory: folder.path)
        let nowhere = GlobalOptions(database: folder.appendingPathComponent("missing-folder/s.sqlite").path)
        do {
            _ = try ImportRun(paths: ["App"], globals: nowhere).run(io: io)
            Issue.record("a store in a missing folder was opened")
        } catch let CLIError.store(place, why) {
            #expect(place == nowhere.database! && !why.isEmpty)
        }
        // (The reader started ahead is stopped on this way out by `Launched.cancel()`, whose
        // killing and reaping `launchedAhead` checks.)
        #expect(!FileManager.default.fileExists(atPath: nowhere.database!))
    }
}
