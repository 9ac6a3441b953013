// MARK: - SwiftSourceScan

/// The byte-level checks made before a Swift file is parsed, and the id rule shared by the reader
/// and `diff`. Pure functions over bytes and names: no parser needed, so the main motionsync
/// process runs them itself and hands only the files worth parsing to the reader.
public enum SwiftSourceScan {
    /// The names whose presence makes a file worth parsing: animators, implicit animations and
    /// the haptics that pair with them.
    static let animatorNames: [[UInt8]] = ["keyframeAnimator", "KeyframeAnimator", "KeyframeTimeline", "phaseAnimator", "PhaseAnimator",
                                           "withAnimation", "withTransaction", ".transaction", "sensoryFeedback", "FeedbackGenerator"]
        .map { Array($0.utf8) }
    /// `.animation(` counts only with a `value:` somewhere in the file (the deprecated form without
    /// one is not read).
    static let weakName = Array(".animation(".utf8)
    static let weakCompanion = Array("value:".utf8)

    /// Cheap pre-check before parsing: does the text mention an animator, an implicit animation or
    /// a haptic at all? A plain byte search (comments and strings count too), O(n · names).
    public static func mayContainAnimator(_ bytes: [UInt8]) -> Bool {
        mayContainSwiftUIAnimator(bytes) || mayContainLayerAnimation(bytes)
    }

    /// `mayContainAnimator` for SwiftUI's animators alone.
    static func mayContainSwiftUIAnimator(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { text in
            func matches(_ name: [UInt8], at i: Int) -> Bool {
                guard i + name.count <= text.count else { return false }
                var j = 0
                while j < name.count && text[i + j] == name[j] { j += 1 }
                return j == name.count
            }
            var firsts = [Bool](repeating: false, count: 256)
            for name in animatorNames { firsts[Int(name[0])] = true }
            var weak = false
            for i in 0..<text.count {
                let b = text[i]
                if firsts[Int(b)], animatorNames.contains(where: { $0[0] == b && matches($0, at: i) }) { return true }
                if b == 0x2E, !weak, matches(weakName, at: i) { weak = true }
            }
            guard weak else { return false }
            for i in 0..<text.count where text[i] == 0x76 && matches(weakCompanion, at: i) { return true }
            return false
        }
    }


    /// The names whose presence makes a file worth parsing for Core Animation and UIKit
    /// animations (issue 13).
    static let layerAnimationNames: [[UInt8]] = [
        "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup",
        "animate(", "animateKeyframes", "UIViewPropertyAnimator",
    ].map { Array($0.utf8) }

    /// Cheap pre-check before parsing: does the text mention a Core Animation or UIKit animation?
    /// A plain byte search (comments and strings count too), O(n · names).
    public static func mayContainLayerAnimation(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { text in
            for i in 0..<text.count {
                let b = text[i]
                // Every name starts with C, a or U.
                guard b == 0x43 || b == 0x61 || b == 0x55 else { continue }
                for name in layerAnimationNames where name[0] == b && i + name.count <= text.count {
                    var j = 1
                    while j < name.count && text[i + j] == name[j] { j += 1 }
                    if j == name.count { return true }
                }
            }
            return false
        }
    }

    /// The id an animator in type `name` gets: `HeartPulse` → `heart-pulse`, `URLBadge` →
    /// `url-badge` (further animators in the type add `-2`, `-3`, …). O(name length).
    public static func animationID(forTypeName name: String) -> String {
        let chars = Array(name)
        var out = ""
        for (i, c) in chars.enumerated() {
            if c == "_" || c == " " { if !out.hasSuffix("-") && !out.isEmpty { out += "-" }; continue }
            if c.isUppercase, i > 0 {
                let previous = chars[i - 1]
                let nextIsLower = i + 1 < chars.count && chars[i + 1].isLowercase
                if (previous.isLowercase || previous.isNumber) || (previous.isUppercase && nextIsLower) {
                    if !out.hasSuffix("-") { out += "-" }
                }
            }
            out += c.lowercased()
        }
        return out
    }
}
