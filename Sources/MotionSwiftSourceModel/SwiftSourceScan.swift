// MARK: - SwiftSourceScan

/// The byte-level checks made before a Swift file is parsed, and the id rule shared by the reader
/// and `diff`. Pure functions over bytes and names: no parser needed, so the main motionsync
/// process runs them itself and hands only the files worth parsing to the reader.
public enum SwiftSourceScan {
    /// The names whose presence makes a file worth parsing: animators, implicit animations and
    /// the haptics that pair with them.
    /// `.animation(` stands for every form of the modifier: with `value:`, the deprecated one
    /// without, `.animation(_:body:)` and `Binding.animation(_:)`.
    static let animatorNames: [[UInt8]] = [
        "keyframeAnimator", "KeyframeAnimator", "KeyframeTimeline", "phaseAnimator", "PhaseAnimator",
        "withAnimation", "withTransaction", ".transaction", "sensoryFeedback", "FeedbackGenerator",
        ".animation(",
    ]
    .map { Array($0.utf8) }

    /// Cheap pre-check before parsing: does the text mention an animator, an implicit animation or
    /// a haptic at all? A plain byte search (comments and strings count too), one pass, O(n).
    /// A file in another Unicode encoding (`otherEncoding`) may too: it is passed on to be
    /// refused by name, never skipped as holding nothing.
    public static func mayContainAnimator(_ bytes: [UInt8]) -> Bool { otherEncoding(bytes) != nil || Needles.all.found(in: bytes) }

