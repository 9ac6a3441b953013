import UIKit

// Written for motionsync's tests in the shapes met in public UIKit apps: a progress bar whose
// mask layer follows the progress inside a CATransaction, a duration chosen by `animated`,
// helpers on UIView with default durations, and a file's own `TimeInterval` constant.

final class ProgressBar: UIView {
    private let maskLayer = CALayer()
    private let glowLayer = CAGradientLayer()

    func setProgress(_ progress: CGFloat, animated: Bool) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(animated ? 0.2 : 0.0)
        maskLayer.frame = bounds.insetBy(dx: progress, dy: 0)
        CATransaction.commit()
    }

    func glow() {
        glowLayer.opacity = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(.glowDuration)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
        glowLayer.opacity = 1
        CATransaction.commit()
    }

    func reset() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        maskLayer.frame = .zero
        CATransaction.commit()
    }
}

final class UploadViewController: UIViewController {
    let bar = ProgressBar()

    override func viewDidLoad() {
        super.viewDidLoad()
        bar.setProgress(0.5, animated: true)
        view.beginPulsing()
    }

    @IBAction func hide(_ sender: UIButton) {
        UIView.animate(withDuration: .glowDuration) { self.bar.alpha = 0 }
        bar.fadeIn()
    }
}

extension UIView {
    func beginPulsing(duration: TimeInterval = 1) {
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.duration = duration
        pulse.fromValue = 1
        pulse.toValue = 0.3
        pulse.autoreverses = true
        layer.add(pulse, forKey: "pulse")
    }

    func fadeIn(duration: TimeInterval = 0.35) {
        alpha = 0
        UIView.animate(withDuration: duration) { self.alpha = 1 }
    }
}

fileprivate extension TimeInterval {
    static let glowDuration: TimeInterval = 0.4
}
