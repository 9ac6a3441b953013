// MARK: - JSONParser

/// A strict RFC 8259 parser over UTF-8 bytes that remembers where every value starts, so that
/// diagnostics can name a line and column next to a JSON pointer.
///
/// Refused with a located `JSONParseError`: malformed or truncated text, invalid UTF-8, control
/// characters in strings, numbers that overflow a Double (`1e400`), duplicate keys, nesting deeper
/// than `maximumDepth`. Trailing commas are refused unless `allowTrailingCommas` is set (Apple's own
/// AHAP samples carry them), in which case each one is reported in `JSONDocument.warnings`.
/// O(n) time in the input size.
public struct JSONParser {
    public var allowTrailingCommas = false
    public var maximumDepth = 512

    public init(allowTrailingCommas: Bool = false) { self.allowTrailingCommas = allowTrailingCommas }

    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONDocument {
        var reader = Reader(bytes: bytes, options: self)
        return try reader.document()
    }

    public func parse(_ text: String) throws(JSONParseError) -> JSONDocument { try parse(Array(text.utf8)) }
}

// MARK: - JSONDocument

/// A parsed document: the value, where each value starts, and tolerated oddities.
public struct JSONDocument: Sendable {
    public let value: JSONValue
    /// Start location of every value (subscripted by `JSONPointer.key`).
    public let locations: JSONLocations
    /// Tolerated problems (trailing commas when allowed), with their locations.
    public let warnings: [JSONParseError]

    /// Where the value at `pointer` starts (or the nearest enclosing value that has a location).
    public func location(of pointer: JSONPointer) -> SourceLocation? {
        locations.location(of: pointer.tokens)
    }
}

// MARK: - SourceLocation

/// A 1-based line and column (columns count bytes).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

// MARK: - JSONParseError

/// A syntax problem at a location.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public let location: SourceLocation
    public let pointer: JSONPointer
    public var description: String { "\(location): \(message)" }
}

// MARK: - Reader

private struct Reader {
    let bytes: [UInt8]
    let options: JSONParser
    var i = 0
    var line = 1
    var lineStart = 0
    var locations = JSONLocations()
    var warnings: [JSONParseError] = []
    /// The members and items enclosing the value being read: a key, or (key nil) an array index.
    /// Written out as pointer tokens only for an error (`pointer`).
    var path: [(key: String?, index: Int)] = []
    /// Location nodes of the containers enclosing the value being read (parallel to `path`).
    var parents: [Int32] = []

    init(bytes: [UInt8], options: JSONParser) {
        self.bytes = bytes
        self.options = options
    }

    var here: SourceLocation { SourceLocation(line: line, column: i - lineStart + 1) }

    /// The JSON pointer of the value being read.
    var pointer: JSONPointer { JSONPointer(path.map { $0.key ?? String($0.index) }) }

    func fail(_ message: String) -> JSONParseError {
        JSONParseError(message: message, location: here, pointer: pointer)
    }

