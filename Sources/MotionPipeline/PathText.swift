// MARK: - PathText

/// A path joined as Foundation's `NSString.appendingPathComponent(_:)` joins it, for the paths
/// commands print and resolve (`wrote OUT/NAME`), without Foundation: `component` after one `/`,
/// none added when `folder` ends in one; an empty side gives the other. O(length).
public enum PathText {
    /// `folder` + "/" + `component`, as above.
    public static func appending(_ component: String, to folder: String) -> String {
        if component.isEmpty { return folder }
        if folder.isEmpty { return component }
        return folder.hasSuffix("/") ? folder + component : folder + "/" + component
    }
}
