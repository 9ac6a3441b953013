import MotionSwiftSource

// motionsync-swift: Apple's Swift parser in a process of its own, for motionsync.
//
// The motionsync command does not load SwiftSyntax: queries start as fast as a static binary can.
// When an import or a diff needs Swift read, it starts this reader beside itself once, writes the
// files to its stdin (`SwiftSourceWire` framing) and reads one outcome per file from its stdout
// (`WireEncoder`'s binary form). It loads no Foundation: every import that reads Swift waits for
// this process to start. Not meant to be run by hand, though `--check` says whether this build
// can parse Swift.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let usage = """
    motionsync-swift: reads Swift files for motionsync with Apple's parser (SwiftParser).
    motionsync starts it itself; there is nothing to run by hand.

      motionsync-swift            read a request (SwiftSourceWire) on stdin, answer on stdout
      motionsync-swift --check    exit 0 when this build has the parser; otherwise say why, exit 1
      motionsync-swift --help     this text

    """

func fail(_ message: String, code: Int32) -> Never {
    let line = Array("motionsync-swift: \(message)\n".utf8)
    line.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    exit(code)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "--help", "-h":
    print(usage, terminator: "")
    exit(0)
case "--check":
    if let why = SwiftSourceImporter().unavailableReason() { fail(why, code: 1) }
    exit(0)
case nil:
    break
case let other?:
    fail("unknown argument \(other)\n\n\(usage)", code: 2)
}

// MARK: Read the request (all of it, before answering: the writer never waits on us)

var request: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 1 << 16)
while true {
    let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if n < 0 {
        if errno == EINTR { continue }
        fail("cannot read the request: \(String(cString: strerror(errno)))", code: 3)
    }
    if n == 0 { break }
    request += chunk[0..<n]
}

let sources: [SwiftSourceText]
do { sources = try SwiftSourceWire.sources(fromRequest: request) } catch { fail("\(error)", code: 3) }

// MARK: Parse on all cores and answer

let answer: [UInt8]
do { answer = try SwiftSourceWire.answer(SwiftSourceImporter().read(sources)) } catch { fail("cannot write the answer: \(error)", code: 3) }
answer.withUnsafeBytes { raw in
    var at = 0
    while at < raw.count {
        let n = write(1, raw.baseAddress! + at, raw.count - at)
        if n < 0 {
            if errno == EINTR { continue }
            fail("cannot write the answer: \(String(cString: strerror(errno)))", code: 3)
        }
        at += n
    }
}
// The answer is whole: motionsync sees the end of both streams now, not after the process has
// unmapped its libraries, and reads the answer meanwhile.
close(1)
close(2)
exit(0)
