// MARK: - TapMethodName

/// Whether a method's name says a user tapped: UIKit code names its target-action methods and
/// its views' delegate callbacks so (`closeTapped()`, `didTapClose()`,
/// `pinMessageBannerViewDidTapPin(_:)`, `onButtonTapped`), and calls what animates from them.
/// Read by the Swift reader (a method's own trigger) and by the handler scan (what other files'
/// code calls from it), so both agree.
public enum TapMethodName {
    /// True for a name with `DidTap` in it, or that starts with `didTap`, or ends with `Tapped`
    /// or `tapped`. The handler scan asks it of every function it meets. O(length).
    public static func saysTap(_ name: String) -> Bool {
        UTF8Search.hasPrefix(name, "didTap") || UTF8Search.hasSuffix(name, "Tapped")
            || UTF8Search.hasSuffix(name, "tapped") || UTF8Search.contains(name, "DidTap")
    }
}
