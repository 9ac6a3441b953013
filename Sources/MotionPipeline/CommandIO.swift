#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CommandIO

/// Where a command writes: standard output for results, standard error for diagnostics and
/// progress. Tests use `CommandIO.capture()` and read the buffers.
public final class CommandIO: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void
    /// Whether standard error is a terminal (progress lines are shown only then).
    public let stderrIsTerminal: Bool
    /// Environment variables (`MOTIONSYNC_DB`; `standard()` holds those in `variables`).
    public let environment: [String: String]
    /// Directory relative paths resolve against.
    public let currentDirectory: String
    /// `--quiet`: notes (`wrote …`, `removed …`) and progress lines are not written. Results,
    /// warnings and errors still are.
    public var quiet = false

    public init(
        stdout: @escaping (String) -> Void, stderr: @escaping (String) -> Void, stderrIsTerminal: Bool,
        environment: [String: String], currentDirectory: String
    ) {
        writeOut = stdout
        writeErr = stderr
        self.stderrIsTerminal = stderrIsTerminal
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    /// The process's own standard streams and environment.
    /// Text goes to the descriptors with write(2) and the folder comes from getcwd: `Data`,
    /// `FileHandle` and `FileManager` cost a tenth of a short command's run in type lookups.
    public static func standard() -> CommandIO {
        CommandIO(
            stdout: { writeAll($0, to: 1) },
            stderr: { writeAll($0, to: 2) },
            stderrIsTerminal: isatty(2) == 1,
            environment: readVariables(),
            currentDirectory: workingDirectory())
    }

    /// Writes all of `text`'s UTF-8 bytes to `descriptor` (again after EINTR or a short write;
    /// it stops on another error, as `FileHandle.write` would have).
    static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var at = 0
            while at < bytes.count {
                let n = write(descriptor, bytes.baseAddress! + at, bytes.count - at)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                at += n
            }
        }
    }

    /// The process's current directory (getcwd), or "." when it cannot be read.
    static func workingDirectory() -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let found = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress, $0.count) != nil }
        }
        guard found, let end = buffer.firstIndex(of: 0) else { return FileManager.default.currentDirectoryPath }
        return String(decoding: buffer[..<end], as: UTF8.self)
    }

    /// The environment variables motionsync reads. `standard()` takes these alone, with getenv:
    /// building the whole environment as a dictionary cost a twentieth of a query's run.
    public static let variables = ["MOTIONSYNC_DB"]

    static func readVariables() -> [String: String] {
        var found: [String: String] = [:]
        for name in variables { if let value = getenv(name) { found[name] = String(cString: value) } }
        return found
    }

    /// Buffers for tests.
    public final class Capture: @unchecked Sendable {
        public var stdout = ""
        public var stderr = ""
    }

    /// An IO whose output is collected in the returned buffers.
    public static func capture(
        environment: [String: String] = [:], currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> (CommandIO, Capture) {
        let capture = Capture()
        let io = CommandIO(
            stdout: { capture.stdout += $0 }, stderr: { capture.stderr += $0 }, stderrIsTerminal: false,
            environment: environment, currentDirectory: currentDirectory)
        return (io, capture)
    }

    public func out(_ text: String) { writeOut(text) }
    public func line(_ text: String = "") { writeOut(text + "\n") }
    public func err(_ text: String, newline: Bool = true) { writeErr(newline ? text + "\n" : text) }

    /// A note about what was done (`wrote FILE`, `removed FILE`): standard error, so standard
    /// output holds only results; nothing with `--quiet`. Every command follows this rule.
    public func note(_ text: String) { if !quiet { writeErr(text + "\n") } }

    /// A path made absolute against `currentDirectory`.
    public func resolve(path: String) -> String {
        path.hasPrefix("/") ? path : PathText.appending(path, to: currentDirectory)
    }
}
