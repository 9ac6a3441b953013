import MotionJSON

// MARK: - HapticDiagnostic

/// One problem found in a haptic file (AHAP or Meta `.haptic`): which file, where (JSON pointer
/// and line:column), and what is wrong, worded so that the fix is evident.
public struct HapticDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable { case error, warning }

    public let severity: Severity
    /// The file as the user named it.
    public let file: String
    /// Where in the document (`/Pattern/3/Event/Time`).
    public let pointer: JSONPointer
    /// Line and column of the value (or of its nearest enclosing value when the value is
    /// missing), when the diagnostic comes from a parsed document; nil for a model.
    public let location: SourceLocation?
    /// What is wrong (and, where it helps, what would be right).
    public let problem: String

    public init(_ severity: Severity = .error, file: String, pointer: JSONPointer, location: SourceLocation?, problem: String) {
        self.severity = severity
        self.file = file
        self.pointer = pointer
        self.location = location
        self.problem = problem
    }

    public var isError: Bool { severity == .error }

    /// `FILE:LINE:COL`, or `FILE` when the location is unknown.
    public var place: String { location.map { "\(file):\($0)" } ?? file }

    /// One line: `FILE:LINE:COL: error: /Pattern/3/Event/Time: problem`.
    public var description: String { "\(place): \(severity.rawValue): \(pointer): \(problem)" }
}

// MARK: - Suggestions

extension HapticDiagnostic {
    /// The candidate closest to a misspelt `name` (case-insensitive edit distance at most a third
    /// of the name's length, at least 2; or one name a prefix of the other), or nil.
    /// O(n·m) per candidate.
    static func suggestion(for name: String, among candidates: [String]) -> String? {
        let lowered = Array(name.lowercased().unicodeScalars)
        guard !lowered.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            let distance = editDistance(lowered, other)
            let shorter = min(lowered.count, other.count)
            let isPrefix = shorter >= 4 && (other.starts(with: lowered) || lowered.starts(with: other))
            guard distance <= max(2, lowered.count / 3) || isPrefix else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// `" — did you mean X?"` or the empty string.
    static func didYouMean(_ name: String, among candidates: [String]) -> String {
        suggestion(for: name, among: candidates).map { " — did you mean \($0)?" } ?? ""
    }

    /// Levenshtein distance. O(n·m) time, O(m) space.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

// MARK: - HapticDiagnosticLog

/// Collects the diagnostics of one file while a decoder or validator walks it, locating each
/// pointer in the parsed document (when there is one). Shared by the AHAP and Meta readers.
struct HapticDiagnosticLog {
    let file: String
    let document: JSONDocument?
    private(set) var diagnostics: [HapticDiagnostic] = []

    init(file: String, document: JSONDocument?) {
        self.file = file
        self.document = document
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func error(_ pointer: JSONPointer, _ problem: String) { add(.error, pointer, problem) }
    mutating func warning(_ pointer: JSONPointer, _ problem: String) { add(.warning, pointer, problem) }

    mutating func add(_ severity: HapticDiagnostic.Severity, _ pointer: JSONPointer, _ problem: String) {
        diagnostics.append(HapticDiagnostic(severity, file: file, pointer: pointer, location: document?.location(of: pointer), problem: problem))
    }

    mutating func append(contentsOf others: [HapticDiagnostic]) { diagnostics.append(contentsOf: others) }

    /// Diagnostics in document order (line, column; unlocated ones first), stable otherwise.
    /// O(n log n).
    var sorted: [HapticDiagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let la = a.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let lb = b.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }

    // MARK: Shape helpers

    /// `value` as an object, or an error naming what was expected.
    mutating func object(_ value: JSONValue, at pointer: JSONPointer, _ what: String) -> JSONObject? {
        if let object = value.objectValue { return object }
        error(pointer, "\(what) must be an object, found \(value.typeName)")
        return nil
    }

    /// The required number `key` of `object`; reports a missing key (unless `reported` already
    /// names it as misspelt) or a wrong type.
    mutating func requiredNumber(
        _ key: String, in object: JSONObject, at pointer: JSONPointer, _ unit: String = "", reported: Set<String> = []
    ) -> Double? {
        guard let value = object[key] else {
            if !reported.contains(key) { error(pointer, "missing \(key) (a number\(unit))") }
            return nil
        }
        guard let number = value.numberValue else {
            error(pointer / key, "\(key) must be a number\(unit), found \(value.typeName)")
            return nil
        }
        return number
    }

    /// The required string `key` of `object`; reports a missing key (unless `reported` already
    /// names it as misspelt) or a wrong type.
    mutating func requiredString(_ key: String, in object: JSONObject, at pointer: JSONPointer, reported: Set<String> = []) -> String? {
        guard let value = object[key] else {
            if !reported.contains(key) { error(pointer, "missing \(key) (a string)") }
            return nil
        }
        guard let string = value.stringValue else {
            error(pointer / key, "\(key) must be a string, found \(value.typeName)")
            return nil
        }
        return string
    }

    /// The optional member `key` of `object` read by `extract` (`kind` names what it must be, as
    /// "a number"); nil when absent. A member of the wrong type is reported and clears `ok`.
    mutating func optional<T>(
        _ key: String, in object: JSONObject, at pointer: JSONPointer, _ kind: String, ok: inout Bool, _ extract: (JSONValue) -> T?
    ) -> T? {
        guard let value = object[key] else { return nil }
        if let result = extract(value) { return result }
        error(pointer / key, "\(key) must be \(kind), found \(value.typeName)")
        ok = false
        return nil
    }

    /// Reports every key of `object` outside `known`. An unknown key that looks like a missing
    /// member of `required` is an error naming both (the file is refused for the missing key);
    /// the others get `severity`, with a suggestion when one is close. Returns the required keys
    /// so reported, for the caller not to report them missing a second time.
    @discardableResult
    mutating func unknownKeys(
        in object: JSONObject, at pointer: JSONPointer, known: [String], required: [String] = [],
        _ severity: HapticDiagnostic.Severity = .warning, note: String = "ignored"
    ) -> Set<String> {
        var reported: Set<String> = []
        let missing = required.filter { object[$0] == nil }
        for key in object.keys where !known.contains(key) {
            if let intended = HapticDiagnostic.suggestion(for: key, among: missing.filter { !reported.contains($0) }) {
                error(pointer / key, "unknown key \"\(key)\" and the required \(intended) is missing — did you mean \(intended)?")
                reported.insert(intended)
            } else {
                add(severity, pointer / key, "unknown key \"\(key)\" (\(note))\(HapticDiagnostic.didYouMean(key, among: known))")
            }
        }
        return reported
    }
}
