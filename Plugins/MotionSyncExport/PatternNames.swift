import Foundation

// MARK: - PatternNames

/// The file names `motionsync export` gives the patterns of some animations, computed ahead so the
/// build command can declare its outputs. A plugin cannot link a library target, so it compiles
/// export's own naming file (`SafeFileName.swift`, linked here) with `PortableSHA256`.
enum PatternNames {
    /// Names for `(screen, id)` pairs in the order export writes them (sorted by screen, then id);
    /// an animation whose `reduceMotion` (as the spec spells it) changes what plays also has its
    /// Reduce Motion pattern, named right after its own (`SafeFileName.patternNames`).
    static func names(_ animations: [(screen: String, id: String)], extension ext: String, reduceMotion: [String?]? = nil) -> [String] {
        var taken: Set<String> = []
        let fallbacks = reduceMotion ?? Array(repeating: nil, count: animations.count)
        return zip(animations, fallbacks).sorted { ($0.0.screen, $0.0.id) < ($1.0.screen, $1.0.id) }.flatMap { a, rm in
            SafeFileName.patternNames(
                screen: a.screen, id: a.id, extension: ext, reduced: ext == "ahap" && SafeFileName.hasReducedMotionPattern(rm), taken: &taken)
        }
    }
}
