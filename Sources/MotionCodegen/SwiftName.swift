// MARK: - SwiftName

/// Swift identifiers for generated declarations, chosen so that the importer reads the same
/// names back: a type named `HeartPulse` is the animation `heart-pulse`
/// (`SwiftSourceScan.animationID(forTypeName:)`), a key path `\.scale` the property `scale`.
enum SwiftName {
    /// Swift keywords that cannot name a property or case without backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "some", "any", "await", "consume", "copy", "discard", "each",
    ]

    /// Names the generated code uses from SwiftUI, UIKit, Core Animation and Core Haptics, which a
    /// generated type must not shadow.
    static let reservedTypes: Set<String> = [
        "View", "ViewModifier", "Content", "Animation", "Spring", "UnitCurve", "UnitPoint", "Angle", "Text", "Color",
        "KeyframeTrack", "KeyframeTimeline", "LinearKeyframe", "CubicKeyframe", "SpringKeyframe", "MoveKeyframe",
        "Environment", "State", "Bundle", "Double", "CGFloat", "CALayer", "CAAnimation", "CAAnimationGroup",
        "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation", "CAMediaTimingFunction", "NSNumber",
        "CHHapticEngine", "CHHapticPattern", "Trigger", "AnimationValues", "Phase", "Haptics", "Int",
    ]

    /// The type name for an animation id: `heart-pulse` → `HeartPulse`, `2up` → `Motion2up`.
    static func typeName(forID id: String) -> String {
        var out = ""
        var upper = true
        for scalar in id.unicodeScalars {
            if isWordCharacter(scalar) {
                let c = String(scalar)
                out += upper ? c.uppercased() : c
                upper = false
            } else {
                upper = true
            }
        }
        if out.isEmpty || !isHead(out.unicodeScalars.first!) { out = "Motion" + out }
        if reservedTypes.contains(out) { out += "Motion" }
        return out
    }

    /// A lower-camel name from free text (`shadow radius` → `shadowRadius`), nil when nothing is left.
    static func memberName(_ text: String) -> String? {
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
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isHead(first), !keywords.contains(name) else { return false }
        return name.unicodeScalars.allSatisfy(isWordCharacter)
    }

    static func isWordCharacter(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_"
    }

    static func isHead(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
    }

    /// `heartPulse` for a view extension function from a type name `HeartPulse`.
    static func functionName(forType type: String) -> String {
        let scalars = Array(type.unicodeScalars)
        var count = 0
        while count < scalars.count, ("A"..."Z").contains(scalars[count]) { count += 1 }
        // `URLBadge` → `urlBadge`: lower the run of capitals but the one starting the next word.
        let lowered = count > 1 && count < scalars.count ? count - 1 : count
        var out = String(String.UnicodeScalarView(scalars[..<lowered])).lowercased()
        out += String(String.UnicodeScalarView(scalars[lowered...]))
        return keywords.contains(out) ? out + "Motion" : out
    }
}
