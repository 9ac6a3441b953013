import RxSwift
import SwiftUI
import UIKit

/// Callbacks stored in properties, RxSwift subscriptions, a binding handed to a drop target, an
/// app's own button's `action:`, and a Core Animation pulse that repeats `MAXFLOAT` times (for ever).
final class RecordingViewController: UIViewController {
    let call = Call()
    let viewModel = RecordingViewModel()
    let stopButton = UIButton()
    let pulseLayer = CAShapeLayer()
    let bag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        call.hasStartedConnectingDidChange = { [weak self] in
            UIView.animate(withDuration: 0.5) { self?.view.alpha = 1 }
        }
        let recognizer = UITapGestureRecognizer()
        recognizer.rx.event
            .subscribe(onNext: { [weak self] _ in UIView.animate(withDuration: 0.25) { self?.view.alpha = 0 } })
            .disposed(by: bag)
        stopButton.rx.tap.bind(onNext: { [weak self] in UIView.animate(withDuration: 0.2) { self?.stopButton.alpha = 0.5 } })
            .disposed(by: bag)
        viewModel.stateObservable
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] _ in UIView.animate(withDuration: 0.4) { self?.view.alpha = 0.8 } })
            .disposed(by: bag)
    }

    func startPulse() {
        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 0
        pulse.toValue = 1
        pulse.duration = 0.6
        pulse.repeatCount = MAXFLOAT
        pulseLayer.add(pulse, forKey: "pulse")
    }
}

struct AttachmentDropView: View {
    @State private var targeted = false
    @State private var showNumber = false

    var body: some View {
        RoundedRectangle(cornerRadius: 12)
            .opacity(targeted ? 1 : 0.4)
            .onDrop(of: [.image], isTargeted: $targeted.animation(.easeOut(duration: 0.2)), perform: { _ in true })
        Text(showNumber ? "4242" : "••••")
            .animation(.default, value: showNumber)
        // The app's own button: its `action:` runs on a tap.
        CircleButton(icon: "eye", action: { showNumber.toggle() })
    }
}
