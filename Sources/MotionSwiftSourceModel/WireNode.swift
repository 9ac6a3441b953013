// MARK: - WireNode

/// A value on its way out: a primitive, or a container the encoder's containers still fill.
indirect enum WireNode {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case float(Float)
    case string(String)
    case array(WireArray)
    case object(WireObject)

    /// The node of a standard-library primitive, or nil for any other type (it encodes itself).
    /// Types are told apart by their metatypes, which costs a comparison, not a dynamic cast.
    init?<T: Encodable>(primitive value: T) {
        if T.self == Double.self {
            self = .double(value as! Double)
        } else if T.self == String.self {
            self = .string(value as! String)
        } else if T.self == Int.self {
            self = .int(Int64(value as! Int))
        } else if T.self == Bool.self {
            self = .bool(value as! Bool)
        } else if T.self == Float.self {
            self = .float(value as! Float)
        } else if let integer = Self.integer(value) {
            self = integer
        } else {
            return nil
        }
    }

    /// The node of a fixed-width integer other than `Int`.
    private static func integer<T: Encodable>(_ value: T) -> WireNode? {
        if T.self == Int64.self { return .int(value as! Int64) }
        if T.self == Int32.self { return .int(Int64(value as! Int32)) }
        if T.self == Int16.self { return .int(Int64(value as! Int16)) }
        if T.self == Int8.self { return .int(Int64(value as! Int8)) }
        if T.self == UInt.self { return .uint(UInt64(value as! UInt)) }
        if T.self == UInt64.self { return .uint(value as! UInt64) }
        if T.self == UInt32.self { return .uint(UInt64(value as! UInt32)) }
        if T.self == UInt16.self { return .uint(UInt64(value as! UInt16)) }
        if T.self == UInt8.self { return .uint(UInt64(value as! UInt8)) }
        return nil
    }

    /// Appends the node's bytes. O(its size).
    func write(to out: inout [UInt8]) throws {
        switch self {
        case .null: out.append(WireTag.null.rawValue)
        case .bool(let v): out.append(v ? WireTag.yes.rawValue : WireTag.no.rawValue)
        case .int(let v): Self.append(WireTag.int, UInt64(bitPattern: v), width: 8, to: &out)
        case .uint(let v): Self.append(WireTag.uint, v, width: 8, to: &out)
        case .double(let v): Self.append(WireTag.double, v.bitPattern, width: 8, to: &out)
        case .float(let v): Self.append(WireTag.float, UInt64(v.bitPattern), width: 4, to: &out)
        case .string(let v):
            let count = v.utf8.count
            try Self.append(WireTag.string, Self.length(count), width: 4, to: &out)
            out.append(contentsOf: v.utf8)
        case .array(let array):
            let start = Self.openContainer(.array, count: array.items.count, to: &out)
            for item in array.items { try item.write(to: &out) }
            try Self.closeContainer(startingAt: start, in: &out)
        case .object(let object):
            let start = Self.openContainer(.object, count: object.keys.count, to: &out)
            for (key, value) in zip(object.keys, object.values) {
                try Self.append(nil, Self.length(key.utf8.count), width: 4, to: &out)
                out.append(contentsOf: key.utf8)
                try value.write(to: &out)
            }
            try Self.closeContainer(startingAt: start, in: &out)
        }
    }

    /// A container's tag, a length to fill in (`closeContainer`) and its count; where the length is.
    private static func openContainer(_ tag: WireTag, count: Int, to out: inout [UInt8]) -> Int {
        out.append(tag.rawValue)
        let start = out.count
        out.append(contentsOf: [0, 0, 0, 0])
        append(nil, UInt64(count), width: 4, to: &out)
        return start
    }

    /// Fills in the byte length of the container whose length field starts at `start`.
    private static func closeContainer(startingAt start: Int, in out: inout [UInt8]) throws {
        let length = try Self.length(out.count - start - 4)
        for i in 0..<4 { out[start + i] = UInt8(truncatingIfNeeded: length >> (8 * UInt64(i))) }
    }

    /// `count` as a 32-bit length field.
    /// - Throws: `EncodingError` for 4 GiB or more, which the field cannot hold.
    private static func length(_ count: Int) throws -> UInt64 {
        guard count <= Int(UInt32.max) else {
            throw EncodingError.invalidValue(count, .init(codingPath: [], debugDescription: "a string or container of 4 GiB or more"))
        }
        return UInt64(count)
    }

    /// `tag` (if any), then the low `width` bytes of `value`, little-endian.
    private static func append(_ tag: WireTag?, _ value: UInt64, width: Int, to out: inout [UInt8]) {
        if let tag { out.append(tag.rawValue) }
        for i in 0..<width { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }
}

/// An unkeyed container's values, filled while the value encodes itself.
final class WireArray {
    var items: [WireNode] = []
}

/// A keyed container's keys and values, in the order they were encoded.
final class WireObject {
    var keys: [String] = []
    var values: [WireNode] = []

    /// Sets `key` (a key encoded twice keeps its last value, as a dictionary would).
    func set(_ node: WireNode, for key: String) {
        if let at = keys.lastIndex(of: key) {
            values[at] = node
        } else {
            keys.append(key)
            values.append(node)
        }
    }
}
