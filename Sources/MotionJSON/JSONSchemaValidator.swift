// MARK: - JSONSchemaValidator

/// Validates JSON values against a JSON Schema (draft 2020-12), for the keywords this project's
/// schemas use: `$ref` (to `#/$defs/…` or `#`), `type`, `enum`, `const`, `properties`, `required`,
/// `additionalProperties`, `patternProperties`, `propertyNames`, `minProperties`, `maxProperties`,
/// `items`, `prefixItems`, `minItems`, `maxItems`, `minimum`, `maximum`, `exclusiveMinimum`,
/// `exclusiveMaximum`, `minLength`, `maxLength`, `pattern`, `allOf`, `anyOf`, `oneOf`, `not`,
/// `dependentSchemas`, `dependentRequired`, `uniqueItems`,
/// `if`/`then`/`else`; annotations (`title`, `description`, `$comment`, `$id`, `$schema`,
/// `examples`, `default`) are ignored. A schema that uses any other keyword is refused rather than
/// silently half-checked.
public struct JSONSchemaValidator {
    public let schema: JSONValue

    /// A schema keyword this validator does not implement.
    public struct UnsupportedKeyword: Error, CustomStringConvertible {
        public let keyword: String
        public let at: JSONPointer
        public var description: String { "unsupported schema keyword '\(keyword)' at \(at)" }
    }

    /// One reason a value does not validate.
    public struct Failure: Hashable, Sendable, CustomStringConvertible {
        public let instance: JSONPointer
        public let message: String
        public var description: String { "\(instance): \(message)" }
    }

    static let annotations: Set<String> = [
        "title", "description", "$comment", "$id", "$schema", "examples", "default", "$defs", "deprecated", "readOnly", "writeOnly", "format",
    ]
    static let assertions: Set<String> = [
        "$ref", "type", "enum", "const", "properties", "required", "additionalProperties",
        "patternProperties", "propertyNames", "minProperties", "maxProperties", "items", "prefixItems", "minItems", "maxItems",
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "uniqueItems", "dependentSchemas", "dependentRequired",
    ]

    /// - Throws: `UnsupportedKeyword` when the schema uses a keyword outside the supported set.
    public init(schema: JSONValue) throws {
        self.schema = schema
        try Self.checkKeywords(schema, at: .root)
    }

    static func checkKeywords(_ schema: JSONValue, at pointer: JSONPointer) throws {
        guard let object = schema.objectValue else { return }
        for (key, value) in object {
            guard annotations.contains(key) || assertions.contains(key) else { throw UnsupportedKeyword(keyword: key, at: pointer) }
            switch key {
            case "properties", "patternProperties", "$defs", "dependentSchemas":
                for (name, sub) in value.objectValue ?? JSONObject() { try checkKeywords(sub, at: pointer / key / name) }
            case "allOf", "anyOf", "oneOf", "prefixItems":
                for (k, sub) in (value.arrayValue ?? []).enumerated() { try checkKeywords(sub, at: pointer / key / k) }
            case "additionalProperties", "propertyNames", "items", "not", "if", "then", "else":
                try checkKeywords(value, at: pointer / key)
            default: break
            }
        }
    }

    /// All failures of `instance` (empty when it validates).
    public func validate(_ instance: JSONValue) -> [Failure] {
        var failures: [Failure] = []
        check(instance, against: schema, at: .root, into: &failures)
        return failures
    }

    public func isValid(_ instance: JSONValue) -> Bool { validate(instance).isEmpty }

    // MARK: Checking

    func resolve(_ ref: String) -> JSONValue? {
        guard ref.hasPrefix("#") else { return nil }
        var node = schema
        for token in ref.dropFirst().split(separator: "/") {
            let key = String(token.replacing("~1", with: "/").replacing("~0", with: "~"))
            if let object = node.objectValue, let next = object[key] {
                node = next
            } else if let array = node.arrayValue, let k = Int(key), array.indices.contains(k) {
                node = array[k]
            } else {
                return nil
            }
        }
        return node
    }

