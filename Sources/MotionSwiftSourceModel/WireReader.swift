// MARK: - WireReader

/// Bounds-checked reads of a wire buffer; positions are byte offsets of values.
struct WireReader {
    let bytes: [UInt8]

    /// The error for bytes at `at` that do not follow the form.
    func corrupt(_ what: String, at: Int) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the reader's answer at byte \(at): \(what)"))
    }

    /// The tag of the value at `at`.
    func tag(at: Int) throws -> WireTag {
        guard at >= 0, at < bytes.count else { throw corrupt("ends where a value should start", at: at) }
        guard let tag = WireTag(rawValue: bytes[at]) else { throw corrupt("unknown tag \(bytes[at])", at: at) }
        return tag
    }

    /// The little-endian number of `width` bytes at `at`.
    func number(at: Int, width: Int) throws -> UInt64 {
        guard at >= 0, width <= bytes.count - at else { throw corrupt("ends inside a number", at: at) }
        var value: UInt64 = 0
        for i in 0..<width { value |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
        return value
    }

    /// The offset just past the value at `at`. O(1): containers carry their length.
    func end(ofValueAt at: Int) throws -> Int {
        let end: Int
        switch try tag(at: at) {
        case .null, .no, .yes: end = at + 1
        case .int, .uint, .double: end = at + 9
        case .float: end = at + 5
        case .string: end = at + 5 + Int(try number(at: at + 1, width: 4))
        case .array, .object: end = at + 5 + Int(try number(at: at + 1, width: 4))
        }
        guard end <= bytes.count else { throw corrupt("a value runs past the end", at: at) }
        return end
    }

    /// The string whose bytes (a UInt32 count, then UTF-8) start at `at`, and where it ends.
    func text(at: Int) throws -> (String, end: Int) {
        let count = Int(try number(at: at, width: 4))
        guard count <= bytes.count - at - 4 else { throw corrupt("a string runs past the end", at: at) }
        return (String(decoding: bytes[(at + 4)..<(at + 4 + count)], as: UTF8.self), at + 4 + count)
    }

    /// A container's count and the offset of its first entry, after checking its tag.
    func container(_ expected: WireTag, at: Int) throws -> (count: Int, first: Int) {
        let found = try tag(at: at)
        guard found == expected else { throw corrupt("\(found) where \(expected) was expected", at: at) }
        let end = try end(ofValueAt: at)
        let count = Int(try number(at: at + 5, width: 4))
        // Each value takes a byte at least, an object's entry five: a count beyond that is a lie
        // that would otherwise reserve memory for it.
        guard end >= at + 9, count <= (end - at - 9) / (expected == .object ? 5 : 1) else {
            throw corrupt("a \(expected) of \(count) values in \(end - at) bytes", at: at)
        }
        return (count, at + 9)
    }

    // MARK: Values

    /// The value of type `T` at `at`: primitives read here, other types from their decoder.
    func decode<T: Decodable>(_ type: T.Type, at: Int) throws -> T {
        if T.self == Double.self { return try double(at: at) as! T }
        if T.self == String.self { return try string(at: at) as! T }
        if T.self == Int.self { return try integer(Int.self, at: at) as! T }
        if T.self == Bool.self { return try bool(at: at) as! T }
        return try T(from: WireValueDecoder(reader: self, at: at))
    }

    func bool(at: Int) throws -> Bool {
        switch try tag(at: at) {
        case .yes: return true
        case .no: return false
        case let other: throw corrupt("\(other) where a Bool was expected", at: at)
        }
    }

    func string(at: Int) throws -> String {
        let found = try tag(at: at)
        guard found == .string else { throw corrupt("\(found) where a string was expected", at: at) }
        return try text(at: at + 1).0
    }

    func double(at: Int) throws -> Double {
        switch try tag(at: at) {
        case .double: return Double(bitPattern: try number(at: at + 1, width: 8))
        case .float: return Double(Float(bitPattern: UInt32(try number(at: at + 1, width: 4))))
        case .int: return Double(Int64(bitPattern: try number(at: at + 1, width: 8)))
        case .uint: return Double(try number(at: at + 1, width: 8))
        case let other: throw corrupt("\(other) where a number was expected", at: at)
        }
    }

    func float(at: Int) throws -> Float {
        if try tag(at: at) == .float { return Float(bitPattern: UInt32(try number(at: at + 1, width: 4))) }
        return Float(try double(at: at))
    }

    /// The integer at `at` as a `T`.
    /// - Throws: `DecodingError` when it is no integer or `T` cannot hold it.
    func integer<T: FixedWidthInteger>(_ type: T.Type, at: Int) throws -> T {
        let value: T?
        switch try tag(at: at) {
        case .int: value = T(exactly: Int64(bitPattern: try number(at: at + 1, width: 8)))
        case .uint: value = T(exactly: try number(at: at + 1, width: 8))
        case let other: throw corrupt("\(other) where an integer was expected", at: at)
        }
        guard let value else { throw corrupt("an integer out of the range of \(T.self)", at: at) }
        return value
    }
}
