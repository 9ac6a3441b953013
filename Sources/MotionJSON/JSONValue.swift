// MARK: - JSONValue

/// A JSON value that keeps object keys in document order (spec authors' order is meaningful:
/// tracks apply in declaration order, and encoders must be deterministic). Not `indirect`: the
/// arrays inside `.array` and `.object` already hold the children out of line, so a number or a
/// string is stored in its parent's array without a heap box of its own.
public enum JSONValue: Hashable, Sendable {
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

/// An ordered JSON object. Keys are unique; lookup is a scan of the keys for small objects
/// (at most `indexThreshold` members, the usual case: no dictionary is built) and O(1) through an
/// index above that. Keys compare code unit by code unit, as RFC 8259 §8.3 says (Swift's
/// `String ==` would treat "é" and "e\u{301}" as one key).
public struct JSONObject: Hashable, Sendable, Sequence {
    public private(set) var keys: [String] = []
    /// The members' values, in the order of `keys`.
    public private(set) var values: [JSONValue] = []
    /// Key → position, built once the object has more than `indexThreshold` members.
    private var index: [Key: Int]?

    /// Members up to which a lookup scans the keys instead of keeping an index.
    static let indexThreshold = 12

    /// A key compared by its UTF-8 bytes.
    struct Key: Hashable, Sendable {
        let text: String
        init(_ text: String) { self.text = text }
        static func == (a: Key, b: Key) -> Bool { JSONObject.same(a.text, b.text) }
        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    public init() {}

    public init(_ pairs: [(String, JSONValue)]) {
        keys.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (k, v) in pairs { self[k] = v }
    }

    /// The object of members `keys` (unique, as `same` compares them) and `values`, in order,
    /// as appending them one by one makes it: `index` is the members' positions, given when there
    /// are more than `indexThreshold` and nil otherwise (the parser builds it while it checks
    /// that no key repeats).
    init(uniqueKeys keys: [String], values: [JSONValue], index: [Key: Int]?) {
        self.keys = keys
        self.values = values
        self.index = index
    }

    /// Whether two keys have the same UTF-8 bytes; O(length). Compared as contiguous bytes
    /// (a short key is copied to the stack), not through the generic UTF-8 view's iterator.
    static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        // A loop over the two buffers: the generic elementsEqual is not specialized for them.
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for k in 0..<x.count where x[k] != y[k] { return false }
                return true
            }
        }
    }

    /// The position of `key`, or nil; O(members) below the threshold, O(1) above.
    func position(of key: String) -> Int? {
        if let index { return index[Key(key)] }
        return keys.firstIndex { Self.same($0, key) }
    }

    /// Adds a member whose key the caller found absent (`position(of:)` is nil): no second scan.
    mutating func append(absent key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
        if index != nil {
            index![Key(key)] = keys.count - 1
        } else if keys.count > Self.indexThreshold {
            index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { (Key($0.element), $0.offset) })
        }
    }

    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let newValue {
                if let i = position(of: key) {
                    values[i] = newValue
                } else {
                    append(absent: key, newValue)
                }
            } else if let i = position(of: key) {
                keys.remove(at: i)
                values.remove(at: i)
                if index != nil {
                    index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { (Key($0.element), $0.offset) })
                }
            }
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public func makeIterator() -> Iterator { Iterator(keys: keys, values: values) }

    /// The members in order, as `(key, value)` (no allocation per iteration).
    public struct Iterator: IteratorProtocol {
        let keys: [String]
        let values: [JSONValue]
        var position = 0

        public mutating func next() -> (key: String, value: JSONValue)? {
            guard position < keys.count else { return nil }
            defer { position += 1 }
            return (keys[position], values[position])
        }
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.keys.count == b.keys.count && zip(a.keys, b.keys).allSatisfy { same($0, $1) } && a.values == b.values
    }
    public func hash(into hasher: inout Hasher) {
        for (k, v) in zip(keys, values) {
            hasher.combine(Key(k))
            hasher.combine(v)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    public init(nilLiteral: ()) { self = .null }
}
