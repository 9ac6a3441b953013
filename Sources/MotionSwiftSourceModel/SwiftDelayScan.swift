// MARK: - SwiftDelayScan

/// The functions of a file that run a closure later by a number of seconds they are given
/// (`SwiftDelayFact`), read from its bytes: each `func` whose body calls `asyncAfter(deadline:
/// .now() + p)` with `p` one of its parameters. Comments are read as code here, so a
/// commented-out wrapper still counts (a call of it would then be read with its delay). O(bytes).
enum SwiftDelayScan {
    /// The facts of `bytes`. `SwiftFactsScan` asks only for a file whose code names
    /// `asyncAfter` (its word table knows it).
    static func facts(_ bytes: [UInt8]) -> [SwiftDelayFact] {
        var found: [SwiftDelayFact] = []
        var k = 0
        while let at = find("func", in: bytes, from: k) {
            k = at + 4
            guard at == 0 || !continuesWord(bytes[at - 1]), k < bytes.count, isSpace(bytes[k]) else { continue }
            if let fact = delay(in: bytes, after: k) { found.append(fact) }
        }
        return found
    }

    /// The fact of the function whose name follows `start` (after `func`), if its body calls
    /// `asyncAfter(deadline: .now() + p)` with `p` a parameter.
    private static func delay(in bytes: [UInt8], after start: Int) -> SwiftDelayFact? {
        var k = skipSpaces(bytes, start)
        let nameStart = k
        while k < bytes.count, continuesWord(bytes[k]) { k += 1 }
        guard k > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<k], as: UTF8.self)
        k = skipSpaces(bytes, k)
        if k < bytes.count, bytes[k] == UInt8(ascii: "<") { k = (matching(bytes, from: k, open: "<", close: ">") ?? k) + 1 }
        k = skipSpaces(bytes, k)
        guard k < bytes.count, bytes[k] == UInt8(ascii: "("), let close = matching(bytes, from: k, open: "(", close: ")") else { return nil }
        let parameters = Self.parameters(bytes[(k + 1)..<close])
        // The body's `{`: after the effects and the result type, before anything else is declared.
        var b = close + 1
        while b < bytes.count, b < close + 400, bytes[b] != UInt8(ascii: "{"), bytes[b] != UInt8(ascii: "}"), bytes[b] != UInt8(ascii: "=") { b += 1 }
        guard b < bytes.count, bytes[b] == UInt8(ascii: "{"), let end = matching(bytes, from: b, open: "{", close: "}") else { return nil }
        guard let delayed = delayedParameter(bytes, in: b..<end), let index = parameters.firstIndex(where: { $0.inner == delayed }) else {
            return nil
        }
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
        let words = text[..<colon].split(whereSeparator: isSpace).map { String(decoding: $0, as: UTF8.self) }
        switch words.count {
        case 1: return (words[0], words[0])
        case 2: return (words[0], words[1])
        default: return nil
        }
    }

    /// The name `p` of the first `asyncAfter(deadline: .now() + p` in `range` (also
    /// `DispatchTime.now()`), nil when there is none.
    private static func delayedParameter(_ bytes: [UInt8], in range: Range<Int>) -> String? {
        var k = range.lowerBound
        while let at = find("asyncAfter", in: bytes, from: k, before: range.upperBound) {
            k = at + 10
            var p = expect(bytes, "(", at: k)
            p = p.flatMap { expect(bytes, "deadline", at: $0) }.flatMap { expect(bytes, ":", at: $0) }
            if let q = p, let typed = expect(bytes, "DispatchTime", at: q) { p = typed }
            p = p.flatMap { expect(bytes, ".now", at: $0) }.flatMap { expect(bytes, "(", at: $0) }.flatMap { expect(bytes, ")", at: $0) }
            p = p.flatMap { expect(bytes, "+", at: $0) }
            guard var start = p else { continue }
            start = skipSpaces(bytes, start)
            var end = start
            while end < range.upperBound, continuesWord(bytes[end]) { end += 1 }
            if end > start { return String(decoding: bytes[start..<end], as: UTF8.self) }
        }
        return nil
    }

    /// The position after `word` at `k` (white space before it skipped), nil when it is not there.
    private static func expect(_ bytes: [UInt8], _ word: StaticString, at k: Int) -> Int? {
        let k = skipSpaces(bytes, k)
        let count = word.utf8CodeUnitCount
        guard k + count <= bytes.count else { return nil }
        for i in 0..<count where bytes[k + i] != word.utf8Start[i] { return nil }
        return k + count
    }

    /// The `close` that matches the `open` at `start`, passing over string literals' contents.
    private static func matching(_ bytes: [UInt8], from start: Int, open: Unicode.Scalar, close: Unicode.Scalar) -> Int? {
        var depth = 0
        var inString = false
        var k = start
        while k < bytes.count {
            let c = bytes[k]
            if inString {
                if c == UInt8(ascii: "\\") { k += 1 } else if c == UInt8(ascii: "\"") { inString = false }
            } else if c == UInt8(ascii: "\"") {
                inString = true
            } else if c == UInt8(open.value) {
                depth += 1
            } else if c == UInt8(close.value) {
                depth -= 1
                if depth == 0 { return k }
            }
            k += 1
        }
        return nil
    }

    /// The first place at or after `start` where `word`'s bytes are, ending before `end` (the
    /// end of the bytes when nil).
    private static func find(_ word: StaticString, in bytes: [UInt8], from start: Int, before end: Int? = nil) -> Int? {
        let count = word.utf8CodeUnitCount
        let first = word.utf8Start[0]
        let limit = min(end ?? bytes.count, bytes.count)
        var k = start
        while k + count <= limit {
            if bytes[k] == first {
                var i = 1
                while i < count, bytes[k + i] == word.utf8Start[i] { i += 1 }
                if i == count { return k }
            }
            k += 1
        }
        return nil
    }

    private static func skipSpaces(_ bytes: [UInt8], _ k: Int) -> Int {
        var k = k
        while k < bytes.count, isSpace(bytes[k]) { k += 1 }
        return k
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private static func continuesWord(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c >= 0x80
    }
}
