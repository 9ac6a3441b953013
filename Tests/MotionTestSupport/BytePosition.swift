import MotionJSON

// MARK: - BytePosition

/// 1-based line and byte column of the `occurrence`-th match of `needle` in `text`, found by
/// plain byte search (independently of the parser whose locations the tests check).
/// O(text bytes × needle bytes).
public func position(of needle: String, in text: String, occurrence: Int = 1) -> SourceLocation? {
    let hay = Array(text.utf8), pin = Array(needle.utf8)
    guard !pin.isEmpty, hay.count >= pin.count else { return nil }
    var seen = 0
    for start in 0...(hay.count - pin.count) where hay[start] == pin[0] && Array(hay[start..<start + pin.count]) == pin {
        seen += 1
        guard seen == occurrence else { continue }
        let before = hay[..<start]
        let line = before.filter { $0 == 0x0A }.count + 1
        let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        return SourceLocation(line: line, column: start - lineStart + 1)
    }
    return nil
}
