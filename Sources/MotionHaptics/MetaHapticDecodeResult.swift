// MARK: - MetaHapticDecodeResult

/// The outcome of decoding one Meta `.haptic` file.
public struct MetaHapticDecodeResult: Hashable, Sendable {
    /// The haptic, or nil when any error was found (never a partial one).
    public let haptic: MetaHaptic?
    /// Errors and warnings, in document order.
    public let diagnostics: [HapticDiagnostic]

    public init(haptic: MetaHaptic?, diagnostics: [HapticDiagnostic]) {
        self.haptic = haptic
        self.diagnostics = diagnostics
    }

    public var errors: [HapticDiagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [HapticDiagnostic] { diagnostics.filter { $0.severity == .warning } }
}
