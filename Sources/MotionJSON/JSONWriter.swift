// MARK: - JSONWriter

/// Deterministic JSON text: keys in the object's own order, numbers in their shortest round-trip
/// form (integers without a fraction), two-space indentation when `pretty`. The same value always
/// gives the same bytes, so encoders built on it can be compared byte for byte.
///
/// Written into one UTF-8 byte buffer (no `String` per member or per number), O(output bytes).
public struct JSONWriter: Sendable {
    public var pretty: Bool
    public init(pretty: Bool = true) { self.pretty = pretty }

    public func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// The UTF-8 bytes of `string(value)`, without making the `String` (for hashing).
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, indent: 0, into: &out)
        if pretty { out.append(0x0A) }
        return out
    }

    /// A number as JSON text. Non-finite numbers cannot be written and become `null`.
    public static func number(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return n == 0 ? "0" : String(Int64(n)) }
        return "\(n)"
    }

    /// A string literal with JSON escapes.
    public static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        quote(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `number(n)`'s bytes; integers are written digit by digit, other values through
    /// Swift's shortest round-trip description.
    public static func number(_ n: Double, into out: inout [UInt8]) {
        guard n.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if n == n.rounded(), abs(n) < 1e15 {
            var v = Int64(n)
            if v == 0 {
                out.append(0x30)
                return
            }
            if v < 0 {
                out.append(0x2D)
                v = -v
            }
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 0
            withUnsafeMutableBytes(of: &digits) { buffer in
                while v > 0 {
                    buffer[count] = UInt8(truncatingIfNeeded: v % 10) + 0x30
                    v /= 10
                    count += 1
                }
                for k in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[k]) }
            }
            return
        }
        // Swift's shortest round-trip digits (the bytes of `description`), handed over as bytes:
        // no `String` is made per number.
        var sink = ByteSink(out: [])
        swap(&out, &sink.out)
        n.write(to: &sink)
        swap(&out, &sink.out)
    }

    /// A text stream onto a byte buffer. A floating-point value writes its digits through
    /// `_writeASCII`, the stream's hook for ASCII bytes, without building a `String`; any other
    /// text arrives through `write(_:)`.
    struct ByteSink: TextOutputStream {
        var out: [UInt8]
        mutating func write(_ string: String) {
            var string = string
            string.withUTF8 { out.append(contentsOf: $0) }
        }
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { out.append(contentsOf: buffer) }
    }

    /// Appends `v` rounded to the nearest 1e-9, in plain decimals: sign, integer digits, and up
    /// to nine fraction digits without trailing zeros (`0.00001`, never `1e-05`). The same number
    /// as `number((v * 1e9).rounded() / 1e9)` reads back to, written without going through a
    /// `String`. Magnitudes of 1e9 and over, and non-finite values, go through `number`. O(1).
    public static func nanoRounded(_ v: Double, into out: inout [UInt8]) {
        // Written into 32 bytes of scratch (at most 20 are used), then appended at once: one
        // append per value instead of one per byte.
        var scratch: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let written = withUnsafeMutableBytes(of: &scratch) { raw in
            let b = raw.bindMemory(to: UInt8.self)
            let count = nanoRounded(v, at: b.baseAddress!)
            if count > 0 { out.append(contentsOf: UnsafeBufferPointer(rebasing: b[..<count])) }
            return count
        }
        if written == 0 { number((v * 1e9).rounded() / 1e9, into: &out) }
    }

    /// Most bytes `nanoRounded(_:at:)` writes: a sign, nine integer digits, the point and nine
    /// fraction digits.
    public static let nanoRoundedMaximumBytes = 20

    /// Writes `nanoRounded(_:into:)`'s bytes for `v` at `p` (room for `nanoRoundedMaximumBytes`)
    /// and returns how many; 0 (nothing written) for magnitudes of 1e9 and over and non-finite
    /// values, which go through `number`. v·1e9 is rounded half away from zero exactly as
    /// `rounded()` does, without a libm call: truncated to an integer, then moved one away from
    /// zero when the dropped fraction (exact in binary) is at least a half. O(1).
    public static func nanoRounded(_ v: Double, at p: UnsafeMutablePointer<UInt8>) -> Int {
        let x = v * 1e9
        // |x| < 1e18 exactly when |x.rounded()| < 1e18 (from 2^53 on every Double is an integer),
        // and false for NaN and infinities.
        guard abs(x) < 1e18 else { return 0 }
        var scaled = Int64(x)
        let dropped = x - Double(scaled)
        if dropped >= 0.5 { scaled += 1 } else if dropped <= -0.5 { scaled -= 1 }
        var n = 0
        if scaled < 0 {
            p[0] = 0x2D
            n = 1
        }
        let k = scaled.magnitude
        // The integer part (under 1e9), two digits per division by 100.
        var whole = UInt32(truncatingIfNeeded: k / 1_000_000_000)
        var digits = 1
        var bound: UInt32 = 10
        while digits < 10, whole >= bound {
            digits += 1
            bound &*= 10
        }
        var i = n + digits
        while whole >= 100 {
            let pair = whole % 100
            whole /= 100
            i -= 2
            p[i] = UInt8(truncatingIfNeeded: pair / 10) &+ 0x30
            p[i + 1] = UInt8(truncatingIfNeeded: pair % 10) &+ 0x30
        }
        if whole >= 10 {
            p[i - 2] = UInt8(truncatingIfNeeded: whole / 10) &+ 0x30
            p[i - 1] = UInt8(truncatingIfNeeded: whole % 10) &+ 0x30
        } else {
            p[i - 1] = UInt8(truncatingIfNeeded: whole) &+ 0x30
        }
        n += digits
        // Nine fraction digits, then the trailing zeros dropped (a non-zero fraction keeps one).
        var fraction = UInt32(truncatingIfNeeded: k % 1_000_000_000)
        if fraction != 0 {
            p[n] = 0x2E
            var j = n + 10
            for _ in 0..<4 {
                let pair = fraction % 100
                fraction /= 100
                j -= 2
                p[j] = UInt8(truncatingIfNeeded: pair / 10) &+ 0x30
                p[j + 1] = UInt8(truncatingIfNeeded: pair % 10) &+ 0x30
            }
            p[j - 1] = UInt8(truncatingIfNeeded: fraction) &+ 0x30
            n += 10
            while p[n - 1] == 0x30 { n -= 1 }
        }
        return n
    }

    /// Appends `quote(s)`'s bytes: bytes below 0x20, `"` and `\` escaped, all others (UTF-8 of
    /// any scalar from U+0020 up) copied as they are.
    public static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        var s = s
        s.withUTF8 { utf8 in
            // Most strings (names, keys, rules) need no escape: copied in one append.
            if !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
                out.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case 0x22:
                    out.append(0x5C)
                    out.append(0x22)
                case 0x5C:
                    out.append(0x5C)
                    out.append(0x5C)
                case 0x0A:
                    out.append(0x5C)
                    out.append(0x6E)
                case 0x0D:
                    out.append(0x5C)
                    out.append(0x72)
                case 0x09:
                    out.append(0x5C)
                    out.append(0x74)
                case 0x08:
                    out.append(0x5C)
                    out.append(0x62)
                case 0x0C:
                    out.append(0x5C)
                    out.append(0x66)
                case 0..<0x20:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                default: out.append(byte)
                }
            }
        }
        out.append(0x22)
    }

    private func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: b ? "true".utf8 : "false".utf8)
        case .number(let n): Self.number(n, into: &out)
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(0x5B)
                out.append(0x5D)
                return
            }
            out.append(0x5B)
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(0x2C) }
                newline(indent + 1, &out)
                write(item, indent: indent + 1, into: &out)
            }
            newline(indent, &out)
            out.append(0x5D)
        case .object(let object):
            if object.isEmpty {
                out.append(0x7B)
                out.append(0x7D)
                return
            }
            out.append(0x7B)
            let keys = object.keys, values = object.values
            for k in keys.indices {
                if k > 0 { out.append(0x2C) }
                newline(indent + 1, &out)
                Self.quote(keys[k], into: &out)
                out.append(0x3A)
                if pretty { out.append(0x20) }
                write(values[k], indent: indent + 1, into: &out)
            }
            newline(indent, &out)
            out.append(0x7D)
        }
    }

    private func newline(_ indent: Int, _ out: inout [UInt8]) {
        guard pretty else { return }
        out.append(0x0A)
        for _ in 0..<indent {
            out.append(0x20)
            out.append(0x20)
        }
    }
}
