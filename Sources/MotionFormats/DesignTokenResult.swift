import MotionCore

// MARK: - DesignTokenResult

/// The outcome of decoding one design-tokens file.
public struct DesignTokenResult: Sendable {
    /// The resolved motion tokens, or nil when any error was found (never a partial set).
    public let tokens: DesignTokenSet?
    /// Errors and warnings, in document order.
    public let diagnostics: [SpecDiagnostic]
    /// Paths of the tokens from other files (`DesignTokenDecoder.decode(document:file:known:)`)
    /// its aliases resolved to, sorted: the file's tokens change when those do.
    public let usedKnown: [String]

    public init(tokens: DesignTokenSet?, diagnostics: [SpecDiagnostic], usedKnown: [String] = []) {
        self.tokens = tokens
        self.diagnostics = diagnostics
        self.usedKnown = usedKnown
    }

    public var errors: [SpecDiagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [SpecDiagnostic] { diagnostics.filter { $0.severity == .warning } }
}
