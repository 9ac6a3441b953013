import MotionSwiftSourceModel
import Testing

/// `UTF8Search` answers as `String`'s own `hasPrefix`, `hasSuffix` and `contains` do for the
/// ASCII words the readers ask about, whatever the text holds.
@Suite struct UTF8SearchTests {
    static let texts = [
        "", "T", "Tap", "didTap", "didTapClose", "closeTapped", "tapped", "untapped", "TappedX",
        "pinMessageBannerViewDidTapPin", "UIPanGestureRecognizer", "Gesture", "caféTapped", "didTapé",
        "DidTa", "ñDidTapñ", "e\u{301}Tapped", "🙂GestureRecognizer🙂",
    ]
    static let words = ["didTap", "Tapped", "tapped", "DidTap", "GestureRecognizer", "T", ""]

    @Test("every text and word answers as String does")
    func agreesWithString() {
        for text in Self.texts {
            for word in Self.words {
                #expect(UTF8Search.hasPrefix(text, word) == text.hasPrefix(word), "\(text) hasPrefix \(word)")
                #expect(UTF8Search.hasSuffix(text, word) == text.hasSuffix(word), "\(text) hasSuffix \(word)")
                #expect(UTF8Search.contains(text, word) == (word.isEmpty || text.contains(word)), "\(text) contains \(word)")
            }
        }
    }

    @Test("tap names: the four spellings, and names that only look close")
    func tapNames() {
        for name in ["didTapClose", "closeTapped", "onButtonTapped", "bannerViewDidTapPin", "didTap"] {
            #expect(TapMethodName.saysTap(name), "\(name)")
        }
        for name in ["tap", "handleTap", "Tapped2", "didtapClose", "tappedCount", "DidTa", ""] {
            #expect(!TapMethodName.saysTap(name), "\(name)")
        }
    }
}
