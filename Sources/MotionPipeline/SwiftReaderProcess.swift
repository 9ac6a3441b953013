#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import MotionSwiftSourceModel

// MARK: - SwiftReaderProcess

/// Reads Swift files with Apple's parser in a process of its own: the `motionsync-swift`
/// executable built beside `motionsync`. The motionsync binary then never loads SwiftSyntax, so a
/// query starts in the time a static binary takes; an import or a diff that needs Swift pays one
/// process start (a few ms) for all its files, which the reader parses on all cores.
///
/// Files go to the reader's stdin and one outcome per file comes back on its stdout
/// (`SwiftSourceWire`). If the reader stops (a crash in the parser, a kill), each file of the
/// batch is read again on its own, so that only the file it stops on is reported
/// (`SwiftSourceError.readerStopped`) and the others are read.
public struct SwiftReaderProcess: SwiftSourceReading {
    /// The reader's executable.
    public let executable: String

    public init(executable: String) { self.executable = executable }

    /// The environment variable that names another reader executable.
    public static let environmentKey = "MOTIONSYNC_SWIFT_READER"
    /// The reader's file name, beside the running executable.
    public static let executableName = "motionsync-swift"

    /// The reader this process uses: `$MOTIONSYNC_SWIFT_READER` when set; otherwise
    /// `motionsync-swift` in the folder of the running executable (symlinks resolved), as an
    /// installed copy has it; otherwise the one the build made (`builtReader`, written at build
    /// time by the MotionSyncSwiftReader plugin).
    public static func beside() -> SwiftReaderProcess {
        if let named = ProcessInfo.processInfo.environment[environmentKey], !named.isEmpty { return SwiftReaderProcess(executable: named) }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        let folder = URL(fileURLWithPath: me).resolvingSymlinksInPath().deletingLastPathComponent().path
        let installed = folder + "/" + executableName
        if FileManager.default.isExecutableFile(atPath: installed) || !FileManager.default.isExecutableFile(atPath: builtReader) {
            return SwiftReaderProcess(executable: installed)
        }
        return SwiftReaderProcess(executable: builtReader)
    }

    // MARK: SwiftSourceReading

    public func unavailableReason() -> String? {
        if let missing = missingReason() { return missing }
        switch run(arguments: ["--check"], input: []) {
        case .finished(status: 0, _, _): return nil
        case .finished(_, _, let errors): return errors.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "motionsync-swift: ", with: "")
        case .stopped(let what): return "the Swift reader \(executable) did not run (\(what))"
        }
    }

    public func read(_ sources: [SwiftSourceText]) -> [Result<SwiftSourceResult, SwiftSourceError>] {
        guard !sources.isEmpty else { return [] }
        if let missing = missingReason() { return sources.map { _ in .failure(.unavailable(missing)) } }
        let why: String
        switch run(arguments: [], input: SwiftSourceWire.request(sources)) {
        case .finished(status: 0, let answer, _):
            do { return try SwiftSourceWire.results(fromAnswer: answer, expected: sources.count) } catch { why = "\(error)" }
        case .finished(let status, _, let errors):
            why = "exit \(status)" + (errors.isEmpty ? "" : ": " + errors.trimmingCharacters(in: .whitespacesAndNewlines))
        case .stopped(let what):
            why = what
        }
        // One file at a time, so the one the reader stops on is named and the rest are read.
        guard sources.count > 1 else { return [.failure(.readerStopped(file: sources[0].file, what: why))] }
        return sources.flatMap { read([$0]) }
    }

    // MARK: Running the reader

    private func missingReason() -> String? {
        FileManager.default.isExecutableFile(atPath: executable) ? nil :
            "cannot read Swift: the Swift reader \(executable) is missing (it is built beside motionsync: run `swift build` in motionsync's package, "
            + "keep motionsync-swift next to motionsync when you copy it, or name it with \(Self.environmentKey))"
    }

    private enum Ending {
        /// The reader exited with `status`; its stdout and its stderr (as text).
        case finished(status: Int32, Data, String)
        /// It could not start, or a signal ended it: how.
        case stopped(String)
    }

    /// Runs the reader with `input` on its stdin (a socket, so a reader that dies early gives an
    /// error here, not SIGPIPE) and collects its stdout and stderr.
    private func run(arguments: [String], input: [UInt8]) -> Ending {
        var pair: [Int32] = [0, 0]
        #if canImport(Glibc)
        let streamType = Int32(SOCK_STREAM.rawValue)
        #else
        let streamType = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, streamType, 0, &pair) == 0 else { return .stopped("socketpair: \(String(cString: strerror(errno)))") }
        let ours = FileHandle(fileDescriptor: pair[0], closeOnDealloc: true)
        let theirs = FileHandle(fileDescriptor: pair[1], closeOnDealloc: true)
        let output = Pipe(), errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = theirs
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { return .stopped("\(error)") }
        try? theirs.close()
        // Write all of the request, then close our side: the reader reads to the end before it answers.
        input.withUnsafeBytes { raw in
            var at = 0
            while at < raw.count {
                #if canImport(Glibc)
                let n = send(pair[0], raw.baseAddress! + at, raw.count - at, Int32(MSG_NOSIGNAL))
                #else
                let n = send(pair[0], raw.baseAddress! + at, raw.count - at, 0)
                #endif
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // the reader went away; its ending says why
                }
                at += n
            }
        }
        try? ours.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal { return .stopped("signal \(process.terminationStatus)") }
        return .finished(status: process.terminationStatus, answer, said)
    }
}
