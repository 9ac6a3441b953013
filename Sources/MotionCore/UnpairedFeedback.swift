// MARK: - UnpairedFeedback

/// A haptic the code fires on a state that nothing animates on (`.sensoryFeedback(.success,
/// trigger: saved)` where no animation keys on `saved`): motion and touch cannot land together.
public struct UnpairedFeedback: Hashable, Sendable, Codable {
    /// The screen of the view that fires it.
    public var screen: String
    /// The view type.
    public var component: String?
    /// What fires (`Feedback.kind`).
    public var kind: String
    /// The state it fires on, as written (`saved`, `viewModel.count`).
    public var trigger: String
    /// Where: the file (as imported) and 1-based line.
    public var file: String
    public var line: Int

    public init(screen: String, component: String?, kind: String, trigger: String, file: String, line: Int) {
        self.screen = screen
        self.component = component
        self.kind = kind
        self.trigger = trigger
        self.file = file
        self.line = line
    }
}
