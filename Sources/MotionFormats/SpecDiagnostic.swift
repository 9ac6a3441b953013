import MotionJSON

// MARK: - SpecDiagnostic

/// One problem found in an input file: which file, where (JSON pointer and line:column), what is
/// wrong and what would be right.
public struct SpecDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    public let severity: Severity
    /// The file as the user named it.
    public let file: String
    /// Where in the document (`/animations/2/tracks/scale/1/duration`).
    public let pointer: JSONPointer
    /// Line and column of the value (or of the syntax error), when known.
    public let location: SourceLocation?
    /// What is wrong.
    public let problem: String
    /// What would be right.
    public let fix: String

    public init(_ severity: Severity = .error, file: String, pointer: JSONPointer, location: SourceLocation?, problem: String, fix: String) {
        self.severity = severity
        self.file = file
        self.pointer = pointer
        self.location = location
        self.problem = problem
        self.fix = fix
    }

    /// `FILE:LINE:COL`, or `FILE` when the location is unknown.
    public var place: String { location.map { "\(file):\($0)" } ?? file }

    /// One line: `FILE:LINE:COL: error: /json/path: problem; fix: what would be right`.
    public var description: String {
        "\(place): \(severity.rawValue): \(pointer): \(problem)" + (fix.isEmpty ? "" : "; fix: \(fix)")
    }
}
