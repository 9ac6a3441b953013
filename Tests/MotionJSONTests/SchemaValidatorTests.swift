import Foundation
import MotionJSON
import Testing

/// One keyword exercised: a schema, instances that pass, instances that fail with the pointers
/// their failures must name.
struct KeywordCase: Sendable, CustomTestStringConvertible {
    let keyword: String
    let schema: String
    let passing: [String]
    let failing: [(instance: String, pointers: [String])]

    var testDescription: String { keyword }
}

func json(_ text: String) throws -> JSONValue { try JSONParser().parse(text).value }

@Suite("JSONSchemaValidator")
struct SchemaValidatorTests {
    static let keywordCases: [KeywordCase] = [
        KeywordCase(keyword: "type", schema: #"{"type": "string"}"#, passing: [#""x""#], failing: [("1", ["/"]), ("null", ["/"])]),
        KeywordCase(
            keyword: "type integer", schema: #"{"type": "integer"}"#, passing: ["3", "3.0", "-7", "0"], failing: [("3.5", ["/"]), (#""3""#, ["/"])]),
        KeywordCase(keyword: "type number accepts integers", schema: #"{"type": "number"}"#, passing: ["3", "3.5"], failing: [("true", ["/"])]),
        KeywordCase(
            keyword: "type list", schema: #"{"type": ["string", "null"]}"#, passing: ["null", #""a""#], failing: [("1", ["/"]), ("[]", ["/"])]),
        KeywordCase(
            keyword: "type object/array/boolean",
            schema: #"{"properties": {"o": {"type": "object"}, "a": {"type": "array"}, "b": {"type": "boolean"}}}"#,
            passing: [#"{"o": {}, "a": [], "b": false}"#], failing: [(#"{"o": [], "a": {}, "b": 0}"#, ["/o", "/a", "/b"])]),
        KeywordCase(
            keyword: "enum", schema: #"{"enum": ["a", 1, null, [1, 2]]}"#, passing: [#""a""#, "1.0", "null", "[1, 2]"],
            failing: [(#""b""#, ["/"]), ("[2, 1]", ["/"]), ("true", ["/"])]),
        KeywordCase(
            keyword: "const", schema: #"{"const": {"a": [1, "x"]}}"#, passing: [#"{"a": [1, "x"]}"#],
            failing: [(#"{"a": [1, "y"]}"#, ["/"]), (#"{"a": [1, "x"], "b": 0}"#, ["/"])]),
        KeywordCase(
            keyword: "required", schema: #"{"required": ["a", "b"]}"#, passing: [#"{"a": 1, "b": null}"#, "5"],
            failing: [(#"{"a": 1}"#, ["/"]), ("{}", ["/", "/"])]),
        KeywordCase(
            keyword: "additionalProperties false", schema: #"{"properties": {"a": {}}, "additionalProperties": false}"#,
            passing: [#"{"a": 1}"#, "{}"], failing: [(#"{"a": 1, "b": 2, "c/d": 3}"#, ["/b", "/c~1d"])]),
        KeywordCase(
            keyword: "additionalProperties schema", schema: #"{"properties": {"a": {}}, "additionalProperties": {"type": "number"}}"#,
            passing: [#"{"a": "s", "b": 2}"#], failing: [(#"{"a": "s", "b": "x"}"#, ["/b"])]),
        KeywordCase(
            keyword: "properties", schema: #"{"properties": {"a": {"type": "number"}, "b": {"properties": {"c": {"type": "string"}}}}}"#,
            passing: [#"{"a": 1, "b": {"c": "x"}, "z": true}"#, "{}"], failing: [(#"{"a": "x"}"#, ["/a"]), (#"{"b": {"c": 1}}"#, ["/b/c"])]),
        KeywordCase(
            keyword: "patternProperties", schema: #"{"patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false}"#,
            passing: [#"{"x-a": "s", "x-": "t"}"#], failing: [(#"{"x-a": 1}"#, ["/x-a"]), (#"{"y": "s"}"#, ["/y"])]),
        KeywordCase(
            keyword: "propertyNames", schema: #"{"propertyNames": {"pattern": "^[a-z]+$"}}"#,
            passing: [#"{"abc": 1}"#, "{}"], failing: [(#"{"abc": 1, "aB": 2}"#, ["/aB"])]),
        KeywordCase(keyword: "minProperties", schema: #"{"minProperties": 2}"#, passing: [#"{"a": 1, "b": 2}"#], failing: [(#"{"a": 1}"#, ["/"])]),
        KeywordCase(
            keyword: "maxProperties", schema: #"{"maxProperties": 1}"#, passing: [#"{"a": 1}"#, "{}"], failing: [(#"{"a": 1, "b": 2}"#, ["/"])]),
        KeywordCase(
            keyword: "items", schema: #"{"items": {"type": "number"}}"#, passing: ["[1, 2]", "[]"], failing: [(#"[1, "x", 2, null]"#, ["/1", "/3"])]),
        KeywordCase(
            keyword: "prefixItems with items false", schema: #"{"prefixItems": [{"type": "string"}, {"type": "number"}], "items": false}"#,
            passing: [#"["a", 1]"#, #"["a"]"#, "[]"], failing: [(#"["a", 1, true]"#, ["/2"]), (#"["a", "b"]"#, ["/1"])]),
        KeywordCase(
            keyword: "prefixItems with items schema", schema: #"{"prefixItems": [{"type": "string"}], "items": {"type": "number"}}"#,
            passing: [#"["a", 1, 2]"#], failing: [(#"[1, 2]"#, ["/0"]), (#"["a", "b"]"#, ["/1"])]),
        KeywordCase(keyword: "minItems", schema: #"{"minItems": 2}"#, passing: ["[1, 2]"], failing: [("[1]", ["/"])]),
        KeywordCase(keyword: "maxItems", schema: #"{"maxItems": 1}"#, passing: ["[1]", "[]"], failing: [("[1, 2]", ["/"])]),
        KeywordCase(keyword: "minimum", schema: #"{"minimum": 1}"#, passing: ["1", "1.5", #""not a number""#], failing: [("0.99", ["/"])]),
        KeywordCase(keyword: "maximum", schema: #"{"maximum": 1}"#, passing: ["1", "-5"], failing: [("1.01", ["/"])]),
        KeywordCase(
            keyword: "exclusiveMinimum", schema: #"{"exclusiveMinimum": 0}"#, passing: ["0.1", "1e-300"], failing: [("0", ["/"]), ("-1", ["/"])]),
        KeywordCase(keyword: "exclusiveMaximum", schema: #"{"exclusiveMaximum": 1}"#, passing: ["0.9"], failing: [("1", ["/"])]),
        KeywordCase(
            keyword: "minLength counts code points", schema: #"{"minLength": 2}"#, passing: [#""ab""#, #""😀😀""#, #""e\u0301""#],
            failing: [(#""a""#, ["/"]), (#""😀""#, ["/"]), (#""""#, ["/"])]),
        KeywordCase(
            keyword: "maxLength counts code points", schema: #"{"maxLength": 2}"#, passing: [#""é😀""#, #""""#],
            failing: [(#""abc""#, ["/"]), (#""e\u0301\u0301""#, ["/"])]),
        KeywordCase(
            keyword: "pattern (unanchored search)", schema: #"{"pattern": "b+c"}"#, passing: [#""abbbcd""#, "12"], failing: [(#""abd""#, ["/"])]),
        KeywordCase(
            keyword: "pattern (anchored)", schema: #"{"pattern": "^event:.+$"}"#, passing: [#""event:save""#],
            failing: [(#""event:""#, ["/"]), (#""xevent:a""#, ["/"])]),
        KeywordCase(
            keyword: "allOf", schema: #"{"allOf": [{"type": "number"}, {"minimum": 0}, {"maximum": 10}]}"#, passing: ["5"],
            failing: [("-1", ["/"]), ("11", ["/"]), (#""5""#, ["/"])]),
        KeywordCase(
            keyword: "anyOf", schema: #"{"anyOf": [{"type": "string"}, {"type": "number", "minimum": 10}]}"#, passing: [#""x""#, "11"],
            failing: [("5", ["/"]), ("null", ["/"])]),
        KeywordCase(
            keyword: "oneOf: 0 and 2 matches both fail", schema: #"{"oneOf": [{"type": "integer"}, {"minimum": 10}]}"#,
            passing: ["5", "10.5", #""x""#], failing: [("11", ["/"]), ("2.5", ["/"])]),
        KeywordCase(keyword: "not", schema: #"{"not": {"type": "string"}}"#, passing: ["1", "null"], failing: [(#""x""#, ["/"])]),
        KeywordCase(
            keyword: "if/then/else",
            schema: #"{"if": {"properties": {"k": {"const": "a"}}, "required": ["k"]}, "then": {"required": ["x"]}, "else": {"required": ["y"]}}"#,
            passing: [#"{"k": "a", "x": 1}"#, #"{"k": "b", "y": 1}"#, #"{"y": 1}"#],
            failing: [(#"{"k": "a", "y": 1}"#, ["/"]), (#"{"k": "b", "x": 1}"#, ["/"])]),
        KeywordCase(
            keyword: "if/then without else", schema: #"{"if": {"type": "number"}, "then": {"minimum": 0}}"#, passing: ["1", #""-1""#],
            failing: [("-1", ["/"])]),
        KeywordCase(
            keyword: "$ref to $defs",
            schema:
                ##"{"$defs": {"pos": {"type": "number", "minimum": 0}}, "properties": {"a": {"$ref": "#/$defs/pos"}, "b": {"items": {"$ref": "#/$defs/pos"}}}}"##,
            passing: [#"{"a": 1, "b": [0, 2]}"#], failing: [(#"{"a": -1}"#, ["/a"]), (#"{"b": [1, "x", -2]}"#, ["/b/1", "/b/2"])]),
        KeywordCase(
            keyword: "$ref with an escaped name", schema: ##"{"$defs": {"a/b~c": {"const": 7}}, "$ref": "#/$defs/a~1b~0c"}"##, passing: ["7"],
            failing: [("8", ["/"])]),
        KeywordCase(
            keyword: "$ref to the root (recursion)",
            schema: ##"{"type": "object", "properties": {"child": {"$ref": "#"}}, "additionalProperties": false}"##,
            passing: [#"{"child": {"child": {}}}"#],
            failing: [(#"{"child": {"child": {"x": 1}}}"#, ["/child/child/x"]), (#"{"child": 1}"#, ["/child"])]),
        KeywordCase(
            keyword: "dependentSchemas", schema: #"{"dependentSchemas": {"a": {"required": ["b"], "properties": {"b": {"type": "string"}}}}}"#,
            passing: [#"{"a": 1, "b": "x"}"#, #"{"c": 1}"#], failing: [(#"{"a": 1}"#, ["/"]), (#"{"a": 1, "b": 2}"#, ["/b"])]),
        KeywordCase(
            keyword: "dependentRequired", schema: #"{"dependentRequired": {"a": ["b", "c"]}}"#,
            passing: [#"{"a": 1, "b": 1, "c": 1}"#, #"{"b": 1}"#, "{}"], failing: [(#"{"a": 1, "b": 1}"#, ["/"]), (#"{"a": 1}"#, ["/", "/"])]),
        KeywordCase(
            keyword: "uniqueItems", schema: #"{"uniqueItems": true}"#, passing: [#"[1, 2, "1", [1], {"a": 1}]"#, "[]"],
            failing: [("[1, 2, 1]", ["/"]), ("[1, 1.0]", ["/"]), (#"[{"a": [1]}, {"a": [1]}]"#, ["/"])]),
        KeywordCase(keyword: "uniqueItems false", schema: #"{"uniqueItems": false}"#, passing: ["[1, 1]"], failing: []),
        KeywordCase(
            keyword: "boolean schemas", schema: #"{"properties": {"yes": true, "no": false}}"#, passing: [#"{"yes": [1]}"#],
            failing: [(#"{"no": null}"#, ["/no"])]),
        KeywordCase(
            keyword: "annotations are ignored",
            schema:
                #"{"title": "t", "description": "d", "$comment": "c", "$id": "x", "$schema": "s", "examples": [1], "default": 0, "format": "email", "deprecated": true, "readOnly": true, "writeOnly": false, "type": "number"}"#,
            passing: ["1"], failing: [(#""not an email""#, ["/"])]),
    ]

    @Test("each supported keyword passes and fails the right instances", arguments: keywordCases)
    func keyword(_ c: KeywordCase) throws {
        let validator = try JSONSchemaValidator(schema: try json(c.schema))
        for instance in c.passing {
            let failures = validator.validate(try json(instance))
            #expect(failures.isEmpty, "\(c.keyword): \(instance) should pass, got \(failures)")
            #expect(validator.isValid(try json(instance)))
        }
        for (instance, pointers) in c.failing {
            let failures = validator.validate(try json(instance))
            #expect(failures.map(\.instance.description).sorted() == pointers.sorted(), "\(c.keyword): \(instance) gave \(failures)")
            #expect(!validator.isValid(try json(instance)))
            #expect(failures.allSatisfy { !$0.message.isEmpty })
        }
    }

    @Test("failure messages say what is wrong")
    func messages() throws {
        func messages(_ schema: String, _ instance: String) throws -> [String] {
            try JSONSchemaValidator(schema: try json(schema)).validate(try json(instance)).map(\.message)
        }
        #expect(try messages(#"{"type": "integer"}"#, "1.5") == ["expected integer, found number"])
        #expect(try messages(#"{"required": ["name"]}"#, "{}") == ["missing required property 'name'"])
        #expect(try messages(#"{"additionalProperties": false}"#, #"{"x": 1}"#) == ["property 'x' is not allowed here"])
        #expect(try messages(#"{"oneOf": [{"type": "integer"}, {"minimum": 10}]}"#, "11") == ["matches 2 of the forms where exactly one is allowed"])
        #expect(
            try messages(#"{"oneOf": [{"type": "integer"}, {"minimum": 10}]}"#, "2.5").first?.hasPrefix("matches none of the 2 allowed forms") == true
        )
        #expect(try messages(#"{"dependentRequired": {"a": ["b"]}}"#, #"{"a": 1}"#) == ["'a' needs 'b' too"])
        #expect(try messages(#"{"uniqueItems": true}"#, "[1, 2, 1]") == ["items 0 and 2 are equal"])
        #expect(try messages(#"{"minimum": 1}"#, "0.5") == ["0.5 is less than the minimum 1"])
        #expect(try messages(##"{"$ref": "#/$defs/missing"}"##, "1") == ["schema reference #/$defs/missing does not resolve"])
    }

    @Test("failure pointers point at the offending instance deep in a document")
    func deepPointers() throws {
        let schema = try json(
            #"""
            {
              "type": "object",
              "properties": {
                "animations": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "tracks": {
                        "type": "object",
                        "additionalProperties": { "type": "array", "items": { "$ref": "#/$defs/keyframe" } }
                      }
                    }
                  }
                }
              },
              "$defs": {
                "keyframe": {
                  "type": "object",
                  "required": ["to"],
                  "properties": { "to": { "type": "number" }, "duration": { "type": "number", "minimum": 0 } }
                }
              }
            }
            """#)
        let instance = try json(
            #"""
            {"animations": [
              {"tracks": {"scale": [{"to": 1}]}},
              {"tracks": {"scale": [{"to": 1, "duration": 0.1}, {"to": 2, "duration": -0.18}], "a/b": [{"duration": 1}]}}
            ]}
            """#)
        let failures = try JSONSchemaValidator(schema: schema).validate(instance)
        #expect(failures.map(\.instance.description) == ["/animations/1/tracks/scale/1/duration", "/animations/1/tracks/a~1b/0"])
        #expect(failures.first?.description == "/animations/1/tracks/scale/1/duration: -0.18 is less than the minimum 0")
    }

    @Test("objects are equal regardless of key order (const, enum, uniqueItems)")
    func objectEqualityIgnoresKeyOrder() throws {
        // JSON Schema 2020-12 §4.2.2: objects are equal when they have the same members, in any order.
        #expect(try JSONSchemaValidator(schema: try json(#"{"const": {"a": 1, "b": 2}}"#)).isValid(try json(#"{"b": 2, "a": 1}"#)))
        #expect(try JSONSchemaValidator(schema: try json(#"{"enum": [{"a": 1, "b": 2}]}"#)).isValid(try json(#"{"b": 2, "a": 1}"#)))
        #expect(try !JSONSchemaValidator(schema: try json(#"{"uniqueItems": true}"#)).isValid(try json(#"[{"a": 1, "b": 2}, {"b": 2, "a": 1}]"#)))
        #expect(try !JSONSchemaValidator(schema: try json(#"{"const": {"a": 1, "b": 2}}"#)).isValid(try json(#"{"a": 1, "b": 3}"#)))
    }

    @Test("pattern follows ECMA-262: \\d is ASCII digits only, . is one code point")
    func ecmaPatterns() throws {
        // JSON Schema 2020-12 (Core §6.4, Validation §6.3.3): patterns are ECMA-262 regular expressions.
        let digits = try JSONSchemaValidator(schema: try json(#"{"pattern": "^\\d+$"}"#))
        #expect(digits.isValid(.string("0123456789")))
        #expect(!digits.isValid(.string("12a")))
        let dot = try JSONSchemaValidator(schema: try json(#"{"pattern": "^a.c$"}"#))
        #expect(dot.isValid(.string("abc")))
        #expect(!dot.isValid(.string("a\nc")))
        #expect(!digits.isValid(.string("\u{663}")), "ARABIC-INDIC DIGIT THREE is not an ECMA-262 \\d")
        #expect(!dot.isValid(.string("a\u{1F469}\u{200D}\u{1F467}c")), "three code points are not one ECMA-262 .")
    }

    @Test(
        "an unsupported keyword makes init throw, naming it and where it is",
        arguments: [
            (#"{"unevaluatedProperties": false}"#, "unevaluatedProperties", "/"),
            (#"{"properties": {"a": {"unevaluatedItems": false}}}"#, "unevaluatedItems", "/properties/a"),
            (#"{"$defs": {"x": {"multipleOf": 2}}}"#, "multipleOf", "/$defs/x"),
            (#"{"items": {"contains": {"type": "number"}}}"#, "contains", "/items"),
            (##"{"anyOf": [{}, {"$dynamicRef": "#x"}]}"##, "$dynamicRef", "/anyOf/1"),
            (#"{"if": {"minContains": 1}}"#, "minContains", "/if"),
            (#"{"dependentSchemas": {"a": {"$anchor": "x"}}}"#, "$anchor", "/dependentSchemas/a"),
            (#"{"properties": {"a/b": {"patternProperties": {"x": {"typo": 1}}}}}"#, "typo", "/properties/a~1b/patternProperties/x"),
        ])
    func unsupportedKeyword(_ schema: String, _ keyword: String, _ at: String) throws {
        let value = try json(schema)
        do {
            _ = try JSONSchemaValidator(schema: value)
            Issue.record("expected \(keyword) to be refused")
        } catch let error as JSONSchemaValidator.UnsupportedKeyword {
            #expect(error.keyword == keyword)
            #expect(error.at.description == at)
            #expect(error.description == "unsupported schema keyword '\(keyword)' at \(at)")
        }
    }

    @Test("property names that look like keywords are not keywords")
    func propertyNamedLikeKeyword() throws {
        let validator = try JSONSchemaValidator(
            schema: try json(#"{"properties": {"unevaluatedProperties": {"type": "number"}, "type": {"enum": ["a"]}}}"#))
        #expect(validator.isValid(try json(#"{"unevaluatedProperties": 1, "type": "a"}"#)))
        #expect(validator.validate(try json(#"{"type": "b"}"#)).map(\.instance.description) == ["/type"])
    }

    @Test("the true and false schemas")
    func booleanRoots() throws {
        #expect(try JSONSchemaValidator(schema: .bool(true)).isValid(try json(#"{"anything": [1]}"#)))
        #expect(try JSONSchemaValidator(schema: .bool(false)).validate(.null).map(\.instance) == [.root])
        #expect(try JSONSchemaValidator(schema: try json("{}")).isValid(.string("x")))
    }
}
