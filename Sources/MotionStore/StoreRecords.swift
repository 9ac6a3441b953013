import MotionCore

// MARK: - SourceFile

/// A file being imported: where it is and what its bytes hash to.
public struct SourceFile: Sendable {
    /// Absolute, standardized path: the key that makes a re-import of the same file a re-import.
    public let path: String
    /// The importer that read it (`spec-v1`).
    public let format: String
    /// SHA-256 of its bytes.
    public let contentHash: String

    public init(path: String, format: String, contentHash: String) {
        self.path = path
        self.format = format
        self.contentHash = contentHash
    }
}

// MARK: - SourcePlace

/// Where an animation is written in its file: 1-based line and column (of the call that starts
/// or declares it in Swift, of its object in a spec).
public struct SourcePlace: Sendable, Hashable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

// MARK: - AnimationKey

/// An animation's name in a store: its screen and id.
public struct AnimationKey: Sendable, Hashable {
    public var screen: String
    public var id: String

    public init(screen: String, id: String) {
        self.screen = screen
        self.id = id
    }
}

// MARK: - ImportOutcome

/// What importing one file did.
public struct ImportOutcome: Sendable, Equatable {
    public enum Result: String, Sendable { case added, changed, unchanged }
    public let result: Result
    public let screen: String
    public var added: [String] = []
    public var changed: [String] = []
    public var removed: [String] = []
    public var unchanged: [String] = []
    /// New revisions whose figures were handed over with the specs and stored in the same
    /// transaction (`ImportFigures`); 0 when none were.
    public var figuresStored = 0
}

// MARK: - InventoryRow

/// One live animation as `inventory` lists it.
public struct InventoryRow: Sendable, Equatable {
    public let screen: String
    public let id: String
    public let kind: String
    public let trigger: String
    public let component: String?
    public let reduceMotion: String?
    /// Seconds (one cycle when repeating).
    public let duration: Double
    public let repeating: Bool
    public let revision: Int
    public let source: String
    /// Why the timeline is an estimate (one reason a line; migration 007), nil when exact.
    public var estimated: String?
    /// Where the animation is written in `source` (migration 010); nil when not known.
    public var place: SourcePlace?
    /// How many haptics the code fires with the animation itself (migration 010); nil when the
    /// source does not say (a spec, a design file).
    public var codeHaptics: Int?
    /// The other screens that contain the code it is read from (migration 010): a component
    /// used on several screens is listed under the first by name.
    public var alsoOn: [String] = []
    /// What kind of source it comes from (migration 011): `spec`, `code` (Swift) or `design`
    /// (a Lottie export).
    public var origin = "spec"
    /// The id its source gives it: `id`, except for code the store renamed `id@folder` to keep
    /// ids unique on a screen (migration 011).
    public var givenID: String {
        get { renamedFrom ?? id }
        set { renamedFrom = newValue == id ? nil : newValue }
    }
    /// `givenID` where it differs from `id`: nil for nearly every row, which keeps rows as cheap
    /// to copy as before.
    private var renamedFrom: String?
    /// The other side of the same animation (a spec's code, a code's spec), worked out from the
    /// rows of its screen when listed (`AnimationPairing`); nil: none.
    public var link: InventoryLink?

    public init(
        screen: String, id: String, kind: String, trigger: String, component: String?, reduceMotion: String?,
        duration: Double, repeating: Bool, revision: Int, source: String, estimated: String? = nil
    ) {
        self.screen = screen
        self.id = id
        self.kind = kind
        self.trigger = trigger
        self.component = component
        self.reduceMotion = reduceMotion
        self.duration = duration
        self.repeating = repeating
        self.revision = revision
        self.source = source
        self.estimated = estimated
    }
}

// MARK: - InventoryLink

/// An inventory row's link with the other side of the same animation: a spec's (or design's)
/// animation and the code animation that plays it, paired by the rule `diff` pairs by.
public struct InventoryLink: Sendable, Equatable {
    public enum State: String, Sendable {
        /// One animation on the other side: the two rows are one animation.
        case paired
        /// Several animations on the other side fit equally well: none is picked.
        case ambiguous
    }

    /// A row on the other side, as the inventory shows it.
    public struct Other: Sendable, Equatable {
        public var screen: String
        public var id: String
        public var origin: String
        public var source: String
        public var place: SourcePlace?
        public var codeHaptics: Int?

        public init(_ row: InventoryRow) {
            screen = row.screen
            id = row.id
            origin = row.origin
            source = row.source
            place = row.place
            codeHaptics = row.codeHaptics
        }
    }

    public var state: State
    /// The row it is paired with, or every candidate (in inventory order) when ambiguous.
    public var with: [Other]

    public init(state: State, with: [Other]) {
        self.state = state
        self.with = with
    }
}

// MARK: - InventoryFilter

/// Narrows `inventory`: each set field must match exactly.
public struct InventoryFilter: Sendable {
    public var screen: String?
    public var kind: String?
    public var trigger: String?
    public init(screen: String? = nil, kind: String? = nil, trigger: String? = nil) {
        self.screen = screen
        self.kind = kind
        self.trigger = trigger
    }
}

// MARK: - StoredAnimation

/// An animation read back from the store, rebuilt from its rows.
public struct StoredAnimation: Sendable {
    public let screen: String
    public let spec: AnimationSpec
    public let source: String
    public let revision: Int
    public let removed: Bool
}

// MARK: - RevisionSummary

/// One revision of an animation.
public struct RevisionSummary: Sendable, Equatable {
    public let number: Int
    public let isCurrent: Bool
    public let duration: Double
    public let contentHash: String
    public let definition: String
    public let createdAt: String
}
