import MotionCore

// MARK: - FigmaEasing

/// Figma's named easings, as its REST API spells `Easing.type`, with the motion each one stands
/// for. Design-token files exported from Figma may carry these names where a curve or a spring is
/// expected; the spec decoder can accept them through `figmaCurve(_:)` and `figmaSpring(_:)`.
///
/// Bézier control points are the ones Figma gives these names.
/// `CUSTOM_CUBIC_BEZIER` and `CUSTOM_SPRING` carry their own parameters and are not names.
/// (This type lives in `DesignTokenFigmaEasing.swift` because the design-token importer owns it.)
public enum FigmaEasing: String, CaseIterable, Sendable {
    case easeIn = "EASE_IN"
    case easeOut = "EASE_OUT"
    case easeInAndOut = "EASE_IN_AND_OUT"
    case linear = "LINEAR"
    case easeInBack = "EASE_IN_BACK"
    case easeOutBack = "EASE_OUT_BACK"
    case easeInAndOutBack = "EASE_IN_AND_OUT_BACK"
    case gentle = "GENTLE"
    case quick = "QUICK"
    case bouncy = "BOUNCY"
    case slow = "SLOW"

    // MARK: Motion

    /// The cubic Bézier of a curve name; nil for the spring presets.
    public var curve: UnitCurve? {
        switch self {
        case .easeIn: UnitCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
        case .easeOut: UnitCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
        case .easeInAndOut: UnitCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        case .linear: UnitCurve(x1: 0, y1: 0, x2: 1, y2: 1)
        case .easeInBack: UnitCurve(x1: 0.3, y1: -0.05, x2: 0.7, y2: -0.5)
        case .easeOutBack: UnitCurve(x1: 0.45, y1: 1.45, x2: 0.8, y2: 1)
        case .easeInAndOutBack: UnitCurve(x1: 0.7, y1: -0.4, x2: 0.4, y2: 1.4)
        case .gentle, .quick, .bouncy, .slow: nil
        }
    }

    /// The spring of a spring preset; nil for the curve names.
    ///
    /// UNVERIFIED: these mass/stiffness/damping triples come from third-party code, not from
    /// Figma's documentation (the reference marks them so). Check them against Figma before
    /// relying on exact timings.
    public var spring: Spring? {
        switch self {
        case .gentle: Spring(mass: 1, stiffness: 100, damping: 15)
        case .quick: Spring(mass: 1, stiffness: 300, damping: 20)
        case .bouncy: Spring(mass: 1, stiffness: 600, damping: 15)
        case .slow: Spring(mass: 1, stiffness: 80, damping: 20)
        default: nil
        }
    }

    /// True for the four spring presets.
    public var isSpring: Bool { spring != nil }

    // MARK: Lookup by name

    /// The Bézier for a Figma curve name (`"EASE_IN"` …, case-sensitive as Figma writes them);
    /// nil for spring presets and unknown names. O(1).
    public static func figmaCurve(_ name: String) -> UnitCurve? { FigmaEasing(rawValue: name)?.curve }

    /// The spring for a Figma spring preset (`"GENTLE"`, `"QUICK"`, `"BOUNCY"`, `"SLOW"`); nil for
    /// curve names and unknown names. O(1).
    public static func figmaSpring(_ name: String) -> Spring? { FigmaEasing(rawValue: name)?.spring }

    /// Curve names, in declaration order (for "use one of" messages).
    static let curveNames = allCases.filter { !$0.isSpring }.map(\.rawValue)
    /// Spring preset names, in declaration order.
    static let springNames = allCases.filter(\.isSpring).map(\.rawValue)
}
