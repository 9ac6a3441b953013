// MARK: - TapMethodName

/// Whether a method's name says a user tapped: UIKit code names its target-action methods and
/// its views' delegate callbacks so (`closeTapped()`, `didTapClose()`,
/// `pinMessageBannerViewDidTapPin(_:)`, `onButtonTapped`), and calls what animates from them.
/// Read by the Swift reader (a method's own trigger) and by the handler scan (what other files'
/// code calls from it), so both agree.
public enum TapMethodName {
    /// True for a name with `DidTap` in it, or that starts with `didTap`, or ends with `Tapped`
    /// or `tapped`. Compared as bytes: the handler scan asks it of every function it meets.
    /// O(length).
    public static func saysTap(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return bytes.starts(with: "didTap".utf8) || bytes.reversed().starts(with: "deppaT".utf8)
            || bytes.reversed().starts(with: "deppat".utf8) || holds(bytes, "DidTap")
    }

    private static func holds(_ bytes: [UInt8], _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let spelled = UnsafeBufferPointer(start: word.utf8Start, count: count)
        return (0...(bytes.count - count)).contains { start in bytes[start..<(start + count)].elementsEqual(spelled) }
    }
}