    /// "UTF-32 LE", "UTF-32 BE", "UTF-16 LE" or "UTF-16 BE" when `bytes` start with that
    /// encoding's byte order mark (UTF-32 LE's first: it starts with UTF-16 LE's); nil otherwise.
    /// Swift sources are read as UTF-8.
    public static func otherEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 LE" }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 BE" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16 BE" }
        return nil
    }

    /// `mayContainAnimator` for SwiftUI's animators alone.
    static func mayContainSwiftUIAnimator(_ bytes: [UInt8]) -> Bool { Needles.swiftUI.found(in: bytes) }

    /// The names whose presence makes a file worth parsing for Core Animation and UIKit
    /// animations (issue 13).
    static let layerAnimationNames: [[UInt8]] = [
        "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup",
        "animate(", "animateKeyframes", "UIViewPropertyAnimator", "addAnimations", "UIView.transition",
        "setAnimationDuration",
    ].map { Array($0.utf8) }

    /// Cheap pre-check before parsing: does the text mention a Core Animation or UIKit animation?
    /// A plain byte search (comments and strings count too), one pass, O(n).
    public static func mayContainLayerAnimation(_ bytes: [UInt8]) -> Bool { Needles.layer.found(in: bytes) }

    // MARK: What a parsed file's walks look for

    /// Whether a file may hold a keyframe or phase animator (`keyframeAnimator`,
    /// `KeyframeAnimator`, `KeyframeTimeline`, `mapCameraKeyframeAnimator`, `phaseAnimator`,
    /// `PhaseAnimator`): false means the reader's walk for them would find none. O(n).
    public static func mayContainAnimatorView(_ bytes: [UInt8]) -> Bool { Needles.animatorViews.found(in: bytes) }

    /// Whether a file may hold an implicit animation (`withAnimation`, `withTransaction`,
    /// `.animation(…)`, `.transaction { … }`; Swift allows no space after a member's `.`): false
    /// means the reader's walk for them would find none. O(n).
    public static func mayContainImplicitAnimation(_ bytes: [UInt8]) -> Bool { Needles.implicit.found(in: bytes) }

    /// Whether a file may fire a haptic the reader pairs: `sensoryFeedback`, a feedback
    /// generator's `impactOccurred`, `selectionChanged` or `notificationOccurred`, a Core Haptics
    /// `start(atTime:)` or `playPattern`, or a call on a wrapper whose name says `haptic` or
    /// `feedback…` in any case. Searched with ASCII letters folded to lowercase, so it holds for
    /// any spelling. The one non-ASCII letter Unicode lowercases to an ASCII letter of those
    /// words, the Kelvin sign (U+212A, lowercased to `k`), is a name of its own. False means the
    /// reader's walk for haptics would find none. O(n).
    public static func mayFireHaptic(_ bytes: [UInt8]) -> Bool {
        Needles.haptics.found(in: bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 })
    }

    // MARK: Needles

    /// Names searched for in one pass that looks at every `stride`-th position only: a name of
    /// length L covers L − 1 positions where a two-byte pair of it begins, so when `stride` is at most
    /// the shortest name's length − 1, one of those positions is a multiple of `stride`. A table of
    /// 65,536 entries, keyed by the pair there, says which names hold that pair at which offset
    /// (the candidates: at most `stride` per name), and only those are compared: far fewer looks
    /// than a table of two-byte starts consulted at every byte.
    struct Needles: Sendable {
        /// A name that may start `offset` bytes before a position whose pair matched.
        struct Candidate: Sendable {
            let name: Int
            let offset: Int
        }

        let names: [[UInt8]]
        /// Positions looked at: 0, `stride`, 2 · `stride`, …; the shortest name's length − 1.
        let stride: Int
        /// `slots[b0 | b1 << 8]`: 0 when no name holds the pair b0, b1 at an offset below
        /// `stride`, else the index in `candidates` of the names that do.
        let slots: [UInt8]
        /// Per slot (0 is empty), the names holding its pair and at which offset.
        let candidates: [[Candidate]]

        init(_ names: [[UInt8]]) {
            self.names = names
            let stride = max(1, (names.map(\.count).min() ?? 2) - 1)
            var slots = [UInt8](repeating: 0, count: 1 << 16)
            var candidates: [[Candidate]] = [[]]
            for (n, name) in names.enumerated() {
                for offset in 0..<stride where offset + 1 < name.count {
                    let pair = Int(name[offset]) | Int(name[offset + 1]) << 8
                    if slots[pair] == 0 {
                        slots[pair] = UInt8(candidates.count)
                        candidates.append([])
                    }
                    candidates[Int(slots[pair])].append(Candidate(name: n, offset: offset))
                }
            }
            precondition(candidates.count <= 256, "at most 255 distinct pairs fit the slots")
            self.stride = stride
            self.slots = slots
            self.candidates = candidates
        }

        static let swiftUI = Needles(animatorNames)
        static let layer = Needles(layerAnimationNames)
        static let all = Needles(swiftUI.names + layer.names)
        static let animatorViews = Needles(["eyframeAnimator", "KeyframeTimeline", "haseAnimator"].map { Array($0.utf8) })
        static let implicit = Needles(["withAnimation", "withTransaction", ".animation", ".transaction"].map { Array($0.utf8) })
        /// Lowercase: searched in bytes whose ASCII letters are folded (`mayFireHaptic`).
        static let haptics = Needles(
            [
                "sensoryfeedback", "impactoccurred", "selectionchanged", "notificationoccurred", "attime", "playpattern", "haptic", "feedbac",
                "\u{212A}",
            ]
            .map { Array($0.utf8) })

        /// Whether `bytes` hold a name. O(n), one pass.
        func found(in bytes: [UInt8]) -> Bool {
            slots.withUnsafeBufferPointer { slots in
                bytes.withUnsafeBufferPointer { text in
                    guard text.count >= 2 else { return false }
                    var at = 0
                    while at < text.count - 1 {
                        let slot = Int(slots[Int(text[at]) | Int(text[at + 1]) << 8])
                        if slot != 0 {
                            for candidate in candidates[slot] {
                                let start = at - candidate.offset
                                let name = names[candidate.name]
                                guard start >= 0, start + name.count <= text.count else { continue }
                                var j = 0
                                while j < name.count && text[start + j] == name[j] { j += 1 }
                                if j == name.count { return true }
                            }
                        }
                        at += stride
                    }
                    return false
                }
            }
        }
    }

    /// The id an animator in type `name` gets: `HeartPulse` → `heart-pulse`, `URLBadge` →
    /// `url-badge` (further animators in the type add `-2`, `-3`, …). O(name length).
    public static func animationID(forTypeName name: String) -> String {
        let chars = Array(name)
        var out = ""
        for (i, c) in chars.enumerated() {
            if c == "_" || c == " " {
                if !out.hasSuffix("-") && !out.isEmpty { out += "-" }
                continue
            }
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
