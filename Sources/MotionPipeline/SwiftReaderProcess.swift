import MotionCore
import MotionSwiftSourceModel

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SwiftReaderProcess

/// Reads Swift files with Apple's parser in a process of its own: the `motionsync-swift`
/// executable built beside `motionsync`. The motionsync binary then never loads SwiftSyntax, so a
/// query starts in the time a static binary takes; an import or a diff that needs Swift pays one
/// reader start (loading the parser's shared libraries) for all its files, which the reader
/// parses on all cores.
///
/// Files go to the reader's stdin and one outcome per file comes back on its stdout
/// (`SwiftSourceWire`). If the reader stops (a crash in the parser, a kill), each file of the
/// batch is read again on its own, so that only the file it stops on is reported
/// (`SwiftSourceError.readerStopped`) and the others are read. A reader that refuses the request
/// or answers in another format (a build of another checkout) makes every file `unavailable`,
/// saying to rebuild both.
public struct SwiftReaderProcess: SwiftSourceReading {
    /// The reader's executable.
    public let executable: String

    public init(executable: String) { self.executable = executable }

    /// The environment variable that names another reader executable.
    public static let environmentKey = "MOTIONSYNC_SWIFT_READER"
    /// The reader's file name, beside the running executable.
    public static let executableName = "motionsync-swift"

    /// The reader this process uses: `$MOTIONSYNC_SWIFT_READER` when set; otherwise
    /// `motionsync-swift` (or `motionsync-swift-tool`, as SwiftPM names it for a command plugin)
    /// in the folder of the running executable (symlinks resolved), where `swift build`, the
    /// command plugin and an installed copy put it.
    public static func beside() -> SwiftReaderProcess {
        if let named = getenv(environmentKey).map({ String(cString: $0) }), !named.isEmpty { return SwiftReaderProcess(executable: named) }
        // realpath(3) and access(2), not Foundation's URL and FileManager: every import makes
        // this reader, most never start it, and those cost more than the rest of a short import.
        func me() -> String {
            #if canImport(FoundationEssentials)
            CommandLine.arguments[0]
            #else
            Bundle.main.executablePath ?? CommandLine.arguments[0]
            #endif
        }
        let resolved = realpath("/proc/self/exe", nil) ?? realpath(me(), nil)
        let real = resolved.map { String(cString: $0) } ?? me()
        free(resolved)
        // A resolved path: absolute, one `/` between components and none at the end.
        let folder = real.lastIndex(of: "/").map { String(real[..<$0]) } ?? ""
        // `motionsync-swift-tool` is the same program as SwiftPM builds it for a plugin.
        let beside = [executableName, executableName + "-tool"].map { folder + "/" + $0 }
        if let found = beside.first(where: { access($0, X_OK) == 0 }) {
            return SwiftReaderProcess(executable: found)
        }
        return SwiftReaderProcess(executable: beside[0])
    }

    // MARK: SwiftSourceReading

    public func unavailableReason() -> String? {
        if let missing = missingReason() { return missing }
        switch run(arguments: ["--check"], input: []) {
        case .finished(status: 0, _, _): return nil
        case .finished(_, _, let errors):
            return errors.trimmingWhiteSpaceAndNewlines().replacing("motionsync-swift: ", with: "")
        case .stopped(let what): return "the Swift reader \(executable) did not run (\(what))"
        }
    }

    public func read(_ sources: [SwiftSourceText]) -> [Result<SwiftSourceResult, SwiftSourceError>] {
        read(sources, launched: nil)
    }

    /// `read(_:)`, with the request sent to `launched` (a reader started ahead, `launchAhead()`)
    /// instead of a reader started now. `launched` is used or ended either way: with no file to
    /// read it is stopped (`Launched.cancel()`).
    public func read(_ sources: [SwiftSourceText], launched: Launched?) -> [Result<SwiftSourceResult, SwiftSourceError>] {
        guard !sources.isEmpty else {
            launched?.cancel()
            return []
        }
        if let missing = missingReason() {
            launched?.cancel()
            return sources.map { _ in .failure(.unavailable(missing)) }
        }
        /// The reader cannot take this request at all (another build's wire format, a damaged
        /// answer): every file gets the same error, and reading them one by one would not help.
        func refused(_ what: String) -> [Result<SwiftSourceResult, SwiftSourceError>] {
            let why =
                "cannot read Swift: the Swift reader \(executable) and this motionsync do not understand each other (\(what)); "
                + "rebuild both from one checkout (swift build)"
            return sources.map { _ in .failure(.unavailable(why)) }
        }
        // The answer is decoded as soon as the reader has closed its output, while it exits (it
        // closes its streams before its libraries are unmapped); used only if it exits with 0.
        var decoded: Result<[Result<SwiftSourceResult, SwiftSourceError>], any Error>?
        let ending = (launched ?? launch(arguments: [])).answer(SwiftSourceWire.request(sources)) { answer in
            decoded = Result { try SwiftSourceWire.results(fromAnswer: answer, expected: sources.count) }
        }
        switch ending {
        case .finished(status: 0, _, _):
            do { return try decoded!.get() } catch { return refused("\(error)") }
        case .finished(let status, _, let errors):
            return refused("exit \(status)" + (errors.isEmpty ? "" : ": " + errors.trimmingWhiteSpaceAndNewlines()))
        case .stopped(let what):
            // A crash or a kill: one file at a time, so the one it stops on is named and the rest are read.
            guard sources.count > 1 else { return [.failure(.readerStopped(file: sources[0].file, what: what))] }
            return sources.flatMap { read([$0]) }
        }
    }

