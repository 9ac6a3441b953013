// MARK: - AHAPDecodeResult

/// The outcome of decoding one AHAP file.
public struct AHAPDecodeResult: Hashable, Sendable {
    /// The pattern, or nil when any error was found (never a partial pattern).
    public let pattern: AHAPPattern?
    /// Errors and warnings, in document order.
    public let diagnostics: [HapticDiagnostic]

    public init(pattern: AHAPPattern?, diagnostics: [HapticDiagnostic]) {
        self.pattern = pattern
        self.diagnostics = diagnostics
    }

    public var errors: [HapticDiagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [HapticDiagnostic] { diagnostics.filter { $0.severity == .warning } }
}
