#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - FolderFiles

/// The few file-system reads the Swift reader makes itself (a neighbour file of a folder), with
/// the C library: the reader's process loads no Foundation, which would add its libraries'
/// loading to every import that reads Swift.
enum FolderFiles {
    /// The names in `folder` (not `.` and `..`), unsorted; nil when it cannot be listed. O(entries).
    static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // `d_name` is a fixed C array ended by a 0 inside it.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether `path` names something that exists.
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The bytes of the regular file at `path`, or nil when it cannot be read or holds more
    /// than `limit` bytes. O(its size).
    static func contents(of path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        return filled == bytes.count ? bytes : Array(bytes[..<filled])
    }
}
