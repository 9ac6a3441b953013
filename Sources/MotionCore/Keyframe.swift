// MARK: - Keyframe

/// One keyframe of a track, in SwiftUI's words (`MoveKeyframe`, `LinearKeyframe`, `CubicKeyframe`,
/// `SpringKeyframe`). Each animates from where the previous keyframe left the value to `to`.
/// Durations in seconds, velocities in property units per second.
public enum Keyframe: Hashable, Sendable, Codable {
    /// Jumps to `to` instantly; outgoing velocity 0.
    case move(to: Double)
    /// Interpolates along `curve` over `duration` (≥ 0) seconds.
    case linear(to: Double, duration: Double, curve: UnitCurve = .linear)
    /// Cubic Hermite segment; velocities default to the Catmull-Rom hand-over rules.
    case cubic(to: Double, duration: Double, startVelocity: Double? = nil, endVelocity: Double? = nil)
    /// Spring segment; `duration` nil means "until settled" (ε = 0.0001, as DanceUI does).
    case spring(to: Double, duration: Double? = nil, spring: Spring = Spring(duration: 0.5, bounce: 0), startVelocity: Double? = nil)

    /// The keyframe's target value.
    public var to: Double {
        switch self {
        case .move(let to), .linear(let to, _, _), .cubic(let to, _, _, _), .spring(let to, _, _, _): to
        }
    }

    /// The SwiftUI type name, for reports.
    public var typeName: String {
        switch self {
        case .move: "move"
        case .linear: "linear"
        case .cubic: "cubic"
        case .spring: "spring"
        }
    }

    /// The explicit start velocity written on this keyframe, if any.
    var explicitStartVelocity: Double? {
        switch self {
        case .cubic(_, _, let v, _), .spring(_, _, _, let v): v
        default: nil
        }
    }
}
