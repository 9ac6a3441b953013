import MotionPipeline

// MARK: - CompletionsCommand

/// `motionsync completions bash|zsh|fish`: a shell completion script for the commands and
/// each command's options, taken from the commands' own help texts (so they cannot drift).
public struct CompletionsCommand: Command {
    public static let name = "completions"
    public static let summary = "print a bash, zsh or fish completion script"
    public static let help = """
        USAGE
          motionsync completions bash|zsh|fish

        Prints a completion script for the shell: the commands, then each command's options
        (files complete as usual).

        EXAMPLES
          source <(motionsync completions bash)                 # bash, now; or save it to a file
          motionsync completions zsh > "${fpath[1]}/_motionsync"  # zsh, as a function on fpath
          motionsync completions fish > ~/.config/fish/completions/motionsync.fish
        """

    public enum Shell: String, CaseIterable { case bash, zsh, fish }

    let shell: Shell

    public init(arguments: inout ArgumentList, globals: GlobalOptions) throws {
        let words = try arguments.positionals()
        guard words.count == 1, let shell = Shell(rawValue: words[0]) else {
            throw CLIError.usage(
                words.isEmpty ? "name a shell" : "unknown shell \"\(words.joined(separator: " "))\"",
                hint: "write motionsync completions bash, zsh or fish")
        }
        self.shell = shell
    }

    public func run(io: CommandIO) throws -> Int32 {
        io.out(Self.script(for: shell))
        return 0
    }

    // MARK: Scripts

    /// Each command with its summary and the options its help lists, plus the global ones.
    static var table: [(name: String, summary: String, options: [String])] {
        MotionSyncCLI.commands.map { command in
            var all = options(in: command.help)
            for extra in ["--db", "--quiet", "--help"] where !all.contains(extra) { all.append(extra) }
            return (command.name, command.summary, all)
        }
    }

    static let globalOptions = ["--db", "--quiet", "--help", "--version"]

    /// Every `--word` in `help`, in first-seen order.
    static func options(in help: String) -> [String] {
        var found: [String] = []
        let chars = Array(help)
        var i = 0
        while i + 2 < chars.count {
            if chars[i] == "-", chars[i + 1] == "-", chars[i + 2].isLetter, i == 0 || !(chars[i - 1].isLetter || chars[i - 1] == "-") {
                var j = i + 2
                while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "-" { j += 1 }
                let word = String(chars[i..<j])
                if !found.contains(word) { found.append(word) }
                i = j
            } else {
                i += 1
            }
        }
        return found
    }

    public static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    static var bash: String {
        var out = """
            # bash completion for motionsync (motionsync completions bash)
            _motionsync() {
                local cur=${COMP_WORDS[COMP_CWORD]} command="" i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in
                        --db) ((i++)) ;;
                        -*) ;;
                        *) command=${COMP_WORDS[i]}; break ;;
                    esac
                done
                if [[ -z $command ]]; then
                    if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "\(globalOptions.joined(separator: " "))" -- "$cur"))
                    else COMPREPLY=($(compgen -W "\(table.map(\.name).joined(separator: " "))" -- "$cur")); fi
                    return
                fi
                local options=""
                case $command in

            """
        for c in table {
            out += "        \(c.name)) options=\"\(c.options.joined(separator: " "))\" ;;\n"
        }
        out += """
                esac
                if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$options" -- "$cur"))
                else COMPREPLY=($(compgen -f -- "$cur")); fi
            }
            complete -o filenames -o bashdefault -F _motionsync motionsync

            """
        return out
    }

    static var zsh: String {
        var out = """
            #compdef motionsync
            # zsh completion for motionsync (motionsync completions zsh)
            _motionsync() {
                local -a commands
                commands=(

            """
        for c in table { out += "        \(zshQuote("\(c.name):\(c.summary)"))\n" }
        out += """
                )
                if (( CURRENT == 2 )); then
                    _describe -t commands 'motionsync command' commands
                    return
                fi
                case $words[2] in

            """
        for c in table {
            let options = c.options.map { zshQuote("\($0)[\($0.dropFirst(2)) option]") }.joined(separator: " ")
            out += "        \(c.name)) _arguments \(options) '*:file:_files' ;;\n"
        }
        out += """
                    *) _files ;;
                esac
            }
            _motionsync "$@"

            """
        return out
    }

    static var fish: String {
        var out = "# fish completion for motionsync (motionsync completions fish)\n"
        out += "complete -c motionsync -n __fish_use_subcommand -l db -r -d 'the store'\n"
        out += "complete -c motionsync -n __fish_use_subcommand -l quiet -s q -d 'no notes on standard error'\n"
        for c in table {
            out += "complete -c motionsync -f -n __fish_use_subcommand -a \(c.name) -d \(fishQuote(c.summary))\n"
            for option in c.options {
                out += "complete -c motionsync -n '__fish_seen_subcommand_from \(c.name)' -l \(option.dropFirst(2))\n"
            }
        }
        return out
    }

    /// A single-quoted zsh word.
    static func zshQuote(_ s: String) -> String {
        "'" + s.replacing("'", with: "'\\''") + "'"
    }

    /// A single-quoted fish word (fish escapes `\\` and `'` inside).
    static func fishQuote(_ s: String) -> String {
        "'" + s.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
