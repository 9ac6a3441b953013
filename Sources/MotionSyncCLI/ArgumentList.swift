import MotionFormats
import MotionPipeline

// MARK: - ArgumentList

/// The words after the subcommand, consumed by a command's parser: options (`--fps 60`,
/// `--fps=60`), flags (`--strict`) and positionals; after `--` every word is a positional.
/// Whatever is left over is an error.
public struct ArgumentList {
    private var words: [String]
    /// The option and flag names the command asked for, for "did you mean" on an unknown one.
    private var known: [String] = []

    public init(_ words: [String]) { self.words = words }

    public var isEmpty: Bool { words.isEmpty }

    /// The words not consumed yet, in order.
    public var remaining: [String] { words }

    /// Removes and returns `--name VALUE` / `--name=VALUE` (also a short alias like `-o`).
    /// - Throws: `CLIError.usage` when the option is given without a value or more than once.
    public mutating func option(_ name: String, short: String? = nil) throws -> String? {
        known.append(name)
        var found: String?
        var i = 0
        while i < words.count {
            let w = words[i]
            if w == "--" { break }
            var value: String?
            if w == "--\(name)" || (short.map { w == "-\($0)" } ?? false) {
                guard i + 1 < words.count else { throw CLIError.usage("--\(name) needs a value", hint: "write --\(name) VALUE") }
                value = words[i + 1]
                words.removeSubrange(i...(i + 1))
            } else if w.hasPrefix("--\(name)=") {
                value = String(w.dropFirst(name.count + 3))
                words.remove(at: i)
            } else {
                i += 1
                continue
            }
            if found != nil { throw CLIError.usage("--\(name) is given twice", hint: "give it once") }
            try Self.checkNotEmpty(value, name: name)
            found = value
        }
        return found
    }

    /// An option given an empty value (`--out ''`) is refused: no option takes one, and an empty
    /// path would quietly mean the current folder.
    static func checkNotEmpty(_ value: String?, name: String) throws {
        if value == "" { throw CLIError.usage("--\(name) is empty", hint: "write --\(name) VALUE") }
    }

    /// Removes every `--name VALUE` occurrence, in order.
    public mutating func options(_ name: String) throws -> [String] {
        known.append(name)
        var values: [String] = []
        while let v = try optionOnce(name) { values.append(v) }
        return values
    }

    private mutating func optionOnce(_ name: String) throws -> String? {
        guard let i = words[..<optionsEnd].firstIndex(where: { $0 == "--\(name)" || $0.hasPrefix("--\(name)=") }) else { return nil }
        if words[i] == "--\(name)" {
            guard i + 1 < words.count else { throw CLIError.usage("--\(name) needs a value", hint: "write --\(name) VALUE") }
            let v = words[i + 1]
            words.removeSubrange(i...(i + 1))
            try Self.checkNotEmpty(v, name: name)
            return v
        }
        let v = String(words[i].dropFirst(name.count + 3))
        words.remove(at: i)
        try Self.checkNotEmpty(v, name: name)
        return v
    }

    /// Where options end: the index of the first `--` (end of options: every word after it is a
    /// positional, so a screen named `--><!--` or `-q` can be given), or the word count.
    var optionsEnd: Int { words.firstIndex(of: "--") ?? words.count }

    /// The words before `--`: where options and flags are looked for.
    public var optionWords: ArraySlice<String> { words[..<optionsEnd] }

    /// Removes `--name` (before `--`) and says whether it was there.
    public mutating func flag(_ name: String, short: String? = nil) -> Bool {
        known.append(name)
        let end = optionsEnd
        var kept = Array(words[..<end])
        let before = kept.count
        kept.removeAll { w in w == "--\(name)" || (short.map { s in w == "-\(s)" } ?? false) }
        let found = kept.count != before
        words = kept + words[end...]
        return found
    }

    /// Removes and returns the remaining positionals (after checking no unknown option is left).
    /// - Throws: `CLIError.usage` naming the first unknown option, with the closest option the
    ///   command takes when it looks like a typo of one.
    public mutating func positionals() throws -> [String] {
        var result: [String] = []
        var literal = false
        for w in words {
            if literal {
                result.append(w)
                continue
            }
            if w == "--" {
                literal = true
                continue
            }
            if w.hasPrefix("-") && w.count > 1 && Double(w) == nil {
                let name = String(w.drop { $0 == "-" }.prefix { $0 != "=" })
                let options = known.map { "--" + $0 }
                let suggestion = Suggestion.closest("--" + name, in: options)
                throw CLIError.usage(
                    "unknown option \(w)" + (suggestion.map { "; did you mean \($0)?" } ?? ""),
                    hint: "see the command's --help for its options" + (known.isEmpty ? "" : " (\(options.joined(separator: ", ")))"))
            }
            result.append(w)
        }
        words = []
        return result
    }

    /// Fails when anything is left.
    public mutating func finish() throws {
        let rest = try positionals()
        if let first = rest.first { throw CLIError.usage("unexpected argument \"\(first)\"", hint: "see the command's --help") }
    }
}
