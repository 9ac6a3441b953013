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
    /// Where line 1 starts: after a UTF-8 byte order mark, else 0.
    var textStart = 0
    var locations: JSONLocations
    var warnings: [JSONParseError] = []
    /// Lines counted so far for the locations of warnings and errors (`location(at:)`).
    var lines = (countedTo: 0, line: 1, lineStart: 0)
    /// The values of the containers being read, each container's from where it started: a
    /// container's array is made once, at its end, of its exact size.
    var values: [JSONValue] = []
    /// The keys of the objects being read, beside `values`.
    var keys: [String] = []
    /// Where the text of each key in `keys` lies in the bytes (quotes excluded), to compare a new
    /// key with its object's others without making strings.
    var keySpans: [KeySpan] = []
    /// Whether the last string read held an escape (so its bytes are not its text).
    var escaped = false

    init(bytes: [UInt8], options: JSONParser) {
        self.bytes = bytes
        self.options = options
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { // UTF-8 BOM
            i = 3
            textStart = 3
            lines = (3, 1, 3)
        }
        locations = JSONLocations(bytes: bytes, textStart: textStart)
    }

    /// The line and column of byte `offset`: the line feeds before it counted, on from the last
    /// count when it is further on (warnings come in document order). Before a value is read
    /// whole, line feeds only occur in white space, as the parser counts lines.
    mutating func location(at offset: Int) -> SourceLocation {
        if offset < lines.countedTo { lines = (textStart, 1, textStart) }
        var k = max(lines.countedTo, textStart)
        while k < offset {
            if bytes[k] == 0x0A {
                lines.line += 1
                lines.lineStart = k + 1
            }
            k += 1
        }
        lines.countedTo = max(k, lines.countedTo)
        return SourceLocation(line: lines.line, column: offset - lines.lineStart + 1)
    }

    /// The JSON pointer of node `node` (the root for nil).
    func pointer(_ node: Int32?) -> JSONPointer { JSONPointer(node.map { locations.tokens(of: $0) } ?? []) }

    /// An error at the byte being read, in the value `node` (nil: before the first value).
    mutating func fail(_ message: String, _ node: Int32?) -> JSONParseError {
        JSONParseError(message: message, location: location(at: i), pointer: pointer(node))
    }

    mutating func document() throws(JSONParseError) -> JSONDocument {
        if let encoding = ByteOrderMark.otherEncoding(bytes) {
            throw fail("the file is \(encoding) (it starts with that byte order mark), and JSON is read as UTF-8: save it as UTF-8", nil)
        }
        skipSpace()
        guard i < bytes.count else { throw fail("the file is empty: expected a JSON value", nil) }
        let v = try value(parent: -1, key: -1, index: 0, depth: 0)
        skipSpace()
        guard i == bytes.count else { throw fail("unexpected \(describe(bytes[i])) after the end of the JSON value", 0) }
        return JSONDocument(value: v, locations: locations, warnings: warnings)
    }

    mutating func skipSpace() {
        i = JSONWhitespace.skip(bytes, from: i)
    }

    func describe(_ b: UInt8) -> String {
        if b >= 0x21 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    /// The value starting at `i`: member `key` (the byte offset of its quoted key) or item
    /// `index` of container node `parent`, or the root (parent -1).
    mutating func value(parent: Int32, key: Int, index: Int, depth: Int) throws(JSONParseError) -> JSONValue {
        let node = locations.add(parent: parent, key: key, index: index, at: i)
        guard depth <= options.maximumDepth else { throw fail("nesting deeper than \(options.maximumDepth) levels", node) }
        guard i < bytes.count else { throw fail("unexpected end of file: expected a value", node) }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(node, depth: depth)
        case UInt8(ascii: "["): return try array(node, depth: depth)
        case UInt8(ascii: "\""): return .string(try string(node))
        case UInt8(ascii: "t"):
            try literal("true", node)
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false", node)
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null", node)
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number(node))
        default: throw fail("unexpected \(describe(bytes[i])): expected a value (object, array, string, number, true, false or null)", node)
        }
    }

    mutating func literal(_ word: String, _ node: Int32) throws(JSONParseError) {
        for b in word.utf8 {
            guard i < bytes.count, bytes[i] == b else { throw fail("invalid literal: expected '\(word)'", node) }
            i += 1
        }
    }

    /// The object opening at `i`, node `node`.
    mutating func object(_ node: Int32, depth: Int) throws(JSONParseError) -> JSONValue {
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            return .object(JSONObject())
        }
        let base = keys.count
        var check = KeyCheck()
        while true {
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file inside an object: expected a key or '}'", node) }
            guard bytes[i] == UInt8(ascii: "\"") else { throw fail("unexpected \(describe(bytes[i])): expected a quoted key", node) }
            let keyStart = i
            let key = try string(node)
            try unique(key, at: keyStart, base: base, &check, node)
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw fail(
                    i < bytes.count ? "unexpected \(describe(bytes[i])): expected ':' after key \"\(key)\"" : "unexpected end of file: expected ':'",
                    node)
            }
            i += 1
            skipSpace()
            values.append(try value(parent: node, key: keyStart, index: 0, depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file inside an object: expected ',' or '}'", node) }
            if bytes[i] == UInt8(ascii: "}") { break }
            guard bytes[i] == UInt8(ascii: ",") else { throw fail("unexpected \(describe(bytes[i])): expected ',' or '}'", node) }
            let comma = i
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                try trailingComma(at: comma, node)
                break
            }
        }
        i += 1
        let count = keys.count - base
        let object = JSONObject(
            uniqueKeys: Array(keys[base...]), values: takeValues(from: values.count - count),
            index: count > JSONObject.indexThreshold ? check.index : nil)
        while keys.count > base {
            keys.removeLast()
            keySpans.removeLast()
        }
        return .object(object)
    }

    /// The bytes `start..<end`: a key's text. (Two integers rather than a `Range<Int>`, whose
    /// array the runtime would build the type of, conformances looked up, at the first object.)
    struct KeySpan {
        let start: Int
        let end: Int
    }

    /// What an object being read knows of its keys, to refuse a repeated one.
    struct KeyCheck {
        /// One bit per class (length, first and last byte) of the object's plain keys so far: a
        /// key whose class's bit is clear repeats none of them, without comparing bytes.
        var classes: UInt64 = 0
        /// The members by key, once the object is large or has an escaped key.
        var index: [JSONObject.Key: Int]?
    }

    /// Refuses `key` (read from the quote at `start`) when the object whose keys are
    /// `keys[base...]` already has it, else appends it to `keys` and its span to `keySpans`. Up to
    /// `JSONObject.indexThreshold` members with plain keys, the key's bytes are compared with
    /// those of the keys of its class; past that, or once a key had an escape, it is looked up in
    /// `check.index`, built then. O(members) for a small object, O(1) for a large one.
    mutating func unique(_ key: String, at start: Int, base: Int, _ check: inout KeyCheck, _ node: Int32) throws(JSONParseError) {
        let span = start + 1..<i - 1
        let count = keys.count - base
        if check.index == nil && (escaped || count >= JSONObject.indexThreshold) {
            var index: [JSONObject.Key: Int] = [:]
            for k in base..<keys.count { index[JSONObject.Key(keys[k])] = k - base }
            check.index = index
        }
        let repeated: Bool
        if check.index != nil {
            repeated = check.index!.updateValue(count, forKey: JSONObject.Key(key)) != nil
        } else {
            let ends = span.isEmpty ? 0 : Int(bytes[span.lowerBound]) &* 31 &+ Int(bytes[span.upperBound - 1])
            let bit = UInt64(1) << UInt64((span.count &* 13 &+ ends) & 63)
            repeated = check.classes & bit != 0 && keySpans[base...].contains { bytes[$0.start..<$0.end] == bytes[span] }
            check.classes |= bit
        }
        guard !repeated else {
            throw JSONParseError(message: "duplicate key \"\(key)\"", location: location(at: start), pointer: pointer(node).appending(key))
        }
        keys.append(key)
        keySpans.append(KeySpan(start: span.lowerBound, end: span.upperBound))
    }

    /// The array opening at `i`, node `node`.
    mutating func array(_ node: Int32, depth: Int) throws(JSONParseError) -> JSONValue {
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            return .array([])
        }
        let base = values.count
        while true {
            skipSpace()
            values.append(try value(parent: node, key: -1, index: values.count - base, depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of file inside an array: expected ',' or ']'", node) }
            if bytes[i] == UInt8(ascii: "]") { break }
            guard bytes[i] == UInt8(ascii: ",") else { throw fail("unexpected \(describe(bytes[i])): expected ',' or ']'", node) }
            let comma = i
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                try trailingComma(at: comma, node)
                break
            }
        }
        i += 1
        return .array(takeValues(from: base))
    }

    /// `values[base...]`, removed from `values`, as an array of their number.
    mutating func takeValues(from base: Int) -> [JSONValue] {
        var items: [JSONValue] = []
        items.reserveCapacity(values.count - base)
        for k in base..<values.count { items.append(values[k]) }
        while values.count > base { values.removeLast() }
        return items
    }

    mutating func trailingComma(at offset: Int, _ node: Int32) throws(JSONParseError) {
        let error = JSONParseError(message: "trailing comma (not allowed in JSON)", location: location(at: offset), pointer: pointer(node))
        guard options.allowTrailingCommas else { throw error }
        warnings.append(error)
    }

    /// The string whose opening quote is at `i`, in value `node` (for a key, its object).
    mutating func string(_ node: Int32?) throws(JSONParseError) -> String {
        i += 1
        // Most strings (every key) hold no escape: their text is the bytes up to the quote, made
        // a String in one step instead of byte by byte; ASCII (most of them) needs no validation.
        let start = i
        var high: UInt8 = 0
        let end = bytes.withUnsafeBufferPointer { b in
            var k = start
            while k < b.count {
                let c = b[k]
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
                high |= c
                k += 1
            }
            return k
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            i = end + 1
            escaped = false
            let (string, valid) = bytes.withUnsafeBufferPointer { b in
                let text = UnsafeBufferPointer(rebasing: b[start..<end])
                let string = String(decoding: text, as: UTF8.self)
                // Decoding repairs invalid UTF-8, so the text is valid exactly when it is its bytes.
                return (string, high < 0x80 || string.utf8.elementsEqual(text))
            }
            guard valid else { throw fail("the string is not valid UTF-8", node) }
            return string
        }
        escaped = true
        return try escapedString(node)
    }

    /// The rest of a string from `i` (just after its opening quote), escapes and all.
    mutating func escapedString(_ node: Int32?) throws(JSONParseError) -> String {
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw fail("unexpected end of file inside a string", node) }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw fail("the string is not valid UTF-8", node) }
                return s
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { throw fail("unexpected end of file in an escape", node) }
                try escape(into: &out, node)
            case 0x00..<0x20:
                throw fail("control character \(describe(b)) inside a string (escape it)", node)
            default:
                out.append(b)
                i += 1
            }
        }
    }

    /// The escape whose letter is at `i` (after its backslash), its text appended to `out`.
    mutating func escape(into out: inout [UInt8], _ node: Int32?) throws(JSONParseError) {
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
            var scalar = try hex4(node)
            if (0xD800...0xDBFF).contains(scalar) {
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                    throw fail("unpaired surrogate \\u\(String(scalar, radix: 16))", node)
                }
                i += 2
                let low = try hex4(node)
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate \\u\(String(low, radix: 16))", node) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail("unpaired surrogate \\u\(String(scalar, radix: 16))", node)
            }
            out.append(contentsOf: Array(String(Character(UnicodeScalar(scalar)!)).utf8))
        default:
            // Reported one byte after the escape's letter, which may be a line feed: its line
            // is the backslash's.
            let at = location(at: i - 1)
            throw JSONParseError(
                message: "invalid escape '\\\(Character(UnicodeScalar(e)))'", location: SourceLocation(line: at.line, column: at.column + 1),
                pointer: pointer(node))
        }
    }

    mutating func hex4(_ node: Int32?) throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("unexpected end of file in a \\u escape", node) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit \(describe(b)) in a \\u escape", node)
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}

