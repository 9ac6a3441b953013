import SwiftUI
import UIKit

// Animations that start after a `Task.sleep` in the same task (issue 48): the sleep is a start
// delay, as `asyncAfter` is; a sleep that is not a literal leaves the start an estimate.
final class BannerViewController: UIViewController {
    let first = UIView(), second = UIView(), third = UIView(), fourth = UIView()
    var pause = 0.3

    func later() async {
        first.alpha = 1
        second.alpha = 1
        third.alpha = 1
        fourth.alpha = 1
        Task {
            try await Task.sleep(for: .seconds(0.5))
            UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear) { self.first.alpha = 0.5 }
        }
        Task {
            try await Task.sleep(nanoseconds: 250_000_000)
            try? await Task.sleep(for: .milliseconds(150))
            await MainActor.run {
                UIView.animate(withDuration: 0.2, delay: 0.1, options: .curveLinear) { self.second.alpha = 0 }
            }
        }
        Task {
            try await Task.sleep(for: .seconds(pause))
            UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear) { self.third.alpha = 0.25 }
        }
        try? await Task.sleep(nanoseconds: 1_000_000_000)
        button.onTap {
            UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear) { self.fourth.alpha = 0.75 }
        }
    }
}

struct ToastView: View {
    @State private var shown = false

    var body: some View {
        Text("Saved")
            .opacity(shown ? 1 : 0)
            .task {
                try? await Task.sleep(for: .seconds(1))
                withAnimation(.linear(duration: 0.5)) { shown = true }
            }
    }
}
