// MARK: - SwiftSourceSupport

/// Whether this build has Apple's Swift parser (found in the toolchain at build time).
public enum SwiftSourceSupport {
    #if MOTIONSYNC_SWIFTSYNTAX
    public static let isAvailable = true
    #else
    public static let isAvailable = false
    #endif

    /// Why Swift sources cannot be read, when they cannot.
    public static let unavailableReason =
        "this motionsync was built without Apple's Swift parser (SwiftSyntax and SwiftParser from <toolchain>/usr/lib/swift/host were not found when it was built); rebuild it with a Swift 6 toolchain on PATH"
}
