#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SourceTreeWalk

/// The `.json` and `.swift` files under a folder, walked with opendir/readdir (Foundation's
/// `FileManager` enumerator made a `URL`, its extension and its path per entry: a third of a
/// 2,000-file Swift tree's import before the files were read).
///
/// The rules of the import's folder walk: hidden entries (names starting with ".") are skipped and
/// hidden folders not entered, so `.build` and `.git` are never walked; symbolic links to folders are
/// not followed; a path containing `/.build/` is skipped (a walk started inside one finds nothing);
/// the extension is compared without regard to case. The root is resolved and no link is followed
/// into a folder, so a regular file's path is its folder's path and its name; a symbolic link to a
/// regular file gives the link's resolved path (realpath). Unreadable folders are passed over.
/// O(entries): opendir, readdir and closedir per folder, one lstat per entry whose type readdir
/// does not give.
enum SourceTreeWalk {
    /// The files under `root` (an absolute path with no symbolic link in it), unsorted.
    /// `foundSwift` is called at the first entry named `*.swift` that is a file or a link (the walk
    /// then goes on): a hint that Swift is coming, for starting its reader early.
    static func files(under root: String, foundSwift: () -> Void = {}) -> [String] {
        // Hidden folders are never entered, so only the root can put `/.build/` in a path.
        if root.utf8.split(separator: UInt8(ascii: "/")).contains(where: { $0.elementsEqual(".build".utf8) }) { return [] }
        var found: [String] = []
        var toldSwift = false
        var folders = [root]
        while let folder = folders.popLast() {
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard let first = name.utf8.first, first != UInt8(ascii: ".") else { continue }
                let path = (folder == "/" ? "" : folder) + "/" + name
                var kind = entry.pointee.d_type
                if kind == UInt8(DT_UNKNOWN) {
                    var status = stat()
                    guard lstat(path, &status) == 0 else { continue }
                    switch status.st_mode & S_IFMT {
                    case S_IFDIR: kind = UInt8(DT_DIR)
                    case S_IFREG: kind = UInt8(DT_REG)
                    case S_IFLNK: kind = UInt8(DT_LNK)
                    default: continue
                    }
                }
                if kind == UInt8(DT_DIR) {
                    folders.append(path)
                    continue
                }
                guard isSource(name) else { continue }
                if !toldSwift, kind == UInt8(DT_REG) || kind == UInt8(DT_LNK), name.hasSuffix(".swift") {
                    toldSwift = true // a hint only: a link's target may be named otherwise
                    foundSwift()
                }
                if kind == UInt8(DT_REG) {
                    found.append(path)
                } else if kind == UInt8(DT_LNK) {
                    // A link counts when it leads to a regular file; it is imported as that file.
                    var status = stat()
                    if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, let target = resolved(path) { found.append(target) }
                }
            }
        }
        return found
    }

    /// Whether `name` ends in `.json` or `.swift`, in any case (a name that is only the extension is
    /// hidden and never asked).
    static func isSource(_ name: String) -> Bool {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let ext = name.utf8[name.utf8.index(after: dot)...]
        guard ext.count == 4 || ext.count == 5 else { return false }
        let lower = String(decoding: ext.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
        return lower == "json" || lower == "swift"
    }

    /// The path with every symbolic link and `.`/`..` resolved (realpath(3)); nil when it cannot be.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
