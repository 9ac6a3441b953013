#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ErrorText

/// What a failed file operation (`FileManager`, `Data.write`) says after "cannot write (FILE): ":
/// the text of Foundation's `localizedDescription`. Where only FoundationEssentials is linked
/// (Linux), that property does not exist, so the text swift-corelibs-foundation made is made
/// here: "The operation could not be completed. " and the reason it gives for a Cocoa error's
/// code (`reasons`) or a POSIX error's number (`strerror`), else "(NSCocoaErrorDomain error
/// CODE.)". Elsewhere (Darwin) Foundation's own text.
public enum ErrorText {
    /// `error` as a message's reason. O(1).
    public static func describing(_ error: any Error) -> String {
        #if canImport(FoundationEssentials)
        if let localized = error as? any LocalizedError, let description = localized.errorDescription { return description }
        let reason: String
        if let cocoa = error as? CocoaError {
            reason = reasons[cocoa.code.rawValue] ?? "(NSCocoaErrorDomain error \(cocoa.code.rawValue).)"
        } else if let posix = error as? POSIXError {
            reason = String(cString: strerror(posix.code.rawValue))
        } else {
            // Not thrown by the file operations this describes.
            return String(describing: error)
        }
        return "The operation could not be completed. " + reason
        #else
        return error.localizedDescription
        #endif
    }

    /// swift-corelibs-foundation's reasons for the Cocoa error codes that have one.
    static let reasons: [Int: String] = [
        4: "The file doesn’t exist.", 255: "The file couldn’t be locked.", 257: "You don’t have permission.",
        258: "The file name is invalid.", 259: "The file isn’t in the correct format.", 260: "The file doesn’t exist.",
        261: "The specified text encoding isn’t applicable.", 262: "The specified URL type isn’t supported.",
        263: "The item is too large.", 264: "The text encoding of the contents couldn’t be determined.",
        513: "You don’t have permission.", 514: "The file name is invalid.", 516: "A file with the same name already exists.",
        517: "The specified text encoding isn’t applicable.", 518: "The specified URL type isn’t supported.",
        640: "There isn’t enough space.", 642: "The volume is read only.", 1024: "The value is invalid.", 2048: "The value is invalid.",
        3072: "The operation was cancelled.", 3328: "The requested operation is not supported.",
        3840: "The data is not in the correct format.", 3841: "The data is in a format that this application doesn’t understand.",
        3842: "An error occurred in the source of the data.", 3851: "An error occurred in the destination for the data.",
        3852: "An error occurred in the content of the data.", 4353: "The file is not available on iCloud yet.",
        4354: "There isn’t enough space in your account.",
        4355: "The iCloud servers might be unreachable or your settings might be incorrect.",
        4864: "The data isn’t in the correct format.", 4865: "The data is missing.", 4866: "The data isn’t in the correct format.",
    ]
}
