// MARK: - Phase

/// One phase of a phase animator: its values and the animation that moves into it.
public struct Phase: Hashable, Sendable, Codable {
    /// Unique name (the enum case or a label).
    public var name: String
    /// Property values in this phase, in declaration order. A property left out takes phase 0's value.
    public var values: [String: Double]
    /// Declaration order of `values`' keys.
    public var order: [String]
    /// The animation into this phase; nil means the step jumps (the closure returned `nil`).
    public var animation: PhaseAnimation?

    public init(name: String, values: [(String, Double)], animation: PhaseAnimation? = .default) {
        self.name = name
        self.order = values.map { $0.0 }
        self.values = Dictionary(values, uniquingKeysWith: { _, last in last })
        self.animation = animation
    }
}
