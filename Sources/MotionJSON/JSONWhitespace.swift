// MARK: - JSONWhitespace

/// JSON's insignificant whitespace (RFC 8259 §2: space, tab, line feed, carriage return), skipped
/// for the parser and the skim alike. Exported animations are often indented more than they hold
/// data, so the loop reads the bytes through one pointer and keeps its counters in locals.
enum JSONWhitespace {
    /// The index of the first byte at or after `start` that is not whitespace (`bytes.count` at
    /// the end); each line feed passed adds one to `line` and moves `lineStart` after it. O(n).
    static func skip(_ bytes: [UInt8], from start: Int, line: inout Int, lineStart: inout Int) -> Int {
        bytes.withUnsafeBufferPointer { b in
            var k = start
            var lines = 0
            var lastStart = lineStart
            scan: while k < b.count {
                switch b[k] {
                case 0x20, 0x09, 0x0D: k += 1
                case 0x0A:
                    k += 1
                    lines += 1
                    lastStart = k
                default: break scan
                }
            }
            line += lines
            lineStart = lastStart
            return k
        }
    }
}

extension JSONWhitespace {
    /// The index of the first byte at or after `start` that is not whitespace (`bytes.count` at
    /// the end), without counting lines (the parser counts them only when it reports a place). O(n).
    static func skip(_ bytes: [UInt8], from start: Int) -> Int {
        var k = start
        while k < bytes.count {
            let c = bytes[k]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { break }
            k += 1
        }
        return k
    }
}
