import MotionCore
import MotionSwiftSource
import Testing

/// Issue 48, a fifth hand check (Simplenote): a button's action reaches an animation through
/// the controller's own helpers and a method of `extension UIView` called on a label
/// (`@IBAction login` → `ensureWarnings()` → `refreshWarning()` → `label.pulse()`), in one file or
/// across files; and the code of a controller's extension in another file, called from its
/// handlers.
@Suite("triggers through chains of calls")
struct CallChainTriggerTests {
    static let controller = """
        import UIKit
        final class LoginViewController: UIViewController {
            private let warningLabel = UILabel()
            @IBAction private func login(_ sender: UIButton) {
                guard ensureWarnings() else { return }
                showHistory()
            }
            private func ensureWarnings() -> Bool {
                if warningLabel.isHidden {
                    refreshWarning(visible: true)
                }
                verify() { ok in self.celebrate() }
                return true
            }
            private func refreshWarning(visible: Bool) {
                warningLabel.pulse(hidden: !visible)
            }
            func reload() { warningLabel.dim() }
        }
        """
    static let pulse = """
        import UIKit
        extension UIView {
            func pulse(hidden: Bool) {
                UIView.animate(withDuration: 0.2) { self.alpha = hidden ? 0 : 1 }
            }
            func dim() {
                UIView.animate(withDuration: 0.3) { self.alpha = 0.5 }
            }
        }
        """
    static let history = """
        import UIKit
        extension LoginViewController {
            func showHistory() {
                UIView.animate(withDuration: 0.4) { self.view.alpha = 1 }
            }
        }
        """

    static func triggers(_ source: String, file: String, with others: [String]) throws -> [Trigger] {
        let table = SwiftModuleConstants(others.map { SwiftFactsScan.facts(Array($0.utf8)) })
        return try SwiftSourceImporter().extract(source: source, file: file, constants: table).animations.map(\.spec.trigger)
    }

    @Test("the handler scan passes a handler's trigger on through the methods it calls, own and other objects'")
    func factsPassedOn() {
        let facts = SwiftFactsScan.facts(Array(Self.controller.utf8))
        let found = Set(facts.handlers.map { "\($0.container).\($0.name)=\($0.trigger)" })
        #expect(found.isSuperset(of: ["LoginViewController.ensureWarnings=tap", "LoginViewController.refreshWarning=tap", "*.pulse=tap"]))
        #expect(found.contains("LoginViewController.showHistory=tap"))
        #expect(!found.contains { $0.hasPrefix("*.dim=") }, "reload is called by no handler")
        // A completion runs later, on an event of its own: what it calls is not the tap's.
        #expect(found.contains("LoginViewController.verify=tap") && !found.contains { $0.hasPrefix("LoginViewController.celebrate=") })
    }

    @Test("a method of extension UIView called on a label takes the trigger of the chain that calls it, in its file and from another")
    func extensionMethodsOfPlatformClasses() throws {
        // In one file: the reader follows the calls itself.
        let oneFile = try Self.triggers(
            Self.controller + "\n" + Self.pulse.replacingOccurrences(of: "import UIKit\n", with: ""), file: "Login.swift", with: [])
        #expect(oneFile == [.tap, .event("dim")])
        // Across files: through the handler facts of the controller's file.
        #expect(try Self.triggers(Self.pulse, file: "UIView+Pulse.swift", with: [Self.controller]) == [.tap, .event("dim")])
        // Without them, the method's own name.
        #expect(try Self.triggers(Self.pulse, file: "UIView+Pulse.swift", with: []) == [.event("pulse"), .event("dim")])
    }

    @Test("a method of a controller's extension in another file takes the trigger of the controller's handlers that call it")
    func extensionInAnotherFile() throws {
        #expect(try Self.triggers(Self.history, file: "Login+History.swift", with: [Self.controller]) == [.tap])
        #expect(try Self.triggers(Self.history, file: "Login+History.swift", with: []) == [.event("showHistory")])
    }
}
