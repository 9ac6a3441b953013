// MARK: - SwiftDelayScan

/// The functions of a file that run a closure later by a number of seconds they are given
/// (`SwiftDelayFact`), read from its bytes: each `func` whose body calls `asyncAfter(deadline:
/// .now() + p)` with `p` one of its parameters. Comments are read as code here, so a
/// commented-out wrapper still counts (a call of it would then be read with its delay). O(bytes).
struct SwiftDelayScan {
    private let text: SwiftFactsText

    /// The facts of `text`. `SwiftFactsScan` asks only for a file whose code names
    /// `asyncAfter` (its word table knows it).
    static func facts(_ text: SwiftFactsText) -> [SwiftDelayFact] {
        let scan = SwiftDelayScan(text: text)
        var found: [SwiftDelayFact] = []
        var k = 0
        while let at = text.firstIndex(of: "func", in: k..<text.count) {
            k = at + 4
            guard at == 0 || !text.continuesIdentifier(text[at - 1]), k < text.count, text.byteClass(at: k) == .space else { continue }
            if let fact = scan.delay(after: k) { found.append(fact) }
        }
        return found
    }

    /// The fact of the function whose name follows `start` (after `func`), if its body calls
    /// `asyncAfter(deadline: .now() + p)` with `p` a parameter.
    private func delay(after start: Int) -> SwiftDelayFact? {
        var k = text.skipSpace(start, newlines: true)
        let nameStart = k
        while k < text.count, text.continuesIdentifier(text[k]) { k += 1 }
        guard k > nameStart else { return nil }
        let name = text.name(nameStart..<k)
        k = text.skipSpace(k, newlines: true)
        if k < text.count, text[k] == UInt8(ascii: "<") {
            k = (text.matchingClose(from: k, open: UInt8(ascii: "<"), close: UInt8(ascii: ">")) ?? k) + 1
        }
        k = text.skipSpace(k, newlines: true)
        guard k < text.count, text[k] == UInt8(ascii: "("),
            let close = text.matchingClose(from: k, open: UInt8(ascii: "("), close: UInt8(ascii: ")"))
        else { return nil }
        let parameters = Self.parameters(text.bytes[(k + 1)..<close])
        // The body's `{`: after the effects and the result type, before anything else is declared.
        var b = close + 1
        while b < text.count, b < close + 400, text[b] != UInt8(ascii: "{"), text[b] != UInt8(ascii: "}"), text[b] != UInt8(ascii: "=") { b += 1 }
        guard b < text.count, text[b] == UInt8(ascii: "{"), let end = text.matchingClose(from: b, open: UInt8(ascii: "{"), close: UInt8(ascii: "}")),
            let delayed = delayedParameter(in: b..<end), let index = parameters.firstIndex(where: { $0.inner == delayed })
        else { return nil }
        let label = parameters[index].label
        let position = label == "_" ? parameters[..<index].filter { $0.label == "_" }.count : 0
        return SwiftDelayFact(name: name, label: label, position: position)
    }

    /// Each parameter's argument label (`_` for none) and inner name, in order.
    private static func parameters(_ text: ArraySlice<UInt8>) -> [(label: String, inner: String)] {
        var result: [(label: String, inner: String)] = []
        var depth = 0
        var pieceStart = text.startIndex
        for k in text.indices {
            switch text[k] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">") where k > text.startIndex && text[k - 1] == UInt8(ascii: "-"): break // `->`
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"): depth -= 1
            default: break
            }
            if (text[k] == UInt8(ascii: ",") && depth == 0) || k == text.index(before: text.endIndex) {
                let end = text[k] == UInt8(ascii: ",") ? k : text.endIndex
                if let parameter = parameter(text[pieceStart..<end]) { result.append(parameter) }
                pieceStart = k + 1
            }
        }
        return result
    }

    /// `label name: Type` → (label, name); `name: Type` → (name, name).
    private static func parameter(_ text: ArraySlice<UInt8>) -> (label: String, inner: String)? {
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let isSpace = { (c: UInt8) in SwiftFactsText.ByteClass.table[Int(c)] == .space }
        let words = text[..<colon].split(whereSeparator: isSpace).map { String(decoding: $0, as: UTF8.self) }
        switch words.count {
        case 1: return (words[0], words[0])
        case 2: return (words[0], words[1])
        default: return nil
        }
    }

    /// The name `p` of the first `asyncAfter(deadline: .now() + p` in `range` (also
    /// `DispatchTime.now()`), nil when there is none.
    private func delayedParameter(in range: Range<Int>) -> String? {
        var k = range.lowerBound
        while let at = text.firstIndex(of: "asyncAfter", in: k..<range.upperBound) {
            k = at + 10
            var p = expect("(", at: k)
            p = p.flatMap { expect("deadline", at: $0) }.flatMap { expect(":", at: $0) }
            if let q = p, let typed = expect("DispatchTime", at: q) { p = typed }
            p = p.flatMap { expect(".now", at: $0) }.flatMap { expect("(", at: $0) }.flatMap { expect(")", at: $0) }
            p = p.flatMap { expect("+", at: $0) }
            guard let start = p.map({ text.skipSpace($0, newlines: true) }) else { continue }
            var end = start
            while end < range.upperBound, text.continuesIdentifier(text[end]) { end += 1 }
            if end > start { return text.name(start..<end) }
        }
        return nil
    }

    /// The position after `word` at `k` (white space before it skipped), nil when it is not there.
    private func expect(_ word: StaticString, at k: Int) -> Int? {
        let k = text.skipSpace(k, newlines: true)
        let end = k + word.utf8CodeUnitCount
        return end <= text.count && text.spells(k..<end, word) ? end : nil
    }
}
