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
    /// a haptic at all? A plain byte search (comments and strings count too), one pass, O(n).
    public static func mayContainAnimator(_ bytes: [UInt8]) -> Bool { Needles.all.found(in: bytes) }

    /// `mayContainAnimator` for SwiftUI's animators alone.
    static func mayContainSwiftUIAnimator(_ bytes: [UInt8]) -> Bool { Needles.swiftUI.found(in: bytes) }

    /// The names whose presence makes a file worth parsing for Core Animation and UIKit
    /// animations (issue 13).
    static let layerAnimationNames: [[UInt8]] = [
        "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup",
        "animate(", "animateKeyframes", "UIViewPropertyAnimator",
    ].map { Array($0.utf8) }

    /// Cheap pre-check before parsing: does the text mention a Core Animation or UIKit animation?
    /// A plain byte search (comments and strings count too), one pass, O(n).
    public static func mayContainLayerAnimation(_ bytes: [UInt8]) -> Bool { Needles.layer.found(in: bytes) }

    // MARK: Needles

    /// Names searched for in one pass: a table of their first two bytes (65,536 flags) says at
    /// which positions a name may start, so most bytes cost one table look-up.
    struct Needles: Sendable {
        /// What finding a name means.
        enum Kind: Sendable {
            /// The file is worth parsing.
            case name
            /// `.animation(`: worth parsing only with a `value:` anywhere in the file.
            case weak
            /// `value:`.
            case companion
        }

        let names: [(bytes: [UInt8], kind: Kind)]
        /// `starts[b0 | b1 << 8]`: some name starts with bytes b0, b1.
        let starts: [Bool]

        init(_ names: [(bytes: [UInt8], kind: Kind)]) {
            self.names = names
            var starts = [Bool](repeating: false, count: 1 << 16)
            for name in names { starts[Int(name.bytes[0]) | Int(name.bytes[1]) << 8] = true }
            self.starts = starts
        }

        static let swiftUI = Needles(animatorNames.map { ($0, .name) } + [(weakName, .weak), (weakCompanion, .companion)])
        static let layer = Needles(layerAnimationNames.map { ($0, .name) })
        static let all = Needles(swiftUI.names + layer.names)

        /// Whether `bytes` hold a name, or both `.animation(` and `value:`. O(n), one pass.
        func found(in bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { text in
                guard text.count >= 2 else { return false }
                var weak = false, companion = false
                for i in 0..<(text.count - 1) {
                    let b0 = text[i], b1 = text[i + 1]
                    guard starts[Int(b0) | Int(b1) << 8] else { continue }
                    for name in names where name.bytes[0] == b0 && name.bytes[1] == b1 && i + name.bytes.count <= text.count {
                        var j = 2
                        while j < name.bytes.count && text[i + j] == name.bytes[j] { j += 1 }
                        guard j == name.bytes.count else { continue }
                        switch name.kind {
                        case .name: return true
                        case .weak: weak = true
                        case .companion: companion = true
                        }
                    }
                }
                return weak && companion
            }
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
