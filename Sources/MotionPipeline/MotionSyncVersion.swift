// MARK: - MotionSyncVersion

/// The version of motionsync these libraries belong to (written into SARIF logs and `--version`).
public enum MotionSyncVersion {
    /// Semantic version text, like `0.1.0`.
    public static let current = "0.1.0"
}
