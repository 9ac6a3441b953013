#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - PathKind

/// What a path names, symbolic links followed: `FileManager.fileExists(atPath:isDirectory:)`
/// asked once, in the one form each Foundation has (a `Bool` in FoundationEssentials, an
/// `ObjCBool` in Darwin's Foundation).
public enum PathKind: Sendable {
    case folder
    /// Anything else that is there (a file, a device).
    case file

    /// The kind of what `path` names; nil when nothing is there. O(1) system calls.
    public static func of(_ path: String) -> PathKind? {
        #if canImport(FoundationEssentials)
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory ? .folder : .file
        #else
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue ? .folder : .file
        #endif
    }
}
