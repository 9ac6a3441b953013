import Combine
import UIKit

// Where UIKit animations start (issue 48): a publisher's values, a control's events, gesture
// recognizers, a table's row selection, closure handlers.
final class StatusViewController: UIViewController, UITableViewDelegate {
    let dot = UIView()
    let button = UIButton()
    let toggle = UISwitch()
    let field = UITextField()
    var bag = Set<AnyCancellable>()
    @Published var indexStatus = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        $indexStatus.receive(on: DispatchQueue.main).removeDuplicates().sink { _ in
            UIView.animate(withDuration: 0.2) { self.dot.alpha = 0.5 }
        }.store(in: &bag)
        NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification).sink { _ in
            UIView.animate(withDuration: 0.2) { self.dot.alpha = 1 }
        }.store(in: &bag)
        NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { _ in
            UIView.animate(withDuration: 0.25) { self.dot.alpha = 0 }
        }
        button.addTarget(self, action: #selector(pressed), for: .touchUpInside)
        toggle.addTarget(self, action: #selector(switched(_:)), for: .valueChanged)
        field.addTarget(self, action: #selector(edited), for: .editingChanged)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tapped)))
        view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(panned)))
        button.addAction(UIAction { _ in
            UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.3 }
        }, for: .touchUpInside)
        UIView.animate(withDuration: 0.3) { self.dot.alpha = 0.9 }
        CADisplayLink(target: self, selector: #selector(step)).add(to: .main, forMode: .common)
        button.addAction(UIAction { _ in self.pulse() }, for: .primaryActionTriggered)
        fade()
        Timer.scheduledTimer(withTimeInterval: 2, repeats: true) { _ in
            UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.75 }
        }
        Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { _ in
            UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.85 }
        }
    }

    @IBAction func more(_ sender: Any) { slide { print("done") } }
    func slide(completion: @escaping () -> Void) { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.55 } }
    func fade() {}
    func fade(_ view: UIView, didFinish: Bool) { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.65 } }

    @IBAction func buy(_ sender: Any) { bounce() }
    func bounce() { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.15 } }
    func pulse() { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.25 } }
    @objc func step() { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.35 } }
    func scrollViewDidScroll(_ scrollView: UIScrollView) { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.45 } }

    @objc func pressed() { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.1 } }
    @objc func switched(_ sender: UISwitch) { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.2 } }
    @objc func edited() { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.4 } }
    @objc func tapped() { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.6 } }
    @objc func panned() { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.7 } }
    func unregistered() { UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.8 } }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        UIView.animate(withDuration: 0.1) { self.dot.alpha = 0.05 }
    }
}
