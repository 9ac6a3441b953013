import Dispatch
import MotionFormats
import MotionStore
import MotionSwiftSourceModel

// MARK: - SwiftScan

/// Every Swift file of an import read once and searched for an animator, on all cores, before
/// the store is asked anything (so an import can open or create its store meanwhile).
public struct SwiftScan: Sendable {
    /// The Swift files, in import order.
    public let files: [SpecImporter.InputFile]
    /// Per file: its bytes (nil: no animator) and their stored hash (`SpecImporter.swiftHash`,
    /// empty without animator);
    /// nil when the file could not be read (the writer reads it again and says why).
    public let items: [([UInt8]?, String)?]
    /// Per file: what it says about the module's types; nil when the file could not be read.
    /// Every file has them, animators or not: screens come from all.
    public let facts: [SwiftModuleFacts?]

    /// Reads and searches the `.swift` files of `files`; O(their bytes), on all cores.
    public init(_ files: [SpecImporter.InputFile]) {
        let swiftFiles = files.filter { $0.path.hasSuffix(".swift") }
        /// Each file's bytes and hash (nil bytes: no animator), filled by concurrent workers.
        final class Found: @unchecked Sendable {
            var items: [([UInt8]?, String)?]
            var facts: [SwiftModuleFacts?]
            init(_ count: Int) {
                items = Array(repeating: nil, count: count)
                facts = Array(repeating: nil, count: count)
            }
        }
        let found = Found(swiftFiles.count)
        found.items.withUnsafeMutableBufferPointer { buffer in
            found.facts.withUnsafeMutableBufferPointer { factBuffer in
                nonisolated(unsafe) let slots = buffer, factSlots = factBuffer
                DispatchQueue.concurrentPerform(iterations: swiftFiles.count) { k in
                    guard case .success(let bytes) = InputDocument.contents(atPath: swiftFiles[k].path, limit: InputDocument.maximumFileSize) else {
                        return
                    }
                    slots[k] = SwiftSourceScan.mayContainAnimator(bytes) ? (bytes, SpecImporter.swiftHash(bytes)) : (nil, "")
                    factSlots[k] = SwiftFactsScan.facts(bytes)
                }
            }
        }
        self.files = swiftFiles
        items = found.items
        facts = found.facts
    }
}
