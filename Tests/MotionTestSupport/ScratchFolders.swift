import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

// MARK: - Executable scripts

/// Writes `text` to `url` as an executable (mode 0755) through a descriptor that is closed on
/// exec. A test that writes a script and then runs it must not have the file held open for
/// writing by a child another test's thread starts meanwhile (`Data.write` opens without
/// `O_CLOEXEC`, so a child spawned in that instant kept the descriptor for its whole life): the
/// exec would then fail with ETXTBSY for as long as that child runs. Throws with errno.
public func writeExecutable(_ text: String, to url: URL) throws {
    let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, "errno": errno]) }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 { if errno == EINTR { continue }; throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, "errno": errno]) }
        written += n
    }
    // (The mode asked of open is masked by the umask: set it exactly.)
    guard fchmod(fd, 0o755) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, "errno": errno]) }
}
