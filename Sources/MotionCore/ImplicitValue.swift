// MARK: - ImplicitValue

/// One property an implicit animation moves: from `from` (the value before the state changes)
/// to `to` (the value after), in the property's units. The unit-progress track is
/// `ImplicitValue.progress`.
public struct ImplicitValue: Hashable, Sendable, Codable {
    public var name: String
    public var from: Double
    public var to: Double

    public init(_ name: String, from: Double, to: Double) {
        self.name = name
        self.from = from
        self.to = to
    }

    /// The one track an implicit animation gets when the code does not show the values it moves
    /// between: `progress` from 0 to 1 (its peaks are still exact: a spring's overshoot time does
    /// not depend on its end points).
    public static let progress = ImplicitValue("progress", from: 0, to: 1)
}