// MARK: - Numbers

extension Reader {
    /// Powers of ten a Double holds exactly (10^0 … 10^22).
    static let exactPowersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The number starting at `i`, value `node`. A number without an exponent and with at most
    /// 15 digits is its digits as an integer (exact below 2^53), summed as they are read, divided
    /// by the power of ten of its fraction (exact up to 10^22): one correctly rounded division, so
    /// the nearest Double, as strtod gives. Other numbers are read by strtod. O(digits).
    mutating func number(_ node: Int32) throws(JSONParseError) -> Double {
        let start = i
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < bytes.count else { throw fail("unexpected end of file in a number", node) }
        var mantissa: Int64 = 0
        var digits = 0
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            digits = 1
            if i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { throw fail("numbers may not have leading zeros", node) }
        } else if decimalDigits(&mantissa, &digits) == 0 {
            throw fail("invalid number: expected a digit", node)
        }
        var fraction = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            fraction = decimalDigits(&mantissa, &digits)
            guard fraction > 0 else { throw fail("invalid number: expected a digit after '.'", node) }
        }
        var exponent = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            exponent = true
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            var ignored: Int64 = 0
            var ignoredDigits = 0
            guard decimalDigits(&ignored, &ignoredDigits) > 0 else { throw fail("invalid number: expected a digit in the exponent", node) }
        }
        if !exponent, digits <= 15 {
            let value = Double(mantissa) / Self.exactPowersOfTen[fraction]
            return negative ? -value : value
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError(
                message: "number \(text.prefix(40)) is out of range (it overflows to infinity)", location: location(at: start), pointer: pointer(node)
            )
        }
        return value
    }

    /// Steps over the decimal digits at `i`, adding them to `mantissa` (wrapping: it is used only
    /// while `digits` ≤ 15) and their count to `digits`; returns how many there were.
    mutating func decimalDigits(_ mantissa: inout Int64, _ digits: inout Int) -> Int {
        let start = i
        var m = mantissa
        while i < bytes.count {
            let d = bytes[i] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            m = m &* 10 &+ Int64(d)
            i += 1
        }
        mantissa = m
        digits += i - start
        return i - start
    }
}

// MARK: - Keys read back

extension JSONParser {
    /// The text of the string whose opening quote is at byte `offset` of `bytes`, a document that
    /// parsed (so the string is valid); "" if it is not there.
    static func key(in bytes: [UInt8], at offset: Int) -> String {
        guard offset >= 0, offset < bytes.count else { return "" }
        var end = offset + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") { return String(decoding: bytes[(offset + 1)..<end], as: UTF8.self) }
        var reader = Reader(bytes: bytes, options: JSONParser())
        reader.i = offset
        return (try? reader.string(nil)) ?? ""
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
