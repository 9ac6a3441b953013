import MotionJSON

// MARK: - DesignTokenDialect

/// How a design-tokens file writes its tokens.
///
/// - `dtcg`: the W3C format (2025.10): `$value`, `$type`, group `$type` inherited.
/// - `styleDictionary`: the older form Style Dictionary (before 4), Theo and Tokens Studio's
///   legacy export write: a token is an object with `value` (and usually `type`, plus whatever
///   its tools add: `comment`, `attributes`, …), a group any other object; types are free-form
///   and not inherited. Its motion types are `time` or `duration` (a bare number is milliseconds,
///   as Style Dictionary's `time/seconds` transform reads it), `cubic-bezier` / `cubicBezier`
///   (CSS `cubic-bezier(…)`, the CSS keywords, or four numbers) and `transition`. Theo's files
///   keep the tokens under `props`, with a default `type` in `global`. An alias may end in
///   `.value`; one to a token outside the file, a value that is an expression of other tokens,
///   and an alias to a token of another type are skipped with a warning (Style Dictionary merges
///   and evaluates its sources when it builds).
///
/// A file with any `$value` member is DTCG; one with a `value` token of a motion type is Style
/// Dictionary. O(n) in the number of objects.
public enum DesignTokenDialect: Equatable, Sendable {
    case dtcg
    case styleDictionary

    /// The dialect of a parsed file (DTCG unless it has Style Dictionary motion tokens and no `$value`).
    init(of value: JSONValue) {
        self = Self.hasStyleDictionaryMotion(value) && !Self.anyObject(in: value, { $0["$value"] != nil }) ? .styleDictionary : .dtcg
    }

    var valueKey: String { self == .dtcg ? "$value" : "value" }
    var typeKey: String { self == .dtcg ? "$type" : "type" }

    /// Style Dictionary type names of motion tokens, by the DTCG type they stand for.
    static let motionTypes: [String: String] = [
        "time": "duration", "duration": "duration", "cubic-bezier": "cubicBezier", "cubicBezier": "cubicBezier",
        "transition": "transition",
    ]

    /// The Style Dictionary type names of motion tokens, sorted (for a byte search ahead of parsing).
    public static let motionTypeNames = motionTypes.keys.sorted()

    /// The DTCG name of a type written in this dialect.
    func typeName(_ written: String) -> String { self == .styleDictionary ? Self.motionTypes[written] ?? written : written }

    // MARK: Detection

    /// Whether some object has a `value` member and a `type` naming a Style Dictionary motion type
    /// (or, in Theo's form, the tokens under `props` take such a type from `global`).
    static func hasStyleDictionaryMotion(_ value: JSONValue) -> Bool {
        // Theo: tokens under "props", their type given once in "global".
        if value["props"]?.objectValue != nil, let type = value["global"]?["type"]?.stringValue, motionTypes[type] != nil { return true }
        return anyObject(in: value) { object in
            object["value"] != nil && object["type"]?.stringValue.map { motionTypes[$0] != nil } == true
        }
    }

    /// Whether some object in the tree, the top one included, passes `test`. Depth-first with an
    /// explicit stack (no recursion, whatever the nesting). O(objects).
    static func anyObject(in value: JSONValue, _ test: (JSONObject) -> Bool) -> Bool {
        guard let top = value.objectValue else { return false }
        var pending = [top]
        while let object = pending.popLast() {
            if test(object) { return true }
            for (_, member) in object {
                if let child = member.objectValue { pending.append(child) }
            }
        }
        return false
    }
}
