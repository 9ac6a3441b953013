// MARK: - ReaderUse

/// Which `motionsync` command lines may start the Swift reader (`motionsync-swift`), so that
/// `swift package motionsync` builds the reader only for those. A separate file with no import:
/// the plugin tests link it too (Tests/MotionPluginTests/PluginSources).
enum ReaderUse {
    /// The motionsync commands that never start the Swift reader: they read the store or AHAP
    /// files only, or print text.
    static let commandsWithoutSwift: Set<String> = ["inventory", "check-ahap", "completions", "help", "--help", "-h", "--version"]

    /// Whether `motionsync ARGUMENTS` may read Swift: false only for a command of
    /// `commandsWithoutSwift`, found as motionsync finds it (the first word that is not a global
    /// option: `--db FILE`, `--db=FILE`, `--quiet`, `-q`), and for no command at all (the help).
    /// Anything else reads Swift, `--` and the plugin's own `check` (a diff against Sources/)
    /// included.
    static func readsSwift(_ arguments: [String]) -> Bool {
        var words = arguments[...]
        while let word = words.popFirst() {
            if word == "--db" {
                _ = words.popFirst()
            } else if !(word.hasPrefix("--db=") || word == "--quiet" || word == "-q") {
                return !commandsWithoutSwift.contains(word)
            }
        }
        return false
    }
}