    // MARK: Running the reader

    private func missingReason() -> String? {
        FileManager.default.isExecutableFile(atPath: executable)
            ? nil
            : "cannot read Swift: the Swift reader \(executable) is missing (it is built beside motionsync: run `swift build` (or `swift build --product motionsync-swift`) in motionsync's package, "
                + "keep motionsync-swift next to motionsync when you copy it, or name it with \(Self.environmentKey))"
    }

    /// How a reader's run ended.
    public enum Ending: Sendable {
        /// The reader exited with `status`; its stdout and its stderr (as text).
        case finished(status: Int32, [UInt8], String)
        /// It could not start, or a signal ended it: how.
        case stopped(String)
    }

    /// Runs the reader with `input` on its stdin (a socket, so a reader that dies early gives an
    /// error here, not SIGPIPE) and collects its stdout and stderr. posix_spawn and waitpid
    /// directly: Foundation's `Process` polls for the child's end, which adds a polling interval
    /// to every run.
    private func run(arguments: [String], input: [UInt8]) -> Ending {
        launch(arguments: arguments).answer(input)
    }

    /// A reader started now, before its request is known (an import starts it while it scans
    /// the files, so the parser's libraries load meanwhile); nil when the executable is missing.
    /// Hand it to `read(_:launched:)`, which uses it or stops it.
    public func launchAhead() -> Launched? {
        missingReason() == nil ? launch(arguments: []) : nil
    }

    /// How many times a start refused with ETXTBSY is tried, 2 ms apart.
    static let busyAttempts = 50

    /// Starts the reader with `arguments`; its request follows through `Launched.answer(_:)`.
    private func launch(arguments: [String]) -> Launched {
        func failure(_ what: String) -> Launched { Launched(failure: "\(what): \(String(cString: strerror(errno)))") }
        var socket: [Int32] = [-1, -1], output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let streamType = Int32(SOCK_STREAM.rawValue)
        #else
        let streamType = SOCK_STREAM
        #endif
        // Whatever was opened is closed on every way out (the child's ends once it is started;
        // the parent's when it could not start).
        var parentEnds: [Int32] = [], childEnds: [Int32] = []
        var started = false
        defer { for fd in (started ? [] : parentEnds) + childEnds where fd >= 0 { close(fd) } }
        // Every descriptor close-on-exec from its creation: a reader started by another thread at
        // the same time must not inherit this one's ends (it would hold our socket open, and this
        // reader would wait for the end of its request for ever). The child's copies on 0, 1 and
        // 2 are made by dup2, which clears the flag.
        // Every end is above 2 (`liftAboveStandard`): started with a standard stream closed
        // (a SwiftPM command plugin closes its stdin, and its children inherit that), this
        // process would get 0, 1 or 2 from socketpair, and the child's dup2 onto that number
        // followed by the close of the end would leave the reader without that stream.
        guard socketpair(AF_UNIX, streamType | Self.socketCloseOnExec, 0, &socket) == 0 else { return failure("socketpair") }
        parentEnds.append(socket[0])
        childEnds.append(socket[1])
        guard Self.closeOnExecPipe(&output) == 0 else { return failure("pipe") }
        parentEnds.append(output[0])
        childEnds.append(output[1])
        guard Self.closeOnExecPipe(&errors) == 0 else { return failure("pipe") }
        parentEnds.append(errors[0])
        childEnds.append(errors[1])
        guard Self.liftAboveStandard(&parentEnds), Self.liftAboveStandard(&childEnds) else { return failure("fcntl(F_DUPFD_CLOEXEC)") }
        #if !canImport(Glibc)
        for fd in parentEnds + childEnds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #endif

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, fd) in childEnds.enumerated() { posix_spawn_file_actions_adddup2(&actions, fd, Int32(target)) }
        for fd in parentEnds + childEnds { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        #if !canImport(Glibc)
        // Darwin: no descriptor but 0, 1 and 2 reaches the reader, whatever other threads opened.
        var attributes: posix_spawnattr_t?
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #endif
        // ETXTBSY: the executable is open for writing somewhere, most often for an instant in a
        // child another thread is starting (which inherited a descriptor not yet closed on exec):
        // tried again, for up to about 0.1 s.
        var spawned: Int32 = 0
        for attempt in 0..<Self.busyAttempts {
            if attempt > 0 { usleep(2_000) }
            #if canImport(Glibc)
            spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
            #else
            spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
            #endif
            if spawned != ETXTBSY { break }
        }
        for fd in childEnds { close(fd) }
        childEnds = []
        guard spawned == 0 else { return Launched(failure: "cannot start \(executable): \(String(cString: strerror(spawned)))") }
        started = true
        return Launched(pid: pid, request: parentEnds[0], answer: parentEnds[1], errors: parentEnds[2])
    }

