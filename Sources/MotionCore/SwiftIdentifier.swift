// MARK: - SwiftIdentifier

/// Swift identifiers made from free text: how generated code names a spec's properties, events
/// and phases, and so how `AnimationDiff` reads those names back as the spec's own.
public enum SwiftIdentifier {
    /// Swift keywords that cannot name a property or case without backticks.
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "some", "any", "await", "consume", "copy", "discard", "each",
    ]

    /// A lower-camel name from free text (`shadow radius` → `shadowRadius`), nil when nothing is left.
    public static func memberName(_ text: String) -> String? {
        var out = ""
        var upper = false
        for scalar in text.unicodeScalars {
            if isWordCharacter(scalar) {
                let c = String(scalar)
                out += upper && !out.isEmpty ? c.uppercased() : c
                upper = false
            } else {
                upper = true
            }
        }
        guard let first = out.unicodeScalars.first else { return nil }
        if !isHead(first) { out = "p" + out }
        return keywords.contains(out) ? out + "Value" : out
    }

    /// Whether `name` is already a plain Swift identifier (what a key path `\.name` reads back as).
    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isHead(first), !keywords.contains(name) else { return false }
        return name.unicodeScalars.allSatisfy(isWordCharacter)
    }

    public static func isWordCharacter(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_"
    }

    public static func isHead(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
    }

    /// The Swift member each property of one animation is written as, each distinct: a property
    /// that is an identifier keeps its name (`scale`, `aB`); any other is spelled (`shadow radius`
    /// → `shadowRadius`, `init` → `initValue`, `a-b` → `aB`) and, when that is taken, gets `2`,
    /// `3`, … in `properties`' order (`a-b` beside `aB` → `aB2`). What codegen writes and what
    /// `AnimationDiff` takes as the same property. O(properties).
    public static func members(of properties: [String]) -> [String: String] {
        var members: [String: String] = [:]
        for property in properties where isIdentifier(property) { members[property] = property }
        var taken = Set(members.values)
        for property in properties where members[property] == nil {
            let base = memberName(property) ?? "value"
            var name = base
            var k = 2
            while !taken.insert(name).inserted {
                name = base + String(k)
                k += 1
            }
            members[property] = name
        }
        return members
    }
}
