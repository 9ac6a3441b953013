import MotionJSON

// MARK: - AndroidPrimitive

/// One `addPrimitive(id, scale, delayMs)` call of Android's
/// `VibrationEffect.startComposition()…compose()` (API 30).
public struct AndroidPrimitive: Hashable, Sendable {
    /// `VibrationEffect.Composition.PRIMITIVE_*` constants.
    public enum Kind: Int, CaseIterable, Hashable, Sendable {
        case click = 1
        case thud = 2
        case spin = 3
        case quickRise = 4
        case slowRise = 5
        case quickFall = 6
        case tick = 7
        case lowTick = 8

        /// The constant's name without its `PRIMITIVE_` prefix: `CLICK`, `QUICK_RISE`, ….
        public var name: String {
            switch self {
            case .click: "CLICK"
            case .thud: "THUD"
            case .spin: "SPIN"
            case .quickRise: "QUICK_RISE"
            case .slowRise: "SLOW_RISE"
            case .quickFall: "QUICK_FALL"
            case .tick: "TICK"
            case .lowTick: "LOW_TICK"
            }
        }

        /// First Android API level with the primitive (THUD, SPIN and LOW_TICK came in 31).
        public var minimumAPILevel: Int {
            switch self {
            case .thud, .spin, .lowTick: 31
            default: 30
            }
        }
    }

    public var primitive: Kind
    /// Strength, 0–1.
    public var scale: Double
    /// Pause (ms) after the end of the previous primitive (after the start of the composition
    /// for the first one).
    public var delayMs: Int

    public init(primitive: Kind, scale: Double, delayMs: Int) {
        self.primitive = primitive
        self.scale = scale
        self.delayMs = delayMs
    }

    /// `{"primitive":"CLICK","id":1,"scale":0.8,"delayMs":0}`.
    public var json: JSONValue {
        .object(
            JSONObject([
                ("primitive", .string(primitive.name)),
                ("id", .number(Double(primitive.rawValue))),
                ("scale", .number(scale)),
                ("delayMs", .number(Double(delayMs))),
            ]))
    }
}
