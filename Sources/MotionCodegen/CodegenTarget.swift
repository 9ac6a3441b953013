// MARK: - CodegenTarget

/// The framework generated code is written for.
public enum CodegenTarget: String, CaseIterable, Hashable, Sendable {
    /// SwiftUI (iOS 17): a `ViewModifier` per animation with `keyframeAnimator`, `phaseAnimator`,
    /// `KeyframeTimeline` or `.animation(_:value:)`, Reduce Motion and haptics.
    case swiftui
    /// UIKit / Core Animation: a function that adds the `CAAnimation`s to a layer.
    case uikit
}
