import Foundation

// MARK: - PatternNames

/// The file names `motionsync export` gives the patterns of some animations, computed ahead so the
/// build command can declare its outputs. A plugin cannot link a library target, so it compiles
/// export's own naming file (`SafeFileName.swift`, linked here) with `PortableSHA256`.
enum PatternNames {
    /// Names for `(screen, id)` pairs in the order export writes them (sorted by screen, then id).
    static func names(_ animations: [(screen: String, id: String)], extension ext: String) -> [String] {
        var taken: Set<String> = []
        return animations.sorted { ($0.screen, $0.id) < ($1.screen, $1.id) }.map { a in
            SafeFileName.make(screen: a.screen, id: a.id, extension: ext, taken: &taken)
        }
    }
}
