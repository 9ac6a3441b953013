// MARK: - WireValueDecoder

/// The `Decoder` one value of a wire buffer decodes itself from.
struct WireValueDecoder: Decoder {
    let reader: WireReader
    /// Where the value starts.
    let at: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try WireKeyedDecoding<Key>(reader: reader, at: at))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try WireUnkeyedDecoding(reader: reader, at: at) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { WireSingleValueDecoding(reader: reader, at: at) }
}

// MARK: - Keyed

/// An object's entries, found once when the container opens; a key is looked up by its UTF-8
/// bytes among them (objects hold a few keys: a scan, lengths compared first).
struct WireKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: WireReader
    /// Per entry: where its key's bytes start, how many, and where its value starts.
    private let keyStarts: [Int], keyCounts: [Int], values: [Int]
    var codingPath: [any CodingKey] { [] }

    init(reader: WireReader, at: Int) throws {
        self.reader = reader
        let (count, first) = try reader.container(.object, at: at)
        var keyStarts: [Int] = [], keyCounts: [Int] = [], values: [Int] = []
        keyStarts.reserveCapacity(count)
        keyCounts.reserveCapacity(count)
        values.reserveCapacity(count)
        var position = first
        for _ in 0..<count {
            let keyCount = Int(try reader.number(at: position, width: 4))
            guard keyCount <= reader.bytes.count - position - 4 else { throw reader.corrupt("a key runs past the end", at: position) }
            keyStarts.append(position + 4)
            keyCounts.append(keyCount)
            values.append(position + 4 + keyCount)
            position = try reader.end(ofValueAt: position + 4 + keyCount)
        }
        (self.keyStarts, self.keyCounts, self.values) = (keyStarts, keyCounts, values)
    }

    var allKeys: [Key] {
        keyStarts.indices.compactMap { k in
            Key(stringValue: String(decoding: reader.bytes[keyStarts[k]..<(keyStarts[k] + keyCounts[k])], as: UTF8.self))
        }
    }

    func contains(_ key: Key) -> Bool { entry(key) != nil }

    /// The entry of `key`, or nil. O(entries).
    private func entry(_ key: Key) -> Int? {
        var name = key.stringValue
        return name.withUTF8 { wanted in
            for k in keyStarts.indices {
                guard keyCounts[k] == wanted.count else { continue }
                var same = true
                for i in 0..<wanted.count where reader.bytes[keyStarts[k] + i] != wanted[i] {
                    same = false
                    break
                }
                if same { return k }
            }
            return nil
        }
    }

    /// Where the value of `key` starts.
    /// - Throws: `DecodingError.keyNotFound` when the object has no such key.
    private func value(_ key: Key) throws -> Int {
        guard let k = entry(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "the reader's answer has no \"\(key.stringValue)\""))
        }
        return values[k]
    }

    func decodeNil(forKey key: Key) throws -> Bool { try reader.tag(at: try value(key)) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader.bool(at: try value(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try reader.string(at: try value(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try reader.double(at: try value(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try reader.float(at: try value(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try reader.integer(type, at: try value(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try reader.integer(type, at: try value(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try reader.integer(type, at: try value(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try reader.integer(type, at: try value(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try reader.integer(type, at: try value(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try reader.integer(type, at: try value(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try reader.integer(type, at: try value(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try reader.integer(type, at: try value(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try reader.integer(type, at: try value(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try reader.integer(type, at: try value(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try reader.decode(type, at: try value(key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(try WireKeyedDecoding<NestedKey>(reader: reader, at: try value(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try WireUnkeyedDecoding(reader: reader, at: try value(key))
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no key \"super\" in \(Key.self)"))
        }
        return try superDecoder(forKey: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { WireValueDecoder(reader: reader, at: try value(key)) }
}

// MARK: - Unkeyed

/// An array's values, read in order.
struct WireUnkeyedDecoding: UnkeyedDecodingContainer {
    let reader: WireReader
    let count: Int?
    private(set) var currentIndex = 0
    /// Where the next value starts.
    private var position: Int
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= count! }

    init(reader: WireReader, at: Int) throws {
        self.reader = reader
        let (count, first) = try reader.container(.array, at: at)
        self.count = count
        position = first
    }

    /// Where the next value starts; moves past it.
    /// - Throws: `DecodingError.valueNotFound` at the end of the array.
    private mutating func advance<T>(_ type: T.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "the reader's answer has no more values here"))
        }
        let at = position
        position = try reader.end(ofValueAt: at)
        currentIndex += 1
        return at
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, try reader.tag(at: position) == .null else { return false }
        _ = try advance(Never?.self)
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.decode(type, at: try advance(type)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(try WireKeyedDecoding<NestedKey>(reader: reader, at: try advance(type)))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try WireUnkeyedDecoding(reader: reader, at: try advance([Never].self))
    }

    mutating func superDecoder() throws -> any Decoder { WireValueDecoder(reader: reader, at: try advance(Never.self)) }
}

// MARK: - Single value

/// The one value a decoder stands at.
struct WireSingleValueDecoding: SingleValueDecodingContainer {
    let reader: WireReader
    let at: Int
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { (try? reader.tag(at: at)) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try reader.bool(at: at) }
    func decode(_ type: String.Type) throws -> String { try reader.string(at: at) }
    func decode(_ type: Double.Type) throws -> Double { try reader.double(at: at) }
    func decode(_ type: Float.Type) throws -> Float { try reader.float(at: at) }
    func decode(_ type: Int.Type) throws -> Int { try reader.integer(type, at: at) }
    func decode(_ type: Int8.Type) throws -> Int8 { try reader.integer(type, at: at) }
    func decode(_ type: Int16.Type) throws -> Int16 { try reader.integer(type, at: at) }
    func decode(_ type: Int32.Type) throws -> Int32 { try reader.integer(type, at: at) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.integer(type, at: at) }
    func decode(_ type: UInt.Type) throws -> UInt { try reader.integer(type, at: at) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.integer(type, at: at) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.integer(type, at: at) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.integer(type, at: at) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.integer(type, at: at) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.decode(type, at: at) }
}
