#if canImport(UIKit)
import UIKit

/// The toast's fade, as Specs/Toast.json writes it.
final class ToastView: UIView {
    func dismiss() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 0.3
        fade.timingFunction = CAMediaTimingFunction(name: .easeOut)
        layer.add(fade, forKey: "fade")
    }
}
#endif
