// MARK: - JSONValue

/// A JSON value that keeps object keys in document order (spec authors' order is meaningful:
/// tracks apply in declaration order, and encoders must be deterministic).
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    // MARK: Accessors

    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var isNull: Bool { self == .null }

    /// The member `key` of an object (nil for other kinds or a missing key).
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// The JSON type name, for diagnostics ("object", "array", "string", "number", "boolean", "null").
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

// MARK: - JSONObject

/// An ordered JSON object. Lookup is O(1) through an index; keys are unique.
/// Keys compare code unit by code unit, as RFC 8259 §8.3 says (Swift's `String ==` would treat
/// "é" and "e\u{301}" as one key).
public struct JSONObject: Hashable, Sendable, Sequence {
    public private(set) var keys: [String] = []
    private var storage: [Key: JSONValue] = [:]

    /// A key compared by its UTF-8 bytes.
    struct Key: Hashable, Sendable {
        let text: String
        init(_ text: String) { self.text = text }
        static func == (a: Key, b: Key) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }
        func hash(into hasher: inout Hasher) { for byte in text.utf8 { hasher.combine(byte) } }
    }

    public init() {}

    public init(_ pairs: [(String, JSONValue)]) {
        for (k, v) in pairs { self[k] = v }
    }

    public subscript(key: String) -> JSONValue? {
        get { storage[Key(key)] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: Key(key)) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: Key(key)) != nil {
                keys.removeAll { Key($0) == Key(key) }
            }
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public func makeIterator() -> AnyIterator<(key: String, value: JSONValue)> {
        var i = 0
        return AnyIterator {
            guard i < keys.count else { return nil }
            defer { i += 1 }
            return (keys[i], storage[Key(keys[i])]!)
        }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool { a.keys.map(Key.init) == b.keys.map(Key.init) && a.storage == b.storage }
    public func hash(into hasher: inout Hasher) {
        for k in keys { hasher.combine(Key(k)); hasher.combine(storage[Key(k)]) }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    public init(nilLiteral: ()) { self = .null }
}
