// MARK: - SwiftCall

/// A call expression laid out as `swift-format` lays it out at 100 columns: on one line when it
/// fits; else `name(` and the arguments packed greedily on the following lines two columns
/// deeper, an argument that fits nowhere broken the same way, the closing parentheses on the
/// last argument's line.
struct SwiftCall: Equatable {
    /// One argument: text that never breaks, or a call that may.
    indirect enum Argument: Equatable {
        case atom(String)
        case call(label: String?, SwiftCall)

        var flat: String {
            switch self {
            case .atom(let text): text
            case .call(let label, let call): (label.map { "\($0): " } ?? "") + call.flat
            }
        }
    }

    /// The callee (`LinearKeyframe`, `.bezier`, `UnitPoint`).
    var name: String
    var arguments: [Argument]

    init(_ name: String, _ arguments: [Argument]) {
        self.name = name
        self.arguments = arguments
    }

    /// `name(a, b: c)`.
    var flat: String { name + "(" + arguments.map(\.flat).joined(separator: ", ") + ")" }

    /// The column limit: `swift-format`'s default is 100, but it breaks some 100-column lines
    /// (an array assigned at four columns), so 99 keeps every line as it lays it out.
    static let width = 99

    /// The lines (with their indentation in columns) for this call at `indent`, after `leading`
    /// text on its first line and followed by `trailing` text on its last.
    func lines(indent: Int, leading: String = "", trailing: String = "") -> [(indent: Int, text: String)] {
        let one = leading + flat + trailing
        if indent + one.count <= Self.width || arguments.isEmpty { return [(indent, one)] }
        var out: [(indent: Int, text: String)] = [(indent, leading + name + "(")]
        let inner = indent + 2
        var current = ""
        for (k, argument) in arguments.enumerated() {
            let end = k == arguments.count - 1 ? ")" + trailing : ","
            let piece = argument.flat + end
            let candidate = current.isEmpty ? piece : current + " " + piece
            if inner + candidate.count <= Self.width {
                current = candidate
                continue
            }
            if !current.isEmpty { out.append((inner, current)) }
            current = ""
            if inner + piece.count <= Self.width {
                current = piece
            } else if case .call(let label, let call) = argument {
                out += call.lines(indent: inner, leading: label.map { "\($0): " } ?? "", trailing: end)
            } else {
                current = piece
            }
        }
        if !current.isEmpty { out.append((inner, current)) }
        return out
    }
}

// MARK: - SwiftChain

/// A chain of calls (`.easeIn(duration: 0.3).speed(2).delay(0.1)`): on one line when it fits,
/// else the base and then each further call on its own line two columns deeper (a layout
/// `swift-format` keeps).
struct SwiftChain: Equatable {
    /// The animation itself: a call (`.spring(duration: 0.4, bounce: 0.2)`) or a name (`.snappy`).
    var base: SwiftCall.Argument
    /// `.speed(2)`, `.delay(0.1)`, … as written.
    var links: [String]

    var flat: String { base.flat + links.joined() }

    /// The lines at `indent` after `leading` (`case .lift: `), followed by `trailing`.
    func lines(indent: Int, leading: String = "", trailing: String = "") -> [(indent: Int, text: String)] {
        if indent + (leading + flat + trailing).count <= SwiftCall.width { return [(indent, leading + flat + trailing)] }
        // `case .lift:` alone on its line, the chain under it.
        var out: [(indent: Int, text: String)] = []
        var start = indent
        var first = leading
        if leading.hasSuffix(": "), leading.hasPrefix("case ") {
            out.append((indent, String(leading.dropLast())))
            start = indent + 2
            first = ""
        }
        func baseLines(_ trailing: String) -> [(indent: Int, text: String)] {
            guard case .call(_, let call) = base else { return [(start, first + base.flat + trailing)] }
            return call.lines(indent: start, leading: first, trailing: trailing)
        }
        if links.isEmpty { return out + baseLines(trailing) }
        out += baseLines("")
        for (k, link) in links.enumerated() { out.append((start + 2, link + (k == links.count - 1 ? trailing : ""))) }
        return out
    }
}

extension SourceWriter {
    /// Appends `call` laid out at the current depth.
    mutating func call(_ call: SwiftCall, leading: String = "", trailing: String = "") {
        laidOut(call.lines(indent: column, leading: leading, trailing: trailing))
    }

    /// Appends `chain` laid out at the current depth.
    mutating func chain(_ chain: SwiftChain, leading: String = "", trailing: String = "") {
        laidOut(chain.lines(indent: column, leading: leading, trailing: trailing))
    }

    /// Appends laid-out lines (indentation in absolute columns).
    mutating func laidOut(_ lines: [(indent: Int, text: String)]) {
        let base = column
        for l in lines { line(String(repeating: " ", count: l.indent - base) + l.text) }
    }
}
