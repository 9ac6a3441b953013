// MARK: - DatabasePath

/// The folder and the file name of a database's path, split as Foundation's `NSString` path
/// methods split it (`deletingLastPathComponent`, `lastPathComponent`), so that the files made
/// beside a store (its lock, a new store's scratch copy) and the folder whose access is checked
/// stay the ones they were, without Foundation: runs of `/` count as one and a trailing `/` is
/// dropped before the split. O(path length).
public enum DatabasePath {
    /// The folder `path` is in: "." for a bare file name, "/" for a file in the root.
    public static func folder(of path: String) -> String {
        let fixed = normalized(path)
        if fixed == "/" { return fixed }
        guard let slash = fixed.lastIndex(of: "/") else { return "." }
        return slash == fixed.startIndex ? "/" : String(fixed[..<slash])
    }

    /// The last component of `path` ("/" for the root, "" for an empty path).
    public static func fileName(of path: String) -> String {
        let fixed = normalized(path)
        guard fixed != "/", let slash = fixed.lastIndex(of: "/") else { return fixed }
        return String(fixed[fixed.index(after: slash)...])
    }

    /// `path` with each run of `/` made one and a trailing `/` dropped ("/" itself is kept).
    static func normalized(_ path: String) -> String {
        if path == "/" { return path }
        var fixed = ""
        fixed.reserveCapacity(path.utf8.count)
        for character in path where !(character == "/" && fixed.hasSuffix("/")) { fixed.append(character) }
        if fixed.hasSuffix("/") { fixed.removeLast() }
        return fixed
    }
}
