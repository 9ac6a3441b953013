import Foundation

#if canImport(Glibc)
import Glibc
#endif

// MARK: - writeExecutable

/// Writes `text` to `url` as an executable (mode 0755) through a descriptor that is closed on
/// exec. A test that writes a script and then runs it must not have the file held open for
/// writing by a child that another test's thread starts meanwhile: a descriptor opened without
/// `O_CLOEXEC` stays open in such a child for the child's whole life, and the script's exec then
/// fails with ETXTBSY for as long as that child runs (the likely cause of a reader test that
/// once fell back to one run per file in a loaded run of the suite). Throws with errno.
public func writeExecutable(_ text: String, to url: URL) throws {
    func failure() -> CocoaError { CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, "errno": errno]) }
    let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw failure() }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw failure()
        }
        written += n
    }
    // (The mode asked of open is masked by the umask: set it exactly.)
    guard fchmod(fd, 0o755) == 0 else { throw failure() }
}