    func check(_ value: JSONValue, against schema: JSONValue, at path: JSONPointer, into failures: inout [Failure]) {
        func fail(_ message: String) { failures.append(Failure(instance: path, message: message)) }
        if case .bool(let b) = schema {
            if !b { fail("no value is allowed here") }
            return
        }
        guard let s = schema.objectValue else { return }

        if let ref = s["$ref"]?.stringValue {
            if let target = resolve(ref) {
                check(value, against: target, at: path, into: &failures)
            } else {
                fail("schema reference \(ref) does not resolve")
            }
        }
        if let type = s["type"] {
            let allowed = type.stringValue.map { [$0] } ?? (type.arrayValue ?? []).compactMap(\.stringValue)
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                fail("expected \(allowed.joined(separator: " or ")), found \(value.typeName)")
            }
        }
        if let options = s["enum"]?.arrayValue, !options.contains(where: { Self.equal($0, value) }) {
            fail("must be one of \(options.map { JSONWriter(pretty: false).string($0) }.joined(separator: ", "))")
        }
        if let constant = s["const"], !Self.equal(constant, value) {
            fail("must be \(JSONWriter(pretty: false).string(constant))")
        }
        switch value {
        case .number(let n): checkNumber(n, against: s, at: path, into: &failures)
        case .string(let text): checkString(text, against: s, at: path, into: &failures)
        case .array(let items): checkArray(items, against: s, at: path, into: &failures)
        case .object(let object): checkObject(object, value, against: s, at: path, into: &failures)
        default: break
        }
        checkCombinations(value, against: s, at: path, into: &failures)
    }

    /// `minimum`, `maximum`, `exclusiveMinimum` and `exclusiveMaximum` of the schema object `s`.
    func checkNumber(_ n: Double, against s: JSONObject, at path: JSONPointer, into failures: inout [Failure]) {
        func fail(_ message: String) { failures.append(Failure(instance: path, message: message)) }
        if let m = s["minimum"]?.numberValue, n < m { fail("\(JSONWriter.number(n)) is less than the minimum \(JSONWriter.number(m))") }
        if let m = s["maximum"]?.numberValue, n > m { fail("\(JSONWriter.number(n)) is more than the maximum \(JSONWriter.number(m))") }
        if let m = s["exclusiveMinimum"]?.numberValue, n <= m { fail("\(JSONWriter.number(n)) must be more than \(JSONWriter.number(m))") }
        if let m = s["exclusiveMaximum"]?.numberValue, n >= m { fail("\(JSONWriter.number(n)) must be less than \(JSONWriter.number(m))") }
    }

    /// `minLength`, `maxLength` (in Unicode scalars) and `pattern` of the schema object `s`.
    func checkString(_ text: String, against s: JSONObject, at path: JSONPointer, into failures: inout [Failure]) {
        func fail(_ message: String) { failures.append(Failure(instance: path, message: message)) }
        let length = text.unicodeScalars.count
        if let m = s["minLength"]?.numberValue, Double(length) < m { fail("string shorter than \(JSONWriter.number(m))") }
        if let m = s["maxLength"]?.numberValue, Double(length) > m { fail("string longer than \(JSONWriter.number(m))") }
        if let pattern = s["pattern"]?.stringValue, !Self.search(pattern, in: text) { fail("does not match the pattern \(pattern)") }
    }

    /// `minItems`, `maxItems`, `prefixItems`, `items` and `uniqueItems` of the schema object `s`.
    func checkArray(_ items: [JSONValue], against s: JSONObject, at path: JSONPointer, into failures: inout [Failure]) {
        func fail(_ message: String) { failures.append(Failure(instance: path, message: message)) }
        if let m = s["minItems"]?.numberValue, Double(items.count) < m { fail("needs at least \(JSONWriter.number(m)) items, has \(items.count)") }
        if let m = s["maxItems"]?.numberValue, Double(items.count) > m { fail("allows at most \(JSONWriter.number(m)) items, has \(items.count)") }
        let prefix = s["prefixItems"]?.arrayValue ?? []
        for (k, item) in items.enumerated() {
            if k < prefix.count {
                check(item, against: prefix[k], at: path / k, into: &failures)
            } else if let itemSchema = s["items"] {
                check(item, against: itemSchema, at: path / k, into: &failures)
            }
        }
        if s["uniqueItems"]?.boolValue == true {
            for a in items.indices { for b in items.indices where b > a && Self.equal(items[a], items[b]) { fail("items \(a) and \(b) are equal") } }
        }
    }

    /// `required`, `dependentRequired`, `dependentSchemas`, `minProperties`, `maxProperties`,
    /// `properties`, `patternProperties`, `propertyNames` and `additionalProperties` of the schema
    /// object `s` (`value` is `object` itself, for the dependent schemas).
    func checkObject(_ object: JSONObject, _ value: JSONValue, against s: JSONObject, at path: JSONPointer, into failures: inout [Failure]) {
        func fail(_ message: String) { failures.append(Failure(instance: path, message: message)) }
        if let required = s["required"]?.arrayValue {
            for name in required.compactMap(\.stringValue) where object[name] == nil { fail("missing required property '\(name)'") }
        }
        for (name, required) in s["dependentRequired"]?.objectValue ?? JSONObject() where object[name] != nil {
            for other in (required.arrayValue ?? []).compactMap(\.stringValue) where object[other] == nil {
                fail("'\(name)' needs '\(other)' too")
            }
        }
        for (name, sub) in s["dependentSchemas"]?.objectValue ?? JSONObject() where object[name] != nil {
            check(value, against: sub, at: path, into: &failures)
        }
        if let m = s["minProperties"]?.numberValue, Double(object.count) < m { fail("needs at least \(JSONWriter.number(m)) properties") }
        if let m = s["maxProperties"]?.numberValue, Double(object.count) > m { fail("allows at most \(JSONWriter.number(m)) properties") }
        let properties = s["properties"]?.objectValue ?? JSONObject()
        let patterns = s["patternProperties"]?.objectValue ?? JSONObject()
        for (key, member) in object {
            if let names = s["propertyNames"] { check(.string(key), against: names, at: path / key, into: &failures) }
            var matched = false
            if let sub = properties[key] {
                matched = true
                check(member, against: sub, at: path / key, into: &failures)
            }
            for (pattern, sub) in patterns where Self.search(pattern, in: key) {
                matched = true
                check(member, against: sub, at: path / key, into: &failures)
            }
            if !matched, let additional = s["additionalProperties"] {
                if additional == .bool(false) {
                    failures.append(Failure(instance: path / key, message: "property '\(key)' is not allowed here"))
                } else {
                    check(member, against: additional, at: path / key, into: &failures)
                }
            }
        }
    }

    /// `allOf`, `anyOf`, `oneOf`, `not` and `if`/`then`/`else` of the schema object `s`.
    func checkCombinations(_ value: JSONValue, against s: JSONObject, at path: JSONPointer, into failures: inout [Failure]) {
        func fail(_ message: String) { failures.append(Failure(instance: path, message: message)) }
        if let all = s["allOf"]?.arrayValue {
            for sub in all { check(value, against: sub, at: path, into: &failures) }
        }
        if let any = s["anyOf"]?.arrayValue {
            var collected: [Failure] = []
            if !any.contains(where: { sub in
                var f: [Failure] = []
                check(value, against: sub, at: path, into: &f)
                collected += f
                return f.isEmpty
            }) {
                fail("matches none of the \(any.count) allowed forms (\(Self.summary(collected)))")
            }
        }
        if let one = s["oneOf"]?.arrayValue {
            var collected: [Failure] = []
            let passing = one.filter { sub in
                var f: [Failure] = []
                check(value, against: sub, at: path, into: &f)
                collected += f
                return f.isEmpty
            }.count
            if passing == 0 {
                fail("matches none of the \(one.count) allowed forms (\(Self.summary(collected)))")
            } else if passing > 1 {
                fail("matches \(passing) of the forms where exactly one is allowed")
            }
        }
        if let not = s["not"] {
            var f: [Failure] = []
            check(value, against: not, at: path, into: &f)
            if f.isEmpty { fail("matches a form that is not allowed") }
        }
        if let condition = s["if"] {
            var f: [Failure] = []
            check(value, against: condition, at: path, into: &f)
            if f.isEmpty {
                if let then = s["then"] { check(value, against: then, at: path, into: &failures) }
            } else if let otherwise = s["else"] {
                check(value, against: otherwise, at: path, into: &failures)
            }
        }
    }

    static func summary(_ failures: [Failure]) -> String {
        failures.prefix(3).map(\.description).joined(separator: "; ") + (failures.count > 3 ? "; …" : "")
    }

    static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object): true
        case ("integer", .number(let n)): n == n.rounded()
        default: false
        }
    }

    /// JSON Schema equality: numbers by value, arrays item by item, objects by their members
    /// whatever their order.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { entry in y[entry.key].map { equal(entry.value, $0) } ?? false }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        default:
            return a == b
        }
    }

    /// ECMA-262-like matching: `\d` and `\w` are ASCII only and `.` is one code point.
    static func search(_ pattern: String, in text: String) -> Bool {
        guard let regex = try? Regex(pattern) else { return false }
        return text.contains(regex.asciiOnlyDigits().asciiOnlyWordCharacters().matchingSemantics(.unicodeScalar))
    }
}
