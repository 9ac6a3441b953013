import MotionCore
import MotionJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - InputDocument

/// Reading an input file the way every importer does: size limit first, then strict JSON, each
/// failure as one located diagnostic; and diagnostics put in document order.
public enum InputDocument {
    /// Largest accepted input file, in bytes (64 MiB).
    public static let maximumFileSize = 64 * 1024 * 1024

    /// The bytes of the file at `path`, or a diagnostic naming `displayName`. `splitHint` says how
    /// to split an oversized file ("split the screen's animations into several files").
    public static func read(path: String, displayName: String, splitHint: String) -> Result<[UInt8], SpecDiagnostic> {
        func failure(_ problem: String, _ fix: String) -> Result<[UInt8], SpecDiagnostic> {
            .failure(SpecDiagnostic(file: displayName, pointer: .root, location: nil, problem: problem, fix: fix))
        }
        switch contents(atPath: path, limit: maximumFileSize) {
        case .success(let bytes): return .success(bytes)
        case .failure(.missing): return failure("cannot read the file", "check that the path exists and is readable")
        case .failure(.tooLarge(let size)): return failure("the file is \(size) bytes, over the 64 MiB limit", splitHint)
        case .failure(.unreadable): return failure("cannot read the file", "check that the path is a readable file")
        }
    }

    /// Why `contents(atPath:limit:)` read nothing.
    public enum ReadFailure: Error, Equatable {
        /// No such file, or it cannot be opened.
        case missing
        /// Larger than the limit: its size in bytes.
        case tooLarge(Int)
        /// Not a regular file, or reading failed.
        case unreadable
    }

    /// The whole file at `path` in one buffer of its size: open, fstat, read, close (Foundation's
    /// `attributesOfItem` and `contents(atPath:)` made eight system calls more per file, most of
    /// the time of importing a tree of small files). Nothing is read past `limit` bytes. O(size).
    public static func contents(atPath path: String, limit: Int = Int.max) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.missing) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable) }
        let size = Int(status.st_size)
        if size > limit { return .failure(.tooLarge(size)) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        let ok = bytes.withUnsafeMutableBytes { buffer -> Bool in
            while filled < size {
                let n = systemRead(fd, buffer.baseAddress! + filled, size - filled)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return n == 0 } // 0: the file shrank while read
                filled += n
            }
            return true
        }
        guard ok else { return .failure(.unreadable) }
        if filled < size { bytes.removeLast(size - filled) }
        return .success(bytes)
    }

    /// Strict JSON, or a located diagnostic.
    public static func parse(_ bytes: [UInt8], file: String, splitHint: String) -> Result<JSONDocument, SpecDiagnostic> {
        guard bytes.count <= maximumFileSize else {
            return .failure(
                SpecDiagnostic(
                    file: file, pointer: .root, location: nil, problem: "the file is \(bytes.count) bytes, over the 64 MiB limit", fix: splitHint))
        }
        // The skim's keyframe count can refuse only a file holding more than `maximumKeyframes`
        // array items, each at least one byte after a '[' or ','; a smaller file is parsed first
        // and skimmed only when the skim could refuse it (the parse failed, or the top level
        // may describe a Lottie over an hour), so it gets the diagnostic the skim gives.
        let skimFirst = bytes.count > 2 * SpecDecoder.maximumKeyframes
        if skimFirst, let refused = precheck(bytes, file: file) { return .failure(refused) }
        do {
            let document = try JSONParser().parse(bytes)
            if !skimFirst, mayLastOverAnHour(document.value), let refused = precheck(bytes, file: file) { return .failure(refused) }
            return .success(document)
        } catch {
            if !skimFirst, let refused = precheck(bytes, file: file) { return .failure(refused) }
            return .failure(
                SpecDiagnostic(
                    file: file, pointer: error.pointer, location: error.location,
                    problem: "not valid JSON: \(error.message)", fix: syntaxFix(file: file)))
        }
    }

    /// The fix for a file that does not parse: JSON5 and YAML (design-token sources often are)
    /// are named as such, since only strict JSON is read.
    static func syntaxFix(file: String) -> String {
        let name = file.lowercased()
        if name.hasSuffix(".json5") {
            return
                "motionsync reads strict JSON, not JSON5 (unquoted keys, comments, trailing commas): import the JSON your token build writes, or convert it"
        }
        if name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
            return "motionsync reads JSON, not YAML: import the JSON your token build writes, or convert it"
        }
        return "fix the JSON syntax at this line and column"
    }

    /// Limits that need only a few members, checked by one skim of the bytes before the parse
    /// builds anything (a spec with a million keyframes would otherwise be parsed whole, in
    /// seconds and gigabytes, before the decoder counted them): a spec with more than
    /// `SpecDecoder.maximumKeyframes` keyframes, a Lottie whose `ip`, `op` and `fr` make it
    /// longer than an hour.
    static func precheck(_ bytes: [UInt8], file: String) -> SpecDiagnostic? {
        let limit = SpecDecoder.maximumKeyframes
        guard let skim = JSONSkim.skim(bytes, counting: [.key("animations"), .anyIndex, .key("tracks"), .anyKey], limit: limit) else { return nil }
        let keys = Set(skim.topLevelKeys)
        if keys.contains("specVersion"), let over = skim.firstOverLimit {
            return SpecDiagnostic(
                file: file, pointer: over.pointer, location: over.location,
                problem: "more than \(limit) keyframes in one file (\(skim.counted))", fix: "split the animations into several files")
        }
        if keys.contains("layers"), let fr = skim.topLevelNumbers["fr"], let ip = skim.topLevelNumbers["ip"], let op = skim.topLevelNumbers["op"],
            lastsOverAnHour(fr: fr, ip: ip, op: op)
        {
            return SpecDiagnostic(
                file: file, pointer: .root / "op", location: skim.topLevelLocations["op"],
                problem: "the composition lasts \(JSONWriter.number((op - ip) / fr)) s, longer than an hour", fix: "check ip, op and fr")
        }
        return nil
    }

    /// Whether `precheck` may refuse the parsed `root` as a Lottie over an hour: its top level
    /// has `layers` and the numbers `fr`, `ip` and `op` the skim would read (the skim reads a key
    /// as written, escapes and all, and no number of 64 characters or more, so it refuses no
    /// file this answers false for).
    static func mayLastOverAnHour(_ root: JSONValue) -> Bool {
        guard let top = root.objectValue, top["layers"] != nil, let fr = top["fr"]?.numberValue, let ip = top["ip"]?.numberValue,
            let op = top["op"]?.numberValue
        else { return false }
        return lastsOverAnHour(fr: fr, ip: ip, op: op)
    }

    /// Whether a composition of frame rate `fr` from frame `ip` to `op` lasts over an hour: the
    /// one rule the skim's refusal and the parsed document's check both apply.
    static func lastsOverAnHour(fr: Double, ip: Double, op: Double) -> Bool {
        fr > 0 && (op - ip) / fr > MotionLimits.maximumDuration
    }

    /// By line and column; diagnostics without a location keep their place, first.
    public static func documentOrder(_ diagnostics: [SpecDiagnostic]) -> [SpecDiagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let la = a.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let lb = b.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }
}

/// read(2), named apart from `InputDocument.read(path:displayName:splitHint:)`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(fd, buffer, count)
    #elseif canImport(Musl)
    Musl.read(fd, buffer, count)
    #else
    Darwin.read(fd, buffer, count)
    #endif
}
