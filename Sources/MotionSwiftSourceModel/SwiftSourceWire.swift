import MotionCore

// MARK: - SwiftSourceWire

/// How motionsync and its Swift reader (`motionsync-swift`) talk over a pipe: the request is the
/// files, framed in bytes; the answer is one outcome per file, in the same order (binary, below).
///
/// Request: the magic `MSW2`; a little-endian UInt32 count of constant tables, each a UInt64
/// length and its text (`SwiftModuleConstants.text`, UTF-8); then per file a UInt32 name length,
/// the name's UTF-8 bytes, a UInt32 index of its constant table, a UInt64 source length and the
/// source bytes (the files of an import share one table: it is sent once). All lengths are
/// little-endian. O(total bytes) both ways.
/// Answer: the magic `MSA1`, then an array of `{"read": SwiftSourceResult}` or
/// `{"failed": SwiftSourceError}` in the binary form of `WireTag` (`WireEncoder`): numbers travel
/// as their bits, so every Double comes back bit for bit, and neither side parses text.
public enum SwiftSourceWire {
    static let magic: [UInt8] = Array("MSW2".utf8)

    /// A request or an answer that does not follow the format: where it stops making sense.
    public struct Malformed: Error, CustomStringConvertible {
        public let what: String
        public var description: String { what }
    }

    /// One file's outcome as the answer codes it.
    enum Outcome: Codable {
        case read(SwiftSourceResult)
        case failed(SwiftSourceError)
    }

    // MARK: Request

    /// The request bytes for `sources`.
    public static func request(_ sources: [SwiftSourceText]) -> [UInt8] {
        var tables: [SwiftModuleConstants] = []
        let tableOfSource = sources.map { source in
            if let known = tables.firstIndex(of: source.constants) { return known }
            tables.append(source.constants)
            return tables.count - 1
        }
        var out = magic
        out.reserveCapacity(magic.count + sources.reduce(0) { $0 + 16 + $1.file.utf8.count + $1.bytes.count })
        append(UInt64(tables.count), bytes: 4, to: &out)
        for table in tables {
            let text = Array(table.text.utf8)
            append(UInt64(text.count), bytes: 8, to: &out)
            out += text
        }
        for (source, table) in zip(sources, tableOfSource) {
            let name = Array(source.file.utf8)
            append(UInt64(name.count), bytes: 4, to: &out)
            out += name
            append(UInt64(table), bytes: 4, to: &out)
            append(UInt64(source.bytes.count), bytes: 8, to: &out)
            out += source.bytes
        }
        return out
    }

    /// The files of a request.
    /// - Throws: `Malformed` with the byte offset where the framing breaks.
    public static func sources(fromRequest bytes: [UInt8]) throws -> [SwiftSourceText] {
        guard bytes.starts(with: magic) else { throw Malformed(what: "the request does not start with MSW2") }
        var at = magic.count
        var sources: [SwiftSourceText] = []
        func take(_ count: Int) throws -> ArraySlice<UInt8> {
            guard count >= 0, count <= bytes.count - at else { throw Malformed(what: "the request ends inside a frame at byte \(at)") }
            defer { at += count }
            return bytes[at..<(at + count)]
        }
        func number(_ width: Int) throws -> Int {
            let field = try take(width)
            var value: UInt64 = 0
            for (i, b) in field.enumerated() { value |= UInt64(b) << (8 * UInt64(i)) }
            guard value <= UInt64(Int.max) else { throw Malformed(what: "a length at byte \(at - width) is out of range") }
            return Int(value)
        }
        var tables: [SwiftModuleConstants] = []
        for _ in 0..<(try number(4)) {
            tables.append(SwiftModuleConstants(text: String(decoding: try take(try number(8)), as: UTF8.self)))
        }
        while at < bytes.count {
            let name = String(decoding: try take(try number(4)), as: UTF8.self)
            let table = try number(4)
            guard table < tables.count else { throw Malformed(what: "a constant table index at byte \(at - 4) is out of range") }
            let source = Array(try take(try number(8)))
            sources.append(SwiftSourceText(file: name, bytes: source, constants: tables[table]))
        }
        return sources
    }

    private static func append(_ value: UInt64, bytes width: Int, to out: inout [UInt8]) {
        for i in 0..<width { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }

    // MARK: Answer

    static let answerMagic: [UInt8] = Array("MSA1".utf8)

    /// The answer's bytes for `results`.
    public static func answer(_ results: [Result<SwiftSourceResult, SwiftSourceError>]) throws -> [UInt8] {
        let outcomes = results.map { r -> Outcome in
            switch r {
            case .success(let found): .read(found)
            case .failure(let error): .failed(error)
            }
        }
        return answerMagic + (try WireEncoder().encode(outcomes))
    }

    /// The results an answer holds; `expected` is how many files were asked for.
    /// - Throws: `Malformed` when the answer is not of this shape or has another count.
    public static func results(fromAnswer bytes: [UInt8], expected: Int) throws -> [Result<SwiftSourceResult, SwiftSourceError>] {
        guard bytes.starts(with: answerMagic) else {
            throw Malformed(what: "the reader's answer (\(bytes.count) bytes) does not start with MSA1: a reader of another build?")
        }
        let outcomes: [Outcome]
        do { outcomes = try WireDecoder().decode([Outcome].self, from: bytes, at: answerMagic.count) } catch {
            throw Malformed(what: "the reader's answer (\(bytes.count) bytes) is not readable: \(error)")
        }
        guard outcomes.count == expected else { throw Malformed(what: "the reader answered for \(outcomes.count) files, not \(expected)") }
        return outcomes.map {
            switch $0 {
            case .read(let found): .success(found)
            case .failed(let error): .failure(error)
            }
        }
    }
}