    // MARK: Launched

    /// A reader process started and waiting for its request, or why it could not start. It owns
    /// the process and the parent's three ends: exactly one of `answer(_:)` or `cancel()` is
    /// called, once, and reaps the process and closes them.
    public struct Launched: Sendable {
        let pid: pid_t
        let request: Int32, answer: Int32, errors: Int32
        /// Why the reader did not start (then there is no process and no descriptor).
        let failure: String?

        init(pid: pid_t, request: Int32, answer: Int32, errors: Int32) {
            (self.pid, self.request, self.answer, self.errors, failure) = (pid, request, answer, errors, nil)
        }

        init(failure: String) {
            (pid, request, answer, errors, self.failure) = (0, -1, -1, -1, failure)
        }

        /// Sends `input` (all of it, then the end of the request), collects stdout and stderr
        /// until both close, and reaps the process: how it ended. `meanwhile` gets stdout once
        /// both are closed, before the process is reaped (a reader that closes them before it
        /// exits is then read while it unmaps its libraries). O(input + answer).
        public func answer(_ input: [UInt8], meanwhile: ([UInt8]) -> Void = { _ in }) -> Ending {
            if let failure { return .stopped(failure) }
            func failed(_ what: String) -> Ending { .stopped("\(what): \(String(cString: strerror(errno)))") }
            var open = [answer, errors]
            defer { for fd in open where fd >= 0 { close(fd) } }
            // All of the request, then our end of the socket closed: the reader reads to the end
            // before it answers. A reader that went away makes send fail; its ending says why.
            input.withUnsafeBytes { raw in
                var at = 0
                while at < raw.count {
                    #if canImport(Glibc)
                    let n = send(request, raw.baseAddress! + at, raw.count - at, Int32(MSG_NOSIGNAL))
                    #else
                    let n = send(request, raw.baseAddress! + at, raw.count - at, 0)
                    #endif
                    if n < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    at += n
                }
            }
            close(request)
            // Both pipes drained together (poll), so a chatty stderr cannot block the answer.
            var answered: [UInt8] = [], said: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while open.contains(where: { $0 >= 0 }) {
                var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                if poll(&fds, nfds_t(fds.count), -1) < 0 {
                    if errno == EINTR { continue }
                    break
                }
                for (k, entry) in fds.enumerated() where entry.fd >= 0 && entry.revents != 0 {
                    let n = chunk.withUnsafeMutableBytes { systemRead(entry.fd, $0.baseAddress, $0.count) }
                    if n > 0 {
                        if k == 0 { answered += chunk[0..<n] } else { said += chunk[0..<n] }
                    } else if n == 0 || errno != EINTR {
                        close(entry.fd)
                        open[k] = -1
                    }
                }
            }
            meanwhile(answered)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 { if errno != EINTR { return failed("waitpid") } }
            // The wait status: low 7 bits the signal that ended it (0: it exited), next 8 its exit code.
            if status & 0x7F != 0 { return .stopped("signal \(status & 0x7F)") }
            return .finished(status: (status >> 8) & 0xFF, answered, String(decoding: said, as: UTF8.self))
        }

        /// Ends a reader that is not needed: SIGKILL (it may still be loading its libraries, and
        /// has nothing to finish), reaped at once, its descriptors closed. No process is left.
        public func cancel() {
            guard failure == nil else { return }
            for fd in [request, answer, errors] { close(fd) }
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }
}

extension SwiftReaderProcess {
    /// SOCK_CLOEXEC where socketpair(2) takes it (Linux); 0 elsewhere (set by fcntl after).
    #if canImport(Glibc)
    static let socketCloseOnExec = Int32(SOCK_CLOEXEC.rawValue)
    #else
    static let socketCloseOnExec: Int32 = 0
    #endif

    /// Moves each descriptor of `ends` that is 0, 1 or 2 to the lowest free number above 2
    /// (close-on-exec) and closes the low one. False, with `errno` set, when that fails; the
    /// descriptors in `ends` are then still the open ones.
    static func liftAboveStandard(_ ends: inout [Int32]) -> Bool {
        for k in ends.indices where ends[k] >= 0 && ends[k] <= 2 {
            let lifted = fcntl(ends[k], F_DUPFD_CLOEXEC, 3)
            guard lifted >= 0 else { return false }
            close(ends[k])
            ends[k] = lifted
        }
        return true
    }

    /// A one-way channel for the reader's stdout or stderr, [read end, write end], close-on-exec
    /// from its creation: a socket pair (Glibc's module has no pipe2), pipe(2) elsewhere.
    static func closeOnExecPipe(_ ends: inout [Int32]) -> Int32 {
        #if canImport(Glibc)
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | socketCloseOnExec, 0, &ends)
        #else
        pipe(&ends)
        #endif
    }
}

/// read(2), named apart from `SwiftReaderProcess.read(_:)`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(fd, buffer, count)
    #else
    Darwin.read(fd, buffer, count)
    #endif
}
