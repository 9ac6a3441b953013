import MotionCore

// MARK: - SwiftSourceResult

/// What one Swift file yielded.
public struct SwiftSourceResult: Sendable, Hashable, Codable {
    /// The animators found, in source order.
    public var animations: [SwiftSourceAnimation]
    /// What could not be read as a literal, with file:line.
    public var unresolved: [SwiftSourceIssue]
    /// Haptics fired on states nothing animates on (`.sensoryFeedback`, feedback generators).
    public var unpairedFeedback: [UnpairedFeedback]
    /// The constants of other files its animations were read with (name as written → value;
    /// `SwiftModuleConstants`): the import keys the file's stored version on them.
    public var constantsUsed: [String: Double]

    public init(
        animations: [SwiftSourceAnimation] = [], unresolved: [SwiftSourceIssue] = [], unpairedFeedback: [UnpairedFeedback] = [],
        constantsUsed: [String: Double] = [:]
    ) {
        self.animations = animations
        self.unresolved = unresolved
        self.unpairedFeedback = unpairedFeedback
        self.constantsUsed = constantsUsed
    }
}

/// One animator found in a Swift file.
public struct SwiftSourceAnimation: Sendable, Hashable, Codable {
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
    /// 1-based line of the animator's name (`keyframeAnimator`, `PhaseAnimator`, `withAnimation`,
    /// `animate`, …).
    public var line: Int
    /// 1-based column (in UTF-8 bytes, as the compiler counts) of that name.
    public var column: Int
    /// The type (or `func:NAME` for a `View` extension method) whose code it is written in, as
    /// `SwiftModuleFacts` names it; nil at the top level of a file.
    public var container: String?
    /// Whether a `// motionsync: screen=` comment names its screen (then `screen` is kept as is).
    public var screenNamed = false
    /// Keyframes, phase values and phase animations written with a value that is not a literal,
    /// in their written places (`spec` leaves them out: its timeline has only what was read).
    /// Each is also in `SwiftSourceResult.unresolved`.
    public var unreadable: [AnimationDiff.Unreadable]

    public init(screen: String, spec: AnimationSpec, line: Int, column: Int, unreadable: [AnimationDiff.Unreadable] = []) {
        self.screen = screen
        self.spec = spec
        self.line = line
        self.column = column
        self.unreadable = unreadable
    }
}

/// Something in the source that could not be resolved to a literal value.
public struct SwiftSourceIssue: Sendable, Hashable, CustomStringConvertible, Codable {
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
public enum SwiftSourceError: Error, Hashable, CustomStringConvertible, Codable {
    /// No Swift parser is at hand: this build has none (`SwiftSourceSupport.unavailableReason`),
    /// or the reader's process could not be found or run (why, and what to do).
    case unavailable(String)
    /// The file does not parse as Swift: the parser's first complaint, 1-based line and column.
    /// Nothing is read from such a file; its animators would be guesses.
    case syntax(file: String, line: Int, column: Int, what: String, more: Int)
    /// The file would take Apple's parser too long (`SwiftBracketBudget`): where and why.
    case tooComplex(file: String, line: Int, column: Int, what: String)
    /// The file is in another Unicode encoding than UTF-8 (its byte order mark says which).
    case encoding(file: String, name: String)
    /// The reader's process stopped while it read this file (a crash in the parser, or killed):
    /// how it ended. The other files of the import are read all the same.
    case readerStopped(file: String, what: String)

    public var description: String {
        switch self {
        case .unavailable(let why): why
        case .syntax(let file, let line, let column, let what, let more):
            "\(file):\(line):\(column): not valid Swift: \(what)" + (more > 0 ? " (and \(more) more syntax error\(more == 1 ? "" : "s"))" : "")
                + "; fix the file (it must compile) and import again"
        case .tooComplex(let file, let line, let column, let what):
            "\(file):\(line):\(column): not read: \(what)"
        case .encoding(let file, let name):
            "\(file):1:1: not read: the file is \(name) (it starts with that byte order mark), and Swift sources are read as UTF-8; save it as UTF-8 and import again"
        case .readerStopped(let file, let what):
            "\(file): not read: Apple's Swift parser stopped on this file (\(what)); the other files were read"
        }
    }
}
