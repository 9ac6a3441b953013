import Foundation

// MARK: - ScratchFolders

/// The folders tests write their stores, specs and outputs into: each a new one inside a folder
/// of the test process's own (`<temporary directory>/motionsync-tests-<pid>`), which is removed
/// when the process exits, so a run of the suite leaves nothing behind (the helpers that made a
/// folder per test under the temporary directory itself left some 130 of them a run).
public enum ScratchFolders {
    /// The process's folder (not made yet).
    private static let root = FileManager.default.temporaryDirectory.appendingPathComponent("motionsync-tests-\(getpid())")

    /// Made once, emptied first (a folder an earlier process with the same id left), and removed
    /// at exit. (A global's initializer runs once, whichever thread asks first.)
    private static let prepared: Void = {
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ScratchFolders.root) }
    }()

    /// A new empty folder named `prefix-<UUID>` inside the process's folder.
    public static func make(_ prefix: String) throws -> URL {
        _ = prepared
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
