import MotionBudget

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - BudgetProfile lookup

extension BudgetProfile {
    /// A built-in profile by name (`apple-touch`, `material3`), or one read from a JSON profile
    /// file (relative paths against `cwd`); nil `text` is `apple-touch`.
    /// - Throws: `CLIError.usage` for a name that is neither built in nor a readable file,
    ///   `CLIError.rejectedLines` with each problem's file:line and pointer for a bad profile.
    public static func resolve(_ text: String?, cwd: String?) throws -> BudgetProfile {
        guard let text else { return .appleTouch }
        if let builtIn = BudgetProfile.named(text) { return builtIn }
        let path = text.hasPrefix("/") || cwd == nil ? text : PathText.appending(text, to: cwd!)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.usage(
                "--profile \(text) is neither a built-in profile nor a readable file",
                hint: "use \(BudgetProfile.builtIn.map(\.name).joined(separator: " or ")), or a JSON profile file")
        }
        let decoded = BudgetProfileDecoder().decode(bytes: [UInt8](data))
        guard let profile = decoded.profile else {
            throw CLIError.rejectedLines(
                decoded.problems.map { "motionsync: rejected profile (\(text)\($0.location.map { ":\($0)" } ?? "") at \($0.pointer)): \($0.message)" }
            )
        }
        return profile
    }
}
