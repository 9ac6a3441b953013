import MotionJSON

// MARK: - SARIFLog

/// A SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format) with one run of
/// motionsync: the rules it checked and one result per finding, each with the file and region it
/// comes from. Written from the standard (sarif-v2.1.0-os, §3.13 sarifLog, §3.14 run, §3.19
/// toolComponent, §3.49 reportingDescriptor, §3.27 result, §3.28 location, §3.29
/// physicalLocation, §3.4 artifactLocation, §3.30 region); only the properties below are
/// written, all of them ones the schema defines.
public struct SARIFLog: Sendable {
    /// A rule (reportingDescriptor): `id`, a one-line and a full description, an optional help URI.
    public struct Rule: Sendable {
        public var id: String
        public var summary: String
        public var full: String
        public var level: Level
        /// Where the rule's source can be read (`helpUri`, §3.49.12): an absolute URL.
        public var helpURI: String?

        public init(id: String, summary: String, full: String, level: Level = .warning, helpURI: String? = nil) {
            self.id = id
            self.summary = summary
            self.full = full
            self.level = level
            self.helpURI = helpURI
        }
    }

    /// `result.level` (§3.27.10).
    public enum Level: String, Sendable { case error, warning, note }

    /// A place in a file: a relative or absolute path, with a 1-based line and column when known.
    public struct Location: Sendable {
        public var path: String
        public var line: Int?
        public var column: Int?
        /// Why this place is related (for `relatedLocations`).
        public var message: String?

        public init(path: String, line: Int? = nil, column: Int? = nil, message: String? = nil) {
            self.path = path
            self.line = line
            self.column = column
            self.message = message
        }

        /// `path:line:column` (or as much of it as is known), as compilers name a place.
        public var text: String {
            [path, line.map(String.init), line == nil ? nil : column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        }
    }

    /// One finding.
    public struct Result: Sendable {
        public var ruleID: String
        public var level: Level
        public var message: String
        public var location: Location?
        public var related: [Location]

        public init(ruleID: String, level: Level, message: String, location: Location?, related: [Location] = []) {
            self.ruleID = ruleID
            self.level = level
            self.message = message
            self.location = location
            self.related = related
        }
    }

    public var rules: [Rule] = []
    public var results: [Result] = []

    public init(rules: [Rule] = [], results: [Result] = []) {
        self.rules = rules
        self.results = results
    }

    /// The schema the log names (the OASIS 2.1.0 errata 01 schema).
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    // MARK: JSON

    public var json: JSONValue {
        let ruleIndex = Dictionary(rules.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let driver = JSONObject([
            ("name", "motionsync"),
            ("version", .string(MotionSyncVersion.current)),
            (
                "rules",
                .array(
                    rules.map { r in
                        var o = JSONObject([
                            ("id", .string(r.id)),
                            ("shortDescription", .object(JSONObject([("text", .string(r.summary))]))),
                            ("fullDescription", .object(JSONObject([("text", .string(r.full))]))),
                            ("defaultConfiguration", .object(JSONObject([("level", .string(r.level.rawValue))]))),
                        ])
                        if let uri = r.helpURI { o["helpUri"] = .string(uri) }
                        return .object(o)
                    })
            ),
        ])
        let results: [JSONValue] = results.map { r in
            var o = JSONObject([("ruleId", .string(r.ruleID))])
            if let index = ruleIndex[r.ruleID] { o["ruleIndex"] = .number(Double(index)) }
            o["level"] = .string(r.level.rawValue)
            o["message"] = .object(JSONObject([("text", .string(r.message))]))
            o["locations"] = .array(r.location.map { [Self.json($0)] } ?? [])
            if !r.related.isEmpty {
                o["relatedLocations"] = .array(
                    r.related.enumerated().map { k, l in
                        var location = Self.json(l).objectValue ?? JSONObject()
                        location["id"] = .number(Double(k))
                        return .object(location)
                    })
            }
            return .object(o)
        }
        return .object(
            JSONObject([
                ("$schema", .string(Self.schemaURI)),
                ("version", "2.1.0"),
                (
                    "runs",
                    .array([
                        .object(
                            JSONObject([
                                ("tool", .object(JSONObject([("driver", .object(driver))]))),
                                ("columnKind", "unicodeCodePoints"),
                                ("results", .array(results)),
                            ]))
                    ])
                ),
            ]))
    }

    public static func json(_ l: Location) -> JSONValue {
        var physical = JSONObject([("artifactLocation", .object(JSONObject([("uri", .string(uri(l.path)))])))])
        if let line = l.line, line >= 1 {
            var region = JSONObject([("startLine", .number(Double(line)))])
            if let column = l.column, column >= 1 { region["startColumn"] = .number(Double(column)) }
            physical["region"] = .object(region)
        }
        var o = JSONObject([("physicalLocation", .object(physical))])
        if let message = l.message { o["message"] = .object(JSONObject([("text", .string(message))])) }
        return .object(o)
    }

    /// A path as a URI reference (§3.4.3): relative paths stay relative, absolute ones become
    /// `file://` URIs; characters outside RFC 3986's unreserved set and `/` are percent-encoded
    /// (each UTF-8 byte as `%XX`, upper-case hex digits).
    public static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// The log as text.
    public var text: String { JSONWriter().string(json) }
}
