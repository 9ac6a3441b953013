import Foundation
import MotionCore
import MotionPipeline
import MotionSwiftSource
import MotionTestSupport
import Testing

/// The Swift reader in its own process (`motionsync-swift`, found as motionsync finds it) against
/// Apple's parser in this process, on every Swift fixture of the repository; a reader that is
/// missing, or stops on one file, costs that file alone, with a message that says so.
@Suite("MotionPipeline: the Swift reader's process")
struct SwiftReaderProcessTests {
    /// Every `.swift` fixture in the test folders, as the importer hands them to a reader.
    static func fixtures() throws -> [SwiftSourceText] {
        let folders = ["Tests/MotionSwiftSourceTests/Fixtures", "Tests/MotionSyncCLITests/Fixtures"]
        var texts: [SwiftSourceText] = []
        for folder in folders {
            let url = packageRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
            for case let name as String in walker where name.hasSuffix(".swift") {
                let bytes = [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
                texts.append(SwiftSourceText(file: folder + "/" + name, bytes: bytes))
            }
        }
        return texts.sorted { $0.file < $1.file }
    }

    @Test("the reader's process gives what the parser gives in this process, file for file (every fixture)")
    func sameAsInProcess() throws {
        let texts = try Self.fixtures()
        #expect(texts.count >= 30)
        let reader = SwiftReaderProcess.beside()
        #expect(reader.unavailableReason() == nil)
        let there = reader.read(texts)
        let here = SwiftSourceImporter().read(texts)
        #expect(there.count == texts.count)
        var animations = 0
        for (k, (a, b)) in zip(there, here).enumerated() {
            switch (a, b) {
            case (.success(let x), .success(let y)):
                #expect(x == y, "\(texts[k].file)")
                animations += x.animations.count
            case (.failure(let x), .failure(let y)): #expect(x == y, "\(texts[k].file)")
            default: Issue.record("\(texts[k].file): \(a) against \(b)")
            }
        }
        #expect(animations >= 60, "the fixtures hold many animations; \(animations) came back")
        #expect(reader.read([]).isEmpty)
    }

    @Test("the reader found beside the running executable is the one this build made: motionsync-swift in the build folder, passing its own --check")
    func readerBeside() throws {
        try #require(getenv(SwiftReaderProcess.environmentKey) == nil, "MOTIONSYNC_SWIFT_READER names another reader")
        let found = SwiftReaderProcess.beside().executable
        let me = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        // The test bundle runs from the build folder (…/debug/motionsyncPackageTests.xctest).
        let folder = URL(fileURLWithPath: me).resolvingSymlinksInPath().deletingLastPathComponent().path
        #expect(found == folder + "/motionsync-swift" || found == folder + "/motionsync-swift-tool", "\(found) not in \(folder)")
        #expect(FileManager.default.isExecutableFile(atPath: found))
        #expect(SwiftReaderProcess(executable: found).unavailableReason() == nil)
    }

    #if os(Linux)
    /// Every import that reads Swift waits for the reader to start, and Foundation's libraries
    /// (with ICU's data) are most of what a start loads; none of the reader's modules imports it.
    @Test("the reader loads no Foundation: its dynamic section names no Foundation library")
    func readerWithoutFoundation() throws {
        let reader = try #require(FileManager.default.contents(atPath: SwiftReaderProcess.beside().executable))
        let bytes = [UInt8](reader)
        let needed = Array("libFoundationEssentials.so".utf8)
        #expect(bytes.count > 10_000, "the reader was not found")
        #expect(!bytes.indices.dropLast(needed.count).contains { bytes[$0] == needed[0] && bytes[$0..<($0 + needed.count)].elementsEqual(needed) })
        #expect(SwiftReaderProcess(executable: SwiftReaderProcess.beside().executable).unavailableReason() == nil)
    }
    #endif

    @Test(
        "readers started by several threads at once all finish: none inherits another's request socket (a reader would wait for the end of its request for ever)"
    )
    func concurrentReaders() throws {
        let texts = Array(try Self.fixtures().prefix(2))
        let reader = SwiftReaderProcess.beside()
        // Threads of their own (not Dispatch's pool, which the cores limit), several reads each,
        // so that starts overlap: a start between another's socketpair and its spawn is the case.
        let threads = 16, rounds = 3, runs = threads * rounds
        let finished = DispatchSemaphore(value: 0)
        let counts = Counts()
        for _ in 0..<threads {
            Thread {
                for _ in 0..<rounds {
                    let results = reader.read(texts)
                    counts.add(results.filter { if case .success = $0 { true } else { false } }.count)
                    finished.signal()
                }
            }.start()
        }
        // Each run takes a fraction of a second; a reader that waits on an inherited socket never ends.
        for k in 0..<runs {
            guard finished.wait(timeout: .now() + 120) == .success else {
                Issue.record("\(runs - k) of \(runs) reads never finished")
                return
            }
        }
        #expect(counts.total == runs * texts.count)
    }

    /// A sum shared by the reading threads.
    final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var sum = 0
        func add(_ n: Int) {
            lock.lock()
            sum += n
            lock.unlock()
        }
        var total: Int {
            lock.lock()
            defer { lock.unlock() }
            return sum
        }
    }

