import MotionCore

// MARK: - SwiftSourceImporter

/// Reads SwiftUI source files with Apple's own parser (SwiftParser/SwiftSyntax from the toolchain)
/// and extracts keyframe and phase animations as the project's spec model.
///
/// Only literals are read: numbers, `.zero`, `.degrees(x)`, SwiftUI's named springs, curves and
/// animations, and structs and enums declared in the same file. Anything else (a variable, an
/// unknown function) is reported in `SwiftSourceResult.unresolved` with its file and line; the
/// rest of the file is still read.
public struct SwiftSourceImporter: Sendable {
    public init() {}

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

    /// Parses `source` (named `file` in issues) and returns the animations it declares.
    /// - Throws: `SwiftSourceError.unavailable` when this build has no Swift parser.
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

    public func extract(source: String, file: String) throws -> SwiftSourceResult {
        #if MOTIONSYNC_SWIFTSYNTAX
        if let tooDeep = SwiftBracketBudget.check(Array(source.utf8)) {
            throw SwiftSourceError.tooComplex(file: file, line: tooDeep.line, column: tooDeep.column, what: tooDeep.what)
        }
        let extraction = SwiftSourceExtraction(source: source, file: file)
        if let error = extraction.syntaxError() { throw error }
        return extraction.run()
        #else
        throw SwiftSourceError.unavailable(SwiftSourceSupport.unavailableReason)
        #endif
    }
}

// MARK: - Results

/// What one Swift file yielded.
public struct SwiftSourceResult: Sendable {
    /// The animators found, in source order.
    public var animations: [SwiftSourceAnimation]
    /// What could not be read as a literal, with file:line.
    public var unresolved: [SwiftSourceIssue]
    /// Haptics fired on states nothing animates on (`.sensoryFeedback`, feedback generators).
    public var unpairedFeedback: [UnpairedFeedback]

    public init(animations: [SwiftSourceAnimation] = [], unresolved: [SwiftSourceIssue] = [], unpairedFeedback: [UnpairedFeedback] = []) {
        self.animations = animations
        self.unresolved = unresolved
        self.unpairedFeedback = unpairedFeedback
    }
}

/// One animator found in a Swift file.
public struct SwiftSourceAnimation: Sendable {
    /// The enclosing `View` type's name, or the `// motionsync: screen=Name` comment on (or right
    /// above) an enclosing type.
    public var screen: String
    /// The animation. Its `id` is the enclosing type's name in kebab-case (`HeartPulse` →
    /// `heart-pulse`), with `-2`, `-3`, … for further animators in the same type; `component` is
    /// the enclosing type's name.
    ///
    /// `trigger` is `.repeating` for `repeating: true` keyframe animators and phase animators
    /// without a `trigger:` (those loop for the view's lifetime). Otherwise it is where the state
    /// the animation keys on changes (an animator's `trigger:`, an implicit animation's value):
    /// a `Button` action or tap gesture → `tap`, `onAppear`/`task` → `appear`, a drag gesture →
    /// `drag`; when the file does not change it (a parameter, a binding, a model's property) it is
    /// `event:<state>` and that is reported with its line, never guessed silently.
    public var spec: AnimationSpec
    /// 1-based line of the animator's name (`keyframeAnimator`, `PhaseAnimator`, …).
    public var line: Int
    /// Keyframes, phase values and phase animations written with a value that is not a literal,
    /// in their written places (`spec` leaves them out: its timeline has only what was read).
    /// Each is also in `SwiftSourceResult.unresolved`.
    public var unreadable: [AnimationDiff.Unreadable]

    public init(screen: String, spec: AnimationSpec, line: Int, unreadable: [AnimationDiff.Unreadable] = []) {
        self.screen = screen
        self.spec = spec
        self.line = line
        self.unreadable = unreadable
    }
}

/// Something in the source that could not be resolved to a literal value.
public struct SwiftSourceIssue: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// 1-based line.
    public var line: Int
    public var what: String

    public init(file: String, line: Int, what: String) {
        self.file = file
        self.line = line
        self.what = what
    }

    public var description: String { "\(file):\(line): \(what)" }
}

/// Why a Swift source cannot be read at all.
public enum SwiftSourceError: Error, CustomStringConvertible {
    /// This build has no Swift parser (see `SwiftSourceSupport.unavailableReason`).
    case unavailable(String)
    /// The file does not parse as Swift: the parser's first complaint, 1-based line and column.
    /// Nothing is read from such a file; its animators would be guesses.
    case syntax(file: String, line: Int, column: Int, what: String, more: Int)
    /// The file would take Apple's parser too long (`SwiftBracketBudget`): where and why.
    case tooComplex(file: String, line: Int, column: Int, what: String)

    public var description: String {
        switch self {
        case .unavailable(let why): why
        case .syntax(let file, let line, let column, let what, let more):
            "\(file):\(line):\(column): not valid Swift: \(what)" + (more > 0 ? " (and \(more) more syntax error\(more == 1 ? "" : "s"))" : "")
                + "; fix the file (it must compile) and import again"
        case .tooComplex(let file, let line, let column, let what):
            "\(file):\(line):\(column): not read: \(what)"
        }
    }
}
