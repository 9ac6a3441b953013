// MARK: - WireEncoder

/// Codes an `Encodable` value in the reader's binary answer form (`WireTag` says the layout), with
/// the standard library alone: the reader's process loads no Foundation, and its answer is read
/// without parsing text. Numbers travel as their bits, so every `Double` (infinities and NaN
/// included) comes back as it went. O(size of the value).
struct WireEncoder {
    /// The bytes of `value`.
    func encode(_ value: some Encodable) throws -> [UInt8] {
        var out: [UInt8] = []
        try Self.node(of: value).write(to: &out)
        return out
    }

    /// What `value` encodes to, before it is written out (containers know their size only then).
    static func node(of value: some Encodable) throws -> WireNode {
        if let node = WireNode(primitive: value) { return node }
        let encoder = WireValueEncoder()
        try value.encode(to: encoder)
        return encoder.node ?? .object(WireObject())
    }
}

// MARK: - WireValueEncoder

/// The `Encoder` one value encodes itself to: it holds the node the value asked for.
final class WireValueEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What the value encoded: nil until it asks for a container.
    var node: WireNode?

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let object) = node { return KeyedEncodingContainer(WireKeyedEncoding(object)) }
        let object = WireObject()
        node = .object(object)
        return KeyedEncodingContainer(WireKeyedEncoding(object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let array) = node { return WireUnkeyedEncoding(array) }
        let array = WireArray()
        node = .array(array)
        return WireUnkeyedEncoding(array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { WireSingleValueEncoding(self) }
}

/// A keyed container: each key's value goes into the object.
struct WireKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: WireObject
    var codingPath: [any CodingKey] { [] }

    init(_ object: WireObject) { self.object = object }

    mutating func encodeNil(forKey key: Key) throws { object.set(.null, for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(.bool(value), for: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { object.set(.string(value), for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { object.set(.double(value), for: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) throws { object.set(.float(value), for: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { object.set(.int(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(.int(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { object.set(.int(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { object.set(.int(Int64(value)), for: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(.int(value), for: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { object.set(.uint(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { object.set(.uint(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { object.set(.uint(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { object.set(.uint(UInt64(value)), for: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(.uint(value), for: key.stringValue) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        object.set(try WireEncoder.node(of: value), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = WireObject()
        object.set(.object(nested), for: key.stringValue)
        return KeyedEncodingContainer(WireKeyedEncoding<NestedKey>(nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = WireArray()
        object.set(.array(nested), for: key.stringValue)
        return WireUnkeyedEncoding(nested)
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    /// An encoder whose value lands under `name` once it has one (a class's superclass part).
    private func superEncoder(named name: String) -> any Encoder {
        let object = WireObject()
        self.object.set(.object(object), for: name)
        let encoder = WireValueEncoder()
        encoder.node = .object(object)
        return encoder
    }
}

/// An unkeyed container: values appended in order.
struct WireUnkeyedEncoding: UnkeyedEncodingContainer {
    let array: WireArray
    var codingPath: [any CodingKey] { [] }
    var count: Int { array.items.count }

    init(_ array: WireArray) { self.array = array }

    mutating func encodeNil() throws { array.items.append(.null) }
    mutating func encode(_ value: some Encodable) throws { array.items.append(try WireEncoder.node(of: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = WireObject()
        array.items.append(.object(nested))
        return KeyedEncodingContainer(WireKeyedEncoding<NestedKey>(nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = WireArray()
        array.items.append(.array(nested))
        return WireUnkeyedEncoding(nested)
    }

    mutating func superEncoder() -> any Encoder {
        let object = WireObject()
        array.items.append(.object(object))
        let encoder = WireValueEncoder()
        encoder.node = .object(object)
        return encoder
    }
}

/// A single value: the encoder's node becomes it.
struct WireSingleValueEncoding: SingleValueEncodingContainer {
    let encoder: WireValueEncoder
    var codingPath: [any CodingKey] { [] }

    init(_ encoder: WireValueEncoder) { self.encoder = encoder }

    mutating func encodeNil() throws { encoder.node = .null }
    mutating func encode(_ value: some Encodable) throws { encoder.node = try WireEncoder.node(of: value) }
}