    @Test("a missing reader: each file gets an error naming it and how to get it back")
    func missing() {
        let reader = SwiftReaderProcess(executable: "/nonexistent/motionsync-swift")
        let results = reader.read([SwiftSourceText(file: "A.swift", bytes: Array("let a = 1".utf8)), SwiftSourceText(file: "B.swift", bytes: [])])
        #expect(results.count == 2)
        for r in results {
            guard case .failure(.unavailable(let why)) = r else {
                Issue.record("\(r)")
                continue
            }
            #expect(why.contains("/nonexistent/motionsync-swift") && why.contains("MOTIONSYNC_SWIFT_READER"), "\(why)")
        }
        #expect(reader.unavailableReason()?.contains("is missing") == true)
    }

    @Test("a reader that stops on one file: that file is reported with the signal, the others are read")
    func stopsOnOneFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stand-in that crashes (SIGSEGV) on any request holding the marker, and otherwise
        // hands the request to the real reader.
        let real = SwiftReaderProcess.beside().executable
        let script = folder.appendingPathComponent("crashing-reader")
        try writeExecutable(
            """
            #!/usr/bin/env python3
            import os, signal, subprocess, sys
            data = sys.stdin.buffer.read()
            if b"CRASH_HERE" in data:
                os.kill(os.getpid(), signal.SIGSEGV)
            sys.exit(subprocess.run([\(String(reflecting: real))], input=data).returncode)
            """, to: script)
        let texts = try Self.fixtures().prefix(3) + [SwiftSourceText(file: "Bad.swift", bytes: Array("// CRASH_HERE\nlet x = 1\n".utf8))]
        let results = SwiftReaderProcess(executable: script.path).read(Array(texts))
        #expect(results.count == 4)
        for r in results.prefix(3) {
            if case .failure(let error) = r { Issue.record("a file beside the bad one was not read: \(error)") }
        }
        guard case .failure(.readerStopped(let file, let what)) = results[3] else {
            Issue.record("\(results[3])")
            return
        }
        #expect(file == "Bad.swift")
        #expect(what == "signal 11", "\(what)")
        #expect(SwiftSourceError.readerStopped(file: file, what: what).description.contains("Bad.swift: not read"))
    }

    @Test(
        "a reader of another build (refuses the request, or answers in another format): every file unavailable, saying to rebuild; no retry per file")
    func otherBuild() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let texts = [
            SwiftSourceText(file: "A.swift", bytes: Array("let a = 1".utf8)), SwiftSourceText(file: "B.swift", bytes: Array("let b = 2".utf8)),
        ]
        let cases = [
            ("refuses", "#!/bin/sh\ncat > /dev/null\necho 'motionsync-swift: the request does not start with MSW2' >&2\nexit 3\n", "MSW2"),
            ("answers-json", "#!/bin/sh\ncat > /dev/null\necho '{\"files\": 2}'\n", "does not start with MSA1"),
            ("garbles", "#!/bin/sh\ncat > /dev/null\nprintf 'MSA1garbage'\n", "not readable"),
        ]
        for (name, script, said) in cases {
            let reader = folder.appendingPathComponent(name)
            // A reader that counts its runs: one batch, not one run per file.
            let counted = script.replacingOccurrences(of: "cat > /dev/null", with: "cat > /dev/null; echo run >> \(folder.path)/\(name).runs")
            try writeExecutable(counted, to: reader)
            let results = SwiftReaderProcess(executable: reader.path).read(texts)
            #expect(results.count == 2)
            for r in results {
                guard case .failure(.unavailable(let why)) = r else {
                    Issue.record("\(name): \(r)")
                    continue
                }
                #expect(why.contains("rebuild both") && why.contains(said), "\(name): \(why)")
            }
            let runs = try String(contentsOf: folder.appendingPathComponent("\(name).runs"), encoding: .utf8)
            #expect(runs.split(separator: "\n").count == 1, "\(name) ran \(runs)")
        }
    }

    /// A reader that counts what it is asked (and answers like the one it wraps).
    final class CountingReader: SwiftSourceReading, @unchecked Sendable {
        let inner: any SwiftSourceReading
        var checks = 0, reads = 0
        init(_ inner: any SwiftSourceReading) { self.inner = inner }
        func unavailableReason() -> String? {
            checks += 1
            return inner.unavailableReason()
        }
        func read(_ sources: [SwiftSourceText]) -> [Result<SwiftSourceResult, SwiftSourceError>] {
            reads += 1
            return inner.read(sources)
        }
    }

    @Test("diff starts the reader once (no separate check); a missing reader is refused at the code path, with why")
    func diffReader() throws {
        let spec = packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Fixtures/Drift.json").path
        let code = packageRoot.appendingPathComponent("Tests/MotionSyncCLITests/Fixtures/Drift.swift").path
        let (io, _) = CommandIO.capture(currentDirectory: packageRoot.path)
        let working = CountingReader(SwiftReaderProcess.beside())
        let sides = try SpecCodeDiff.read(target: spec, code: code, globals: GlobalOptions(), io: io, reader: working)
        #expect(!sides.code.isEmpty)
        #expect(working.reads == 1 && working.checks == 0, "reads \(working.reads), checks \(working.checks)")

        let missing = CountingReader(SwiftReaderProcess(executable: "/nonexistent/motionsync-swift"))
        #expect(throws: CLIError.self) { try SpecCodeDiff.read(target: spec, code: code, globals: GlobalOptions(), io: io, reader: missing) }
        do {
            _ = try SpecCodeDiff.read(target: spec, code: code, globals: GlobalOptions(), io: io, reader: missing)
        } catch let CLIError.rejected(what, place, why) {
            #expect(what == "cannot read Swift" && place == code && why.contains("/nonexistent/motionsync-swift"), "\(what) \(place) \(why)")
        }
        // Nothing to parse: the reader is asked whether it could, as before.
        let empty = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: CLIError.self) { try SpecCodeDiff.read(target: spec, code: empty.path, globals: GlobalOptions(), io: io, reader: missing) }
    }

    @Test("the wire format: requests round-trip (empty files, non-ASCII names); cut or foreign requests are refused with where")
    func wire() throws {
        let constants = SwiftModuleConstants([
            SwiftModuleFacts(constants: [SwiftConstantFact(name: "K.a", value: 0.1), SwiftConstantFact(name: "K.b", value: -2)])
        ])
        let texts = [
            SwiftSourceText(file: "Ünïcode/A.swift", bytes: Array("let a = \"é\"".utf8), constants: constants), SwiftSourceText(file: "", bytes: []),
            SwiftSourceText(file: "B.swift", bytes: (0..<1000).map { UInt8($0 % 251) }, constants: constants),
        ]
        let request = SwiftSourceWire.request(texts)
        #expect(try SwiftSourceWire.sources(fromRequest: request) == texts)
        // The files' one table of constants is sent once.
        #expect(
            request.count < SwiftSourceWire.request(texts.map { SwiftSourceText(file: $0.file, bytes: $0.bytes) }).count + 2
                * constants.text.utf8.count)
        #expect(try SwiftSourceWire.sources(fromRequest: SwiftSourceWire.request([])) == [])
        #expect(throws: SwiftSourceWire.Malformed.self) { try SwiftSourceWire.sources(fromRequest: Array(request.dropLast())) }
        #expect(throws: SwiftSourceWire.Malformed.self) { try SwiftSourceWire.sources(fromRequest: Array("{\"files\": []}".utf8)) }
        do {
            _ = try SwiftSourceWire.sources(fromRequest: Array(request.prefix(10)))
            Issue.record("a cut request was accepted")
        } catch let error as SwiftSourceWire.Malformed {
            #expect(error.what.contains("byte"), "\(error.what)")
        }
        // Answers: every Double comes back bit for bit, and the count is checked.
        let results = SwiftSourceImporter().read(try Self.fixtures())
        let answer = try SwiftSourceWire.answer(results)
        #expect(try SwiftSourceWire.results(fromAnswer: answer, expected: results.count) == results)
        #expect(throws: SwiftSourceWire.Malformed.self) { try SwiftSourceWire.results(fromAnswer: answer, expected: results.count + 1) }
    }
}