    mutating func document() throws(JSONParseError) -> JSONDocument {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            i = 3
            lineStart = 3
        } // UTF-8 BOM
        if let encoding = ByteOrderMark.otherEncoding(bytes) {
            throw fail("the file is \(encoding) (it starts with that byte order mark), and JSON is read as UTF-8: save it as UTF-8")
        }
        skipSpace()
        guard i < bytes.count else { throw fail("the file is empty: expected a JSON value") }
        let v = try value(depth: 0)
        skipSpace()
        guard i == bytes.count else { throw fail("unexpected \(describe(bytes[i])) after the end of the JSON value") }
        return JSONDocument(value: v, locations: locations, warnings: warnings)
    }

    mutating func skipSpace() {
        i = JSONWhitespace.skip(bytes, from: i, line: &line, lineStart: &lineStart)
    }

    func describe(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= options.maximumDepth else { throw fail("nesting deeper than \(options.maximumDepth) levels") }
        guard i < bytes.count else { throw fail("unexpected end of file: expected a value") }
        let node = locations.add(parent: parents.last, key: path.last?.key, index: path.last?.index ?? 0, at: here)
        switch bytes[i] {
        case UInt8(ascii: "{"):
            parents.append(node)
            defer { parents.removeLast() }
            return try object(depth: depth)
        case UInt8(ascii: "["):
            parents.append(node)
            defer { parents.removeLast() }
            return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected \(describe(bytes[i])): expected a value (object, array, string, number, true, false or null)")
        }
    }

    mutating func literal(_ word: String) throws(JSONParseError) {
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else { throw fail("invalid literal: expected '\(word)'") }
            i += 1
        }
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        i += 1
        var object = JSONObject()
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(object)
        }
        while true {
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file inside an object: expected a key or '}'") }
            guard bytes[i] == UInt8(ascii: "\"") else { throw fail("unexpected \(describe(bytes[i])): expected a quoted key") }
            let keyLocation = here
            let key = try string()
            guard object.position(of: key) == nil else {
                throw JSONParseError(message: "duplicate key \"\(key)\"", location: keyLocation, pointer: pointer.appending(key))
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw fail(
                    i < bytes.count ? "unexpected \(describe(bytes[i])): expected ':' after key \"\(key)\"" : "unexpected end of file: expected ':'")
            }
            i += 1
            skipSpace()
            path.append((key, 0))
            object.append(absent: key, try value(depth: depth + 1))
            path.removeLast()
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file inside an object: expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                return .object(object)
            }
            guard bytes[i] == UInt8(ascii: ",") else { throw fail("unexpected \(describe(bytes[i])): expected ',' or '}'") }
            let comma = here
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                try trailingComma(at: comma)
                i += 1
                return .object(object)
            }
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array(items)
        }
        while true {
            skipSpace()
            path.append((nil, items.count))
            items.append(try value(depth: depth + 1))
            path.removeLast()
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file inside an array: expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
            guard bytes[i] == UInt8(ascii: ",") else { throw fail("unexpected \(describe(bytes[i])): expected ',' or ']'") }
            let comma = here
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                try trailingComma(at: comma)
                i += 1
                return .array(items)
            }
        }
    }

    mutating func trailingComma(at location: SourceLocation) throws(JSONParseError) {
        let error = JSONParseError(message: "trailing comma (not allowed in JSON)", location: location, pointer: pointer)
        guard options.allowTrailingCommas else { throw error }
        warnings.append(error)
    }

    mutating func string() throws(JSONParseError) -> String {
        i += 1
        // Most strings (every key) hold no escape: their text is the bytes up to the quote, made
        // a String in one step instead of byte by byte.
        let start = i
        let end = bytes.withUnsafeBufferPointer { b in
            var k = start
            while k < b.count, b[k] != UInt8(ascii: "\""), b[k] != UInt8(ascii: "\\"), b[k] >= 0x20 { k += 1 }
            return k
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            i = end + 1
            let text = bytes.withUnsafeBufferPointer { String(validating: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
            guard let text else { throw fail("the string is not valid UTF-8") }
            return text
        }
        return try escapedString()
    }

    /// The rest of a string from `i` (just after its opening quote), escapes and all.
    mutating func escapedString() throws(JSONParseError) -> String {
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("unexpected end of file inside a string") }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw fail("the string is not valid UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { throw fail("unexpected end of file in an escape") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate \\u\(String(scalar, radix: 16))")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate \\u\(String(low, radix: 16))") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail("unpaired surrogate \\u\(String(scalar, radix: 16))")
                    }
                    out.append(contentsOf: Array(String(Character(UnicodeScalar(scalar)!)).utf8))
                default:
                    throw fail("invalid escape '\\\(Character(UnicodeScalar(e)))'")
                }
            case 0x00..<0x20:
                throw fail("control character \(describe(b)) inside a string (escape it)")
            default:
                out.append(b)
                i += 1
            }
        }
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("unexpected end of file in a \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit \(describe(b)) in a \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    mutating func number() throws(JSONParseError) -> Double {
        let start = i
        let startLocation = here
        func digits() -> Int {
            let s = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw fail("unexpected end of file in a number") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { throw fail("numbers may not have leading zeros") }
        } else if digits() == 0 {
            throw fail("invalid number: expected a digit")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("invalid number: expected a digit after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("invalid number: expected a digit in the exponent") }
        }
        if let exact = Self.shortDecimal(bytes, start..<i) { return exact }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError(
                message: "number \(text.prefix(40)) is out of range (it overflows to infinity)", location: startLocation, pointer: pointer)
        }
        return value
    }
}

// MARK: - Short decimals

extension Reader {
    /// Powers of ten a Double holds exactly (10^0 … 10^22).
    static let exactPowersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The value of the valid JSON number `bytes[range]` when it has no exponent and at most 15
    /// digits: the digits as an integer (exact below 2^53) divided by the power of ten of its
    /// fraction (exact up to 10^22), one correctly rounded division, so the nearest Double, as
    /// strtod gives. Nil for other numbers, which strtod reads. O(digits).
    static func shortDecimal(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        bytes.withUnsafeBufferPointer { b in
            var k = range.lowerBound
            let negative = b[k] == UInt8(ascii: "-")
            if negative { k += 1 }
            var mantissa: Int64 = 0
            var digits = 0
            var fraction = -1
            while k < range.upperBound {
                let c = b[k]
                if c == UInt8(ascii: ".") {
                    fraction = 0
                } else if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                    digits += 1
                    guard digits <= 15 else { return nil }
                    mantissa = mantissa * 10 + Int64(c &- UInt8(ascii: "0"))
                    if fraction >= 0 { fraction += 1 }
                } else {
                    return nil // an exponent
                }
                k += 1
            }
            let value = Double(mantissa) / exactPowersOfTen[max(fraction, 0)]
            return negative ? -value : value
        }
    }
}

// MARK: - ByteOrderMark

/// The Unicode encodings other than UTF-8 a file names by its byte order mark, so a file saved
/// as UTF-16 or UTF-32 is refused by name instead of as an unexpected byte.
public enum ByteOrderMark {
    /// "UTF-32 LE", "UTF-32 BE", "UTF-16 LE" or "UTF-16 BE" when `bytes` start with that
    /// encoding's byte order mark; nil otherwise (UTF-8, with or without its mark). UTF-32 LE's
    /// mark starts with UTF-16 LE's, so it is checked first.
    public static func otherEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 LE" }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 BE" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16 BE" }
        return nil
    }
}
